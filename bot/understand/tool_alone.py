"""Frameworks named with nothing else ("LLaMA-Factory", "用 deepspeed 的吧", "the ds json please").

Why: right after an export such a message can only say which framework's files to hand over, while one that says
more about the framework ("accelerate 是什么", "zero3 和 zero2 区别", "deepspeed 怎么装") asks a question of its own.
Read once by the parser into `Cues.tool_alone` (bot.understand.cues) for bot.core.export_follow_up.
"""

from __future__ import annotations

import re

from bot.understand.asks import TOOL_NAMES
from bot.understand.lazy import lazy

# what may stand beside a framework's name and still leave it named alone: articles, please, its file's kind, a
# choosing particle ("用…的吧", "…那个", "…就行")
BESIDE_NAME = lazy(r"\b(?:the|one|please|pls|use|with|for|config|configs|files?|yaml|json|version|then|ok|okay)\b"
                   r"|[用的吧呢啊要那个这份版配置文件就行好]", re.IGNORECASE)


def named_alone(norm: str) -> bool:
    """Whether the normalized message names one framework or more and nothing besides."""
    rest, named = norm, False
    for pattern in TOOL_NAMES.values():
        if pattern.search(rest):
            rest, named = pattern.sub(" ", rest), True
    return named and not re.sub(r"[\W_]+", "", BESIDE_NAME.sub(" ", rest))
