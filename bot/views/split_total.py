"""A rental's total shared out among people or groups ("32b 全参 8 卡 h100 gpuli 包月 3 个组分摊 一组多少",
"split it 4 ways, per person?", "俩人 AA", "我们 AA" with no count: two, said so; the parse reads how many: cues.split):
each share leads, the total divided by them (gpuli 8×H100 a month ₮14,432 ÷ 3 = ₮4,810.67, rounded half up to the
currency's minor unit and said so when it does not divide), the answer it divides follows unchanged. A cost answer's
other options are shared out beside the pick (CloudGPU 4090 a week $55.44 ÷ 2 = $27.72; gpuli's ₮109 ÷ 2 = ₮54.50)."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from bot.messages import Reply
from bot.text.i18n import t
from bot.views.planning import judged_row
from engine.money import Money

OTHERS = 2  # a cost answer's other options shared out beside its pick, at most


def split_first(reply: Reply, n: int, guessed: bool = False) -> Reply:
    """`reply` led by each of `n` shares of the total it prices; unchanged when it prices no total. `guessed`:
    no count was said, so `n` is an assumption the lead states."""
    total = _total(reply)
    if total is None:
        return reply
    setup, low, high = total
    lang = reply.lang
    each = _range(_share(low, n), _share(high, n), lang)
    notes = (t("split.rounded", lang) if _rounds(low, n) or _rounds(high, n) else "") \
        + (t("split.guessed", lang, n=n) if guessed else "")
    others = "".join(t("split.other", lang, setup=other, n=n, total=_range(o_low, o_high, lang),
                       each=_range(_share(o_low, n), _share(o_high, n), lang)) for other, o_low, o_high in _others(reply))
    lead = Reply("error", lang, {"message": t("split.each", lang, n=n, each=each, total=_range(low, high, lang), setup=setup,
                                              notes=notes) + others})
    lead.also, reply.also = [reply, *reply.also], []
    lead.turn, lead.buttons, lead.source = reply.turn, reply.buttons, reply.source
    return lead


def shared_line(low: Money, high: Money, n: int, lang: str) -> str:
    """A total (`low`–`high`) shared by `n` people, said after the total it divides: "；30 人分摊，每人 ₮21.80（₮654 ÷ 30）"."""
    notes = t("split.rounded", lang) if _rounds(low, n) or _rounds(high, n) else ""
    return t("split.people", lang, n=n, each=_range(_share(low, n), _share(high, n), lang), total=_range(low, high, lang), notes=notes)


def _share(money: Money, n: int) -> Money:
    return Money((money.amount / n).quantize(Decimal(1).scaleb(-money.digits), rounding=ROUND_HALF_UP), money.currency)


def _rounds(money: Money, n: int) -> bool:
    """Whether the total does not divide into `n` shares of whole minor units (₮14,432 ÷ 3)."""
    return _share(money, n).amount * n != money.amount


def _others(reply: Reply) -> list[tuple[str, Money, Money]]:
    """A cost answer's other options (its rows beside the pick), each as setup, total low and high."""
    view = reply.data.get("v") if reply.kind == "cost" and isinstance(reply.data, dict) else None
    if not isinstance(view, dict) or not view.get("pick"):
        return []
    pick, lang, found = view["pick"], reply.lang, []
    for row in view.get("rows") or []:
        if (row.get("provider"), row.get("gpu"), row.get("num_gpus")) == (pick["provider"], pick["gpu"], pick["num_gpus"]) \
                or row.get("total_min") is None or row.get("total_max") is None:
            continue
        low, high = (Money(Decimal(str(row[k])), row["currency"]) for k in ("total_min", "total_max"))
        found.append((f"{row['provider_name']} {t('sum.setup', lang, n=row['num_gpus'], gpu=row['name'])}", low, high))
    return found[:OTHERS]


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
