"""How long a rental has been used, said with or right after a refund question ("跑完想退款 能退吗" then "用了三天了",
"we've had it 2 days, can we get a refund?", "gpuli 4090 开了 20 分钟 能退吗"): whether the provider's refund window
still covers that time leads, the FAQ's answer after (seed 000: gpuli refunds only within 1 hour of creating the
instance, so three days in the answer is no).

Why: the time used read as a span of its own and re-priced the rental for it (3 days of a 4090), never answering
whether the money comes back.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from bot.messages import Reply, Turn
from bot.text.i18n import t
from bot.understand.faq import Hit, faq_entries
from bot.understand.lazy import lazy
from bot.understand.parser import Parsed
from engine.errors import KasuanError
from engine.providers import provider as find_provider

REFUNDS = "refunds"  # the FAQ entry on refunds
SHORT = 30  # characters: "用了三天了", "we've had it for 2 days", "开了 20 分钟"
# the time said as already used: "用了三天", "跑了 5 小时", "开了 20 分钟", "已经两天了", "used it 3 days", "had it for 2 days"
USED = lazy(r"用了|跑了|开了|租了|创建了|已经|过了|\bused\b|\bhad\s+it\b|\bbeen\b|\bran\b|\brunning\b|\bafter\b|\bsince\b|\bago\b|\blater\b|后悔|反悔", re.I)


def used_minutes(parsed: Parsed) -> float | None:
    r = parsed.rental
    minutes = (float(r.duration_days or 0) * 24 + float(r.duration_hours or 0)) * 60
    return minutes or None


def refund_line(parsed: Parsed, provider_id: str | None, lang: str) -> str | None:
    """Whether the time the message says was used is inside `provider_id`'s refund window; None when it says
    no such time or the provider states no window."""
    used = used_minutes(parsed)
    if used is None or provider_id is None or not USED.search(parsed.words or ""):
        return None
    try:
        p = find_provider(provider_id)
    except KasuanError:
        return None
    window = p.lifecycle.refund_window_minutes
    if window is None:
        return None
    said = _span(used, lang)
    limit = _span(float(window), lang)
    key = "refund.within" if used <= window else "refund.past"
    return t(key, lang, provider=p.name, used=said, window=limit)


def _span(minutes: float, lang: str) -> str:
    for size, unit in ((24 * 60, "days"), (60, "hours")):
        if minutes >= size and minutes % size == 0:
            n = int(minutes // size)
            return t(f"refund.{unit}" + (".one" if n == 1 else ""), lang, n=n)
    return t("refund.minutes", lang, n=f"{minutes:g}")


def refund_after_use(parsed: Parsed, turn: Turn | None, answer: Callable[[Parsed], Reply]) -> Reply | None:
    """The refund entry's answer led by the verdict on the time used, when the message only says how long the
    rental has run right after a refund question; None otherwise."""
    q = parsed.request
    if turn is None or turn.kind != "faq" or turn.data.get("entry") != REFUNDS or q.gpu or q.model or q.params_b \
            or len(parsed.words or "") > SHORT or used_minutes(parsed) is None:
        return None
    where = parsed.rental.provider or turn.data.get("provider")
    line = refund_line(parsed, where if isinstance(where, str) else None, parsed.lang)
    entry = next((e for e in faq_entries() if e.id == REFUNDS), None)
    if line is None or entry is None:
        return None
    hit = Hit(entry, 1.0)
    reply = answer(replace(parsed, intent="faq", faq=[hit], faq_confident=True, faq_answers=[hit], missing=[],
                           follow_up=False, rental=replace(parsed.rental, provider=where)))
    items = reply.data.get("items") if reply.kind == "faq" else None
    if not items:
        return None
    items[0]["lead"] = line
    reply.turn = turn  # still the refund question: "那用了 30 分钟呢" asks it again
    return reply
