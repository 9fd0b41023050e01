"""Traditional Chinese read as simplified, before anything else reads a message.

Why: a team in Taipei or Hong Kong types "4 張 A100 做 14B 全參 可以嗎"; every word list of ours is
simplified (全参, 张, 吗), so the same question read 全參 as no method and 張 as no count. One conversion at
the core's entry (and at the parser's, for its direct callers) lets every reader see one script. OpenCC's
phrase tables do the work (乾坤 stays 乾坤, 後面 becomes 后面); a message with no Chinese character skips it.
"""

from __future__ import annotations

from functools import lru_cache

from bot.understand.lazy import lazy

_CJK = lazy(r"[\u3400-\u9fff]")


@lru_cache(maxsize=1)
def _converter() -> object:
    from opencc import OpenCC  # loaded on the first Chinese message: its tables take a few milliseconds to read

    return OpenCC("t2s")


@lru_cache(maxsize=4096)  # the core and the parser both ask for one message: the second looks it up
def simplified(text: str) -> str:
    """`text` in simplified characters; unchanged when it has no Chinese character."""
    if not _CJK.search(text):
        return text
    return str(_converter().convert(text))  # type: ignore[attr-defined]
