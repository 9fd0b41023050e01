"""A bill said back to be checked ("our gpuli invoice says 14,592 for the 8 H100 month plus a 2000GB volume,
correct?", "账单上写着 ₮529，gpuli 4090 包月加 2000G 存储卷，对吗"): whether the amount matches the bill computed
for that rental leads, with the bill's parts (the rental and each add-on); the price follows.

Why: the amount was not read at all, so the reply priced the rental and left the user to compare the figures
themselves (and a count before the card, "the 8 H100 month", was read as eight months: bot.understand.parser).
The provider is the one named, else the one whose firm total the price leads with.
"""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal, InvalidOperation

from bot.messages import Reply
from bot.text.i18n import t
from bot.understand.normalize import normalize
from bot.understand.parser import Parsed
from bot.views.planning import bill_parts
from engine.money import Money

# the amount a bill states: "invoice says 14,592", "bill of ₮529", "账单上写着 ¥2,800", "扣了 $12"
STATED = re.compile(r"(?:\binvoices?\b|\bbill(?:ed)?\b|\bstatement\b|\bcharged?\b|账单|发票|扣费|扣了|收了|收费)"
                    r"[^\d$¥₮?？]{0,24}?[$¥₮]?\s*(?P<num>\d[\d,]*(?:\.\d+)?)(?!\s*(?:gb?|tb?|h|小时|天|个?月|周|张|卡|x|×)(?![a-z]))")
# whether it is right, asked: "correct?", "is that right", "对吗", "没算错吧"
ASKS_RIGHT = re.compile(r"\b(?:correct|right|accurate|match(?:es)?|add\s+up|legit|wrong|overcharged?)\b|对吗|对不对|对么|没错|准吗|准不准|正确|算对|算错|有没有错|多收")


def stated_bill(text: str) -> Decimal | None:
    """The amount a bill is said to state, when the message asks whether it is right; else None."""
    norm = normalize(text)
    m = STATED.search(norm)
    if m is None or not ASKS_RIGHT.search(norm):
        return None
    try:
        return Decimal(m.group("num").replace(",", ""))
    except InvalidOperation:
        return None


def bill_first(reply: Reply, parsed: Parsed, text: str) -> Reply:
    """The verdict on the stated bill, leading the price; the reply as it is when no firm bill was priced."""
    said = stated_bill(text) if reply.kind == "price" and isinstance(reply.data, dict) else None
    rows = [r for r in (reply.data.get("rows") or []) if r["quotes"] and not r["quotes"][0]["range"]] if said is not None else []
    row = next((r for r in rows if r.get("provider_id") == parsed.rental.provider), rows[0] if rows else None)
    if said is None or row is None:
        return reply
    quote, lang = row["quotes"][0], reply.lang
    currency = quote["total"]["currency"]
    total = Money(Decimal(str(quote["total"]["high"])), currency)
    gap = Money(abs(said - total.amount), currency)
    key = "bill.matches" if gap.amount < Decimal("0.01") else "bill.more" if said > total.amount else "bill.less"
    message = t(key, lang, said=Money(said, currency).format(lang), provider=row["provider"], total=total.format(lang),
                setup=t("sum.setup", lang, n=row["num_gpus"], gpu=row["gpu"]), gap=gap.format(lang),
                parts=bill_parts(quote, currency, lang))
    lead = Reply("error", lang, {"message": message}, turn=reply.turn, buttons=reply.buttons)
    more, reply.also = reply.also, []
    lead.also = [reply, *more]
    return lead


def bill_asked(parsed: Parsed, text: str) -> Parsed:
    """A bill said back with its card and asked whether it is right ("gpuli 4090 a week, we were charged 100, correct?")
    is the price of that rental checked, never a FAQ entry on how the provider bills that its words also match."""
    if parsed.intent != "faq" or not parsed.rental.gpu or stated_bill(text) is None:
        return parsed
    return replace(parsed, intent="price", faq=[], faq_answers=[], faq_confident=False)
