"""Blind-15 classes in planning and cost, as behaviour (figures from the seeds through the catalogs):

- a run's stated length, when it starts (now unless said) and a deadline need no model: the verdict,
  when the run ends and the hours to spare or short lead, instead of asking which model;
- a day's share of a rental's total ("按天摊多少", "每天合多少", "what's that per day"), in the same message or
  as a follow-up to a price: seed 000's gpuli 8×H100 week ₮4,172 / 7 = ₮596 a day, 4090 week ₮109 / 7 = ₮15.57.
"""

from __future__ import annotations

import pytest

from tests.chat_user import conversation as _reply
from tests.chat_user import lead_lines as _lead

# ---------------------------------------------------------------- a run's length against a deadline

IN_TIME = ["这次训练大概跑 30 个小时，马上开始，周五之前能完事不", "估计要 30h，现在开跑，周五前跑得完吗"]


@pytest.mark.parametrize("text", IN_TIME)
def test_a_stated_run_length_is_set_against_the_deadline_without_a_model(text: str) -> None:
    lead = _lead(_reply(text))
    assert "能训完" in lead and "周三" in lead and "15:00" in lead  # 09:00 + 30 h = Wednesday 15:00
    assert "哪个模型" not in lead


@pytest.mark.parametrize("text", ["the job needs about 30 hours, kicking it off now, will it finish before friday?",
                                  "30h of training starting now - done by friday?"])
def test_a_stated_run_length_against_a_deadline_in_english(text: str) -> None:
    lead = _lead(_reply(text))
    assert lead.startswith("✅ Yes") and "Wednesday 2026-12-02" in lead
    assert "which model" not in lead.lower()


@pytest.mark.parametrize("text", ["要跑 5 天，周三前跑得完吗", "a 120 hour run from now, finished by wednesday?"])
def test_a_run_longer_than_the_time_left_is_too_late(text: str) -> None:
    lead = _lead(_reply(text))
    assert ("训不完" in lead or "won't make it" in lead) and ("12-06" in lead)


# ---------------------------------------------------------------- a day's share of a rental

@pytest.mark.parametrize("text", ["gpuli 8卡H100 租一周，平均每天多少钱", "8张h100 gpuli 一周，摊到每天合多少",
                                  "8x H100 at gpuli for a week, what does that come to per day?"])
def test_a_rentals_share_per_day_is_shown(text: str) -> None:
    lead = _lead(_reply(text))
    assert "4,172" in lead and "596" in lead


@pytest.mark.parametrize("follow", ["每天合多少", "按天平摊呢，多少", "how much is that per day?"])
def test_a_share_per_day_follows_a_price(follow: str) -> None:
    text = _reply("4090 一周多少", follow)
    assert "15.57" in _lead(text)  # gpuli's week ₮109 over 7 days


def test_hours_a_day_are_not_a_share() -> None:
    text = _reply("4090 租一周，每天跑 8 小时")
    assert "按天摊" not in text


# ---------------------------------------------------------------- "cheapest and safe" after a job

@pytest.mark.parametrize("ask", ["又便宜又稳的方案呢", "最便宜又稳的配置是哪个", "便宜点但要稳，怎么配", "cheap but safe?",
                                 "what's the cheapest safe setup then"])
def test_cheapest_safe_after_a_job_is_the_minimum_without_offload(ask: str) -> None:
    lead = _lead(_reply("qwen 72b 全参", ask))
    assert "H200" in lead and "14,432" in lead  # seed 000: 8×H200 + 8-bit; the offload plan named as cheaper, slower
