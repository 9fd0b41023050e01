"""The `kasuan` command as a script sees it: exit codes, JSON contract, stdin mode, errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import main

KASUAN = [sys.executable, "-m", "bot.cli"]


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*KASUAN, *args], input=stdin, capture_output=True, text=True, timeout=60,
                          cwd=Path(__file__).parent.parent)


def size_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    assert main(["size", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_size_json_contract(capsys: pytest.CaptureFixture[str]) -> None:
    obj = size_json(capsys, "Qwen3-32B QLoRA seq 4608 on a 4090")
    assert set(obj) >= {"request", "assumptions", "memory", "fits", "recommendations", "checkpoint"}
    assert set(obj["request"]) == {
        "model", "params_b", "method", "gpu", "num_gpus", "seq_len", "micro_batch", "grad_accum", "zero", "offload",
        "optimizer", "grad_checkpointing", "attention", "lora_rank", "lora_targets"}
    assert all(isinstance(v, str | int | float | bool | list | None) for v in obj["request"].values())  # plain JSON
    assert (obj["request"]["model"], obj["request"]["method"], obj["request"]["seq_len"]) == ("qwen3-32b", "qlora", 4608)
    per_gpu = obj["memory"]["per_gpu"]
    assert list(per_gpu) == ["weights", "gradients", "master_weights", "optimizer_states", "activations", "logits",
                             "overhead", "total"]
    assert per_gpu["total"] == pytest.approx(sum(v for k, v in per_gpu.items() if k != "total"), abs=0.01)
    assert obj["fits"]["gpu"] == "rtx-4090" and obj["fits"]["fits"] is False
    # on the L40S only the expected figure fits (the high end is over 48 GB): "may fit", decided by that figure
    l40s = next(r for r in obj["recommendations"] if r["gpu"] == "l40s")
    assert l40s["may_fit"] and not l40s["fits"] and l40s["decided_by"] == "expected_gb"
    assert l40s["total_gb"] <= 48 < l40s["high_gb"]
    rng = obj["memory"]["range"]
    assert rng["low_gb"] < rng["expected_gb"] == per_gpu["total"] < rng["high_gb"] and rng["basis"] == "qlora/single/*"


def test_flags_override_text(capsys: pytest.CaptureFixture[str]) -> None:
    obj = size_json(capsys, "Qwen3-32B QLoRA seq 4096 on a 4090", "--method", "lora", "--seq-len", "1024")
    assert (obj["request"]["method"], obj["request"]["seq_len"]) == ("lora", 1024)


def test_seed_zero_table_through_the_cli(capsys: pytest.CaptureFixture[str]) -> None:
    for zero, states in ((1, 176), (2, 120), (3, 64)):
        obj = size_json(capsys, "--params", "32B", "--method", "full", "--gpus", "8", "--zero", str(zero))
        assert round(obj["memory"]["model_states_gb"]) == states


def test_offload_reports_host_memory(capsys: pytest.CaptureFixture[str]) -> None:
    obj = size_json(capsys, "72B full finetune on 8 H100", "--offload", "optimizer")
    assert round(obj["memory"]["host"]["total_gb"]) == 864
    assert obj["fits"]["fits"] is True


def test_stdin_lines_give_one_json_object_each() -> None:
    proc = run("size", "-", stdin="qwen3 8b qlora 4090\n\n7B full on 8 cards\nqwen3-9b lora\n")
    lines = [json.loads(x) for x in proc.stdout.splitlines()]
    assert len(lines) == 3
    assert lines[0]["request"]["model"] == "qwen3-8b" and lines[1]["request"]["num_gpus"] == 8
    assert lines[2]["error"]["code"] == "unknown_name" and "qwen3-8b" in lines[2]["error"]["message"]
    assert proc.returncode == 2


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["size", "--model", "qwen3-8b", "--gpus", "0"], "num_gpus"),
        (["size", "--model", "qwen3-8b", "--gpus", "-3"], "num_gpus"),
        (["size", "--model", "qwen3-8b", "--seq-len", "0"], "seq_len"),
        (["size", "--params", "1000000B"], "params_b"),
        (["size", "--model", "qwen3-9b"], "did you mean"),
        (["size", "--model", "qwen3-8b", "--gpu", "gaudi3"], "Unknown GPU"),
        (["size", "--model", "qwen3-8b", "--zero", "7"], "invalid choice"),
        (["size", "--params", "banana"], "not a model size"),
        (["size", "今天吃啥"], "请说明模型"),
        (["size", "qwen3-9b lora"], "qwen3-8b"),
    ],
)
def test_bad_input_is_one_line_exit_2_no_traceback(args: list[str], needle: str) -> None:
    proc = run(*args)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr + proc.stdout
    message = proc.stderr.strip()
    assert needle in message and len(message.splitlines()) == 1


def test_malformed_config_json(tmp_path: Path) -> None:
    bad = tmp_path / "config.json"
    bad.write_text('{"model_type": "llama", "hidden_size": 4096', encoding="utf-8")
    proc = run("size", "--config", str(bad))
    assert proc.returncode == 2 and "not valid JSON" in proc.stderr and "Traceback" not in proc.stderr
    bad.write_text('{"model_type": "gpt2"}', encoding="utf-8")
    proc = run("size", "--config", str(bad))
    assert proc.returncode == 2 and "not supported" in proc.stderr


def test_config_json_sizes_like_the_catalog_model(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cfg = {"model_type": "qwen3", "num_hidden_layers": 36, "hidden_size": 4096, "intermediate_size": 12288,
           "num_attention_heads": 32, "num_key_value_heads": 8, "head_dim": 128, "vocab_size": 151936,
           "tie_word_embeddings": False, "max_position_embeddings": 40960, "_name_or_path": "my-qwen3-8b"}
    path = tmp_path / "config.json"
    path.write_text(json.dumps(cfg), encoding="utf-8")
    from_config = size_json(capsys, "--config", str(path), "--method", "qlora")
    from_catalog = size_json(capsys, "--model", "qwen3-8b", "--method", "qlora")
    assert from_config["memory"]["per_gpu"] == from_catalog["memory"]["per_gpu"]
    assert from_config["request"]["params_b"] == pytest.approx(8.191, abs=0.001)


def test_moe_config_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cfg = {"model_type": "qwen3_moe", "num_hidden_layers": 48, "hidden_size": 2048, "intermediate_size": 6144,
           "moe_intermediate_size": 768, "num_experts": 128, "num_experts_per_tok": 8, "num_attention_heads": 32,
           "num_key_value_heads": 4, "head_dim": 128, "vocab_size": 151936, "tie_word_embeddings": False}
    path = tmp_path / "config.json"
    path.write_text(json.dumps(cfg), encoding="utf-8")
    obj = size_json(capsys, "--config", str(path), "--method", "full", "--gpus", "8")
    assert obj["request"]["params_b"] == pytest.approx(30.532, abs=0.001)


def test_ask_json_contract(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ask", "7B QLoRA 一张4090够吗", "--json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert set(obj) >= {"intent", "request", "missing", "faq", "reply"}
    assert obj["intent"] == "size" and obj["request"]["method"] == "qlora"
    assert obj["request"]["fits"]["gpu"] == "rtx-4090" and "memory" in obj["request"]
    assert "4090" in obj["reply"] and "GB" in obj["reply"]


def test_ask_faq_and_lang_switch(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ask", "能按小时租吗？", "--json", "--lang", "en"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert obj["intent"] == "faq" and obj["faq"][0]["id"] == "hourly-rental"
    assert "gpuli" in obj["reply"] and "by the minute" in obj["reply"]


def test_ask_stdin_lines() -> None:
    proc = run("ask", "-", stdin="能按小时租吗？\nqwen3 8b lora\n在吗\n今天天气不错\n")
    intents = [json.loads(x)["intent"] for x in proc.stdout.splitlines()]
    assert intents == ["faq", "size", "smalltalk", "unknown"] and proc.returncode == 0


def test_ask_stdin_reports_a_command_as_the_command_not_a_faq_reading() -> None:
    """"/gpus" is answered by the command in every surface; its JSON line must say so, not carry the
    FAQ entry a plain-text reading of the same word would pick."""
    proc = run("ask", "-", stdin="/gpus\n/models\nqwen3 8b lora\n")
    lines = [json.loads(x) for x in proc.stdout.splitlines()]
    assert [x["intent"] for x in lines] == ["gpus", "models", "size"] and proc.returncode == 0
    assert lines[0]["faq"] == [] and "RTX 4090" in lines[0]["reply"] and lines[0]["request"] == {}


def test_ask_json_keeps_money_exact(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ask", "充值 1.5万人民币", "--json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert obj["intent"] == "wallet" and obj["request"] == {"amount": "15000", "currency": "CNY"}


def test_the_published_json_schema_is_the_contract(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/cli-json.schema.json is what `kasuan schema` prints, and real outputs validate against it."""
    from pathlib import Path

    from bot.cli.contract import CostJson, SizingJson

    assert main(["schema"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed == json.loads((Path(__file__).parent.parent / "docs" / "cli-json.schema.json").read_text())
    assert {"SizingJson", "CostJson"} <= set(printed["$defs"])
    assert main(["size", "Qwen3-8B QLoRA on a 4090", "--json"]) == 0
    SizingJson.model_validate(json.loads(capsys.readouterr().out))
    assert main(["cost", "Qwen3-8B QLoRA on a 4090, 20M tokens", "--json"]) == 0
    cost = CostJson.model_validate(json.loads(capsys.readouterr().out))
    assert all(isinstance(o["total_min"], str) for o in cost.costs)  # money as decimal strings


def test_ask_answers_a_command_as_the_chat_does(capsys: pytest.CaptureFixture[str]) -> None:
    """`kasuan ask` goes through the same entry as every front end: "/gpus" lists the cards."""
    assert main(["ask", "/gpus"]) == 0
    out = capsys.readouterr().out
    assert "RTX 4090" in out and "H100" in out


def test_ask_stdin_answers_each_line_on_its_own_unless_asked_to_keep_one_conversation() -> None:
    lines = "qwen3 8b lora 一张 4090\n成本呢\n"
    alone = [json.loads(x) for x in run("ask", "-", stdin=lines).stdout.splitlines()]
    kept = [json.loads(x) for x in run("ask", "-", "--conversation", stdin=lines).stdout.splitlines()]
    assert alone[1]["intent"] != "cost" and alone[1]["request"] == {}
    assert kept[1]["intent"] == "cost" and "Qwen3-8B" in kept[1]["reply"]
