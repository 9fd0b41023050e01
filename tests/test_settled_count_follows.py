"""A conversation that settled a card count keeps it (issue 18): a price asked after "how many of this card"
prices the count that answer gave (32B full fine-tune with ZeRO-3: 8 × A100 80GB SXM, gpuli ₮8,352 a month;
14B: 4 × A100 80GB SXM, ₮4,308, seed 000), never one card of it; a card named alone inside a follow-up's
frame ("what if … instead", "… then?") after a sizing is that job on the new card at the same count, not a
FAQ entry on the card's form factor."""

from __future__ import annotations

import pytest

from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize("turns", [
    ("32b 全参 zero3 要几张 h100", "那 a100 呢", "看费用"),
    ("32b 全参 zero3 需要几张 h100", "a100 呢", "多少钱"),
    ("how many h100 do i need for 32b full ft with zero3", "and a100?", "what would that cost"),
    ("32b full finetune zero3, how many h100s", "what about a100", "price?"),
])
def test_a_price_after_a_count_prices_that_count(turns: tuple[str, ...]) -> None:
    lead = lead_lines(conversation(*turns), 3)
    assert "8,352" in lead and "8×A100" in lead.replace("× ", "×"), lead
    assert "692" not in lead and "1×A100" not in lead.replace("× ", "×"), lead  # never one A100 for the whole job


@pytest.mark.parametrize("turns", [
    ("14b 全参 zero3 需要几张 a100", "多少钱"),
    ("how many a100s for 14b full finetune with zero3", "how much"),
])
def test_the_count_answered_is_priced_at_once(turns: tuple[str, ...]) -> None:
    lead = lead_lines(conversation(*turns), 3)
    assert "4,308" in lead and "248 GB per card" not in lead and "每卡约要 248" not in lead, lead


@pytest.mark.parametrize("turns", [
    ("14b full ft zero3 how many cards", "h100s", "monthly at gpuli?", "what if a100 sxm instead"),
    ("14b full finetune zero3", "h100 then?", "gpuli monthly", "a100 sxm instead?"),
    ("14b 全参 zero3 几张卡", "h100", "gpuli 包月多少", "要是换成 a100 sxm 呢"),
    ("14b 全参 zero3", "h100 呢", "gpuli 一个月多少", "那 a100 sxm 呢"),
])
def test_a_card_swapped_after_a_setup_price_keeps_the_count(turns: tuple[str, ...]) -> None:
    lead = lead_lines(conversation(*turns), 3)
    assert "4,308" in lead and "PCIe" not in lead, lead


@pytest.mark.parametrize("turns", [
    ("14b full ft zero3", "a100 sxm then?"),
    ("14b full finetune with zero3", "what if a100 sxm instead"),
])
def test_a_card_in_a_follow_up_frame_is_the_job_on_it(turns: tuple[str, ...]) -> None:
    lead = lead_lines(conversation(*turns), 2)
    assert "4× A100 80GB SXM" in lead and "contract" not in lead, lead


def test_a_question_about_the_card_stays_the_faq() -> None:
    assert "NVLink" in conversation("14b 全参 zero3", "那个 a100 sxm 有 nvlink 吗")


@pytest.mark.parametrize(("text", "days"), [
    ("32b lora bf16，一张 A100-80G 够吗，seq 2048，月租多少", 30),
    ("7b lora seq 4096, 月付多少", 30),
    ("14b qlora rank 64，月费多少", 30),
    ("4090 租 3 个月多少钱", 90),
    ("4090 3个月租金多少", 90),
])
def test_a_figure_before_a_monthly_term_counts_no_months(text: str, days: int) -> None:
    from bot.understand.parser import parse

    assert parse(text).rental.duration_days in (days, None if days == 30 else days), text
    assert (parse(text).rental.duration_days or 30) <= 90, text


@pytest.mark.parametrize("text", [
    "32b lora bf16，一张 A100-80G 够吗，seq 2048，月租多少",
    "32b lora bf16，一张 a100 80g 够不够，序列 2048，一个月多少钱",
    "32b lora bf16, is one a100 80g enough, seq 2048, monthly price?",
    "32b lora bf16, will a single a100 80g fit, seq 2048, how much per month",
])
def test_a_fit_clause_naming_only_the_card_is_the_job_on_it(text: str) -> None:
    lead = lead_lines(conversation(text), 1)
    assert "A100 80GB" in lead and ("偏紧" in lead or "tight" in lead) and "76.4" in lead, lead
    assert "899" in conversation(text), text  # the table's card and its month beside the verdict


