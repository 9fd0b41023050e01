"""Requests in free text answered as what they ask, not as something near them: a launch script asked in words
(the export), the storage of a run's output priced alone (not the whole run), the currency said on a top-up named
back, 一万网络 named by its short numeral before a card it rents (not ¥10,000), a rental laid out as a plan priced
(not ordered), and a term shorter than a provider's shortest one answered as "more than that". Seed figures: gpuli
object storage ₮0.015 per GB-month (seed 000); 一万网络 A100 40G ¥2,800, 3090 ¥1,750, T4 ¥900 a month (seed 003);
CloudGPU A6000 $0.44/h (seed 001); gpuli A100 80G PCIe ₮269 a week."""

from __future__ import annotations

import pytest

from bot.understand.normalize import normalize
from bot.understand.parser import parse
from tests.chat_user import ChatUser


def said(*turns: str) -> str:
    u = ChatUser()
    for turn in turns:
        u.say(turn)
    return u.text


def head(text: str, n: int = 3) -> str:
    return "\n".join([line for line in text.splitlines() if line.strip()][:n])


# ---------------------------------------------------------------- a launch script asked in words

LAUNCH_ASKED = ["启动 脚本发一个 8b lora 一张 a100 80g", "脚本来一份：14b qlora 单卡 a6000", "start 命令给我 7b qlora 4090",
                "send me the script for a 14b qlora on one a6000", "script: 8b lora on a single a100 80g"]


@pytest.mark.parametrize("msg", LAUNCH_ASKED)
def test_a_script_asked_in_words_is_the_export(msg: str) -> None:
    assert parse(msg).intent == "export", msg
    text = said(msg)
    assert any(cmd in text for cmd in ("torchrun", "llamafactory-cli", "accelerate launch", "deepspeed", "python ")), text


@pytest.mark.parametrize("msg", ["写个脚本统计 token 数", "write a script to count tokens in my jsonl",
                                 "我的启动脚本报错了 8b lora a100"])
def test_a_script_for_something_else_or_broken_is_no_export(msg: str) -> None:
    assert parse(msg).intent != "export", msg


# ---------------------------------------------------------------- a run's output kept in storage

@pytest.mark.parametrize(("msg", "total"), [
    ("14b lora 的 checkpoint 200G 存对象存储 三个月多少钱", "₮9"),  # 200 × 0.015 × 3
    ("keep our 70b qlora weights, 400 GB, in object storage for a month, how much", "₮6"),  # 400 × 0.015
    ("72b 全参的权重 1000G 放对象存储一个月要多少", "₮15"),
])
def test_the_storage_of_a_runs_output_is_priced_alone(msg: str, total: str) -> None:
    text = said(msg)
    assert total in head(text, 2) and "0.015" in text, text
    assert "最省的稳妥方案" not in text and "Cheapest safe option" not in text and "×H100" not in text, text


def test_storage_beside_a_rental_stays_that_rentals_bill() -> None:
    text = said("32b 全参 租 8卡 h100 一个月 checkpoint 放 500G 对象存储 一共多少")
    assert "₮14,439.50" in text, text  # 8 × H100 a month ₮14,432 + 500 GB × ₮0.015


# ---------------------------------------------------------------- the currency said on a top-up

@pytest.mark.parametrize("msg", ["帮我充 1.5k usdt", "top up 250 USDT please", "充值 800u"])
def test_a_top_up_names_the_currency_said(msg: str) -> None:
    text = said(msg)
    assert "USDT" in head(text, 1) and "₮" in text, text


# ---------------------------------------------------------------- 一万网络 by its short numeral

@pytest.mark.parametrize(("msg", "total"), [("一万 a100 40g 租两个月", "¥5,600"), ("一万 T4 三个月多少", "¥2,700"),
                                            ("3090 在一万 租四个月", "¥7,000")])
def test_the_numeral_before_a_card_it_rents_names_yiwan(msg: str, total: str) -> None:
    assert parse(msg).rental.provider == "yiwan", normalize(msg)
    text = said(msg)
    assert total in head(text) and "一万网络" in head(text) and "哪家服务商" not in text, text


@pytest.mark.parametrize("msg", ["一万 3090 够租多久", "预算一万 a100 40g 能租几个月", "一万 4090 多少钱", "一万块 3090"])
def test_the_numeral_stays_money_where_money_is_said_or_the_card_is_not_theirs(msg: str) -> None:
    assert "一万网络" not in normalize(msg), normalize(msg)


# ---------------------------------------------------------------- a rental as a plan, or ordered

@pytest.mark.parametrize("msg", ["先租一张 a6000 跑两天", "先租 a6000 跑两天 再说", "gpuli 的 a100 80g 租两周",
                                 "then we'd rent an a6000 for two days"])
def test_a_rental_laid_out_as_a_plan_is_priced_not_ordered(msg: str) -> None:
    p = parse(msg)
    assert p.intent != "wallet" and p.wallet is None, msg
    text = said(msg)
    assert "哪家服务商" not in text and "Which provider" not in text, text
    assert "$21.12" in text or "₮538" in text, text  # 48 h × $0.44; 2 × ₮269


@pytest.mark.parametrize("msg", ["租一张 a6000 两天", "帮我先租一张 a6000", "今天开一台 a6000 跑两天", "gpuli 租 2 张 4090 一周",
                                 "rent an a6000 for two days", "我想租 a6000 两天", "想要租 gpuli 的 4090 一周"])
def test_a_rental_ordered_of_us_stays_an_order(msg: str) -> None:
    p = parse(msg)
    assert p.wallet is not None and p.wallet.kind == "rent", msg


# ---------------------------------------------------------------- a term shorter than the provider's shortest

@pytest.mark.parametrize(("first", "then", "needle"), [
    ("一万网络 a100 40g 月租多少", "用五天也得买一周吗", "不止"),
    ("a100 40g at yiwan, monthly price?", "we only need it 4 days, do we still pay a whole week?", "More than that"),
])
def test_a_week_asked_where_only_months_are_sold_is_more_than_a_week(first: str, then: str, needle: str) -> None:
    text = said(first, then)
    lead = head(text, 1)
    assert needle in lead and "一万网络" in lead and "¥2,800" in lead, text


# ---------------------------------------------------------------- two questions in one message

@pytest.mark.parametrize("msg", ["a6000 hourly at each provider, and can we pay with usdt?", "a6000 各家每小时多少，另外能用 USDT 付吗"])
def test_a_price_and_a_payment_question_are_both_answered(msg: str) -> None:
    text = said(msg)
    assert "$0.44" in text and ("USDT" in text.split("$0.44", 1)[1]), text
