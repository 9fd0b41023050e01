"""A question about a service fact (expiry reminders, a storage volume's price, the interconnect between
machines) that also names a job, a card or a rental is answered as that fact (seed 000), never as the
price or sizing of what it names, nor by the FAQ entry its asking words come nearest."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize("text", ["包月 4 卡 a100 到期前会提醒吗 提前几天", "周租 4090 快到期了会不会提醒我",
                                  "does a monthly 8x h100 rental send a reminder before it expires",
                                  "a 4090 for a week, will I get an email before it expires?"])
def test_a_rental_named_beside_the_reminder_question_gets_the_reminder(text: str) -> None:
    parsed = parse(text)
    assert parsed.intent == "faq" and parsed.faq_answers[0].entry.id == "expiry-reminders"
    lead = lead_lines(conversation(text), 3)
    assert ("3 天" in lead and "邮件" in lead) or ("3 days" in lead and "email" in lead)


def test_the_balance_a_rental_needs_is_still_its_price() -> None:
    assert parse("cloudgpu 4090 要跑 8 小时 余额至少留多少").intent == "price"


@pytest.mark.parametrize("text, gb", [("存储卷一个月多少钱？我要 1500G", 1500),
                                      ("how much is a storage volume per month? I need 2 TB", 2000),
                                      ("数据盘怎么收费，500G 呢", 500)])
def test_a_size_stated_apart_from_its_storage_is_that_storages(text: str, gb: int) -> None:
    parsed = parse(text)
    assert parsed.intent == "price" and parsed.price.add_ons == {"volume": gb}
    lead = lead_lines(conversation(text), 3)
    assert "0.08" in lead and f"₮{gb * 8 // 100:,}" in lead  # ₮0.08 per GB-month


def test_a_size_beside_a_memory_word_is_not_the_storages() -> None:
    assert parse("存储卷多少钱，4090 24G 显存够吗").price.add_ons == {}


@pytest.mark.parametrize("text", ["存储卷一个月多少钱", "存储卷多少钱一个月", "how much is a storage volume a month"])
def test_a_storage_price_asked_by_the_month_opens_the_storage_entry(text: str) -> None:
    parsed = parse(text)
    assert parsed.faq_answers[0].entry.id == "storage-volume-pricing"
    assert "0.08" in lead_lines(conversation(text), 3)


@pytest.mark.parametrize("sizing, turn, total", [("32b 全参 8卡h100", "存储卷 1000G 多少钱", "₮80"),
                                                 ("7b qlora on a 4090", "how much is a 500 GB volume?", "₮40"),
                                                 ("14b lora", "2TB 存储卷一个月多少", "₮160")])
def test_an_add_on_asked_after_a_sizing_is_priced_itself(sizing: str, turn: str, total: str) -> None:
    lead = lead_lines(conversation(sizing, turn), 3)
    assert total in lead and "0.08" in lead


@pytest.mark.parametrize("text", ["70b 全参 两台八卡 h100 要配啥互联", "32b 全参，两台 8 卡 h100 中间用什么互联",
                                  "32b full ft on two 8x h100 nodes, what interconnect do I need",
                                  "两台八卡h100 要配啥互联"])
def test_the_interconnect_between_two_machines_is_infiniband(text: str) -> None:
    parsed = parse(text)
    assert parsed.intent == "faq" and parsed.faq_answers[0].entry.id == "infiniband"
    lead = lead_lines(conversation(text), 3)
    assert "InfiniBand" in lead and "600" in lead and "DFW-1" in lead


def test_the_job_priced_stays_a_sizing() -> None:
    assert parse("32b 全参 8卡h100 多少钱").intent in ("size", "cost")
    assert parse("32b 全参 8卡h100").intent == "size"


@pytest.mark.parametrize("sizing, turn, total", [("32b 全参 8卡h100", "再加 2000G 存储卷 一共多少", "₮14,592"),
                                                 ("7b qlora on a 4090", "plus a 500 GB volume, total?", "₮409")])
def test_an_add_on_joined_to_the_setup_with_no_term_is_a_months_total(sizing: str, turn: str, total: str) -> None:
    lead = lead_lines(conversation(sizing, turn), 3)
    assert total in lead  # a month's rent with the storage in it (₮14,432 + ₮160; ₮369 + ₮40)


@pytest.mark.parametrize(("text", "needle"), [
    ("训练数据 300G，要做 14b 全参，放什么存储上，一个月多少", "₮24"),
    ("we have a 500GB dataset for a 32b full fine-tune; which storage do we keep it on and what's the cost?", "₮40"),
    ("做 qwen 8b lora，语料 1T，存哪里合适 多少钱", "₮80"),
])
def test_storage_asked_for_a_sized_dataset_is_the_volume_at_that_size(text: str, needle: str) -> None:
    # the seed's persistent volume, ₮0.08 per GB-month, is where a dataset lives; the job only frames the question
    assert parse(text).intent == "price"
    lead = lead_lines(conversation(text), 2)
    assert needle in lead and ("存储卷" in lead or "volume" in lead), lead


def test_an_upload_time_question_about_a_dataset_is_still_the_faq() -> None:
    assert parse("how long to upload 200 GB of training data from China?").intent == "faq"


def test_whether_the_disk_holds_a_dataset_is_no_volume_bill() -> None:
    assert "volume" not in parse("8x h100 local disk enough for a 2TB dataset?").price.add_ons
