"""Session 30, round 1 (r1e): every accelerate config the product writes passes accelerate's own launch path.

`accelerate launch --config_file F train.py` first runs `_validate_launch_command` (the config read into the
launch arguments), then, by the distributed type, `prepare_deepspeed_cmd_env` / `prepare_multi_gpu_env` /
`prepare_simple_launcher_cmd_env`; under DeepSpeed each training process builds a `DeepSpeedPlugin`, whose
`_deepspeed_config_checks` refuses `mixed_precision`, `zero_stage` and the offload keys written beside
`deepspeed_config_file` ("When using `deepspeed_config_file`, the following accelerate config variables will be
ignored"). Loading the YAML with `load_config_from_file` (tests/config_parsers.py) does not catch that.

The probe below runs those same functions of accelerate 1.11 in a child process (no training, no network, no GPU)
on every accelerate export: the model-free configs for each card count, ZeRO stage (DeepSpeed or FSDP), offload
and precision, and the files a model's export writes (each method, stage, offload, FSDP, and accelerate asked
after a stage), and checks the precision accelerate arrives at (the DeepSpeed plugin's `set_mixed_precision`, as
`AcceleratorState` calls it) is the one the export means: the one asked, else the trainer's (bf16).

And once end to end: the `accelerate launch` command itself (torchrun underneath, two CPU processes) starts a
stand-in train.py that builds the DeepSpeed plugin, on a 2-card ZeRO-3 fp16 export.

LLaMA-Factory's YAML beside a DeepSpeed JSON: the HF trainer's `HfTrainerDeepSpeedConfig.fill_match` (the rule
`trainer_config_finalize` raises on) finds the JSON's fp16/bf16 agreeing with the YAML's switches.
"""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
import yaml

from engine.export_generic import generic_files
from tests.chat_user import ChatUser

ROOT = Path(__file__).resolve().parent.parent

PROBE = textwrap.dedent("""
    import json, logging, os, sys, warnings
    warnings.filterwarnings("ignore")
    logging.disable(logging.WARNING)
    os.environ.setdefault("DS_ACCELERATOR", "cpu")
    from accelerate.commands.launch import _validate_launch_command, launch_command_parser
    from accelerate.utils.launch import prepare_deepspeed_cmd_env, prepare_multi_gpu_env, prepare_simple_launcher_cmd_env

    def launch(config):
        args = launch_command_parser().parse_args(["--config_file", config, "train.py"])
        args, defaults, mp_from_config = _validate_launch_command(args)  # accelerate launch's first step
        if args.use_deepspeed:  # launch_command's DeepSpeed branch, then what each training process builds
            fields = list(defaults.deepspeed_config.keys()) + (["mixed_precision"] if mp_from_config else [])
            args.deepspeed_fields_from_accelerate_config = ",".join(fields)
            _, env = prepare_deepspeed_cmd_env(args)
            os.environ.update(env)
            from accelerate.utils import DeepSpeedPlugin
            plugin = DeepSpeedPlugin()
            plugin.set_mixed_precision(os.environ["ACCELERATE_MIXED_PRECISION"])  # as AcceleratorState does
            ds = plugin.deepspeed_config  # AcceleratorState.mixed_precision under DeepSpeed reads these
            precision = "fp16" if ds["fp16"]["enabled"] is True else "bf16" if ds["bf16"]["enabled"] is True else "no"
            return {"kind": "DEEPSPEED", "precision": precision, "stage": plugin.zero_stage}
        if args.use_fsdp or args.multi_gpu:
            env = prepare_multi_gpu_env(args)
            # (FSDP's plugin itself wants a GPU at construction, so the launcher's side is what runs here)
            return {"kind": "FSDP" if args.use_fsdp else "MULTI_GPU", "precision": env["ACCELERATE_MIXED_PRECISION"]}
        _, env = prepare_simple_launcher_cmd_env(args)
        return {"kind": "NO", "precision": env["ACCELERATE_MIXED_PRECISION"]}

    def trainer_agrees(folder):
        # the HF trainer's own rule for the JSON's precision against TrainingArguments' bf16/fp16
        from transformers.integrations.deepspeed import HfTrainerDeepSpeedConfig
        args = {}
        for line in open(os.path.join(folder, "llamafactory.yaml"), encoding="utf-8"):
            key, _, value = line.partition(":")
            if key in ("bf16", "fp16", "pure_bf16"):
                args[key] = value.strip() == "true"
        hf = HfTrainerDeepSpeedConfig(json.load(open(os.path.join(folder, "ds_config.json"), encoding="utf-8")))
        hf.fill_match("fp16.enabled", args.get("fp16", False), "fp16")
        hf.fill_match("bf16.enabled", args.get("bf16", False), "bf16")
        return hf.mismatches

    base = dict(os.environ)
    out = {}
    for path in sys.argv[1:]:
        os.environ.clear()
        os.environ.update(base)
        folder, name = os.path.split(os.path.abspath(path))
        os.chdir(folder)  # the config names its DeepSpeed JSON relative to where it is launched
        try:
            out[path] = launch(name)
        except Exception as e:  # noqa: BLE001 - the refusal is the result
            out[path] = {"refused": f"{type(e).__name__}: {str(e).splitlines()[0]}"}
        if name == "accelerate_config.yaml" and os.path.exists("llamafactory.yaml") and os.path.exists("ds_config.json"):
            out[path]["mismatches"] = trainer_agrees(folder)
    print("KASUAN-JSON " + json.dumps(out))
""")


