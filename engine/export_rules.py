"""The combinations the tools refuse at start-up, exported as the nearest one they accept.

LLaMA-Factory 0.9.5 checks its arguments before it loads anything (llamafactory/hparams/parser.py,
`get_train_args`), and the HF trainer's TrainingArguments with it:
- "`pure_bf16` is incompatible with DeepSpeed ZeRO-3." ZeRO-3 partitions the weights and its optimizer
  keeps an fp32 master copy of each shard, so a job asked for in pure bf16 (no master copy) at ZeRO-3 is
  exported in mixed bf16 instead: bf16 weights, fp32 master weights.
- "Your setup doesn't support bf16/gpu ... You need Ampere+ GPU" (and "This device does not support
  `pure_bf16`"): a card without bf16 (V100, T4: the catalog's `bf16_native: false`, "train in FP16 on this
  card") is exported in mixed fp16 (loss scaling), pure bf16 asked there becoming mixed with its master copy.
A job whose precision changes is sized again that way, so every figure the export shows (memory per card,
the card count it fits at, the cost) is what the written job holds; the reply and each file's header say
what changed in one line. Everything else LLaMA-Factory accepts as written (tests/test_export_accepted_
matrix_r0e.py runs its checks over the combinations a chat can produce).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from engine.cost import CostReport, compare
from engine.fit import Fit
from engine.sizing import Sizing, sized

if TYPE_CHECKING:
    from engine.export import ExportPlan

PURE_BF16_ZERO3 = "pure_bf16_zero3"  # pure bf16 asked at ZeRO-3: exported in mixed bf16
NO_BF16_CARD = "no_bf16_card"  # bf16 (mixed or pure) on a card without bf16: exported in mixed fp16


def refused(s: Sizing, fit: Fit | None, mixed_precision: str | None) -> str | None:
    """What the tools would refuse in the export of `s` at `fit`: bf16 (the sizing's, or asked for the
    files) on a card that has none, or pure bf16 (the request's "bf16" precision) on a ZeRO-3 plan; None
    when the files were asked in fp16 or fp32 ("no"), which neither check reads."""
    precision = s.resolved.request.precision
    if mixed_precision in ("fp16", "no"):
        return None
    if (precision in ("mixed", "bf16") or mixed_precision == "bf16") and fit is not None and not fit.gpu.bf16_native:
        return NO_BF16_CARD
    plan = (fit.estimate if fit is not None else s.estimate).plan
    return PURE_BF16_ZERO3 if precision == "bf16" and plan.zero == 3 else None


def accepted(s: Sizing, report: CostReport | None) -> tuple[Sizing, CostReport | None]:
    """`s` (and its cost comparison) sized again in mixed precision (an fp32 master copy: what ZeRO-3 and
    a card without bf16 run pure bf16 as): the same resolved request with only its precision changed, so what the user stated
    (a card count, a stage) and what was filled in by default stay as they were."""
    r = s.resolved
    mixed = sized(replace(r, request=r.request.model_copy(update={"precision": "mixed"})), s.memo)
    return mixed, (compare(mixed.request, r.spec, mixed) if report is not None else None)

# the header line of every file written for such a job
CHANGED_LINES = {
    PURE_BF16_ZERO3: "precision: mixed bf16 (bf16: true, fp32 master weights), not the pure bf16 asked: LLaMA-Factory"
                     " refuses pure_bf16 with DeepSpeed ZeRO-3; the memory above is sized that way",
    NO_BF16_CARD: "precision: mixed fp16 (fp16: true, loss scaling, fp32 master weights), not bf16: this card has no"
                  " bf16 and the trainer refuses bf16 on it; the memory above is sized that way",
}


def trainer_precision_flags(p: ExportPlan) -> dict[str, bool]:
    """The trainer's precision flags: the sizing's (bf16 mixed, or pure bf16) unless a config was asked
    for at another precision ("fp16" mixed, or "no": fp32). A plan sized again by `accepted` is mixed
    already, so no file of a ZeRO-3 job switches pure_bf16 on."""
    q = p.resolved.request
    if p.mixed_precision in ("fp16", "no"):
        return {"bf16": False, "fp16": p.mixed_precision == "fp16", "pure_bf16": False}
    return {"bf16": q.precision in ("mixed", "bf16") or p.mixed_precision == "bf16", "pure_bf16": q.precision == "bf16"}
