"""What the job optimizes: supervised fine-tuning (the default), a preference objective, a reward
model, PPO — or no training at all (an inference question).

Why it matters for memory: DPO and KTO keep a frozen reference model, PPO a reference and a reward
model, and the paired objectives (DPO, ORPO, SimPO, reward modelling) push a chosen and a rejected
answer through the model in one step. An inference question ("vLLM 推理要多少显存") must get an
inference estimate, never a training sizing.
"""

from __future__ import annotations

import re

from bot.understand.lazy import lazy

OBJECTIVES = (
    ("grpo", lazy(r"\bgrpo\b", re.I)),
    ("ppo", lazy(r"\bppo\b|\brlhf\b|强化学习", re.I)),
    ("dpo", lazy(r"\bdpo\b|直接偏好", re.I)),
    ("orpo", lazy(r"\borpo\b", re.I)),
    ("kto", lazy(r"\bkto\b", re.I)),
    ("simpo", lazy(r"\bsimpo\b", re.I)),
    ("rm", lazy(r"reward\s*model|\brm\s*训练|奖励模型", re.I)),
)
PREFERENCE_WORDS = lazy(r"偏好(?:训练|对齐|优化|数据)|preference\s+(?:training|tuning|optimi[sz]ation|data)", re.I)
INFERENCE = lazy(
    r"推理|部署|上线|serving|\bserve\b|inference|\bvllm\b|\bsglang\b|\btgi\b|llama\.?cpp|ollama|\bkv\s*cache|并发|qps|吞吐.*(?:请求|token/s)",
    re.I,
)
TRAINING = lazy(r"微调|训练|训|finetun|fine[\s-]*tun|\bsft\b|lora|全参|预训练|pretrain|\btrain", re.I)
NOT_TRAINING = lazy(r"不训练|不做训练|不微调|不训|训完(?:之后|以后|后)?|训练完(?:之后|以后|后)?|微调完(?:之后|以后|后)?"
                          r"|no\s+training|not\s+train\w*|without\s+train\w*|instead\s+of\s+train\w*|after\s+(?:the\s+)?(?:training|fine-?tuning)"
                          r"|once\s+(?:it'?s\s+)?(?:trained|fine-?tuned)", re.I)
CONCURRENCY = lazy(r"(\d+)\s*(?:路|个)?\s*(?:并发|concurrent|parallel|users?|requests?|seqs?|sequences?)|(?:并发|concurrency|batch)\s*[:=]?\s*(\d+)", re.I)
INFER_PRECISION = lazy(r"\b(fp8|int8|int4|awq|gptq|4[\s-]?bit|8[\s-]?bit|bf16|fp16)\b", re.I)


def objective(text: str) -> str | None:
    """dpo | orpo | kto | simpo | rm | ppo | grpo; an unnamed preference objective reads as DPO."""
    for name, pattern in OBJECTIVES:
        if pattern.search(text):
            return name
    if PREFERENCE_WORDS.search(text):
        return "dpo"
    return None


def is_inference(text: str) -> bool:
    """An inference/serving question, with no training word in it."""
    return bool(INFERENCE.search(text)) and not TRAINING.search(NOT_TRAINING.sub(" ", text))


# how serving and training memory compare ("推理和训练显存差多少", "training vs inference memory", "how much more
# does training take than inference"): a question the FAQ's comparison answers, even with a size named
COMPARED = lazy(r"差多少|差几倍|差距|相差|区别|差别|不一样|几倍|多多少|多几倍|比.{0,12}(?:多|大|高)|\bvs\.?\b|versus|compared?"
                r"|difference|differ|more\s+than|bigger\s+than|times\s+(?:more|as\s+much)|ratio|gap", re.I)
# a why asked of both ("推理 14G 就够，为啥训练要 100 多 G", "why does training need 100 GB when serving fits in 14"), with
# training named as the job (not "训练完之后推理为什么慢", a question about serving the trained model)
WHY_BOTH = lazy(r"为什么|为啥|为何|怎么会|咋会|\bwhy\b", re.I)


def compares_inference(text: str) -> bool:
    """Whether the message compares serving a model with training it (both named, and a comparison word)."""
    return bool(INFERENCE.search(text)) and bool(TRAINING.search(text)) and bool(
        COMPARED.search(text) or (WHY_BOTH.search(text) and TRAINING.search(NOT_TRAINING.sub(" ", text))))


def concurrency(text: str) -> int | None:
    m = CONCURRENCY.search(text)
    if not m:
        return None
    value = int(m.group(1) or m.group(2))
    return value if 0 < value <= 100_000 else None


def inference_precision(text: str) -> str | None:
    """bf16 | fp8 | int8 | int4 as stated for serving (AWQ/GPTQ/4-bit read as int4)."""
    m = INFER_PRECISION.search(text)
    if not m:
        return None
    word = m.group(1).lower().replace(" ", "").replace("-", "")
    return {"awq": "int4", "gptq": "int4", "4bit": "int4", "8bit": "int8", "fp16": "bf16"}.get(word, word)
