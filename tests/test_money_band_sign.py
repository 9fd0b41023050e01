"""A band of money prints its currency sign once, in both languages: "¥80,000–120,000" (seed 003's 8×H100 a month at
一万网络), "≈ $11,268–16,901", never "¥80,000–¥120,000" (bot.text.render)."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser


@pytest.mark.parametrize(("text", "band"), [
    ("what does an 8x H100 node cost per month at 一万网络", "¥80,000–120,000"),
    ("一万网络 8卡h100 月付多少", "¥80,000–120,000"),
    ("how much is a whole 8x a100 80g server per month at yiwan", "¥25,000–40,000"),
    ("一万网络 8卡 a100 80g 整机 一个月多少钱", "¥25,000–40,000"),
])
def test_a_band_prints_its_sign_once(text: str, band: str) -> None:
    chat = ChatUser()
    chat.say(text)
    assert band in chat.text, chat.text
    assert "–¥" not in chat.text and "–$" not in chat.text and "–₮" not in chat.text, chat.text


def test_a_negative_amount_and_a_single_price_keep_their_sign() -> None:
    from bot.text.render import _band_pattern

    assert _band_pattern().sub(r"\1\2–", "₮3,249–₮5,198 · -$0.34 · $2–3 h · ₮369") == "₮3,249–5,198 · -$0.34 · $2–3 h · ₮369"
