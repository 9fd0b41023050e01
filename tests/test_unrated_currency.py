"""A currency the catalog keeps no rate for, asked of the last price: the reply names it, says there is no rate,
and gives the figures in the currencies they are billed in (never a converted figure of a made-up rate)."""

from __future__ import annotations

import pytest

from bot.understand.script import simplified
from bot.understand.unrated_currency import unrated_alone, unrated_named
from engine.providers import unrated_currencies
from tests.chat_user import ChatUser


@pytest.mark.parametrize(("first", "then", "named", "billed"), [
    ("gpuli 4090 包月多少", "折合港幣大約多少", "港币", "₮369"),
    ("gpuli 的 A100 80G 一周多少钱", "那换成日元呢", "日元", "₮269"),
    ("一万网络 3090 包月", "用台币算是多少", "新台币", "¥1,750"),
    ("weekly price of a 4090 at gpuli", "how much is that in yen", "Japanese yen", "₮109"),
    ("gpuli 4090 monthly", "SGD?", "Singapore dollar", "₮369"),
    ("7B QLoRA on a 4090 at gpuli for two weeks, cost?", "what would that be in euros", "euro", "₮218"),
])
def test_the_currency_is_named_and_the_billed_figure_follows(first: str, then: str, named: str, billed: str) -> None:
    user = ChatUser()
    user.say(first)
    user.say(then)
    head = user.text.splitlines()[:3]
    assert named in head[0]
    assert "汇率" in head[0] or "no rate" in head[0]
    assert any(billed in line for line in head[1:])


def test_no_figure_is_given_in_the_unrated_currency() -> None:
    user = ChatUser()
    user.say("gpuli 4090 月租")
    user.say("新台幣大概多少")
    assert "NT$" not in user.text and "TWD " not in user.text
    assert "≈ $369" in user.text  # the dollar figure we do keep a rate for


@pytest.mark.parametrize(("ident", "alias"), [(i, a) for i, _en, _zh, aliases in unrated_currencies() for a in aliases])
def test_every_catalog_name_is_read_alone(ident: str, alias: str) -> None:
    for text in (f"{alias}?", f"in {alias}" if alias.isascii() else f"{alias}多少"):
        assert unrated_named(text) == ident
        assert unrated_alone(text)


def test_a_currency_beside_a_question_of_its_own_is_no_follow_up() -> None:
    assert unrated_named("gpuli 4090 月租 港币多少") == "HKD"
    assert not unrated_alone("gpuli 4090 月租 港币多少")
    assert unrated_named("europe region?") is None and unrated_named("人民币多少") is None
    assert unrated_named(simplified("若以新台幣估算大約是多少？")) == "TWD"
