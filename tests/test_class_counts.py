"""Groups, people and cards counted apart in one cost question (bot.understand.class_counts): groups or people
with a card each are that many single-card rentals, the people a total is shared among divide it. Figures from
the seeds: CloudGPU RTX A6000 $0.44/h, RTX 3090 $0.21/h, RTX 4090 $0.33/h, A100 80GB $1.49/h (by the minute);
gpuli RTX 4090 ₮109 a week; 一万网络 RTX 3090 ¥1,750 a month."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand.parser import parse
from tests.chat_user import ChatUser


def _said(*messages: str) -> str:
    user = ChatUser()
    for message in messages:
        user.say(message)
    return user.text


def _lead(text: str) -> str:
    return text.strip().splitlines()[0]


@pytest.mark.parametrize(("message", "total", "each"), [
    ("8 个小组，每组一张 cloudgpu a6000 跑 2 小时，一共多少", "$7.04", None),  # 8 × $0.88
    ("全班四十人分八组，每组租一张 gpuli 4090 包周，总共多少，每人摊多少", "₮872", "₮21.80"),  # 8 × ₮109, ÷ 40
    ("We have 4 teams, each team on one CloudGPU 3090 for 5 hours — total?", "$4.20", None),  # 4 × $1.05
    ("20 students sharing 4 CloudGPU A100 80G cards for 2 hours, cost per student?", "$11.92", "$0.60"),  # 4 × $2.98, ÷ 20
    ("15 students x RTX 4090 x 2h at cloudgpu, total?", "$9.90", None),  # 15 × $0.66
    ("二十个同学，每人 cloudgpu 4090 跑 2 小时，一共多少，人均多少", "$13.20", "$0.66"),  # 20 × $0.66, ÷ 20
])
def test_rentals_counted_and_shared(message: str, total: str, each: str | None) -> None:
    lead = _lead(_said(message))
    assert total in lead
    if each is not None:
        assert f"{each}" in lead and ("÷" in lead)


@pytest.mark.parametrize(("first", "then", "total"), [
    ("cloudgpu a6000 2 小时多少", "那 8 个组呢", "$7.04"),
    ("cloudgpu 3090 for 5 hours", "what about 6 groups?", "$6.30"),
    ("cloudgpu 4090 三小时多少钱", "十个组呢", "$9.90"),
])
def test_groups_follow_up_counts_rentals(first: str, then: str, total: str) -> None:
    assert total in _lead(_said(first, then))


def test_people_sharing_a_price_divide_it() -> None:
    lead = _lead(_said("一万网络 3090 包月多少", "分给 7 个同学每人多少"))
    assert "¥250" in lead and "¥12,250" not in lead  # ¥1,750 ÷ 7, never 7 months' rentals


def test_groups_sharing_one_rental_still_divide_it() -> None:
    lead = _lead(_said("3 个组分摊 gpuli 4090 包月 一组多少"))
    assert "₮123" in lead  # ₮369 ÷ 3


def test_hours_after_a_times_sign_are_no_card_count() -> None:
    parsed = parse("A100 80G × 4h at cloudgpu")
    assert parsed.request.num_gpus in (None, 1) and parsed.rental.duration_hours == 4


@settings(max_examples=25, deadline=None)
@given(groups=st.integers(min_value=2, max_value=40), people=st.integers(min_value=41, max_value=200))
def test_groups_rent_and_people_share(groups: int, people: int) -> None:
    parsed = parse(f"{people} 个学生分 {groups} 组，每组一张 cloudgpu 3090 跑 5 小时，总共多少，每人摊多少")
    assert parsed.cues.instances == groups and parsed.cues.split == people
    total = Decimal("1.05") * groups
    assert f"${total:,.2f}".replace(".00", "") in _lead(_said(f"{people} 个学生分 {groups} 组，每组一张 cloudgpu 3090 跑 5 小时，总共多少，每人摊多少"))


@settings(max_examples=20, deadline=None)
@given(people=st.integers(min_value=2, max_value=120))
def test_students_times_a_card_are_that_many_rentals(people: int) -> None:
    parsed = parse(f"total for {people} students × RTX 3090 × 5h on CloudGPU")
    assert parsed.cues.instances == people and parsed.cues.split is None


@pytest.mark.parametrize(("message", "total"), [
    ("40 个学生 每 8 人一组，每组一张 gpuli 4090 包周，一共多少", "₮545"),  # 5 groups × ₮109
    ("24 students, 4 students per card, CloudGPU 3090 for 5 hours: total?", "$6.30"),  # 6 cards × $1.05
])
def test_people_to_a_card_count_the_cards(message: str, total: str) -> None:
    assert total in _lead(_said(message))


def test_how_many_cards_when_several_share_one() -> None:
    assert _said("7B QLoRA on a single 4090 — ok?", "how many of those for 20 students if 4 share one card?").count("5 ×") >= 1


@pytest.mark.parametrize(("said", "asked", "total"), [
    ("40 个同学，每 8 人一组", "每组一张 gpuli 4090 包周，总共多少", "₮545"),  # 5 groups × ₮109
    ("we're 24 students, 4 students per card", "CloudGPU 3090 for 5 hours, total?", "$6.30"),  # 6 cards × $1.05
    ("给 20 个学生做 lora 实验算个预算", "8b，cloudgpu 3090，每人 5 小时", "$21"),  # 20 × $1.05
    ("twelve students each running a qlora lab", "7b on a cloudgpu 4090, 2 hours each, total?", "$7.92"),  # 12 × $0.66
])
def test_head_count_said_the_turn_before_counts_the_rentals(said: str, asked: str, total: str) -> None:
    user = ChatUser()
    noted = user.say(said)  # the count named back, kept for the rental asked next (bot.core.heads_said)
    n = noted.data.get("message", "")
    assert any(str(k) in n for k in (5, 6, 20, 12))
    user.say(asked)
    assert total in _lead(user.text)


@pytest.mark.parametrize(("first", "share", "each"), [
    ("36 个学生，每 6 人一组，每组一张 gpuli 4090 包月，一共多少", "每人多少", "₮61.50"),  # 6 × ₮369 = ₮2,214, ÷ 36
    ("30 students, 5 per card, gpuli 4090 for a week, total?", "per student?", "₮21.80"),  # 6 × ₮109 = ₮654, ÷ 30
    ("18 个同学 每人一张 cloudgpu 3090 跑 5 小时 一共多少", "人均多少", "$1.05"),  # 18 × $1.05, ÷ 18
])
def test_share_asked_next_divides_among_the_people_counted(first: str, share: str, each: str) -> None:
    lead = _lead(_said(first, share))
    assert each in lead and "÷" in lead


def test_a_model_size_after_a_budget_word_is_no_budget() -> None:
    for message in ("帮我算下 30 个学生 qlora 的预算，7b，cloudgpu 4090，每人 3 小时", "预算 14b lora 4090 一周多少"):
        assert parse(message).asks.budget is None  # 7b / 14b and the 4090 are a size and a card, never $7 or ¥4,090
    assert parse("预算 5000，7b lora 4090 一周够吗").asks.budget == (Decimal(5000), None)
