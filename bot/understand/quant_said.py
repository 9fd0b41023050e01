"""Whether a message says the job's base model is quantized or not: "not quantized", "不量化", "no 4-bit",
"unquantized" say it is not; "quantized", "量化的", "4-bit" say it is.

Why: said after a sizing as a setting of the job ("bf16 not quantized i mean" after "lora 8b on a 3090"), the
quantization is the method's choice between LoRA and QLoRA, and the method reader takes no word but a method's own
name ("quantized" names none, and one refused is blanked), so the follow-up kept or dropped the 4-bit base by chance.
This reads the word once, refused or not, for the follow-up that changes the job (bot.core.setting_follow).
"""

from __future__ import annotations

import re

from bot.understand.lazy import lazy
from bot.understand.method_refused import REFUSED

# the base quantized, however it is said: QLoRA itself, 4-bit, NF4/INT4, the verb and its noun in both languages
QUANT = lazy(r"q[\s-]?lora|4[\s-]?bit|4\s*(?:比特|位)|\bnf4\b|\bint4\b|量化|quanti[sz]\w*", re.IGNORECASE)
# ruled out beyond what the method reader blanks: "non-quantized", "no quantization", "without 4-bit", "quantization off"
NOT_QUANT = lazy(r"\bnon[\s-]?quanti[sz]\w*|\b(?:no|not|without|w/o|skip)\s+(?:any\s+|the\s+)?(?:4[\s-]?bit|quanti[sz]\w*)"
                 r"|quanti[sz]\w*\s+off\b|(?:不要|不用|不开|关掉?|别|没有?)\s*(?:4\s*(?:bit|比特|位)|量化)", re.IGNORECASE)


def quantized(words: str) -> bool | None:
    """False when `words` (normalized) rule the quantized base out, True when they name it, None when they say
    neither."""
    if NOT_QUANT.search(words) or any(QUANT.search(m.group()) for m in REFUSED.finditer(words)):
        return False
    return True if QUANT.search(words) else None
