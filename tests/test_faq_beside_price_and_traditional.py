"""A price or a sizing with a second question the FAQ answers: the figure first, then the FAQ's answer, also
when it asks about data after a rental lapses, refunds, when billing starts or topping up; and the same FAQ
questions typed in traditional Chinese (Taiwan's words too: 資料 for data, 儲值 for topping up) meet their
entry as the simplified ones do. Prices from the seeds through catalogs/providers (gpuli 8×H100 ₮14,432 a month,
cloudgpu RTX 4090 $0.33/h), facts through catalogs/faq.yaml (gpuli keeps data 7 days after a cycle ends)."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from bot.understand.script import simplified
from tests.chat_user import conversation, first_lines, said

PRICE_THEN_FAQ = [
    ("gpuli 8卡h100 一个月多少钱？到期不续的话 checkpoint 会被删吗", "14,432", "7 天"),
    ("gpuli 8卡 h100 包月多少 没续费数据会清掉吗", "14,432", "7 天"),
    ("8x h100 monthly at gpuli? and if I don't renew, are my checkpoints wiped?", "14,432", "7 days"),
    ("how much is 8 h100 for a month on gpuli, what happens to my data if i don't renew", "14,432", "7 days"),
    ("gpuli 8張h100 一個月多少錢？到期沒續費 資料會被刪嗎", "14,432", "7 天"),
    ("cloudgpu 4090 多少钱一小时？怎么充值", "$0.33", "USDT"),
    ("gpuli h100 包月多少，怎么充值", "14,432", "USDT"),
    ("gpuli 4090 包周多少 能退款吗", "₮109", "1 小时内"),
    ("how much is a 4090 weekly at gpuli? can I get a refund if I stop early?", "₮109", "within 1 hour"),
    ("cloudgpu a100 一小时多少？什么时候开始计费", "$1.49", "GPU 就绪后开始计费"),
    ("cloudgpu a100 hourly price, when does billing start?", "$1.49", "The meter starts when the GPU is ready"),
    ("gpuli 4090 包周多少钱，什么时候开始扣费", "₮109", "下单时从钱包余额一次扣清"),
]


@pytest.mark.parametrize(("text", "price", "fact"), PRICE_THEN_FAQ)
def test_the_price_leads_and_the_faq_question_beside_it_is_answered(text: str, price: str, fact: str) -> None:
    me = said(text)
    assert price in first_lines(me, 3), me.text
    assert fact in me.text, me.text


@pytest.mark.parametrize("text", ["gpuli h100, does it have nvlink?", "gpuli 的 h100 有 nvlink 吗"])
def test_a_card_named_without_an_ask_is_the_faq_questions_subject(text: str) -> None:
    me = said(text)
    assert "NVLink" in first_lines(me, 2) and "₮" not in me.text, me.text


RETENTION = [
    "到期沒續費 資料會怎樣",
    "到期没续费 数据会怎样",
    "checkpoint 到期不续会被删吗",
    "如果到期不續，資料會清掉嗎",
    "租期到了沒續 checkpoint 還在嗎",
    "what happens to my data if I don't renew",
    "my rental lapsed, is my data deleted?",
]


@pytest.mark.parametrize("text", RETENTION)
def test_data_after_a_lapsed_rental_is_the_retention_entry_in_either_script(text: str) -> None:
    p = parse(simplified(text))
    assert p.faq_confident and p.faq_answers[0].entry.id == "data-retention", (p.intent, p.faq[:3])


@pytest.mark.parametrize(("text", "entry"), [("gpuli 怎麼儲值", "payment-methods"), ("快到期了會提醒我嗎", "expiry-reminders"),
                                             ("餘額不夠了會怎樣", "balance-runs-out")])
def test_traditional_questions_meet_their_entries(text: str, entry: str) -> None:
    p = parse(simplified(text))
    assert p.faq_confident and p.faq_answers[0].entry.id == entry, p.faq[:3]


@pytest.mark.parametrize(("rental", "text", "fact"), [
    ("gpuli 租了一個月 L40S", "到期沒續費 資料會怎樣", "7 天"),
    ("rented an L40S at gpuli for a month", "what happens to my data if I don't renew?", "7 days"),
])
def test_a_retention_question_after_a_rental_answers_the_days(rental: str, text: str, fact: str) -> None:
    reply = conversation(rental, text)
    assert fact in reply, reply


@pytest.mark.parametrize(("rental", "text", "lead"), [
    ("在 cloudgpu 租了一張 4090", "沒續費的話資料會怎樣", "cloudgpu：销毁实例时磁盘立即删除"),
    ("rented a 4090 on cloudgpu", "what happens to my data if I don't renew?", "At cloudgpu the disk is deleted"),
    ("gpuli 租了一個月 L40S", "到期沒續費 資料會怎樣", "gpuli：到期停机后数据保留 7 天"),
])
def test_a_retention_question_after_a_rental_leads_with_that_providers_rule(rental: str, text: str, lead: str) -> None:
    reply = conversation(rental, text)
    assert lead in "\n".join(reply.splitlines()[:2]), reply


@pytest.mark.parametrize(("turns", "gone", "save"), [
    (("CloudGPU 4090 每小时多少", "销毁实例后数据还在吗"), "立即删除", "下载到本地"),
    (("cloudgpu 3090 hourly?", "once I destroy the instance, is the data kept?"), "deleted the moment", "save adapters"),
])
def test_data_after_destroying_says_to_save_it_first(turns: tuple[str, str], gone: str, save: str) -> None:
    # seed 002: the disk goes with the instance, so adapters are copied off or pushed to a model hub beforehand; the
    # no leads (a verdict of the retention entry, kept out of its answer text so the FAQ's ranking is unchanged)
    text = conversation(*turns)
    assert gone in text and save in text.splitlines()[0], text
