"""The training precision a message states for its own job: "7b lora fp32 要多少显存", "14b full in
fp16 on 4 a100s", "qlora 8b 纯 fp32 训练", "pure bf16 full finetune".

Why: the engine sizes three precisions (engine/memory.py `state_bytes`): mixed (bf16 or fp16 autocast: 16-bit
weights, an fp32 master copy), pure bf16 (no master copy) and fp32 (4 bytes a weight, no master copy).
A precision named in the message is the job's, as a follow-up "bf16" after a sizing already is
(bot/core/follow_ups.py), so the sizing and its "as asked" line use it. A precision named only as a part
of the job ("fp32 master weights", "bf16 权重多大"), set against another ("bf16 还是 fp16"), or ruled out
("不用 fp16") states none.
"""

from __future__ import annotations

import re

from bot.understand.lazy import lazy

# one pattern per precision word; bf16 and fp16 autocast hold the same memory (the engine's "mixed")
WORDS = {
    "bf16": r"\bbf16\b|bfloat16",
    "fp16": r"\bfp16\b|(?<!b)float16|半精度",
    "fp32": r"\bfp32\b|float32|全精度|no\s+mixed[\s_-]*precision|不用?混合精度|without\s+mixed[\s_-]*precision",
}
NAMED = {name: lazy(rf"(?:{pattern})", re.ASCII) for name, pattern in WORDS.items()}
ANY = lazy(r"(?:纯|pure(?:ly)?\s+)?(?:" + "|".join(WORDS.values()) + r")|混合精度|mixed[\s_-]*precision", re.ASCII)
# the precision word names a part of the job, not the job's precision: "fp32 master weights", "bf16 权重"
PART_AFTER = lazy(r"\s*(?:的\s*)?(?:master|主权重|weights?|权重|states?|状态|grads?|gradients?|梯度|优化器|optimizer|adam\w*|moments?|动量|logits?"
                  r"|loss|copy|cop(?:y|ies)|拷贝|副本|kv|cache|推理|inference|serv\w*|部署)", re.ASCII)
PURE_BEFORE = lazy(r"(?:纯|pure(?:ly)?|全程|全部用?)\s*$", re.ASCII)
RULED_OUT_BEFORE = lazy(r"(?:不用|不要|别用|不开|没开|关掉|\bnot|\bno|without|w/o|instead\s+of|rather\s+than)\s*(?:用\s*)?$", re.ASCII)
# bf16 alone is the default every sizing already assumes ("14b lora bf16" is how the seeds name plain LoRA
# against QLoRA): no precision of its own, so no "as asked" line pushing the answer down; fp16 is said back
ENGINE = {"bf16": None, "fp16": "mixed", "fp32": "fp32"}


def training_precision(text: str) -> str | None:
    """"mixed" (fp16), "bf16" (pure bf16, said with 纯 / pure) or "fp32", as `TrainingRequest.precision`; None
    when the message states no one precision for its job, or only the default bf16 mixed precision."""
    found = _said(text)
    if len(found) != 1:
        return None  # none, or set against each other ("bf16 还是 fp16"): a question about precision
    name, pure = next(iter(found.items()))
    return "bf16" if pure and name == "bf16" else ENGINE[name]


def precision_stated(text: str) -> bool:
    """Whether the message states one precision for its job, the default bf16 too ("lora on 7b in bf16, does a
    24gb card cut it?": plain LoRA's precision, a setting of the job, never a question about bf16 against fp16)."""
    return len(_said(text)) == 1


def _said(text: str) -> dict[str, bool]:
    """Each precision word the message states for its job, with whether it was said pure."""
    found: dict[str, bool] = {}  # word -> said pure
    for name, pattern in NAMED.items():
        for m in pattern.finditer(text):
            before = text[max(0, m.start() - 16):m.start()]
            if PART_AFTER.match(text, m.end()) or RULED_OUT_BEFORE.search(before):
                continue
            found[name] = found.get(name, False) or bool(PURE_BEFORE.search(before))
    return found

