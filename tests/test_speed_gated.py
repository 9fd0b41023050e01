"""Session 28's parse shortcuts answer as the long way: the patterns compiled in cached functions and put behind
the literal prefilter (bot.understand.lazy.gated: asks, money, other clouds) give what the compiled patterns
give; on_topic's first-character index finds a domain term exactly where the one alternation of them all did,
and its memo answers each message for itself; the lower-case check is keyed by the very text."""

from __future__ import annotations

import re
from pathlib import Path

from bot.understand import asks, faq, lower_twin, money_words, one_message, provider_words
from bot.understand.normalize import normalize
from engine import yamlcache

ROOT = Path(__file__).resolve().parent.parent


def _texts() -> list[str]:
    raw = [str(c["text"]) for c in yamlcache.load(ROOT / "tests/parser_cases.yaml")["cases"]]
    extra = ["$500 budget", "预算 2 万 一个月 够不够", "autodl 上 4090 多少钱", "vast.ai or runpod?", "导出 deepspeed 配置",
             "HOW MANY NODES", "ſtep K 8卡", "Budget 3K USDT"]
    return sorted({*raw, *(normalize(t) for t in raw), *extra, *(t.upper() for t in raw[:100])})


def test_the_gated_patterns_of_cached_functions_answer_as_the_compiled_ones() -> None:
    patterns = [*asks._patterns().values(), *money_words._patterns(), *(p for _, p in provider_words._elsewhere())]
    assert sum(prefilter_gated(p) for p in patterns) > 30
    for pattern in patterns:
        compiled = re.compile(pattern.pattern, pattern.compiled.flags)
        for text in _texts():
            assert [(m.span(), m.groups()) for m in pattern.finditer(text)] == \
                [(m.span(), m.groups()) for m in compiled.finditer(text)], (pattern.pattern[:60], text)
            assert (pattern.search(text) is None) == (compiled.search(text) is None), (pattern.pattern[:60], text)
            assert pattern.sub(" ", text) == compiled.sub(" ", text), (pattern.pattern[:60], text)


def prefilter_gated(pattern: object) -> bool:
    from bot.understand import prefilter
    return prefilter.gate(pattern.pattern, pattern.compiled.flags) is not None  # type: ignore[attr-defined]


def test_on_topic_finds_a_domain_term_where_the_one_alternation_did() -> None:
    every = re.compile("|".join(re.escape(t) for t in faq.domain_terms() if t))
    texts = _texts()
    for text in texts:
        assert faq.on_topic(text) == (every.search(faq._plain(text)) is not None), text
    assert 0 < sum(map(faq.on_topic, texts)) < len(texts)


def test_on_topic_answers_each_message_of_a_reading_for_itself() -> None:
    with one_message.reading():
        assert faq.on_topic("4090 多少钱一小时")
        assert not faq.on_topic("你好")
        assert faq.on_topic("4090 多少钱一小时")
    assert not faq.on_topic("hello there")


def test_the_lower_case_check_answers_for_the_text_it_is_given() -> None:
    assert lower_twin.lower_already("qwen3 8b lora")
    assert not lower_twin.lower_already("Qwen3 8B LoRA")
    assert lower_twin.lower_already("qwen3 8b lora")  # asked again after another text: still its own answer
    assert not lower_twin.lower_already("ſ")
