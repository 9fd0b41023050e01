"""Whether a message asks if any one card holds the job ("单卡有没有装得下的", "有没有一张卡就能放下",
"any one card that fits 72b lora?", "is there a single gpu that can hold it").

Why: such a question often gives its reason beside it ("不想搞多卡通信", "don't want to deal with multi-gpu
communication"), and those words, left once the job was taken out, read as a question about multi-card
throughput, so the reply was a FAQ entry about GPU utilization instead of the smallest single card that fits
(or the word that none does). The question is a sizing on one card; the reason is no question.
"""

from __future__ import annotations

import re

from bot.understand.lazy import lazy

_HOLD_ZH = r"(?:装|放|跑|塞|撑|扛|训|hold)\s*(?:得|的)?\s*(?:下|住|动|起来)"
_HOLD_EN = r"(?:fits?|holds?|hold|run|runs|handle|handles|take|takes|fit)"
ONE_CARD_FIT = lazy(
    rf"(?:单卡|单张卡?|一张卡?|一块卡?|一卡|(?<![\d.])1\s*(?:张|块)?\s*卡)[^。？?!！]{{0,8}}?(?:有没有|有无|能不能|可不可以|能否|可以|能|就能|就可以)?[^。？?!！]{{0,6}}?{_HOLD_ZH}"
    rf"|有没有[^。？?!！]{{0,10}}?(?:单卡|单张|一张|一块|(?<![\d.])1\s*(?:张|块|卡))[^。？?!！]{{0,10}}?{_HOLD_ZH}"
    rf"|\b(?:any|a|one|1)\s+(?:single\s+|one\s+|1\s+)?(?:card|gpu)\s+(?:that\s+|which\s+)?(?:can\s+|could\s+|will\s+|would\s+)?{_HOLD_EN}\b"
    rf"|\b(?:single|one|1)\s+(?:card|gpu)\s+(?:that\s+|which\s+)?(?:can\s+|could\s+|will\s+|would\s+)?{_HOLD_EN}\b"
    rf"|\b(?:fits?|holds?|run)\s+(?:it\s+)?on\s+(?:a\s+)?(?:single|one|1)\s+(?:card|gpu)\b", re.ASCII)


def one_card_fit(norm: str) -> bool:
    """The message asks whether (or which) one card holds the job on its own."""
    return bool(ONE_CARD_FIT.search(norm))
