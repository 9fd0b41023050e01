"""Planning replies as data: the longest sequence / largest micro-batch that fits, how many cards of a
type a job needs, and the cheapest setups that meet a deadline or a budget.

engine.planning does the searching; these functions pick what the reply shows, for the CLI and any
chat front end alike (the router calls them). Every word is in templates/planning.j2 and
catalogs/strings_export.yaml.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from decimal import Decimal
from typing import Any

from bot.messages import Reply
from bot.text.figures import fmt_gb
from bot.text.i18n import t
from bot.text.names import short_gpu
from bot.understand.asks import Asks
from bot.understand.parser import Parsed
from bot.understand.zones import offset_label
from bot.views.adapter_seed_count import adapter_seed_count, seed_tables
from bot.views.budget_cards import cards_verdict
from bot.views.budget_firm import estimate_beside, firm_instead
from bot.views.cost import duration_view, option_row
from bot.views.count_by_deadline import count_by_deadline
from bot.views.deadline_steps import run_steps_of
from bot.views.offload_count import seed_instead
from bot.views.order_steps import top_up_line
from bot.views.price import unit_prices
from engine.breakdown import Plan
from engine.catalog import gpus
from engine.cost import DISPLAY_CURRENCY
from engine.memory import estimate
from engine.money import Money
from engine.planning import (
    Candidates,
    CardsNeeded,
    Largest,
    LargestLever,
    by_deadline,
    cards_needed,
    largest_levers,
    largest_micro_batch,
    longest_sequence,
    within_budget,
)
from engine.providers import providers
from engine.request import TrainingRequest
from engine.sizing import size

SHOWN = 6  # rows of options a planning reply lists


def lang_currency(lang: str) -> str:
    """The currency an amount typed without one means: yuan to a Chinese team ("预算3w" is ¥30,000),
    dollars to an English one; a named provider's own currency is decided before this."""
    return "CNY" if lang == "zh" else "USD"


def _job(s: Any) -> dict[str, Any]:
    """The job as the reply names it: a bare size ("13b") by its size, with the catalog model whose
    shapes stand in for it said once (the catalog has no 13B: Qwen3-14B's layers, scaled to 13B)."""
    r = s.resolved
    bare = any(x.code == "architecture_from" for x in s.assumptions)
    return {"model": f"{r.params / 1e9:g}B" if bare else r.spec.name, "bare_ref": r.spec.name if bare else None,
            "method": r.method, "seq_len": r.request.seq_len, "micro_batch": r.request.micro_batch}


def largest_view(found: Largest, levers: tuple[LargestLever, ...] = ()) -> dict[str, Any]:
    """The value found, judged on the high end: the expected figure and the high end both said; when none
    fits, the smallest value tried (a figure, never only "the smallest setting"), the largest the expected
    figure allows, and the levers that make some value fit."""
    s = found.sizing
    assert s.fit is not None
    plan = s.estimate.plan
    return {
        **_job(s), "q": "max_seq" if found.field == "seq_len" else "max_batch", "value": found.value,
        "limit": found.limit, "at_limit": found.at_limit, "gpu": s.fit.gpu.name, "memory_gb": s.fit.gpu.memory_gb,
        "total_gb": s.estimate.total_gb, "high_gb": s.fit.high_gb, "num_gpus": plan.num_gpus, "zero": plan.zero,
        "offload": plan.offload, "first": getattr(s.request, found.field), "may_value": found.may_value,
        "levers": [{"code": lv.code, "n": lv.num_gpus, "value": lv.found.value,
                    "q": "max_seq" if lv.found.field == "seq_len" else "max_batch"} for lv in levers],
    }


def cards_view(found: CardsNeeded) -> dict[str, Any]:
    plan = found.fit.estimate.plan
    return {
        **_job(found.sizing), "q": "cards", "gpu": found.gpu.name, "memory_gb": found.gpu.memory_gb,
        "fits": found.fit.fits, "may_fit": found.fit.may_fit, "high_gb": found.fit.high_gb, "num_gpus": plan.num_gpus, "zero": plan.zero, "offload": plan.offload,
        "eight_bit": found.sizing.resolved.request.optimizer == "adamw-8bit",  # the job's own (a shown option picked): said with the count
        "total_gb": found.fit.estimate.total_gb, "nodes": plan.nodes, "apart_count": found.apart,
        # the seeds' figures for a one-card LoRA / QLoRA at their settings, said beside ours as a sizing says them
        "seed_tables": seed_tables(found.sizing) if plan.num_gpus == 1 else [],
        # the job's model states before any split (70B full: about 1,130 GB): why the count is what it is
        "states_all_gb": estimate(found.sizing.resolved, Plan(1, 0)).model_states_gb,
        "seed_instead": seed_instead(found),  # 14B full on 4090s holds only offloading: the seed's 80 GB setup instead
        "seed_adapter": adapter_seed_count(found),  # 70B LoRA on A100 80G: the table's two cards, and why not
        "options": [option_row(o) for o in found.options[:SHOWN]],
        # no provider rents the count as one machine: what a sizing of it prices (gpuli's 8 × RTX 4090 as
        # eight single-card instances), said the same way, never "nobody rents it" beside that price
        "apart": [] if found.options else unit_prices(found.gpu.id, plan.num_gpus, DISPLAY_CURRENCY),
        "seed": None if found.seed is None else {
            "n": found.seed.num_gpus, "gb": found.seed.estimate.total_gb, "high": found.seed.high_gb,
            "states": found.seed.estimate.model_states_gb,
            "fits": found.seed.fits, "eight_bit": found.seed_optimizer == "adamw-8bit", "roomy": found.seed_roomy,
            "prices": unit_prices(found.seed.gpu.id, found.seed.num_gpus, DISPLAY_CURRENCY)},
    }


