"""Time as users see it: their timezone, quiet hours, calendar months, durations they type.

Why here and not in the templates: quiet hours and budget months are rules (an alert waits until
08:00 local; December's spend starts at local midnight on the 1st), and they must be computed the
same way by the sweeper, the sender and the replies. Storage stays in UTC.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, time, timedelta, timezone, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.understand.normalize import chinese_to_int
from bot.wallet.refusal import WalletError

OFFSET = re.compile(r"^(?:utc|gmt)?\s*([+-])(\d{1,2})(?::?(\d{2}))?$", re.I)
CLOCK = re.compile(r"^(\d{1,2})(?::(\d{2}))?$")


def parse_tz(text: str) -> str:
    """A timezone users may type: an IANA name (Asia/Shanghai, utc) or an offset (UTC+8, +08:00);
    returned in canonical form. WalletError for anything else."""
    raw = text.strip()
    m = OFFSET.match(raw)
    if m:
        hours, minutes = int(m[2]), int(m[3] or 0)
        if hours > 14 or minutes >= 60:
            raise WalletError("wallet.err.bad_tz", tz=text)
        return f"UTC{m[1]}{hours:02d}:{minutes:02d}"
    if raw.lower() in ("utc", "gmt", "z"):
        return "UTC"
    if not raw or ".." in raw or raw.startswith("/"):
        raise WalletError("wallet.err.bad_tz", tz=text)
    for candidate in (raw, "/".join(p[:1].upper() + p[1:] for p in raw.split("/"))):
        try:
            ZoneInfo(candidate)
        except (ZoneInfoNotFoundError, ValueError):
            continue
        return candidate
    raise WalletError("wallet.err.bad_tz", tz=text)


def zone(name: str) -> tzinfo:
    """The tzinfo for a stored (canonical) timezone name."""
    m = OFFSET.match(name)
    if m and name.upper().startswith("UTC") and len(name) > 3:
        delta = timedelta(hours=int(m[2]), minutes=int(m[3] or 0))
        return timezone(delta if m[1] == "+" else -delta)
    if name == "UTC":
        return UTC
    return ZoneInfo(name)


def local(at: datetime, tz: str) -> datetime:
    return at.astimezone(zone(tz))


def fmt_local(at: datetime, tz: str) -> str:
    """"2026-12-01 09:00 (UTC+08:00)": the user's wall clock with its offset, never ambiguous."""
    lt = local(at, tz)
    off = lt.utcoffset() or timedelta(0)
    sign = "-" if off < timedelta(0) else "+"
    total = abs(int(off.total_seconds())) // 60
    return f"{lt:%Y-%m-%d %H:%M} (UTC{sign}{total // 60:02d}:{total % 60:02d})"


def fmt_date(at: datetime, tz: str) -> str:
    return f"{local(at, tz):%Y-%m-%d}"


def parse_clock(text: str) -> time:
    m = CLOCK.match(text.strip())
    if not m or int(m[1]) > 23 or int(m[2] or 0) > 59:
        raise WalletError("wallet.err.bad_quiet", value=text)
    return time(int(m[1]), int(m[2] or 0))


def parse_quiet(text: str) -> tuple[str, str]:
    """"23:00-08:00" / "23-8" -> ("23:00", "08:00"); the two ends must differ."""
    parts = re.split(r"\s*(?:-|–|~|到|至|to)\s*", text.strip())
    if len(parts) != 2:
        raise WalletError("wallet.err.bad_quiet", value=text)
    start, end = parse_clock(parts[0]), parse_clock(parts[1])
    if start == end:
        raise WalletError("wallet.err.bad_quiet", value=text)
    return f"{start:%H:%M}", f"{end:%H:%M}"


def quiet_until(at: datetime, tz: str, start: str | None, end: str | None) -> datetime | None:
    """If `at` falls in the quiet hours [start, end) local time, the UTC instant they end; else None.

    Quiet hours may wrap midnight (23:00-08:00). They delay an alert, never drop it.
    """
    if not start or not end:
        return None
    lt = local(at, tz)
    s, e = parse_clock(start), parse_clock(end)
    now_t = lt.time()
    if s < e:
        inside = s <= now_t < e
        end_day = lt.date()
    else:  # wraps midnight
        inside = now_t >= s or now_t < e
        end_day = lt.date() + timedelta(days=1) if now_t >= s else lt.date()
    if not inside:
        return None
    end_local = datetime.combine(end_day, e, tzinfo=lt.tzinfo)
    return end_local.astimezone(UTC)


