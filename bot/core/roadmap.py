"""A two-step plan answered as two steps: the cheap adapter run first, on the card it needs and that card's
week, then the full fine-tune, sized and priced as if asked alone ("打算先按周租把流程跑通，之后再看要不要上 8b 全参",
"going from a qlora trial to 32b full ft next quarter, how much is that step at gpuli?").

Why: read as one job, such a message was sized with the one method it named first (a 32B QLoRA fit on the 4090, or
a week of a 7B full fine-tune), so the step the team asked to start with, or the one it asked the price of, went
missing. No size named ("make sure our data works on the cheap, then …"): a 7B is assumed, and said."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from bot.core.answers import size_request
from bot.core.context import Context
from bot.core.roadmap_budget import budget_line
from bot.core.several import verdict_first
from bot.core.unrated_budget import unrated_line
from bot.messages import Reply
from bot.text.i18n import t
from bot.text.names import short_gpu
from bot.understand.parser import Parsed
from bot.understand.roadmap import budget_period, first_method, plan_asked, staged
from engine.money import Money

ASSUMED_B = 7.0  # billions of parameters taken when no size is named: the size teams most often start from
SHOWN_SELLERS = 2  # providers named on the first step's line, so it stays one line


def _prices(rows: list[dict[str, Any]], lang: str) -> str:
    """"gpuli ₮109/周, ₮369/月 · CloudGPU $0.33/小时": each provider's own rental units."""
    out = []
    for row in rows[:SHOWN_SELLERS]:
        units = []
        for u in row.get("units") or []:
            total = u["total"]
            low = Money.of(Decimal(str(total["low"])), total["currency"]).format(lang)
            high = Money.of(Decimal(str(total["high"])), total["currency"]).format(lang)
            units.append(f"{low}{'–' + high if high != low else ''}/{t('unit.' + u['unit'], lang)}")
        if units:
            out.append(f"{row['provider']} {', '.join(units)}")
    return " · ".join(out)


def roadmap(ctx: Context, parsed: Parsed, faq: bool = False) -> Reply | None:
    """The two steps, the cheap one leading; None when the message asks no such plan (`faq`: the FAQ's reading,
    so the plan or its money must be asked outright)."""
    if not staged(parsed.words) or (faq and not (parsed.asks.cost or plan_asked(parsed.words))):
        return None
    req = parsed.request
    assumed = not (req.model or req.params_b)
    base = req.model_copy(update={"params_b": ASSUMED_B}) if assumed else req
    clear = {"gpu": None, "num_gpus": None, "zero": None, "offload": None, "days": None, "hours": None}
    method = first_method(parsed.words)
    provider = parsed.rental.provider or req.provider
    first = size_request(ctx, base.model_copy(update={**clear, "method": method}))
    full = size_request(ctx, base.model_copy(update={**clear, "method": "full", "lora_rank": None}), provider=provider)
    v = first.data.get("v") if first.kind == "sizing" else None
    if not isinstance(v, dict) or not v.get("gpu_name"):
        return None
    model = v.get("model") if not v.get("bare_size") else f"{(v.get('params') or 0) / 1e9:g}B"
    lines = [t("roadmap.first", ctx.lang, model=model, method=t("method." + method, ctx.lang),
               setup=t("sum.setup", ctx.lang, n=v.get("num_gpus") or 1, gpu=short_gpu(str(v["gpu_name"]))),
               gb=f"{float(v.get('total_gb') or 0):.1f}", prices=_prices(v.get("prices") or [], ctx.lang))]
    table = v.get("table_card")
    if isinstance(table, dict) and table.get("prices"):  # the reference table's card for the size, with its week
        lines.append(t("roadmap.table_card", ctx.lang, gpu=short_gpu(str(table["name"])), prices=_prices(table["prices"], ctx.lang)))
    lines.append(t("roadmap.then", ctx.lang, method=t("method." + method, ctx.lang)))
    if assumed:
        lines.append(t("roadmap.assumed", ctx.lang, params=f"{ASSUMED_B:g}B"))
    return verdict_first(full, Reply("error", ctx.lang, {"message": "\n".join([*_budget(ctx, parsed, v, full), *lines])}))


def _budget(ctx: Context, parsed: Parsed, first: dict[str, Any], full: Reply) -> list[str]:
    """The budget said with the plan, named back first: weighed against both steps (bot.core.roadmap_budget), or,
    in a currency with no rate, said to be not weighed."""
    said, budget = parsed.cues.unrated_amount, parsed.asks.budget
    if said is not None and (budget is None or budget[0] == said[0]):
        return [unrated_line(ctx.lang, said, parsed.words)]
    view = full.data.get("v") if full.kind == "sizing" and isinstance(full.data, dict) else None
    if budget is None or not isinstance(view, dict):
        return []
    line = budget_line(ctx.lang, (budget[0], budget[1] or ctx.display_currency), budget_period(parsed.words), first, view)
    return [line.data["message"]] if line is not None else []
