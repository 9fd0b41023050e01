"""A user's own training files are sized as they would run: each format's keys become the request,
several files make one job, a job that does not fit gets the diff of the lines that make it fit,
and unsafe or unknown files get one clear line and change nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from bot.cli.commands import main
from bot.core.router import Core
from bot.core.settings import MemorySettings
from bot.messages import Incoming
from bot.text.render import fmt_gb, render_reply
from engine.request import TrainingRequest
from engine.safe_load import MAX_BYTES, MAX_DEPTH, FileRefused
from engine.sizing import size
from engine.training_file import read_files
from engine.training_fix import apply_edits, find_fix

FILES = Path(__file__).parent / "training_files"
BILLION_LAUGHS = "\n".join(
    ["a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    + [f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]" for i in range(8)]) + "\n"


def files(*names: str) -> list[tuple[str, bytes]]:
    return [(n, (FILES / n).read_bytes()) for n in names]


def ask(core: Core, caption: str, *names: str, lang: str = "en") -> tuple[str, object]:
    reply = core.handle(Incoming(text=caption, user_id="u", chat_id="u", user_lang=lang, attachments=tuple(files(*names))))
    assert reply is not None
    return render_reply(reply, "plain"), reply


def need(reply: object) -> str:
    """The range the reply states for its file's setup, worded from the calibrated range itself."""
    r = reply.source.fit.estimate.range  # type: ignore[attr-defined]
    return f"{fmt_gb(r.low_gb)}–{fmt_gb(r.high_gb)} GB (most likely {fmt_gb(r.expected_gb)} GB)"


# ---------------------------------------------------------------- formats -> request


def test_each_format_becomes_the_request_it_would_run() -> None:
    lf = read_files(files("llamafactory_lora.yaml")).request
    assert lf.stated() == {"model": "qwen2.5-7b", "method": "lora", "objective": "sft", "seq_len": 4096, "micro_batch": 8,
                           "grad_accum": 2, "attention": "flash", "lora_rank": 16,
                           "lora_targets": ("q", "k", "v", "o", "gate", "up", "down"), "precision": "mixed",
                           "framework": "hf", "epochs": 3.0}
    ax = read_files(files("axolotl_qlora.yaml")).request
    assert (ax.model, ax.method, ax.lora_rank, ax.seq_len, ax.micro_batch, ax.grad_accum, ax.optimizer, ax.packing,
            ax.framework, ax.grad_checkpointing) == ("qwen3-8b", "qlora", 32, 8192, 4, 4, "adamw-8bit", True, "axolotl", True)
    trl = read_files(files("trl_sft.json")).request
    assert (trl.model, trl.method, trl.lora_targets, trl.seq_len, trl.micro_batch, trl.grad_checkpointing,
            trl.attention, trl.framework) == ("llama-3.1-8b", "lora", ("q", "k", "v", "o"), 2048, 2, False, "sdpa", "trl")


def test_a_deepspeed_json_beside_the_recipe_sets_zero_offload_and_the_process_count() -> None:
    job = read_files(files("ds_z3_offload.json", "llamafactory_full.yaml"))
    q = job.request
    # train_batch_size 64 = 2 per card × 4 steps × 8 processes
    assert (q.model, q.method, q.zero, q.offload, q.num_gpus, q.micro_batch, q.grad_accum) == (
        "qwen2.5-14b", "full", 3, "optimizer", 8, 2, 4)
    assert job.skipped == []  # the DeepSpeed file the recipe names was sent
    alone = read_files(files("llamafactory_full.yaml"))
    assert [(s.code, s.value) for s in alone.skipped] == [("deepspeed_missing", "ds.json")]


def test_a_config_json_gives_the_architecture_and_the_verdict_equals_a_direct_sizing() -> None:
    job = read_files(files("config.json", "llamafactory_lora.yaml"))
    assert job.spec is not None and job.spec.params_published_b == pytest.approx(3.213, abs=0.001)
    core = Core(MemorySettings())
    text, reply = ask(core, "on one 4090", "config.json", "llamafactory_lora.yaml")
    direct = size(TrainingRequest(method="lora", seq_len=4096, micro_batch=8, grad_accum=2, attention="flash",
                                  lora_rank=16, precision="mixed", framework="hf", gpu="rtx-4090"), job.spec)
    assert reply.source.fit.estimate.total_gb == pytest.approx(direct.fit.estimate.total_gb)  # type: ignore[attr-defined]
    assert "acme/tiny-llama-3b" in text and "config.json (model config.json)" in text