def candidates_view(c: Candidates, q: str, deadline: datetime | None = None) -> dict[str, Any]:
    rows = [option_row(o) for o in c.meeting[:SHOWN]]
    closest = None
    if not c.meeting and c.options:  # nothing meets it: the fastest (deadline) or the cheapest (budget)
        best = min(c.options, key=lambda o: o.need) if q == "deadline" else c.options[0]
        closest = option_row(best)
    return {
        "q": q, "rows": rows, "meeting": len(c.meeting), "total": len(c.options), "closest": closest,
        "currency": c.currency, "budget": c.budget,
        "available": duration_view(c.hours_available) if c.hours_available is not None else None,
        "deadline": f"{deadline:%Y-%m-%d %H:%M} {offset_label(deadline)}" if deadline is not None else None,
    }


def max_seq_reply(req: TrainingRequest, lang: str) -> Reply:
    """The longest sequence that fits the named card, with its memory per card."""
    found = longest_sequence(req)
    return Reply("planning", lang, {"v": largest_view(found, largest_levers(req, found))})


def max_batch_reply(req: TrainingRequest, lang: str) -> Reply:
    """The largest micro-batch that fits the named card, with its memory per card."""
    found = largest_micro_batch(req)
    return Reply("planning", lang, {"v": largest_view(found, largest_levers(req, found))})


def cards_reply(req: TrainingRequest, gpu: str, lang: str, total: bool = False) -> Reply:
    """How many `gpu` cards the job needs: the count, the ZeRO stage, and what renting them costs.
    A count the message named beside the question ("how many would be safe? one A100 enough?") is
    judged first: the yes or no asked of it leads, the count needed follows. `total`: the job's memory in
    all was asked with the count ("总显存多少、要几张"), so the unsplit model states lead in the title."""
    v = cards_view(cards_needed(req, gpu)) | {"total_asked": total}
    if req.num_gpus and req.num_gpus != v["num_gpus"]:
        fit = size(req.model_copy(update={"gpu": gpu})).fit
        if fit is not None:
            v["stated"] = {"n": req.num_gpus, "fits": fit.fits, "may_fit": fit.may_fit, "gb": fit.estimate.total_gb,
                           "low": fit.estimate.range.low_gb, "high": fit.high_gb, "mem": fit.gpu.memory_gb}
    return Reply("planning", lang, {"v": v})


def deadline_reply(req: TrainingRequest, deadline: datetime, now: datetime, lang: str) -> Reply:
    """The cheapest setups that finish by `deadline` (time and cost of each)."""
    c = by_deadline(req, deadline, now)
    v = {**_model(req), **candidates_view(c, "deadline", deadline)}
    if c.meeting:  # "周五前能训完吗": yes, and how long the run takes (32B full, 2,000 万 token × 3 on 8×H100: about 1.5 h)
        first = c.meeting[0]
        v["run"] = {"time": duration_view(first.hours, estimate=True), "n": first.num_gpus, "gpu": short_gpu(first.gpu.name)}
        v["run"] |= run_steps_of(req, first.num_gpus)  # the steps its stated batch settings make (bot.views.deadline_steps)
    return Reply("planning", lang, {"v": v})


def budget_reply(req: TrainingRequest, amount: Decimal, currency: str, lang: str) -> Reply:
    """The setups whose total stays within the budget, cheapest first (time and cost of each)."""
    c = within_budget(req, amount, currency)
    return Reply("planning", lang, {"v": {**_model(req), **candidates_view(c, "budget")}})


def _model(req: TrainingRequest) -> dict[str, Any]:
    from engine.resolve import resolve

    r = resolve(req)
    return {"model": r.spec.name, "method": r.method, "seq_len": r.request.seq_len,
            "micro_batch": r.request.micro_batch}