def month_bounds(at: datetime, tz: str) -> tuple[datetime, datetime, str]:
    """The calendar month containing `at` in the user's timezone: (start, end) in UTC and "2026-12"."""
    lt = local(at, tz)
    start = lt.replace(day=1, hour=0, minute=0, second=0, microsecond=0)
    nxt = (start + timedelta(days=32)).replace(day=1)
    start_utc = datetime.combine(start.date(), time(0), tzinfo=lt.tzinfo).astimezone(UTC)
    end_utc = datetime.combine(nxt.date(), time(0), tzinfo=lt.tzinfo).astimezone(UTC)
    return start_utc, end_utc, f"{start:%Y-%m}"


def period_bounds(at: datetime, tz: str, span: str) -> tuple[datetime, datetime, str]:
    """The period containing `at` in the user's timezone: the calendar month, the week from Monday, or the day;
    (start, end) in UTC and its label ("2026-12", "2026-11-30 – 2026-12-06", "2026-12-01")."""
    if span == "month":
        return month_bounds(at, tz)
    lt = local(at, tz)
    first = lt.date() - timedelta(days=lt.weekday()) if span == "week" else lt.date()
    after = first + timedelta(days=7 if span == "week" else 1)
    start_utc = datetime.combine(first, time(0), tzinfo=lt.tzinfo).astimezone(UTC)
    end_utc = datetime.combine(after, time(0), tzinfo=lt.tzinfo).astimezone(UTC)
    label = f"{first:%Y-%m-%d} – {after - timedelta(days=1):%Y-%m-%d}" if span == "week" else f"{first:%Y-%m-%d}"
    return start_utc, end_utc, label


DURATION = re.compile(
    r"^(?:(?P<n>\d+(?:\.\d+)?)\s*)?(?P<unit>weeks?|wk|w|周|星期|months?|mo|个月|月|years?|yr|y|年|days?|d|天|日|"
    r"hours?|hrs?|h|小时|时|个小时)$",
    re.I,
)
ZH_NUMBER = re.compile(r"^([一两二三四五六七八九]?十[一二三四五六七八九]?|[一两二三四五六七八九])")
UNIT_DAYS = {"w": 7, "m": 30, "y": 365, "d": 1}


def parse_duration(token: str) -> timedelta | None:
    """"week" | "month" | "2w" | "10d" | "8h" | "一周" | "3天" | "12小时" -> timedelta; None if not a duration."""
    text = token.strip().lower()
    zh = ZH_NUMBER.match(text)
    if zh:
        text = str(chinese_to_int(zh[1])) + text[zh.end():]
    m = DURATION.match(text)
    if not m:
        return None
    n = float(m["n"]) if m["n"] else 1.0
    unit = m["unit"]
    if unit.startswith(("h", "小", "时", "个小")):
        key = "h"
    elif unit.startswith(("mo", "个月", "月")) or unit in ("month", "months"):
        key = "m"
    elif unit.startswith(("w", "周", "星")):
        key = "w"
    elif unit.startswith(("y", "年")):
        key = "y"
    else:
        key = "d"
    if n <= 0:
        raise WalletError("wallet.err.bad_duration", value=token)
    return bounded_duration(n if key != "h" else 0.0, n if key == "h" else 0.0, token, UNIT_DAYS.get(key, 1))


MAX_DURATION = timedelta(days=5 * 365)  # longer than any provider's longest plan: a typo, not a rental


def bounded_duration(days: float, hours: float, text: str, unit_days: int = 1) -> timedelta:
    """`days` × `unit_days` + `hours` as a timedelta, or a clear error when it is beyond MAX_DURATION
    (a float never reaches timedelta's own overflow)."""
    total_days = days * unit_days + hours / 24
    if not total_days <= MAX_DURATION.days:  # also catches NaN
        raise WalletError("wallet.err.duration_range", value=text, limit=MAX_DURATION.days)
    return timedelta(days=days * unit_days, hours=hours)


def split_duration(delta: timedelta) -> tuple[int, int, int]:
    """(days, hours, minutes) of a non-negative duration, minutes rounded down."""
    total = max(int(delta.total_seconds()) // 60, 0)
    return total // 1440, total % 1440 // 60, total % 60
