"""Whether a message asks what a lever costs in speed ("72b 全参 8卡h100 offload 方案 吞吐掉多少", "开梯度检查点
速度影响多大", "how much slower is qlora than lora on a 4090"): the slowdown is the answer, so it leads the sizing
(bot.core.speed_first). A wish to keep the speed ("不想掉速") asks no amount and is not this."""

from __future__ import annotations

import re

from bot.understand.lazy import lazy

SPEED_ASKED = lazy(
    r"(?:吞吐|速度|掉速|降速|变慢|慢|性能)[^，。,.;；]{0,6}?(?:多少|多大|几成|几倍|百分之几|多严重|明显吗|影响大吗)"
    r"|影响(?:多大|多少|大不大)?的?(?:速度|吞吐)|(?:速度|吞吐)(?:上)?(?:的)?(?:代价|损失)"
    r"|how\s+much\s+(?:slower|throughput|speed)|how\s+(?:much|badly)\s+(?:does|will|would)\b.{0,40}\bslow"
    r"|\b(?:throughput|speed|performance)\s+(?:hit|cost|penalty|impact|loss|drop)\b"
    r"|\bcost\s+(?:me\s+)?in\s+(?:speed|throughput)\b|\bslowdown\b", re.IGNORECASE)


def speed_asked(norm: str) -> bool:
    """Whether the (normalized) message asks how much a lever slows training."""
    return bool(SPEED_ASKED.search(norm))
