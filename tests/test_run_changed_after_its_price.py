"""A run timed and then priced keeps its figures for the next change (issue 18, round 2e): "10k samples, 2
epochs, batch 2, grad accum 8, one 4090, ~3 s/step. how long?", "and the cost at cloudgpu?", then "what about 3
epochs" is 1,875 steps × 3 s = 93.8 min, 94 min × $0.33/h ≈ $0.52 at CloudGPU; "and on two 4090s?" after a job
timed by its step (16k samples) is 1,000 steps, 50 min; "cloudgpu 上要花多少钱" after the time is its price."""

from __future__ import annotations

import pytest

from tests.chat_user import conversation, lead_lines

RUN_EN = "10k samples, 2 epochs, batch 2, grad accum 8, one 4090, ~3 s/step. how long?"
RUN_ZH = "10000条样本 2个epoch 批大小2 梯度累积8 一张4090 每步3秒 要多久"


@pytest.mark.parametrize("turns", [
    (RUN_EN, "and the cost at cloudgpu?", "what about 3 epochs"),
    (RUN_EN, "cost at cloudgpu?", "and with 3 epochs?"),
    (RUN_ZH, "cloudgpu 上要花多少钱", "那 3 个 epoch 呢"),
    (RUN_ZH, "在 cloudgpu 租要多少钱", "改成3轮呢"),
])
def test_epochs_changed_after_the_price_is_the_run_again_with_its_price(turns: tuple[str, ...]) -> None:
    text = conversation(*turns)
    assert "1,875" in lead_lines(text, 2)
    assert "$0.52" in text and "CloudGPU" in text


@pytest.mark.parametrize("second", ["cloudgpu 上要花多少钱", "在 cloudgpu 租要多少钱"])
def test_a_provider_named_after_the_run_time_prices_it_there(second: str) -> None:
    text = conversation(RUN_ZH, second)
    assert "1,250" in text and "$0.35" in text


JOB = "8b qlora on a 4090, 16k samples 2 epochs, batch 2 accum 8, 3 s/step. how long?"


@pytest.mark.parametrize("third", ["and on two 4090s, same s/step?", "and with 2 cards?", "两张 4090 呢"])
def test_two_cards_after_a_job_timed_by_its_step_halve_the_steps(third: str) -> None:
    lead = lead_lines(conversation(JOB, "cost at cloudgpu?", third), 2)
    assert "1,000" in lead and ("50 min" in lead or "50 分钟" in lead)


@pytest.mark.parametrize("turns", [
    ("8b lora on one 4090, 20k samples, 1 epoch, batch 4 accum 4, 2 s/step, how long?", "what does it cost on cloudgpu?",
     "and on 2 cards?"),
    ("一张 4090 跑 8b lora，2万条数据 1 个 epoch，批大小 4 累积 4，每步 2 秒，要多久", "在 cloudgpu 多少钱", "换两张呢"),
])
def test_a_provider_asked_of_a_step_timed_job_keeps_its_steps_for_the_next_count(turns: tuple[str, ...]) -> None:
    # the provider's price is no new dataset to time: 20,000 ÷ (4 × 4 × 2) = 625 steps × 2 s = 20.8 min on two cards
    assert "1,250" in lead_lines(conversation(*turns[:2]), 2)
    assert "625" in lead_lines(conversation(*turns), 2) and "20.8" in lead_lines(conversation(*turns), 2)
