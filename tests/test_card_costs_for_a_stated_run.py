"""Card picks and run costs for a job and a run length stated in the chat, and billing-rule answers (blind set 44).
Prices come from the catalog: CloudGPU bills by the minute (4090 $0.33/h, 3090 $0.21/h, A6000 $0.44/h, A100 80GB
$1.49/h, one hour pre-authorized while running); gpuli sells weeks and months from the wallet at order time (4090
₮109 a week, A6000 ₮115 a week and ₮389 a month)."""

from __future__ import annotations

import pytest

from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize(("turns", "needles"), [
    # 30 h × $0.33 = $9.90; 20 h × $0.21 = $4.20; gpuli's A6000 covers 20 h with its week, ₮115
    (("paper due friday", "14b qlora, about 30 hours of training", "cloudgpu 4090 cost?"), ("$9.90", "30 h")),
    (("14b qlora 大概训 30 小时", "cloudgpu 4090 多少钱"), ("$9.90",)),
    (("7b qlora 跑 20 小时", "cloudgpu 上用 3090 多少钱"), ("$4.20",)),
    (("7b qlora for 20 hours", "how much on gpuli with an a6000?"), ("₮115",)),
])
def test_a_cards_cost_after_a_job_with_a_run_length_is_that_run_on_it(turns: tuple[str, ...], needles: tuple[str, ...]) -> None:
    text = conversation(*turns)
    lead = lead_lines(text, 3)
    assert all(n in lead for n in needles), text
    assert "₮369/month" not in lead and "₮369/月" not in lead  # not the card's unit prices


@pytest.mark.parametrize(("turns", "needles"), [
    # 50 h × $0.33 = $16.50 against gpuli's week ₮109: the run's 50 h, never "7 days" from the word "weekly"
    (("two weeks to get results", "7b qlora, about 50 hours on a 4090", "cloudgpu per-minute or gpuli weekly?"),
     ("$16.50", "₮109", "50 h")),
    (("7b qlora 跑 50 小时，用 4090", "cloudgpu 按分钟还是 gpuli 包周"), ("$16.50", "₮109", "50 小时")),
    (("14b qlora 40 hours", "gpuli weekly vs cloudgpu hourly"), ("$17.60", "₮115", "40 h")),
])
def test_each_providers_billing_way_weighs_the_run_not_a_week(turns: tuple[str, ...], needles: tuple[str, ...]) -> None:
    text = conversation(*turns)
    lead = lead_lines(text, 3)
    assert all(n in lead for n in needles), text
    assert "$55.44" not in text and "7 days" not in lead and "7 天" not in lead


@pytest.mark.parametrize(("turns", "needles"), [
    # 8 h × $0.44 = $3.52 on the A6000 against the modded 4090 48GB at $0.65/h
    (("cloudgpu 4090 48g vs a6000", "for 8b lora 16bit", "which is cheaper for 8 hours?"), ("A6000", "$3.52")),
    (("8b lora", "8 小时的话哪个便宜"), ("$3.52",)),
    (("14b qlora", "跑 10 小时 哪个划算"), ("$3.30",)),
])
def test_which_is_cheaper_for_a_span_prices_the_rental_for_it(turns: tuple[str, ...], needles: tuple[str, ...]) -> None:
    text = conversation(*turns)
    assert all(n in lead_lines(text, 3) for n in needles), text
    assert "Noted" not in text and "记下" not in text


@pytest.mark.parametrize(("message", "needles"), [
    ("cloudgpu 4090 48g vs a6000", ("$0.65/h", "$0.44/h")),
    ("gpuli a6000 or l40s?", ("₮389/month", "₮649/month")),
    ("cloudgpu 4090 和 a6000", ("$0.33/小时", "$0.44/小时")),
])
def test_two_cards_set_against_each_other_at_a_provider_are_both_priced(message: str, needles: tuple[str, ...]) -> None:
    text = conversation(message)
    assert all(n in text for n in needles), text
    assert "Which GPU should I rent" not in text and "该租哪张" not in text


@pytest.mark.parametrize(("message", "needles"), [
    ("what does an A6000 go for at gpuli", ("₮115", "₮389")),
    ("what does a 4090 go for on cloudgpu", ("$0.33",)),
    ("what's the going rate for an a6000 at gpuli?", ("₮115", "₮389")),
])
def test_what_a_card_goes_for_is_its_price(message: str, needles: tuple[str, ...]) -> None:
    text = conversation(message)
    assert all(n in lead_lines(text, 3) for n in needles), text


@pytest.mark.parametrize(("message", "needles"), [
    ("how does gpuli charge us — when is the money taken?", ("wallet balance", "order time")),
    ("when does gpuli take the money?", ("wallet balance",)),
    ("gpuli 什么时候扣钱", ("钱包余额", "一次扣清")),
])
def test_when_the_money_is_taken_is_the_providers_billing_rule(message: str, needles: tuple[str, ...]) -> None:
    text = conversation(message)
    assert all(n in lead_lines(text, 3) for n in needles), text


@pytest.mark.parametrize(("message", "needles"), [
    # 8 h × $1.49 = $11.92, plus the hour held while running, $1.49: $13.41
    ("cloudgpu a100 80g 跑 8 小时 余额要留多少", ("$13.41", "$11.92", "缓冲")),
    ("how much should we keep in the cloudgpu balance for 8 hours on an a100 80g?", ("$13.41", "$11.92", "buffer")),
    ("cloudgpu 4090 跑 20 小时，余额充多少才稳", ("$6.93", "$6.60")),
])
def test_what_to_keep_in_the_balance_for_a_run_is_its_cost_plus_the_hour_held(message: str, needles: tuple[str, ...]) -> None:
    text = conversation(message)
    assert all(n in lead_lines(text, 3) for n in needles), text
    assert "不够" not in text and "Not enough" not in text


