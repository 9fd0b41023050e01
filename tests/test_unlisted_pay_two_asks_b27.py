"""Blind-27 classes, as behaviour (figures from the seeds through the catalogs):

- a yes/no question about a payment method no seed lists (WeChat Pay, PayPal, UnionPay): "no, not listed"
  leads, then what the provider does take (cloudgpu: Alipay, Visa/Mastercard, Google Pay, Apple Pay, USDT,
  seed 002; gpuli: USDT only, seed 000); a method listed still gets its yes;
- a FAQ question and an add-on's price in one message: both answered (gpuli: refund within 1 hour of
  creation, seed 000; a volume at ₮0.08 per GB-month).
"""

from __future__ import annotations

import pytest

from tests.chat_user import conversation as _reply
from tests.chat_user import lead_lines as _lead


@pytest.mark.parametrize(("text", "words"), [
    ("cloudgpu 能用微信支付吗", ("没有列出", "支付宝")),
    ("cloudgpu 收不收 paypal，怎么充值", ("没有列出", "USDT")),
    ("can I top up cloudgpu with wechat pay?", ("No", "Alipay")),
    ("does cloudgpu accept paypal", ("No", "Apple Pay")),
    ("gpuli 能用支付宝充值吗", ("没有列出", "USDT")),
    ("can I pay gpuli by credit card?", ("No", "USDT")),
    ("能用银联付款吗", ("没有列出", "USDT")),
])
def test_an_unlisted_payment_method_is_answered_no_first(text: str, words: tuple[str, ...]) -> None:
    first = _lead(_reply(text), 1)
    assert first.startswith("❌") and all(w in first for w in words), first


@pytest.mark.parametrize(("text", "word"), [("能用支付宝付款吗", "可以"), ("can I pay with usdt?", "Yes"),
                                            ("gpuli 能用 USDT 吗", "可以")])
def test_a_listed_method_keeps_its_yes(text: str, word: str) -> None:
    first = _lead(_reply(text), 1)
    assert first.startswith("✅") and word in first, first


@pytest.mark.parametrize(("text", "words"), [
    ("two questions: gpuli refund rules? and what does a storage volume cost per GB?", ("1 hour", "0.08")),
    ("how much is a storage volume per GB? and how fast can I get SSH on gpuli?", ("0.08", "3 minutes")),
    ("gpuli 退款怎么算？存储卷每 GB 多少钱？", ("1 小时", "0.08")),
])
def test_a_faq_question_beside_an_add_on_price_gets_both(text: str, words: tuple[str, ...]) -> None:
    reply = _reply(text)
    assert all(w in reply for w in words), reply


# ---------------------------------------------------------------- a fit and a count asked together


@pytest.mark.parametrize(("text", "words"), [
    ("14b qlora 一张 4090 够用吗？要几张", ("1 张",)),
    ("is a 4090 enough for a 14b qlora and how many would I need", ("one card",)),
    ("7b qlora 4090 行不行 需要几块", ("1 张",)),
    ("32b qlora 用 4090 够吗，要几张卡", ("4 张",)),
    ("will 32b qlora fit on a 4090? how many cards?", ("4 cards",)),
])
def test_a_fit_asked_with_a_count_says_the_count_first(text: str, words: tuple[str, ...]) -> None:
    lead = _lead(_reply(text), 3)
    assert all(w in lead for w in words), lead


# ---------------------------------------------------------------- the leftover days of a weekly rental


@pytest.mark.parametrize(("text", "words"), [
    ("gpuli 的卡 3天就跑完 买了周租 剩下4天干啥 能退吗", ("评测", "1 小时")),
    # asked "能退吗" first of all: the refund rule answers it for the leftover days (not refunded after the first hour)
    ("gpuli 的卡周租，只跑三天，剩下的天数怎么用，能退吗", ("剩下的天数不退", "1 小时")),
    ("gpuli's cards by the week: my job takes 2 days, what about the leftover days, refund?", ("evaluation", "1 hour")),
    ("weekly rental at gpuli but only need 3 days - can I get the remaining days refunded?", ("1 hour",)),
])
def test_the_leftover_days_of_a_week_get_the_weekly_rental_answer(text: str, words: tuple[str, ...]) -> None:
    reply = _reply(text)
    assert all(w in reply for w in words) and "RTX 5090" not in reply, reply


# ---------------------------------------------------------------- whether a lever helps the job named


@pytest.mark.parametrize(("text", "words"), [
    ("does gradient checkpointing help for a 14b lora at 32k context?", ("Yes", "activations", "→")),
    ("would activation checkpointing be useful on 8b lora with 16k seq", ("Yes", "activations", "→")),
    ("梯度检查点对 14b lora 32k 上下文有用吗", ("有用", "激活", "→")),
    ("7b 全参 开 8bit 优化器 有没有帮助", ("有用", "16", "10")),
    ("is cpu offload worth it for 7b full finetuning?", ("Yes", "112 GB", "28 GB")),
])
def test_whether_a_lever_helps_the_job_leads_with_the_verdict(text: str, words: tuple[str, ...]) -> None:
    lead = _lead(_reply(text), 3)
    assert lead.startswith("✅") and all(w in lead for w in words), lead


@pytest.mark.parametrize(("text", "words"), [
    ("周五前要交 8b qlora 的结果，今天周三，gpuli 周租 4090 多少钱 多久能上机", ("₮109", "3 分钟")),
    ("gpuli a6000 一周多少钱 多久能上机", ("3 分钟",)),
    ("rent a 4090 at gpuli for a week, how much - and how fast do I get ssh", ("₮109", "3 minutes")),
])
def test_how_soon_the_machine_is_up_beside_a_price_is_answered_too(text: str, words: tuple[str, ...]) -> None:
    reply = _reply(text)
    assert all(w in reply for w in words), reply


@pytest.mark.parametrize(("text", "left"), [
    ("gpuli 4090 包周，3天就跑完了 剩下4天 能退吗", "4 天"),
    ("租了 gpuli 一周 两天就训完了，还剩5天的钱能退不", "5 天"),
    ("we took a gpuli a100 weekly and finished in 3 days, can we get a refund for the other 4 days?", "4 days"),
    ("gpuli weekly rental, job done after 2 days, 5 days left - refundable?", "5 days"),
])
def test_the_days_said_left_are_the_ones_named_back_never_the_days_used(text: str, left: str) -> None:
    """Two lengths in one refund question: the time used and the time left; the verdict names the second
    (the first read as the left days said "剩下的 3 天", and a weekly term beside it added up to 10)."""
    lead = _lead(_reply(text), 1)
    assert left in lead and ("不退" in lead or "not refunded" in lead), lead
