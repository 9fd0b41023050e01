"""FAQ retrieval that survives paraphrase, as a mechanism (issue 18 point 6; session 29 round 0, r0b).

The index scored every token of a keyword phrase at the keyword weight, so a phrase lent its loose pieces the
weight of a term the user types ("machine died" made "machine" the SLA's word: "how do we get our dataset onto the
box" was answered with SLA credits). A phrase's piece now weighs as a keyword only where the entry writes it too
or the question types all of the phrase's words (bot/understand/faq_phrases.py). Also: "us" is a pronoun (it met
the payment entry's "US bank card": a card issued in the US is a concept of its own now, catalogs/faq_terms.yaml);
fine-tune written joined, hyphenated or apart is one concept.

tests/faq_new_paraphrases_r0b.yaml holds 63 fresh rewordings (zh and en, across the catalog) written before the
change: at first contact 46 were answered right with confidence and 9 wrong; the floor below holds what the
mechanism reaches without tuning to them (49 right, 4 wrong).
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand import faq_phrases
from bot.understand.faq import Hit, _fold, faq_entries, faq_index, lookup, query_terms, tokenize
from bot.understand.faq_methods import method_alone
from tests.chat_user import ChatUser

NEW = yaml.safe_load(Path(__file__).with_name("faq_new_paraphrases_r0b.yaml").read_text(encoding="utf-8"))["cases"]


def test_fresh_paraphrases_are_answered_right_and_rarely_wrong() -> None:
    right = wrong = 0
    for c in NEW:
        hit, _ = lookup(c["q"])
        right += hit is not None and hit.entry.id == c["expect"]
        wrong += hit is not None and hit.entry.id != c["expect"]
    print(f"\nfresh FAQ paraphrases: {right}/{len(NEW)} right with confidence, {wrong} wrong")
    assert len(NEW) >= 40 and right >= 49 and wrong <= 5


@pytest.mark.parametrize("text", [
    "how do we get our dataset onto the box quickly",
    "what's the quickest way to get our data onto the server",
    "need to get 300GB of data onto the instance, how long will it take",
    "我们的数据集怎么快点传到机器上",
    "200G 数据传到机器上要多久",
    "what is the fastest way to move our dataset onto the server",
])
def test_moving_data_onto_the_machine_is_the_upload_entry_not_the_sla(text: str) -> None:
    hit, hits = lookup(text)
    assert hit is not None and hit.entry.id == "data-upload", (text, [(h.entry.id, h.score) for h in hits])


def test_uploading_in_chat_gets_the_seeds_route_advice() -> None:
    for text, said in (("how do we get our dataset onto the box quickly", ("tar", "parquet")),
                       ("我们的数据集怎么快点传到机器上", ("tar", "parquet"))):
        chat = ChatUser()
        chat.say(text)
        assert all(s in chat.text for s in said), chat.text
        assert "SLA" not in chat.text.split("\n")[0], chat.text


@pytest.mark.parametrize(("text", "entry"), [
    ("if I stop my gpuli weekly rental early, is the rest refunded", "refunds"),  # "stop early" typed apart
    ("租错了卡 提前退租 剩下的天数能退吗", "refunds"),
    ("what happens to our data if we don't renew", "data-retention"),
    ("出方向流量收费吗", "egress-traffic"),
    ("is the h100 worth it over the a100 for fine-tuning", "a100-vs-h100"),
    ("is the h100 worth it over the a100 for finetuning", "a100-vs-h100"),
    ("租期快结束会通知吗", "expiry-reminders"),
    ("can we top up with alipay", "payment-methods"),
    # a question about the very method asked, naming the entry's own term (quality), however many other words dilute it
    ("qlora 会不会让写出来的文案质量变差", "qlora-accuracy"),
    ("qlora 对写作风格的效果有影响吗", "qlora-accuracy"),
    ("用 qlora 训出来的回答会不会差一些", "qlora-accuracy"),
    ("qlora 会不会让模型变笨", "qlora-accuracy"),
    ("will qlora make our copywriting model worse", "qlora-accuracy"),
])
def test_a_paraphrase_meets_its_entry(text: str, entry: str) -> None:
    hit, hits = lookup(text)
    assert hit is not None and hit.entry.id == entry, (text, [(h.entry.id, h.score) for h in hits])


def test_us_is_a_pronoun_not_a_topic() -> None:
    assert all("us" not in t for t in query_terms("do you bill us for data leaving the server"))
    hit, _ = lookup("does yiwan do the ops for us")
    assert hit is None or hit.entry.id != "payment-methods"
    for text in ("do i need a US bank card to pay", "cloudgpu do i need a us card", "要美国银行卡吗"):  # the country's card
        hit, _ = lookup(text)
        assert hit is not None and hit.entry.id == "payment-methods", text


@pytest.mark.parametrize("text", ["finetuning", "fine-tuning", "fine tune", "fine-tuned", "微调"])
def test_fine_tune_in_any_spelling_is_one_concept(text: str) -> None:
    assert "~finetune" in tokenize(text)


def test_a_piece_of_a_phrase_the_entry_does_not_write_weighs_less_than_a_keyword() -> None:
    """Catalog-wide: for every entry, a loose piece of a keyword phrase that neither its question, its answer nor a
    second keyword writes scores below the same piece in the whole-phrase reading."""
    index = faq_index()
    checked = 0
    for i, e in enumerate(faq_entries()):
        loose = {tok: v for tok, postings in index.postings.items() for j, v in postings if j == i}
        for kw in [*e.keywords.zh, *e.keywords.en]:
            for tok in tokenize(kw):
                if tok in loose and loose[tok] < index.whole[i][tok] - 1e-9:
                    checked += 1
    assert checked > 50  # the catalog has many such pieces, and each counts less on its own


KEYWORD_PHRASES = sorted({(e.id, kw) for e in faq_entries() for kw in e.keywords.en
                          if len(kw.split()) > 1 and kw.isascii()})


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(KEYWORD_PHRASES), st.sampled_from(["", "hey, ", "quick q: ", "btw "]),
       st.sampled_from(["", "?", " pls", " thanks"]))
def test_a_keyword_phrase_typed_whole_scores_its_entry_with_every_piece(pair: tuple[str, str], before: str, after: str) -> None:
    """Typing an entry's phrase whole, chat filler around it, is read as typing it (Whole) and scores the entry with
    the phrase's pieces at full weight: never below the loose reading of the same words."""
    entry, kw = pair
    index = faq_index()
    i = next(j for j, e in enumerate(index.entries) if e.id == entry)
    query = query_terms(f"{before}{kw}{after}")
    words = {t[0] for t in query if len(t) == 1} | {w[1:] for t in query if len(t) > 1 for w in t[1:]}
    if not words:
        return  # a phrase of asking words only ("what do I get"): nothing of it is scored
    assert i in index.typed.typed(query, _fold(f"{before}{kw}{after}")), (kw, query)
    loose = {tok: v for tok, postings in index.postings.items() for j, v in postings if j == i}
    assert faq_phrases.scored(query, index.whole[i]) >= faq_phrases.scored(query, loose)


