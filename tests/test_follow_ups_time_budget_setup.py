"""Short follow-ups after a sizing or a cost answer are answered against that answer (issue 18), in phrasings of
our own in both languages: how long the job just sized takes, its data given (32B full on 20M tokens × 3
epochs: about 1.5 h on 8×H200 SXM; 14B LoRA on 50M tokens × 2: 28.8 h on one A6000); a budget in 刀 / 块 / U /
dollars judged against a measured run's cost (3000 steps × 2 s on CloudGPU's 4090 at $0.33/h: $0.55, seed 002);
a FAQ question of a card named with a pointer ("那个 4090") is the FAQ's question of that card (no NVLink), and
one asked of a multi-card setup just priced names that setup (8×H100 SXM at gpuli, seed 000)."""

from __future__ import annotations

import pytest

from bot.understand.run_timing import step_seconds, total_steps
from tests.chat_user import conversation, lead_lines

THIRTY_TWO = "32b 全参 2000万token 3 epoch 用啥卡"


@pytest.mark.parametrize("first, then, said", [
    (THIRTY_TWO, "多久能跑完", "约 1.5 小时"),
    (THIRTY_TWO, "要跑几天", "约 1.5 小时"),
    (THIRTY_TWO, "大概要多长时间", "约 1.5 小时"),
    ("32b full finetune 20M tokens 3 epochs which card", "how long will that take?", "about 1.5 h"),
    ("14b lora 5000万 token 2 epoch 租什么卡", "那跑完得几个小时", "约 28.8 小时"),
    ("14b lora, 50M tokens, 2 epochs, what should I rent", "so how long then", "about 28.8 h"),
])
def test_how_long_after_a_job_with_its_data_is_its_training_time(first: str, then: str, said: str) -> None:
    lead = lead_lines(conversation(first, then), 1)
    assert said in lead, lead
    assert ("8×H200 SXM" in lead) == first.startswith("32b")  # on the card the answer picked


def test_how_long_after_a_job_without_data_stays_the_method() -> None:
    assert "50" in lead_lines(conversation("7b qlora 要多少显存", "要跑多久"), 3)  # measure ~50 steps first


@pytest.mark.parametrize("text", ["每步 2 秒 3000 步", "3000 步 每步 2 秒", "2 秒每步 3000 步", "3000 steps at 2 s per step"])
def test_steps_after_a_step_time_are_counted(text: str) -> None:
    assert (step_seconds(text), total_steps(text)) == (2.0, 3000)


MEASURED = "cloudgpu 4090 8b qlora 每步 2 秒 3000 步 多少钱"


@pytest.mark.parametrize("first, then, said", [
    (MEASURED, "预算 1 刀 够吗", "预算 $1：够"),
    (MEASURED, "5 块钱够吗", "预算 ¥5：够"),
    (MEASURED, "2U 够吗", "预算 ₮2：够"),
    (MEASURED, "0.5 美金够不够", "预算 $0.50：不够"),
    ("8b qlora on a cloudgpu 4090, 3000 steps at 2 s/step, how much", "is $1 enough?", "Budget $1: enough"),
    ("8b qlora on a cloudgpu 4090, 3000 steps at 2 s/step, how much", "we only have 2 bucks, ok?", "Budget $2: enough"),
])
def test_a_budget_after_a_measured_runs_cost_is_judged_against_it(first: str, then: str, said: str) -> None:
    lead = lead_lines(conversation(first, then), 1)
    assert said in lead and "$0.55" in lead, lead  # 100 min × $0.33/h


@pytest.mark.parametrize("first, then, no", [
    ("7b qlora 用啥卡 gpuli", "那个 4090 有 nvlink 吗", "没有"),
    ("7b qlora 要多少显存", "这个 4090 能 nvlink 吗", "没有"),
    ("8b lora which card at gpuli", "does that 4090 have nvlink?", "No."),
    ("7b qlora 要多少显存", "那张 4090 支持 nvlink 不", "没有"),
    ("7b qlora 用啥卡 gpuli", "这块 4090 支持 nvlink 吗", "没有"),
])
def test_a_faq_question_of_a_card_pointed_at_is_the_faqs(first: str, then: str, no: str) -> None:
    lead = lead_lines(conversation(first, then), 3)
    assert no in lead and "✅" not in lead and "GB" not in lead, lead


@pytest.mark.parametrize("first, then, said", [
    ("32b 全参 gpuli 8卡h100 包月多少", "有 nvlink 吗", "8×H100 SXM：有"),
    ("32b full finetune at gpuli, 8x h100 monthly?", "does it have nvlink?", "8×H100 SXM: Yes"),
    ("一万网络 8卡 a100 包月", "卡之间有 nvlink 吗", "8×A100 80GB SXM：有"),
    ("gpuli 8x h100 monthly", "any nvlink between them?", "8×H100 SXM: Yes"),
])
def test_nvlink_after_a_multi_card_setup_names_that_setup(first: str, then: str, said: str) -> None:
    assert said in lead_lines(conversation(first, then), 3)


def test_nvlink_after_one_card_names_no_count() -> None:
    lead = lead_lines(conversation("gpuli 4090 weekly price", "does it have nvlink?"), 3)
    assert lead.splitlines()[1].startswith("No.") and "×RTX 4090:" not in lead


@pytest.mark.parametrize("then", ["那张 4090 呢", "那张 4090 够吗"])
def test_a_card_pointed_at_with_no_faq_question_is_the_job_on_it(then: str) -> None:
    assert "✅ 7B QLoRA (4-bit)：1×RTX 4090 装得下" in lead_lines(conversation("7b qlora 用啥卡 gpuli", then), 1)
