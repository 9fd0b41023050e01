"""Storage priced from the sizes the user states across turns (seed 000, gpuli: a volume ₮0.08 per GB-month,
object storage ₮0.015; a TB is 1,000 GB): a size after a storage question however it is worded (10 TB to archive
→ ₮150), a month asked after a size (3 TB of volume → ₮240), another storage after one priced and the total of
both (500 GB of volume ₮40 + 2 TB of object storage ₮30 = ₮70), archiving naming object storage, and one GB's
price asked after a card's price leading with that storage's own unit price (₮0.015)."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize(("text", "sizes"), [
    ("我们要 3T", (3000,)), ("we have 10TB of checkpoints to archive", (10_000,)), ("那 2 万 G 两个月呢", (20_000,)),
    ("4090 24G 多少钱", ()),  # a card's memory is no storage size
])
def test_the_parser_reads_the_sizes_stated(text: str, sizes: tuple[int, ...]) -> None:
    assert parse(text).price.sizes == sizes


@pytest.mark.parametrize(("text", "gb"), [("归档 4T 一个月多少", 4000), ("we'll archive 4TB", 4000),
                                          ("long-term archive cost for 1TB per month?", 1000)])
def test_archiving_names_object_storage(text: str, gb: int) -> None:
    assert parse(text).price.add_ons == {"object-storage": gb}


@pytest.mark.parametrize(("turns", "lead"), [
    (("gpuli 存储卷多少钱", "我们要 3T", "一个月多少"), "₮240"),
    (("how much is a gpuli volume", "we'd need about 3 TB", "and per month?"), "₮240"),
    (("gpuli object storage price", "we have 10TB of checkpoints to archive", "monthly cost?"), "₮150"),
    (("gpuli 对象存储什么价", "我们大概有 10T 的 checkpoint 要放", "每月多少"), "₮150"),
    (("gpuli object storage", "per GB?", "we'll archive 4TB", "per month then"), "₮60"),
    (("gpuli 存储卷怎么收费", "要归档 4T 呢"), "₮60"),
])
def test_a_size_said_after_a_storage_question_is_priced(turns: tuple[str, ...], lead: str) -> None:
    reply = conversation(*turns)
    assert lead in lead_lines(reply, 3), reply
    assert "₮14,432" not in reply, reply  # never the FAQ's 8 × H100 month


@pytest.mark.parametrize(("turns", "lead"), [
    (("gpuli 存储卷 500G 一个月", "对象存储 2T 呢", "加起来多少"), "₮70"),
    (("gpuli volume 500 GB for a month", "and 2 TB of object storage?", "total?"), "₮70"),
    (("gpuli 存储卷 1T 多少钱", "对象存储 1T 呢", "一共多少"), "₮95"),
])
def test_storages_priced_one_by_one_are_summed_when_a_total_is_asked(turns: tuple[str, ...], lead: str) -> None:
    reply = conversation(*turns)
    assert lead in lead_lines(reply, 3), reply


def test_another_storage_after_one_priced_is_priced_alone() -> None:
    lead = lead_lines(conversation("gpuli 存储卷 500G 一个月", "对象存储 2T 呢"), 2)
    assert "₮30" in lead and "₮40" not in lead, lead


@pytest.mark.parametrize("turns", [
    ("gpuli 8卡 h100", "停机后 checkpoint 保留几天", "要归档的话对象存储多少钱一个 G"),
    ("gpuli 8x h100 monthly", "object storage price per GB?"),
])
def test_one_gbs_price_after_a_cards_price_leads_with_the_storages_own_price(turns: tuple[str, ...]) -> None:
    reply = conversation(*turns)
    assert "0.015" in lead_lines(reply, 2) and "14,432" not in reply, reply
