"""The device script of issue 19, item 5, run on the CPU with a two-layer model: every code path trains.

No figures come out on the CPU; what is checked is that each setup really does what its name says
(the weights move, the chosen layers are checkpointed, selective checkpointing recomputes only the
attention core), so that a lent GPU's minutes are spent measuring, not debugging.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

import pytest
import yaml

from benchmarks import gpu_probe
from benchmarks.gpu_probe import ProbeCase, run_case


@pytest.mark.parametrize(("method", "loop", "attention", "checkpointing", "expect_checkpointed"), [
    ("lora", "trainer", "sdpa", "full", 2),
    ("lora", "manual", "eager", "none", 0),
    ("full", "manual", "sdpa", "full", 2),
    ("full", "trainer", "eager", "0.5", 1),
])
def test_each_setup_trains_and_checkpoints_the_layers_it_names(method, loop, attention, checkpointing,
                                                                expect_checkpointed):
    result = run_case(ProbeCase("tiny", method, loop, attention, checkpointing, seq_len=24, micro_batch=2),
                      "cpu", tiny=True)
    assert len(result["losses"]) == 2 and all(math.isfinite(x) for x in result["losses"])
    assert result["trainable_tensors_moved"] == result["trainable_tensors"] > 0
    assert result["checkpointed_layers"] == expect_checkpointed and result["layers"] == 2
    if method == "lora":  # only the adapters train: far fewer tensors than the full model's
        full = run_case(ProbeCase("tiny", "full", loop, attention, "none", seq_len=24), "cpu", tiny=True)
        assert result["trainable_tensors"] != full["trainable_tensors"]


def test_selective_checkpointing_recomputes_the_attention_core_in_backward(monkeypatch):
    import transformers.models.qwen3.modeling_qwen3 as qwen3

    calls = {"n": 0}
    original = qwen3.eager_attention_forward

    def counted(*args, **kwargs):
        calls["n"] += 1
        return original(*args, **kwargs)

    monkeypatch.setattr(qwen3, "eager_attention_forward", counted)
    run_case(ProbeCase("tiny", "lora", "manual", "eager", "none", seq_len=16), "cpu", tiny=True)
    plain = calls["n"]
    calls["n"] = 0
    run_case(ProbeCase("tiny", "lora", "manual", "eager", "selective", seq_len=16), "cpu", tiny=True)
    assert plain == 2 * 2  # two layers, two steps, once each
    assert calls["n"] == 2 * plain  # the core runs again in every layer's backward


def test_qlora_trains_four_bit_layers_or_fails_naming_bitsandbytes():
    """QLoRA is measured quantized or not at all: never silently trained in bf16."""
    case = ProbeCase("tiny", "qlora", "manual", "sdpa", "full", seq_len=16)
    try:
        import bitsandbytes  # noqa: F401
    except ImportError:
        with pytest.raises(ImportError, match="bitsandbytes"):
            run_case(case, "cpu", tiny=True)
        return
    result = run_case(case, "cpu", tiny=True)  # bitsandbytes' CPU backend quantizes too
    assert result["four_bit_linears"] == 2 * 7  # q, k, v, o, gate, up, down in both layers
    assert result["trainable_tensors_moved"] == result["trainable_tensors"] > 0


def test_the_matrix_covers_every_axis_of_item_5_with_catalog_models():
    cases = gpu_probe.matrix()
    assert len({c.id for c in cases}) == len(cases)
    assert {c.loop for c in cases} == {"trainer", "manual"}
    assert {c.method for c in cases} == {"full", "lora", "qlora"}
    assert {c.attention for c in cases} == {"eager", "sdpa"}
    assert {"full", "none", "selective"} <= {c.checkpointing for c in cases}
    assert any(0 < float(c.checkpointing) < 1 for c in cases if c.checkpointing[0].isdigit())
    for model in {c.model for c in cases}:
        arch = gpu_probe.architecture(model, tiny=False)
        assert arch["layers"] > 0 and arch["hidden"] > 0


def test_the_parent_runs_children_and_writes_what_it_has(tmp_path: Path):
    out = tmp_path / "probe.yaml"
    wanted = [c.id for c in gpu_probe.matrix() if c.method == "lora" and c.loop == "manual"][:1]
    assert gpu_probe.main(["--device", "cpu", "--tiny", "--only", *wanted, "--out", str(out)]) == 0
    written = yaml.safe_load(out.read_text(encoding="utf-8"))
    assert [r["id"] for r in written["results"]] == wanted
    assert "error" not in written["results"][0], written["results"][0]
    assert written["environment"]["python"] == sys.version.split()[0]
