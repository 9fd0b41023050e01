"""A clause is read once per message's splitting (bot.understand.unmarked_faq.read_once, used by
bot.understand.clauses.questions): the memo answers only the text and instant it read, hands a
repeated text a reading equal to the first but of its own identity, and a new splitting (the next
message) reads afresh; the message's answers are what the parser gave before the memo."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.understand import clauses
from bot.understand.parser import _parse_one, parse
from bot.understand.unmarked_faq import read_once


def test_a_text_read_again_is_not_read_twice_and_another_text_is_read_for_itself() -> None:
    calls: list[str] = []

    def counted(text: str, now: datetime | None):  # type: ignore[no-untyped-def]
        calls.append(text)
        return _parse_one(text, now)

    read = read_once(counted)
    first = read("4090 一个月多少钱", None)
    again = read("4090 一个月多少钱", None)
    assert calls == ["4090 一个月多少钱"]
    assert again == first and again is not first  # equal, yet two readings to a rule telling clauses apart
    other = read("h100 一个月多少钱", None)
    assert calls[-1] == "h100 一个月多少钱" and other.request.gpu != first.request.gpu
    later = datetime(2026, 1, 2, tzinfo=UTC)
    read("4090 一个月多少钱", later)  # another instant is another reading (a deadline dates from it)
    assert calls[-1] == "4090 一个月多少钱" and len(calls) == 3


def test_each_message_is_split_with_a_memo_of_its_own(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    made: list[object] = []
    real = clauses.read_once

    def spy(read):  # type: ignore[no-untyped-def]
        made.append(read)
        return real(read)

    monkeypatch.setattr(clauses, "read_once", spy)
    text = "14b qlora，4090，数据 5 万条，下周一前能跑完吗？顺便问下周租多少"
    one = parse(text)
    two = parse(text)
    assert len(made) == 2  # one memo a message: nothing read in one message answers for the next
    assert [p.intent for p in one.parts] == [p.intent for p in two.parts] == ["cost", "price"]
