"""A run's steps counted with no model, and its download / save minutes billed with the training
(seed 002: steps = ⌈samples × epochs ÷ (batch × accumulation × GPUs)⌉; job minutes = download +
train + save; CloudGPU bills ⌈minutes⌉ × hourly ÷ 60)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand import run_timing
from bot.understand.parser import parse
from tests.chat_user import ChatUser


def talk(text: str) -> str:
    chat = ChatUser()
    chat.say(text)
    return chat.text


STEPS_ZH = ("总共要跑几步", "步数是多少", "算下多少步")
STEPS_EN = ("how many optimizer steps is that", "number of steps?", "what are the total training steps")


@settings(max_examples=25, deadline=None)
@given(samples=st.integers(200, 90_000), epochs=st.integers(1, 5), batch=st.sampled_from([1, 2, 4, 8]),
       accum=st.sampled_from([1, 2, 4, 16]), gpus=st.integers(1, 8), ask=st.sampled_from(STEPS_ZH + STEPS_EN))
def test_a_step_count_question_is_answered_without_a_model(samples: int, epochs: int, batch: int, accum: int,
                                                           gpus: int, ask: str) -> None:
    text = (f"{samples} 条数据，{epochs} 轮，batch {batch}，梯度累积 {accum}，{gpus} 张卡，{ask}" if ask in STEPS_ZH
            else f"dataset of {samples} samples, {epochs} epochs, batch {batch}, accum {accum}, {gpus} gpus, {ask}")
    parsed = parse(text)
    assert parsed.intent == "price" and parsed.run is not None
    assert parsed.run.steps == math.ceil(samples * epochs / (batch * accum * gpus))


def test_the_step_count_reply_leads_with_the_count() -> None:
    reply = (talk("样本 4.5 万，3 轮，batch 2，累积 8，4 张卡，一共几步"))
    assert "2,110" in reply.splitlines()[0]  # ⌈45,000 × 3 ÷ 64⌉
    assert "型号" not in reply and "model" not in reply.lower()


def test_each_side_time_and_the_minutes_first_order_are_added() -> None:
    assert run_timing.side_minutes("下载和保存各 7 分钟") == 14
    assert run_timing.side_minutes("8 minutes of download, 12 min saving") == 20
    assert run_timing.side_minutes("上传 3 分钟") == 3


def test_side_minutes_are_not_the_rental_length_when_a_step_time_is_stated() -> None:
    parsed = parse("6000 条 2 个 epoch，batch 2 累积 4，每步 2 秒，下载 9 分钟，上传 6 分钟，cloudgpu 3090 多少钱")
    assert parsed.rental.duration_hours is None  # "6 分钟" is the upload, not what is rented
    assert parsed.request.hours is not None
    assert abs(parsed.request.hours * 60 - (1500 * 2 / 60 + 15)) < 1e-6  # 50 min training + 15 min


def test_a_measured_run_is_billed_for_training_plus_side_minutes() -> None:
    # 1500 steps × 2 s = 50 min, + 9 + 6 = 65 min at $0.21/h by the minute = $0.2275 -> $0.23
    reply = (talk("6000 条 2 个 epoch，batch 2 累积 4，每步 2 秒，下载 9 分钟，上传 6 分钟，cloudgpu 3090 多少钱"))
    assert "$0.23" in reply and "65" in reply


def test_a_named_model_run_bills_its_download_minutes_too() -> None:
    parsed = parse("70b qlora，3000 条 1 个 epoch，batch 1 累积 8，每步 10 秒，下载 25 分钟，cloudgpu A100 80G 多少钱")
    assert parsed.request.step_seconds == 10 and parsed.request.side_minutes == 25
    reply = (talk("70b qlora，3000 条 1 个 epoch，batch 1 累积 8，每步 10 秒，下载 25 分钟，cloudgpu A100 80G 多少钱"))
    # 375 steps × 10 s = 62.5 min + 25 = 87.5 -> 88 min at $1.49/h = $2.19
    assert "$2.19" in reply


@pytest.mark.parametrize("text", ["5090 条数据，2 轮，batch 1，梯度累积 1，1 张卡，一共几步",
                                  "dataset of 3090 samples, 1 epochs, batch 1, accum 1, 2 gpus, how many steps"])
def test_a_sample_count_that_spells_a_card_is_a_count(text: str) -> None:
    parsed = parse(text)  # hypothesis drew samples=5090 once: "5090 条" had been read as an RTX 5090
    assert parsed.request.gpu is None and parsed.request.samples in (5090, 3090)
    assert parsed.run is not None and parsed.intent == "price"


def test_a_sample_label_after_a_card_leaves_the_card() -> None:
    parsed = parse("CloudGPU 4090 样本2万条 3轮 单卡batch 2 累积8 每步1.5秒 要跑多久 多少钱")
    assert parsed.request.gpu == "rtx-4090" and parsed.request.samples == 20000
