"""A setting of the last job changed by a factor, not to a value: "double the batch", "batch 翻倍", "twice as many
cards", "half the cards", "卡减半", "seq ×2", "序列长度砍一半", "triple the grad accum". The parse reads which setting
and the factor once (into `Cues.scaled`); the follow-up reader (bot.core.scaled_follow) applies it to the value
the last answer was sized with, so the changed job is sized again with the new value.

Why a factor and not a value: "double the batch" names no number; the number is the last answer's (its stated
batch, or the default it was sized at), which only the follow-up reader knows.
"""

from __future__ import annotations

import re
from fractions import Fraction

from bot.understand.lazy import lazy

# the settings a factor may change, each by its words in both languages
FIELDS = {
    "num_gpus": r"(?:the\s+)?(?:number\s+of\s+)?(?:cards?|gpus?|显卡|卡数|卡|gpu\s*数|张数)(?:\s+count)?",
    "micro_batch": r"(?:the\s+)?(?:micro[\s_-]*batch(?:[\s_-]*size)?|per[\s_-]*device[\s_-]*batch(?:[\s_-]*size)?|batch[\s_-]*size|batch"
                   r"|\bbs|批大小|批次大小|批量)",
    "seq_len": r"(?:the\s+)?(?:seq(?:uence)?(?:[\s_-]*len(?:gth)?)?|context(?:[\s_-]*(?:len(?:gth)?|window))?|ctx|cutoff[\s_-]*len"
               r"|max[\s_-]*(?:seq[\s_-]*)?len(?:gth)?|序列长度|序列|上下文长度|上下文|截断长度)",
    "grad_accum": r"(?:the\s+)?(?:grad(?:ient)?[\s_-]*acc(?:um(?:ulation)?)?(?:[\s_-]*steps)?|accum(?:ulation)?(?:[\s_-]*steps)?"
                  r"|梯度累积(?:步数)?|累积步数|累积)",
    "lora_rank": r"(?:the\s+)?(?:(?:lora[\s_-]*)?rank|秩)",
}
# a factor said before the setting ("double the batch", "twice as many cards", "两倍 batch", "一半的卡")
BEFORE = {
    Fraction(2): r"\bdouble\b|\btwice(?:\s+as\s+(?:many|much|long|big|large))?|\b2\s*x\b|两倍的?|2\s*倍的?|翻倍的?",
    Fraction(3): r"\btriple\b|\bthrice\b|\b3\s*x\b|三倍的?|3\s*倍的?",
    Fraction(4): r"\bquadruple\b|\b4\s*x\b|四倍的?|4\s*倍的?",
    Fraction(1, 2): r"\bhalve\b|\bhalf(?:\s+(?:as\s+many|as\s+much|of))?|一半的?|减半的?|对半的?",
}
# a factor said after the setting ("batch 翻倍", "卡减半", "cards halved", "batch x2", "seq doubled", "gpus / 2")
AFTER = {
    Fraction(2): r"(?:翻|加|增加|扩大|涨|乘|提高|提升)?\s*(?:一|1)?\s*倍|翻番|\bdoubled?\b|\btimes\s+(?:two|2)\b|[x×*]\s*2(?![\d.])"
                 r"|\btwice\s+as\s+(?:big|large|long|many)\b|乘以?\s*2(?![\d.])",
    Fraction(3): r"\btripled?\b|[x×*]\s*3(?![\d.])|(?:乘|扩大到?)\s*3\s*倍|翻两倍",
    Fraction(4): r"\bquadrupled?\b|[x×*]\s*4(?![\d.])|(?:乘|扩大到?)\s*4\s*倍",
    Fraction(1, 2): r"(?:减|砍|降|少|缩|去掉|减少|缩减)\s*(?:一|1)?\s*半|对半(?:砍|分|减)?|折半|\bhalved\b|\bin\s+half\b|\bby\s+half\b|/\s*2(?![\d.])|÷\s*2(?![\d.])|除以?\s*2(?![\d.])",
}
# words that may stand between the factor and the setting ("double up the batch", "把卡数减半", "batch 再翻一倍")
GAP = r"(?:\s|the|up|is|are|gets?|was|be|our|my|your|its|that|this|of|把|将|再|也|都|就|直接|的)*"


def _source() -> str:
    parts = []
    for field, words in FIELDS.items():
        for n, said in enumerate(BEFORE.values()):
            parts.append(rf"(?P<b_{field}_{n}>(?:{said}){GAP}(?:{words}))")
        for n, said in enumerate(AFTER.values()):
            parts.append(rf"(?P<a_{field}_{n}>(?:{words}){GAP}(?:{said}))")
    return "|".join(parts)


SCALED = lazy(_source(), re.IGNORECASE)
# every alternative of SCALED holds one of these factor words, matched in place (same flags, same text around
# it): a message with none of them changes nothing by a factor. Scanned first because SCALED tries its forty
# alternatives at every position (about half a millisecond a message), and this about a twentieth of that.
FACTOR = lazy("|".join(f"(?:{said})" for said in [*BEFORE.values(), *AFTER.values()]), re.IGNORECASE)


def scaled(norm: str) -> tuple[str, Fraction] | None:
    """The setting changed by a factor and the factor, or None when the message changes none that way."""
    if FACTOR.search(norm) is None:
        return None
    m = SCALED.search(norm)
    if m is None or m.lastgroup is None:
        return None
    side, field_n = m.lastgroup.split("_", 1)
    field, n = field_n.rsplit("_", 1)
    factors = list((BEFORE if side == "b" else AFTER).keys())
    return field, factors[int(n)]
