"""The training settings a message asks to see written out in its config ("batch 和梯度累积要写清楚", "spell out the
learning rate and epochs"): the export's summary shows them even at their default value.

Why apart: which words name which setting is one small table, read once by the parser's asks; the export view
only receives the request fields named.
"""

from __future__ import annotations

from bot.understand.lazy import lazy

# the request field each setting's words name (the LLaMA-Factory key it writes is the export view's)
SETTING_WORDS = {
    "micro_batch": lazy(r"batch(?:[\s_-]*size)?|\bbs\b|批大小|批次大小|批量大小|每卡批"),
    "grad_accum": lazy(r"梯度累[积加计]|grad(?:ient)?[\s_-]*accum(?:ulation)?(?:[\s_-]*steps)?|\baccum(?:ulation)?\b"),
    "learning_rate": lazy(r"学习率|learning[\s_-]*rate|\blr\b"),
    "epochs": lazy(r"\bepochs?\b|轮数|训练轮|几轮|多少轮"),
}


def settings_named(norm: str) -> frozenset[str]:
    """The request fields whose settings `norm` names (a config asked for is where they are shown)."""
    return frozenset(field for field, words in SETTING_WORDS.items() if words.search(norm))
