"""A budget checked against a bundle: the budget's currency names the provider when none is named (only gpuli bills
in ₮/USDT, only 一万网络 in ¥/CNY), the whole bundle is summed (the card's cycle plus its add-ons, every card named),
and a budget stated in one turn is weighed against the bundle asked in the next; the verdict leads.

Seed 000 (gpuli): an RTX 4090 ₮369 a month, an L40S ₮649 (both ₮1,018); a volume ₮0.08 per GB-month (2,000 GB
₮160, 500 GB ₮40). Seed 003 (一万网络): an RTX 3090 ¥1,750 a month. CloudGPU bills in dollars ($237.60 for a
4090's month), so a $ budget names no provider."""

from __future__ import annotations

import pytest

from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize(("text", "verdict", "total", "gap"), [
    ("每月预算 ₮500 租一张 4090 月租 加 2000g 存储卷 超不超", "不够", "₮529", "超出 ₮29"),
    ("monthly budget 500 USDT, one 4090 monthly plus a 2000GB volume, are we over?", "not enough", "₮529", "₮29 over"),
    ("budget 300 usdt, one 4090 for a month, enough?", "not enough", "₮369", "₮69 over"),
    ("预算 400U 4090 包月够吗", "够", "₮369", "还剩 ₮31"),
    ("we have 1000 USDT a month, 4090 monthly with a 500 GB volume — within budget?", "enough", "₮409", "₮591 left"),
    ("¥2000 预算 3090 包月够不够", "够", "¥1,750", "还剩 ¥250"),
    ("budget 1500 CNY for a month of one rtx 3090, are we over?", "not enough", "¥1,750", "¥250 over"),
])
def test_a_budget_in_one_providers_currency_is_judged_there(text: str, verdict: str, total: str, gap: str) -> None:
    reply = conversation(text)
    first = lead_lines(reply, 1)
    assert verdict in first and total in first and gap in first, reply
    assert ("gpuli" if "₮" in total else "一万网络") in first, reply  # which provider, and why, in the same line
    assert "USDT" in first or "CNY" in first, reply


def test_a_dollar_budget_names_no_provider() -> None:
    reply = conversation("$300 budget 4090 monthly enough?")
    assert "CloudGPU" in lead_lines(reply, 1) and "$62.40 left" in lead_lines(reply, 1), reply
    assert "one provider billing" not in reply, reply


@pytest.mark.parametrize(("text", "parts"), [
    ("gpuli: budget ₮400, 4090 monthly plus 500 GB volume, within budget?", ("₮409", "₮369", "volume 500 GB ₮40", "₮9 over")),
    ("gpuli 预算 ₮450 4090 月租 加 500G 存储卷 超不超", ("₮409", "₮369", "存储卷 500 GB ₮40", "还剩 ₮41")),
    ("monthly budget 500 USDT, one 4090 monthly plus a 2000GB volume, are we over?",
     ("₮529", "₮369", "volume 2,000 GB ₮160", "₮29 over")),
])
def test_the_verdict_on_a_rental_with_add_ons_shows_its_parts(text: str, parts: tuple[str, ...]) -> None:
    first = lead_lines(conversation(text), 1)
    assert all(p in first for p in parts), first


@pytest.mark.parametrize(("turns", "verdict", "gap"), [
    (("预算 ₮1000，4090 和 L40S 各租一个月，超不超",), "不够", "超出 ₮18"),
    (("budget 1500 usdt: a 4090 and an l40s, a month each, are we within budget?",), "enough", "₮482 left"),
    (("monthly budget for the team is 1000 USDT", "can we keep a 4090 and an L40S both on monthly rentals at gpuli?"),
     "not enough", "₮18 over"),
    (("团队每月预算 ₮1200", "gpuli 上 4090 和 L40S 都包月，超不超？"), "够", "还剩 ₮182"),
])
def test_every_card_of_a_bundle_is_summed_against_the_budget(turns: tuple[str, ...], verdict: str, gap: str) -> None:
    reply = conversation(*turns)
    first = lead_lines(reply, 1)
    assert verdict in first and "₮1,018" in first and gap in first, reply
    assert "₮369" in first and "₮649" in first, reply  # each card's part


@pytest.mark.parametrize("turns", [
    ("our budget is 500 usdt", "a 4090 monthly at gpuli with a 2000 GB volume, are we over?"),
    ("预算 ₮500", "gpuli 4090 月租 再加 2000G 存储卷 会超吗"),
])
def test_a_budget_said_before_is_weighed_against_the_bundle_asked_next(turns: tuple[str, ...]) -> None:
    first = lead_lines(conversation(*turns), 1)
    assert "₮529" in first and "₮29" in first and ("not enough" in first or "不够" in first), first


