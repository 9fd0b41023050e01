"""Which timezone a message's days and times are in ("周四前", "Thursday noon", "by Friday 6pm").

The rule, in order:
1. a zone the message states: "Beijing time", "北京时间", "东八区", "UTC+8", "GMT-5", "CST" (China
   Standard Time: the teams this product serves are Chinese; US Central is written CT/Central time
   here), "PST"/"PT"/"Pacific time"/"美西时间", "EST"/"ET"/"Eastern time"/"美东时间", "JST"/"东京时间", "SGT"/"HKT"/"新加坡时间" (UTC+8, as Beijing),
   "UTC"/"GMT";
2. else the conversation's own zone: Asia/Shanghai when it is held in Chinese, UTC in English (the
   rule a new wallet's timezone already follows, bot.wallet.call.default_tz). A team writing "周四前"
   means its own Thursday, not UTC's, which ends eight hours later.
The product has no per-chat zone setting outside the wallet; the zone only decides which instant a
named day means. Instants stay timezone-aware; the deadline keeps the zone it was read in, so a reply
shows it as the team wrote it ("Thu 12-03 12:00 UTC+8"), and comparisons are between instants.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta, timezone, tzinfo
from zoneinfo import ZoneInfo

from bot.understand.lazy import lazy

SHANGHAI = "Asia/Shanghai"
# a zone written as an offset: "UTC+8", "GMT-05:00", "utc +5:30"; a bare "UTC" / "GMT" is UTC
OFFSET = lazy(r"\b(?:utc|gmt)\s*(?:([+-])\s*(\d{1,2})(?::?(\d{2}))?)?(?![\w+-])", re.IGNORECASE)
# a zone named in words or by its abbreviation; PT/ET only right after a time ("noon PT", "6pm ET")
NAMED = lazy(
    r"(?P<cn>北京时间|中国时间|东八区|\bbeijing\s+time\b|\bchina\s+(?:standard\s+)?time\b|\bcst\b|\bbj\s*time\b)"
    r"|(?P<pt>\bpacific\s+time\b|\bp[sd]t\b|(?:am|pm|noon|midnight|\d)\s*pt\b|美西时间|太平洋时间|加州时间)"
    r"|(?P<et>\beastern\s+time\b|\be[sd]t\b|(?:am|pm|noon|midnight|\d)\s*et\b|美东时间|纽约时间)"
    r"|(?P<jp>\bjst\b|\btokyo\s+time\b|东京时间|日本时间)"
    r"|(?P<sg>\bsgt\b|\bsingapore\s+time\b|新加坡时间|\bhkt\b|\bhong\s+kong\s+time\b|香港时间)",
    re.IGNORECASE,
)
IANA = {"cn": SHANGHAI, "pt": "America/Los_Angeles", "et": "America/New_York", "jp": "Asia/Tokyo", "sg": "Asia/Singapore"}


def stated_zone(text: str) -> tzinfo | None:
    """The zone `text` states its times in, or None when it states none."""
    named = NAMED.search(text)
    if named is not None:
        return ZoneInfo(IANA[next(k for k, v in named.groupdict().items() if v)])
    m = OFFSET.search(text)
    if m is None:
        return None
    if not m[1]:
        return UTC
    hours, minutes = int(m[2]), int(m[3] or 0)
    if hours > 14 or minutes >= 60:
        return None
    delta = timedelta(hours=hours, minutes=minutes)
    return timezone(delta if m[1] == "+" else -delta) if delta else UTC


def default_zone(lang: str) -> tzinfo:
    """The zone of a conversation that states none: Beijing time in Chinese, UTC in English."""
    return ZoneInfo(SHANGHAI) if lang == "zh" else UTC


def offset_label(at: datetime) -> str:
    """"UTC+8", "UTC-8", "UTC+5:30", "UTC": the offset of `at`'s own zone, never ambiguous (CST means
    three different zones)."""
    off = at.utcoffset() or timedelta(0)
    if not off:
        return "UTC"
    sign = "-" if off < timedelta(0) else "+"
    minutes = abs(int(off.total_seconds())) // 60
    return f"UTC{sign}{minutes // 60}" + (f":{minutes % 60:02d}" if minutes % 60 else "")


ZH_DAYS = "一二三四五六日"


def wall_clock(at: datetime, lang: str) -> str:
    """A deadline as the team reads it, in the zone it was given in, with the day named in full (an
    abbreviation reads as a typo to some): "Thursday 2026-12-03 12:00 UTC+8", "2026-12-03 周四 12:00 UTC+8"."""
    if lang == "zh":
        return f"{at:%Y-%m-%d} 周{ZH_DAYS[at.weekday()]} {at:%H:%M} {offset_label(at)}"
    return f"{at:%A %Y-%m-%d %H:%M} {offset_label(at)}"