def planning_for(asks: Asks, request: TrainingRequest, lang: str, now: datetime) -> Reply | None:
    """The planning reply a chat message asks for, or None when it asks none of them (the router
    then answers it as usual). `asks` and `request` are what the parser read from the message."""
    if asks.how_many_gpu is not None and asks.deadline is not None and (timed := count_by_deadline(request, asks.how_many_gpu, asks.deadline, now, lang, asks.machines)):
        return timed  # "10 天内训完 80B tokens 要几台": the count that ends in time (bot.views.count_by_deadline)
    if asks.how_many_gpu is not None:
        return cards_reply(request, asks.how_many_gpu, lang, total=asks.total or asks.memory_figure)
    if asks.longest_seq and (request.gpu or "context" not in asks.model_fact):
        # "qwen3 8b max context?" with no card: the model's own window (bot.views.param_count), not a search on a card
        return max_seq_reply(request, lang)
    if asks.largest_batch:
        return max_batch_reply(request, lang)
    if asks.budget is not None:
        amount, currency = asks.budget
        return budget_reply(request, amount, currency or request.currency or lang_currency(lang), lang)
    if asks.deadline is not None:
        return deadline_reply(request, asks.deadline, now, lang)
    return None


def budget_verdict(reply: Reply, budget: tuple[Decimal, str | None], currency: str | None, lang: str,
                   provider: str | None = None, runs: bool = False) -> Reply | None:
    """The budget named back against a cost reply's pick (the cheapest setup that holds the job for
    the stated rental time): within it, or over it by how much. The pick's high end is compared
    (an estimated price range is judged on what it may cost), converted at the catalog's rates.
    An amount without a currency, for a job at a named `provider`, is in that provider's currency
    (as a price question reads it), and the reply says so. The other options over the budget leave the
    reply's list ("预算一万块一个月 7b lora" lists no ¥80,000 8×H100): what is offered is what the money rents."""
    view = reply.data.get("v") if isinstance(reply.data, dict) else None
    pick = view.get("pick") if isinstance(view, dict) else None
    if not pick:
        return None
    amount, stated = budget
    listed = providers().find(provider) if provider and not (stated or currency) else None
    limit = Money(amount, stated or currency or (listed.currency if listed else lang_currency(lang)))
    estimate = pick if (firm := firm_instead(view, pick, provider)) is not None else None
    pick = firm or pick  # an estimate picked cheapest, a firm quote beside it: judged on the firm one (bot.views.budget_firm)
    listed_rows = [pick, *((view or {}).get("others") or [])]  # before the ones over the budget leave the list
    drop_over_budget(reply, limit)
    verdict = _verdict(pick, limit, lang, firm=estimate is not None)
    if estimate is not None:
        verdict.data["message"] = f"{verdict.data['message']}\n{estimate_beside(estimate, limit, lang)}"
    edge = _seed_within((view or {}).get("seed_span"), pick, limit, lang)
    # over at the safe pick, within at the seed's own minimum (at the edge by our estimate): both; else within
    # on a card that only may hold the job (a T4 for a 7B QLoRA): named, never recommended
    edge = edge or _tight_within([pick, *((view or {}).get("others") or [])], pick, limit, lang) \
        or _cheapest_over(listed_rows, pick, limit, lang)
    if edge:
        verdict.data["message"] = f"{verdict.data['message']}\n{edge}"
    table = _table_over((view or {}).get("table_span"), pick, limit, lang) or _seed_within(
        (view or {}).get("table_span"), pick, limit, lang)  # a LoRA class: the seed's card within, the safe pick over
    if table:  # within on our card, over on the table's card for the class: both
        verdict.data["message"] = f"{verdict.data['message']}\n{table}"
    rents = _budget_rents(pick, limit, lang) or (_runs(pick, limit, lang) if runs else None)
    if rents:  # ("够跑几次": how many such runs the budget pays for)  # short of the span asked: how long the money rents that setup in its shorter units
        verdict.data["message"] = f"{verdict.data['message']}\n{rents}"
    if listed is not None:
        note = t("price.budget_assumed", lang, provider=listed.name, budget=limit.format(lang))
        verdict.data["message"] = f"{verdict.data['message']}\n{note}"
    if isinstance(view, dict) and view.get("miss"):  # the setup named misses without offload: that leads the money
        verdict.data["message"] = f"{view.pop('miss')}\n{verdict.data['message']}"
    return verdict


