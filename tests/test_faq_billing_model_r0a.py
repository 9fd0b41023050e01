"""How billing works, asked bare; the day an outage happened; 什(么) as an asking word (issue 18, session 30 r0a).

A bare billing question ("怎么收费", "how do you charge?") was refused as off-topic or answered with gpuli's cycles
alone: it now gets the billing entry that gives every provider's units and minimums in turn (gpuli's 7/30-day
cycles, cloudgpu's per-minute meter with its 1-minute minimum, Yiwan's monthly/annual rental), and a question naming
the provider gets that provider's own billing entry ("gpuli 是按什么计费的": 按什么 only asks how). A message naming
anything more (traffic, storage, a job, a card) keeps words besides the asking ones and is not this question.

"one node died last night": "last night" says when, not what about (its "night" met Yiwan's support hours and took a
gpuli conversation to Yiwan's entry). 什 of 什么 asks "what" as "what" does ("优化器要开什么" met 为什么 of the bf16 entry).
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand.faq import lookup, query_terms
from tests.chat_user import ChatUser

FRESH = yaml.safe_load(Path(__file__).with_name("faq_fresh_paraphrases_s30.yaml").read_text(encoding="utf-8"))["cases"]


def reply(*turns: str) -> str:
    chat = ChatUser()
    for t in turns:
        chat.say(t)
    return chat.text


@pytest.mark.parametrize("text", ["怎么收费", "你们怎么计费的", "收费方式是啥", "费用怎么算", "请问是怎么计费的？",
                                  "how do you charge?", "what's the pricing model", "how does billing work?",
                                  "so how are we billed"])
def test_a_bare_billing_question_gets_every_providers_billing_rules(text: str) -> None:
    hit, _ = lookup(text)
    assert hit is not None and hit.entry.id == "hourly-rental", text
    out = reply(text)
    assert "₮109" in out and "$0.33" in out and "1750" in out, out  # seed 000, 002, 003 figures of the entry
    assert ("1 分钟" in out) or ("1 minute" in out), out
    assert "帮不上" not in out and "can't help" not in out.lower(), out


@pytest.mark.parametrize(("text", "entry"), [
    ("gpuli 是按什么计费的", "gpuli-week-vs-month"),
    ("gpuli 怎么收费", "gpuli-week-vs-month"),
    ("how does gpuli charge", "gpuli-week-vs-month"),
    ("cloudgpu 按什么收费", "per-minute-billing"),
    ("how is cloudgpu billed?", "per-minute-billing"),
])
def test_a_named_providers_billing_is_its_own_entry(text: str, entry: str) -> None:
    hit, _ = lookup(text)
    assert hit is not None and hit.entry.id == entry, text


@pytest.mark.parametrize(("text", "entry"), [
    ("流量怎么收费", "egress-traffic"),
    ("存储卷怎么计费", "storage-volume-pricing"),
    ("how is storage billed", "storage-volume-pricing"),
    ("7b 训练费用怎么算", "estimate-run-time"),
    ("钱是怎么扣的", "gpuli-week-vs-month"),
])
def test_a_billing_question_naming_something_more_keeps_its_entry(text: str, entry: str) -> None:
    hit, _ = lookup(text)
    assert hit is not None and hit.entry.id == entry, text


def test_renting_asked_is_no_billing_question() -> None:
    hit, _ = lookup("gpuli 怎么租")
    assert hit is None or hit.entry.id != "hourly-rental"


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(["last night", "yesterday", "this morning", "earlier today"]),
       st.sampled_from(["one node died", "our gpu server crashed", "the instance went down"]))
def test_the_day_it_happened_names_no_topic(when: str, what: str) -> None:
    assert query_terms(f"{what} {when}") == query_terms(what)


@pytest.mark.parametrize("when", ["昨晚", "昨天", "今早"])
def test_the_day_it_happened_names_no_topic_zh(when: str) -> None:
    assert query_terms(f"{when}一台机器挂了") == query_terms("一台机器挂了")


def test_an_outage_in_a_gpuli_conversation_stays_gpulis() -> None:
    out = reply("we rent 8 h100s monthly at gpuli", "a node went down last night",
                "how quickly will it be swapped and what if the outage goes on")
    assert "99.9" in out and "30 min" in out, out
    mid = reply("we rent 8 h100s monthly at gpuli", "a node went down last night")
    assert "Yiwan" not in mid.split("\n")[0], mid


@pytest.mark.parametrize("text", ["优化器要开什么？", "优化器开什么比较好", "what optimizer should I switch on to save memory"])
def test_what_optimizer_is_the_8bit_optimizer_entry(text: str) -> None:
    _, hits = lookup(text)
    assert hits and hits[0].entry.id == "eight-bit-optimizer", (text, [(h.entry.id, h.score) for h in hits])


def test_shen_asks_what() -> None:
    assert all("什" not in t for t in query_terms("优化器要开什么"))


def test_priced_week_and_optimizer_asked_together_gets_the_8bit_answer() -> None:
    out = reply("gpuli 上 7b 全参，A100 SXM 租一周要多少？优化器该开啥？")
    assert "319" in out and any(w in out for w in ("8-bit", "8bit", "8 位")), out


def test_fresh_paraphrases_measured() -> None:
    """tests/faq_fresh_paraphrases_s30.yaml, written before the change: on main 31 of 42 right with confidence, 5
    wrong; the floor holds what retrieval reaches now."""
    right = wrong = 0
    for c in FRESH:
        hit, _ = lookup(c["q"])
        right += hit is not None and hit.entry.id == c["expect"]
        wrong += hit is not None and hit.entry.id != c["expect"]
    print(f"\nfresh FAQ paraphrases (s30): {right}/{len(FRESH)} right with confidence, {wrong} wrong")
    assert len(FRESH) >= 40 and right >= 31 and wrong <= 5


@pytest.mark.parametrize(("text", "entries"), [
    ("cloudgpu 是怎么计费的 余额不够了会怎么样", ["per-minute-billing", "balance-runs-out"]),
    ("how does cloudgpu bill and what if my balance runs dry", ["per-minute-billing", "balance-runs-out"]),
    ("gpuli 怎么收费 到期前会提醒吗", ["gpuli-week-vs-month", "expiry-reminders"]),
])
def test_how_it_bills_beside_a_second_question_is_answered_outright(text: str, entries: list[str]) -> None:
    """The billing-model reading comes from the question's meaning, not its share of words: beside a second question
    typed with no mark, both are answered (it was dropped as too unsure beside the other)."""
    from bot.understand.faq_clauses import faq_answers
    found, _ = faq_answers(text)
    assert [h.entry.id for h in found] == entries, (text, [(h.entry.id, h.score) for h in found])
    out = reply(text)
    assert ("分钟" in out or "minute" in out or "7 天" in out), out
