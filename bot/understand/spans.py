"""Two rental spans set against each other in one message ("3 weeks of a 4090 vs one month", "租 3 周和
租一个月哪个便宜"): read with the duration reader's own lengths, kept apart from it to keep modules small."""

from __future__ import annotations

from bot.understand.fields import _joined, _lengths, _unit_name


def spans_against(text: str) -> float | None:
    """Two spans in different units, not added ("3 weeks vs one month"): the shorter, in hours, to buy both ways."""
    lengths = [x for x in _lengths(text) if x.addable and not _unit_name(text, x)]
    if len(lengths) != 2 or len(_joined(text, lengths)) > 1 or lengths[0].unit_hours == lengths[1].unit_hours:
        return None
    return min(x.days * 24 + x.hours for x in lengths)
