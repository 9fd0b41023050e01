"""The answers themselves, built from a request once it is known: sizing (with its buttons), cost,
export files, full/LoRA/QLoRA or card-count comparisons, cards side by side, and an answer
finished after a clarifying question or re-rendered in full (the Details button)."""

from __future__ import annotations

from contextlib import suppress
from datetime import timedelta
from decimal import Decimal
from typing import Any, cast

from bot.charts.figures import attach_chart
from bot.charts.spec import plan_label
from bot.core import buttons
from bot.core.context import Context, with_chat_settings
from bot.core.estimate_follow import estimate_of
from bot.core.gap_follow import gap_kept
from bot.core.named_card_price import stand_in_for, stand_in_note
from bot.core.one_machine_cost import across_nodes, one_machine_way
from bot.core.own_setup import own_not_rented, own_setup
from bot.core.price import price_turn, variants
from bot.core.several import verdict_first
from bot.core.shown import shown_setups
from bot.messages import Awaiting, Button, Reply, Turn
from bot.text.errors import error_message
from bot.text.i18n import t
from bot.text.names import short_gpu
from bot.understand.cards import UnknownCard
from bot.views.cost import cost_reply, lines_reply
from bot.views.cost_seed import (
    lines_seed,
    seed_for_span,
    seed_roomy,
    seed_setup,
    seed_span,
    seed_table_card,
    table_card_priced,
    table_span,
)
from bot.views.count_versus import count_asked, count_versus, one_holds_it
from bot.views.export import export_reply
from bot.views.gpus import gpus_reply
from bot.views.inference import inference_reply
from bot.views.named_misses import named_changed, named_misses, named_priced, named_tight, stated_offload_only
from bot.views.price import approx_units, price_view, span_totals, unit_prices
from bot.views.sizing import fit_row, sizing_details_reply
from bot.views.span_cheaper import shorter_rental
from bot.views.summary import sizing_summary
from engine.advice import ROOMY_SHARE, Advice, advise, edge_option, pick_at
from engine.billing import NotOffered
from engine.breakdown import CARDS_PER_NODE
from engine.catalog import gpus
from engine.cost import CostReport
from engine.cost import compare as compare_cost
from engine.errors import KasuanError
from engine.fit import Fit
from engine.money import Money
from engine.price_list import cheapest_card_hour, setup_prices
from engine.providers import provider as find_provider
from engine.providers import providers
from engine.request import TrainingRequest
from engine.seed_adapter_rows import seed_card, seed_figures
from engine.seed_minimums import eight_bit_declined, seed_optimizer_named, seed_rows_on_card
from engine.sizing import Sizing, size

SEQ_STEPS = (2048, 4096, 8192, 32768)


