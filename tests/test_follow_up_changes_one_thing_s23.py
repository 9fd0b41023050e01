"""A short follow-up that changes one thing of the answer just given (or asks the next obvious thing of it) is
answered against that answer, everything else kept (issue 18, session 23):

- a bare number after a length said in number words ("three hours" then "and eight") is that many of its unit
  (CloudGPU RTX 3090 $0.21/h: 8 h $1.68);
- a job setting stated in a memory or fit question after a sizing changes that job ("zero1 呢 每卡多少": 32B full on
  8×H100 at ZeRO-1 holds 176 GB of model states a card, seed 000; "8bit 优化器的话 单卡 a100 80g 能放下吗": 7B full's
  70 GB of states);
- a count put on one card's price that nobody rents as one machine is that many single-card rentals (gpuli A100 80GB
  PCIe ₮899 a month: two ₮1,798); two cards of a DDP job at a provider that does not rent them are as many alike it
  rents singly (gpuli RTX 4090 ₮109 a week: two ₮218);
- a week asked at a provider after a sizing on a card named without its form prices that form first (gpuli A100 80GB
  SXM ₮319, PCIe ₮269);
- a length ruled out then another asked ("一个半礼拜不行的话 两周多少") is the other one (gpuli RTX 5090: ₮298);
- a card named alone and answered by the FAQ stays the subject: a fit asked next is of that card, a price asked next
  is that setup's (一万网络 8×A100 80GB: ¥2.5–4 万 a month, an estimate).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand.fields import duration
from bot.understand.normalize import normalize
from tests.chat_user import conversation, lead_lines

WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 9: "nine"}


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(sorted(WORDS)), st.sampled_from(sorted(WORDS)), st.sampled_from(["and {n}", "{n}?", "what about {n}"]))
def test_a_bare_number_after_hours_in_words_is_that_many_hours(first: int, then: int, frame: str) -> None:
    lead = lead_lines(conversation("cloudgpu 3090 hourly", f"{WORDS[first]} hours", frame.format(n=WORDS[then])), 2)
    assert f"{then} h" in lead and f"${0.21 * then:.2f}" in lead, lead


@pytest.mark.parametrize("first, then, words", [
    ("cloudgpu a6000 一小时多少", "跑三个小时呢", ("5 小时", "$2.20")),
    ("cloudgpu a6000 hourly", "for two hours", ("5 h", "$2.20")),
])
def test_a_bare_number_after_a_length_in_words_keeps_its_unit(first: str, then: str, words: tuple[str, ...]) -> None:
    lead = lead_lines(conversation(first, then, "那五呢" if "小时" in then else "and five"), 2)
    assert all(w in lead for w in words), lead


@pytest.mark.parametrize("first, then, words", [
    ("32b full ft 8 卡 h100 gpuli", "zero1 呢 每卡多少", ("ZeRO-1", "176")),
    ("32b 全参 8卡 h100", "那 zero2 的话每卡多少显存", ("ZeRO-2", "120")),
    ("32b full finetune on 8 h100", "with zero-1, how much memory per card?", ("ZeRO-1", "176")),
])
def test_a_stage_stated_in_a_memory_question_changes_the_job(first: str, then: str, words: tuple[str, ...]) -> None:
    lead = lead_lines(conversation(first, then), 2)
    assert all(w in lead for w in words), lead


@pytest.mark.parametrize("first, then, words", [
    ("7b 全参 要多少显存", "8bit 优化器的话 单卡 a100 80g 能放下吗", ("1×A100 80GB", "70 GB")),
    ("7b 全参 要多少显存", "用 8bit adam 一张 h100 能装下不", ("1×H100", "70 GB")),
    ("7b full finetune memory?", "with an 8-bit optimizer would a single a100 80g hold it?", ("1× A100 80GB", "70 GB")),
    ("7b full finetune memory?", "if we use 8bit adam does one h100 fit", ("1× H100", "70 GB")),
])
def test_an_optimizer_stated_with_a_fit_asked_changes_the_job_on_that_card(first: str, then: str, words: tuple[str, ...]) -> None:
    lead = lead_lines(conversation(first, then), 1)
    assert all(w in lead for w in words) and "8-bit" not in lead.split("：")[0][:2], lead


@pytest.mark.parametrize("turns, words", [
    (("gpuli a100 80g 单卡 周租多少", "包月呢", "两张呢"), ("₮1,798", "2 × ₮899")),
    (("gpuli a100 80g monthly", "and two of them?"), ("₮1,798", "2 × ₮899")),
    (("gpuli a6000 一周多少", "两张呢"), ("₮230", "2 × ₮115")),
])
def test_a_count_nobody_rents_as_one_machine_is_that_many_single_rentals(turns: tuple[str, ...], words: tuple[str, ...]) -> None:
    lead = lead_lines(conversation(*turns), 1)
    assert all(w in lead for w in words), lead


def test_a_count_rented_as_one_machine_is_still_that_machine() -> None:
    lead = lead_lines(conversation("gpuli a100 80g monthly", "and four of them?"), 3)
    assert "4× A100" in lead and "₮4,308" in lead, lead


@pytest.mark.parametrize("turns, words", [
    (("7b qlora, which card?", "two of them?", "price per week at gpuli for both"), ("2× RTX 4090", "₮218")),
    (("7b qlora 两张 3090 够吗", "gpuli 一周多少"), ("2×RTX 4090", "₮218")),
    (("we have two 3090s, is that enough for 7b qlora?", "weekly at gpuli?"), ("2× RTX 4090", "₮218")),
])
def test_two_ddp_cards_the_provider_does_not_rent_are_two_alike_it_rents(turns: tuple[str, ...], words: tuple[str, ...]) -> None:
    text = conversation(*turns)
    assert all(w in text for w in words), text


@pytest.mark.parametrize("turns", [
    ("7b 全参 一张 a100 80g 够吗", "gpuli 一周多少钱"),
    ("7b full on one a100 80g ok?", "gpuli weekly price?"),
])
def test_the_form_answered_is_priced_first_and_the_other_beside_it(turns: tuple[str, ...]) -> None:
    lead = lead_lines(conversation(*turns), 3)
    assert "SXM" in lead.splitlines()[1] and "₮319" in lead.splitlines()[1] and "₮269" in lead, lead


@pytest.mark.parametrize("text, days", [
    ("租一个半礼拜不行的话 两周多少", 14.0),
    ("一周半不行的话 两周呢", 14.0),
    ("三天租不了的话 一周多少", 7.0),
    ("if a week and a half isn't possible, how much for two weeks", 14.0),
    ("3 days not possible? then 1 week", 7.0),
    ("租一个半礼拜多少", 10.5),
    ("一个半星期", 10.5),
])
def test_a_length_ruled_out_is_not_the_length_asked(text: str, days: float) -> None:
    assert duration(normalize(text)) == (days, None)


@pytest.mark.parametrize("turns, words", [
    (("gpuli 5090", "租一个半礼拜不行的话 两周多少"), ("₮298",)),
    (("gpuli 5090", "if half a week isn't possible, what about two weeks"), ("₮298",)),
])
def test_a_card_at_a_provider_alone_is_priced_and_its_span_changed_next(turns: tuple[str, ...], words: tuple[str, ...]) -> None:
    assert lead_lines(conversation(turns[0]), 2).count("₮149") == 1
    lead = lead_lines(conversation(*turns), 2)
    assert all(w in lead for w in words), lead


@pytest.mark.parametrize("turns, words", [
    (("a100 80g 一张", "同时跑两个 7b qlora 实验 够吗"), ("A100 80GB", "/ 80 GB")),
    (("一张 h100", "14b lora 放得下吗"), ("H100", "/ 80 GB")),
    (("one h100", "would a 14b lora fit?"), ("H100", "of 80 GB")),
])
def test_a_fit_asked_after_a_card_named_alone_is_of_that_card(turns: tuple[str, ...], words: tuple[str, ...]) -> None:
    lead = lead_lines(conversation(*turns), 1)
    assert all(w in lead for w in words), lead


@pytest.mark.parametrize("turns, words", [
    (("一万网络 有 8卡 a100 80g 吗", "月租多少"), ("8×A100 80GB", "¥25,000–40,000")),
    (("does 一万网络 have 8x a100 80g?", "how much per month?"), ("8× A100 80GB", "¥25,000–40,000")),
    (("一万网络 8卡 a100 80g 能退款吗", "一周多少钱"), ("8×A100 80GB", "¥25,000–40,000")),
])
def test_a_price_asked_after_a_setup_the_faq_answered_is_that_setups_price(turns: tuple[str, ...], words: tuple[str, ...]) -> None:
    lead = lead_lines(conversation(*turns), 2)
    assert all(w in lead for w in words), lead


def test_a_why_question_after_it_is_still_the_faq() -> None:
    assert "为什么" in lead_lines(conversation("一万网络 有 8卡 a100 80g 吗", "为什么说微调适合月租"), 1)


@pytest.mark.parametrize("turns, words", [
    (("32b 全参 8 卡 h100 包一个月 能跑多少轮", "单次大概多久"), ("2,000 万 token × 3 轮", "1.5 小时")),
    (("32b 全参 8卡 h100 gpuli", "训一次要多久"), ("2,000 万 token × 3 轮", "1.5 小时")),
    (("32b full finetune on 8 h100 for a month", "how long does one run take?"), ("20M tokens × 3 epochs", "1.5 h")),
    (("32b full ft 8x h100", "and each run takes how long?"), ("20M tokens × 3 epochs", "1.5 h")),
])
def test_one_runs_time_asked_with_no_dataset_is_the_reference_example_said_so(turns: tuple[str, ...], words: tuple[str, ...]) -> None:
    lead = lead_lines(conversation(*turns), 3)
    assert all(w in lead for w in words), lead


def test_a_run_with_its_own_dataset_is_timed_on_it_without_the_example() -> None:
    text = conversation("32b 全参 8 卡 h100 包一个月 能跑多少轮", "1000万 token 3 轮 单次大概多久")
    assert "参考表的例子" not in text and "约 40 分钟" in lead_lines(text, 1)
