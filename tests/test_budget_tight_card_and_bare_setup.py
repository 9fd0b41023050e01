"""A budget under the cheapest safe setup that does rent a card which only may hold the job, and a setup
named alone (prices from seed 003: 一万网络 RTX 3090 ¥1,750/month, T4 16G ¥900/month, 8×A100 80G about
¥2.5–4万/month, an estimate):
- the budget is named back, the safe pick said to be over it, and the tight card within it named with what
  it holds (7B QLoRA: 11.1 GB expected of 16 GB, 17 GB at the high end) and never as the pick;
- "一万网络 8卡 a100 80g" (a provider, a count and a card, nothing asked of them) is that setup's price, and
  "多少钱一个月" after it prices the month of it, with no FAQ entry about another box beside it;
- a budget word with its period ("¥1000 monthly budget", "1000 的月预算") is still a budget."""

from __future__ import annotations

import pytest

from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize("text", [
    "预算 1k 一万网络 能租啥卡 跑 7b qlora",
    "一万网络 7b qlora 预算1000 租什么卡",
    "预算一千块，在一万网络做 7b qlora，够吗",
    "一万网络 7b qlora 每月预算 1000 元 推荐啥卡",
    "一万网络 7b qlora 1000 的月预算 用啥卡",
    "budget ¥1000 a month at 一万网络 for a 7b qlora, what fits?",
    "I have 1000 yuan a month for a 7b qlora on 一万网络, what can I rent?",
    "7b qlora at 一万网络 with a ¥1000 monthly budget, which card?",
])
def test_a_budget_only_a_tight_card_fits_names_it_and_the_safe_pick(text: str) -> None:
    lead = lead_lines(conversation(text), 3)
    assert "1,000" in lead, lead  # the budget named back
    assert "1,750" in lead and "750" in lead, lead  # the safe RTX 3090, over it
    assert "T4" in lead and "900" in lead, lead  # the card within it, named
    assert "11.1" in lead and "17 GB" in lead and "16 GB" in lead, lead  # what it holds: may fit, high end over
    assert ("OOM" in lead or "run out of memory" in lead) and ("batch" in lead), lead  # not safe, and the lever


@pytest.mark.parametrize(("first", "then", "estimate"), [
    ("一万网络 8卡 a100 80g", "多少钱一个月", "估价"),
    ("8张a100 80g 一万网络", "一个月多少钱", "估价"),
    ("一万网络的 8卡 a100 80g", "包月多少", "估价"),
    ("8x A100 80G at Yiwan", "how much per month?", "estimate"),
    ("Yiwan 8x A100 80G", "how much for a month?", "estimate"),
])
def test_a_setup_named_alone_is_its_price_and_a_month_follows(first: str, then: str, estimate: str) -> None:
    alone = lead_lines(conversation(first), 3)
    assert "25,000" in alone and "40,000" in alone, alone
    reply = conversation(first, then)
    assert "25,000" in lead_lines(reply, 3) and estimate in lead_lines(reply, 3), reply
    assert "H100" not in reply and "14,432" not in reply, reply  # no FAQ entry on the 8×H100 box beside it


@pytest.mark.parametrize(("first", "then"), [
    ("一万网络 3090", "一个月多少钱"),
    ("RTX 3090 at 一万网络", "how much for a month?"),
])
def test_a_month_asked_of_a_card_is_its_price_alone(first: str, then: str) -> None:
    reply = conversation(first, then)
    assert "1,750" in lead_lines(reply, 3), reply
    assert "H100" not in reply, reply
