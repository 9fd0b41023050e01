"""Whether a short how-long question asks nothing but how long the job runs.

Why: after a job sized with its data, "要训多久", "how long will that take?" ask that job's training time. But
"多久" and "how long" also ask how long data takes to upload, a broken machine to be fixed, SSH to come up: "从上海传
200G 数据上去要多久", "机器坏了多久能修好" are questions of their own that the FAQ answers with confidence, never the
job's time again. Once the lengths, asking words and providers are out (the cue's frame), a question of the job's
time leaves only words of training, running and finishing, and words pointing at the job; anything else is a
subject of its own.
"""

from __future__ import annotations

import re

from bot.understand.lazy import lazy

_RUN_TIME_FRAME = lazy(
    r"^(?:[\W_]|那|那么|那这|这|这个|那个|它|这次|一次|一轮|整个|全部|大概|大约|差不多|估计|预计|得|要|需要|能|可以|才能|的|呢|吗|啊|呀|吧|了"
    r"|我们|咱们|我|用|花|时间|时长|总共|一共|训练|训|跑|跑完|训完|做完|搞完|搞定|弄完|完成|结束|完|下来|这个活|活|任务|全程"
    r"|(?<![a-z\d])(?:rtx|sxm|pcie|[a-z]*\d+[a-z]*"
    r"|an?|that|this|it|the|whole|entire|our|we|us|i|you|how|long|much|time|total|roughly|about|approximately|approx|then|so|and"
    r"|will|would|does|do|did|is|be|it'?ll|take|takes|taking|need|needs|to|for|of|on|with|finish|finished|complete|completed|done"
    r"|training|train|run|running|runs|job|fine-?tune|fine-?tuning|gpus?|cards?|ok|okay)(?![a-z\d]))*$",
    re.I)


def run_time_only(frame: str) -> bool:
    """Whether `frame` (a short message with its lengths, asking words and providers taken out) says nothing but
    what a question of the job's own training time says."""
    return bool(_RUN_TIME_FRAME.match(frame))
