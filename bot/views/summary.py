"""The short sizing reply as data: the engine's advice (engine.advice: the verdict, the alternatives,
the levers, the 8-bit way, the price ranking) shaped into what the reply shows, with its price line
and at most two notes that apply to this case.

Why a separate view from bot/views/sizing.py (the Details reply): a team lead reads the first message on
a phone. The verdict leads; the term-by-term breakdown, every card and the checkpoints sit behind
the Details button. This module decides nothing about setups: it words what engine.advice chose.
- price: the cheapest way to rent the priced setup at each provider, in their own units;
- notes: only those about this setup; the 8-bit optimizer hint only where it agrees with the
  verdict (it names its own card size), never one that contradicts the line above it.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, cast

from bot.text.i18n import has
from bot.text.names import gpu_name, short_gpu
from bot.understand.cards import UnknownCard
from bot.views.article_figure import article_full_view, article_view
from bot.views.host_memory import host_memory
from bot.views.minimum_answer import minimum_answer, seed_way
from bot.views.price import unit_prices
from bot.views.sizing import fit_row
from bot.views.switch_answer import switch_answer
from engine.advice import Advice, MethodOption, advise, edge_option, pick_at
from engine.catalog import gpus
from engine.fit import Fit, offload_slow
from engine.levers import Lever
from engine.memory import Plan
from engine.preference import NOT_COUNTED, PAIRED, REFERENCE
from engine.price_list import cheapest_card_hour
from engine.providers import provider as find_provider
from engine.providers import providers
from engine.request import TrainingRequest
from engine.resolve import Resolved, offload_kind
from engine.seed_adapter_rows import provider_seed, seed_card, seed_row
from engine.seed_minimums import SEED_000_MINIMUMS, seed_without_offload, state_bytes_per_param
from engine.sizing import Sizing

MAX_NOTES = 2
# warnings about the very setup the reply leads with, which the seeds give as a reason against it (ZeRO-3 over
# PCIe cards is markedly slower, seed 000): said under the verdict, not after the alternatives and the prices
LEAD_NOTES = frozenset({"warn.zero3_pcie", "warn.fsdp_pcie"})
QUIET_WARNINGS = {"does_not_fit", "may_fit", "tight", "grad_checkpointing_slow", "seed_minimum"}  # said by the verdict, or true of every run
SHOWN_ASSUMPTIONS = ("method_default", "method_zero_full", "method_states_full", "seq_len_default", "micro_batch_default", "lora_rank_default",
                     "grad_checkpointing_default", "zero_chosen", "zero_chosen_ddp", "zero_for_offload",
                     "loss_version_unknown")


def _notes(s: Sizing, verdict: Fit | None, levers: list[Lever], seed_said: bool = False,
           other: Fit | None = None) -> list[dict[str, Any]]:
    q = s.request
    notes: list[dict[str, Any]] = []
    obj = q.objective or "sft"
    if obj in REFERENCE or obj in PAIRED or obj in NOT_COUNTED:
        notes.append({"code": f"objective.{obj}.{'adapter' if s.resolved.adapter else 'full'}", "params": {}})
    if s.resolved.method == "pretrain":  # the memory fits on few cards; the run needs a node and its network
        notes.append({"code": "method.pretrain.setup", "params": {}})
    for w in s.warnings:
        if w.code in QUIET_WARNINGS:
            continue
        if w.code in ("needs_8bit_optimizer", "edge_8bit_optimizer"):
            if seed_said:
                continue  # the seed's 8-bit minimum line says it, with its figures
            capacity = float(cast(float, w.params.get("capacity") or 0))
            other_card = verdict is not None and verdict.gpu.memory_gb != capacity
            bigger_than_a_miss = verdict is not None and not verdict.fits and capacity > verdict.gpu.memory_gb
            if levers or (other_card and q.gpu is not None and not bigger_than_a_miss):
                # the levers line says it, or it would name another card size than a verdict that holds
                # (with no card named, or a card that misses, one 80 GB card with it is the seed's minimum)
                continue
        notes.append({"code": f"warn.{w.code}", "params": dict(w.params)})
    if verdict is not None and verdict.estimate.plan.offload != "none" and s.estimate.plan.offload == "none":
        slow = offload_slow()  # the verdict offloads though the question did not: its throughput cost
        notes.insert(0, {"code": f"warn.{slow.code}", "params": dict(slow.params)})
    shown = other if other is not None else verdict
    if shown is not None and shown.estimate.plan.zero == 3 and shown.num_gpus > 1 and not shown.gpu.fast_interconnect \
            and not any(n["code"] == "warn.zero3_pcie" for n in notes):
        # the setup the reply leads with shards over PCIe ("4090 多卡能跑 zero3 吗": 4 × 4090, ZeRO-3): seed 000
        # says ZeRO-3 there is markedly slower, whichever setup the question named
        notes.insert(0, {"code": "warn.zero3_pcie", "params": {"gpu": shown.gpu.id}})
    if s.request.sharding == "fsdp":  # the same over-PCIe cost, said of the engine the run shards with
        notes = [n | {"code": "warn.fsdp_pcie"} if n["code"] == "warn.zero3_pcie" else n for n in notes]
    if shown is not None and shown.gpu.vendor == "amd" and not any(n["code"] == "warn.rocm" for n in notes):
        # the card the reply leads with is AMD's ("72b lora bf16 单卡"): ROCm, not CUDA, whichever card was named
        notes.insert(0, {"code": "warn.rocm", "params": {"gpu": shown.gpu.id}})
    return notes[:MAX_NOTES]


ASKED_FIELDS = ("lora_rank", "lora_targets", "zero", "sharding", "offload", "optimizer", "grad_checkpointing", "attention",
                "precision", "chunked_loss", "grad_accum", "double_quant", "train_embeddings", "activation_offload", "exclude")


def asked(stated: TrainingRequest | None) -> list[dict[str, Any]]:
    """The settings the user stated beyond model, method, card, sequence and batch (which the
    verdict line already shows), so the reply names back every fact it used."""
    if stated is None:
        return []
    out = []
    for key in ASKED_FIELDS:
        value = getattr(stated, key, None)
        if value is None:
            continue
        text = ",".join(value) if isinstance(value, tuple) else str(value).lower()
        if key == "exclude":  # the cards ruled out, by the names people use
            text = " / ".join(gpu_name(g) for g in value)
        if key == "offload" and text == "optimizer":
            text = offload_kind(stated.sharding)  # what the run offloads under its sharding engine
        if key == "zero" and stated.sharding == "fsdp":
            continue  # "FSDP" is named by the sharding entry, not as a ZeRO stage it is not
        worded = f"asked.{key}.{text}"  # a value with its own words ("no offload", "gradient checkpointing on")
        out.append({"key": worded if has(worded) else f"asked.{key}", "value": text})
    return out


def _method_row(m: MethodOption) -> dict[str, Any]:
    return {"method": m.method, "gb": m.gb, "card": fit_row(m.best) if m.best is not None and m.priced else None,
            "prices": unit_prices(m.best.gpu.id, 1, "USD", 1) if m.best is not None else []}


def lineup(verdict: Fit | None, other: Fit | None, eight_bit: dict[str, Any] | None,
           others: list[Fit]) -> list[dict[str, Any]]:
    """Every setup the reply names, in the order it names them (the chart's bars): the verdict, the
    setup that would hold the job as stated, the 8-bit way, then the alternatives."""
    rows = [fit_row(verdict) | {"role": "verdict"}] if verdict is not None else []
    if other is not None:
        rows.append(fit_row(other) | {"role": "alternative"})
    if eight_bit is not None:
        rows.append(eight_bit | {"role": "eight_bit"})
    return rows + [fit_row(f) | {"role": "other"} for f in others]


NAMED_SIZE = re.compile(r"(\d+(?:\.\d+)?)B\b", re.IGNORECASE)


def states_nominal(s: Sizing) -> dict[str, float] | None:
    """The model states per card as the seeds count them, on the size in the name ("32B", the real
    count is 32.8B): the seed's sharding table says 120 GB where we say 123; None when they agree."""
    found = NAMED_SIZE.search(s.resolved.spec.name)
    nominal = float(found.group(1)) if found else None
    if s.resolved.adapter or not nominal:
        return None
    gb = s.estimate.model_states_gb * nominal * 1e9 / s.resolved.params
    return {"b": nominal, "gb": gb} if abs(gb - s.estimate.model_states_gb) >= 1 else None


def _seed_no_offload(s: Sizing) -> dict[str, Any] | None:
    """Offload asked: the seed's minimum that needs none (7B: one 80 GB card, 8-bit optimizer), also
    beside a named offloading setup ("7b 全参 一张 4090 开 offload 最省吗": not by the seed's table)."""
    found = seed_without_offload(s.resolved, s.memo)
    if found is None:
        return None
    fit, optimizer = found
    return fit_row(fit) | {"states_gb": fit.estimate.model_states_gb,
                           "eight_bit": optimizer == "adamw-8bit" and s.request.optimizer != "adamw-8bit"}


def _seed_row(s: Sizing, display_currency: str) -> dict[str, Any] | None:
    """The seeds' LoRA / QLoRA figure for the class (engine.seed_adapter_rows), with the card seed 000
    names for it and that card's price at gpuli, the seed's own provider (72B bf16 LoRA: one MI300X,
    ₮1,699 a month), so the table's answer is complete where ours differs from it."""
    row = seed_row(s)
    if row is None:
        return None
    card = str(row["card"])
    seed_provider = find_provider("gpuli").name
    prices = [p for p in unit_prices(card, 1, display_currency) if p["provider"] == seed_provider]
    tables = [(find_provider(who).name, band, row["class_b"]) for who, band in (("gpuli", row["gpuli"]), ("cloudgpu", row["cloudgpu"]))
              if band is not None]
    return row | {"card_name": gpu_name(card), "card_prices": prices, "tables": tables,
                  "article": article_view(s, cast(Any, row["article"]))}


def table_card(s: Sizing, priced: Fit | None, display_currency: str, provider: str | None = None) -> dict[str, Any] | None:
    """The card seed 000's LoRA / QLoRA table names for the class (14B bf16 LoRA: one L40S 48GB, ₮649 a
    month at gpuli), priced at gpuli, when the reply prices another card on one of its own (an RTX A6000
    with the same 48 GB for ₮389): said on the price line, with the memory of both, so the reader holding
    the table sees its card and what ours saves in the first lines, not five lines down."""
    card = seed_card(s, provider)
    # a pick of several cards each holding the whole job (a provider's 8-card box, DDP) still has the table's card beside it
    if card is None or priced is None or priced.estimate.plan.zero != 0 or priced.gpu.id == card:
        return None
    seed_provider = find_provider(provider if provider and provider_seed(s, provider) else "gpuli").name
    prices = [p for p in unit_prices(card, 1, display_currency) if p["provider"] == seed_provider]
    if not prices:
        return None
    memory = gpus().get(card).memory_gb
    found = Fit(gpus().get(card), s.memo.estimate(s.resolved, Plan(1, 0)))
    # a provider's own seed card our high end overflows (7B LoRA on 一万网络's 3090): said with our figures,
    # since the pick above is dearer for that reason (issue 19 ranks on the high end)
    tight = None if found.fits else {"gb": found.estimate.range.expected_gb, "high": found.high_gb}
    return {"gpu": card, "name": gpu_name(card), "memory_gb": memory, "same_memory": memory == priced.gpu.memory_gb, "prices": prices,
            "tight": tight}


def sizing_summary(s: Sizing, display_currency: str, card: UnknownCard | None = None,
                   stated: TrainingRequest | None = None, roomy: bool = False,
                   asked_currency: bool = False, provider: str | None = None, switch: str | None = None,
                   seed_room: bool = False, host: bool = False, minimum: bool = False,
                   safe: bool = False) -> dict[str, Any]:
    """What the short sizing reply shows (same data for every flavor); `roomy` when the question
    asked for headroom rather than the cheapest fit; `provider` when it named where to rent and no
    card: the pick is among the cards that provider rents (engine.advice.pick_at); `switch` when it
    asked whether offload or the 8-bit optimizer is needed: the yes/no leads (bot/views/switch_answer.py);
    `host` when it asked whether host memory suffices: that verdict leads (bot/views/host_memory.py);
    `minimum` when it asked whether the named setup is the least that does it (bot/views/minimum_answer.py)."""
    a = advise(s, stated, roomy, seed_room, safe)
    pick = pick_at(a, provider) if provider and s.fit is None else None
    if pick is not None and pick is not a.verdict:
        a = replace(a, verdict=pick, alternative=None, bigger=None, seed=None if a.seed_is_verdict else a.seed,
                    others=tuple(f for f in a.others if (f.gpu.id, f.num_gpus) != (pick.gpu.id, pick.num_gpus)
                                 and cheapest_card_hour(f.gpu.id, f.num_gpus, provider=provider, whole=True) is not None))
    out = shape(a, display_currency, card, stated, asked_currency) | {"switch_answer": switch_answer(a, switch),
                                                                      "host": host_memory(a.verdict, host),
                                                                      "minimum": minimum_answer(s, stated, minimum, display_currency),
                                                                      "seed_way": None if minimum else seed_way(s, stated, display_currency),
                                                                      "safe_seed": safe and a.seed_is_verdict,
                                                                      "slower": _slower(a, display_currency),
                                                                      "moe": moe_counted(s.resolved)}
    if provider and s.fit is None and a.priced is not None:
        out |= at_provider(out, a.priced, provider, display_currency, s.resolved.request.exclude)
        if provider_seed(s, provider):  # that provider's own seed card for the class, with our figures against it
            out["table_card"] = table_card(s, a.priced, display_currency, provider)
            if out["table_card"] and (out.get("edge") or {}).get("gpu") == out["table_card"]["gpu"]:
                out["edge"] = None  # the same card, said on the price line already
    if pick is not None and pick.num_gpus > 1 and pick.estimate.plan.zero == 0:
        # a box of several cards each holding the whole job: the provider rents nothing smaller that holds it (engine.advice.pick_at)
        out["whole_box"] = {"name": find_provider(str(provider)).name, "n": pick.num_gpus, "gpu": gpu_name(pick.gpu.id)}
    if provider and s.fit is None and pick is None and a.verdict is not None:
        out["provider_none"] = provider_none(provider, a.verdict, eight_bit=a.seed_optimizer == "adamw-8bit")
    elif provider and s.fit is not None and s.fit.num_gpus > 1 and not find_provider(provider).billing.multi_instance:
        # "在 cloudgpu 上租 8 张 a100 做 32b 全参 行吗": whether that provider rents those cards as one
        # machine is the first answer (it plans per card), then whether the setup holds the job
        out["provider_none"] = {"name": find_provider(provider).name, "single": True, "n": s.fit.num_gpus,
                                "stated": gpu_name(s.fit.gpu.id)}
    return out


def moe_counted(r: Resolved) -> dict[str, float] | None:
    """A mixture of experts holds every expert in memory: its total parameters are what is sized, the active
    ones per token (a far smaller figure) only set the compute; said in the reply so the total is not taken for a slip."""
    spec = r.spec
    if spec.moe is None or not spec.active_params_published_b:
        return None
    return {"total": r.params, "active": spec.active_params_published_b * 1e9}


def provider_none(provider: str, verdict: Fit, eight_bit: bool = False) -> dict[str, Any]:
    """A job sized at a provider that rents no setup holding it ("cloudgpu 能租 8 卡跑 32b 全参吗"):
    that provider's answer leads with its verdict word, before what the job needs and who rents it. A
    provider renting one card per instance (multi_instance false, seed 002: "按单卡规划", multi-card only
    as the /deploy page's live stock) is said to be single-card when the job needs several cards; when the
    least setup is one card only with an 8-bit optimizer (seed 000: 7B/8B full, one 80 GB card) and the
    provider rents a card that large, the answer is "single card only, and barely" (`edge`: that card)."""
    p = find_provider(provider)
    single = verdict.num_gpus > 1 and not p.billing.multi_instance
    edge = None
    if verdict.num_gpus == 1 and eight_bit and not p.billing.multi_instance:
        edge = next((gpu_name(o.gpu) for o in p.offers if o.count == 1 and gpus().get(o.gpu).memory_gb >= verdict.gpu.memory_gb), None)
    return {"name": p.name, "single": single, "n": verdict.num_gpus, "edge": edge}


def _slower(a: Advice, display_currency: str) -> dict[str, Any] | None:
    """"Cheapest safe" answered with the seed's no-offload minimum: the seed's cheaper offload setup, priced,
    so the saving and its throughput cost (20–50%) are both said."""
    if a.slower is None:
        return None
    return fit_row(a.slower) | {"prices": unit_prices(a.slower.gpu.id, a.slower.num_gpus, display_currency)}


def at_provider(out: dict[str, Any], priced: Fit, provider: str, display_currency: str,
                exclude: tuple[str, ...] | None = None) -> dict[str, Any]:
    """A sizing asked at one provider: that provider's prices alone (when it rents the setup), and
    a cheaper card it rents that only may fit, named with its risk (engine.advice.edge_option)."""
    name = next((p.name for p in providers().entries if p.id == provider), provider)
    edge = edge_option(priced, provider, exclude)
    rows = [p for p in out["prices"] if p["provider"] == name] or out["prices"]
    added: dict[str, Any] = {"prices": rows, "edge": None if edge is None else fit_row(edge) | {
        "prices": [p for p in unit_prices(edge.gpu.id, edge.num_gpus, display_currency) if p["provider"] == name]}}
    seed = out.get("seed")
    if seed and not seed["is_verdict"]:
        # "cheapest safe setup for a 7b full ft at gpuli": the seed's own minimum (one 80 GB card,
        # 8-bit optimizer) priced there too, beside our pick, since it is the cheaper way it gives
        added["seed"] = seed | {"prices": [p for p in unit_prices(seed["gpu"], seed["num_gpus"], display_currency)
                                           if p["provider"] == name]}
    return added


def with_kin(rows: list[dict[str, Any]], a: Advice, priced: Fit, display_currency: str) -> list[dict[str, Any]]:
    """The seed's minimum as the verdict, priced: the other cards of its row where the seed prices them beside its own
    ("1 × A100 / H100 80GB", its FAQ: "7B 全参用 A100 SXM 是 ₮319" a week), named, at the providers quoting the first;
    `rows` as they are for any other verdict (bot.views.cost_seed does the same for a cost's seed line)."""
    if not a.seed_is_verdict or a.seed is None or priced is not a.seed:
        return rows
    b = a.sizing.resolved.params / 1e9
    row = next((m for m in SEED_000_MINIMUMS if m.gpu == priced.gpu.id and m.plan.num_gpus == priced.num_gpus
                and m.low_b <= b <= m.high_b), None)
    sellers = {x["provider"] for x in rows}
    return rows + [p | {"card": short_gpu(gpus().get(card).name), "card_id": card} for card in (row.also if row else ())
                   for p in unit_prices(card, priced.num_gpus, display_currency) if p["provider"] in sellers]


def lead_lever(a: Advice) -> Lever | None:
    """A LoRA that misses the card named, and its 4-bit QLoRA holds it there (tight) or may (the expected figure
    fits): that way on the user's own card is said under the verdict, before another card ("7b lora on a T4":
    QLoRA, 11 GB, may fit its 16 GB; then the card that holds the LoRA). A QLoRA that is the fix with room is
    said by the fix line, and one that keeps the method does ("7b lora 4090": the chunked loss) with QLoRA among
    the levers; None then and otherwise."""
    fit = a.sizing.fit
    if fit is None or fit.fits or a.lever_fix is not None:
        return None
    return next((lv for lv in a.levers if lv.code == "qlora" and (lv.fits or lv.may_fit)), None)


def four_bit_way(a: Advice) -> dict[str, Any] | None:
    lever = lead_lever(a)
    fit = a.sizing.fit
    if lever is None or fit is None:
        return None
    return {"gb": lever.total_gb, "high_gb": lever.high_gb, "memory_gb": fit.gpu.memory_gb, "fits": lever.fits,
            "tight": lever.tight}


def same_count_eight_bit(a: Advice) -> Fit | None:
    """"72b 全参 8卡h100 不开 offload 放得下吗": the named count misses without offload and the same card
    needs many more of it (32 × H100); the 8-bit optimizer on a bigger card at the count stated (seed
    000's answer, 8 × H200) is the way to say and price first. None otherwise."""
    s, verdict, other, eight = a.sizing, a.verdict, a.alternative, a.eight_bit
    if verdict is None or verdict.fits or other is None or eight is None or not s.resolved.no_offload_stated:
        return None
    same_count = eight.num_gpus == verdict.num_gpus and other.num_gpus > verdict.num_gpus
    return eight if same_count and (eight.fits or eight.may_fit) else None


def states_with_8bit(r: Resolved, stated: TrainingRequest | None) -> tuple[float, float] | None:
    """Full fine-tuning with no optimizer stated: the model states with an 8-bit optimizer (bytes
    per parameter, GB), the low end of the seed's states range for the class (10–16 B per parameter,
    "7B 70–112 GB"), beside AdamW's high end; None when the optimizer was stated or is not AdamW."""
    q = r.request
    if r.adapter or q.optimizer != "adamw" or q.offload not in (None, "none") or (stated is not None and stated.optimizer is not None):
        return None
    eight = replace(r, request=q.model_copy(update={"optimizer": "adamw-8bit"}))
    bpp = state_bytes_per_param(eight)
    return bpp, bpp * r.params / 1e9


def shape(a: Advice, display_currency: str, card: UnknownCard | None = None,
          stated: TrainingRequest | None = None, asked_currency: bool = False) -> dict[str, Any]:
    """The advice as the reply's data (same for every flavor)."""
    s = a.sizing
    q = s.request
    verdict, other, priced, fix = a.verdict, a.alternative, a.priced, a.lever_fix
    would_8bit = same_count_eight_bit(a)
    priced = would_8bit or priced
    seed = a.seed
    seed_8bit = seed is not None and a.seed_optimizer == "adamw-8bit" and s.request.optimizer != "adamw-8bit"
    eight = a.eight_bit if not (a.seed_is_verdict and seed_8bit) else None
    eight_bit = fit_row(eight) if eight is not None else None
    if eight_bit is not None and eight is not None and \
            (priced is None or (priced.gpu.id, priced.num_gpus) != (eight.gpu.id, eight.num_gpus)):
        # the no-offload way on other cards is the second minimum ("72b 全参最少要什么": 8 × H200 + 8-bit): priced too
        eight_bit["prices"] = unit_prices(eight.gpu.id, eight.num_gpus, display_currency)
    others = list(a.others)
    states = state_bytes_per_param(s.resolved) * s.resolved.params / 1e9
    notes = _notes(s, verdict, list(a.all_levers), seed_said=seed is not None and (not a.seed_is_verdict or seed_8bit), other=other)
    return {
        "full": not s.resolved.adapter,
        "states_total_gb": states,  # the model states of the whole job, before sharding (the seed's rule)
        "states_bpp": state_bytes_per_param(s.resolved),
        "states_8bit": states_with_8bit(s.resolved, stated),
        "states_gb": s.estimate.model_states_gb,  # their share per card at the plan sized
        "states_nominal": states_nominal(s),
        "article_full": article_full_view(s, state_bytes_per_param(s.resolved)),  # seed 003's 16 bytes × 7B / 13B / 70B
        "seed": None if seed is None or a.seed_roomy else fit_row(seed) | {
            "is_verdict": a.seed_is_verdict, "eight_bit": seed_8bit, "bpp": a.seed_gb_per_param,
            "states_gb": seed.estimate.model_states_gb,
            "extra_gb": seed.estimate.total_gb - seed.estimate.model_states_gb},
        "roomy": a.roomy,
        "seed_roomy": bool(a.seed_roomy),
        "roomy_eight_bit": a.seed_roomy == "adamw-8bit" and s.request.optimizer != "adamw-8bit",
        "model": s.resolved.spec.name,
        "model_id": s.resolved.spec.id,
        "fit": fit_row(s.fit) if s.fit is not None else None,
        "bare_size": any(x.code == "architecture_from" for x in s.assumptions),
        "params": s.resolved.params,
        "method": q.method,
        "objective": q.objective if q.objective not in (None, "sft") else None,
        "seq_len": q.seq_len,
        "micro_batch": q.micro_batch,
        "total_gb": s.estimate.total_gb,
        "low_gb": s.estimate.range.low_gb,
        "high_gb": s.estimate.range.high_gb,
        "host_gb": s.estimate.host_gb,
        "num_gpus": s.estimate.plan.num_gpus,
        "zero": s.estimate.plan.zero,
        "offload": s.estimate.plan.offload,
        "named": s.fit is not None,
        "verdict": fit_row(verdict) if verdict is not None else None,
        "alternative": fit_row(other) if other is not None else None,
        "lever_fix": {"code": fix.code, "gb": fix.total_gb, "value": fix.value} if fix is not None else None,
        "price_for": fit_row(priced) if priced is not None else None,
        "prices": with_kin(unit_prices(priced.gpu.id, priced.num_gpus, display_currency), a, priced, display_currency)
        if priced is not None else [],
        "asked_currency": asked_currency,  # "人民币多少": each price also in that currency
        "would_8bit": would_8bit is not None,
        "others": [fit_row(f) for f in others],
        "eight_bit": eight_bit,
        "lineup": lineup(verdict, other, eight_bit, others),
        "estimate_terms": [term.gb for term in s.estimate.terms],
        "four_bit": four_bit_way(a),
        "levers": [{"code": lv.code, "gb": lv.total_gb, "fits": lv.fits, "tight": lv.tight, "value": lv.value,
                    "host_gb": lv.host_gb} for lv in a.levers if lv is not lead_lever(a)][:3],
        "notes": [n for n in notes if n["code"] not in LEAD_NOTES],
        "lead_notes": [n for n in notes if n["code"] in LEAD_NOTES],
        "asked": asked(stated),
        "methods": [_method_row(m) for m in a.methods],
        "more_cards": fit_row(a.more_cards) if a.more_cards is not None else None,
        "seed_count": fit_row(a.seed_count) if a.seed_count is not None else None,  # the seed's count between, that may fit
        # the stated count nobody rents ("六张 h100"): the count that holds the job is priced instead
        "more_prices": unit_prices(a.more_cards.gpu.id, a.more_cards.num_gpus, display_currency)
        if a.more_cards is not None and priced is not None and not unit_prices(priced.gpu.id, priced.num_gpus, display_currency) else [],
        # the named setup is the seed's minimum and misses here: the first line says both (users read it)
        "seed_no_offload": _seed_no_offload(s) if a.verdict is not None or s.fit is None else None,
        "seed_row": _seed_row(s, display_currency),  # the seeds' LoRA / QLoRA figure for the class, where ours differs
        "table_card": table_card(s, priced, display_currency),
        "seed_named": next((dict(w.params) for w in s.warnings if w.code == "seed_minimum"), None),
        "unknown_card": None if card is None else {"name": card.name, "memory_gb": card.memory_gb, "bare": card.bare,
                                                   "choices": [short_gpu(name) for name in card.choices],
                                                   "as_gb": s.fit.gpu.memory_gb if s.fit is not None else None},
        "assumptions": [{"code": x.code, "value": x.value} for x in s.assumptions if x.code in SHOWN_ASSUMPTIONS],
        "gpu_name": gpu_name(verdict.gpu.id) if verdict is not None else None,
    }
