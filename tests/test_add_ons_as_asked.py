"""Add-ons and unit rates priced as asked (seed 000, gpuli): a storage priced on its own at the size stated
(万 and TB counted: 20,000 GB of object storage at ₮0.015 is ₮300, 3 TB of volume at ₮0.08 is ₮240); a
size sent after a storage question or price is that storage at that size, not the FAQ's own example; a bill
"with storage" and no size uses the seed's own example (2,000 GB volume ₮160 + 1,000 GB object storage ₮15
beside the ₮14,432 month = ₮14,607) and says so; a per-card-hour rate asked leads with each term's rate
(₮14,432 / (8 × 720 h) = ₮2.51 on the month, ₮4,172 / (8 × 168 h) = ₮3.10 on the week)."""

from __future__ import annotations

import pytest

from bot.understand import rental_extras as extras
from bot.understand.normalize import normalize
from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize(("text", "gb"), [
    ("2万 GB", 20_000), ("2万GB", 20_000), ("1.5万G", 15_000), ("2w G", 20_000), ("20k GB", 20_000),
    ("3T", 3_000), ("5 TB", 5_000), ("1.5tb", 1_500), ("500 GB", 500), ("10,000 GB", 10_000),
])
def test_a_storage_size_reads_its_multiplier_and_unit(text: str, gb: int) -> None:
    """万 and k multiply, a TB is 1,000 GB (decimal, as a GB-month is billed)."""
    assert extras.add_ons(normalize(f"对象存储 {text}")) == {"object-storage": gb}


@pytest.mark.parametrize(("text", "lead"), [
    ("gpuli 对象存储 2万 GB 一个月", "₮300"),
    ("对象存储 2万GB 多少钱", "₮300"),
    ("20k GB of object storage at gpuli per month?", "₮300"),
    ("gpuli 存储卷 3T 一个月多少", "₮240"),
    ("what does a 3 TB volume cost at gpuli for a month", "₮240"),
    ("how much for 500 GB of volume at gpuli for 2 months", "₮80"),
    ("gpuli 存储卷 1.5万G 两个月", "₮2,400"),
])
def test_a_storage_priced_on_its_own_leads_with_its_total(text: str, lead: str) -> None:
    reply = conversation(text)
    assert lead in lead_lines(reply, 2), reply
    assert "₮160" not in reply and "₮15。" not in reply, reply  # never the FAQ's own 2,000 GB / 1,000 GB example


@pytest.mark.parametrize(("turns", "lead"), [
    (("gpuli 存储卷怎么收费", "3000G 呢"), "₮240"),
    (("gpuli 存储卷多少钱一个月", "那 3T 的话"), "₮240"),
    (("gpuli storage volume price?", "and for 5 TB?"), "₮400"),
    (("how is the persistent volume billed at gpuli", "what about 5tb"), "₮400"),
    (("gpuli 对象存储怎么收费", "2万G一个月"), "₮300"),
    (("object storage price at gpuli?", "20k GB then?"), "₮300"),
    (("gpuli 存储卷 3T 一个月多少", "5T 呢"), "₮400"),
    (("gpuli 存储卷 3T 一个月多少", "5T 呢", "两个月呢"), "₮800"),
])
def test_a_size_after_a_storage_question_prices_that_storage(turns: tuple[str, ...], lead: str) -> None:
    """The storage is the one asked before, the size the new message's, the term kept unless changed."""
    reply = conversation(*turns)
    assert lead in lead_lines(reply, 2), reply


def test_a_size_after_storage_named_by_no_kind_prices_both() -> None:
    """"存储怎么收费" is answered for both storages, so "3000G 呢" prices both (₮240 + ₮45 = ₮285)."""
    reply = conversation("gpuli 存储怎么收费", "3000G 呢")
    lead = lead_lines(reply, 3)
    assert "₮240" in lead and "₮45" in lead and "₮285" in lead, reply


def test_a_size_after_a_question_about_something_else_is_no_storage() -> None:
    reply = conversation("gpuli 支持退款吗", "3000G 呢")
    assert "₮240" not in reply and "₮0.08" not in lead_lines(reply, 1), reply


@pytest.mark.parametrize(("text", "sizes"), [
    ("gpuli 8卡h100 整月 含存储 的账单 列一下", ("2,000 GB", "1,000 GB")),
    ("8x h100 at gpuli for a month with storage, itemized", ("2,000 GB", "1,000 GB")),
    ("gpuli 8卡 h100 包月 加上存储 一共多少", ("2,000 GB", "1,000 GB")),
    ("full monthly bill for gpuli 8x h100 including storage", ("2,000 GB", "1,000 GB")),
])
def test_a_bill_with_storage_and_no_size_uses_the_seeds_example(text: str, sizes: tuple[str, ...]) -> None:
    reply = conversation(text)
    lead = lead_lines(reply, 3)
    assert "₮14,607" in lead and "₮14,432" in lead and "₮160" in lead and "₮15" in lead, reply
    assumed = reply.splitlines()[-1]
    assert all(s in assumed for s in sizes) and "gpuli" in assumed, reply  # which sizes, from whose example


