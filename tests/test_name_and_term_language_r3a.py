"""An English message is English whatever Chinese it carries as a name or a product word.

A provider's Chinese name ("一万网络") is a name: with English words beside it ("monthly price?",
"snapshots included?", "los angeles latency?") the message is English. A Chinese product word in an
English sentence ("gpuli 周租 4090 how much", "一张4090 enough?") is a term: the grammar words of each
language weigh the sentence's language ("qwen3 8b lora on a 4090 够吗" stays Chinese). "Yearly" and
"annually" are a length like "monthly": a year of a card at the provider named, priced with its yearly
discount (一万网络 A100 40G: ¥2,800 × 12 × 0.8 = ¥26,880). A question whether cloudgpu needs a phone
number or a US bank card is the payment question."""

from __future__ import annotations

import pytest

from bot.core.settings import message_lang
from tests.chat_user import ChatUser


@pytest.mark.parametrize("text", [
    "一万网络 a100 40g monthly price?",
    "一万网络 h100 8 gpu monthly roughly",
    "一万网络 los angeles latency?",
    "一万网络 snapshots included?",
    "一万网络 a100 40g yearly in rmb?",
    "rtx 3090 一万网络 cheapest option per month?",
    "gpuli 周租 4090 how much",
    "qwen3 14b qlora 一张4090 enough?",
    "how much is 包月 a100 at gpuli",
])
def test_an_english_sentence_with_a_chinese_name_or_term_is_english(text: str) -> None:
    assert message_lang(text) == "en"


@pytest.mark.parametrize(("text", "lang"), [
    ("H100 vs A100 的 NVLink 带宽 多少", "zh"),
    ("qwen3 8b lora on a 4090 够吗", "zh"),
    ("一万网络 monthly 多少钱", "zh"),
    ("batch size 设多大", "zh"),
    ("4090 够不够 for qlora", "zh"),
    ("一万网络 h100", None),           # a name and a card: no language of its own
    ("一万网络 h100 sxm", None),
    ("is 5090 enough", None),          # a short English fragment keeps the conversation's language
    ("pls 帮忙 check 下 gpuli a6000 weekly price", "zh"),
    ("pls 一万网络 a100 包月 price", "zh"),
])
def test_a_chinese_sentence_or_a_bare_name_is_not_made_english(text: str, lang: str | None) -> None:
    assert message_lang(text) == lang


@pytest.mark.parametrize(("text", "words"), [
    ("一万网络 a100 40g monthly price?", ["¥2,800", "month"]),
    ("gpuli 周租 4090 how much", ["₮109", "week"]),
    ("一万网络 snapshots included?", ["snapshot", "30 seconds"]),  # the seed's rollback time, in the FAQ's words
])
def test_the_reply_is_in_english(text: str, words: list[str]) -> None:
    chat = ChatUser()
    reply = chat.say(text)
    assert reply.lang == "en", chat.text
    assert all(w in chat.text for w in words), chat.text


@pytest.mark.parametrize(("text", "lang"), [
    ("一万网络 a100 40g yearly in rmb?", "en"),
    ("a100 40g at 一万网络, annually, in cny?", "en"),
    ("一万网络 a100 40g yearly price", "en"),
    ("一万网络 a100 40g 包年 人民币多少", "zh"),
    ("一万网络 a100 40g 年付多少", "zh"),
])
def test_a_year_of_a_card_is_priced_with_the_yearly_discount(text: str, lang: str) -> None:
    chat = ChatUser()
    reply = chat.say(text)
    assert reply.lang == lang, chat.text
    assert "26,880" in "\n".join(chat.lines[:3]), chat.text
    assert ("365" in chat.lines[0]), chat.text


def test_a_yearly_discount_question_stays_the_discount_answer() -> None:
    chat = ChatUser()
    chat.say("does yiwan give a yearly discount?")
    assert "20%" in chat.text and "15%" in chat.text, chat.text


@pytest.mark.parametrize(("text", "words"), [
    ("does cloudgpu need a chinese phone number or us bank card", ["phone number", "US bank card", "Alipay"]),
    ("do i need a us bank card for cloudgpu", ["US bank card", "Alipay"]),
    ("cloudgpu 付款要绑银行卡吗", ["美国银行卡", "支付宝"]),
])
def test_a_phone_or_bank_card_question_is_the_payment_answer(text: str, words: list[str]) -> None:
    chat = ChatUser()
    chat.say(text)
    assert all(w in chat.text for w in words), chat.text


@pytest.mark.parametrize(("before", "text", "lang"), [
    ("qwen3 8b qlora 要多少显存", "cloudgpu refund policy details?", "en"),   # three words of English: a sentence
    ("一万网络 3090 包月多少", "h100 weekly rental price?", "en"),
    ("gpuli 4090 周租多少", "object storage cost per gb?", "en"),
    ("gpuli 4090 周租多少", "monthly?", "zh"),                                # one word: a fragment of the conversation
    ("一万网络 3090 包月多少", "a100 price?", "zh"),
    ("qwen3 8b qlora 要多少显存", "export config pls llamafactory", "zh"),   # a command and its terms
    ("qwen3 8b qlora 要多少显存", "qwen3 14b lora 4090", "zh"),              # names only
])
def test_two_english_words_answer_in_english_after_a_chinese_turn(before: str, text: str, lang: str) -> None:
    chat = ChatUser()
    chat.say(before)
    assert chat.say(text).lang == lang, chat.text
