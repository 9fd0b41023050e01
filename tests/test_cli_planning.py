"""`kasuan size --max-seq / --max-batch / --how-many` and `kasuan cost --deadline / --budget`."""

from __future__ import annotations

import json

import pytest

from bot.cli import main
from engine.planning import largest_micro_batch, longest_sequence
from engine.request import TrainingRequest


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    assert main([*args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_max_seq_and_max_batch(capsys: pytest.CaptureFixture[str]) -> None:
    # the CLI gives what the planner gives (searched on the calibrated high end: 3,072 and 3 on 2026-12-01)
    longest = longest_sequence(TrainingRequest(model="qwen3-8b", method="qlora", gpu="rtx-4090")).value
    batch = largest_micro_batch(TrainingRequest(model="qwen3-8b", method="lora", gpu="h100-sxm", seq_len=4096)).value
    assert longest is not None and batch is not None and 2048 <= longest < 4096 and batch >= 2
    v = run_json(capsys, "size", "Qwen3-8B QLoRA on a 4090", "--max-seq")
    assert (v["q"], v["value"], v["gpu"]) == ("max_seq", longest, "NVIDIA GeForce RTX 4090") and v["total_gb"] <= 24
    v = run_json(capsys, "size", "--model", "qwen3-8b", "--method", "lora", "--gpu", "h100", "--seq-len", "4096",
                 "--max-batch")
    assert (v["q"], v["value"], v["seq_len"]) == ("max_batch", batch, 4096)  # on the high end of the range
    assert main(["size", "最长序列 qwen3 8b qlora 4090", "--max-seq", "--lang", "zh"]) == 0
    assert f"序列最长 {longest:,}" in capsys.readouterr().out


def test_how_many(capsys: pytest.CaptureFixture[str]) -> None:
    v = run_json(capsys, "size", "72B full", "--gpu", "h100", "--how-many")
    assert (v["num_gpus"], v["zero"], v["offload"]) == (8, 3, "optimizer")
    assert {o["provider"] for o in v["options"]} == {"gpuli", "yiwan"}
    assert main(["size", "72B full", "--how-many"]) == 2
    assert "card" in capsys.readouterr().err


def test_deadline_and_budget(capsys: pytest.CaptureFixture[str]) -> None:
    v = run_json(capsys, "cost", "32B full finetune, 20M tokens, 3 epochs", "--deadline", "2h")
    assert v["q"] == "deadline" and v["rows"] and all(r["time"] for r in v["rows"])
    assert v["rows"][0]["provider"] == "gpuli" and v["rows"][0]["num_gpus"] == 8
    v = run_json(capsys, "cost", "32B 全参 2000万token 3轮", "--budget", "5000CNY")
    assert v["q"] == "budget" and v["currency"] == "CNY" and v["meeting"] == len(v["rows"]) >= 1
    assert main(["cost", "32B full 20M tokens", "--deadline", "someday"]) == 2
    assert "deadline" in capsys.readouterr().err
    assert main(["cost", "32B full", "--budget", "5000CNY"]) == 2  # no dataset size: cannot be timed
    assert "dataset size" in capsys.readouterr().err