def test_a_bill_with_one_storage_named_adds_only_that_one() -> None:
    reply = conversation("gpuli 8卡h100 一个月 加上对象存储 一共多少")
    assert "₮14,447" in lead_lines(reply, 3) and "₮160" not in reply, reply


def test_a_size_stated_is_never_replaced_by_the_example() -> None:
    reply = conversation("gpuli 8卡h100 一个月 加 5T 存储卷")
    assert "₮14,832" in lead_lines(reply, 3) and "2,000 GB" not in reply, reply


@pytest.mark.parametrize("text", [
    "per-card hourly rate for 8x h100 on gpuli?",
    "gpuli 8x h100: hourly price per gpu?",
    "what does each gpu cost per hour on a gpuli 8x h100",
    "8卡h100 折合每卡每小时多少",
    "gpuli 8卡 h100 每张卡每小时多少钱",
    "gpuli 的 8 卡 H100，单卡每小时合多少",
])
def test_a_per_card_hour_rate_leads_with_each_term(text: str) -> None:
    reply = conversation(text)
    first = reply.splitlines()[0]
    assert "₮2.51" in first and "₮3.10" in first, reply
    assert "₮14,432" in first and "720" in first and "168" in first, reply  # the division shown


@pytest.mark.parametrize(("turns", "lead", "gone"), [
    (("gpuli 存储卷 3T 一个月多少", "换成人民币多少"), "≈ ¥1,704", "USDT"),
    (("gpuli 1tb volume for a month", "in cny?"), "≈ ¥568", "Yiwan"),
    (("gpuli 8卡h100 一个月多少", "gpuli 存储卷 2T 一个月多少", "两个月呢"), "₮320", "₮14,432"),
])
def test_a_change_after_a_storage_price_keeps_that_storage(turns: tuple[str, ...], lead: str, gone: str) -> None:
    """The currency or the term changed, the storage (not the rental priced before it) priced again."""
    reply = conversation(*turns)
    assert lead in lead_lines(reply, 2) and gone not in reply, reply


@pytest.mark.parametrize("text", [
    "32b 全参 8卡h100 gpuli 一个月 含存储多少钱",
    "32b full finetune on 8x h100 at gpuli for a month, storage included: total?",
])
def test_a_job_on_a_stated_setup_with_storage_is_billed_with_it(text: str) -> None:
    """As with a size stated ("加 2000G 存储卷"): the stated setup's month with the example storage, ₮14,607."""
    reply = conversation(text)
    assert "₮14,607" in lead_lines(reply, 3), reply


@pytest.mark.parametrize("text", ["gpuli 32b 全参一个月总账单多少，带存储的", "32b full ft at gpuli for a month, all-in with storage?"])
def test_a_job_s_bill_with_storage_leads_with_each_setup_s_bill(text: str) -> None:
    """A job's month at gpuli with storage of no size: each setup the cost answer priced, with the seed's example
    storage (₮160 + ₮15) added: 8 × H100 ₮14,607, seed 000's whole bill; the sizes assumed are said."""
    reply = conversation(text)
    lead = lead_lines(reply, 1)
    assert "₮14,607" in lead and "₮8,527" in lead, reply  # 8×H100 and 8×A100 80GB, each with ₮175 of storage
    assert "2,000 GB" in reply and "1,000 GB" in reply, reply


def test_a_job_s_bill_with_a_sized_volume_adds_that_volume() -> None:
    lead = lead_lines(conversation("32b 全参 gpuli 包月 加 3000G 存储卷 多少"), 1)
    assert "₮14,672" in lead and "₮8,592" in lead, lead  # ₮14,432 / ₮8,352 + 3,000 GB × ₮0.08 = ₮240


@pytest.mark.parametrize("turns", [("32b 全参，gpuli 一个月全部账单多少，带存储的", "存储都不要的话呢"),
                                   ("32b full ft at gpuli for a month, all-in with storage?", "and without the storage?"),
                                   ("gpuli 8卡h100 包月 含存储", "存储卷不算呢")])
def test_storage_dropped_next_prices_the_cards_alone(turns: tuple[str, str]) -> None:
    reply = conversation(*turns)
    assert "₮14,432" in reply and "₮14,607" not in reply and "₮175" not in reply, reply


@pytest.mark.parametrize(("text", "lead"), [
    ("在 gpuli 存 3T 数据集 每月多少钱", "₮240"),  # 3,000 GB × ₮0.08
    ("gpuli 上存放 1500G 的 checkpoint，一个月要花多少", "₮120"),  # 1,500 GB × ₮0.08
    ("we'd store 4 TB of shards at gpuli, what's that per month?", "₮320"),
    ("gpuli: storing 2500GB of logs for one month costs?", "₮200"),
])
def test_data_kept_at_a_size_is_a_volume_priced_by_the_gb(text: str, lead: str) -> None:
    """存/store with a size after it is data kept on the provider's disk: seed 000's volume at ₮0.08 a GB-month."""
    reply = conversation(text)
    assert lead in lead_lines(reply, 2), reply


@pytest.mark.parametrize("text", ["显存 80G 的卡", "内存 128G 够吗", "保存 100G 的 checkpoint 要多久", "缓存 50G", "物件储存 1TB"])
def test_memory_and_saving_words_are_no_storage(text: str) -> None:
    assert "volume" not in extras.add_ons(normalize(text))
