"""The readings shared within one message (bot.understand.one_message.per_message) never answer for another
text, other arguments or the next message: the FAQ's searches and look-ups, the spoken numbers and the
breaks give inside a reading what they give outside it, and every caller gets lists of its own."""

from __future__ import annotations

from bot.understand import one_message, spoken_english
from bot.understand.breaks import breaks
from bot.understand.faq import faq_index, lookup, query_terms
from bot.understand.one_message import reading


def test_a_search_inside_a_reading_answers_each_text_and_each_argument_for_itself() -> None:
    index = faq_index()
    texts = ["gpuli 怎么付款", "cloudgpu 开机要多久", "does gpuli have nvlink"]
    outside = {(t, limit): index.search(t, limit=limit) for t in texts for limit in (3, len(index.entries))}
    with reading():
        for _ in range(2):  # the second time from the memo
            for (t, limit), hits in outside.items():
                assert index.search(t, limit=limit) == hits
                assert index.search(t, limit, None, 0.0) == hits  # the same call written positionally
        assert query_terms(texts[0]) != query_terms(texts[1])


def test_a_look_up_hands_each_caller_its_own_list() -> None:
    with reading():
        hit, hits = lookup("gpuli 怎么付款")
        hits.clear()  # a caller changing its list changes no other caller's
        again, hits_again = lookup("gpuli 怎么付款")
        assert again == hit and hits_again and hits_again == lookup("gpuli 怎么付款")[1]
    assert lookup("gpuli 怎么付款") == (hit, hits_again)


def test_the_memo_lasts_one_reading() -> None:
    calls: list[str] = []

    @one_message.per_message
    def counted(text: str, *, times: int = 1) -> list[str]:
        calls.append(text)
        return [text] * times

    with reading():
        assert counted("a") == ["a"] and counted("a") == ["a"] and counted("b") == ["b"]
        assert counted("a", times=2) == ["a", "a"]  # another keyword is another call
        assert counted(("times", 2)) == [("times", 2)]  # a positional argument never reads as a keyword
    with reading():
        counted("a")
    assert calls == ["a", "b", "a", ("times", 2), "a"]


def test_spoken_numbers_and_breaks_inside_a_reading_are_the_text_s_own() -> None:
    texts = ["eight h one hundreds for a week", "forty ninety twenty hours", "gpuli 到期会提醒吗 过期后数据保留几天"]
    outside = [(spoken_english.spoken(t), breaks(t)) for t in texts]
    with reading():
        for _ in range(2):
            assert [(spoken_english.spoken(t), breaks(t)) for t in texts] == outside
