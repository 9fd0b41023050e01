"""Fine-tuning methods a message rules out ("全参 不搞lora", "不想用4bit", "不量化", "no quantization",
"not LoRA, full", "lora 就算了"): blanked before the method is read, so the refused one is never sized.

Why: the method reader took every method it saw, so "微调14b要几张卡 全参 不搞lora" named both LoRA and
full, counted as no method at all and fell back to LoRA, the very method the user refused; "不想用4bit"
read as QLoRA. A method named only to be refused says nothing about the job; the other one named is it.
A confirmation ("不是 QLoRA 吗", "isn't it QLoRA?") refuses nothing and stays.
"""

from __future__ import annotations

import re

from bot.understand.lazy import lazy

# the methods as written: QLoRA and its 4-bit base (and quantizing as such), LoRA, full fine-tuning
_QUANT = r"q[\s-]?lora|4[\s-]?bit|4\s*比特|nf4|int4|量化|quantiz\w*|quantis\w*"
_METHOD = rf"(?:{_QUANT}|(?<![a-z])lora|全参(?:数)?(?:微调)?|全量(?:微调)?|full[\s-]*(?:fine[\s-]*tun\w*|finetun\w*|param\w*|ft)?)"
# refusing words before the method: "不搞", "不要", "不想用", "别用", "不做", "不走", "不需要"; "不是" only when no
# 吗 ends the clause (a confirmation); "not", "no", "without", "rather than", "instead of", "skip", "don't want"
# (never the second half of an either-or question: "要不要上 全参", "用不用量化", "搞不搞 lora" ask, refusing nothing)
_ZH_BEFORE = r"(?:(?<![要想用搞做走需考打准])(?:不想|不要|不用|不搞|不做|不走|不考虑|不需要|不打算|不准备)|(?<![区分告级差类个特识辨性])别(?!的)|非)"
_ZH_AFTER_WORD = r"\s*(?:给我|给)?\s*(?:推荐?|要|用|搞|做|走|上|开|考虑|去)?\s*(?:什么\s*)?"
_EN_BEFORE = r"\b(?:not|no|without|rather\s+than|instead\s+of|skip|avoid|don'?t\s+(?:want|use|need)(?:\s+to\s+use)?)\s+(?:a\s+|any\s+|the\s+|using\s+|doing\s+)?"
# a training lever after "不要"/"不考虑" is what they refuse ("72b 全参 不要 offload", "全参 不考虑 8bit"): the method
# before them stays the job's
_LEVER = r"offload|卸载|8[\s-]*bit|8\s*比特|梯度检查点|(?:gradient[\s-]*)?checkpoint\w*|flash|zero|deepspeed|fsdp|cpu|nvme|多卡|多机"
REFUSED = lazy(rf"(?:{_ZH_BEFORE}{_ZH_AFTER_WORD}|{_EN_BEFORE}){_METHOD}"
               rf"|(?<!是)不是{_ZH_AFTER_WORD}{_METHOD}(?![^，。,.;；!?？]*?吗)"
               rf"|(?<![q\w]){_METHOD}\s*(?:就算了|算了|免谈|不要了|(?:不考虑|不要)(?=\s|$)(?!{_ZH_AFTER_WORD}(?:{_METHOD}|{_LEVER}))|pass\b|is\s+out\b|(?:is\s+)?off\s+the\s+table)"
               r"|不\s*量化|\bun[\s-]?quantiz\w*|\bno[\s-]+quant\b", re.ASCII)


def without_refused(text: str) -> str:
    """`text` with each method it rules out blanked (same length, so positions found later still hold)."""
    return REFUSED.sub(lambda m: " " * len(m.group()), text)
