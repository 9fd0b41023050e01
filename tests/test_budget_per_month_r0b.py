"""A budget said with its period between the word and the amount ("预算每月 3000", "预算一个月 300u") is a budget; after
a price it is weighed against that price with the verdict first, and with a provider and a question of what it
rents ("有哪些配置用得起", "which setups can we afford") it lists that provider's setups under it. Prices from the
catalogs (一万网络 A100 40G ¥2,800/month, RTX 3090 ¥1,750, T4 ¥900; gpuli RTX 4090 ₮369/month)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.understand.parser import parse
from tests.chat_user import ChatUser

NOW = datetime(2026, 12, 1, 1, tzinfo=UTC)


@pytest.mark.parametrize(("text", "amount"), [
    ("预算每月 3000 够吗", 3000), ("预算一个月 2500 元", 2500), ("预算每个月5000块", 5000), ("预算每周 800", 800),
])
def test_budget_with_its_period_is_read(text: str, amount: int) -> None:
    budget = parse(text, NOW).asks.budget
    assert budget is not None and budget[0] == amount, text


@pytest.mark.parametrize(("ask", "verdict", "absent"), [
    ("预算每月 3000 块，够不够", "够", "不够"),
    ("那预算一个月 2000 呢，够吗", "不够", None),
    ("our budget per month is 3000 cny, is that enough?", "enough", "not enough"),
])
def test_budget_after_a_price_leads_with_the_verdict(ask: str, verdict: str, absent: str | None) -> None:
    u = ChatUser()
    u.say("一万网络的 A100 40G 包月要多少钱")
    u.say(ask)
    first = u.text.splitlines()[0]
    assert verdict in first and "2,800" in first, u.text
    if absent:
        assert absent not in first


@pytest.mark.parametrize("text", ["每月预算八千，一万网络有哪些配置用得起？", "一万网络 预算一个月 8000 块 能租哪些机器",
                                  "with a ¥8,000 monthly budget, which Yiwan setups can we afford?"])
def test_what_a_budget_rents_at_a_provider(text: str) -> None:
    u = ChatUser()
    u.say(text)
    first = u.text.splitlines()[0]
    for figure in ("8,000", "2,800", "1,750", "900"):
        assert figure in first, u.text
    assert "25,000" not in first  # the 8× A100 80G box is over it


@pytest.mark.parametrize(("text", "verdict"), [
    ("审批额度 2 万 USDT，gpuli 8 卡 H100 租一个季度会超吗？", "不够"),
    ("预算额度 5000 元，一万网络 A100 40G 包月够不够", "够"),
])
def test_an_approved_amount_is_a_budget(text: str, verdict: str) -> None:
    u = ChatUser()
    u.say(text)
    assert verdict in u.text.splitlines()[0], u.text


def test_what_extra_a_two_node_job_pays_is_its_own_question() -> None:
    # "what extra do we pay for" asks of the job beside it (InfiniBand between the nodes), never a FAQ aside
    p = parse("continued pretraining 7b on two nodes of eight h100s, what extra do we pay for", NOW)
    assert p.parts == []