def budget_floor_verdict(floor: Reply, budget: tuple[Decimal, str | None], currency: str | None, lang: str,
                         provider: str | None = None, asked: bool = False, covers: bool = False) -> Reply | None:
    """A budget against the least any setup that holds the job can be rented for (`floor`: the cost
    reply for one hour, where a provider selling weeks charges its week): over it, the budget is short
    however small the dataset, so "not enough" is said without one; None when it covers the floor
    (then only the dataset size decides; `asked`: "预算 3w 够不" asks it, so "not guaranteed" is said,
    with the cheapest rental it covers; `covers`: a plan asked within the budget, not whether it is enough, so that
    cheapest rental leads with the budget named back, nothing judged)."""
    view = floor.data.get("v") if isinstance(floor.data, dict) else None
    if not isinstance(view, dict) or not view.get("pick"):
        return None
    pick = view["pick"]
    amount, stated = budget
    listed = providers().find(provider) if provider and not (stated or currency) else None
    limit = Money(amount, stated or currency or (listed.currency if listed else lang_currency(lang)))
    # the least of every setup listed (one with offload may undercut the safe pick): all must be over; but
    # with every safe one over, a card that only may hold the job (T4 16 GB for a 7B QLoRA at 17.0 GB high)
    # within it is no floor: "not enough for a safe setup", that card named beside it
    rows = [pick, *(view.get("rows") or [])]
    safe = min((r for r in rows if not _tight_note(r)), default=pick,
               key=lambda r: Money(Decimal(r["total_max"]), r["currency"]).to(limit.currency).amount)
    tight = _tight_within(rows, safe, limit, lang)
    pick = safe if tight else min(rows, key=lambda r: Money(Decimal(r["total_max"]), r["currency"]).to(limit.currency).amount)
    cost = Money(Decimal(pick["total_max"]), pick["currency"])
    in_budget = cost.to(limit.currency)
    if in_budget.amount <= limit.amount and not (asked or covers):
        return None
    approx = "" if cost.currency == limit.currency else t("plan.budget_approx", lang,
                                                          converted=_shown(in_budget, cost.currency).format(lang))
    if pick["total_min"] != pick["total_max"]:  # a band (一万网络's 8×A100 box, ¥25–40k): said, weighed at its high end
        approx = t("plan.budget_band", lang, low=Money(Decimal(pick["total_min"]), pick["currency"]).format(lang),
                   high=cost.format(lang)) + approx
    over = in_budget.amount > limit.amount
    key = ("plan.budget_floor_safe_over" if tight else "plan.budget_floor_over") if over else \
        "plan.budget_floor_within" if asked else "plan.budget_floor_covers"
    message = t(key, lang, budget=limit.format(lang), cost=cost.format(lang), approx=approx, provider=pick["provider_name"],
                n=pick["num_gpus"], gpu=pick["name"], over=_shown(in_budget - limit, cost.currency).format(lang),
                times=f"{int(limit.amount // in_budget.amount):,}" if in_budget.amount else "—")
    return Reply("error", lang, {"over": over, "limit": limit, "message": f"{message}\n{tight}" if tight else message})


def _tight_note(row: dict[str, Any]) -> dict[str, Any] | None:
    return next((n for n in row.get("notes") or [] if n["code"] in ("tight", "tight_over")), None)


def _tight_within(rows: list[dict[str, Any]], pick: dict[str, Any], limit: Money, lang: str) -> str | None:
    """A budget under the cheapest safe setup (7B QLoRA at 一万网络: RTX 3090 ¥1,750 against ¥1,000) that does
    rent a card which only may hold the job (a T4 at ¥900: 11.1 GB expected of 16 GB, 17.0 GB at the high
    end): that card named with what it holds and what lowers the memory, never as the pick; the cheapest
    such row at a firm price, or None when the pick is within the budget or no such row is."""
    if Money(Decimal(pick["total_max"]), pick["currency"]).to(limit.currency).amount <= limit.amount:
        return None
    within = [r for r in rows if _tight_note(r) and r["total_min"] == r["total_max"]
              and Money(Decimal(r["total_max"]), r["currency"]).to(limit.currency).amount <= limit.amount]
    if not within:
        return None
    row = min(within, key=lambda r: Money(Decimal(r["total_max"]), r["currency"]).to(limit.currency).amount)
    note = _tight_note(row) or {}
    cost = Money(Decimal(row["total_max"]), row["currency"])
    in_budget = cost.to(limit.currency)
    approx = "" if cost.currency == limit.currency else t("plan.budget_approx", lang,
                                                         converted=_shown(in_budget, cost.currency).format(lang))
    mem = gpus().get(row["gpu"]).memory_gb
    params = note.get("params") or {}
    common = {"provider": row["provider_name"], "setup": t("sum.setup", lang, n=row["num_gpus"], gpu=row["name"]),
              "cost": cost.format(lang), "approx": approx, "left": _shown(limit - in_budget, cost.currency).format(lang),
              "mem": f"{mem:g}"}
    if note["code"] == "tight_over":
        over = float(params.get("over_gb", 0))
        return t("plan.budget_tight_over", lang, gb=params.get("mid_gb"), high=fmt_gb(mem + over), **common)
    return t("plan.budget_tight_edge", lang, head=params.get("headroom_gb"), **common)


