"""The planning field extractors, called directly, in zh and en."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from decimal import Decimal

import pytest

from bot.understand.planning import (
    budget,
    budget_value,
    deadline,
    deadline_value,
    how_many_card,
    wants_largest_batch,
    wants_longest_seq,
)

NOW = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(("text", "want"), [
    ("what's the longest sequence that fits Qwen3-8B QLoRA on a 4090", True),
    ("max seq len for 7b lora on a100", True),
    ("Qwen3-8B QLoRA 4090 最长能跑多长的序列", True),
    ("序列最长能开多少", True),
    ("7b lora 4090 seq 4096", False),
    ("largest batch size", False),
])
def test_longest_sequence(text: str, want: bool) -> None:
    assert wants_longest_seq(text) is want


@pytest.mark.parametrize(("text", "want"), [
    ("largest batch size for qwen3-8b lora on h100", True),
    ("max micro batch", True),
    ("batch 最大能开多少", True),
    ("最大batch", True),
    ("7b lora batch 4", False),
    ("max seq len", False),
])
def test_largest_batch(text: str, want: bool) -> None:
    assert wants_largest_batch(text) is want


@pytest.mark.parametrize(("text", "card"), [
    ("how many 4090s do I need for 32B QLoRA", "rtx-4090"),
    ("how many H100 cards for 72B full", "h100-sxm"),
    ("72B 全参需要几张H100", "h100-sxm"),
    ("需要多少块A100跑qwen2.5-72b", "a100-80g-sxm"),
    ("32B lora on 2 4090", None),
])
def test_how_many(text: str, card: str | None) -> None:
    assert how_many_card(text) == card


@pytest.mark.parametrize(("text", "due"), [
    ("cheapest way to finish by 2026-12-15", datetime(2026, 12, 15, 23, 59, 59, tzinfo=UTC)),
    ("train it before Dec 10", datetime(2026, 12, 10, 23, 59, 59, tzinfo=UTC)),
    ("done by jan 5th", datetime(2027, 1, 5, 23, 59, 59, tzinfo=UTC)),  # past this year's: next year's
    ("within 3 days", NOW + timedelta(days=3)),
    ("48小时内跑完", NOW + timedelta(hours=48)),
    ("12月15日前完成", datetime(2026, 12, 15, 23, 59, 59, tzinfo=UTC)),
    ("3天内", NOW + timedelta(days=3)),
    ("2 days on a 4090", None),
    ("rent for a week", None),
    # days named instead of dated (NOW is Tuesday 2026-12-01): the coming one, today included
    ("周五之前训完", datetime(2026, 12, 4, 23, 59, 59, tzinfo=UTC)),
    ("下周一前要跑完", datetime(2026, 12, 7, 23, 59, 59, tzinfo=UTC)),
    ("星期日以前", datetime(2026, 12, 6, 23, 59, 59, tzinfo=UTC)),
    ("明天前", datetime(2026, 12, 2, 23, 59, 59, tzinfo=UTC)),
    ("must finish before Friday", datetime(2026, 12, 4, 23, 59, 59, tzinfo=UTC)),
    ("by next monday", datetime(2026, 12, 7, 23, 59, 59, tzinfo=UTC)),
    ("by tuesday", datetime(2026, 12, 1, 23, 59, 59, tzinfo=UTC)),
    ("done by tomorrow", datetime(2026, 12, 2, 23, 59, 59, tzinfo=UTC)),
    ("by month end", datetime(2026, 12, 31, 23, 59, 59, tzinfo=UTC)),  # the month's last day; "mon" in it is no Monday
    ("before saturation", None),
])
def test_deadline(text: str, due: datetime | None) -> None:
    assert deadline(text, NOW) == due


def test_deadline_in_the_users_timezone() -> None:
    shanghai = timezone(timedelta(hours=8))
    due = deadline("12月15日前", NOW, shanghai)
    assert due == datetime(2026, 12, 15, 23, 59, 59, tzinfo=shanghai)
    assert due is not None and due.astimezone(UTC).hour == 15


@pytest.mark.parametrize(("text", "money"), [
    ("within $500", (Decimal(500), "USD")),
    ("budget 5000 CNY", (Decimal(5000), "CNY")),
    ("预算2万元", (Decimal(20000), "CNY")),
    ("不超过3000块", (Decimal(3000), "CNY")),
    ("500 USDT以内", (Decimal(500), "USDT")),
    ("budget 800", (Decimal(800), None)),
    ("within 3 days", None),
    ("under 500 steps", None),
    ("7b lora 4090 2 days", None),
])
def test_budget(text: str, money: tuple[Decimal, str | None] | None) -> None:
    assert budget(text) == money


def test_flag_values() -> None:
    assert deadline_value("3d", NOW) == NOW + timedelta(days=3)
    assert deadline_value("48h", NOW) == NOW + timedelta(hours=48)
    assert deadline_value("2026-12-15", NOW) == datetime(2026, 12, 15, 23, 59, 59, tzinfo=UTC)
    assert deadline_value("2026-12-15T18:00+08:00", NOW) == datetime(2026, 12, 15, 10, 0, tzinfo=UTC)
    assert deadline_value("soon", NOW) is None
    assert budget_value("5000CNY") == (Decimal(5000), "CNY")
    assert budget_value("$800") == (Decimal(800), "USD")
    assert budget_value("500 USDT") == (Decimal(500), "USDT")
    assert budget_value("500 EUR") is None and budget_value("lots") is None