@pytest.mark.parametrize("turns", [
    ("whats the memory for 7b full finetune with adamw", "and with an 8-bit optimizer", "so one h100 works?"),
    ("7b full ft with 8bit adam", "would a single h100 do?"),
    ("7b full ft with 8bit adam", "is one h100 enough then"),
    ("7b 全参 8bit 优化器", "那一张 h100 够吗"),
    ("7b 全参微调 用 8bit 优化器", "单卡 h100 行不行"),
])
def test_a_fit_asked_after_a_sizing_is_that_job_on_the_card(turns: tuple[str, ...]) -> None:
    lead = lead_lines(conversation(*turns), 1)
    assert "1× H100" in lead.replace("1×H100", "1× H100") and "70 GB" in lead, lead  # seed 000's minimum
    assert "70B" not in lead, lead


@pytest.mark.parametrize("turns", [
    ("32b lora bf16 a100 80g", "够吗"),
    ("32b lora bf16 on an a100 80g", "enough?"),
    ("32b lora bf16 a100 80g", "放得下吗"),
    ("32b lora bf16 on one a100 80g", "will it fit"),
])
def test_a_bare_fit_question_repeats_the_verdict(turns: tuple[str, ...]) -> None:
    lead = lead_lines(conversation(*turns), 1)
    assert "A100 80GB" in lead and "76.4" in lead, lead


@pytest.mark.parametrize(("turns", "tight"), [
    (("32b lora bf16 a100 80g", "够吗", "多少钱"), "偏紧"),
    (("32b lora bf16 a100 80g", "费用呢"), "偏紧"),
    (("32b lora bf16 on an a100 80g", "how much?"), "tight"),
    (("32b lora bf16 on one a100 80g", "enough?", "what does it cost"), "tight"),
])
def test_the_tight_card_named_is_priced_first(turns: tuple[str, ...], tight: str) -> None:
    lead = lead_lines(conversation(*turns), 1)
    assert "A100 80GB" in lead and "$1.49" in lead and tight in lead and "93.5" in lead, lead


@pytest.mark.parametrize("turns", [
    ("14b lora bf16 on a 4090?", "which card then"),
    ("14b lora bf16 on a 4090?", "what gpu should i use instead"),
    ("14b lora bf16 一张 4090 够吗", "那用啥卡"),
    ("14b lora bf16 4090 行不行", "那应该租什么卡"),
    ("14b lora bf16 一张 4090 够吗", "那用啥"),  # what to use, no card word (blind 46)
    ("14b lora bf16 4090 行不行", "那该选什么"),
    ("14b lora bf16 on a 4090?", "what should we use then"),
])
def test_a_card_asked_after_a_miss_is_the_card_that_holds_the_job(turns: tuple[str, ...]) -> None:
    lead = lead_lines(conversation(*turns), 3)
    assert "36.4" in lead and "48 GB" in lead and "L40S" in lead and "649" in lead, lead
    assert "USDT" not in lead and "outside" not in lead, lead  # never the payment FAQ nor "not what I do"


@pytest.mark.parametrize("turns", [
    ("72b qlora on a single 5090?", "ok what card then at gpuli"),
    ("72b qlora on a single 5090?", "which card then and monthly price at gpuli"),
    ("72b qlora 一张 5090 行吗", "那用啥卡 gpuli 包月多少"),
    ("72b qlora 一张 5090 行吗", "在 gpuli 用什么卡"),
])
def test_a_card_asked_where_is_that_providers_card(turns: tuple[str, ...]) -> None:
    """The card asked for with a provider (and its price) named: that provider's card that holds the job, not
    "no option holds it" of the card that did not fit (blind 50 c-128, c-146)."""
    reply = conversation(*turns)
    assert "A100 80GB" in lead_lines(reply, 4) and "899" in lead_lines(reply, 4), reply
    assert "No option" not in reply and "没有" not in lead_lines(reply, 1), reply


def test_a_count_the_tool_gave_is_not_called_the_users() -> None:
    """"要几张 h100" answered 8; "那 a100 呢", "看费用": those 8 A100s are priced, but they are the tool's count."""
    from tests.chat_user import ChatUser
    me = ChatUser()
    for text in ("32b 全参 zero3 要几张 h100", "那 a100 呢", "看费用"):
        me.say(text)
    assert "8×A100" in me.text and "₮8,352" in me.text, me.text
    assert "你说的" not in me.text, me.text


def test_which_precision_after_a_job_is_the_precision_answer_not_a_card() -> None:
    """"那用什么精度" names its own topic: the bf16/fp16 answer, never the card pick nor the cheapest-card entry."""
    reply = conversation("72b full ft 八卡 h100 行吗", "那用什么精度")
    assert "bf16" in lead_lines(reply, 2) and "最低用什么卡" not in reply, reply
