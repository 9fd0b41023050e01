"""Blind-14 classes, as behaviour (never the set's text; figures from the seeds through the catalogs):

- a bare term sent after a price or a sizing ("按年付呢，人民币多少", "per week?") re-prices the card just
  priced or picked on that term, in the currency asked, instead of opening the FAQ entry the term's word
  comes near (seed 003: 一万网络 A100 40G ¥2800/月, 年付 8 折 ≈ ¥26,880; seed 000: gpuli A6000 ₮115/周);
- a question about ZeRO stages set against each other, or about a card's pitfalls, with a job named
  beside it, is the FAQ's (stages: ~1.5× DDP's traffic; MI300X: ROCm operators to verify), not a
  sizing of the job nor the entry the job's words match;
- "which N GB card is cheapest at <provider>" ranks that provider's cards holding N GB, and a sizing
  asked with it carries that second answer (seed 002: RTX A6000 48 GB $0.44/h at CloudGPU);
- InfiniBand priced by the node names its rate per node and month (seed 000: ₮600);
- the pre-authorization's unused part goes back to the balance (seed 002), in both languages.
"""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import conversation as _reply
from tests.chat_user import lead_lines as _lead

# ---------------------------------------------------------------- a bare term after a price or a sizing

YEARLY_CNY = ["按年付的话，人民币多少", "包年呢 多少人民币", "how about annually, in CNY?", "per year then, in rmb"]


@pytest.mark.parametrize("term", YEARLY_CNY)
def test_a_yearly_term_reprices_the_rental_just_priced(term: str) -> None:
    text = _reply("一万网络 A100 40G 月租多少", term)
    assert "26,880" in _lead(text), text
    assert "₮" not in _lead(text)  # not the ₮ currency FAQ


@pytest.mark.parametrize("term", ["年付呢", "yearly?"])
def test_a_yearly_term_alone_reprices_too(term: str) -> None:
    assert "26,880" in _lead(_reply("yiwan A100 40G how much", term))


@pytest.mark.parametrize("term", ["按周租呢", "周租?", "per week?", "weekly then"])
def test_a_weekly_term_after_a_sizing_prices_the_card_picked(term: str) -> None:
    text = _reply("32b qlora 用什么卡", term)
    assert "₮115" in _lead(text), text  # gpuli's weekly A6000 (seed 000), not a 7-day plan at CloudGPU


def test_a_term_with_a_subject_of_its_own_stays_a_faq_question() -> None:
    text = _reply("一万网络 A100 40G 月租多少", "年付有折扣吗")
    assert "8 折" in text and "折合每卡每小时" not in text


# ---------------------------------------------------------------- the topic beside a job

STAGES = ["14b 全参 8 卡 ZeRO-3 为啥比 ZeRO-2 慢这么多", "7b 全参 zero3 跟 zero2 比为什么更慢",
          "why does zero-3 run slower than zero-2 on my 14b full finetune", "32B full FT: why is ZeRO 3 slower than ZeRO 2?"]


@pytest.mark.parametrize("text", STAGES)
def test_stages_set_against_each_other_are_the_question(text: str) -> None:
    p = parse(text)
    assert p.intent == "faq" and [h.entry.id for h in p.faq_answers] == ["zero-stages"], (p.intent, p.faq_answers)
    assert "1.5" in _lead(_reply(text))


PITFALLS = ["72b lora 用 MI300X 缺点是啥", "用 MI300X 跑 72B LoRA 有什么风险", "any gotchas with ROCm for a 72b lora on mi300x",
            "72B LoRA on MI300X — what's the catch?"]


@pytest.mark.parametrize("text", PITFALLS)
def test_a_cards_pitfalls_are_answered_not_sized(text: str) -> None:
    p = parse(text)
    assert p.intent == "faq" and p.faq_answers[0].entry.id == "mi300x-72b", (p.intent, p.faq_answers)
    assert "ROCm" in _lead(_reply(text))


def test_a_memory_question_with_a_job_is_still_a_sizing() -> None:
    assert parse("72b lora 在 MI300X 上要多少显存").intent == "size"


# ---------------------------------------------------------------- the cheapest card of a memory at a provider

CHEAPEST_48 = ["cloudgpu 48G 显存的卡哪张最便宜", "cloudgpu 上 48GB 的卡谁最便宜", "cheapest 48GB card on cloudgpu?",
               "which gpu with 48gb is cheapest at cloudgpu"]


@pytest.mark.parametrize("text", CHEAPEST_48)
def test_the_cheapest_card_of_a_memory_leads(text: str) -> None:
    lead = _lead(_reply(text), 2)
    assert "A6000" in lead and "0.44" in lead, lead
    assert "RTX 3090" not in _reply(text)  # 24 GB cards are no answer


@pytest.mark.parametrize("text", ["14b qlora 要多少显存，cloudgpu 上哪张 48G 的卡最便宜",
                                  "7b lora memory? and the cheapest 48gb card at cloudgpu"])
def test_a_sizing_keeps_its_second_ask(text: str) -> None:
    reply = _reply(text)
    assert "GB" in _lead(reply) and "$0.44" in reply, reply
    assert len(reply.strip().splitlines()) <= 16


# ---------------------------------------------------------------- rates named beside totals

@pytest.mark.parametrize(("text", "rate"), [("gpuli 两台 8 卡 H100 加 IB 包月一共多少", "每节点每月 ₮600"),
                                            ("two 8x H100 nodes at gpuli with infiniband for a month, total?", "₮600 per node per month")])
def test_infiniband_names_its_rate_per_node(text: str, rate: str) -> None:
    reply = _reply(text)
    assert "₮1,200" in reply and rate in reply, reply


@pytest.mark.parametrize(("text", "word"), [("cloudgpu pre-auth hold, how does it work?", "unused part is returned"),
                                            ("cloudgpu 预授权冻结是怎么回事", "回到余额")])
def test_the_preauthorization_says_the_rest_comes_back(text: str, word: str) -> None:
    assert word in _reply(text)
