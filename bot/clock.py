"""One injectable clock for everything time-based (rentals, alerts, budgets, the sender's backoff).

Why a clock object instead of `datetime.now()`: the alert sweeper, the refund window and the
per-minute meter all depend on "now", and tests (and `kasuan alerts due --now ...`) must be able to
say what "now" is. Every time is timezone-aware and in UTC; the user's timezone is applied only
when a reply is worded.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Protocol

from engine.errors import InvalidRequest


class Clock(Protocol):
    """Anything that tells the current time as an aware UTC datetime."""

    def now(self) -> datetime: ...


class SystemClock:
    """The real wall clock (UTC)."""

    def now(self) -> datetime:
        return datetime.now(UTC)


class FixedClock:
    """A clock that stands still until told otherwise: for tests and for `--now`.

    `set` jumps to an instant, `advance` moves forward; both keep the time aware and in UTC.
    """

    def __init__(self, at: datetime | str) -> None:
        self._at = as_utc(parse_instant(at) if isinstance(at, str) else at)

    def now(self) -> datetime:
        return self._at

    def set(self, at: datetime | str) -> datetime:
        self._at = as_utc(parse_instant(at) if isinstance(at, str) else at)
        return self._at

    def advance(self, delta: timedelta | None = None, **parts: float) -> datetime:
        """Move forward by `delta` or by timedelta keyword parts (days=1, minutes=5)."""
        step = delta if delta is not None else timedelta(**parts)
        self._at = self._at + step
        return self._at


def as_utc(at: datetime) -> datetime:
    """`at` in UTC; a naive datetime is refused because its zone would be a guess."""
    if at.tzinfo is None or at.utcoffset() is None:
        raise InvalidRequest("time", "a time without a timezone is ambiguous", value=at.isoformat())
    return at.astimezone(UTC)


def parse_instant(text: str) -> datetime:
    """An ISO 8601 instant ("2026-12-01T09:00:00+08:00", "...Z"); a time without an offset is UTC.

    A malformed string raises InvalidRequest (one clear line for the CLI, never a traceback).
    """
    raw = text.strip()
    try:
        parsed = datetime.fromisoformat(raw.replace("z", "Z"))
    except ValueError as exc:
        raise InvalidRequest("now", f"not an ISO 8601 time: {text!r} (e.g. 2026-12-01T09:00:00+08:00)",
                             value=text) from exc
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=UTC)
    return parsed.astimezone(UTC)


__all__ = ["Clock", "FixedClock", "SystemClock", "as_utc", "parse_instant"]
