"""FAQ retrieval: a keyword phrase's asking words ("how long", "how soon", 多久, 多少) are a unit the question types
when it asks with them (bot/understand/faq_phrases.py); the Chinese "when" clause (…的时候) names no topic; and an entry
about the methods asked whose own term the question names alone keeps its lead (bot/understand/faq_methods.py).

Phrasings are our own; figures are the seeds' (000 结尾: SSH in about 3 minutes at gpuli; 002: cloudgpu pre-authorizes
one hour while an instance runs and returns what is unused).
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand import faq, faq_phrases
from bot.understand.asks import methods_named
from bot.understand.faq_methods import by_method
from bot.understand.normalize import normalize
from tests.chat_user import ChatUser

ASKING = ["how long", "how soon", "how much", "how many", "多久", "多少"]


def _asking_entries() -> list[tuple[int, str]]:
    """(entry index, asking words) for every entry a multi-unit keyword phrase of which asks with them."""
    idx = faq.faq_index()
    out = []
    for i, e in enumerate(idx.entries):
        for kw in [*e.keywords.zh, *e.keywords.en]:
            folded = faq._fold(kw)
            if faq_phrases.pieces(faq_phrases.WORDS.findall(folded)) > 1:
                out.extend((i, a) for a in ASKING if re.search(rf"(?<![a-z]){a}(?![a-z])", folded))
    return sorted(set(out))


def _raw(text: str, i: int) -> float:
    hits = faq.faq_index().search(text, limit=len(faq.faq_index().entries))
    return next(h.raw for h in hits if h.entry is faq.faq_index().entries[i])


def test_the_catalog_has_phrases_that_ask() -> None:
    asked = {a for _, a in _asking_entries()}
    assert {"how long", "how much", "多少"} <= asked


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_asking_words_typed_weigh_full_for_every_entry_that_asks_with_them(data: st.DataObject) -> None:
    """Catalog-wide: a question that asks with a phrase's asking words scores those words' pieces at their full keyword
    value for that entry (the value they would have were the whole phrase typed), whatever else it types."""
    i, ask = data.draw(st.sampled_from(_asking_entries()))
    idx = faq.faq_index()
    query = faq.query_terms(ask)
    expected = sum(idx.whole[i].get(t[0], 0.0) for t in query if len(t) == 1)
    assert _raw(ask, i) == pytest.approx(expected)


def test_a_piece_without_its_asking_word_stays_a_piece() -> None:
    """"long" typed without "how" ("long context") is no asking: it keeps the part weight where the entry's phrase
    alone writes it (the instance's ready time lists "how long to boot")."""
    idx = faq.faq_index()
    i = next(i for i, e in enumerate(idx.entries) if e.id == "instance-ready-time")
    assert idx.part[i]["long"] < idx.whole[i]["long"]
    assert _raw("long context", i) == pytest.approx(idx.part[i]["long"])
    assert _raw("how long", i) == pytest.approx(idx.whole[i]["long"])


@pytest.mark.parametrize("text", [
    "how long until i'm able to ssh into the server after paying gpuli",
    "how long until I can ssh into my new gpuli machine",
    "so how long until i can ssh after creating the instance at gpuli",
    "gpuli 付完钱多久能连上去",
])
def test_how_long_until_ssh_is_answered(text: str) -> None:
    u = ChatUser()
    u.say(text)
    assert "not sure" not in u.text and "不太确定" not in u.text
    assert re.search(r"(?<![\d.])3\s*(?:分钟|min)", u.text), u.text


@pytest.mark.parametrize("text", [
    "cloudgpu 开着机的时候为啥扣住我一个小时的钱",
    "cloudgpu 用着的时候怎么冻结了我一小时的钱",
    "cloudgpu 跑任务的时候为啥锁了我一小时的钱",
])
def test_a_when_clause_names_no_topic(text: str) -> None:
    """…的时候 says when, like "while running": the frozen hour is the pre-authorization, not the per-minute rule's
    "不用的时候"."""
    hit, _ = faq.lookup(text)
    assert hit is not None and hit.entry.id == "cloudgpu-preauthorization"
    u = ChatUser()
    u.say(text)
    assert "预授权" in u.text and re.search(r"退回|返还|回到余额", u.text), u.text


def test_frozen_hour_in_english_too() -> None:
    hit, _ = faq.lookup("why did cloudgpu hold back an hour of my balance while the instance was running")
    assert hit is not None and hit.entry.id == "cloudgpu-preauthorization"


@pytest.mark.parametrize("text", [
    "what is the difference between full fine-tuning and SFT memory-wise",
    "how do SFT and full fine-tuning differ memory-wise",
    "SFT 和全参微调 显存方面有啥区别",
])
def test_an_entry_whose_own_term_is_named_alone_keeps_its_lead(text: str) -> None:
    """SFT is the SFT entry's own term and full fine-tuning one of its methods: full fine-tuning's memory entry, far
    behind and naming no SFT, is not promoted over it."""
    idx = faq.faq_index()
    searched = faq._searched(idx, text, None)
    asked = methods_named(normalize(text))
    assert searched[0].entry.id == "sft-vs-lora"
    assert by_method(searched, asked, text=text)[0].entry.id == "sft-vs-lora"
    hit, _ = faq.lookup(text)
    assert hit is not None and hit.entry.id == "sft-vs-lora"


@pytest.mark.parametrize(("text", "entry"), [
    ("qlora 和 lora 效果差多少", "qlora-accuracy"),  # the methods compared: QLoRA's own entry still leads
    ("is qlora quality much worse than lora", "qlora-accuracy"),
])
def test_method_promotion_still_works_where_no_term_is_the_best_entrys_alone(text: str, entry: str) -> None:
    hit, _ = faq.lookup(text)
    assert hit is not None and hit.entry.id == entry
