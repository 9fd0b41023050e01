"""Money held in the chat decides what "enough" means for cards named after it, and a runway asked by a rental unit's
name keeps its answer when "enough" is asked of a job.

- "gpuli 钱包 5000u" then "14b 全参 4 张 a100 sxm 包月够不够": the cards are to be rented with that money, not cards the
  team holds (bot.understand.held_cards reads them so only with no money said): the job's month against the money,
  and "还剩多少" after it weighs that rental.
- "预算 400u gpuli 4090 周租能租几周 够跑 7b qlora 吗": "周租" names how the card is bought, no length to cover, so the
  runway (whole weeks) is the answer and "enough" is the job's fit on that card, said after it.

Figures from the seeds: gpuli 4×A100 80GB SXM ₮4,308 a month, RTX 4090 ₮109 a week and ₮369 a month, L40S ₮189 a week
(seed 001); 7B QLoRA in 8–12 GB on gpuli's table, 14B LoRA 34–42 GB with an L40S as its card (seed 000)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand.parser import parse
from tests.chat_user import ChatUser, first_lines


def said(*turns: str) -> ChatUser:
    me = ChatUser()
    for turn in turns:
        me.say(turn)
    return me


# ---------------------------------------------------------------- money held: "enough" is the money's
@pytest.mark.parametrize("turns", [
    ("gpuli 余额 5000u", "14b 全参 4 张 a100 sxm 包月够不够"),
    ("我在 gpuli 钱包里有 5000 u", "4 卡 a100 sxm 跑 14b 全参 一个月够吗"),
    ("I have 5000 usdt in my gpuli wallet", "14b full fine-tune on 4x a100 sxm, monthly, enough?"),
    ("our gpuli balance is 5000u", "4 a100 sxm for a 14b full finetune for a month, is that enough?"),
])
def test_cards_asked_enough_after_money_weigh_the_money(turns: tuple[str, ...]) -> None:
    me = said(*turns)
    lead = first_lines(me, 1)
    assert "₮5,000" in lead and "₮692" in lead, me.text  # 5,000 − 4,308
    assert not lead.startswith(("✅", "❌")), me.text


@pytest.mark.parametrize(("turns", "left"), [
    (("gpuli 余额 5000u", "14b 全参 4 张 a100 sxm 包月够不够", "还剩多少"), "₮692"),
    (("I have 5000 usdt in my gpuli wallet", "14b full fine-tune on 4x a100 sxm, monthly, enough?", "how much is left?"), "₮692"),
])
def test_what_is_left_after_the_weighed_rental(turns: tuple[str, ...], left: str) -> None:
    me = said(*turns)
    assert left in first_lines(me, 1) and "4,308" in first_lines(me, 3), me.text


def test_cards_asked_enough_with_no_money_said_stay_the_fit_on_them() -> None:
    me = said("14b 全参 4 张 a100 sxm 包月够不够")
    assert first_lines(me, 1).startswith("✅") and "4×A100" in first_lines(me, 1), me.text


# ---------------------------------------------------------------- a runway by a unit's name, "enough" of a job
@pytest.mark.parametrize("text", [
    "预算 400u gpuli 4090 周租能租几周 够跑 7b qlora 吗",
    "gpuli 4090 按周租 预算 400u 能租几周 够不够跑 8b lora",
    "budget 400 usdt, gpuli 4090 weekly, how many weeks can I rent, enough for a 7b qlora?",
    "400u budget: how many weeks can we rent a gpuli 4090 by the week, enough for 8b qlora?",
])
def test_a_runway_by_the_week_is_answered_then_the_jobs_fit(text: str) -> None:
    me = said(text)
    lead = first_lines(me, 1)
    assert ("3 周" in lead or "3 weeks" in lead) and "₮327" in lead, me.text  # 3 × ₮109 within ₮400
    verdict = next((line for line in me.lines[1:] if line.startswith(("✅", "⚠️", "❌"))), "")
    assert "4090" in verdict and ("LoRA" in verdict or "QLoRA" in verdict), me.text  # the job's fit on the card rented


@settings(max_examples=12, deadline=None)
@given(weeks=st.integers(min_value=1, max_value=6), zh=st.booleans())
def test_any_budget_by_the_week_counts_whole_weeks(weeks: int, zh: bool) -> None:
    budget = 189 * weeks + 50  # L40S at gpuli: ₮189 a week
    text = f"预算 {budget}u gpuli L40S 周租能租几周 够跑 14b lora 吗" if zh else \
        f"budget {budget} usdt, gpuli L40S weekly, how many weeks can I rent, enough for a 14b lora?"
    parsed = parse(text)
    assert [p.intent for p in parsed.parts] == ["price", "size"], (text, parsed.parts)
    lead = first_lines(said(text), 1)
    assert f"₮{189 * weeks:,}" in lead, (text, lead)


def test_a_length_stated_to_cover_keeps_one_rental_with_its_verdict() -> None:
    parsed = parse("cloudgpu 4090 预算 20 刀 能跑多久 够跑 80 小时吗")
    assert not parsed.parts and parsed.rental.duration_hours == 80
