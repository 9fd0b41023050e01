"""Whether a message asks what a config will really do about quantization ("这个会量化吗", "will this actually
train in 4bit?", "is it qlora or plain lora?"), as opposed to asking a size, a price or how much quality 4-bit costs.

Why a reader of its own: such a question names "qlora", "4bit" or a model, so the parser takes it for a sizing
(or the FAQ on QLoRA's quality), and the user who pasted or just exported a file never hears whether the file
loads the base in 4-bit. The answer lies in the file (bot.core.config_check); this only says it was asked.
Only the words outside `key: value` lines are read, so a pasted file's own keys never count as the question.
"""

from __future__ import annotations

import re

KEY_LINE = re.compile(r"^\s*[A-Za-z_][\w.\-]*\s*:(?:\s|$)")
FOUR = r"(?:4\s*-?\s*bit|4\s*位|nf4|int4)"
ASKED = re.compile("|".join((
    # zh: "会量化吗", "真的会量化吗", "有没有量化", "是不是 4bit", "会不会按 4bit 训"
    rf"(?:会|真的|真会|确实|到底|是不是|是否|有没有|会不会|能不能)[^，,。？?\n]{{0,8}}(?:量化|{FOUR})[^，,。？?\n]{{0,8}}(?:吗|么|嘛|没|不|\?|？|$)",
    rf"(?:量化|{FOUR})了?(?:吗|么|嘛|没有?)",
    rf"是\s*(?:{FOUR}|q\s*-?\s*lora)[^，,。？?\n]{{0,4}}(?:吗|么|嘛)",
    r"q\s*-?\s*lora\s*还是\s*(?:普通|纯|一般|plain\s*)?的?\s*lora|(?<!q)lora\s*还是\s*q\s*-?\s*lora",
    # en: "will it really quantize", "does this train in 4bit", "qlora or plain lora", "is this 4-bit"
    r"\b(?:will|does|do|is|would|gonna|really|actually)\b[^?.\n]{0,40}\bquantiz",
    rf"\b(?:will|does|do|is|would|really|actually)\b[^?.\n]{{0,40}}\b(?:train|run|load)s?(?:ing)?\b[^?.\n]{{0,12}}\bin\s+{FOUR}",
    r"\bq-?lora\s+or\s+(?:plain|regular|normal|just|vanilla|ordinary)?\s*lora\b|\b(?<!q)lora\s+or\s+q-?lora\b",
    rf"\bis\s+(?:this|it|that)\s+(?:really\s+|actually\s+)?(?:q-?lora|{FOUR}|quantized)\b",
)), re.IGNORECASE)
# the file or job the question points at: "this", "it", "这个", "配置", "yaml"
POINTER = re.compile(r"这|它|配置|yaml|文件|\b(?:this|it|that|the\s+(?:config|yaml|file|job|setup|export))\b", re.IGNORECASE)
# what 4-bit costs is the FAQ's question, not the file's: "量化以后效果会掉吗", "does 4bit hurt accuracy"
COST_OF_IT = re.compile(r"效果|精度|掉点|质量|变差|慢|速度|显存|多少|accuracy|quality|hurt|worse|slow|speed|memory|how much",
                        re.IGNORECASE)


def asked_words(text: str) -> str:
    """The message without its `key: value` lines (a pasted file's keys are not the question)."""
    return "\n".join(line for line in text.splitlines() if not KEY_LINE.match(line) and not line.strip().startswith(("{", "}", '"')))


def asks_quantized(text: str, pointed: bool = False) -> bool:
    """True when the words ask whether the config (pasted, exported or sized) quantizes; `pointed`: a file is
    beside the words, so they need not say "this"."""
    words = asked_words(text)
    if not ASKED.search(words) or COST_OF_IT.search(words):
        return False
    return pointed or bool(POINTER.search(words))