def _cheapest_over(rows: list[dict[str, Any]], pick: dict[str, Any], limit: Money, lang: str) -> str | None:
    """The budget under every setup listed ("预算 500 块 一万网络最便宜的卡能跑 7b qlora 吗"): the cheapest of them, a card
    that only may hold the job and so was passed over as the pick (一万网络's T4 at ¥900 for 7B QLoRA: 11.1 GB expected of
    16 GB, 17.0 GB at the high end), named with what it is over by and how tight it is; None when one is within the budget
    or none is cheaper than the pick."""
    def cost(r: dict[str, Any]) -> Money:
        return Money(Decimal(r["total_max"]), r["currency"]).to(limit.currency)
    if cost(pick).amount <= limit.amount:
        return None
    cheaper = [r for r in rows if _tight_note(r) and r["total_min"] == r["total_max"] and cost(r).amount < cost(pick).amount]
    if not cheaper:
        return None
    row = min(cheaper, key=lambda r: cost(r).amount)
    note, price = _tight_note(row) or {}, Money(Decimal(row["total_max"]), row["currency"])
    approx = "" if price.currency == limit.currency else t("plan.budget_approx", lang, converted=_shown(cost(row), price.currency).format(lang))
    mem, params = gpus().get(row["gpu"]).memory_gb, note.get("params") or {}
    fit = t("plan.budget_fit_over", lang, gb=params.get("mid_gb"), mem=f"{mem:g}", high=f"{mem + float(params.get('over_gb', 0)):.1f}") \
        if note["code"] == "tight_over" else t("plan.budget_fit_edge", lang, head=params.get("headroom_gb"), mem=f"{mem:g}")
    return t("plan.budget_cheapest_over", lang, provider=row["provider_name"], setup=t("sum.setup", lang, n=row["num_gpus"], gpu=row["name"]),
             cost=price.format(lang), approx=approx, over=_shown(cost(row) - limit, price.currency).format(lang), fit=fit)


def _seed_within(seed: dict[str, Any] | None, pick: dict[str, Any], limit: Money, lang: str) -> str | None:
    """The line for seed 000's minimum setup (or the seed's card for a LoRA / QLoRA class: 一万网络's
    article runs 7B LoRA on a ¥1,750 RTX 3090) when the safe pick is over the budget and the seed's
    setup, priced for the same span and judged on its high end, is within it; None otherwise."""
    if not seed or Money(Decimal(pick["total_max"]), pick["currency"]).to(limit.currency).amount <= limit.amount:
        return None
    total = seed["total"]
    low, high = Money(Decimal(total["low"]), total["currency"]), Money(Decimal(total["high"]), total["currency"])
    in_budget = high.to(limit.currency)
    if in_budget.amount > limit.amount:
        return None
    cost = low.format(lang) if low.amount == high.amount else f"{low.format(lang)}–{high.format(lang)}"
    approx = "" if high.currency == limit.currency else t("plan.budget_approx", lang,
                                                         converted=_shown(in_budget, high.currency).format(lang))
    setup = t("sum.setup", lang, n=seed["num_gpus"], gpu=seed["name"]) + (t("sum.seed_8bit", lang) if seed["eight_bit"] else "")
    # a LoRA / QLoRA class's card (cost_seed.table_span) has no 8-bit way to safety: its own words
    key = "plan.budget_seed_card_within" if seed.get("card") else "plan.budget_seed_within"
    return t(key, lang, provider=seed["provider"], setup=setup, cost=cost, approx=approx,
             left=_shown(limit - in_budget, high.currency).format(lang), gb=fmt_gb(seed['total_gb']),
             high=fmt_gb(seed['high_gb']), mem=f"{seed['memory_gb']:g}")


def _table_over(table: dict[str, Any] | None, pick: dict[str, Any], limit: Money, lang: str) -> str | None:
    """The line for seed 000's card for a LoRA / QLoRA class when the pick, another card, is within the
    budget and the table's card, priced for the same span, is over it ("enough" on an RTX A6000 at ₮389
    while the table's L40S is ₮649): said with what it is over by and what the two cards hold; None otherwise."""
    if not table or Money(Decimal(pick["total_max"]), pick["currency"]).to(limit.currency).amount > limit.amount:
        return None
    high = Money(Decimal(table["total"]["high"]), table["total"]["currency"])
    in_budget = high.to(limit.currency)
    if in_budget.amount <= limit.amount:
        return None
    approx = "" if high.currency == limit.currency else t("plan.budget_approx", lang,
                                                         converted=_shown(in_budget, high.currency).format(lang))
    return t("plan.budget_table_over", lang, provider=table["provider"], setup=t("sum.setup", lang, n=1, gpu=table["name"]),
             cost=high.format(lang), approx=approx, over=_shown(in_budget - limit, high.currency).format(lang),
             mem=f"{table['memory_gb']:g}", pick=pick["name"], pick_mem=f"{gpus().get(pick['gpu']).memory_gb:g}")


UNIT_HOURS = {"hour": 1, "day": 24, "week": 168, "month": 720}
SPAN_KEYS = {"hour": "cost.dur.hours", "day": "cost.dur.days", "week": "price.cycle.week", "month": "price.cycle.month"}


