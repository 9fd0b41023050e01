"""Issue 18 (blind set 57, class: a run's steps, time and cost from what the user gives, seed 002: steps =
⌈samples × epochs ÷ (per-card batch × accumulation × cards)⌉, time = steps × seconds a step, cost = that time
billed): asked alone, with a model, as a follow-up to a sizing, or a term's price after the run was timed.
The phrasings are our own; the blind cases only check them."""

from __future__ import annotations

import pytest

from bot.understand.run_timing import total_steps
from tests.chat_user import ChatUser


def _chat(*messages: str) -> str:
    me = ChatUser()
    for text in messages:
        me.say(text)
    return me.text


def _head(text: str, lines: int = 3) -> str:
    return "\n".join([line for line in text.splitlines() if line.strip()][:lines])


@pytest.mark.parametrize(("message", "figures"), [
    # the steps and the time asked in two questions of one message: one run, timed (3,000 × 2.4 s = 2 h)
    ("48k samples, 1 epoch, batch 2, grad accum 8, one 4090. how many steps? at 2.4 s/step how long?", ["3,000", "120 min", "2 h"]),
    ("4.8万条样本，1个epoch，batch 2，梯度累积8，一张4090。多少步？每步2.4秒的话要多久？", ["3,000", "120 分钟", "2 小时"]),
    ("one 4090, 48000 samples x1 epoch, bs 2, accum 8: steps? and with 2.4s per step, how long", ["3,000", "120 min"]),
    ("一张 4090 四万八千条 一轮 batch 2 累积 8 总步数多少 一步 2.4 秒要跑多久", ["3,000", "120 分钟"]),
])
def test_steps_and_time_asked_together_are_one_run(message: str, figures: list[str]) -> None:
    text = _chat(message)
    head = _head(text)
    for figure in figures:
        assert figure in head, text


@pytest.mark.parametrize(("message", "figures"), [
    # "单卡 batch" is a batch per card, the count of cards is the one said apart (100,000 × 2 ÷ (4 × 4 × 8))
    ("100k 样本 2 epoch，单卡 batch 4，累积 4，8 卡，总步数多少", ["4 × 4 × 8", "1,563"]),
    ("十万条样本两个epoch 单卡batch 4 梯度累积4 八卡 要多少步", ["4 × 4 × 8", "1,563"]),
    ("100k samples, 2 epochs, per-gpu batch 4, accum 4, 8 gpus, total steps?", ["4 × 4 × 8", "1,563"]),
    ("8 张卡，单卡 batch 4，累积 4，10 万条 2 个 epoch 多少步", ["4 × 4 × 8", "1,563"]),
])
def test_a_per_card_batch_is_no_card_count(message: str, figures: list[str]) -> None:
    text = _chat(message)
    for figure in figures:
        assert figure in text.splitlines()[0], text


@pytest.mark.parametrize("messages", [
    ("how do we estimate training time", "ok do it for 20k samples 2 epochs batch 4 accum 4 on 2 gpus"),
    ("怎么估训练时间", "那按 2 万条样本 2 个 epoch batch 4 累积 4 两张卡算一下"),
    ("20k samples, 2 epochs, batch 4, accumulation 4, two gpus",),
])
def test_a_dataset_with_its_batch_counts_its_steps_without_a_model(messages: tuple[str, ...]) -> None:
    text = _chat(*messages)
    assert "1,250" in text.splitlines()[0], text
    assert "Which model" not in text and "哪个模型" not in text, text


def test_the_steps_reply_keeps_the_conversation_language() -> None:
    text = _chat("how do we estimate training time", "ok do it for 20k samples 2 epochs batch 4 accum 4 on 2 gpus")
    assert "Total steps" in text and "总步数" not in text, text


@pytest.mark.parametrize(("messages", "figures"), [
    # after a sizing, the dataset with its batch settings: that job timed, its steps counted (30,000 × 3 ÷ 16)
    (("14b qlora at cloudgpu which card", "ok and time? 30k samples 3 epochs, batch 2, accum 8, 1 gpu"), ["5,625", "2 × 8 × 1"]),
    (("14b qlora cloudgpu 用哪张卡", "好 那时间呢？3万条样本 3轮 batch 2 累积8 一张卡"), ["5,625", "2 × 8 × 1"]),
    # the dataset said with the job, the epochs and batch in the follow-up (50,000 × 2 ÷ 16)
    (("32b lora on 50k samples, can we finish by friday?", "on one a100 80g at cloudgpu, 2 epochs, batch 1 accum 16"), ["6,250"]),
    (("32b lora 5万条样本 周五前能训完吗", "用 cloudgpu 一张 a100 80g，2 个 epoch，batch 1，梯度累积 16"), ["6,250"]),
    # a model with its dataset and batch in one message
    (("14b qlora 3万条样本 3轮 batch 2 累积8 一张卡 要多久",), ["5,625"]),
    (("how long for 14b qlora, 30k samples, 3 epochs, batch 2, grad accum 8, single gpu",), ["5,625"]),
])
def test_a_jobs_run_counts_its_steps_beside_its_time(messages: tuple[str, ...], figures: list[str]) -> None:
    text = _chat(*messages)
    head = _head(text)
    # timed ("⏱"), or, where a deadline was asked before, the deadline's verdict with the time in it (session 36)
    assert "⏱" in head or "in time" in head or "来得及" in head, text
    for figure in figures:
        assert figure in head, text


