"""Money the team says it has ("钱包还有 800", "we have 300 usdt left", "余额 2k", "$2 left") is a fact the
conversation keeps and weighs the rental in context against, never a read of the bot's wallet (issue 18,
class G; seed 000: a 4090 at gpuli is ₮109/week and ₮369/month, an A100 80GB ₮899/month; seed 002:
CloudGPU's RTX A6000 is $0.44/h, 8 h = $3.52)."""

from __future__ import annotations

import pytest

from bot.understand.money_words import find_money
from bot.understand.parser import parse
from tests.chat_user import ChatUser


@pytest.mark.parametrize(("text", "value", "currency"), [
    ("wallet has 300 usdt", "300", "USDT"),
    ("we have 300 usdt left", "300", "USDT"),
    ("钱包还有 800", "800", None),
    ("余额 2k", "2000", None),
    ("余额还剩 ₮120", "120", "USDT"),
    ("my balance is 500", "500", None),
    ("cloudgpu $2 left, a6000 8 hour run ok?", "2", "USD"),
])
def test_money_held_is_read_as_held(text: str, value: str, currency: str | None) -> None:
    words = find_money(text)
    assert [(str(w.value), w.currency, w.held) for w in words] == [(value, currency, True)]


@pytest.mark.parametrize("text", ["wallet has 300 usdt", "钱包还有 2000", "余额 2k", "we have 300 usdt left", "账上还有 5000 块"])
def test_held_money_is_no_wallet_action(text: str) -> None:
    p = parse(text)
    assert p.wallet is None and p.intent == "price" and p.asks.runway, (p.intent, p.wallet)


@pytest.mark.parametrize("text", ["余额还剩多少", "查一下余额", "what's my balance"])
def test_a_balance_asked_is_still_a_read(text: str) -> None:
    p = parse(text)
    assert p.wallet is not None and p.wallet.kind == "balance"


@pytest.mark.parametrize(("turns", "want"), [
    (["gpuli 4090 weekly", "wallet has 300 usdt", "how many weeks"], ["₮300", "2 weeks", "₮218", "₮82"]),
    (["gpuli 4090 weekly", "we only have 300 usdt left"], ["₮300", "2 weeks", "₮82"]),
    (["gpuli 4090 周租多少", "钱包还有 300u", "能租几周"], ["₮300", "2 周", "₮82"]),
    (["gpuli a100 80g 月租多少", "钱包还有 2000"], ["₮2,000", "2 个月", "₮202"]),
    (["gpuli 4090 月租", "余额 800"], ["₮800", "2 个月", "₮62"]),
])
def test_held_money_buys_the_card_in_context(turns: list[str], want: list[str]) -> None:
    chat = ChatUser()
    for t in turns:
        chat.say(t)
    first = chat.lines[0]
    for w in want:
        assert w in first, (w, first)
    assert "钱包是空的" not in "\n".join(chat.lines) and "wallet is empty" not in "\n".join(chat.lines)


@pytest.mark.parametrize(("text", "want"), [
    ("cloudgpu $2 left, A6000 8 hour run ok?", ["not enough", "$3.52", "$1.52"]),
    ("cloudgpu 只剩 $2 了，A6000 跑 8 小时够吗", ["不够", "$3.52", "$1.52"]),
])
def test_held_money_against_a_rental_is_a_verdict(text: str, want: list[str]) -> None:
    chat = ChatUser()
    chat.say(text)
    lead = "\n".join(chat.lines[:2])
    for w in want:
        assert w in lead, (w, lead)