# ---------------------------------------------------------------- the fix, as a diff


def test_a_lora_recipe_too_big_for_a_4090_gets_the_lines_that_make_it_fit() -> None:
    core = Core(MemorySettings())
    text, reply = ask(core, "on one 4090", "llamafactory_lora.yaml")
    assert f"does not fit 1× RTX 4090: needs {need(reply)}" in text and "(most likely 90.2 GB)" in text
    assert ("-per_device_train_batch_size: 8  # big batch\n-gradient_accumulation_steps: 2\n"
            "+per_device_train_batch_size: 1  # big batch\n+gradient_accumulation_steps: 16\n") in text  # batch 16 kept
    assert "+enable_liger_kernel: true" in text
    fix = reply.data["file"]["fix"]  # type: ignore[attr-defined]
    assert fix["after_gb"] <= 24 and fix["before_gb"] == pytest.approx(90.19, abs=0.01)
    # the patched file, read again, fits the card
    job = read_files(files("llamafactory_lora.yaml"))
    sized = size(job.request.model_copy(update={"gpu": "rtx-4090"}))
    found = find_fix(job, job.request.model_copy(update={"gpu": "rtx-4090"}), sized, None)
    assert found is not None
    patched = apply_edits(job.files[0], found.edits)
    again = read_files([("llamafactory_lora.yaml", patched.encode())]).request
    assert (again.micro_batch, again.grad_accum, again.chunked_loss) == (1, 16, True)
    assert size(again.model_copy(update={"gpu": "rtx-4090"})).fit.fits  # type: ignore[union-attr]


def test_the_deepspeed_json_is_the_file_changed_when_zero_3_is_the_fix(tmp_path: Path) -> None:
    core = Core(MemorySettings())
    text, reply = ask(core, "4 A100", "llamafactory_full.yaml", "ds_z2.json")
    assert f"does not fit 4× A100 80GB SXM (ZeRO-2): needs {need(reply)}" in text and "(most likely 106 GB)" in text
    # ZeRO-3 alone leaves the high end over 80 GB on 4 cards (83 GB), so the fix also offloads the optimizer
    stated = reply.source  # type: ignore[attr-defined]
    zero3 = size(stated.request.model_copy(update={"zero": 3}), stated.resolved.spec).fit
    assert zero3 is not None and not zero3.fits and zero3.high_gb > 80
    assert '-    "stage": 2,\n+    "offload_optimizer": {"device": "cpu"},\n+    "stage": 3,' in text
    assert "--- a/ds_z2.json" in text
    zh, _ = ask(core, "8张4090", "llamafactory_full.yaml", "ds_z2.json", lang="zh")
    assert '+    "offload_optimizer": {"device": "cpu"},' in zh and "改这几行就能装下" in zh


def test_a_job_that_fits_gets_no_diff_and_no_card_asks_for_one() -> None:
    core = Core(MemorySettings())
    text, reply = ask(core, "on one MI300X", "axolotl_qlora.yaml")  # 97.1 GB expected, 157 GB high, of 192 GB
    assert "✅" in text and "---" not in text and reply.data["file"]["fix"] is None  # type: ignore[attr-defined]
    text, _ = ask(core, "", "axolotl_qlora.yaml")
    assert "The files don't say which card" in text


# ---------------------------------------------------------------- refusals


