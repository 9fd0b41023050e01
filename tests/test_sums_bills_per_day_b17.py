"""Blind set 17, as classes (phrasings of our own, both languages, figures from the seeds): a price the
user worked out is checked first (gpuli rents 8×A100 as one box at ₮8,352 a month, not 8 × ₮899); a
rental's bill with storage is priced, not read as the wallet's history (₮14,432 + ₮160 + ₮15 = ₮14,607);
storage added after a sizing joins the card it picked (₮369 + ₮160 = ₮529); a price per day is shared
from each term (₮109/7, ₮369/30); a budget after a price is judged on the firm quote, not an estimate
listed first (₮8,352 > ₮8,000); a budget asking what to rent is a question, answered with what it
rents; a how-to about a plan names that plan's price (₮109 a week)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.understand.claimed import claimed
from bot.understand.normalize import normalize
from bot.understand.parser import parse
from tests.chat_user import ChatUser, first_lines


def _chat(*turns: str) -> ChatUser:
    chat = ChatUser()
    for turn in turns:
        chat.say(turn)
    return chat


@pytest.mark.parametrize(("text", "total", "each"), [
    ("8 张 a100 单卡 899 乘 8 就是 7192 吧", 7192, 899), ("4 张 4090 每张 369 一共 1476 对吗", 1476, 369),
    ("8x a100 at 899 each, so 7192 total right?", 7192, 899), ("899 x 8 = 7192 right?", 7192, 899),
    ("cloudgpu 2 张 4090 每小时 0.33 乘 2 就是 0.66 对吧", Decimal("0.66"), Decimal("0.33")),
])
def test_a_worked_out_price_is_read_as_a_claim(text: str, total: Decimal, each: Decimal) -> None:
    claim = claimed(normalize(text))
    assert claim is not None and (claim.total, claim.each) == (Decimal(total), Decimal(each)), (text, claim)


@pytest.mark.parametrize("text", ["8卡h100 包月多少", "7b lora 单卡就是 24g 吧", "每张 4090 乘 2 就是 8 张吧",
                                  "how much is 8x a100 for a month"])
def test_no_claim_without_a_sum_to_check(text: str) -> None:
    assert claimed(normalize(text)) is None, text


@pytest.mark.parametrize(("text", "lead", "why"), [
    ("8 张 a100 单卡 899 乘 8 就是 7192 吧", "❌ 不是 ₮7,192：gpuli 8×A100 80GB SXM 要 ₮8,352", "整机"),
    ("so 8 a100s at 899 each comes to 7192, correct?", "❌ Not ₮7,192 — gpuli 8× A100 80GB SXM: ₮8,352", "one machine"),
    ("gpuli 8卡 h100 单卡 1804 乘 8 就是 14432 吧", "✅ 对，是 ₮14,432：gpuli 8×H100 SXM 要 ₮14,432", ""),
    ("4 x 4090 at 369 each comes to 1476, correct?", "✅ Right, ₮1,476 — gpuli 4 separate 1× RTX 4090 rentals: ₮1,476", ""),
])
def test_the_check_of_a_sum_leads(text: str, lead: str, why: str) -> None:
    chat = _chat(text)
    assert parse(text).intent == "price"
    assert lead in chat.lines[0], chat.text
    assert why in first_lines(chat), chat.text


def test_a_wrong_multiplication_is_shown() -> None:
    chat = _chat("4 张 4090 每张 369 一共 1400 对吗")
    assert "不是 ₮1,400" in chat.lines[0] and "369 × 4 算出来是 1,476" in chat.lines[1], chat.text


@pytest.mark.parametrize(("text", "total"), [
    ("8卡 h100 包月全账单 含 2t 存储卷 1t 对象存储", "₮14,607"),
    ("8卡h100 一个月的账单 加 2000g 存储卷 和 1000g 对象存储", "₮14,607"),
    ("gpuli 4090 一个月账单多少 带 2000g 存储卷", "₮529"),
])
def test_a_rentals_bill_is_priced_not_the_wallets_history(text: str, total: str) -> None:
    chat = _chat(text)
    assert total in first_lines(chat) and "账本" not in chat.text, chat.text


def test_reading_ones_own_bill_is_still_the_history() -> None:
    assert parse("查一下账单").intent == "wallet"


@pytest.mark.parametrize(("turns", "total"), [
    (("14b qlora gpuli 用啥卡", "包月，加 2000g 存储卷 一共多少"), "₮529"),
    (("14b qlora on gpuli, which card?", "monthly, plus a 2000 GB volume, total?"), "₮529"),
    (("7b qlora gpuli 用什么卡", "包月 再加个 1t 对象存储 总共多少"), "₮384"),
])
def test_storage_added_after_a_sizing_joins_the_card_it_picked(turns: tuple[str, ...], total: str) -> None:
    chat = _chat(*turns)
    assert total in first_lines(chat), chat.text


@pytest.mark.parametrize(("text", "figures"), [
    ("4090 gpuli 合每天多少钱", ("₮15.57", "₮12.30")),
    ("gpuli 4090 平均每天多少", ("₮15.57", "₮12.30")),
    ("what does a 4090 at gpuli work out to per day", ("₮15.57", "₮12.30")),
    ("cloudgpu 4090 每天多少钱", ("$7.92",)),
])
def test_a_price_per_day_is_shared_from_each_term(text: str, figures: tuple[str, ...]) -> None:
    chat = _chat(text)
    assert all(f in first_lines(chat) for f in figures), chat.text


def test_a_day_at_a_weekly_provider_is_its_week_shared() -> None:
    chat = _chat("gpuli 4090 租一天，按天摊多少")  # gpuli's shortest term is the week: ₮109 / 7, never ₮109 a day
    assert "按天摊每天 ₮15.57" in chat.text and "每天 ₮109" not in chat.text, chat.text


@pytest.mark.parametrize(("turns", "lead"), [
    (("8卡a100 包月多少", "预算 8000 u 够吗"), "预算 ₮8,000：不够。gpuli 8×A100 80GB SXM 要 ₮8,352，超出 ₮352"),
    (("8x a100 monthly price", "is 8000 usdt enough"), "Budget ₮8,000: not enough. gpuli 8× A100 80GB SXM costs ₮8,352, ₮352 over"),
])
def test_a_budget_is_judged_on_the_firm_quote_not_an_estimate(turns: tuple[str, ...], lead: str) -> None:
    assert lead in _chat(*turns).lines[0]


@pytest.mark.parametrize(("turns", "card"), [
    (("想做 7b lora 一万网络", "预算一万块 推荐啥"), "A100 40GB"),
    (("7b lora at yiwan", "budget is 10000 rmb, what do you recommend"), "A100 40GB"),
])
def test_a_budget_asking_what_to_rent_is_a_question_answered_within_it(turns: tuple[str, ...], card: str) -> None:
    chat = _chat(*turns)
    assert card in first_lines(chat) and "80,000" not in chat.text and "已设置" not in chat.text, chat.text


@pytest.mark.parametrize("text", ["预算一万块 推荐啥", "budget 10k, what should we rent"])
def test_a_budget_asking_what_to_rent_is_never_written(text: str) -> None:
    action = parse(text).wallet
    assert action is None or action.kind != "budget_set", text


def test_setting_a_budget_still_writes() -> None:
    action = parse("预算设为 5000").wallet
    assert action is not None and action.kind == "budget_set"


@pytest.mark.parametrize(("text", "price"), [
    ("how do I top up for the 4090 weekly plan", "gpuli ₮109/week"),
    ("4090 周租怎么充值", "gpuli ₮109/周"),
    ("8卡 h100 包月 怎么付款", "gpuli ₮14,432/月"),
])
def test_a_how_to_about_a_plan_names_its_price(text: str, price: str) -> None:
    chat = _chat(text)
    assert price in chat.text, chat.text
