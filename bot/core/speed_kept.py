"""The cheapest way asked with speed made a condition ("72b 全参 最省钱方案 但别太慢", "cheapest way to full-tune 72b,
but not too slow"): the condition rules offload out, so the way without it leads, and what it rules out is said with
its price and its speed cost (seed 000: offload is 20–50% slower), never dropped in silence. Pure of the router: the
setup's prices come from bot.core.answers.setup_price, the same answer "多少钱" gets after a sizing."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from bot.core.answers import setup_price
from bot.core.context import Context
from bot.messages import Reply
from bot.text.i18n import t
from bot.text.names import short_gpu
from bot.text.render import seller
from bot.understand.parser import Parsed
from engine.money import Money


def speed_over_price(ctx: Context, parsed: Parsed) -> Reply | None:
    """The prices of the job's cheapest setup and of its way without offload, led by the one that keeps the speed;
    None unless a full fine-tune's cheapest way is asked with speed as a condition and no card of its own, or when the
    cheapest setup needs no offload (the sizing without it answers then)."""
    a, q = parsed.asks, parsed.request
    if not (parsed.cues.keeps_speed and q.offload == "none" and q.method == "full" and (a.cheapest or a.pick)
            and (q.model or q.params_b)) or q.gpu or q.num_gpus or a.budget or a.deadline or a.safe:
        return None
    reply = setup_price(ctx, {"setup_of": {k: v for k, v in q.stated().items() if k != "offload"},
                              "display": parsed.price.display_currency, "asked_currency": bool(parsed.price.display_currency),
                              "only": True})
    data: dict[str, Any] = reply.data if isinstance(reply.data, dict) else {}
    no = data.get("no_offload")
    if reply.kind != "price" or not data.get("offload") or not isinstance(no, dict) or not no.get("prices") or not data.get("rows"):
        return None
    kept, slow = no["prices"][0], data["rows"][0]
    unit = kept["units"][0]
    other = next((u for u in slow["quotes"] if u["unit"] == unit["unit"]), slow["quotes"][0])
    line = t("price.speed_kept", ctx.lang, setup=t("sum.setup", ctx.lang, n=no["num_gpus"], gpu=short_gpu(no["name"])),
             where=seller(kept, ctx.lang), price=_said(unit["total"], unit["unit"], ctx.lang),
             other=t("sum.setup", ctx.lang, n=slow["num_gpus"], gpu=slow["gpu"]), other_where=seller(slow, ctx.lang),
             other_price=_said(other["total"], other["unit"], ctx.lang))
    more, reply.also = reply.also, []
    return Reply("error", ctx.lang, {"message": line}, turn=reply.turn, buttons=reply.buttons, also=[reply, *more])


def _said(total: dict[str, Any], unit: str, lang: str) -> str:
    low, high = (Money(Decimal(str(total[k])), total["currency"]).format(lang) for k in ("low", "high"))
    per = "" if unit == "period" else "/" + t("unit." + unit, lang)
    return (low if low == high else f"{low}–{high}") + per
