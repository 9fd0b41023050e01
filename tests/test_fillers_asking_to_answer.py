"""Words that only say how to answer ("直接告诉我", "不用给命令", "给我说下") are filler (issue 18, class D): a
price question after them is priced, never read as the reminders entry whose synonyms hold 告诉我, while a question
about being told before expiry keeps that entry. Figures from seed 000 (gpuli weeks)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand.parser import parse
from tests.chat_user import conversation

FILLERS = ["直接告诉我", "不用给命令，直接告诉我", "告诉我一下", "给我说下", "别给指令，就告诉我", "不要命令，"]
PRICED = [("gpuli 8 卡 H100 租两周多少钱", "8,344"), ("gpuli 4090 一周多少钱", "109"), ("gpuli a100 80g 包月什么价", "899")]


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(FILLERS), st.sampled_from(PRICED))
def test_a_price_question_after_filler_is_priced(filler: str, priced: tuple[str, str]) -> None:
    text, figure = priced
    assert parse(f"{filler} {text}").intent == "price"
    assert figure in conversation(f"{filler} {text}")


def test_being_told_before_expiry_is_still_the_reminders_question() -> None:
    assert "3" in conversation("gpuli h100 到期前会告诉我吗").splitlines()[1]