def sizing_buttons(stated: TrainingRequest, s: Sizing) -> list[Button]:
    """Change one thing and answer again (method, sequence length, card count, card), show the cost,
    or open the details. The payloads carry what the user stated (plus the method used), not the
    defaults, so a press re-asks the same question with one change."""
    q = s.resolved.request
    base = stated.model_copy(update={"method": q.method})
    out: list[Button] = []
    for method in ("full", "lora", "qlora"):
        if method != q.method:
            out.append(Button(f"btn.method.{method}", buttons.encode(base, f"m={buttons.METHOD_CODES[method]}")))
    longer = next((n for n in SEQ_STEPS if n > (q.seq_len or 0) and n <= s.resolved.spec.max_context), None)
    if longer:
        out.append(Button("btn.seq", buttons.encode(base, f"s={longer}"), {"k": longer // 1024}))
    n = q.num_gpus or 1
    target = 8 if n < 8 else n * 2
    out.append(Button("btn.count", buttons.encode(base, f"n={target}"), {"n": target}))
    out.append(Button("btn.cost", buttons.encode(base, "cost")))
    out.append(Button("btn.details", buttons.encode(base, "d")))
    out.append(Button("btn.export", buttons.encode(base, buttons.EXPORT)))
    return out


def _card_stand_in(req: TrainingRequest, card: UnknownCard | None) -> TrainingRequest:
    """A card the catalog lacks but whose memory the user gave ("4080 16G"): size against the
    catalog card with the same memory (the smallest at least as large), and say so."""
    if card is None or card.memory_gb is None or req.gpu:
        return req
    def rented_first(gpu_id: str) -> bool:  # a bare memory amount: of the cards that size, one that is rented
        return card.bare and cheapest_card_hour(gpu_id, 1) is None

    same = sorted((g for g in gpus().entries if g.memory_gb >= card.memory_gb),
                  key=lambda g: (g.memory_gb, rented_first(g.id), g.id))
    return req.model_copy(update={"gpu": same[0].id}) if same else req


QLORA_BASE_BYTES = 0.55  # seed 002: a 4-bit NF4 base with its quantization constants, per parameter (70.55B -> 38.8 GB)


def base_weights(s: Sizing) -> dict[str, Any]:
    """The model's own weights as loaded for this method, whole (not one card's shard): 16-bit
    params × 2 bytes, or QLoRA's 4-bit linear layers plus the 16-bit rest. What "底座权重多大" asks."""
    r = s.resolved
    if r.method == "qlora":
        single = size(s.request.model_copy(update={"gpu": None, "num_gpus": 1, "zero": None, "offload": None}))
        items = [i for t in single.estimate.terms if t.key == "weights" for i in t.items if i.basis.startswith("base_")]
        four = sum(i.gb for i in items if "nf4" in i.basis)
        rest = sum(i.gb for i in items if "nf4" not in i.basis)
        return {"quantized": True, "total_gb": four + rest, "four_gb": four, "rest_gb": rest, "params": r.params,
                "rule_gb": r.params * QLORA_BASE_BYTES / 1e9}
    width = 4 if s.request.precision == "fp32" else 2
    return {"quantized": False, "total_gb": r.params * width / 1e9, "bytes": width, "params": r.params}


def as_the_seed_sizes(stated: TrainingRequest) -> tuple[TrainingRequest, Sizing, float | None]:
    """The request sized as the answer sizes it: where the named setup is seed 000's 8-bit row (72B on
    8 × H200, 7B on one 80 GB card) and no optimizer was stated, with the 8-bit optimizer, as the seed
    sizes it; AdamW's figure comes back to be said beside it (None otherwise). The sizing and the "多少钱"
    asked of it (setup_price) go through here, so both price the same setup."""
    s = size(stated)
    if stated.optimizer is None and seed_optimizer_named(s.resolved, s.fit):
        adamw_gb = s.estimate.total_gb
        stated = stated.model_copy(update={"optimizer": "adamw-8bit"})
        return stated, size(stated), adamw_gb
    return stated, s, None


def declined_8bit(s: Sizing, verdict_asked: bool) -> dict[str, Any] | None:
    """Plain AdamW stated for a full fine-tune at a setup of seed 000's 8-bit rows ("8b 全参 一张 h100 不开 8bit
    行吗", "单卡行不行" then "不开 8bit 呢"): AdamW's model states there and the seed's 8-bit way, said beside
    offload; `lead` when the question asked a yes or no of a count with no card named (the verdict for the
    seed's card class leads, a bigger card follows)."""
    named = s.fit
    if named is not None and (named.fits or named.may_fit):
        return None
    found = eight_bit_declined(s.resolved, s.memo, named.gpu.memory_gb if named is not None else None)
    if found is None:
        return None
    adamw, eight = found
    return {"n": adamw.num_gpus, "mem": adamw.gpu.memory_gb, "states": adamw.estimate.model_states_gb,
            "mid": adamw.estimate.total_gb, "states8": eight.estimate.model_states_gb, "mid8": eight.estimate.total_gb,
            "lead": verdict_asked and named is None and s.resolved.num_gpus_stated}


def size_request(ctx: Context, req: TrainingRequest, *, details: bool = False, card: UnknownCard | None = None,
                 family: str | None = None, roomy: bool = False, display: str | None = None,
                 weights: bool = False, provider: str | None = None, other_count: int | None = None,
                 switch: str | None = None, seed_room: bool = False, host: bool = False, minimum: bool = False,
                 safe: bool = False, by_price: bool = False, least_memory: bool = False, per_card: bool = False, count: bool = False,
                 verdict_asked: bool = False, room_too: bool = False) -> Reply:
    """The sizing answer: the verdict, its price, alternatives and notes (the details on request);
    prices in `display` when the message asked for a currency, else the chat's; `count`: how many of
    the card named was asked beside its fit, said under the verdict; `verdict_asked`: a yes or no was asked of
    the setup ("单卡行不行", and its follow-ups: "不开 8bit 呢"), so its verdict leads."""
    stated, s, adamw_gb = as_the_seed_sizes(_card_stand_in(with_chat_settings(req, ctx), card))
    if details:
        reply = sizing_details_reply(s, ctx.lang)
    else:
        summary = sizing_summary(s, display or ctx.display_currency, card, req, roomy, asked_currency=display is not None,
                                 provider=provider, switch=switch, seed_room=seed_room, host=host,
                                 minimum=minimum, safe=safe)
        if by_price:  # the method was chosen for the price (or the least memory) asked: said first among the assumptions
            summary["assumptions"] = [{"code": "method_least_memory" if least_memory else "method_cheapest", "value": req.method}, *summary["assumptions"]]
        if other_count is not None and summary.get("verdict"):  # "要两张吗，一张够不够": the other count too
            summary["count_versus"] = count_versus(stated, summary["verdict"], other_count)
        elif count and summary.get("named"):  # "用4090够不够，要几张": the count, right under the fit
            summary["count_asked"] = count_asked(summary, s)
        elif summary.get("named") and summary.get("verdict") and summary["verdict"]["num_gpus"] > 1:
            summary["count_versus"] = one_holds_it(stated, summary["verdict"])  # "h100 ×8 for a 14b lora??": one is enough
        if ((roomy and s.fit is None and not summary.get("safe_seed")) or room_too) and not summary.get("seed_roomy"):
            # "32b 全参 想宽裕点", our pick not the table's roomy setup: the table's beside ours (unless the same)
            summary["seed_roomy_priced"] = seed_roomy(s, display or ctx.display_currency, provider)
            summary["room_too"] = room_too
        elif stated.optimizer == "adamw" and req.optimizer and not stated.gpu and not summary.get("seed"):
            # "7b full ft with plain adamw on one card": the table's roomy setup for that optimizer (one H200), our figure
            summary["seed_roomy_priced"] = seed_roomy(s, display or ctx.display_currency, provider)
        summary["seed_optimizer"] = {"adamw_gb": adamw_gb} if adamw_gb is not None else None
        summary["per_card"] = per_card  # "每张卡大概占多少": one card's figure leads a setup of several
        summary["declined_8bit"] = declined_8bit(s, verdict_asked)
        reply = Reply("sizing", ctx.lang, {"v": summary | {"family": family, "weights": base_weights(s) if weights else None}},
                      source=s)
    # the provider the question named rides on the buttons: "看费用" prices there, not everywhere
    reply.buttons = sizing_buttons(stated.model_copy(update={"provider": provider}) if provider else stated, s)
    verdict = reply.data.get("v", {}).get("verdict") if not details else None
    best = _best(s)
    # the setup the reply leads with, so a follow-up ("1k 预算能租几个月") can price it without naming it again
    pick = [verdict["gpu"], verdict["num_gpus"]] if verdict else [best.gpu.id, best.num_gpus] if best else None
    # every setup that fits, in order: a provider lacking the pick ("₮500 at gpuli lasts how long") rents the first sold there
    fits = [[f.gpu.id, f.num_gpus] for f in s.recommendations if f.fits]
    reply.turn = Turn("size", {"request": req.stated(), "pick": pick, "fits": fits, **({"verdict": True} if verdict_asked else {}),
                               **({"switch": switch} if switch and not details and reply.data["v"].get("switch_answer") else {}),
                               # "7b full ft roomy option" then "price?": the roomy setup it led with is the one priced
                               **({"roomy": True} if not details and reply.data["v"].get("seed_roomy") else {}),
                               "estimate": estimate_of(s, reply.data.get("v"), seed_tables(s))})  # "what dominates", "why 64"
    if not details and (shown := shown_setups(reply.data.get("v") or {})):
        reply.turn.data["shown"] = shown  # "the H200 option, monthly?", "预算型那个 8 小时多少": one of them
    if verdict and req.num_gpus is None and verdict["num_gpus"] > 1:
        reply.turn.data["cards"] = verdict["num_gpus"]  # "换成 H100 呢": the same count of the other card
    counted = reply.data.get("v", {}).get("count_asked") if not details else None
    if counted and counted.get("case") != "apart" and req.num_gpus is None and req.gpu == counted.get("gpu"):
        # "14b 全参 a100 80g" then "要几张" (4) then "一个月多少": the four cards counted are the ones priced
        reply.turn.data.update(cards=counted["num_gpus"], how_many=True)
    return attach_chart(reply, s)


def seed_count_on_card(req: TrainingRequest) -> TrainingRequest:
    """"7b 全参用 h200 月租多少": a full fine-tune priced on a named card (no count, or the seed's) and no
    optimizer is priced on seed 000's setup for that card (one H200 for 7B, with the class's 8-bit optimizer
    when AdamW misses it) when that setup holds the job without offload, not on eight of the card nor with
    offload (20–50% slower, never the cheapest safe way while a plan without it fits); else as asked."""
    if not req.gpu or req.optimizer is not None or req.method != "full" or req.offload not in (None, "none"):
        return req
    s = size(req)
    if s.fit is None:
        return req
    rows = seed_rows_on_card(s.resolved, s.fit.gpu.memory_gb)
    if rows is None:
        return req
    count, optimizers = rows
    if req.num_gpus is not None and req.num_gpus != count:
        return req  # another count asked: priced as asked
    for optimizer in optimizers:
        if optimizer == "adamw":
            continue  # AdamW as asked: the cost engine's own pick stands
        way = req.model_copy(update={"num_gpus": count, "optimizer": optimizer})
        fit = size(way).fit
        if fit is not None and fit.fits and fit.estimate.plan.offload == "none":
            return way
    return req


def cost_request(ctx: Context, req: TrainingRequest, *, details: bool = False, family: str | None = None,
                 roomy: bool = False, least: bool = False, form_named: bool = False) -> Reply:
    """The time-and-cost answer for `req`, in the chat's comparison currency and default provider;
    `roomy` when the question asked for room ("宽裕配置一个月多少"): the table's roomy setup leads;
    `least` when it asked for the minimum setup ("min config … monthly cost"): the table's minimum leads."""
    update: dict[str, object] = {}
    if ctx.settings.currency and not req.currency:
        update["currency"] = ctx.settings.currency
    if ctx.settings.provider and not req.provider:
        update["provider"] = ctx.settings.provider
    asked = seed_count_on_card(req.model_copy(update=update) if update else req)
    unsold: str | None = None
    try:
        report = compare_cost(asked)
    except NotOffered as exc:
        single = exc.reason == "single_card_plans" and (asked.num_gpus or 0) > 1 and bool(asked.provider)
        other = exc.reason == "gpu_not_offered" and bool(asked.provider and asked.gpu)
        if not (single or other or (exc.reason == "count_not_offered" and asked.num_gpus and asked.gpu)):
            raise
        # "7B full on one H100? … cost?": the card at a count one rents, the refusal first; "two 4090s at cloudgpu … 3h?" / "5090 包月" then "cloudgpu 呢": that provider's own card for the job
        unsold = error_message(exc, ctx.lang)
        report = compare_cost(asked.model_copy(update={"num_gpus": None, "zero": None, **({"gpu": None} if single or other else {})}))
    across = None
    if (box := one_machine_way(asked, report)) is not None:
        # "72b 全参 不开 offload 一周多少钱": 8 × H200 with an 8-bit optimizer, not 32 × H100 over 4 nodes; where the
        # provider asked rents no such machine, its own pick stands
        with suppress(KasuanError):
            report, asked, across = compare_cost(box[0]), box[0], box[1]
    reply = cost_reply(report, ctx.lang, details=details)
    reply.data["v"]["across"] = across
    reply.data["v"]["pick_8bit"] = asked.optimizer == "adamw-8bit"  # the pick line says the optimizer it needs
    if unsold is not None:
        reply.data["v"]["unsold"] = unsold
    reply.data["v"]["family"] = family
    if not details and not report.sizing.resolved.adapter:  # full fine-tuning: the seed's minimum, priced
        v = reply.data["v"]
        v["seed"] = seed_setup(report, req.optimizer is not None, report.display_currency, asked.provider, v.get("lineup") or [])
        v["seed_span"] = seed_span(report, req.optimizer is not None, report.display_currency, asked.provider)
        seed_for_span(v["seed"], report, asked.provider, form_named)  # "一周半 … 要多少": the seed's setup for that span too
        # "8bit 优化器 h100 一张够吗" then "看费用": nobody rents one H100, so the seed's minimum setup leads
        v["seed_first"] = (least and not req.gpu) or (unsold is not None and bool(v["seed"]))
        # "包周 a100 7b 全参": the safe pick buys a month for a week's job while the seed's minimum rents by
        # the week: the minimum stands under the lead, so the term asked is priced where it is sold
        v["seed_under"] = bool(v["seed"] and (v.get("pick") or {}).get("unused") and report.basis == "stated")
        if roomy and not req.gpu:
            reply.data["v"]["seed_roomy"] = seed_roomy(report.sizing, report.display_currency, asked.provider)
        elif roomy and report.cheapest is not None:
            # "7b 全参用 h200 宽裕吗，月租多少": the room on the card named is the first answer, then its price
            f = report.cheapest.fit
            v["room"] = fit_row(f) | {"roomy": f.fits and f.estimate.total_gb <= (1 - ROOMY_SHARE) * f.gpu.memory_gb}
    elif not details and not req.gpu:  # LoRA / QLoRA: the seed table's card for the size, priced
        v = reply.data["v"]
        reply.data["v"]["seed"] = seed_table_card(report, (v.get("lineup") or [None])[0], report.display_currency, asked.provider)
        seed_for_span(v["seed"], report, asked.provider)  # "跑两天": the table's card for those two days, not only its hour
        v["table_span"] = table_span(report, report.display_currency, asked.provider)
    if not details and report.basis == "minimum_unit":
        reply.data["v"]["pick_month"] = month_beside(report)
    reply.source = report
    # "那砍到 4 张呢": the count named misses, first; unless the seed's minimum for the job (7B full: one 80 GB card
    # with an 8-bit optimizer) is shown, which says how that card holds it
    reply.data["v"]["miss"] = None if reply.data["v"].get("seed") else stated_offload_only(report, ctx.lang)
    reply.turn = Turn("cost", {"request": req.stated()})
    if report.reference is not None:  # the setup the answer leads with: "再加 2000G 存储卷 一共多少" totals with it
        o = report.reference
        reply.turn.data["priced"] = [o.gpu.id, o.num_gpus, o.provider.id]  # (not "pick": the term follow-ups read that)
        # the other setups the answer listed: "and the other 80G option?" prices one of them (bot.core.options)
        reply.turn.data["alternatives"] = [[row["gpu"], row["num_gpus"], row["provider"]] for row in reply.data["v"].get("rows") or []
                                           if [row["gpu"], row["num_gpus"], row["provider"]] != reply.turn.data["priced"]]
    if not details:
        reply.buttons = [Button("btn.details", "d|"), Button("btn.export", buttons.encode(req, buttons.EXPORT))]
    return attach_chart(reply, report)


def month_beside(report: CostReport) -> dict[str, Any] | None:
    """With no length stated each provider is priced for its shortest rental, so a week-priced pick
    (72B full: 8 × H100, ₮4,172) stands beside month-only rows (8 × A100 box, ₮8,352); the pick's month
    at its own provider (₮14,432, seed 000's figure) is said beside it, so the comparison has a common
    term. None when the pick is bought by the month already or its provider has no month price."""
    o = report.cheapest
    if o is None or any(c.kind == "month" for c in o.quote.cycles):
        return None
    rows = unit_prices(o.gpu.id, o.num_gpus, report.display_currency, limit=len(providers().entries))
    units: list[dict[str, Any]] = next((r["units"] for r in rows if r["provider"] == o.provider.name), [])
    return next((u["total"] for u in units if u["unit"] == "month"), None)


def cost_lines(ctx: Context, req: TrainingRequest, ways: list[tuple[dict[str, Any], TrainingRequest]],
               *, family: str | None = None, safe_only: bool | None = None) -> Reply:
    """The job priced several ways, a line each (bot.views.cost.lines_reply): each rental length asked
    ("一周多少 一个月多少") or each card named ("4090 还是 5090 各多少钱"). The turn is the job, so
    "明细" or "gpuli 呢" ask again of it."""
    update: dict[str, object] = {}
    if ctx.settings.currency and not req.currency:
        update["currency"] = ctx.settings.currency
    if ctx.settings.provider and not req.provider:
        update["provider"] = ctx.settings.provider
    labelled = [(label, compare_cost(way.model_copy(update=update))) for label, way in ways]
    # a card named (each way's, or the job's own) is priced even where only its expected figure fits
    safe = not any("card" in label for label, _ in ways) if safe_only is None else safe_only
    reply = lines_reply(labelled, ctx.lang, safe_only=safe)
    reply.data["v"]["family"] = family
    first = labelled[0][1]
    if not any("card" in label for label, _ in ways):  # seed 000's setup beside our picks, as in one cost answer
        reply.data["v"]["seed"] = lines_seed(first, reply.data["v"], req, req.provider or ctx.settings.provider)
    reply.source = labelled[0][1]
    reply.turn = Turn("cost", {"request": req.stated(), **gap_kept(reply)})  # "差多少" next: the gap worked out here
    reply.buttons = [Button("btn.details", "d|"), Button("btn.export", buttons.encode(req, buttons.EXPORT))]
    return reply


def provider_name(provider_id: str) -> str:
    return next((p.name for p in providers().entries if p.id == provider_id), provider_id)


def setup_price(ctx: Context, follow: dict[str, object]) -> Reply:
    """The rental prices of the setup a sizing recommended (the one its price line names), at every provider in their own units, with the job named first: "多少钱" asked of the last answer."""
    asked = TrainingRequest.model_validate(follow["setup_of"])  # "用 h200 呢" after a price: that card as the seed has it
    req = seed_count_on_card(asked) if follow.get("changed") else asked
    roomy = bool(follow.get("roomy"))  # the sizing led with seed 000's roomy setup: that setup's prices
    advice = advise(as_the_seed_sizes(with_chat_settings(req, ctx))[1], req, roomy=roomy, seed_room=roomy)
    provider = req.provider or ctx.settings.provider
    own = own_setup(advice, req, provider)  # "we have two 4090s" then "gpuli weekly cost for those": those cards
    # "gpuli 上…": what gpuli rents; the setup the sizing named stays where the provider rents it, else one alike
    stand_in = stand_in_for(advice, provider, own, bool(follow.get("only")))  # "最便宜的卡": a cheaper alike
    setup = own or stand_in or (pick_at(advice, provider, alike=False) if provider else None) or advice.priced
    one_box = one_machine(advice, setup, provider) if (follow.get("changed") or (req.num_gpus or 9) <= CARDS_PER_NODE) and setup is not None else None
    setup = one_box or setup
    if setup is None or not setup_prices(variants(setup.gpu.id, False), setup.num_gpus, None).offered:
        # nothing holds the job, or nobody rents that setup: the cost answer says so and prices one rented
        return cost_request(ctx, req)
    named_form = bool(follow.get("form_named")) and setup.gpu.id == req.gpu  # "a100 sxm" said: gpuli's SXM week, not its PCIe
    data = {"gpu": variants(setup.gpu.id, named_form), "num_gpus": setup.num_gpus, "hours": follow.get("hours"),
            "display": follow.get("display") or ctx.display_currency, "first": req.provider,
            "asked_currency": bool(follow.get("asked_currency")), "apart": own is not None, "forms": setup.gpu.id == req.gpu and setup.num_gpus == 1}
    reply = price_turn(ctx, data, details=False)
    if stand_in is not None and setup is stand_in:  # "gpuli 不单租 1×H100 SXM": the card alike priced instead
        reply.data["stand_in"] = stand_in_note(advice, setup, provider)
    if follow.get("only") and req.provider and any(r.get("provider_id") == req.provider for r in reply.data.get("rows") or []):
        # "cheapest way to full finetune 72b on gpuli?": the way there, not every provider's list beside it
        reply.data["rows"] = [r for r in reply.data["rows"] if r.get("provider_id") == req.provider]
        reply.data["refused"] = [r for r in reply.data.get("refused") or [] if r.get("provider_id") == req.provider]
    if provider is None and own is None:  # "one h200 enough?" then "monthly cost": the H200 named leads, the others after
        own_cards(reply, advice, data, named_first=bool(req.gpu) and setup.gpu.id == req.gpu)
    edge = edge_option(setup, provider, req.exclude) if own is None else None
    if edge is not None:  # cheaper, but only the expected figure fits: named with its risk
        reply.data["edge"] = fit_row(edge) | {"prices": [p for p in unit_prices(edge.gpu.id, edge.num_gpus, str(data["display"]))
                                                          if provider is None or p["provider"] == provider_name(provider)]}
        if follow.get("hours"):  # "…for a week": the cheaper setup for that length too, not by the hour
            reply.data["edge"]["span"] = span_totals(edge.gpu.id, edge.num_gpus, float(str(follow["hours"])),
                                                     str(data["display"]), provider)
    if setup.estimate.plan.offload != "none":
        # "72b 全参要多少钱": the setup holds the job only by offloading; its throughput cost is said, and the
        # setup without offload (seed 000: 8×H200 with an 8-bit optimizer) priced beside it
        reply.data["offload"] = True
        if advice.eight_bit is not None:
            reply.data["no_offload"] = fit_row(advice.eight_bit) | {"prices": [
                p for p in unit_prices(advice.eight_bit.gpu.id, advice.eight_bit.num_gpus, str(data["display"]))
                if provider is None or p["provider"] == provider_name(provider)]}
    seed = advice.seed
    if seed is not None and not advice.seed_is_verdict and (seed.gpu.id, seed.num_gpus) != (setup.gpu.id, setup.num_gpus):
        # the sizing named seed 000's minimum beside its own pick (📌): its price too, as the table rents it
        rows = [p for p in unit_prices(seed.gpu.id, seed.num_gpus, str(data["display"]))
                if provider is None or p["provider"] == provider_name(provider)]
        reply.data["seed"] = fit_row(seed) | {"prices": rows, "eight_bit": advice.seed_optimizer == "adamw-8bit"}
    elif seed is None and setup.estimate.plan.zero == 0 and seed_card(advice.sizing, provider, card_missed := bool(
            req.gpu and advice.verdict is not None and not (advice.verdict.fits or advice.verdict.may_fit))) not in (None, setup.gpu.id):
        # a LoRA / QLoRA pick on another card than the table's (14B bf16 LoRA: an RTX A6000 for the table's
        # L40S, both 48 GB): the table's card priced under the lead, as the sizing's price line named it;
        # also where a provider's own row is that card (gpuli's 4090 for 7B QLoRA), ranked fourth; and where the
        # card the user named no longer holds the job ("14b qlora 4090" then "换成 bf16 lora"), as if none was named
        reply.data["seed"] = table_card_priced(advice.sizing, str(data["display"]), provider, named_missed=card_missed)
    if reply.data.get("seed"):  # its prices converted as the rows above are ("人民币呢": ≈ ¥4,608)
        reply.data["seed"]["prices"] = approx_units(reply.data["seed"]["prices"])
    spec = advice.sizing.resolved
    who = spec.spec.name if req.model else f"{spec.params / 1e9:.3g}B"
    reply.data["job"] = t("price.job", ctx.lang, model=who, method=t(f"method.{spec.method}", ctx.lang))
    reply.data["own"] = own is not None  # the user's own cards, not the tool's pick
    if setup.num_gpus > 1:  # "14b 全参 最低配置": 4 cards say how they share the job (seed 000: ZeRO-3), not only how many
        reply.data["sharding"] = plan_label(fit_row(setup), ctx.lang)
    if (setup is advice.seed and advice.seed_optimizer == "adamw-8bit" and req.optimizer is None) or req.optimizer != asked.optimizer or (setup is one_box and req.optimizer is None):
        # "72b 全参 不开 offload 多少钱": the seed's machine holds it with the 8-bit optimizer only, said so, and why one machine
        reply.data["sharding"] = (reply.data.get("sharding") or "") + t("sum.seed_8bit", ctx.lang)
        reply.data["across"] = across_nodes(req, advice.sizing, setup)
    # the job stays the subject: "4 张呢", "训多久" change it; "人民币呢" asks these prices again in CNY
    # the setup priced is the pick its follow-ups add to ("加 2T 存储卷": that rental with the volume), for the
    # length asked ("一个月多少" then the add-on: a month's total); the length stays with it too: "人民币" after
    # "两周多少" asks those two weeks again in CNY
    reply.turn = Turn("size", {"request": req.stated(), "setup": True, "pick": [setup.gpu.id, setup.num_gpus], "setup_hours": follow.get("hours")})
    # "just 2 weeks?" where the setup is sold by the month only: one sold for that span leads; a job changed after its price
    # ("换成 lora 不量化呢") first says whether the card named still holds it, or (tight) says so below the price
    named = advice.verdict if req.gpu and advice.verdict is not None and advice.verdict.gpu.id == req.gpu else None
    tight = named_changed(named, req.num_gpus or 1, setup, reply.data["job"], ctx.lang) if follow.get("changed") else None
    missed = named_misses(named, req.num_gpus or 1, setup, reply.data["job"], one_box is not None, ctx.lang) if follow.get("changed") \
        else _named_priced(advice, req, setup, provider, reply.data["job"], str(data["display"]), ctx.lang, tight=not (hours := follow.get("hours")),
                           hours=float(hours) if isinstance(hours, int | float) else None)
    reply.also += [tight] if tight is not None and missed is None else []
    if (unrented := None if missed else own_not_rented(advice, req, provider, ctx.lang)) is not None:
        reply.data.pop("stand_in", None)  # it says the card is not rented there: the stand-in's note would repeat it
    return verdict_first(reply, missed or unrented or shorter_rental(setup, provider, follow.get("hours"), ctx.lang))


def _named_priced(advice: Advice, req: TrainingRequest, setup: Fit, provider: str | None, what: str, display: str,
                  lang: str, tight: bool = False, hours: float | None = None) -> Reply | None:
    """"一万网络 7b lora 推荐啥" then "那个 t4 呢 多少钱": the card named is priced where asked, first, though
    it does not hold the job (bot/views/named_misses.py); the setup that does follows."""
    named = advice.verdict if req.gpu and advice.verdict is not None and advice.verdict.gpu.id == req.gpu else None
    if named is None:
        return None
    count = req.num_gpus or 1
    rows = [p for p in unit_prices(named.gpu.id, count, display) if provider is None or p["provider"] == provider_name(provider)]
    # a tight card's unit prices lead a price asked with no length ("多少钱"); a length asked prices the safe pick for it
    return named_priced(named, count, setup, what, rows, lang, hours) or (named_tight(named, count, setup, what, rows, lang) if tight else None)


def one_machine(advice: Advice, setup: Fit, provider: str | None) -> Fit | None:
    """Seed 000's single machine with an 8-bit optimizer (72B full: 8×H200) where the setup picked spans
    several machines (32×H100 over 4 nodes, InfiniBand extra) and that machine is rented (where asked); else None."""
    box = advice.eight_bit
    if box is None or setup.num_gpus <= CARDS_PER_NODE or box.num_gpus > CARDS_PER_NODE or not box.fits:
        return None
    offered = setup_prices(variants(box.gpu.id, False), box.num_gpus, None).offered
    return box if any(provider is None or r.provider.id == provider for r in offered) else None


def own_cards(reply: Reply, advice: Advice, data: dict[str, Any], named_first: bool = False) -> None:
    """A provider that does not rent the recommended card is quoted for its own cheapest setup that holds
    the job (engine.advice.pick_at), in the list with the others, instead of only "does not rent it":
    "7b qlora 用啥卡" recommends one RTX 3090, and "一周多少钱" then gives gpuli's RTX 4090 (₮109 a week,
    the card seed 000 names) beside CloudGPU's and 一万网络's 3090. `named_first`: the card is the one the user
    named, so its own rows lead and the other providers' cards follow, cheapest first."""
    hours = data.get("hours")
    span = timedelta(hours=float(str(hours))) if hours else None
    rows, kept = cast(list[dict[str, Any]], reply.data.get("rows") or []), []
    lead = list(rows) if named_first else []
    for x in cast(list[dict[str, Any]], reply.data.get("refused") or []):
        own = pick_at(advice, x["provider_id"]) if x["reason"] == "gpu_not_offered" else None
        found = [] if own is None else [r for r in price_view(setup_prices(variants(own.gpu.id, False), own.num_gpus, span,
                                                                        display_currency=str(data["display"]),
                                                                        whole_machines=True), None,
                                                           bool(data.get("asked_currency")))["rows"]
                                         if r["provider_id"] == x["provider_id"]]
        rows.extend(found)
        if not found:
            kept.append(x)
    if len(kept) < len(reply.data.get("refused") or []):
        display = str(data["display"])
        rows.sort(key=lambda r: Money(Decimal(str(r["quotes"][0]["total"]["high"])), r["quotes"][0]["total"]["currency"]).to(display).amount)
        if lead:
            rows = lead + [r for r in rows if r not in lead]
        reply.data.update(rows=rows, refused=kept, same_setup=False)
        if not lead and not rows[0]["quotes"][0].get("estimate"):
            reply.data["cheapest"] = rows[0]["provider"]


def export_request(ctx: Context, req: TrainingRequest, fsdp: bool = False, precision: str | None = None,
                   tools: frozenset[str] = frozenset(), shown: frozenset[str] = frozenset()) -> Reply:
    """The ready-to-run training files for the setup `req` sizes to, as attachments, with the price of
    that setup in the header when a provider rents it; at the precision asked, the summary showing the
    settings of the frameworks named, and those the message named (`shown`, request fields) at any value."""
    stated = as_the_seed_sizes(with_chat_settings(req, ctx))[0]  # seed 000's 8-bit row (7B full on one 80 GB) as the sizing has it
    try:
        report = compare_cost(stated)
    except KasuanError:
        report = None  # a job that cannot be priced (a card no provider rents) still gets its files
    return export_reply(report.sizing if report is not None else size(stated), ctx.lang, report, fsdp=fsdp,
                        precision=precision, tools=tools, stated=frozenset(stated.stated()) | shown)


def objective_info(ctx: Context, req: TrainingRequest) -> Reply:
    """"DPO 的参考模型要不要单独算": what KaSuan counts for that objective, with full fine-tuning and
    with adapters, and how to get a sizing — an answer, not a question back."""
    obj = req.objective or "dpo"
    return Reply("objective_info", ctx.lang, {"objective": obj,
                                              "notes": [f"objective.{obj}.full", f"objective.{obj}.adapter"]})


def answer_turn(ctx: Context, awaiting: Awaiting, value: str) -> Reply:
    """Finish a sizing/cost question that lacked its model, or re-render the last answer in full."""
    data = awaiting.data
    req = TrainingRequest.model_validate(data.get("request", {}))
    if awaiting.slot == "model":
        update: dict[str, object] = {"params_b": float(value[1:])} if value.startswith("P") else {"model": value}
        req = req.model_copy(update=update)
    details = awaiting.slot == "details"
    if awaiting.kind == "cost":
        return cost_request(ctx, req, details=details)
    if awaiting.kind == "price":
        return price_turn(ctx, data, details)
    if awaiting.kind == "compare":
        return compare_request(ctx, req)
    if awaiting.kind == "export":
        return export_request(ctx, req)
    if awaiting.kind == "gpus":
        return gpus_reply(ctx.lang, details=True)
    if awaiting.kind == "inference":
        return inference_reply(req, ctx.lang, data.get("concurrency"), data.get("precision"), details=details)
    return size_request(ctx, req, details=details)


def seed_tables(s: Sizing) -> list[tuple[str, tuple[float, float]]]:
    """The seeds' figures for the job's class and method, each by its provider (seed 000 is gpuli's table,
    seed 002 CloudGPU's), said beside ours in a comparison of methods as a single sizing says them."""
    row = seed_figures(s)
    if row is None:
        return []
    return [(find_provider(who).name, band) for who, band in (("gpuli", row.gpuli), ("cloudgpu", row.cloudgpu))
            if band is not None]


def methods_request(ctx: Context, req: TrainingRequest, methods: tuple[str, ...], counts: dict[str, int]) -> Reply:
    """"32b qlora 跟 lora 差多少": the job sized with each method named, in the order named, with the difference
    first (what was asked), then each one's need, setup and price; on its own card count where one was said for it."""
    rows, slow = [], None
    for method in methods[:3]:
        n = counts.get(method, req.num_gpus)
        variant = req.model_copy(update={"method": method, "lora_rank": None if method == "full" else req.lora_rank, "num_gpus": n})
        s = size(with_chat_settings(variant, ctx))
        rows.append(sizing_summary(s, ctx.display_currency, stated=variant) | {"seed_tables": seed_tables(s)})
        slow = slow or next((dict(w.params) for w in s.warnings if w.code == "qlora_slow"), None)
    first = rows[0]
    diffs = [{"a": first["method"], "b": r["method"], "gb": abs(r["total_gb"] - first["total_gb"]),
              "less": r["total_gb"] < first["total_gb"],
              "pct": round(100 * (1 - min(r["total_gb"], first["total_gb"]) / max(r["total_gb"], first["total_gb"]))),
              "times": max(r["total_gb"], first["total_gb"]) / min(r["total_gb"], first["total_gb"])}
             for r in rows[1:] if min(r["total_gb"], first["total_gb"]) > 0 and r["num_gpus"] == first["num_gpus"]]  # per card: one count
    reply = Reply("sizing_methods", ctx.lang, {"rows": rows, "diffs": diffs, "slow": slow})
    # "cost diff?" next: each method priced (bot.core.methods_cost)
    reply.turn = Turn("size", {"request": req.model_copy(update={"method": methods[0]}).stated(), "methods": list(methods[:3])})
    return reply


def compare_request(ctx: Context, q: TrainingRequest) -> Reply:
    """Full / LoRA / QLoRA side by side, or 1/2/4/8 cards of the named card for the named method."""
    rows: list[dict[str, Any]] = []
    if q.method and q.gpu and not q.num_gpus:
        axis = "cards"
        variants = [q.model_copy(update={"num_gpus": n}) for n in (1, 2, 4, 8)]
    else:
        axis = "method"
        variants = [q.model_copy(update={"method": m}) for m in ("full", "lora", "qlora")]
    for variant in variants:
        s = size(variant)
        best = _best(s)
        rows.append({
            "method": s.request.method,
            "num_gpus": s.estimate.plan.num_gpus,
            "zero": s.estimate.plan.zero,
            "total_gb": s.estimate.total_gb,
            "fits": s.fit.fits if s.fit else None,
            "tight": s.fit.tight if s.fit else None,
            "best": short_gpu(best.gpu.name) if best else None,
            "best_n": best.num_gpus if best else None,
        })
    first = size(variants[0])
    return Reply("compare", ctx.lang, {"axis": axis, "rows_data": rows, "model": first.resolved.spec.name,
                                       "gpu": short_gpu(first.fit.gpu.name) if first.fit else None,
                                       "seq": first.request.seq_len})


def _best(s: Sizing) -> Fit | None:
    return next((f for f in s.recommendations if f.fits and not f.tight), None) or next(
        (f for f in s.recommendations if f.fits), None)
