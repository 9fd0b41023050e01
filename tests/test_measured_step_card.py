"""A step time measured on a card is evidence the job runs there: the memory estimate no longer vetoes
that card, and the reply says where the estimate disagrees (blind set 5: a 1.6 s step on a 4090 got
"no provider has a setup that holds this job")."""

from __future__ import annotations

from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cost import compare
from engine.request import TrainingRequest
from tests.chat_user import ChatUser

# Qwen3-8B QLoRA at micro-batch 4: our high end is well over a 4090's 24 GB
HEAVY = {"model": "qwen3-8b", "method": "qlora", "micro_batch": 4, "grad_accum": 4, "gpu": "rtx-4090",
         "samples": 10_000, "epochs": 3.0}


def test_without_a_measurement_the_card_is_left_out() -> None:
    report = compare(TrainingRequest(**HEAVY))
    assert not report.options
    assert {s.reason for s in report.skipped} == {"does_not_fit"}


def test_a_measured_step_keeps_the_card_and_prices_the_measured_steps() -> None:
    report = compare(TrainingRequest(**HEAVY, step_seconds=1.6, provider="cloudgpu"))
    (option,) = report.options
    assert option.gpu.id == "rtx-4090" and option.num_gpus == 1
    steps = -(-10_000 * 3 // (4 * 4))  # ceil(samples × epochs / (batch × accumulation))
    assert steps == 1875
    assert option.hours is not None and abs(option.hours - steps * 1.6 / 3600) < 0.02
    note = option.note("measured_runs")
    assert note is not None and note.params["memory_gb"] == 24 and note.params["high_gb"] > 24
    # CloudGPU bills by the minute: ⌈50 min⌉ × $0.33 / 60
    assert option.quote.total_max == Decimal("0.33") * 50 / 60


@settings(max_examples=15, deadline=None)
@given(step=st.floats(0.2, 20), batch=st.sampled_from([1, 2]), gpu=st.sampled_from(["rtx-a6000", "a100-80g-sxm"]))
def test_a_card_the_estimate_already_holds_carries_no_such_note(step: float, batch: int, gpu: str) -> None:
    req = TrainingRequest(model="qwen3-8b", method="qlora", micro_batch=batch, gpu=gpu, samples=5_000,
                          step_seconds=round(step, 2))
    report = compare(req)
    assert report.options
    assert all(o.note("measured_runs") is None for o in report.options)


def test_the_chat_answers_with_the_price_and_the_disagreement_in_both_languages() -> None:
    for text, words in (
        ("qwen3 8b qlora 用 cloudgpu 4090，1万条 3 epoch batch 4 accum 4，每步 1.6s，要多少钱", ("实测", "$0.28")),
        ("qwen3 8b qlora on a cloudgpu 4090, 10k samples 3 epochs batch 4 accum 4, 1.6 s per step, cost?",
         ("measured", "$0.28")),
    ):
        chat = ChatUser()
        chat.say(text)
        assert all(w in chat.text for w in words), chat.text
        assert "没有能装下" not in chat.text and "no provider" not in chat.text.lower()
