"""The cost of each method just compared, asked next ("7b lora first or full ft?" then "cost diff?", "成本差多少"):
the job priced with each method, the difference at one provider for the same rental leading; a full fine-tune
set against an adapter also says the catalog's scale of that gap over a whole project (30–40×, catalogs/glossary).

Why: the comparison before gave memory; asked the cost difference, one method's prices alone (the sizing's
recommended card) answer half the question."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from bot.core.answers import cost_lines
from bot.core.context import Context
from bot.core.several import verdict_first
from bot.messages import Reply
from bot.text.i18n import has, t
from bot.text.names import short_gpu
from engine.money import Money
from engine.request import TrainingRequest

ADAPTERS = ("lora", "qlora")


def _setup(row: dict[str, Any]) -> str:
    return f"{row['num_gpus']}× {short_gpu(row['name'])}"


def _common(lines: list[dict[str, Any]]) -> tuple[dict[str, Any], dict[str, Any]] | None:
    """The first provider both methods are priced at for the same rental term (a week, a month), firm prices only."""
    a, b = ({r["provider"]: r for r in line["rows"]} for line in lines[:2])
    for provider, ra in a.items():
        rb = b.get(provider)
        if rb is not None and ra["currency"] == rb["currency"] and ra["cycles"][:1] == rb["cycles"][:1] \
                and has("unit." + ra["cycles"][0]["kind"]):
            return ra, rb
    return None


def _lead(lines: list[dict[str, Any]], methods: list[str], model: str, lang: str) -> Reply | None:
    pair = _common(lines)
    if pair is None:
        return None
    ra, rb = pair
    if rb["total_min"] < ra["total_min"]:  # the dearer method first: "full costs ₮204 more than LoRA"
        ra, rb, methods = rb, ra, [methods[1], methods[0]]
    cycle = ra["cycles"][0]
    term = f"{cycle.get('count') or 1} {t('unit.' + cycle['kind'], lang)}"
    money = [Money.of(Decimal(str(x)), ra["currency"]).format(lang) for x in (ra["total_min"], rb["total_min"])]
    diff = Money.of(Decimal(str(rb["total_min"])) - Decimal(str(ra["total_min"])), ra["currency"]).format(lang)
    times = f"{Decimal(str(rb['total_min'])) / Decimal(str(ra['total_min'])):.1f}" if ra["total_min"] else "—"
    key = "methods.cost_same" if ra["total_min"] == rb["total_min"] else "methods.cost_lead"
    lines_out = [t(key, lang, model=model, a=t("method." + methods[0], lang), b=t("method." + methods[1], lang),
                   provider=ra["provider_name"], term=term, sa=_setup(ra), sb=_setup(rb), pa=money[0], pb=money[1],
                   diff=diff, times=times)]
    if "full" in methods and any(m in ADAPTERS for m in methods):
        lines_out.append(t("methods.cost_scale", lang))
    return Reply("error", lang, {"message": "\n".join(lines_out)})


def methods_cost(ctx: Context, req: TrainingRequest, methods: list[str]) -> Reply:
    """`req` priced with each of `methods` (the comparison's order), a line each, the difference leading."""
    ways: list[tuple[dict[str, Any], TrainingRequest]] = [
        ({"way": t("method." + m, ctx.lang)}, req.model_copy(update={"method": m, "gpu": None, "num_gpus": None, "zero": None,
                                                                   "lora_rank": None if m == "full" else req.lora_rank}))
        for m in methods[:2]]
    reply = cost_lines(ctx, req.model_copy(update={"method": methods[0]}), ways)
    v = reply.data["v"]
    model = v.get("model") if not v.get("bare_size") else f"{(v.get('params') or 0) / 1e9:g}B"
    return verdict_first(reply, _lead(v["lines"], list(methods[:2]), str(model), ctx.lang))
