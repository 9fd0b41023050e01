"""What buys headroom when the stated setup is tight or just misses: each lever re-sized, so the
reply can say "8-bit optimizer → 62 GB" instead of jumping to a dearer setup.

The levers the seeds name (seed 000, "Memory Switches"; seed 002's OOM advice; seed 003, 4.5):
gradient checkpointing when it was turned off, an 8-bit optimizer (full fine-tuning: 16 → 10 B/param), optimizer offload to host memory, a
shorter sequence, a chunked/fused loss (the logits peak), and more cards of the same kind (ZeRO-3
shards the model states); for a LoRA the user named, its 4-bit QLoRA (seed 000's table sizes both:
the frozen base at 4 bits is the largest saving there is, so it is weighed even where the LoRA misses
the card by far). Each is the stated request with one change, estimated at the plan the user would
run it with. Pure.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.fit import Fit, Planner, ladder
from engine.memory import Plan
from engine.sizing import Sizing

# Among levers that work, the least disruptive first: the seeds' first advice (8-bit moments, then
# the loss and the sequence), then offload (20-50% slower), then renting more cards.
# QLoRA changes the method (a little quality, some speed): after the switches that keep it, before offload.
PREFERENCE = ("zero3", "checkpointing", "eight_bit", "chunked_loss", "shorter_seq", "qlora", "offload", "more_cards")
NEAR_MISS = 2.0  # a setup needing up to twice its card is worth levers; beyond that, other cards are the answer
MIN_SEQ = 512


@dataclass(frozen=True)
class Lever:
    code: str  # checkpointing | eight_bit | offload | shorter_seq | chunked_loss | qlora | more_cards
    total_gb: float
    fits: bool
    tight: bool
    value: int | None = None  # the new sequence length or card count
    host_gb: float = 0.0
    may_fit: bool = False  # its expected figure fits the card, though the high end may not
    high_gb: float = 0.0  # its high end (0 where not kept)


def headroom_levers(s: Sizing, fit: Fit | None = None) -> list[Lever]:
    """The levers for a tight or nearly fitting setup (the named card, or `fit`), best first
    (fitting with room, then by memory saved); empty when it fits with room or misses by far."""
    fit = fit or s.fit
    if fit is None or (fit.fits and not fit.tight):
        return []
    if fit.estimate.total_gb > NEAR_MISS * fit.gpu.memory_gb:
        four_bit = qlora_lever(s, fit)  # far over the card: only the 4-bit base saves enough to matter
        return [four_bit] if four_bit is not None and four_bit.total_gb < fit.estimate.total_gb - 0.05 else []
    r = s.resolved
    q = r.request
    plan = fit.estimate.plan
    out: list[Lever] = []

    def variant(code: str, update: dict[str, object], new_plan: Plan | None = None, value: int | None = None) -> None:
        # a copy with the one change (not a re-validated dump: the values are the literals below, of the
        # fields' own types; the estimate reads the values alone)
        changed = replace(r, request=q.model_copy(update=update))
        est = Planner(changed, s.memo).estimate(new_plan or plan)
        f = Fit(fit.gpu, est)
        out.append(Lever(code, est.total_gb, f.fits, f.tight, value, est.host_gb))

    if q.grad_checkpointing is False:
        variant("checkpointing", {"grad_checkpointing": True})
    if not r.adapter and q.optimizer == "adamw":
        variant("eight_bit", {"optimizer": "adamw-8bit"})
    if plan.num_gpus > 1 and q.zero in (1, 2):  # "use ZeRO-2 instead": the stage that shards the weights too
        variant("zero3", {"zero": 3}, Plan(plan.num_gpus, 3, plan.offload))
    if not r.adapter and plan.offload == "none" and not r.no_offload_stated:
        variant("offload", {"offload": "optimizer"}, Plan(plan.num_gpus, 3 if plan.num_gpus > 1 else 0, "optimizer"))
    if (q.seq_len or 0) >= 2 * MIN_SEQ:
        half = (q.seq_len or 0) // 2
        variant("shorter_seq", {"seq_len": half}, value=half)
    if not q.chunked_loss:
        variant("chunked_loss", {"chunked_loss": True})
    four_bit = qlora_lever(s, fit)
    if four_bit is not None:
        out.append(four_bit)
    more = _more_cards(s, fit)
    if more is not None:
        out.append(Lever("more_cards", more.estimate.total_gb, more.fits, more.tight, more.num_gpus))
    saving = [lever for lever in out if lever.total_gb < fit.estimate.total_gb - 0.05]
    return sorted(saving, key=lambda lv: (not lv.fits, lv.tight, PREFERENCE.index(lv.code)))


def qlora_lever(s: Sizing, fit: Fit) -> Lever | None:
    """A LoRA the user asked for (not one assumed for a bare model), as QLoRA on the same card at the same plan;
    None for any other method."""
    r = s.resolved
    if r.method != "lora" or any(a.code == "method_default" for a in s.assumptions):
        return None
    est = Planner(replace(r, request=r.request.model_copy(update={"method": "qlora"})), s.memo).estimate(fit.estimate.plan)
    f = Fit(fit.gpu, est)
    return Lever("qlora", est.total_gb, f.fits, f.tight, host_gb=est.host_gb, may_fit=f.may_fit, high_gb=f.high_gb)


def _more_cards(s: Sizing, fit: Fit) -> Fit | None:
    """Twice the cards (at least 2) of the same kind, at the plan a user would choose."""
    n = max(2, fit.estimate.plan.num_gpus * 2)
    r = replace(s.resolved, request=s.request.model_copy(update={"num_gpus": n, "zero": None}), num_gpus_stated=True)
    return Planner(r, s.memo).first_fit(fit.gpu, ladder(r, n))
