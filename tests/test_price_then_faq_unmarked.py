"""A card's price and a service question in one message with only a space between them: the price leads,
the FAQ's key fact follows, within the line budget. One question that only has spaces in it (a model
named before what is asked, "how much | are the cards …") stays one. Prices from the seeds (002, 003)
through catalogs/providers; facts through catalogs/faq.yaml."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import first_lines, said

PRICE_AND_FAQ = [
    ("cloudgpu 4090 多少一小时 支持支付宝吗", "$0.33", "支付宝"),
    ("cloudgpu a6000 一小时多少 删实例后数据还在不", "$0.44", "销毁"),
    ("cloudgpu a100 80g 多少钱一小时 余额用完会怎样", "$1.49", "余额"),
    ("cloudgpu 4090 多少钱一小时 开机那两分钟收费吗", "$0.33", "不计费"),
    ("how much is a 4090 per hour at cloudgpu can I pay with alipay", "$0.33", "Alipay"),
    ("what does an a100 cost per hour on cloudgpu what happens when my balance runs out", "$1.49", "balance"),
]


@pytest.mark.parametrize(("text", "price", "fact"), PRICE_AND_FAQ)
def test_the_price_leads_and_the_faq_follows(text: str, price: str, fact: str) -> None:
    me = said(text)
    assert price in first_lines(me, 3), me.text
    assert fact in me.text, me.text
    assert len(me.lines) <= 15, me.text


@pytest.mark.parametrize("text", ["Qwen3-32B 全参要什么配置", "how much are the cards at cloudgpu per hour?",
                                  "a100 80g 在 gpuli 周租多少，CloudGPU 按小时又是多少"])
def test_one_question_with_spaces_is_not_split_into_a_faq(text: str) -> None:
    assert not any(p.intent == "faq" for p in parse(text).parts)
