"""A budget stated before the job is a budget for that job, and the seeds' setups lead their follow-ups
(issue 18, classes E, F and I). Figures from the seeds: 一万网络 A100 40G ¥2,800/month (seed 003); gpuli's
7B full fine-tune minimum on one 80 GB card with an 8-bit optimizer (A100 PCIe ₮269/week, ₮899/month;
the seed's own 7B full figure, an A100 SXM, ₮319/week), its roomy H200 ₮2,599/month, 8×H100 ₮14,432/month,
and 32B full on 8 H100s with 20M tokens × 3 epochs at 30% MFU: about 1.5 hours (seed 000)."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import ChatUser


def _talk(*turns: str) -> ChatUser:
    chat = ChatUser()
    for turn in turns:
        chat.say(turn)
    return chat


@pytest.mark.parametrize("text", ["一万网络 预算 3w 一个月", "gpuli 预算 2000u", "budget $500 at cloudgpu",
                                  "at 一万网络 our budget is 30k cny a month", "budget 300 usdt, how many weeks"])
def test_a_budget_for_a_rental_is_no_wallet_write(text: str) -> None:
    p = parse(text)
    assert p.wallet is None and p.asks.budget is not None, (p.intent, p.wallet)


@pytest.mark.parametrize("text", ["预算 3w", "set budget 300 usdt", "/budget 500 usdt"])
def test_a_bare_or_explicit_budget_still_sets_the_wallet_budget(text: str) -> None:
    p = parse(text)
    assert p.wallet is not None and p.wallet.kind == "budget_set"


@pytest.mark.parametrize(("turns", "want"), [
    (("一万网络 预算 3w 一个月", "跑 13b lora"), ["¥30,000", "A100 40GB", "¥2,800"]),
    (("一万网络 预算 3w 一个月", "跑 13b lora", "选哪个"), ["¥30,000", "A100 40GB", "¥2,800"]),
    (("at 一万网络, budget 30k cny a month", "13b lora"), ["¥30,000", "A100 40GB", "¥2,800"]),
])
def test_budget_before_the_job_picks_within_it_there(turns: tuple[str, ...], want: list[str]) -> None:
    chat = _talk(*turns)
    lead = "\n".join(chat.lines[:3])
    for w in want:
        assert w in lead, (w, chat.text)
    assert "月预算已设置" not in chat.text and "Monthly budget set" not in chat.text


@pytest.mark.parametrize(("text", "first"), [
    ("一万网络 预算 3w 一个月", ["预算 ¥30,000", "A100 40GB SXM ¥2,800"]),
    ("预算两千块 一万网络 能租啥卡 一个月", ["预算 ¥2,000", "RTX 3090 ¥1,750", "T4 ¥900"]),
    ("at 一万网络 our budget is 2000 cny a month", ["Budget ¥2,000", "RTX 3090 ¥1,750", "T4 ¥900"]),
    ("budget $500 at cloudgpu", ["Budget $500", "$1.49/h"]),
])
def test_budget_for_a_rental_is_named_back_with_what_it_rents(text: str, first: list[str]) -> None:
    chat = _talk(text)
    for w in first:
        assert w in chat.lines[0], chat.text
    assert "A100 40GB SXM" not in chat.lines[0] or "¥30,000" in chat.lines[0]  # ¥2,800 is over ¥2,000


@pytest.mark.parametrize("turns", [
    ("need it for 3 days only, 7b full ft on gpuli price?",),
    ("7b 全参 gpuli 一周多少",),
    ("gpuli 能按小时租吗", "那 7b 全参 一周 多少"),
    # the card asked beside the price: the sizing's minimum line carries the row's A100 SXM the seed prices too
    ("7b 全参 gpuli 一周多少，用什么卡",),
    ("8b full finetune at gpuli: which card, and the weekly price?",),
])
def test_seven_b_full_names_the_seeds_week_price(turns: tuple[str, ...]) -> None:
    chat = _talk(*turns)
    lead = "\n".join(chat.lines[:3])
    assert "₮319" in lead and "₮269" in lead, chat.text


@pytest.mark.parametrize(("turns", "want"), [
    (("7b full ft roomy option on gpuli", "price?"), "₮2,599"),
    (("7b 全参 宽裕点的配置 gpuli", "多少钱"), "₮2,599"),
])
def test_price_after_the_roomy_setup_prices_that_setup(turns: tuple[str, ...], want: str) -> None:
    chat = _talk(*turns)
    assert want in chat.lines[0] + chat.lines[1], chat.text
    assert "H200" in chat.lines[0], chat.text


@pytest.mark.parametrize(("turns", "count", "price"), [
    (("32b full on 4 h100s?", "ok how many then", "gpuli monthly for that"), None, "₮14,432"),
    (("32b 全参 4 张 h100 够吗", "那要几张", "gpuli 包月多少"), None, "₮14,432"),
    (("32b full on 4 h100s?", "how many then"), "8", None),
    (("32b 全参 4 张 h100 够吗", "那要几张"), "8", None),
])
def test_how_many_after_a_count_counts_that_card(turns: tuple[str, ...], count: str | None, price: str | None) -> None:
    chat = _talk(*turns)
    lead = "\n".join(chat.lines[:3])
    if count:
        assert f"{count} cards" in lead or f"{count} 张" in lead, chat.text
    if price:
        assert price in lead, chat.text


@pytest.mark.parametrize("turns", [
    ("32b 全参 8xh100 gpuli", "2000万 token 3 epoch 多久"),
    ("32b full ft on 8x h100 at gpuli", "how long for 20M tokens, 3 epochs"),
])
def test_dataset_after_a_sizing_times_that_job(turns: tuple[str, ...]) -> None:
    chat = _talk(*turns)
    assert "1.5" in chat.lines[0] and ("小时" in chat.lines[0] or " h" in chat.lines[0]), chat.text
