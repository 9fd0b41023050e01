"""FAQ catalog and retrieval: coverage of the seeds' questions, paraphrase accuracy, honesty."""

from __future__ import annotations

from pathlib import Path

import yaml

from bot.understand.faq import CONFIDENT, faq_entries, faq_index, lookup

CASES = yaml.safe_load((Path(__file__).with_name("faq_cases.yaml")).read_text(encoding="utf-8"))["cases"]


def test_catalog_is_bilingual_and_large_enough() -> None:
    entries = faq_entries()
    assert len(entries) >= 30
    for e in entries:
        assert e.question.zh and e.question.en and e.answer.zh and e.answer.en
    assert len({e.id for e in entries}) == len(entries)


def test_paraphrase_top1_accuracy_at_least_90_percent() -> None:
    assert len(CASES) >= 60
    right = [c for c in CASES if faq_index().search(c["q"])[0].entry.id == c["expect"]]
    accuracy = len(right) / len(CASES)
    print(f"\nFAQ top-1 accuracy {accuracy:.1%} on {len(CASES)} paraphrases")
    assert accuracy >= 0.90


def test_cases_cover_both_languages() -> None:
    zh = [c for c in CASES if any("\u4e00" <= ch <= "\u9fff" for ch in c["q"])]
    assert len(zh) >= 30 and len(CASES) - len(zh) >= 30


def test_small_talk_is_not_answered_as_fact() -> None:
    for text in ("在吗", "今天吃啥", "who won the game last night", "谢谢大佬", "lol ok"):
        hit, _ = lookup(text)
        assert hit is None, text


def test_confident_answer_for_a_seed_question() -> None:
    hit, hits = lookup("能按小时租吗？我的任务两天就跑完了")
    assert hit is not None and hit.entry.id == "hourly-rental" and hit.score >= CONFIDENT
    assert len(hits) >= 2


def test_providers_that_differ_are_named_in_the_hourly_answer() -> None:
    e = next(e for e in faq_entries() if e.id == "hourly-rental")
    for name in ("gpuli", "cloudgpu"):
        assert name in e.answer.en and name in e.answer.zh
