"""FAQ answers in a conversation (issue 18), in phrasings of our own in both languages: a card named after a FAQ
answer that is the same for every card changes the rental priced beneath it (gpuli's RTX 5090 ₮499 a month and
A100 SXM ₮319 a week, seed 000; CloudGPU's RTX 3090 $0.21/h, seed 002), while an entry that answers card by card
(NVLink) is asked again for that card; a yes/no question on whether CloudGPU's boot is billed leads with the no
(boot is free, seed 002) however it is worded; Yiwan's promotions are its discounts entry (overseas bare metal,
buy one get one, seed 003); and an English message with Chinese words of its own is answered in English with one
line in Chinese on how to have it in Chinese, which "用中文" then does (gpuli's MI300X ₮489 a week, seed 000)."""

from __future__ import annotations

import pytest

from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize(("turns", "price", "not_price"), [
    (("gpuli 4090 月租多少", "支持退款吗", "5090 呢"), "₮499", "₮369"),
    (("gpuli rtx 4090 monthly price", "can I get a refund?", "what about the 5090?"), "₮499", "₮369"),
    (("gpuli h100 包周", "开机要多久", "a100 呢"), "₮319", "₮1,369"),
    (("gpuli h100 weekly price", "how long until I can ssh in", "and an a100?"), "₮319", "₮1,369"),
    (("CloudGPU 4090 每小时多少钱", "余额不够会怎样", "换成 3090 呢"), "$0.21", "$0.33/"),
    (("cloudgpu 4090 hourly", "what happens when my balance runs out", "and a 3090?"), "$0.21", "$0.33/"),
])
def test_a_card_after_a_faq_answer_the_same_for_every_card_reprices_the_rental(turns: tuple[str, ...], price: str,
                                                                               not_price: str) -> None:
    text = conversation(*turns)
    assert price in lead_lines(text, 3) and not_price not in lead_lines(text, 2), text
    assert "退款" not in text and "refund" not in text.lower() and "余额一旦" not in text, text  # not the FAQ again


@pytest.mark.parametrize(("turns", "own"), [
    (("gpuli h100 包月", "有 nvlink 吗", "那 4090 呢"), "RTX 4090 这张卡本身就不带 NVLink"),
    (("gpuli h100 monthly", "does it have nvlink?", "and the 4090?"), "The RTX 4090 itself doesn't have NVLink"),
])
def test_a_card_after_an_answer_given_card_by_card_is_that_cards_answer(turns: tuple[str, ...], own: str) -> None:
    text = conversation(*turns)
    assert own in text and "₮369" not in text, text


@pytest.mark.parametrize("question", [
    "CloudGPU: am I billed while the instance is booting?",
    "cloudgpu: does it charge me during startup?",
    "CloudGPU - is the time the machine takes to boot up charged?",
    "do I pay for the boot-up minutes on cloudgpu",
    "cloudgpu are you charged while it boots",
])
def test_whether_the_boot_is_billed_leads_with_no(question: str) -> None:
    first = conversation(question).splitlines()[0]
    assert first.startswith("❌ No") and "2 minutes" in first, first


@pytest.mark.parametrize("question", [
    "cloudgpu 实例启动的时候扣费吗",
    "cloudgpu 机器还在开机，会计费吗",
    "cloudgpu 开机也算钱吗",
    "cloudgpu 启动过程收不收钱",
])
def test_whether_the_boot_is_billed_leads_with_no_zh(question: str) -> None:
    first = conversation(question).splitlines()[0]
    assert first.startswith("❌ 不收费") and "2 分钟" in first, first


@pytest.mark.parametrize(("question", "deal"), [
    ("一万网络 裸金属 海外 有什么活动", "买 1 送 1"),
    ("一万网络海外裸金属有啥促销", "买 1 送 1"),
    ("一万网络现在搞什么活动", "买 1 送 1"),
    ("yiwan any promotions on overseas bare metal?", "buy one get one"),
    ("what offers does 一万网络 run for bare-metal servers abroad", "buy one get one"),
])
def test_yiwans_promotions_are_its_discounts(question: str, deal: str) -> None:
    text = conversation(question)
    assert deal in lead_lines(text, 3) and "不太确定" not in text and "not sure" not in text.lower(), text


OFFER = "需要中文回答的话，回复「用中文」就行。"


@pytest.mark.parametrize(("message", "price"), [
    ("gpuli MI300X 周租 how much", "₮489"),
    ("how much is the 周租 for an MI300X at gpuli", "₮489"),
    ("what's the 包月 price of a 5090 at gpuli", "₮499"),
])
def test_english_with_chinese_words_is_english_and_offers_chinese(message: str, price: str) -> None:
    text = conversation(message)
    assert price in lead_lines(text, 3) and ("week" in text or "month" in text), text
    assert text.strip().endswith(OFFER), text
    again = conversation(message, "用中文")
    assert price in lead_lines(again, 3) and ("1 周" in again or "1 个月" in again) and OFFER not in again, again


@pytest.mark.parametrize("turns", [
    ("does 一万网络 do snapshots?",),  # a provider's name in Chinese is a name, not the language
    ("how much is a 3090 at gpuli per month",),
    ("how much is a 4090 at gpuli per week", "gpuli MI300X 周租 how much"),  # the conversation already has its language
    ("gpuli MI300X 周租多少",),
])
def test_no_offer_where_the_language_is_plain(turns: tuple[str, ...]) -> None:
    assert OFFER not in conversation(*turns)


@pytest.mark.parametrize(("turns", "said"), [
    (("gpuli 4090 包周", "in english please"), "₮109 — 1 week"),
    (("gpuli 4090 包周", "那 5090 呢", "english pls"), "₮149 — 1 week"),
    (("gpuli 4090 weekly price", "用中文回答吧"), "₮109 — 1 周"),
])
def test_a_language_asked_alone_answers_the_last_question_again_in_it(turns: tuple[str, ...], said: str) -> None:
    assert said in lead_lines(conversation(*turns), 3)
