"""Two questions in one message, each ended by its mark (or joined by ", and can …"), each get their
own answer even when the whole message already matches one entry with confidence (the stronger
question used to swallow the other's fact); a list question keeps the whole list when the other
question names a card. Facts come from the seeds (000, 002) through catalogs/faq.yaml."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand.parser import parse
from tests.chat_user import ChatUser

FEW = settings(max_examples=15, deadline=None)

# (question, a fact only its answer states), per language; every pair is two different entries
QUESTIONS = {
    "zh": [("gpuli 快到期的时候会发邮件提醒吗", "前 3 天"), ("停机之后数据还保留几天", "保留 7 天"),
           ("cloudgpu 跑着的时候会先冻结多少余额", "冻结 1 小时"), ("租错卡型了可以换吗", "无理由"),
           ("cloudgpu 余额扣光了实例会怎样", "余额一旦耗尽")],
    "en": [("will gpuli email me before the rental expires", "3 days and again 1 day"),
           ("how long is data kept after the instance stops", "7 days after a cycle ends"),
           ("how much balance does cloudgpu hold while an instance runs", "one hour of its price"),
           ("rented the wrong gpu, can I swap it", "no reason needed"),
           ("what happens when my cloudgpu balance hits zero", "empty balance")],
}


def _answer(text: str) -> str:
    me = ChatUser()
    me.say(text)
    return me.text


@FEW
@given(lang=st.sampled_from(["zh", "en"]), pair=st.lists(st.integers(0, 4), min_size=2, max_size=2, unique=True),
       mark=st.sampled_from(["？", "?", "? ", "？ "]))
def test_each_marked_question_gets_its_own_fact(lang: str, pair: list[int], mark: str) -> None:
    (q1, fact1), (q2, fact2) = (QUESTIONS[lang][i] for i in pair)
    text = _answer(f"{q1}{mark}{q2}{mark}")
    assert fact1 in text and fact2 in text, text


@FEW
@given(lang=st.sampled_from(["zh", "en"]), i=st.integers(0, 4))
def test_one_question_with_its_mark_is_one_answer(lang: str, i: int) -> None:
    question, fact = QUESTIONS[lang][i]
    parsed = parse(question + ("？" if lang == "zh" else "?"))
    assert parsed.intent == "faq" and len(parsed.faq_answers) == 1, parsed
    assert fact in _answer(question + "?")


@FEW
@given(card=st.sampled_from(["4090", "RTX 4090"]),
       first=st.sampled_from(["which cards have nvlink at gpuli", "which cards at gpuli have nvlink",
                              "gpuli 哪些卡有 nvlink"]))
def test_a_list_question_keeps_its_list_when_the_other_names_a_card(card: str, first: str) -> None:
    text = _answer(f"{first}, and can I run zero3 across several {card}s?" if first.isascii()
                   else f"{first}？多张 {card} 能跑 zero3 吗？")
    assert "H100 SXM" in text and "H200" in text, text  # the cards that have it, not only the named card's "no"
    assert "ZeRO-3" in text or "zero3" in text.lower(), text