@pytest.mark.parametrize("text", [
    "运营想做个写文案的模型，技术说 7b 全参微调，一张 H100 80G 能装下吗？说要开 8bit 优化器",
    "qlora 14b 一张 4090 效果会不会差，能跑吗",
    "will 8b qlora on one 4090 hurt quality, and does it fit?",
])
def test_a_job_stated_with_its_method_is_no_question_about_the_method(text: str) -> None:
    """The method's own entry answers a question about the method alone at any score; a job stated with it (a size, a
    card) is sized, whatever entry shares the method (seed 000: 7B full on one 80 GB card with an 8-bit optimizer)."""
    chat = ChatUser()
    reply = chat.say(text)
    assert reply.kind != "faq" and ("H100" in chat.text or "4090" in chat.text), chat.text


@pytest.mark.parametrize(("text", "alone"), [
    ("qlora 会不会让写出来的文案质量变差", True),
    ("does qlora make the outputs worse", True),
    ("7b qlora 会不会让文案质量变差", False),  # a size: a job, sized
    ("qlora on a 4090, will quality drop", False),  # a card: a job, sized
])
def test_a_question_about_the_method_alone_names_no_job(text: str, alone: bool) -> None:
    hit = next(h for h in faq_index().entries if h.id == "qlora-accuracy")
    assert method_alone(text, Hit(hit, 0.1, 1.0), frozenset({"qlora"})) is alone
