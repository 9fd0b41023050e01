"""The H200 probe's measurements (benchmarks/gpu_probe_h200.yaml) as validation evidence for the estimator.

The probe trained 21 setups on a real GPU; these tests hold the estimator to what it measured
where the mechanism is understood, and check that the runs enter the validation set the way the
probe ran them (loop, QLoRA preparation, checkpointed share).
"""

from __future__ import annotations

import statistics

import pytest

from benchmarks import memory_validation as mv
from engine.memory import Plan, estimate, lm_head_cast_bytes
from engine.request import TrainingRequest
from engine.resolve import resolve


def outcomes(measure: str = "allocated") -> dict[str, mv.Outcome]:
    return {c["id"]: mv.evaluate(c) for c in mv.probe_cases(measure)}


def test_every_probe_run_enters_the_validation_set_once_as_its_own_publisher():
    ids = [o.case_id for o in mv.run() if o.source == mv.PROBE_PUBLISHER]
    assert len(ids) == len(set(ids)) == 21


def test_probe_cases_keep_the_loop_the_preparation_and_the_checkpointed_share():
    cases = {c["id"]: c for c in mv.probe_cases()}
    half = cases["h200-qwen3-8b-lora-trainer-eager-ckpt0.5-seq2048-mb1"]
    assert (half["checkpointing"], half["checkpoint_fraction"], half["grad_checkpointing"]) == ("full", 0.5, True)
    assert cases["h200-qwen3-8b-qlora-manual-sdpa-ckptfull-seq4096-mb1"]["profile"] == "peft-kbit-manual"
    assert cases["h200-qwen3-8b-lora-manual-sdpa-ckptfull-seq4096-mb1"]["profile"] == "hf-manual"
    none = cases["h200-qwen3-8b-lora-trainer-eager-ckptnone-seq2048-mb1"]
    assert none["grad_checkpointing"] is False


def test_allocated_peaks_of_the_probe_runs_are_predicted_within_a_few_percent():
    errors = [o.error for o in outcomes().values()]
    assert statistics.median(abs(e) for e in errors) < 0.03
    assert min(errors) > -0.05  # nothing under-predicted by more than 5%


@pytest.mark.parametrize("model", ["qwen2.5-0.5b", "qwen2.5-1.5b", "qwen2.5-3b", "qwen3-8b", "qwen3-14b"])
def test_qlora_allocated_peaks_hold_once_the_fp32_head_copy_is_counted(model):
    qlora = [o for o in outcomes().values() if o.case_id.startswith(f"h200-{model}-qlora-")]
    assert qlora
    for o in qlora:
        assert abs(o.error) < 0.02, (o.case_id, o.error)


def _request(framework: str, **kw: object) -> TrainingRequest:
    base: dict[str, object] = {"model": "qwen3-8b", "method": "qlora", "seq_len": 4096, "micro_batch": 1,
                               "grad_checkpointing": True, "attention": "sdpa", "framework": framework}
    base.update(kw)
    return TrainingRequest.model_validate(base)


def test_the_head_copy_is_two_bytes_per_head_weight_only_where_autocast_makes_it():
    prepared = resolve(_request("peft-kbit"))
    assert lm_head_cast_bytes(prepared, sharded=False) == 2 * 151_936 * 4096
    assert lm_head_cast_bytes(resolve(_request("hf")), sharded=False) == 0  # head stays bf16: no cast
    assert lm_head_cast_bytes(resolve(_request("peft-kbit", precision="bf16")), sharded=False) == 0  # no autocast
    assert lm_head_cast_bytes(resolve(_request("peft-kbit", chunked_loss=True)), sharded=False) == 0
    assert lm_head_cast_bytes(resolve(_request("peft-kbit", method="lora")), sharded=False) == 0


def test_the_head_copy_raises_the_qlora_peak_by_its_size_and_names_itself():
    with_copy = estimate(resolve(_request("peft-kbit")), Plan(1, 0, "none"))
    items = {i.basis: i for t in with_copy.terms for i in t.items}
    assert "lm_head_bf16_copy" in items and "1.24 GB" in items["lm_head_bf16_copy"].formula
    measured = outcomes()["h200-qwen3-8b-qlora-trainer-sdpa-ckptfull-seq4096-mb1"].measured_gb
    assert with_copy.allocated_gb == pytest.approx(measured, rel=0.02)


def test_the_probe_runs_test_the_terms_but_never_fit_the_range():
    """Two steps on fixed-length random batches are not a user's long run: the bands are fitted without them."""
    from datetime import date

    all_runs = mv.run()
    published = [o for o in all_runs if o.source != mv.PROBE_PUBLISHER]
    assert mv.calibration_document(all_runs, date(2026, 12, 4))["bands"] == \
        mv.calibration_document(published, date(2026, 12, 4))["bands"]
    assert mv.calibration_document(all_runs, date(2026, 12, 4))["cases"] == sum(not o.caution for o in published)