@pytest.mark.parametrize(("name", "content", "reason"), [
    ("big.yaml", b"a: 1\n" * (MAX_BYTES // 5 + 1), "too_large"),
    ("model.safetensors", b"\x00\x01\x02binary", "binary"),
    ("latin.yaml", "cutoff_len: 1024 é".encode("latin-1"), "binary"),
    ("bomb.yaml", BILLION_LAUGHS.encode(), "alias"),
    ("anchor.yaml", b"base: &b {cutoff_len: 1024}\nfinetuning_type: lora\n", "alias"),
    ("deep.json", b"[" * (MAX_DEPTH + 1) + b"]" * (MAX_DEPTH + 1), "too_deep"),
    ("deep.yaml", b"a: " + b"[" * 10_000 + b"]" * 10_000, "too_deep"),
    ("list.yaml", b"- 1\n- 2\n", "not_mapping"),
    ("notes.yaml", b"hello: world\nfoo: bar\n", "unrecognized"),
    ("broken.json", b'{"cutoff_len": 1024,', "syntax"),
])
def test_unsafe_or_unknown_files_are_refused_with_one_clear_line(name: str, content: bytes, reason: str) -> None:
    with pytest.raises(FileRefused) as caught:
        read_files([(name, content)])
    assert caught.value.reason == reason
    core = Core(MemorySettings())
    reply = core.handle(Incoming(text="on a 4090", user_id="u", chat_id="u", attachments=((name, content),)))
    assert reply is not None and reply.kind == "error" and name in reply.data["message"]
    assert "error id" not in reply.data["message"]
    assert core.conversations.last("console:chat:u|u") is None  # nothing remembered, nothing changed
    zh = core.handle(Incoming(text="一张4090", user_id="u", chat_id="u", user_lang="zh", attachments=((name, content),)))
    assert zh is not None and zh.lang == "zh" and zh.kind == "error"


def test_the_bomb_is_refused_before_it_expands() -> None:
    import time

    start = time.perf_counter()
    with pytest.raises(FileRefused):
        read_files([("bomb.yaml", BILLION_LAUGHS.encode())])
    assert time.perf_counter() - start < 0.5
    assert yaml.safe_load("a: 1") == {"a": 1}  # PyYAML itself untouched


# ---------------------------------------------------------------- pasted text


def test_a_pasted_config_is_sized_and_ordinary_chat_is_not_taken_for_one() -> None:
    core = Core(MemorySettings())
    body = (FILES / "llamafactory_lora.yaml").read_text()
    reply = core.handle(Incoming(text=f"size this on a 4090\n```yaml\n{body}```", user_id="u", chat_id="u"))
    assert reply is not None and reply.kind == "training_file"
    assert "--- a/pasted.yaml" in render_reply(reply, "plain")
    unfenced = core.handle(Incoming(text=(FILES / "trl_sft.json").read_text(), user_id="u", chat_id="u"))
    assert unfenced is not None and unfenced.kind == "training_file"
    chat = core.handle(Incoming(text="Qwen3-8B QLoRA on a 4090?", user_id="u", chat_id="u"))
    assert chat is not None and chat.kind == "sizing"
    bomb = core.handle(Incoming(text=f"```yaml\n{BILLION_LAUGHS}```", user_id="u", chat_id="u"))
    assert bomb is not None and bomb.kind == "error" and "anchors or aliases" in bomb.data["message"]


# ---------------------------------------------------------------- the CLI


def test_cli_size_and_cost_from_files(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["size", "--from", str(FILES / "llamafactory_full.yaml"), "--from", str(FILES / "ds_z2.json"),
                 "--gpu", "a100", "--gpus", "4"]) == 0
    out = capsys.readouterr().out
    assert "Read from llamafactory_full.yaml (LLaMA-Factory config) + ds_z2.json (DeepSpeed config)" in out
    assert '+    "stage": 3,' in out
    assert main(["size", "--from", str(FILES / "llamafactory_lora.yaml"), "--gpu", "4090", "--json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert obj["files"] == [{"name": "llamafactory_lora.yaml", "kind": "llamafactory"}]
    assert obj["sizing"]["request"]["seq_len"] == 4096
    assert {e["key"]: e["value"] for e in obj["fix"]["edits"]}["per_device_train_batch_size"] == 1
    assert main(["cost", "--from", str(FILES / "axolotl_qlora.yaml"), "on a 4090", "--lang", "zh"]) == 0
    assert "axolotl 配置" in capsys.readouterr().out


def test_cli_refuses_a_bomb_with_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bomb = tmp_path / "bomb.yaml"
    bomb.write_text(BILLION_LAUGHS)
    assert main(["size", "--from", str(bomb)]) == 2
    err = capsys.readouterr().err
    assert "bomb.yaml uses YAML anchors or aliases" in err and "Traceback" not in err
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (MAX_BYTES + 1))
    assert main(["size", "--from", str(big)]) == 2
    assert "is too large" in capsys.readouterr().err
