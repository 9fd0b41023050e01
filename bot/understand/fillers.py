"""Spoken fillers that point at nothing: "那啥", "那个那个", "嗯那个", "那个就是".

Why: "那" opens a follow-up ("那 14b 呢": the question before, about 14B) and "那个" can point at an option just
shown ("那个 t4 呢 多少钱"). Typed the way people talk, the same characters are only a pause: "那啥 7b lora bf16 要多
少 vram", "那个那个 就是 嗯 十四b全参 要多少显存", "我想问下那个就是十四b q lora 显存大概" ask a question of their
own. Read as pointers, they took the job, its dataset and the card of the answer before into a new question. A
filler is "那啥"/"那个啥"/"那什么", a "那个" said twice, one after a hesitation or an opener ("嗯那个", "问下那个"), or one
before another filler ("那个就是", "那个 嗯"); what it leaves is what the message asks.
"""

from __future__ import annotations

import re

from bot.understand.lazy import lazy

_PAUSE = r"嗯+|呃+|额+|唔+"
_FILLER = lazy(
    rf"那个?啥|那什么|(?:{_PAUSE})\s*(?:那个\s*)+|(?:问下|问一下|请问|想问|请教一下|请教下)\s*(?:那个\s*)+"
    rf"|(?:那个\s*)+(?=(?:[,，、\s]*)(?:那个|就是|{_PAUSE}|啊|我们|咱们|我|你))|(?:{_PAUSE})",
)


def without_fillers(text: str) -> str:
    """`text` with its spoken fillers blanked, leading and trailing space and separators trimmed."""
    return re.sub(r"^[\s,，、]+", "", _FILLER.sub(" ", text)).strip()
