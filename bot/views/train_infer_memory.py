"""The two figures of a model size named beside "why does training take so much more memory than inference".

"为什么训练比推理显存大那么多？7b 为例", "why does training eat so much more VRAM than inference, say for 13B?": the FAQ's
answer gives the reason per parameter (2 bytes of weights to serve, 16 to train: weights 2, gradients 2, optimizer
state 12), and the size named asks for that reason in numbers: the weights alone and the full fine-tune's states at
that size, activations besides, led before the reason."""

from __future__ import annotations

from bot.text.i18n import t
from bot.understand.faq import Hit

ENTRY = "training-vs-inference-memory"
SERVE_BYTES = 2  # bf16 weights, all inference holds for good
TRAIN_BYTES = 16  # bf16 weights and gradients, fp32 master weights and Adam's two moments (seed 000's full fine-tune table)


def _gb(value: float) -> str:
    return f"{round(value, 1):,g}"


def size_example(hit: Hit, params_b: float | None, lang: str) -> str | None:
    """The lead line for `params_b` billion parameters, when `hit` is the training-versus-inference entry."""
    if hit.entry.id != ENTRY or not params_b:
        return None
    return t("faq.train_infer_size", lang, size=_gb(params_b), serve=_gb(params_b * SERVE_BYTES),
             train=_gb(params_b * TRAIN_BYTES), ratio=TRAIN_BYTES // SERVE_BYTES)
