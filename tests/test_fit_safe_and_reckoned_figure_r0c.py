"""Three behaviours of a question that asks a yes or no of a plan (session 26, round 0, blind 70's leftovers):

- whether a job can be trained on a stated setup, with a deadline and no dataset ("can we full-finetune a 32b on
  eight h100s before sunday?", "能不能用 8 张 h100 在周日前训 32b 全参"): the fit verdict leads, the time left follows;
  never a rental priced until the deadline on whatever fits;
- an offload setup asked whether it is the cheapest *safe* way ("14b 全参 单卡 + offload 是最便宜的稳妥方案吗"): no,
  offload is 20–50% slower; the safe cheapest is seed 000's no-offload minimum (14B: 4 × A100 SXM with ZeRO-3,
  ₮4,308 a month; 7B: one 80 GB card with the 8-bit optimizer, ₮899);
- a figure the cost is reckoned at ("按 2.5 万一个月算 行吗", "at 25k a month, ok?"): weighed as a budget against the
  price (seed 003: 一万网络 8 × A100 80G is an estimated ¥25,000–40,000 a month), never a question back for a model.
"""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser


def _say(text: str) -> ChatUser:
    me = ChatUser()
    me.say(text)
    return me


FIT_WITH_DEADLINE = [
    ("can we full-finetune a 32b on eight H100s before the friday deadline?", "8× H100 SXM (ZeRO-3)", "fits"),
    ("could we train a 32b full fine-tune on 8 h100s by sunday?", "8× H100 SXM (ZeRO-3)", "fits"),
    ("is it possible to finetune 14b lora on two 4090s before monday", "2× RTX 4090", ""),
    ("能不能用 8 张 h100 在周日前训 32b 全参", "8×H100 SXM (ZeRO-3)", "放得下"),
    ("周五前 可不可以在 4 张 a100 80g 上微调 14b 全参", "4×A100 80GB", ""),
]


@pytest.mark.parametrize(("text", "setup", "word"), FIT_WITH_DEADLINE)
def test_a_job_asked_whether_it_can_be_trained_on_a_setup_before_a_deadline_leads_with_the_fit(
        text: str, setup: str, word: str) -> None:
    me = _say(text)
    first = me.lines[0]
    assert me.last.kind == "sizing", me.text
    assert setup in first and word in first, me.text
    assert not first.startswith(("⏱", "💰", "⏰")), me.text
    assert "deadline" in me.text or "截止" in me.text, me.text


OFFLOAD_SAFE = [
    ("14b 全参 单卡 + offload 是最便宜的稳妥方案吗", "不是", "4×A100 80GB SXM (ZeRO-3)", "₮4,308"),
    ("14b full fine-tune on one card with offload, is that the cheapest safe option?", "No", "4× A100 80GB SXM (ZeRO-3)", "₮4,308"),
    ("7b 全参 单卡 offload 算不算最省的稳妥配置", "不是", "8-bit", "₮899"),
    ("for a 7b full finetune, is one card + offload the cheapest safe way?", "No", "8-bit", "₮899"),
]


@pytest.mark.parametrize(("text", "lead", "setup", "price"), OFFLOAD_SAFE)
def test_offload_asked_as_the_cheapest_safe_way_is_no_and_names_the_seeds_minimum(
        text: str, lead: str, setup: str, price: str) -> None:
    me = _say(text)
    assert me.lines[0].startswith(lead), me.text
    assert setup in me.lines[0] and price in me.lines[0], me.text
    assert "20–50%" in me.lines[0], me.text


def test_offload_asked_as_the_cheapest_way_alone_still_weighs_the_prices() -> None:
    me = _say("14b full, is offload the cheapest way?")
    assert me.lines[0].startswith("Yes, on price"), me.text


RECKONED = [
    ("一万网络 8卡A100 80G 按 2.5 万一个月算 行吗", "¥25,000", "不一定够"),
    ("一万网络 8 卡 a100 80g 按每月 3w 报预算靠谱吗", "¥30,000", "不一定够"),
    ("一万网络 a100 80g 8卡 照 2万一个月来估 可以不", "¥20,000", ""),
    ("yiwan 8x a100 80g at 25k a month, ok?", "¥25,000", "not guaranteed"),
    ("8x a100 80g at yiwan, assuming 30k/month is that fine", "¥30,000", "not guaranteed"),
]


@pytest.mark.parametrize(("text", "figure", "verdict"), RECKONED)
def test_a_figure_the_cost_is_reckoned_at_is_weighed_against_the_price(text: str, figure: str, verdict: str) -> None:
    me = _say(text)
    assert figure in me.lines[0] and verdict in me.lines[0], me.text
    assert "40,000" in me.text and "25,000–40,000" in me.text, me.text
