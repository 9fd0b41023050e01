"""Amounts, counts and second asks read as said (blind set 31): a decimal before 万/w/k keeps its scale
even when a billing term follows ("预算2.5万 年付" is ¥25,000); two machines of a card rented one to a server
are two single-card servers; two nodes asked what they need get InfiniBand and its price; 月费 asks a
storage size's month; a memory figure or how to estimate the time asked beside a price or a deadline is
answered too; a card with where and how long, with no job before it, is priced, never "which model?"."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import ChatUser


@pytest.mark.parametrize(("text", "value"), [
    ("预算2.5万 a100 40g 一万网络 年付 够不", 25000), ("一万网络 a100 年付 预算1.5w 够吗", 15000),
    ("预算 2.5k 月付 3090 够吗", 2500), ("预算0.8万 3090 一万网络 月付 够不", 8000),
    ("budget 2.5k for a yiwan a100 40g, yearly, enough?", 2500), ("预算 1.2万 包年 a100 够不够", 12000),
])
def test_a_scaled_decimal_budget_keeps_its_scale(text: str, value: int) -> None:
    budget = parse(text).asks.budget
    assert budget is not None and budget[0] == value, (text, budget)


def test_a_yearly_budget_verdict_says_the_shortfall() -> None:
    chat = ChatUser()
    chat.say("预算2.5万 a100 40g 一万网络 年付 够不")
    assert "¥25,000" in chat.lines[0] and "¥26,880" in chat.lines[0] and "¥1,880" in chat.lines[0], chat.text


@pytest.mark.parametrize(("text", "total"), [
    ("一万网络 两台3090包月 要多少人民币", "¥3,500"), ("yiwan two 3090 servers monthly, how much?", "¥3,500"),
    ("一万网络 3090 开两台 包月多少", "¥3,500"), ("cloudgpu 3台4090 一周多少钱", "$166.32"),
])
def test_machines_of_a_single_card_server_are_that_many_servers(text: str, total: str) -> None:
    assert parse(text).cues.instances is not None, text
    chat = ChatUser()
    chat.say(text)
    assert total in chat.lines[0] and "4 张" not in chat.text and "4×" not in chat.text, chat.text


def test_machines_with_a_card_count_stay_nodes_of_that_many() -> None:
    p = parse("两台8卡h100 gpuli 包月")
    assert p.cues.instances is None and p.price.nodes == 2 and p.request.num_gpus == 16


@pytest.mark.parametrize("text", [
    "双节点8卡h100 gpuli 要加啥 多少钱", "two 8x h100 nodes at gpuli, what else do I need and what does it cost?",
    "gpuli 两台8卡h100 还需要什么 价格", "2 nodes of 8x h100 on gpuli — anything extra needed? price?",
])
def test_what_two_nodes_need_is_infiniband_with_its_price(text: str) -> None:
    assert parse(text).price.infiniband is True, text
    chat = ChatUser()
    chat.say(text)
    lead = "\n".join(chat.lines[:3])
    assert "InfiniBand" in lead and "600" in lead and "14,432" in lead and "1,200" in lead, chat.text


def test_one_node_asked_what_to_add_is_not_infiniband() -> None:
    assert parse("gpuli 8卡h100 要加啥").price.infiniband is None


@pytest.mark.parametrize(("text", "total"), [
    ("数据集放存储卷 500g gpuli 月费", "₮40"), ("存储卷 1t gpuli 月费多少", "₮80"),
    ("gpuli 存储卷 500g 的月费", "₮40"), ("gpuli volume for a 500 GB dataset, monthly fee?", "₮40"),
])
def test_a_storage_size_with_a_monthly_fee_asked_is_priced(text: str, total: str) -> None:
    chat = ChatUser()
    chat.say(text)
    assert total in chat.lines[0] and "2,000 GB" not in chat.text, chat.text


@pytest.mark.parametrize(("text", "figure", "price"), [
    ("70b qlora 多少显存 cloudgpu a100 80g 8小时多少钱", "45–55 GB", "$11.92"),
    ("cloudgpu a100 80g 跑 70b qlora 8小时多少钱，显存要多少", "45–55 GB", "$11.92"),
    ("how much vram for 70b qlora, and 8 hours of a cloudgpu a100 80g costs?", "45–55 GB", "$11.92"),
])
def test_memory_and_price_asked_together_are_both_answered(text: str, figure: str, price: str) -> None:
    assert parse(text).asks.memory_figure, text
    chat = ChatUser()
    chat.say(text)
    assert price in "\n".join(chat.lines[:3]) and figure in chat.text, chat.text


@pytest.mark.parametrize("text", [
    "下周一要交 8b qlora 50万条 cloudgpu 4090 先怎么估时间", "8b qlora 50万条 cloudgpu 4090 训练时间怎么估",
    "due monday: 8b qlora on 500k samples, cloudgpu 4090 — how do I estimate the training time first?",
    "500k samples, 8b qlora on a 4090: how should we estimate how long it takes?",
])
def test_how_to_estimate_the_time_leads_with_the_steps_and_a_trial(text: str) -> None:
    assert parse(text).asks.estimate, text
    chat = ChatUser()
    chat.say(text)
    assert "500,000" in chat.lines[0] and "50" in chat.lines[0] and ("步" in chat.lines[0] or "steps" in chat.lines[0]), chat.text


def test_asking_the_time_without_how_keeps_the_estimate() -> None:
    assert not parse("8b qlora 50万条 4090 要训多久").asks.estimate


@pytest.mark.parametrize("text", [
    "and the H200 single card month at gpuli?", "gpuli h200 单卡 包月呢", "and the h200 at gpuli for a month?",
    "那 gpuli 的 h200 一个月呢",
])
def test_a_card_with_where_or_how_long_and_no_job_before_is_its_price(text: str) -> None:
    chat = ChatUser()
    chat.say(text)
    assert "₮2,599" in "\n".join(chat.lines[:3]) and "Qwen3-8B" not in chat.text, chat.text


def test_after_a_job_the_same_words_price_the_job_on_that_card() -> None:
    chat = ChatUser()
    chat.say("7b qlora 4090 够吗")
    chat.say("gpuli h200 单卡 包月呢")
    assert "7B" in chat.lines[0] and "₮2,599" in chat.lines[0], chat.text


@pytest.mark.parametrize("text", ["8b qlora 50万条 费用怎么算", "8b qlora 50万条 怎么估显存", "50万条 8b 多少钱怎么估"])
def test_how_to_work_out_money_or_memory_is_no_time_estimate(text: str) -> None:
    assert not parse(text).asks.estimate, text
