"""The longest sequence / largest micro-batch is judged on the high end (what every plan ranks on), and
the reply says so: the value with both figures, or, when not even the smallest value tried fits at the
high end, that value as a figure, the expected figure, the largest value the expected figure allows (it
may run, or may hit OOM), and the levers that make some value fit; never "does not fit: 71.2 GB of 80"."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.text.render import render_reply
from bot.understand.parser import parse, parse_cost
from bot.views.planning import planning_for
from engine.planning import SEQ_STEP, largest_levers, largest_micro_batch, longest_sequence
from engine.request import TrainingRequest
from engine.sizing import size

NOW = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
LORA_32B_A100 = TrainingRequest(params_b=32, method="lora", gpu="a100-80g-sxm")


def reply_for(text: str) -> str:
    lang = "zh" if any("\u4e00" <= c <= "\u9fff" for c in text) else "en"
    reply = planning_for(parse(text, NOW).asks, parse_cost(text), lang, NOW)
    assert reply is not None and reply.kind == "planning"
    return render_reply(reply)


def test_none_fits_at_the_high_end_but_the_expected_figure_allows_some_lengths() -> None:
    found = longest_sequence(LORA_32B_A100)
    first = found.sizing
    assert found.value is None and first.request.seq_len == SEQ_STEP
    assert first.fit is not None and first.fit.high_gb > 80 > first.estimate.total_gb  # 85.7 vs 71.2 GB
    assert found.may_value is not None and found.may_value % SEQ_STEP == 0
    at = size(LORA_32B_A100.model_copy(update={"seq_len": found.may_value}))
    past = size(LORA_32B_A100.model_copy(update={"seq_len": found.may_value + SEQ_STEP}))
    assert at.fit is not None and at.fit.may_fit and past.fit is not None and not past.fit.may_fit
    levers = {lv.code: lv.found.value for lv in largest_levers(LORA_32B_A100, found)}
    assert levers["qlora"] == longest_sequence(LORA_32B_A100.model_copy(update={"method": "qlora"})).value
    assert "chunked_loss" not in levers  # a chunked loss makes no length fit: not offered


@pytest.mark.parametrize("text", [
    "32b lora 在 a100 80g 上 最长能开多长上下文",
    "A100 80G 跑 32b lora，序列最长能开多少",
    "用一张 a100 80g 做 32B LoRA 的话 上下文最多能到多长？",
    "longest context for 32b lora on one a100 80gb?",
    "on an A100 80GB, what's the max sequence length for a 32B LoRA",
])
def test_the_reply_names_a_length_and_the_high_end(text: str) -> None:
    found = longest_sequence(LORA_32B_A100)
    assert found.may_value is not None
    lines = reply_for(text).splitlines()
    lead = lines[1]
    assert "128" in lead and f"{found.may_value:,}" in lead and "85.7 GB" in lead and "71.2 GB" in lead
    assert ("只有 80 GB" not in lead) and ("上限" in lead or "high end" in lead)
    qlora = longest_sequence(LORA_32B_A100.model_copy(update={"method": "qlora"})).value
    assert qlora is not None and ("QLoRA" in lines[2] and f"{qlora:,}" in lines[2])


@pytest.mark.parametrize("text", ["32b lora a100 80g 最大 batch 能开多少", "max batch size for 32b lora on a100 80gb"])
def test_largest_batch_says_the_length_and_the_high_end(text: str) -> None:
    found = largest_micro_batch(LORA_32B_A100)
    assert found.value is None and found.may_value == 1
    lead = reply_for(text).splitlines()[1]
    assert "2,048" in lead and "93.5 GB" in lead and "76.4 GB" in lead


@pytest.mark.parametrize(("text", "words"), [
    ("8b lora 在 a100 80g 上 最长能开多长上下文", ("序列最长", "上限")),
    ("qwen3 8b qlora on a 4090: longest sequence?", ("Longest sequence", "high end")),
])
def test_a_fitting_length_says_both_figures(text: str, words: tuple[str, ...]) -> None:
    lead = reply_for(text).splitlines()[1]
    assert all(w in lead for w in words) and lead.count(" GB") == 3


def test_nothing_fits_even_expected_says_the_shortest_and_the_lever() -> None:
    text = reply_for("70b lora on an h100, what's the longest sequence?")
    lead, levers = text.splitlines()[1:3]
    assert "❌" in lead and "128" in lead and "154 GB" in lead
    qlora = longest_sequence(TrainingRequest(params_b=70, method="qlora", gpu="h100-sxm")).value
    assert qlora is not None and f"QLoRA → longest sequence {qlora:,}" in levers
