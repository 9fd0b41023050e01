"""Batches of varying length (issue 19): the allocator keeps an earlier batch's loss buffers cached, which
readings of reserved memory and nvidia-smi include and the verdict does not."""

from __future__ import annotations

import json

import pytest

from benchmarks.memory_validation import predicted_for
from bot.cli import main
from engine.memory import GB, Plan, estimate
from engine.request import TrainingRequest
from engine.resolve import resolve

BASE = {"model": "qwen3-8b", "method": "lora", "seq_len": 4096}


def est(**extra: object):  # type: ignore[no-untyped-def]
    return estimate(resolve(TrainingRequest(**BASE, **extra)), Plan(1, 0, "none"))


def test_varying_lengths_cache_one_set_of_the_loss_buffers_in_readings_only() -> None:
    fixed, varying, unstated = est(lengths="fixed"), est(lengths="variable"), est()
    logits = sum(t.gb for t in varying.terms if t.key == "logits")
    # the fp32-upcast loss of Qwen3-8B: its forward buffers at 4096 tokens over a 151,936-word vocabulary
    assert logits > 4096 * 151936 * 4 / GB
    assert varying.length_cache_gb == pytest.approx(logits)
    assert fixed.length_cache_gb == unstated.length_cache_gb == 0.0
    # what the verdict and the range use does not move: the allocator gives cached blocks back before an OOM
    assert varying.total_gb == fixed.total_gb
    assert varying.range == fixed.range
    assert varying.figures()["length_cache_gb"] == pytest.approx(logits)
    assert "length_cache_gb" not in fixed.figures()


def test_a_reading_over_varying_lengths_adds_the_cache_but_an_allocated_peak_does_not() -> None:
    varying = est(lengths="variable")
    cache = varying.length_cache_gb
    assert predicted_for(varying, "reserved", "variable") == pytest.approx(varying.reserved_gb + cache)
    assert predicted_for(varying, "nvidia-smi", "variable") == pytest.approx(varying.nvidia_smi_gb + cache)
    assert predicted_for(varying, "allocated", "variable") == pytest.approx(varying.allocated_gb)
    assert predicted_for(varying, "reserved", None) == pytest.approx(varying.reserved_gb)


def test_packed_samples_are_fixed_length_and_a_fused_loss_leaves_little_to_cache() -> None:
    assert resolve(TrainingRequest(**BASE, packing=True)).request.lengths == "fixed"
    fused = est(lengths="variable", loss="fused")
    assert 0 < fused.length_cache_gb < est(lengths="variable").length_cache_gb / 2  # one chunk, not the whole logits


def test_the_cli_states_the_lengths_and_the_json_shows_the_cache(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["size", "--model", "qwen3-8b", "--method", "lora", "--lengths", "variable", "--json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert obj["training"]["lengths"] == "variable"
    f = obj["memory"]["figures"]
    assert f["length_cache_gb"] > 1.0 and f["nvidia_smi_gb"] == obj["memory"]["per_gpu"]["total"]
