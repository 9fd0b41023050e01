"""A rental term named by its unit ("周租", "weekly", "by the week") is how the time is bought, never how
long a run takes: with a deadline and no dataset size the deadline answer estimates what fits before it,
and the term named is the rental priced, where it is sold (only gpuli sells weeks, seed 000: a 4090
₮109 a week). The clock is fixed (chat_user.T0, Tuesday 2026-12-01 01:00 UTC)."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser

TERM_DEADLINE = [
    "明天上线 现在租张4090周租 7b qlora 赶得上吗 要多少钱",
    "周五交付，按周租一张 4090 跑 8b qlora，来得及吗",
    "launch on thursday, renting a 4090 weekly for 7b qlora, will it finish in time? cost?",
    "7b qlora on a 4090 by the week, done before friday? how much",
]


@pytest.mark.parametrize("msg", TERM_DEADLINE)
def test_a_weekly_term_is_no_run_length(msg: str) -> None:
    u = ChatUser()
    u.say(msg)
    text = u.text
    head = "\n".join([line for line in text.splitlines() if line.strip()][:3])
    assert "168 小时的训练" not in text and "168 h run" not in text and "168-hour" not in text, text
    assert "来不及" not in head and "won't finish" not in head.lower(), text
    assert "₮109" in head, text


# ---------------------------------------------------------------- a year where months are the unit

def test_a_year_at_a_monthly_provider_is_twelve_of_its_months() -> None:
    """gpuli sells weeks and months (seed 000): a year is 12 × ₮14,432 for 8 × H100, not 12 months and
    a week (₮177,356) for the five days a calendar year is longer; a span just short of a year is not."""
    from datetime import timedelta
    from decimal import Decimal

    from engine.billing import quote

    year = quote("gpuli", "h100-sxm", 8, timedelta(days=365))
    assert year.total_max == Decimal("173184")
    assert [(c.kind, c.count) for c in year.cycles] == [("month", 12)]
    assert any(n.code == "year_as_months" for n in year.notes)
    assert quote("gpuli", "h100-sxm", 8, timedelta(days=730)).total_max == Decimal("346368")
    assert quote("gpuli", "h100-sxm", 8, timedelta(days=364)).total_max == Decimal("177356")
    assert quote("gpuli", "rtx-4090", 1, timedelta(days=365)).total_max == Decimal("4428")  # 12 × ₮369


YEAR_ASKS = ["8卡h100 包一年 多少", "八张 H100 租一整年要多少钱", "4090 一年多少钱", "8x h100 for a year, how much?",
             "what does a 4090 cost for one year"]


@pytest.mark.parametrize("msg", YEAR_ASKS)
def test_a_year_asked_is_priced_as_twelve_months_and_says_so(msg: str) -> None:
    u = ChatUser()
    u.say(msg)
    text = u.text
    assert "₮173,184" in text or "₮4,428" in text, text
    assert "+ 1 周" not in text and "+ 1 week" not in text, text
    assert "一年按 12 个月" in text or "a year is 12 months" in text, text


# ---------------------------------------------------------------- a term names the one provider selling it

RENT_BY_THE_WEEK = [("租一张 4090 按周租 两周", "₮218"), ("4090 周租，租 3 周，一共多少", "₮327"),
                    ("rent a 4090 weekly for 2 weeks", "₮218"), ("rent a 4090 by the week, 3 weeks, total?", "₮327")]


@pytest.mark.parametrize(("msg", "total"), RENT_BY_THE_WEEK)
def test_a_weekly_rental_is_gpulis_without_asking_which(msg: str, total: str) -> None:
    """Only gpuli sells weeks (seed 000): the weekly rental is priced there (3 × ₮109), never asked back."""
    u = ChatUser()
    u.say(msg)
    head = "\n".join(u.text.splitlines()[:3])
    assert "gpuli" in head and total in head, u.text
    assert "哪家" not in u.text and "Which provider" not in u.text, u.text


# ---------------------------------------------------------------- a provider and a length after a sizing

SIZED_THEN_THERE = [("32b qlora 用啥卡", "cloudgpu 上跑 5 小时多少", "$2.20"),  # A6000 $0.44 × 5 h
                    ("32b qlora 啥卡合适", "在 cloudgpu 跑 10 小时要多少", "$4.40"),
                    ("which card for 32b qlora", "on cloudgpu, 5 hours, how much", "$2.20")]


@pytest.mark.parametrize(("sizing", "msg", "total"), SIZED_THEN_THERE)
def test_a_provider_and_a_length_after_a_sizing_price_the_sized_setup(sizing: str, msg: str, total: str) -> None:
    u = ChatUser()
    u.say(sizing)
    u.say(msg)
    head = "\n".join([line for line in u.text.splitlines() if line.strip()][:3])
    assert total in head and "A6000" in head, u.text
