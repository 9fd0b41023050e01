"""One message, two questions, both answered (session 30, round 1): a price with the day the rental ends, numbered
questions whose second changes the first, a job's memory beside its price on a named card, InfiniBand asked of
cards in one machine beside their price, and an English sentence quoting a claim in Chinese.

Figures from the seeds through the catalogs: gpuli 1×RTX 4090 ₮109 a week, 8×H100 SXM ₮14,432 a month (seed 000);
14B full fine-tune on 4×A100 80GB SXM ₮4,308 and on 4×H100 SXM ₮7,444 a month at gpuli; gpuli's InfiniBand ₮600 per
node per month, needed only across nodes (seed 000); Yiwan's yearly discount 8 折 on custom GPU plans and 85 折 on
H100 (seed 003). The test clock starts on 2026-12-01 (a Tuesday)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.core.settings import message_lang
from tests.chat_user import ChatUser


def said(*turns: str) -> ChatUser:
    chat = ChatUser()
    for turn in turns:
        chat.say(turn)
    return chat


# ---------------------------------------------------------------- a price and the day it ends, one message

@pytest.mark.parametrize(("text", "price", "end"), [
    ("gpuli 4090 租一周多少钱，哪天到期", "₮109", "12月8日"),
    ("在 gpuli 包一个月 8 卡 h100 要多少？什么时候到期", "₮14,432", "12月31日"),
    ("8 h100s at gpuli for a month - price, and when does it run out?", "₮14,432", "Dec 31"),
    ("weekly 4090 at gpuli: cost? expiry date?", "₮109", "Dec 8"),
])
def test_a_price_asked_with_its_end_date_answers_both(text: str, price: str, end: str) -> None:
    chat = said(text)
    assert price in chat.text and end in chat.text, chat.text
    assert chat.text.index(price) < chat.text.index(end), chat.text  # in the order asked


# ---------------------------------------------------------------- numbered questions, the second changing the first

@pytest.mark.parametrize(("text", "first", "second"), [
    ("两件事：\n1. 14b 全参 4 卡 A100 SXM 包月多少\n2. 换 4 卡 H100 的话贵多少", "₮4,308", "₮3,136"),
    ("① 14b 全参 四卡 a100 sxm 一个月什么价 ② 改成四卡 h100 呢", "₮4,308", "₮7,444"),
    ("1. 14b full ft on 4x a100 sxm for a month?\n2. what about 4x h100?", "₮4,308", "₮7,444"),
])
def test_a_numbered_change_is_answered_after_the_first_question(text: str, first: str, second: str) -> None:
    chat = said(text)
    assert first in chat.text and second in chat.text, chat.text
    assert chat.text.index(first) < chat.text.index(second), chat.text


@pytest.mark.parametrize(("text", "discount", "h100"), [
    ("1. 一万网络年付打几折\n2. H100 呢", "8 折", "85 折"),
    ("1) can I pay yearly at yiwan, what discount?\n2) what about the H100?", "20% off", "15% off"),
])
def test_a_numbered_change_after_a_faq_answer_keeps_the_faq_answer(text: str, discount: str, h100: str) -> None:
    chat = said(text)
    assert discount in chat.text and h100 in chat.text, chat.text
    assert "¥816,000" in chat.text, chat.text  # the H100's year at Yiwan, 85 折 of 12 × ¥80,000


# ---------------------------------------------------------------- the memory asked beside the price, card named

@pytest.mark.parametrize(("text", "price"), [
    ("7b qlora 用 4090，显存呢？gpuli 周租多少", "₮109"),
    ("4090 上跑 7b qlora 显存占用 跟 gpuli 一周的价格", "₮109"),
    ("7b qlora, one 4090 -- memory? and the weekly price at gpuli?", "₮109"),
    ("qlora of a 7b on a 4090: vram usage, plus a week at gpuli", "₮109"),
])
def test_the_memory_asked_beside_a_price_on_a_named_card_is_answered(text: str, price: str) -> None:
    chat = said(text)
    assert "11.1 GB" in chat.text and "24 GB" in chat.text, chat.text  # the job's memory on the 4090
    assert price in chat.text, chat.text


# ---------------------------------------------------------------- InfiniBand asked of one machine, beside its price

@pytest.mark.parametrize(("text", "no", "price"), [
    ("14b 全参 四张 a100 sxm 一台机器 租一个月，IB 要单独收钱吗", "不用", "₮4,308"),
    ("一台 8 卡 h100 跑 14b 全参一个月，InfiniBand 另外算吗", "不用", "₮14,432"),
    ("full ft of a 14b on one 8x h100 box for a month, is infiniband extra?", "No InfiniBand", "₮14,432"),
    ("14b full fine-tune on 4x a100 sxm, one box, for a month: do we pay for IB separately?", "No InfiniBand", "₮4,308"),
])
def test_infiniband_asked_of_one_machine_leads_with_no(text: str, no: str, price: str) -> None:
    chat = said(text)
    assert no in chat.lines[0] and "₮600" in chat.lines[0], chat.text
    assert price in chat.text, chat.text


def test_two_machines_get_no_one_machine_lead() -> None:
    chat = said("14b 全参 两台 8 卡 h100 一个月，要另算 IB 吗")
    assert "不用另算" not in chat.text, chat.text


# ---------------------------------------------------------------- an English sentence quoting a Chinese claim

@pytest.mark.parametrize("text", [
    "my lead says 14b qlora 一张 4090 放得下, is that so?",
    "someone told me 一张 a100 够跑 13b lora. correct?",
    "the intern claims 7b 全参 两张 a100 就够了 -- really?",
])
def test_a_quoted_chinese_claim_is_answered_in_english(text: str) -> None:
    chat = said(text)
    assert message_lang(text) == "en"
    assert not any("\u4e00" <= ch <= "\u9fff" for ch in chat.lines[0].replace("一万网络", "")), chat.text


@pytest.mark.parametrize("text", ["同事说 7b qlora 一张 4090 就够 真的吗", "老板 says 一张 4090 就够 对吗", "gpuli 4090 周租多少"])
def test_a_chinese_sentence_stays_chinese(text: str) -> None:
    assert message_lang(text) == "zh"


@settings(max_examples=40, deadline=None)
@given(who=st.sampled_from(["my boss", "our shenzhen guy", "a colleague", "the vendor rep", "someone on slack", "I"]),
       verb=st.sampled_from(["says", "said", "told me", "claims", "reckons", "heard", "insists"]),
       claim=st.sampled_from(["7b qlora 一张 4090 就够", "14b 全参要 8 卡 H100", "gpuli 周租 4090 只要 109", "单机不用 IB"]),
       check=st.sampled_from(["true?", "right?", "-- correct?", ", is that so?", "legit?"]))
def test_any_reported_chinese_claim_is_english(who: str, verb: str, claim: str, check: str) -> None:
    assert message_lang(f"{who} {verb} {claim} {check}") == "en"