@pytest.mark.parametrize(("second", "figures"), [
    ("we measured 1.5 s/step over 50 steps, 4000 total steps, how long and how much", ["1.67 h", "100 min", "$0.55"]),
    ("实测前50步每步1.5秒，总共4000步，要多久、多少钱", ["1.67 小时", "100分钟", "$0.55"]),
    ("4000 steps in total, 1.5 seconds a step measured over the first 50: time and cost?", ["1.67 h", "$0.55"]),
])
def test_a_measured_run_after_a_sizing_is_timed_and_priced(second: str, figures: list[str]) -> None:
    text = _chat("8b qlora cloudgpu 4090", second)
    head = _head(text)
    for figure in figures:
        assert figure in head, text
    assert "depends on the dataset" not in text and "取决于数据量" not in text, text


@pytest.mark.parametrize(("text", "steps"), [
    ("we measured 1.5 s/step over 50 steps, 4000 total steps", 4000),
    ("试跑前 50 步每步 1.5 秒，总共 4000 步", 4000),
    ("a total of 4,000 steps, 1.5s per step", 4000),
    ("4000 steps in total, measured over the first 50 steps", 4000),
    ("每步 2 秒 3000 步", 3000),
    ("总共5400步", 5400),
    ("bs 2, accum 8 steps, 3000 steps in all", 3000),
    ("batch 2 梯度累积 8 步", None),
])
def test_the_runs_total_steps_not_the_trials_window(text: str, steps: int | None) -> None:
    assert total_steps(text) == steps


@pytest.mark.parametrize("messages", [
    ("can we do 32b full ft by friday? 8x h100 at gpuli, 20M tokens, 3 epochs", "时间够吗 成本多少"),
    ("32b full ft by friday? 8x h100 at gpuli, 20M tokens, 3 epochs",),
    ("32b 全参周五前能训完吗？gpuli 8卡 h100，2000万 token，3 个 epoch",),
])
def test_the_jobs_dataset_after_its_deadline_question_times_that_job(messages: tuple[str, ...]) -> None:
    text = _chat(*messages)
    head = _head(text)
    assert "1.5 h" in head or "1.5 小时" in head, text
    assert "4,172" in text, text  # gpuli's 8×H100 week


@pytest.mark.parametrize(("messages", "month"), [
    (("32b full ft 8xh100 20M tokens 3 epochs how long", "ok and cost at gpuli for that month?"), "₮14,432"),
    (("32b 全参 8卡h100 2000万token 3个epoch 要训多久", "那在 gpuli 租一个月成本多少"), "₮14,432"),
    (("how long is 32b full finetune on 8 h100s with 20m tokens and 3 epochs", "and a month at gpuli, what does it cost"), "₮14,432"),
])
def test_a_term_asked_after_the_run_was_timed_prices_the_term(messages: tuple[str, ...], month: str) -> None:
    text = _chat(*messages)
    head = _head(text)
    assert month in head, text
    assert "1.5 h" in head or "1.5 小时" in head, text


@pytest.mark.parametrize(("message", "words"), [
    ("continued pretraining on 14b, same memory math as full ft? minimum box?", ["full fine-tune", "8 GPUs"]),
    ("14b 继续预训练 显存跟全参一样算吗 最少要什么机器", ["全参微调", "8 卡"]),
])
def test_continued_pretraining_is_said_to_be_full_parameter(message: str, words: list[str]) -> None:
    text = _chat(message)
    for word in words:
        assert word in text, text


def test_a_budget_for_this_month_is_no_rental_length() -> None:
    """"for that month" after a timed run is a month's rental; "$3k for this month" is the budget's period: the hours
    it buys are asked ($3,000 ÷ $0.33/h ≈ 9,090 h on a 4090), not a 30-day rental."""
    text = _chat("we have $3k for this month at cloudgpu, 7b qlora runs: which card and how many hours does that buy")
    assert "9,09" in text or "14,28" in text, text
