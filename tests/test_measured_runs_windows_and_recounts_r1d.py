"""Follow-ups that change the last answer, and measured runs (issue 18 F, blind 84/85 at first contact):

- a window said beside a timed run ("Lab is 3 hours … will it finish in class?", "课只有两个小时 … 能跑完吗") is a
  deadline: the verdict leads, with the run's seconds (steps × seconds a step, seed 002's method);
- a measured step after an estimate that priced no card times the run alone (no card needed for the time);
- a trial said as one ("试跑 50 步用了 100 秒", "a trial of 40 steps took 60 s") with its batch, after a job with a
  dataset, times that job: ⌈samples × epochs ÷ (batch × accumulation × cards)⌉ steps × trial seconds ÷ trial steps;
- a length of time used, with its charge asked, at a per-minute provider is priced with no model (CloudGPU's
  RTX 4090 lists at $0.33/h, seed 002): 45 min is $0.2475, 209 min $1.1495;
- a setting changed right after "how many cards?" asks the count again (seed 000: 7B full with an 8-bit optimizer
  on one 80 GB card is the reference table's minimum).
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.chat_user import ChatUser, conversation, lead_lines


def _chat(*messages: str) -> str:
    user = ChatUser()
    for message in messages:
        user.say(message)
    return user.text


def _head(text: str, n: int = 1) -> str:
    return "\n".join(text.strip().splitlines()[:n])


# ---------------------------------------------------------------- a window beside a timed run


def test_a_class_window_with_a_measured_step_leads_with_yes_and_the_seconds() -> None:
    # 12,000 × 2 ÷ (4 × 4 × 1) = 1,500 steps × 0.8 s = 1,200 s = 20 min, inside 2 hours
    text = _chat("Our workshop slot is 2 hours. 12k samples, 2 epochs, batch 4, accum 4, 1 GPU, 0.8 s/step. Done in time?")
    assert _head(text).startswith("✅ Yes"), text
    assert "1,200 s" in _head(text) and "20 min" in _head(text)


def test_a_window_too_short_leads_with_no() -> None:
    # 20,000 × 3 ÷ (2 × 8 × 1) = 3,750 steps × 2 s = 7,500 s, over a 90-minute lab
    text = _chat("lab session is 1.5 hours; 20000 samples 3 epochs batch 2 accum 8 one gpu, 2 s per step - will it finish?")
    assert _head(text).startswith("❌ No"), text
    assert "7,500 s" in _head(text)


def test_a_window_in_chinese_leads_with_the_verdict() -> None:
    # 20,000 × 1 ÷ (4 × 4 × 1) = 1,250 steps × 3 s = 3,750 秒, inside 2 hours
    text = _chat("课只有两个小时，2 万条样本 1 个 epoch，batch 4 累积 4，单卡，每步 3 秒，课上能跑完吗")
    assert _head(text).startswith("✅ 来得及"), text
    assert "3,750 秒" in _head(text)
    late = _chat("实验课 1 小时，3 万条样本 2 轮，batch 2 累积 8，一张卡，每步 2 秒，下课前训得完吗")
    assert _head(late).startswith("❌ 来不及"), late
    assert "7,500 秒" in _head(late)


def test_a_step_time_after_the_steps_keeps_the_window_it_is_asked_against() -> None:
    text = _chat("How many steps: 16k samples, 2 epochs, batch 4, grad accum 4, 1 GPU",
                 "with 1.5 s a step, finished before our 2h lab ends?")
    # 16,000 × 2 ÷ 16 = 2,000 steps × 1.5 s = 3,000 s = 50 min
    assert _head(text).startswith("✅ Yes"), text
    assert "3,000 s" in _head(text)
    zh = _chat("3 万条样本 2 个 epoch，batch 2 累积 8，单卡，一共几步", "每步 2 秒的话，4 小时的实验课里能跑完吗")
    assert _head(zh).startswith("✅ 来得及"), zh
    assert "7,500 秒" in _head(zh)


@settings(max_examples=12, deadline=None)
@given(samples=st.integers(1_000, 40_000), step=st.sampled_from([0.5, 1.0, 1.5, 2.0, 3.0]),
       window=st.sampled_from([1, 2, 3, 4]))
def test_the_verdict_is_the_run_against_the_window(samples: int, step: float, window: int) -> None:
    seconds = math.ceil(samples * 2 / 16) * step
    text = _chat(f"The lab is {window} hours. {samples} samples, 2 epochs, batch 4, accum 4, 1 GPU, {step} s/step. "
                 "Will it finish in class?")
    assert _head(text).startswith("✅" if seconds <= window * 3600 else "❌"), text


# ---------------------------------------------------------------- measured steps and trials


def test_a_measured_step_after_an_unpriced_estimate_needs_no_card() -> None:
    text = _chat("8b qlora 要训多久", "6000 条样本，2 个 epoch，batch 1 累积 16，一张卡，每步 2 秒")
    # ⌈6,000 × 2 ÷ 16⌉ = 750 步 × 2 秒 = 25 分钟
    assert "750" in text and "25 分钟" in text, text
    assert "哪张卡上测的" not in text
    en = _chat("how long does 8b lora take to train?", "12k samples, 2 epochs, batch 2, accum 8, one gpu, 1.5 s per step")
    assert "1,500" in en and "37.5 min" in en, en


def test_a_trial_said_as_one_times_the_job_before_at_its_batch() -> None:
    text = _chat("7b qlora 4 万条样本 2 轮，cloudgpu 4090 怎么估时间", "试跑 50 步用了 75 秒，单卡批大小 2，梯度累积 8，1 张卡，要多久")
    # ⌈40,000 × 2 ÷ 16⌉ = 5,000 步 × 1.5 秒 = 7,500 秒 = 125 分钟
    assert "5,000" in text and "1.5" in text, text
    en = _chat("8b lora, 20k samples, 3 epochs on an a6000 at cloudgpu - how long?",
               "a trial of 40 steps took 60 s at batch 4, accum 4, one gpu. total time?")
    # ⌈20,000 × 3 ÷ 16⌉ = 3,750 steps × 1.5 s = 93.75 min → 94 billed minutes × $0.44/h = $0.69
    assert "3,750" in en and "$0.69" in en, en


# ---------------------------------------------------------------- a used time priced


def test_the_charge_of_a_short_run_needs_no_model() -> None:
    text = _chat("a 45 minute lora smoke test on a 4090 at cloudgpu, what's the charge?")
    assert "$0.2475" in text, text  # 45 × $0.33 ÷ 60
    a6000 = _chat("what would the total charge be for a 25 min qlora trial on an a6000 at cloudgpu")
    assert "$0.18" in a6000, a6000  # 25 × $0.44 ÷ 60 = $0.1833


def test_a_time_used_after_a_card_question_is_priced_on_that_card() -> None:
    text = _chat("cloudgpu 的 4090 跑 lora 怎么收费", "跑了 209 分钟，多少")
    assert "1.1495" in text, text  # 209 × $0.33 ÷ 60
    en = _chat("how does cloudgpu bill an a6000 for lora?", "it ran 95 minutes, how much")
    assert "$0.70" in en, en  # 95 × $0.44 ÷ 60 = $0.6967


# ---------------------------------------------------------------- a setting changed after a count


def test_a_setting_after_how_many_counts_again() -> None:
    zh = _chat("7b 全参 要几张 a100 80g", "开 8bit 优化器呢")
    assert "需要几张卡" in zh and "1 张 A100 80GB SXM + 8-bit 优化器" in zh, zh
    en = _chat("how many A100 80GB cards for 7B full fine-tuning?", "what if we switch on the 8-bit optimizer?")
    assert "how many cards" in en and "1× A100 80GB SXM + 8-bit optimizer" in en, en


def test_a_price_after_how_many_still_prices_the_count() -> None:
    text = _chat("7b 全参 要几张 a100 80g", "看费用")
    assert "4×A100 80GB SXM" in text and "₮4,308" in text, text


# ---------------------------------------------------------------- a memory figure asked to be got under


def test_below_a_figure_after_a_sizing_leads_with_yes_or_no() -> None:
    # seed 000: 7B full with AdamW is 16 bytes × 7B = 112 GB of model states alone, so never below 80 GB
    en = _chat("what is 7B full fine-tune memory?", "and with gradient checkpointing on, does it drop below 80 GB?")
    assert _head(en).startswith("❌ No"), en
    zh = _chat("7b 全参要多少显存", "开了梯度检查点，能降到 80G 以下吗")
    assert _head(zh).startswith("❌ 不能"), zh
    small = _chat("7b qlora 要多少显存", "能压到 24g 以下吗")
    assert _head(small).startswith("✅ 能"), small
    lora = _chat("how much memory does 14b lora need?", "with gradient checkpointing, under 48 GB?")
    assert _head(lora).startswith("✅ Yes"), lora


def test_below_a_figure_inside_the_band_is_no_promise() -> None:
    # 7B full with an 8-bit optimizer: 70 GB of states (seed 000) and the band straddles 80 GB
    zh = _chat("7b 全参要多少显存", "8bit 优化器呢，能降到 80G 以下吗")
    assert _head(zh).startswith("⚠️ 不一定"), zh


def test_a_count_said_after_how_many_checks_that_count() -> None:
    # seed 000: 14B full needs 4 × 80 GB cards (ZeRO-3); two do not hold it
    zh = _chat("14b 全参要几张 A100 80G", "那 2 张呢")
    assert _head(zh).startswith("❌"), zh
    en = _chat("how many H100s for 14B full fine-tuning?", "what about 2 of them?")
    assert "2×" in _head(en, 2) or "2 ×" in _head(en, 2), en


@pytest.mark.parametrize("turns", [
    ("32b 全参 要几张 h100", "zero2 可以吗", "那换 zero3 呢"),
    ("how many H100s for a 32B full fine-tune?", "would zero 2 do?", "and zero-3?"),
])
def test_a_stage_after_a_count_is_checked_on_the_cards_counted(turns: tuple[str, ...]) -> None:
    """A ZeRO stage named after "how many cards?" asks about that stage on the cards counted (seed 000: 32B full on
    8×80 GB, ZeRO-3's model states 64 GB a card), not for the count again."""
    reply = conversation(*turns)
    lead = lead_lines(reply, 2)
    assert "64" in lead and "8×H100" in lead.replace(" ", ""), lead
