"""The chat parser: the 233-message corpus, named behaviours, and hostile input."""

from __future__ import annotations

import time

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.text.render import render_reply
from bot.understand.normalize import chinese_to_int, normalize
from bot.understand.parser import parse
from testkit.parser_accuracy import score

INTENTS = {"size", "cost", "price", "inference", "faq", "wallet", "help", "smalltalk", "unknown", "export"}


def test_corpus_accuracy_at_least_95_percent() -> None:
    correct, total, failures = score()
    overall = sum(correct.values()) / sum(total.values())
    per_field = {k: f"{correct[k]}/{total[k]}" for k in sorted(total)}
    print(f"\nparser accuracy {overall:.1%} over {sum(total.values())} fields: {per_field}")
    assert overall >= 0.95, "\n".join(failures)
    assert correct["intent"] / total["intent"] >= 0.95, "\n".join(f for f in failures if ": intent" in f)


def test_chinese_numerals() -> None:
    assert [chinese_to_int(x) for x in ("八", "两", "十六", "三十二", "一百二十八", "三千")] == [8, 2, 16, 32, 128, 3000]
    assert normalize("八卡 训三轮 两张 一周") == "8卡 训3轮 2张 1周"
    assert normalize("千问3 和 一万网络") == "千问3 和 一万网络"  # names keep their characters
    assert normalize("4090一周") == "4090 1周"


def test_full_width_input_reads_like_ascii() -> None:
    a = parse("８卡Ｈ１００，全参３２Ｂ，显存够不够").fields()
    b = parse("8卡H100, 全参32B, 显存够不够").fields()
    assert a == b == {"params_b": 32.0, "method": "full", "gpu": "h100-sxm", "num_gpus": 8}


def test_model_without_method_is_sized_as_lora_and_flags_nothing_missing() -> None:
    p = parse("Qwen3-14B 要多少显存")
    assert p.intent == "size" and p.request.model == "qwen3-14b" and p.request.method is None
    assert p.missing == []


def test_nothing_to_size_asks_for_the_model() -> None:
    p = parse("微调要多少显存")
    assert p.intent == "size" and p.missing == ["model"]


def test_typo_in_model_name_is_matched_with_same_digits_only() -> None:
    assert parse("qwne3 8b qlora").request.model == "qwen3-8b"
    assert parse("lamma3.1 8b lora").request.model == "llama-3.1-8b"
    p = parse("qwen 7b lora")  # no version: a bare size, not a guess at Qwen2.5
    assert p.request.model is None and p.request.params_b == 7


def test_sequence_k_is_1024_but_token_k_is_1000() -> None:
    p = parse("qwen3 8b lora seq 2k 500k samples")
    assert p.request.seq_len == 2048 and p.request.samples == 500_000


def test_switches_that_are_only_asked_about_stay_unset() -> None:
    assert parse("72B 全参 八卡H100 要不要 offload").request.offload is None
    assert parse("72B 全参 八卡H100 offload 优化器").request.offload == "optimizer"
    assert parse("qwen3 8b 全参 关闭梯度检查点").request.grad_checkpointing is False


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=10_000))
def test_any_unicode_parses_without_exception(text: str) -> None:
    """Any text gets an intent (how fast is measured in benchmarks/speed.py, not in a unit test)."""
    assert parse(text).intent in INTENTS


def test_pathological_inputs_get_an_intent() -> None:
    nasty = [
        "9" * 10_000,
        "(" * 5000 + ")" * 5000,
        "😂" * 3000,
        "\x00\x01\x02\x1b[31m" * 500,
        "\u202eqwen3 8b lora\u202c",
        "[[[[{{{{" * 1000,
        "seq " + "9" * 400 + " qwen3 8b",
        "8" * 300 + "卡 h100 全参 32b",
    ]
    for text in nasty:
        # this process's CPU time, not the wall clock: other work on the machine (the suite run in parallel,
        # a CI neighbour) must not fail it; a regex that backtracks on 10,000 characters takes seconds, not 0.1 s
        start = time.process_time()
        p = parse(text)
        assert p.intent in INTENTS
        assert time.process_time() - start < 0.1, text[:30]


def test_ranges_are_sized_at_their_upper_end() -> None:
    assert parse("7-8B qlora 显存").request.params_b == 8
    assert parse("seq 2k-4k qwen3 8b lora").request.seq_len == 4096
    assert parse("llama-3.1-8b lora 2~4卡").request.num_gpus == 4
    assert parse("qwen2.5-7b lora").request.model == "qwen2.5-7b"  # a version is not a range


def test_zero_cards_or_empty_sequence_get_a_clear_reply() -> None:
    from bot.core.router import Core
    from bot.messages import Incoming

    core = Core()
    for text, field in (("qwen3 8b lora 0卡", "num_gpus"), ("qwen3 8b lora seq 0", "seq_len")):
        reply = core.handle(Incoming(text=text, user_id="u", chat_id="c"))
        assert reply is not None
        assert reply.kind == "error" and field in render_reply(reply, "plain")
