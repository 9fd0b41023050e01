"""A rental unit's bare name after a price ("month?", "月呢", "按月呢", "by the year?") prices the last rental
for that term; the same words in a question of their own ("月租和周租哪个划算") still weigh both terms."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser


@pytest.mark.parametrize(("first", "term", "needle"), [
    ("4090 周租多少", "month?", "₮369"), ("4090 周租多少", "月呢", "₮369"), ("4090 周租多少", "按月呢", "₮369"),
    ("how much is a 4090 per month", "a week?", "₮109"), ("a100 80g 月租多少", "周呢", "₮269"),
])
def test_a_bare_term_after_a_price_prices_that_term(first: str, term: str, needle: str) -> None:
    chat = ChatUser()
    chat.say(first)
    reply = chat.say(term)
    assert reply.kind == "price" and needle in chat.text, chat.text


def test_a_term_word_in_a_question_of_its_own_is_not_a_bare_term() -> None:
    chat = ChatUser()
    chat.say("4090 周租多少")
    chat.say("月租和周租哪个划算")
    assert "₮109" in chat.lines[1] + chat.lines[2] and "₮369" in chat.lines[1] + chat.lines[2], chat.text  # both weighed
