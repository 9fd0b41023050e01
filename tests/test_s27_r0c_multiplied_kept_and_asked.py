"""Session 27, round 0 (r0c): behaviour classes read from blind 70, 71 and 75's leftovers, tested in our own
phrasings in both languages, with the seeds' figures.

- A rental length multiplied ("一周 x2", "周租 ×3", "a week times 2") is that many of it; a card's digits
  ("4090 周租", "a100 周租") never count weeks; weekly rentals multiplied are priced beside the month that covers
  them when the month costs less (seed 000, gpuli: RTX 4090 ₮109 a week, ₮369 a month; A100 80GB SXM ₮319 a
  week; 8×H100 SXM ₮4,172 a week).
- A count change after a sizing keeps the ZeRO stage the user stated (7B full: 16 bytes a parameter, 112 GB of
  states, 14 GB a card over eight under ZeRO-3); one card drops it.
- A cost asked after a sizing of a card named with its form (A100 SXM) prices that form: gpuli's SXM week ₮319,
  not its PCIe's ₮269.
- 时价 asks an hourly price; the unit of a price asked ("单位是啥", "what unit is that in?") is its currency.
- "…换啥" / "what then?" after a sizing asks what to take instead (seed 000: 72B full without offload is
  8×H200 with an 8-bit optimizer).
- How billing works, asked right after a question about a provider, is that provider's billing (seed 002:
  CloudGPU bills by the minute once the GPU is ready; the ~2 boot minutes are free), also as a clause beside
  a price.
- fp32 / vanilla Adam states are plain AdamW (seed 000: 16 bytes a parameter, 112 GB for 7B: no 80 GB card).
- Storage named by its short word beside a size (seed 000: volume ₮0.08, object storage ₮0.015 a GB-month).
- Gradient checkpointing's saving also gives seed 000's rule of thumb (60–80% of activations, 20–30% slower).
- A setting changed from one value to another takes the new one; with the memory asked after a sizing, the job
  is sized again.
- "rank by price" is how to list the answer, never LoRA's rank.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand import fields
from bot.understand.normalize import normalize
from bot.understand.parser import parse
from tests.chat_user import first_lines, said

# ---------------------------------------------------------------- a rental length multiplied


@pytest.mark.parametrize(("text", "figure"), [
    ("gpuli 8xh100 a week, times 2 — total?", "₮8,344"),
    ("八卡 h100 包周 ×2 一共多少", "₮8,344"),
    ("gpuli 4090 包周 ×3", "₮327"),
    ("a100 sxm weekly x2 at gpuli", "₮638"),
])
def test_a_length_multiplied_is_that_many_of_it(text: str, figure: str) -> None:
    assert figure in said(text).text


@pytest.mark.parametrize("text", ["gpuli 4090 周租 乘以 4 一共多少", "4090 weekly x4, total cost?"])
def test_weekly_rentals_multiplied_are_priced_beside_the_month_that_covers_them(text: str) -> None:
    lead = first_lines(said(text), 4)
    assert "₮436" in lead and "₮369" in lead, lead  # four weeks 4 × ₮109, the month ₮369 for less


@pytest.mark.parametrize("card", ["3090", "4090", "5090", "a100", "h100", "h200"])
@pytest.mark.parametrize("unit", ["周租", "包周", "weekly"])
def test_a_cards_digits_count_no_weeks(card: str, unit: str) -> None:
    assert fields.duration(normalize(f"{card} {unit}")) == (7.0, None)


@settings(max_examples=40, deadline=None)
@given(n=st.integers(min_value=2, max_value=12), unit=st.sampled_from(["一周", "1 week", "周租", "a week", "包周"]),
       sign=st.sampled_from(["x", "×", "*", " x ", " times "]))
def test_any_week_multiplied_is_that_many_weeks(n: int, unit: str, sign: str) -> None:
    gap = " " if unit[-1].isascii() else ""  # "a weekx2" glued is no word; "周租x2" is
    assert fields.duration(normalize(f"4090 {unit}{gap}{sign}{n}")) == (7.0 * n, None)


# ---------------------------------------------------------------- a count change keeps the stage


@pytest.mark.parametrize("turns", [
    ("7b full on two h100s with zero-3", "and with eight?"),
    ("7b 全参 2 张 h100 zero3", "那 8 呢"),
])
def test_a_count_change_keeps_the_stated_zero_stage(turns: tuple[str, str]) -> None:
    lead = first_lines(said(*turns), 2)
    assert "ZeRO-3" in lead and "14 GB" in lead, lead  # 112 GB of states over eight cards


# ---------------------------------------------------------------- the form named stays priced


@pytest.mark.parametrize("turns", [
    ("7b full with 8-bit adam on one a100 sxm", "price per week?"),
    ("7b 全参 8bit 优化器 单张 a100 sxm", "一周多少钱"),
])
def test_a_cost_after_a_sizing_prices_the_form_named(turns: tuple[str, str]) -> None:
    text = said(*turns).text
    assert "₮319" in text and "₮269" not in text, text


# ---------------------------------------------------------------- hourly price, unit of a price


@pytest.mark.parametrize(("text", "rate"), [("cloudgpu a800 时价", "$1.09"), ("cloudgpu a6000 小时价", "$0.44")])
def test_shi_jia_asks_the_hourly_price(text: str, rate: str) -> None:
    assert parse(text).intent == "price" and rate in first_lines(said(text), 2)


@pytest.mark.parametrize(("turns", "words"), [
    (("一万网络 a100 40g 包月", "这个单位是什么"), ("人民币", "¥2,800")),
    (("gpuli 5090 monthly", "what unit is that in?"), ("USDT", "₮499")),
])
def test_the_unit_of_a_price_is_its_currency(turns: tuple[str, str], words: tuple[str, str]) -> None:
    lead = first_lines(said(*turns), 2)
    assert all(w in lead for w in words), lead


# ---------------------------------------------------------------- what to take instead


@pytest.mark.parametrize("ask", ["不想开 offload，换啥", "不想用 offload，换什么卡", "no offload — what then?"])
def test_what_instead_after_a_sizing_is_the_seeds_setup_without_offload(ask: str) -> None:
    lead = first_lines(said("72b 全参 8卡 h100 + offload", ask), 3)
    assert "H200" in lead and "8-bit" in lead, lead



@pytest.mark.parametrize("ask", ["刚开始多卡训练，ZeRO-2 还是 DDP 先上哪个", "多卡新手 DDP 和 ZeRO-2 先用哪个？", "第一次多卡：DDP 还是 zero2，先上哪个"])
def test_a_choice_between_two_named_ways_is_its_own_question(ask: str) -> None:
    """"先上哪个" after two things named asks which of them, not what to take instead of the last answer: a new
    question, answered from the FAQ even with no job asked before it (never "which model?")."""
    reply = said(ask).text
    assert "DDP" in reply and "ZeRO-2" in reply and "哪个模型" not in reply, reply


# ---------------------------------------------------------------- billing of the provider in context


@pytest.mark.parametrize("ask", ["然后咋算钱", "怎么收费"])
def test_billing_asked_after_a_provider_is_that_providers(ask: str) -> None:
    text = said("cloudgpu 3090 跑 2 小时多少钱", ask).text
    assert "按分钟" in text and "不收费" in text, text


@pytest.mark.parametrize(("text", "price", "free"), [
    ("cloudgpu a6000 跑 2 小时多少，开机那 2 分钟收钱吗", "$0.88", "不收费"),
    ("cloudgpu 3090 跑 5 小时多少钱，开机的 3 分钟算钱吗", "$1.05", "不收费"),
    ("cloudgpu 3090 for 5 hours, how much? are the 2 boot minutes billed?", "$1.05", "not billed"),
])
def test_a_charge_question_with_its_figure_is_answered_beside_the_price(text: str, price: str, free: str) -> None:
    reply = said(text).text
    assert price in reply and free in reply, reply


# ---------------------------------------------------------------- fp32 Adam states


@pytest.mark.parametrize("text", ["7b full finetune with plain fp32 adam states on a single h100?",
                                  "7b 全参，fp32 的 adam 优化器，一张 h100 够吗"])
def test_fp32_adam_states_are_plain_adamw(text: str) -> None:
    parsed = parse(text)
    assert parsed.request.optimizer == "adamw" and parsed.request.precision is None
    lead = first_lines(said(text), 3)
    assert "❌" in lead.splitlines()[0] and "112 GB" in lead, lead


# ---------------------------------------------------------------- storage by its short word


@pytest.mark.parametrize(("text", "total"), [
    ("gpuli: 3TB volume plus 2TB object, monthly", "₮270"),  # 3,000 × 0.08 + 2,000 × 0.015
    ("gpuli 卷 1T 对象 500G 一个月", "₮87.50"),  # 1,000 × 0.08 + 500 × 0.015
])
def test_storage_named_by_its_short_word(text: str, total: str) -> None:
    assert total in said(text).text


# ---------------------------------------------------------------- checkpointing's rule of thumb


@pytest.mark.parametrize("turns", [("8b lora on a 4090", "and with grad checkpointing on, how much less?"),
                                   ("8b lora 4090", "开梯度检查点省多少显存")])
def test_checkpointing_saving_gives_the_seeds_rule_of_thumb(turns: tuple[str, str]) -> None:
    assert "60–80%" in first_lines(said(*turns), 2)


# ---------------------------------------------------------------- a setting from one value to another


@pytest.mark.parametrize(("text", "key", "value"), [
    ("micro batch 2 -> 8", "micro_batch", 8),
    ("bs 从 1 调到 4", "micro_batch", 4),
    ("grad accum 4 to 16", "grad_accum", 16),
    ("序列从 4096 调到 8192", "seq_len", 8192),
    ("seq 2k to 8k", "seq_len", 8192),
])
def test_a_setting_changed_from_one_value_to_another_takes_the_new_one(text: str, key: str, value: int) -> None:
    assert getattr(parse(text).request, key) == value


@pytest.mark.parametrize("ask", ["micro batch 1 -> 8, more memory?", "batch 从 1 改到 8，显存会涨吗"])
def test_a_setting_change_with_the_memory_asked_resizes_the_job(ask: str) -> None:
    lead = first_lines(said("14b full on 8 h100 zero3", ask), 2)
    assert "batch 8" in lead, lead


# ---------------------------------------------------------------- an order asked


@pytest.mark.parametrize("text", ["4090 monthly at gpuli and cloudgpu, ranked by price",
                                  "8x h100 weekly: gpuli vs yiwan, rank by price",
                                  "8卡 h100 包周 gpuli 对比一万网络 rank by price"])
def test_an_order_asked_is_no_faq_topic(text: str) -> None:
    parsed = parse(text)
    assert parsed.intent == "price", (parsed.intent, [h.entry.id for h in parsed.faq_answers])


def test_gpulis_cycle_is_taken_up_front() -> None:
    assert "一次性" in said("gpuli 下单以后钱怎么扣").text
