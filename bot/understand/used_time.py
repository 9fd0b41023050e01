"""Minutes and seconds stated as the time a job used ("ran 61 seconds", "跑了 90 秒", "61 分钟").

Why apart: per-minute billing rounds the used time up to whole minutes, so a time in seconds is a
length like any other; but minutes or seconds next to a step, a download or the boot are that
thing's time, not the time used. Read by bot/understand/fields.py with the other lengths.
"""

from __future__ import annotations

import re

from bot.understand.lazy import lazy

_N = r"(?<![\d.])(\d+(?:\.\d+)?)"
MINUTES = lazy(_N + r"[\s-]*(?:分钟|mins?|minutes?)(?![a-z])", re.ASCII)
# never a bare "s": "4090s" are cards
SECONDS = lazy(_N + r"[\s-]*(?:秒钟?|secs?|seconds?)(?![a-z])", re.ASCII)
# minutes next to a step time, a download or the boot are that thing's; seconds next to any count of steps
# are a trial's or a step's ("跑了 20 步，花了 20 秒"), read by bot/understand/trial.py
NOT_USED_MINUTES = lazy(r"每步|/\s*step|per\s+step|下载|上传|download|upload|boot|开机")
NOT_USED_SECONDS = lazy(r"步|/\s*(?:step|it)\b|per\s+(?:step|it)\b|steps?\b|下载|上传|download|upload|boot|开机|回滚|rollback")
UNITS = ((MINUTES, 1 / 60, NOT_USED_MINUTES), (SECONDS, 1 / 3600, NOT_USED_SECONDS))  # pattern, unit in hours, not-used words
