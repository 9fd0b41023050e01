"""The unit a per-card rate is asked in: "每卡每分钟" minute, "per gpu per day" day, "每卡每月" / "per-GPU per-month"
month (one card's share of a month's rental), hour by default.

Why a month: a finance question of a multi-card plan ("gpuli 4 卡 A100 SXM 折合每卡每月多少") asks one card's share of
the month (₮4,308 / 4 = ₮1,077), not its card-hour rate."""

from __future__ import annotations

import re

MONTH_AFTER = re.compile(r"\s*每\s*个?\s*月")  # "折合每卡每月": a month said right after the rate's words


def rate_unit(words: str) -> str:
    """The unit named in the words that ask a per-card rate."""
    if re.search(r"月|month", words):
        return "month"
    return "minute" if re.search(r"分钟|min", words) else "day" if re.search(r"天|日|day|daily", words) else "hour"


def asked_unit(norm: str, rate: re.Match[str] | None) -> str:
    """The unit of the rate `rate` matched in `norm`, a month said right after it counted ("折合每卡每月")."""
    if rate is None:
        return "hour"
    return rate_unit(rate[0] + ("月" if MONTH_AFTER.match(norm, rate.end()) else ""))