@pytest.mark.parametrize(("text", "verdict", "gap"), [
    ("budget 1500 usdt, two 4090s and one l40s monthly at gpuli, are we over?", "enough", "₮113 left"),
    ("预算 ₮1300，2 张 4090 和 1 张 L40S 都包月，超不超", "不够", "超出 ₮87"),
])
def test_each_card_of_a_bundle_keeps_its_own_count(text: str, verdict: str, gap: str) -> None:
    first = lead_lines(conversation(text), 1)  # 2 × ₮369 + ₮649 = ₮1,387
    assert verdict in first and "₮738" in first and "₮649" in first and "₮1,387" in first and gap in first, first


# A bill of rentals, each card for its own term (seed 000, gpuli: RTX 4090 ₮109 a week / ₮369 a month, RTX 5090
# ₮149 / ₮499, L40S ₮189 / ₮649): the cards are what is paid for, whatever job the message says runs on them.
@pytest.mark.parametrize(("turns", "verdict", "total"), [
    (("预算 500U，想 4090 包月再加一周 L40S 测 14b lora，够吗",), "不够", "₮558"),  # 369 + 189, ₮58 over
    (("budget 1k usdt. 7b qlora on a 4090 for a month plus a week of 5090 for evals, within budget?",), "enough", "₮518"),
    (("gpuli 4090 包月加一周 5090，预算 600U 够不够",), "够", "₮518"),
    (("budget 550 USDT: an L40S for a week and a 4090 monthly at gpuli, enough?",), "enough", "₮558"),
    (("gpuli 4090 包月", "再加一台 L40S 租一周，预算 600U 够吗"), "够", "₮558"),  # a rental added to the one priced
    (("gpuli 4090 monthly", "plus an L40S for a week, is 500 USDT enough?"), "not enough", "₮558"),
])
def test_a_bill_of_cards_each_for_its_own_term_is_judged_on_its_sum(turns: tuple[str, ...], verdict: str, total: str) -> None:
    reply = conversation(*turns)
    first = lead_lines(reply, 1)
    assert verdict in first and total in first, reply
    assert "37 天" not in reply and "37 d" not in reply, reply  # the week is the second card's, not added to the month


@pytest.mark.parametrize(("turns", "total"), [
    (("上个月租了 gpuli 两次 4090 周租、一次 L40S 月租，一共多少",), "₮867"),  # 2 × 109 + 649
    (("上个月租了 gpuli 两次 4090 周租、一次 L40S 月租", "一共多少"), "₮867"),  # the total of the rentals listed before
    (("last month at gpuli we rented a 4090 twice by the week and an L40S once monthly, total?",), "₮867"),
    (("at gpuli: two weekly 4090 rentals and one monthly L40S", "total?"), "₮867"),
    (("gpuli 4090 包月加一周 L40S，一共多少",), "₮558"),  # 包月 and 一周 each the card's beside it
    (("4090 月租", "开 2 台，再租一周 5090，合计多少"), "₮887"),  # 2 × 369 + 149: the count is the 4090's
    (("gpuli 4090 monthly price", "make it two, plus a 5090 for a week. total?"), "₮887"),
])
def test_a_total_of_rentals_each_with_its_count_and_term(turns: tuple[str, ...], total: str) -> None:
    reply = conversation(*turns)
    assert total in lead_lines(reply, 1), reply


@pytest.mark.parametrize(("turns", "verdict", "total", "gap"), [
    (("4090 月租多少", "预算 300U 够吗"), "不够", "₮369", "超出 ₮69"),  # the price asked first, the budget after it
    (("4090 monthly price?", "is a 300 usdt budget enough?"), "not enough", "₮369", "₮69 over"),
    (("3090 包月多少钱", "预算 2000 元够不够"), "够", "¥1,750", "还剩 ¥250"),
])
def test_a_budget_asked_after_the_price_is_judged_where_its_currency_is_billed(
        turns: tuple[str, ...], verdict: str, total: str, gap: str) -> None:
    reply = conversation(*turns)
    first = lead_lines(reply, 1)
    assert verdict in first and total in first and gap in first, reply


def test_a_dollar_budget_after_the_price_is_judged_on_the_cheapest() -> None:
    reply = conversation("4090 monthly price?", "is $300 enough?")  # seed 002: CloudGPU 720 h × $0.33 = $237.60
    assert "enough" in lead_lines(reply, 1) and "$237.60" in lead_lines(reply, 1), reply