@pytest.mark.parametrize(("turns", "needles"), [
    # a week is 168 h; gpuli's 4090 trains about 5.9 million tokens an hour: about 990 million in the week
    (("7b qlora on a gpuli 4090", "cost?", "paper due in two weeks, is a weekly rental enough?"),
     ("Enough if the run fits", "168 h", "990 million")),
    (("14b qlora", "还有 15 天截止，租一周够不够"), ("跑得完就够", "168 小时")),
])
def test_a_weekly_rental_enough_leads_with_the_verdict_and_its_condition(turns: tuple[str, ...], needles: tuple[str, ...]) -> None:
    text = conversation(*turns)
    assert all(n in lead_lines(text, 1) for n in needles), text


@pytest.mark.parametrize(("message", "needles"), [
    ("lora 上下文从 2k 拉到 16k 显存要多留多少", ("梯度检查点",)),
    ("lora 序列长度从 2048 改成 8192 要多多少显存", ("20–40%",)),
    ("lora, context 2k to 16k: how much more vram?", ("gradient checkpointing",)),
])
def test_a_longer_context_with_no_model_is_answered_in_general(message: str, needles: tuple[str, ...]) -> None:
    text = conversation(message)
    assert all(n.lower() in text.lower() for n in needles), text
    assert "Which model?" not in text and "要估哪个模型" not in text


@pytest.mark.parametrize(("turns", "needles"), [
    # CloudGPU rents single cards: 8B LoRA for 3 h on its single cards (A6000 180 min × $0.44 = $1.32, 3090 $0.63)
    (("qwen3 8b lora, two 4090s at cloudgpu", "3h?"), ("$1.32", "$0.63", "single cards")),
    (("qwen3 8b lora 两张 4090 在 cloudgpu 跑 3 小时多少钱",), ("$1.32", "单卡")),
])
def test_a_count_a_single_card_provider_never_rents_prices_its_single_cards(turns: tuple[str, ...], needles: tuple[str, ...]) -> None:
    text = conversation(*turns)
    assert all(n in text for n in needles), text


@pytest.mark.parametrize("turns", [
    ("qwen3 8b 全参", "8bit 优化器 h100 一张够吗", "看费用"),
    ("qwen3 8b full fine-tune", "8-bit optimizer, is one h100 enough?", "cost?"),
])
def test_one_card_nobody_rents_leads_with_the_seeds_minimum_priced(turns: tuple[str, ...]) -> None:
    # the seed's minimum, one 80 GB card: gpuli's A100 80GB PCIe ₮899 a month
    text = conversation(*turns)
    assert "₮899" in lead_lines(text, 2), text


@pytest.mark.parametrize(("turns", "needles"), [
    # 14B QLoRA: most likely 16.5 GB, so the 24 GB RTX 3090 at $0.21/h holds it, tight; the safe A6000 is $0.44/h
    (("deadline is next friday", "we need a 14b qlora run done", "cheapest card at cloudgpu and hourly?"), ("3090", "$0.21", "tight")),
    (("14b qlora", "cloudgpu 上最便宜的卡是哪张 一小时多少"), ("3090", "$0.21", "偏紧")),
    (("14b qlora 20 hours, cheapest card?",), ("3090", "$0.21", "A6000")),
])
def test_the_cheapest_card_asked_leads_even_when_tight(turns: tuple[str, ...], needles: tuple[str, ...]) -> None:
    text = conversation(*turns)
    assert all(n in lead_lines(text, 1) for n in needles), text


def test_the_cheapest_card_that_is_safe_is_led_as_before() -> None:
    text = conversation("7b qlora", "cheapest card at cloudgpu?")
    assert "💡" not in text and "$0.21" in lead_lines(text, 3), text


@pytest.mark.parametrize("turns", [
    ("下周五 deadline 7b qlora cloudgpu 4090 训练时间怎么估 一小时多少",),
    ("7b qlora cloudgpu 4090", "一小时多少", "周五前能训完吗 怎么估"),
])
def test_how_to_time_the_run_is_a_trial_of_about_50_steps(turns: tuple[str, ...]) -> None:
    text = conversation(*turns)
    assert "50 步" in text and "$0.33" in text, text


# a run's time estimated from FLOPs on a dataset said in samples names that dataset back (samples × the tokens each was
# counted at, the epochs) and says the exact figure comes from timing about 50 steps on the card (seed 000's method)
@pytest.mark.parametrize(("turns", "needles"), [
    (("is a single 4090 enough for 7b qlora?", "and 40,000 samples at 2048 tokens each, how long would that take?"),
     ("40,000 samples × 2048 tokens", "50 steps")),
    (("14b lora 一张 a100 80g", "2 万条样本 每条 4096 token 训 3 轮 要多久"), ("20,000 条样本 × 4096 token × 3 轮", "50 步")),
])
def test_a_flops_estimate_names_the_dataset_and_the_50_step_timing(turns: tuple[str, ...], needles: tuple[str, ...]) -> None:
    text = conversation(*turns)
    lead = lead_lines(text, 1)
    assert lead.startswith("⏱") and all(n in lead for n in needles), text
