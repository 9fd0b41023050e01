"""Add-ons asked with or after a rental are summed into its price, and money stated in a rental question is a
budget to judge, not a wallet command.

Seed 000 (gpuli): 8 × H100 a month ₮14,432; a volume ₮0.08 per GB-month (2,000 GB ₮160), object storage
₮0.015 (1,000 GB ₮15), so the month with both is ₮14,607; an RTX 4090 ₮109 a week, ₮369 a month (with
500 GB of volume ₮409); an A100 80GB ₮269 a week (three weeks ₮807 of ₮1,000); the whole cycle is taken from
the wallet at order time. Seed 003 (一万网络): 16 CPU cores add ¥400 a month, 128 GB of RAM ¥600."""

from __future__ import annotations

import pytest

from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize("turns", [
    ("how much is a month of eight h100s at gpuli", "with 2000 GB of volume storage?", "and add 1000 GB object storage"),
    ("gpuli 8x h100 monthly", "add 2 TB of volume and 1 TB object storage, egress and ipv4 included"),
    ("gpuli 8卡 h100 一个月", "加2000G存储卷 1000G对象存储 出口流量 ipv4 全算上"),
    ("gpuli 8 张 h100 包月多少", "再加 2T 存储卷", "再加 1000G 对象存储"),
])
def test_add_ons_after_a_rental_are_summed_into_it(turns: tuple[str, ...]) -> None:
    reply = conversation(*turns)
    assert "14,607" in lead_lines(reply, 3), reply
    assert "top-up" not in reply and "充值" not in reply, reply  # "add 1000 GB" adds storage, never wallet money


@pytest.mark.parametrize("text", [
    "gpuli 4090 month plus 500 GB volume storage, total?",
    "gpuli 4090 with a 500 GB volume",
    "at gpuli, one 4090 plus 500 GB of volume storage — total?",
    "gpuli 4090 月租 加 500G 存储卷 一共多少",
    "gpuli 4090 包月，再配 500G 存储卷",
])
def test_a_card_asked_with_a_sized_storage_is_one_bill(text: str) -> None:
    reply = conversation(text)
    assert "409" in lead_lines(reply, 3), reply
    assert "2,000 GB comes to" not in reply and "2,000 GB 一个月" not in reply, reply  # not the storage FAQ


@pytest.mark.parametrize(("text", "total"), [
    ("gpuli 8x h100 plus a 2000 GB volume, total", "₮14,592"),
    ("一万网络 3090 加 16 核 cpu 多少钱", "¥2,150"),
    ("yiwan rtx 3090 with the 128 GB ram upgrade, price?", "¥2,350"),
])
def test_a_bill_with_monthly_add_ons_and_no_length_is_a_month(text: str, total: str) -> None:
    reply = conversation(text)
    assert total in lead_lines(reply, 2), reply


@pytest.mark.parametrize(("text", "lead"), [
    ("一万网络 A100 40G 包年 加 CPU 16 核 每月加多少", "¥400"),
    ("一万网络 3090 包月，内存升到 128G 要多花多少", "¥600"),
    ("yiwan a100 40g monthly, how much extra does the 16-core cpu add?", "¥400"),
    ("gpuli 4090 包月 加 500G 存储卷 贵多少", "₮40"),
    ("gpuli 4090 monthly || how much more with a 2 TB volume?", "₮160"),
    ("一万网络 3090 包月 || 加 16 核 cpu 每月加多少", "¥400"),
])
def test_what_an_add_on_adds_leads(text: str, lead: str) -> None:
    reply = conversation(*text.split(" || "))
    first = reply.strip().splitlines()[0]
    assert lead in first and "➕" in first, reply


@pytest.mark.parametrize(("text", "verdict", "left"), [
    ("gpuli 钱包 ₮120 能租一周 4090 不", "够", "₮11"),
    ("钱包里有 120U，gpuli 4090 租一周够吗", "够", "₮11"),
    ("my gpuli wallet has ₮120, can I rent a 4090 for a week?", "enough", "₮11"),
    ("wallet ₮120 at gpuli — a week of 4090 possible?", "enough", "₮11"),
    ("gpuli 钱包余额 ₮100 租一周 4090 行不", "不够", "₮9"),
])
def test_wallet_money_in_a_rental_question_is_weighed(text: str, verdict: str, left: str) -> None:
    reply = conversation(text)
    lead = lead_lines(reply, 1)
    assert "₮109" in lead and verdict in lead and left in lead, reply
    assert "/topup" not in reply, reply  # never the wallet's own page


@pytest.mark.parametrize(("turns", "weeks", "total"), [
    (("gpuli 钱包 ₮1000", "租 a100 80g 周租能租几周"), "3 周", "₮807"),
    (("my gpuli wallet has ₮1000", "how many weeks of an a100 80g can I rent"), "3 weeks", "₮807"),
    (("钱包里有 ₮500", "gpuli 4090 能租几周"), "4 周", "₮436"),
    (("gpuli 4090 月租", "钱包里只有 ₮300 够吗", "那能买几周"), "2 周", "₮218"),
    (("gpuli 4090 monthly", "I only have ₮300, enough?", "how many weeks can it buy then"), "2 weeks", "₮218"),
    (("gpuli 8卡 h100 月租", "预算 ₮10000 够不够", "那能租多久"), "2 周", "₮8,344"),
])
def test_money_stated_before_is_divided_into_the_rental(turns: tuple[str, ...], weeks: str, total: str) -> None:
    reply = conversation(*turns)
    lead = lead_lines(reply, 1)
    assert weeks in lead and total in lead, reply


@pytest.mark.parametrize("turns", [
    ("gpuli 8卡 h100 周租", "钱包 ₮5000 够不够", "扣款是一次性扣吗"),
    ("gpuli 4090 月租", "是一次性扣款还是分期扣"),
    ("gpuli 租金是一次扣清还是按天扣",),
])
def test_how_a_cycle_is_charged_is_the_faq(turns: tuple[str, ...]) -> None:
    reply = conversation(*turns)
    assert "下单时从钱包余额一次扣清" in reply, reply


@pytest.mark.parametrize("turns", [
    ("gpuli 4090 monthly", "is it charged all at once?"),
    ("does gpuli deduct the whole amount in one go?",),
])
def test_how_a_cycle_is_charged_is_the_faq_en(turns: tuple[str, ...]) -> None:
    reply = conversation(*turns)
    assert "taken from your wallet balance at order time" in reply, reply