def _budget_rents(pick: dict[str, Any], limit: Money, lang: str) -> str | None:
    """A budget short of the pick for the span asked ("₮300 够租一个月 4090 吗": no, ₮369): the most time
    it does rent of that setup at that provider, in whichever firm unit rents the longest (₮300 is 2 weeks
    at ₮109, ₮218), so "not enough" comes with what the money buys; None when it is within, or rents
    not one unit."""
    if Money(Decimal(pick["total_max"]), pick["currency"]).to(limit.currency).amount <= limit.amount:
        return None
    best: tuple[int, str, Money] | None = None
    for row in unit_prices(pick["gpu"], pick["num_gpus"], limit.currency):
        if row["provider"] != pick["provider_name"]:
            continue
        for u in row["units"]:
            price = Money(Decimal(u["total"]["high"]), u["total"]["currency"])
            each = price.to(limit.currency).amount
            if u["unit"] not in UNIT_HOURS or u["total"]["low"] != u["total"]["high"] or each <= 0:
                continue
            count = int(limit.amount // each)
            if count and (best is None or count * UNIT_HOURS[u["unit"]] > best[0] * UNIT_HOURS[best[1]]):
                best = (count, u["unit"], price)
    if best is None:
        return None
    count, unit, price = best
    total = Money(price.amount * count, price.currency)
    approx = "" if price.currency == limit.currency else t("plan.budget_approx", lang,
                                                          converted=_shown(total.to(limit.currency), price.currency).format(lang))
    return t("plan.budget_rents", lang, budget=limit.format(lang), span=t(SPAN_KEYS[unit], lang, count=count, n=count),
             provider=pick["provider_name"], setup=t("sum.setup", lang, n=pick["num_gpus"], gpu=pick["name"]),
             price=price.format(lang), unit=t(f"unit.{unit}", lang), total=total.format(lang), approx=approx)


def _runs(pick: dict[str, Any], limit: Money, lang: str) -> str | None:
    """"预算 1000 美元 … 能跑几次": whole runs of the pick's firm total the budget pays for (floored: the run it
    cannot pay in full is no run), converted at the catalog's rates; None for a price band or none at all."""
    each = Money(Decimal(pick["total_max"]), pick["currency"])
    per_run = each.to(limit.currency).amount
    if pick.get("total_min", pick["total_max"]) != pick["total_max"] or per_run <= 0 or limit.amount < per_run:
        return None
    n = int(limit.amount // per_run)
    spent = Money(per_run * n, limit.currency).rounded()
    return t("quote.runs", lang, budget=limit.format(lang), n=f"{n:,}", each=each.format(lang),
             setup=f"{pick['provider_name']} {t('sum.setup', lang, n=pick['num_gpus'], gpu=short_gpu(pick['name']))}",
             spent=spent.format(lang), left=Money(limit.amount - spent.amount, limit.currency).format(lang))


def _verdict(pick: dict[str, Any], limit: Money, lang: str, firm: bool = False) -> Reply:
    cost = Money(Decimal(pick["total_max"]), pick["currency"])
    in_budget = cost.to(limit.currency)
    key = "plan.budget_rental_within" if in_budget.amount <= limit.amount else "plan.budget_rental_over"
    if firm:  # judged on the cheapest firm quote, an estimate cheaper beside it: the quote named
        key = key.replace("rental", "firm")
    low = Money(Decimal(pick.get("total_min", pick["total_max"])), pick["currency"])
    if key == "plan.budget_rental_over" and low.amount < cost.amount and low.to(limit.currency).amount <= limit.amount:
        key = "plan.budget_rental_maybe"  # ¥3 万 against a ¥2.5–4 万 band: its low end is within, its high end is not
    approx = "" if cost.currency == limit.currency else t("plan.budget_approx", lang,
                                                          converted=_shown(in_budget, cost.currency).format(lang))
    return Reply("error", lang, {"over": in_budget.amount > limit.amount, "limit": limit, "message": t(
        key, lang, budget=limit.format(lang), cost=cost.format(lang), approx=approx, band=f"{low.format(lang)}–{cost.format(lang)}",
        provider=pick.get("provider_name"), setup=t("sum.setup", lang, n=pick.get("num_gpus"), gpu=pick.get("name")),
                                              over=_shown(in_budget - limit, cost.currency).format(lang),
                                              left=_shown(limit - in_budget, cost.currency).format(lang))})


def _shown(amount: Money, source: str) -> Money:
    """A converted amount as a reply shows it (about ¥140,239, not ¥140,239.20); one in its own
    currency to the cent."""
    return amount.rounded() if amount.currency == source else amount.approx()


def drop_over_budget(reply: Reply, ceiling: Money) -> None:
    """A job's cost answer under a budget ("想做 7b lora 一万网络" then "预算一万块 推荐啥"): the other
    options whose high end is over the budget (8×H100 at ¥80,000–120,000 against ¥10,000) are dropped
    from the list, so what is recommended is what the money rents. The lead option stays as it is
    (a floor over the budget is said by its own verdict)."""
    v = reply.data.get("v") if isinstance(reply.data, dict) else None
    if not isinstance(v, dict) or not v.get("others"):
        return
    v["others"] = [r for r in v["others"] if "total_max" not in r  # a sizing's other fits carry no price
                   or Money(Decimal(str(r["total_max"])), r["currency"]).to(ceiling.currency).amount <= ceiling.amount]


def judged_row(data: dict[str, Any], rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The row a budget is judged against: the provider named, else the one the price reply calls
    cheapest (firm quotes only: an estimated band listed first because its high end converts lower is
    not a price to lead with, so "8卡a100 包月" then "预算 8000 u 够吗" is judged on gpuli's ₮8,352)."""
    if data.get("named") is None and data.get("cheapest"):
        return next((r for r in rows if r["provider"] == data["cheapest"]), rows[0])
    return rows[0]


def budget_price_verdict(reply: Reply, budget: Money, lang: str, held: bool = False, apart: bool = False,
                         cards: bool = False) -> Reply | None:
    """A budget against a price reply's leading row (the named provider, else the cheapest), its
    high end compared (an estimated band is judged on what it may cost), converted at the
    catalog's rates; None when nobody rents it. `held`: the money is the wallet's balance at that
    provider, so the verdict says so, with what is left after paying (or how much is missing).
    `apart`: a count said after the card was priced ("two of them") is that many single rentals.
    `cards`: how many cards it rents is asked ("能租几张", "how many 4090s"): that count leads."""
    rows = reply.data.get("rows") if isinstance(reply.data, dict) else None
    if not rows:
        return None
    unsold = reply.data.get("unsold_count")
    from bot.views.instances import apart_verdict  # here: instances → split_total → this module

    singles = apart_verdict(reply, budget, int(unsold)) if apart and unsold and not held and budget.amount > 0 else None
    if singles is not None:  # "ok what about two of them" at a provider renting the card singly: n instances judged
        return Reply("error", lang, {"message": singles})
    if unsold:  # "gpuli 4 卡 a6000 够吗": no such machine; a smaller one it lists instead is never judged
        return Reply("error", lang, {"message": t("plan.budget_no_machine", lang, budget=budget.format(lang), n=unsold,
                                                  gpu=reply.data.get("gpu"))})
    row = judged_row(reply.data, rows)
    counted = cards_verdict(row, budget, lang) if cards and not held else None
    if counted is not None:
        return Reply("error", lang, {"message": counted, "over": False})
    total = row["quotes"][0]["total"]
    low, high = Money(Decimal(total["low"]), total["currency"]), Money(Decimal(total["high"]), total["currency"])
    cost = low.format(lang) if low.amount == high.amount else f"{low.format(lang)}–{high.format(lang)}"
    cost += bill_parts(row["quotes"][0], total["currency"], lang)
    if budget.amount == 0:  # zero (an empty wallet, "0 块") is zero in the currency the rental is billed in
        budget = Money(Decimal(0), high.currency)
    in_budget = high.to(budget.currency)
    approx = "" if high.currency == budget.currency else t("plan.budget_approx", lang,
                                                           converted=_shown(in_budget, high.currency).format(lang))
    over = "plan.budget_price_over_exact" if low.amount == high.amount else "plan.budget_price_over"  # a band: its high end
    key = "plan.budget_price_within" if in_budget.amount <= budget.amount else over
    if key == "plan.budget_price_over" and low.to(budget.currency).amount <= budget.amount:
        key = "plan.budget_price_maybe"  # ¥10万 against ¥8–12万: the range's low end fits, its high end does not
    if held:
        key = "plan.held_price_within" if in_budget.amount <= budget.amount else "plan.held_price_over"
        if budget.amount == 0:  # an empty wallet: nothing rents until it is topped up
            key = "plan.held_price_empty"
    said = t(key, lang, budget=budget.format(lang), provider=row["provider"], n=row["num_gpus"], gpu=row["gpu"], cost=cost,
             approx=approx, over=_shown(in_budget - budget, high.currency).format(lang),
             left=_shown(budget - in_budget, high.currency).format(lang))
    if key == "plan.held_price_empty" and (ways := top_up_line([str(row.get("provider_id") or "")], lang)) is not None:
        said = f"{said}\n{ways}"  # an empty wallet: the provider's ways to put money in, before anything rents
    lasts = _lasts(row["quotes"][0], budget, high.currency, lang) if in_budget.amount <= budget.amount else None
    return Reply("error", lang, {"message": f"{said}\n{lasts}" if lasts else said, "over": in_budget.amount > budget.amount})


def _lasts(quote: dict[str, Any], budget: Money, currency: str, lang: str) -> str | None:
    """How long the money runs a rental billed by the minute ("$5 covers 10 h of a 4090, $1.70 left" and it runs
    the card 909 minutes, about 15.1 h): the money over the minute's price, whole minutes; None for a term's rental."""
    cycles = quote.get("cycles") or []
    total = Decimal(quote["total"]["high"])
    if len(cycles) != 1 or cycles[0].get("kind") != "minute" or quote.get("add_ons") or not total or not cycles[0]["count"]:
        return None
    minutes = int(budget.to(currency).amount * int(cycles[0]["count"]) / total)
    hours = (Decimal(minutes) / 60).quantize(Decimal("0.1"), rounding="ROUND_DOWN")
    return t("plan.budget_lasts", lang, budget=budget.format(lang), hours=f"{hours:,}", minutes=f"{minutes:,}")


def bill_parts(quote: dict[str, Any], currency: str, lang: str) -> str:
    """A bill with add-ons judged against a budget shows its parts after its total, so the sum can be checked from the
    verdict alone (seed 000: a 4090's month ₮369 + a 2,000 GB volume ₮160 = ₮529); "" for the card alone."""
    add_ons = quote.get("add_ons") or []
    if not add_ons:
        return ""
    extra = sum((Decimal(str(a["amount"])) for a in add_ons), Decimal(0))
    card = Money(Decimal(str(quote["total"]["high"])) - extra, currency)
    items = " + ".join(t(f"price.addon.{a['id']}", lang, qty=f"{int(a['quantity']):,}", amount=Money(Decimal(str(a["amount"])), currency).format(lang),
                         unit=Money(Decimal(str(a["unit"])), currency).format(lang)) for a in add_ons)
    return t("plan.budget_parts", lang, card=card.format(lang), items=items)


def with_lighter_methods(verdict: Reply | None, parsed: Parsed, cost_of: Callable[[Parsed], Reply], lang: str) -> Reply | None:
    """When a budget cannot rent the setup that holds a full fine-tune, the way out is a lighter method as
    much as a cheaper card (seed 003: LoRA / QLoRA first, full only when it is truly needed): each method's
    cheapest month (`cost_of`: the cost intent's reply), with whether the budget covers it, on a line under
    the verdict. The verdict as it is when within the budget or the job is no full one."""
    if verdict is None:
        return None
    over, limit = verdict.data.pop("over", False), verdict.data.pop("limit", None)  # read here, never rendered
    if not over or limit is None:
        return verdict
    cheaper = _cheaper_card(parsed, cost_of, limit, lang)
    if cheaper:  # "14b 全参 4×H100" then "预算 $5000 够吗": the same job on 4×A100 is within it
        verdict.data["message"] += "\n" + cheaper
    if parsed.request.method not in (None, "full"):
        return verdict
    month = replace(parsed.rental, gpu=None, num_gpus=None, duration_days=30.0, duration_hours=None)
    items = []
    for method_name in ("lora", "qlora"):
        request = parsed.request.model_copy(update={"method": method_name, "gpu": None, "num_gpus": None})
        floor = cost_of(replace(parsed, intent="cost", request=request, rental=month))
        view = floor.data.get("v") if isinstance(floor.data, dict) else None
        pick = view.get("pick") if isinstance(view, dict) else None
        if not pick:
            continue
        cost = Money(Decimal(pick["total_max"]), pick["currency"])
        in_budget = cost.to(limit.currency)
        approx = "" if cost.currency == limit.currency else t("plan.budget_approx", lang,
                                                              converted=_shown(in_budget, cost.currency).format(lang))
        items.append(t("plan.method_floor", lang, method=t("method." + method_name, lang), provider=pick["provider_name"],
                       setup=t("sum.setup", lang, n=pick["num_gpus"], gpu=pick["name"]), cost=cost.format(lang),
                       approx=approx, mark="✓" if in_budget.amount <= limit.amount else "✗"))
    if items:
        verdict.data["message"] += "\n" + t("plan.lighter_methods", lang, items=" · ".join(items))
    return verdict


def _cheaper_card(parsed: Parsed, cost_of: Callable[[Parsed], Reply], limit: Money, lang: str) -> str | None:
    """The same job and rental length on whatever card is cheapest, when the card named is over the budget
    and that one is within it (seed 000: a 14B full fine-tune on 4×A100 SXM with ZeRO-3 at ₮4,308 a month,
    where 4×H100 is ₮7,444); None when no card was named or no other card fits the money."""
    if parsed.request.gpu is None and parsed.rental.gpu is None:
        return None
    free = parsed.request.model_copy(update={"gpu": None, "num_gpus": None, "zero": None})
    view = cost_of(replace(parsed, intent="cost", request=free, rental=replace(parsed.rental, gpu=None, num_gpus=None))).data
    pick = view.get("v", {}).get("pick") if isinstance(view, dict) and isinstance(view.get("v"), dict) else None
    if not pick or pick.get("gpu") in (parsed.request.gpu, parsed.rental.gpu):
        return None
    cost = Money(Decimal(pick["total_max"]), pick["currency"])
    in_budget = cost.to(limit.currency)
    if in_budget.amount > limit.amount:
        return None
    approx = "" if cost.currency == limit.currency else t("plan.budget_approx", lang, converted=_shown(in_budget, cost.currency).format(lang))
    return t("plan.cheaper_card", lang, provider=pick["provider_name"], setup=t("sum.setup", lang, n=pick["num_gpus"], gpu=pick["name"]),
             cost=cost.format(lang), approx=approx)
