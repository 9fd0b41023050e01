"""Whether 一万网络's 8×A100 80G figure is an official price: the no leads, with the band's low end said with its
unit in Chinese ("¥2.5 万–4 万", "¥25,000–40,000") so the figure reads the same as the price list's (catalog
yiwan: 25000–40000, estimate)."""

from __future__ import annotations

import pytest

from engine.providers import providers
from tests.chat_user import ChatUser


def _band() -> tuple[int, int]:
    yiwan = next(p for p in providers().entries if p.id == "yiwan")
    offer = next(o for o in yiwan.offers if o.gpu.startswith("a100-80g") and o.count == 8)
    price = offer.prices["month"]
    return int(price.low), int(price.high)


@pytest.mark.parametrize("text", ["一万网络 8 卡 A100 80G 那个月价算官方报价吗", "8卡a100 80g 在一万网络的月价是官网明示的吗？"])
def test_zh_no_with_both_units(text: str) -> None:
    low, high = _band()
    u = ChatUser()
    u.say(text)
    first = u.text.splitlines()[0]
    assert first.startswith("❌"), u.text
    assert f"{low / 10000:g} 万" in first and f"{low:,}" in first and f"{high:,}" in first, u.text


def test_en_no_with_the_band() -> None:
    low, high = _band()
    u = ChatUser()
    u.say("is Yiwan's 8x A100 80G monthly price an official quote?")
    no = next(line for line in u.text.splitlines()[:2] if line.startswith("❌"))
    assert f"{low:,}" in no and f"{high:,}" in no, u.text
