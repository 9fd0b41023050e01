"""`kasuan export`: the files land in --out, follow the flags, and bad input is one line (exit 2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from bot.cli import main


def test_export_writes_every_format(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    assert main(["export", "Qwen2.5-14B LoRA on 2 A100s", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    names = {p.name for p in out.iterdir()}
    assert names == {"llamafactory.yaml", "accelerate_fsdp.yaml", "llamafactory_fsdp.yaml", "launch_llamafactory.sh",
                     "launch_torchrun.sh", "launch_accelerate.sh", "dataset_info.json", "kasuan_demo_sft.json"}
    assert f"Written to {out}" in text and str(out / "launch_torchrun.sh") in text
    assert (out / "launch_llamafactory.sh").stat().st_mode & 0o111


def test_flags_beat_text_and_the_files_follow(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "z3"
    assert main(["export", "--model", "qwen3-8b", "--method", "full", "--gpu", "h100", "--gpus", "8", "--zero", "3",
                 "--seq-len", "4096", "--micro-batch", "2", "--format", "llamafactory", "--out", str(out),
                 "--json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert (obj["num_gpus"], obj["zero"], obj["seq_len"]) == (8, 3, 4096)
    assert sorted(Path(p).name for p in obj["files"]) == ["dataset_info.json", "ds_config.json", "kasuan_demo_sft.json",
                                                          "launch_llamafactory.sh", "llamafactory.yaml"]
    lf = yaml.safe_load((out / "llamafactory.yaml").read_text())
    assert (lf["cutoff_len"], lf["per_device_train_batch_size"], lf["deepspeed"]) == (4096, 2, "ds_config.json")
    ds = json.loads((out / "ds_config.json").read_text())
    assert ds["zero_optimization"]["stage"] == 3


def test_bad_input_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["export", "qwen3-9b lora", "--out", str(tmp_path / "x")]) == 2
    err = capsys.readouterr().err
    assert "qwen3-9b" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert main(["export", "qwen3-8b lora", "--format", "megatron"]) == 2


def test_a_local_config_json_trains_the_checkpoint_in_its_folder(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    ckpt = tmp_path / "my-qwen3-8b"
    ckpt.mkdir()
    cfg = {"model_type": "qwen3", "num_hidden_layers": 36, "hidden_size": 4096, "intermediate_size": 12288,
           "num_attention_heads": 32, "num_key_value_heads": 8, "head_dim": 128, "vocab_size": 151936,
           "tie_word_embeddings": False, "max_position_embeddings": 40960}
    (ckpt / "config.json").write_text(json.dumps(cfg), encoding="utf-8")
    out = tmp_path / "run"
    assert main(["export", "--config", str(ckpt / "config.json"), "--method", "qlora", "--gpu", "4090",
                 "--format", "llamafactory", "--out", str(out)]) == 0
    lf = yaml.safe_load((out / "llamafactory.yaml").read_text())
    assert lf["model_name_or_path"] == str(ckpt) and lf["quantization_bit"] == 4
