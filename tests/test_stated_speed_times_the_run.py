"""What a team states of its run's speed times it: a stated MFU replaces the catalog's default and is named as
theirs, a measured tokens/s (one card's or the job's) over the stated tokens is the time with no FLOPs, a short
micro-batch ("mb 2") and a measured step ("每步实测 3 秒") count the steps, and a key=value job spec reads as a
sentence does (issue 18: one reading of every figure said)."""

from __future__ import annotations

import math
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand import stated_speed
from bot.understand.parser import parse
from tests.chat_user import ChatUser


def _hours(text: str) -> float:
    """The first figure in hours (h / 小时) on the reply's first line."""
    m = re.search(r"(\d+(?:\.\d+)?)\s*(?:h\b|小时)", text.splitlines()[0])
    assert m, text
    return float(m.group(1))


def test_mfu_read_in_every_form() -> None:
    assert stated_speed.mfu("mfu 42%") == 0.42
    assert stated_speed.mfu("we get about 38% mfu on it") == 0.38
    assert stated_speed.mfu("mfu=0.45") == 0.45
    assert stated_speed.mfu("算力利用率 40%") == 0.4
    assert stated_speed.mfu("mfu 多少合适") is None
    assert stated_speed.mfu("mfu 250%") is None


def test_a_stated_mfu_times_the_job_and_is_named_as_theirs() -> None:
    u = ChatUser()
    u.say("Pretraining Llama-3.1-8B further on 20B tokens with 16x H100, mfu=0.4, how long?")
    first = u.text.splitlines()[0]
    assert "your stated 40%" in first
    # 6 · 8.03e9 · 20e9 FLOPs over 16 × 989 TFLOPS × 0.4
    assert abs(_hours(u.text) - 6 * 8.03e9 * 20e9 / (16 * 989e12 * 0.4) / 3600) < 1.0
    u = ChatUser()
    u.say("继续预训练 qwen2.5 7b，80 亿 token，8 卡 H100，MFU 能到 40%，要多久")
    assert "按你给的 40%" in u.text.splitlines()[0]


@settings(max_examples=6, deadline=None)
@given(st.sampled_from([20, 25, 32, 40, 50]))
def test_time_scales_inversely_with_the_stated_mfu(percent: int) -> None:
    base = ChatUser()
    base.say("Llama-3.1-8B continued pretraining on 5B tokens, 8x H100, MFU 10%. How long?")
    u = ChatUser()
    u.say(f"Llama-3.1-8B continued pretraining on 5B tokens, 8x H100, MFU {percent}%. How long?")
    assert math.isclose(_hours(u.text) * percent, _hours(base.text) * 10, rel_tol=0.03)


def test_a_measured_rate_per_card_times_the_tokens() -> None:
    u = ChatUser()
    u.say("Throughput is 2,800 tokens/s per GPU on 32 H100s, 20B tokens to go through. How long?")
    first = u.text.splitlines()[0]
    assert "measured throughput" in first
    assert abs(_hours(u.text) - 20e9 / (2800 * 32) / 3600) < 0.1  # 62.0 h
    u = ChatUser()
    u.say("每卡实测 1500 tokens/s，4卡，训练 30 亿 token，2 个 epoch，要几天")
    assert "实测的吞吐" in u.text.splitlines()[0]
    assert math.isclose(_hours(u.text), 3e9 * 2 / (1500 * 4) / 3600, rel_tol=0.005)  # 277.8 h


def test_a_total_rate_is_not_multiplied_by_the_cards() -> None:
    u = ChatUser()
    u.say("Our 8 A100s do 40k tokens/s total, 3B tokens of data. How long will it take?")
    assert abs(_hours(u.text) - 3e9 / 40_000 / 3600) < 0.1  # 20.8 h
    assert "total throughput" in u.text.splitlines()[0]


def test_the_rate_is_never_the_dataset_nor_its_card_word_a_count() -> None:
    p = parse("单卡 2200 tokens/s，16卡，数据 4B tokens，多久跑完")
    assert p.request.tokens == 4_000_000_000 and p.request.num_gpus == 16
    assert p.run is not None and p.run.rate == 2200 and p.run.num_gpus == 16


@settings(max_examples=10, deadline=None)
@given(st.integers(500, 9000), st.integers(1, 64), st.integers(1, 50))
def test_rate_seconds_are_tokens_over_rate_times_cards(rate: int, cards: int, billions: int) -> None:
    p = parse(f"measured {rate} tokens/s per gpu on {cards} gpus, {billions}B tokens, how long")
    assert p.run is not None and p.run.rate == rate
    assert p.run.steps == math.ceil(billions * 1e9 / (rate * cards))


def test_short_micro_batch_and_accumulation_count_the_steps() -> None:
    u = ChatUser()
    u.say("20万条数据 3 epoch，mb 4，ga 8，4 卡，每步实测 3 秒，总共要多久")
    steps = math.ceil(200_000 * 3 / (4 * 8 * 4))  # 4,688
    assert f"{steps:,}" in u.text and "3.91" in u.text.splitlines()[0]  # 4,688 × 3 s = 3.91 h
    p = parse("the dataset is 300 MB 2 epochs, micro batch 2")
    assert p.request.micro_batch == 2


def test_a_measured_step_beats_the_flops_estimate_with_a_model() -> None:
    u = ChatUser()
    u.say("cloudgpu, llama 3.1 8b qlora, 40k samples, 1 epoch, mb 2, ga 8, one 4090, each step measured at 3 s: time and cost?")
    steps = math.ceil(40_000 / (2 * 8))  # 2,500 × 3 s = 2.08 h
    assert abs(_hours(u.text) - steps * 3 / 3600) < 0.02


def test_a_key_value_spec_reads_its_tokens_and_mfu() -> None:
    p = parse("model=llama-3.1-8b method=cpt tokens=30B gpus=16xh100 mfu=0.4 how long")
    assert p.request.tokens == 30_000_000_000 and p.request.mfu == 0.4 and p.request.num_gpus == 16
    assert stated_speed.spelled("tokens=12b epochs=2") == "12b tokens 2 epochs"


def test_a_measured_rate_leads_the_price_of_a_named_job() -> None:
    u = ChatUser()
    u.say("llama 3.1 8b continued pretraining, 2,000 tokens/s per GPU measured on 16 H100s, 6B tokens: time and price?")
    first = u.text.splitlines()[0]
    assert "measured throughput" in first
    assert abs(_hours(u.text) - 6e9 / (2000 * 16) / 3600) < 0.5  # 52.1 h, never the FLOPs estimate
    assert "💰" in u.text
