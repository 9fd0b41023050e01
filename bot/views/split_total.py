"""A rental's total shared out among people or groups ("32b 全参 8 卡 h100 gpuli 包月 3 个组分摊 一组多少",
"split it 4 ways, per person?"; the parse reads how many: cues.split): each share leads, the total divided by
them (gpuli 8×H100 a month ₮14,432 ÷ 3 = ₮4,810.67), the answer it divides follows unchanged."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from bot.messages import Reply
from bot.text.i18n import t
from bot.views.planning import judged_row
from engine.money import Money


def split_first(reply: Reply, n: int) -> Reply:
    """`reply` led by each of `n` shares of the total it prices; unchanged when it prices no total."""
    total = _total(reply)
    if total is None:
        return reply
    setup, low, high = total
    lang = reply.lang
    each = _range(_share(low, n), _share(high, n), lang)
    lead = Reply("error", lang, {"message": t("split.each", lang, n=n, each=each, total=_range(low, high, lang), setup=setup)})
    lead.also, reply.also = [reply, *reply.also], []
    lead.turn, lead.buttons, lead.source = reply.turn, reply.buttons, reply.source
    return lead


def _share(money: Money, n: int) -> Money:
    return Money((money.amount / n).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP), money.currency)


def _range(low: Money, high: Money, lang: str) -> str:
    return high.format(lang) if low.amount == high.amount else f"{low.format(lang)}–{high.format(lang)}"


def _total(reply: Reply) -> tuple[str, Money, Money] | None:
    """The setup a cost answer picks (or the row a price answer leads with) and its total, low and high."""
    data = reply.data if isinstance(reply.data, dict) else {}
    lang = reply.lang
    view = data.get("v")
    if reply.kind == "cost" and isinstance(view, dict):
        pick: dict[str, Any] | None = view.get("pick")
        if not pick:
            return None
        low, high = (Money(Decimal(str(pick[k])), pick["currency"]) for k in ("total_min", "total_max"))
        return f"{pick['provider_name']} {t('sum.setup', lang, n=pick['num_gpus'], gpu=pick['name'])}", low, high
    rows = data.get("rows") if reply.kind == "price" else None
    if not rows or not rows[0].get("quotes"):
        return None
    row = judged_row(data, rows)
    quote = (row.get("quotes") or [{}])[0].get("total")
    if not quote:
        return None
    low, high = Money(Decimal(str(quote["low"])), quote["currency"]), Money(Decimal(str(quote["high"])), quote["currency"])
    return f"{row['provider']} {t('sum.setup', lang, n=row['num_gpus'], gpu=row['gpu'])}", low, high
