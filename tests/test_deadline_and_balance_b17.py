"""Blind-17 classes in planning and cost, as behaviour (figures from the seeds through the catalogs):

- a run's stated length against a deadline: the verdict leads in the words people use (来得及 / 来不及,
  by how much) with when the run ends, weekday and time in the deadline's zone, whether or not a job
  was priced before; a day asked as a question ("周三能训完吗", "will it finish wednesday") is the deadline;
- a training time estimated from FLOPs is said to the half hour, as seed 000 says it (32B full, 20M
  tokens, 3 epochs on 8×H100 at 30% MFU: "单次约 1.5 小时"), not to a precision it lacks;
- a length's cost asked after a setup, with "余额要留多少" beside it: the cost (seed 002: cloudgpu bills
  the minute at the listed hourly price, 4090 $0.33/h) leads, the balance answer follows.
The clock stands at Tue 2026-12-01 01:00 UTC (09:00 in Beijing).
"""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import conversation as _reply
from tests.chat_user import lead_lines as _lead

# ---------------------------------------------------------------- the verdict and when the run ends

@pytest.mark.parametrize("turns", [("cloudgpu 4090 跑 40 小时多少钱", "周五前能训完吗"),
                                   ("7b lora gpuli 一周多少钱", "训练 40 小时，周五之前来得及吗")])
def test_after_a_price_the_verdict_says_when_the_run_ends(turns: tuple[str, str]) -> None:
    lead = _lead(_reply(*turns))
    assert lead.startswith("✅ 来得及") and "周四 01:00" in lead  # 09:00 Tuesday + 40 h


def test_after_a_price_the_verdict_says_when_the_run_ends_in_english() -> None:
    lead = _lead(_reply("cloudgpu 4090 for 40 hours, how much", "can it finish by friday?"))
    assert lead.startswith("✅ Yes, in time") and "Wednesday 2026-12-02 17:00 UTC" in lead


@pytest.mark.parametrize("text", ["跑 30 个小时，周三可以跑完吗", "训练要 30 小时 周三能不能训完"])
def test_a_day_asked_as_a_question_is_the_deadline(text: str) -> None:
    lead = _lead(_reply(text))
    assert lead.startswith("✅ 来得及") and "周三 15:00" in lead and "哪个模型" not in lead


@pytest.mark.parametrize("text", ["will a 30 hour run finish wednesday?", "30h of training, done tomorrow?"])
def test_a_day_asked_as_a_question_is_the_deadline_in_english(text: str) -> None:
    lead = _lead(_reply(text))
    assert lead.startswith("✅ Yes") and "Wednesday 2026-12-02 07:00 UTC" in lead


@pytest.mark.parametrize("turns", [("要跑 100 小时，周五之前搞得定吗",), ("cloudgpu a100 80g 跑 100 小时多少钱", "周四前能跑完吗")])
def test_too_late_leads_with_laibuji(turns: tuple[str, ...]) -> None:
    lead = _lead(_reply(*turns))
    assert lead.startswith("❌ 来不及") and "周六 13:00" in lead


def test_too_late_in_english_names_the_weekday_in_full() -> None:
    lead = _lead(_reply("deadline is friday, the run takes 100 hours, will we make it?"))
    assert "won't make it" in lead and "Saturday 2026-12-05 05:00 UTC" in lead


# ---------------------------------------------------------------- an estimate to the half hour

@pytest.mark.parametrize("text", ["32b 全参 3000 万 token 2 epoch 8卡h100 大概跑几个小时",
                                  "full finetune 32b, 20 million tokens, 3 epochs, 8x h100 - how long?"])
def test_a_flops_estimate_is_said_to_the_half_hour(text: str) -> None:
    lead = _lead(_reply(text), 1)
    assert ("约 1.5 小时" in lead or "about 1.5 h" in lead) and "1.35" not in lead


# ---------------------------------------------------------------- a cost with the balance to keep

@pytest.mark.parametrize("turns", [("cloudgpu 4090 qlora 8b", "跑 12 小时要多少钱，余额留多少合适"),
                                   ("8b qlora cloudgpu 4090", "跑 12 小时多少钱 余额得留多少")])
def test_a_cost_with_the_balance_asked_beside_it_leads_with_the_cost(turns: tuple[str, str]) -> None:
    text = _reply(*turns)
    assert "$3.96" in _lead(text)  # 12 h × $0.33/h
    assert "余额" in text and "跑了" not in text


@pytest.mark.parametrize("message", ["10 hours how much, and how much balance should I keep?",
                                     "10 hours - how much will it cost, and how much balance should we keep?"])
def test_a_cost_with_the_balance_asked_beside_it_in_english(message: str) -> None:
    text = _reply("cloudgpu 4090 qlora 8b", message)
    assert "$3.30" in _lead(text) and "Your wallet" not in text  # 10 h × $0.33/h; no read of the book


@pytest.mark.parametrize(("text", "deadline"), [
    ("deadline is tomorrow evening, the run needs 30 hours, will we make it?", "Wednesday 2026-12-02 20:00 UTC"),
    ("results needed by wednesday afternoon, a 40 hour run, in time?", "Wednesday 2026-12-02 14:00 UTC")])
def test_a_part_of_the_day_in_english_is_read_as_its_chinese_word_is(text: str, deadline: str) -> None:
    assert f"deadline ({deadline})" in _lead(_reply(text))  # 晚上 20:00, 下午 14:00, as in Chinese


@pytest.mark.parametrize("text", ["cloudgpu 4090 1.5天跑完 总共多少", "cloudgpu 4090 36小时跑完 费用多少"])
def test_a_run_that_finishes_in_a_length_with_its_price_asked_is_the_runs_length(text: str) -> None:
    parsed = parse(text)  # no "能…吗" and no 前 / 内: the run takes that long, priced; not a deadline from now
    assert parsed.asks.deadline is None and parsed.intent == "price"
    assert (parsed.rental.duration_days or 0) * 24 + (parsed.rental.duration_hours or 0) == 36


@pytest.mark.parametrize("text", ["3天跑完 来得及吗", "3天内跑完 要多少钱"])
def test_a_length_asked_as_a_limit_stays_a_deadline(text: str) -> None:
    assert parse(text).asks.deadline is not None
