"""The sizing flags added for measured configurations, and the JSON they produce (issue 15)."""

from __future__ import annotations

import json

import pytest

from bot.cli import main


def size_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    assert main(["size", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_new_flags_reach_the_request(capsys: pytest.CaptureFixture[str]) -> None:
    obj = size_json(capsys, "--model", "llama-3.1-8b", "--method", "qlora", "--framework", "axolotl", "--no-double-quant",
                    "--lora-dropout", "0.05", "--packing", "--activation-offload", "--train-embeddings")
    assert obj["training"] == {"framework": "axolotl", "precision": "mixed", "double_quant": False,
                               "train_embeddings": True, "activation_offload": True, "lora_dropout": 0.05,
                               "packing": True, "chunked_loss": False, "loss": "fp32-upcast",
                               "sharding": "deepspeed", "checkpointing": "full", "checkpoint_fraction": 1.0,
                               "lengths": "fixed"}
    assert obj["framework"]["id"] == "axolotl" and "prepare_model_for_kbit_training" in obj["framework"]["source"]
    weights = {i["basis"] for i in obj["memory"]["explain"]["weights"]}
    assert {"base_nf4", "base_fp32_rest", "embedding_copy"} <= weights
    assert obj["memory"]["explain"]["activations"][0]["basis"] == "saved_offloaded_to_host"


def test_three_figures_in_json_and_the_fit_uses_nvidia_smi(capsys: pytest.CaptureFixture[str]) -> None:
    obj = size_json(capsys, "--model", "qwen3-8b", "--method", "qlora", "--gpu", "4090")
    f = obj["memory"]["figures"]
    assert f["nvidia_smi_gb"] == obj["memory"]["per_gpu"]["total"] == obj["fits"]["total_gb"]
    assert f["allocated_gb"] < f["reserved_gb"] < f["nvidia_smi_gb"]
    assert obj["training"]["framework"] == "hf" and obj["framework"]["id"] == "hf"


def test_double_quant_changes_the_4bit_weights(capsys: pytest.CaptureFixture[str]) -> None:
    dq = size_json(capsys, "--model", "qwen2.5-7b", "--method", "qlora", "--double-quant")
    plain = size_json(capsys, "--model", "qwen2.5-7b", "--method", "qlora", "--no-double-quant")
    w_dq = next(i["gb"] for i in dq["memory"]["explain"]["weights"] if i["basis"] == "base_nf4_dq")
    w = next(i["gb"] for i in plain["memory"]["explain"]["weights"] if i["basis"] == "base_nf4")
    assert w / w_dq == pytest.approx(0.5625 / 0.51587, rel=1e-3)


@pytest.mark.parametrize("value", ["1.5", "-0.1", "x"])
def test_bad_dropout_is_one_line_exit_2(capsys: pytest.CaptureFixture[str], value: str) -> None:
    assert main(["size", "--model", "qwen3-8b", "--lora-dropout", value]) == 2
    err = capsys.readouterr().err
    assert "dropout" in err and "Traceback" not in err


def test_unknown_framework_is_one_line_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["size", "--model", "qwen3-8b", "--framework", "unslooth"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "unslooth" in err and "unsloth" in err


def test_premise_flags_reach_the_request(capsys: pytest.CaptureFixture[str]) -> None:
    obj = size_json(capsys, "--model", "llama-3.1-8b", "--method", "full", "--gpus", "8", "--zero", "3",
                    "--sharding", "fsdp", "--loss", "legacy-shifted-fp32", "--checkpointing", "0.5")
    assert {k: obj["training"][k] for k in ("loss", "sharding", "checkpointing", "checkpoint_fraction")} == {
        "loss": "legacy-shifted-fp32", "sharding": "fsdp", "checkpointing": "full", "checkpoint_fraction": 0.5}
    overhead = {i["basis"] for i in obj["memory"]["explain"]["overhead"]}
    assert "fsdp_gather" in overhead and "zero3_gather" not in overhead
    assert obj["memory"]["explain"]["activations"][0]["basis"] == "saved_checkpointed_part"
    assert obj["memory"]["explain"]["logits"][0]["basis"] == "loss_fp32_shift_copy"


def test_a_bad_checkpointing_share_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["size", "--model", "qwen3-8b", "--checkpointing", "1.5"]) != 0
    assert "between 0 and 1" in capsys.readouterr().err