def _launch(paths: list[Path]) -> dict[str, dict[str, Any]]:
    proc = subprocess.run([sys.executable, "-c", PROBE, *map(str, paths)], capture_output=True, text=True,
                          timeout=600, check=False, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr[-3000:]
    line = next(ln for ln in proc.stdout.splitlines() if ln.startswith("KASUAN-JSON "))
    result: dict[str, dict[str, Any]] = json.loads(line.removeprefix("KASUAN-JSON "))
    return result


def _write(folder: Path, files: dict[str, str | bytes]) -> list[Path]:
    folder.mkdir(parents=True)
    for name, body in files.items():
        (folder / name).write_bytes(body if isinstance(body, bytes) else body.encode())
    return sorted(folder / name for name in files if name.startswith("accelerate"))


# model-free configs: card count, ZeRO stage (DeepSpeed, or FSDP's sharding without it), offload, precision asked
GENERIC = list(itertools.product((1, 4, 16), (None, 0, 1, 2, 3), ("none", "optimizer", "all"), (True, False),
                                 (None, "bf16", "fp16", "no")))


def test_every_model_free_accelerate_config_passes_accelerates_launch(tmp_path: Path) -> None:
    expected: dict[str, str] = {}
    seen: set[str] = set()
    paths: list[Path] = []
    for i, (n, zero, offload, deepspeed, precision) in enumerate(GENERIC):
        files = generic_files(n, zero, offload, True, deepspeed, precision)
        key = json.dumps(files, sort_keys=True)
        if key in seen:
            continue
        seen.add(key)
        written = _write(tmp_path / f"g{i}", dict(files))
        paths += written
        expected[str(written[0])] = precision or "bf16"
        if deepspeed:  # the precision is the JSON's alone, written there
            ds = json.loads(files["ds_config.json"])
            assert "mixed_precision" not in yaml.safe_load(files["accelerate_config.yaml"])
            assert ds["bf16"]["enabled"] is (precision in (None, "bf16")) and ds["fp16"]["enabled"] is (precision == "fp16")
    results = _launch(paths)
    refused = {p: r for p, r in results.items() if "refused" in r}
    assert not refused, refused
    wrong = {p: (r["precision"], expected[p]) for p, r in results.items() if r["precision"] != expected[p]}
    assert not wrong, wrong


# a model's export, each method, stage, offload and framework, as users ask for it in either language
CHATS = [
    ("32b full, 8×H100, ZeRO-3", "accelerate config?"),
    ("qwen3 14b 全参，8 张 A100 80G，zero2", "给我 accelerate 的配置"),
    ("7b lora on 2x 4090 with zero-2, optimizer offload to cpu", "send the accelerate yaml"),
    ("qwen2.5 7b qlora 单卡 4090", "导出 accelerate 配置"),
    ("8 卡 h100 跑 32b 全参 zero3 参数和优化器都 offload", "accelerate 配置来一份，fp16"),
    ("continued pretraining of a 7b on 8 A100 80G with ZeRO-1", "accelerate config please, bf16"),
    ("export an accelerate fsdp config for qwen3 14b full fine-tune on 8 h100",),
    ("导出 qwen3 8b lora 的 llamafactory 配置，4 卡 4090，zero3",),
    ("export a deepspeed config for 7b full on 4 A100 80G, zero 2, fp16",),
    ("qwen3 14b dpo on 8 h100 with zero-3", "export the accelerate files, fp32"),
]


def _trainer_precision(folder: Path, yaml_name: str) -> str:
    doc = yaml.safe_load((folder / yaml_name).read_text(encoding="utf-8"))
    return "fp16" if doc.get("fp16") else "bf16" if doc.get("bf16") or doc.get("pure_bf16") else "no"


@pytest.mark.parametrize("chunk", [CHATS[:5], CHATS[5:]], ids=["first", "second"])
def test_every_accelerate_file_of_a_models_export_passes_accelerates_launch(tmp_path: Path, chunk: list[tuple[str, ...]]) -> None:
    expected: dict[str, str] = {}
    paths: list[Path] = []
    with_deepspeed = 0
    for i, turns in enumerate(chunk):
        chat = ChatUser()
        for said in turns:
            reply = chat.say(said)
        assert reply.kind == "export", chat.text
        folder = tmp_path / f"m{i}"
        written = _write(folder, dict(reply.files))
        if (folder / "ds_config.json").exists() and (folder / "llamafactory.yaml").exists():
            # LLaMA-Factory's YAML and the JSON it names agree on the precision (or the JSON leaves it "auto")
            ds = json.loads((folder / "ds_config.json").read_text(encoding="utf-8"))
            trainer = _trainer_precision(folder, "llamafactory.yaml")
            assert ds["bf16"]["enabled"] in ("auto", trainer == "bf16") and ds["fp16"]["enabled"] in ("auto", trainer == "fp16")
        for path in written:
            with_deepspeed += "DEEPSPEED" in path.read_text(encoding="utf-8")
            expected[str(path)] = _trainer_precision(folder, "llamafactory_fsdp.yaml" if path.name == "accelerate_fsdp.yaml" else "llamafactory.yaml")
        paths += written
    assert paths and with_deepspeed  # accelerate + DeepSpeed is among what is checked
    results = _launch(paths)
    refused = {p: r for p, r in results.items() if "refused" in r}
    assert not refused, refused
    wrong = {p: (r["precision"], expected[p]) for p, r in results.items() if r["precision"] != expected[p]}
    assert not wrong, wrong
    assert not [r["mismatches"] for r in results.values() if r.get("mismatches")]


@pytest.mark.parametrize(("said", "precision"), [
    ("导一份 accelerate 配置：8 卡，ZeRO-2", "bf16"), ("accelerate config for 4 gpus with deepspeed zero 3", "bf16"),
    ("accelerate + deepspeed config, 8 cards, fp16", "fp16"), ("出一份 accelerate deepspeed 配置，4 卡，fp32", "fp32"),
    ("給我 accelerate 的設定檔，2 張卡，zero1", "bf16"),
])
def test_the_reply_says_the_precision_where_the_deepspeed_json_holds_it(said: str, precision: str) -> None:
    chat = ChatUser()
    reply = chat.say(said)
    files = dict(reply.files)
    assert reply.kind == "export_generic" and "mixed_precision" not in yaml.safe_load(files["accelerate_config.yaml"]), chat.text
    line = next(ln for ln in chat.text.splitlines() if "accelerate_config.yaml" in ln and "DEEPSPEED" in ln)
    assert precision in line and "ds_config.json" in line, chat.text
    assert precision in chat.text.splitlines()[0]  # the header says it too, not "auto"


STUB = textwrap.dedent("""
    import os
    from accelerate.utils import DeepSpeedPlugin
    plugin = DeepSpeedPlugin()  # what Accelerator() builds in each process: accelerate's refusal is raised here
    plugin.set_mixed_precision(os.environ["ACCELERATE_MIXED_PRECISION"])
    ds = plugin.deepspeed_config
    # one write of the whole line: the two ranks share the pipe, and an unbuffered print writes piece by piece, so
    # under load their words interleave ("KASUAN-RANKKASUAN-RANK 0 …"); a write below PIPE_BUF is never split
    line = " ".join(map(str, ("KASUAN-RANK", os.environ["RANK"], plugin.zero_stage, ds["bf16"]["enabled"], ds["fp16"]["enabled"])))
    os.write(1, (line + "\\n").encode())
""")


def test_the_accelerate_command_itself_starts_every_process_of_a_deepspeed_export(tmp_path: Path) -> None:
    """The real `accelerate launch` (its torchrun underneath, on the CPU) with a stand-in train.py that builds
    the DeepSpeed plugin each training process builds: two processes, the JSON's stage and fp16 in each."""
    reply = ChatUser().say("accelerate + deepspeed config, 2 cards, zero 3, fp16")
    assert reply.kind == "export_generic"
    tmp_path = tmp_path / "run"
    _write(tmp_path, dict(reply.files))
    (tmp_path / "train.py").write_text(STUB, encoding="utf-8")
    accelerate = Path(sys.executable).parent / "accelerate"
    proc = subprocess.run([str(accelerate), "launch", "--config_file", "accelerate_config.yaml", "train.py"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=600, check=False,
                          env={**os.environ, "DS_ACCELERATOR": "cpu"})
    ranks = sorted(ln.split()[1:] for ln in proc.stdout.splitlines() if ln.startswith("KASUAN-RANK"))
    assert ranks == [["0", "3", "False", "True"], ["1", "3", "False", "True"]], proc.stdout[-2000:] + proc.stderr[-3000:]
