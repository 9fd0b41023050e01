"""Whether a message sets its sequence limit far above the length of its own samples ("listing 平均 300 token，
cutoff_len 设 8192 有没有问题", "samples are ~200 tokens, is max_seq_len 4096 ok?").

Why a reader and not a verdict term: "cutoff_len 4096 ok?" is fine for 3,500-token samples and a waste for 300-token
ones; only the two numbers the message states tell which, so the FAQ's "no need, it wastes memory" verdict
(catalogs/faq.yaml, `over_data`) holds only where this reader finds the limit at least twice the samples' length.
"""

from __future__ import annotations

import re

from bot.understand.lazy import lazy

OVER = 2  # a limit this many times the samples' length pads every sample with at least as much waste as text
_NUMBER = r"(\d+(?:\.\d+)?)\s*(k|千)?"
# the limit: the setting's name, then its value ("cutoff_len 设 8192", "max_seq_len=4096", "序列长度开到 8k")
LIMIT = lazy(r"(?:cutoff_len|max_seq_len|max_length|max_len|model_max_length|seq(?:uence)?[\s_]*len(?:gth)?|序列长度|最大长度|上下文长度)"
             r"\s*(?:[:=：]|设(?:成|为|到)?|开(?:到|成)?|调(?:到|成)?|拉(?:到|成)?|set\s+to|to|of|at|is|=)?\s*" + _NUMBER, re.IGNORECASE)
# the samples' length: a number of tokens that is not the limit ("平均 300 token", "~200 tokens each")
TOKENS = lazy(_NUMBER + r"\s*(?:个\s*)?tokens?\b", re.IGNORECASE)


def _value(m: re.Match[str]) -> float:
    return float(m.group(1)) * (1000 if m.group(2) else 1)


def limit_over_data(text: str) -> bool:
    """The message states a sequence limit and, apart from it, a sample length in tokens, the limit at least
    OVER times that length."""
    limit = LIMIT.search(text)
    if limit is None:
        return False
    lengths = [_value(m) for m in TOKENS.finditer(text) if not limit.start(1) <= m.start(1) < limit.end()]
    return bool(lengths) and _value(limit) >= OVER * max(lengths) > 0
