"""A month's outage as the user states it: "上月可用率 98.7%", "we had 99.2% last month", "停了大概 9 小时",
"we lost about 20 hours". Read once here into the parsed value (`Parsed.outage`); which SLA tier those figures
reach and what that credits is the provider's SLA (bot.core.sla_credit), never this module's.

The uptime is a percent between 50 and 100 (a month measured, not a throughput loss of 20–40%); the downtime is
a number of hours or minutes said beside a word of being down (停, 宕机, 掉线, down, lost, outage)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from bot.understand.lazy import lazy

PERCENT = lazy(r"(?<![\d.])(\d{2,3}(?:\.\d+)?)\s*(?:%|％|个点)")
# "低于 99% 怎么赔", "what if it's below 99%": a tier's threshold asked, no month measured
THRESHOLD = lazy(r"(?:低于|不到|跌破|少于|below|under|less\s+than|<)\s*$", re.I)
UPTIME_FLOOR = Decimal(50)  # a lower percent is no month's uptime
DOWN_WORDS = lazy(r"停|宕|挂|掉线|断|不可用|中断|故障|离线|\b(?:down|downtime|lost|lose|outages?|offline|unavailable|dead|died)\b", re.I)
HOURS = lazy(r"(?<![\d.])(\d+(?:\.\d+)?)\s*(?:个)?\s*(小时|钟头|h\b|hours?\b|hrs?\b|分钟|min(?:ute)?s?\b)", re.I)


@dataclass(frozen=True)
class Outage:
    uptime: Decimal | None = None  # percent of the month up, as stated
    down_hours: Decimal | None = None  # hours down, as stated

    def __bool__(self) -> bool:
        return self.uptime is not None or self.down_hours is not None


def read(norm: str) -> Outage:
    """The uptime percent and the hours down that the normalized message states (either may be None)."""
    uptime = next((Decimal(m[1]) for m in PERCENT.finditer(norm) if UPTIME_FLOOR <= Decimal(m[1]) <= 100
                   and not THRESHOLD.search(norm, 0, m.start())), None)
    hours = None
    if DOWN_WORDS.search(norm):
        m = HOURS.search(norm)
        if m is not None:
            value = Decimal(m[1])
            hours = value / 60 if m[2].startswith(("分", "min")) else value
    return Outage(uptime, hours)
