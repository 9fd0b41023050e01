"""A hostile model name cannot run a command or break a file.

config.json files are downloaded from model hubs, and its `_name_or_path` (or the folder's own
name) reaches the headers, the YAML and the launch scripts. Every launch script is run here with
stub launchers first on PATH (they only record their argv); the names try to run `touch` through a
newline, `$()`, backticks, quotes, a semicolon and Unicode line separators, and no file they would
create may exist afterwards.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from bot.cli import main

CONFIG = {"model_type": "qwen2", "num_hidden_layers": 24, "hidden_size": 896, "intermediate_size": 4864,
          "num_attention_heads": 14, "num_key_value_heads": 2, "vocab_size": 151936, "tie_word_embeddings": True,
          "max_position_embeddings": 32768}
LAUNCHERS = ("llamafactory-cli", "torchrun", "accelerate", "deepspeed")
STUB = """#!{python}
import json, os, sys
env = {{k: os.environ.get(k) for k in ("FORCE_TORCHRUN", "NPROC_PER_NODE", "NNODES", "NODE_RANK", "MASTER_ADDR")}}
with open(os.environ["STUB_LOG"], "a", encoding="utf-8") as f:
    f.write(json.dumps({{"argv": [os.path.basename(sys.argv[0]), *sys.argv[1:]], "env": env}}) + "\\n")
"""


def hostile(tag: str) -> str:
    """A name with every way out of a comment or a quoted word, each trying to create pwned-<tag>-N."""
    return (f"evil\n touch pwned-{tag}-1\n$(touch pwned-{tag}-2)`touch pwned-{tag}-3`'; touch pwned-{tag}-4;'"
            f"\"; touch pwned-{tag}-5; \"\r touch pwned-{tag}-6\u2028touch pwned-{tag}-7\u2029x\x85touch "
            f"pwned-{tag}-8 \x1b[2J\u202e: #")


def stubs(tmp: Path) -> Path:
    bin_dir = tmp / "bin"
    bin_dir.mkdir()
    for name in LAUNCHERS:
        path = bin_dir / name
        path.write_text(STUB.format(python=sys.executable), encoding="utf-8")
        path.chmod(0o755)
    return bin_dir


def export(tmp: Path, folder: str, name_or_path: str, out: Path, *flags: str) -> None:
    ckpt = tmp / folder
    ckpt.mkdir()
    (ckpt / "config.json").write_text(json.dumps({**CONFIG, "_name_or_path": name_or_path}), encoding="utf-8")
    assert main(["export", "--config", str(ckpt / "config.json"), *flags, "--out", str(out)]) == 0


@pytest.mark.parametrize("flags", [("--method", "lora", "--gpu", "4090"),
                                   ("--method", "full", "--gpu", "h100", "--gpus", "16", "--zero", "3")])
def test_hostile_names_run_nothing_and_every_file_still_parses(tmp_path: Path, flags: tuple[str, ...],
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / f"out {hostile('dir')}"
    folder = hostile("folder")
    export(tmp_path, folder, hostile("name"), out, *flags)
    capsys.readouterr()
    bin_dir = stubs(tmp_path)
    log = tmp_path / "argv.log"
    scripts = sorted(out.glob("launch_*.sh"))
    assert [s.name for s in scripts] == ["launch_accelerate.sh", "launch_llamafactory.sh", "launch_torchrun.sh"]
    env = {"PATH": f"{bin_dir}{os.pathsep}/usr/bin:/bin", "STUB_LOG": str(log), "NODE_RANK": "0",
           "MASTER_ADDR": "10.0.0.1", "HOME": str(tmp_path)}
    for script in scripts:
        proc = subprocess.run(["bash", str(script)], cwd=tmp_path, env=env, capture_output=True, text=True,
                              timeout=60)
        assert proc.returncode == 0, proc.stderr
        assert proc.stderr == "" and proc.stdout == ""
    calls = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    # each script ran its launcher once, and only that
    assert [c["argv"][0] for c in calls] == ["accelerate", "llamafactory-cli", "torchrun"]
    multi = "16" in flags
    assert calls[1]["argv"] == ["llamafactory-cli", "train", "llamafactory.yaml"]
    assert calls[2]["argv"][-3:] == ["-m", "llamafactory.launcher", "llamafactory.yaml"]
    assert calls[0]["argv"][-1] == "llamafactory_fsdp.yaml"
    if multi:
        assert calls[1]["env"] == {"FORCE_TORCHRUN": "1", "NPROC_PER_NODE": "8", "NNODES": "2", "NODE_RANK": "0",
                                   "MASTER_ADDR": "10.0.0.1"}
        assert calls[2]["argv"][1:5] == ["--nnodes", "2", "--node_rank", "0"]
    # no injected command ran, anywhere
    assert not [p for p in tmp_path.rglob("pwned*")], "an injected command ran"
    # every file still parses, and the path to train is the folder exactly as it is named
    lf = yaml.safe_load((out / "llamafactory.yaml").read_text(encoding="utf-8"))
    assert lf["model_name_or_path"] == str((tmp_path / folder).resolve())
    assert "\n" not in lf["output_dir"] and ":" not in lf["output_dir"] and ".." not in lf["output_dir"]
    assert yaml.safe_load((out / "llamafactory_fsdp.yaml").read_text(encoding="utf-8"))["model_name_or_path"] == (
        lf["model_name_or_path"])
    assert yaml.safe_load((out / "accelerate_fsdp.yaml").read_text(encoding="utf-8"))["num_processes"] == (
        16 if multi else 1)
    if multi:
        ds = json.loads((out / "ds_config.json").read_text(encoding="utf-8"))
        assert ds["zero_optimization"]["stage"] == 3
    assert json.loads((out / "dataset_info.json").read_text(encoding="utf-8"))  # the demo data parses too
    for path in out.iterdir():
        text = path.read_text(encoding="utf-8")
        if path.name in ("dataset_info.json", "kasuan_demo_sft.json"):
            continue  # written by json.dumps from the catalog, no name in them
        if path.suffix == ".json":
            head = json.loads(text)["_kasuan"]
        else:  # the header: the comment block up to the first blank line, every line still a comment
            head = text.split("\n\n", 1)[0].splitlines()
            assert all(ln.startswith("#") for ln in head), path.name
        assert any(ln.lstrip("# ").startswith("model: evil") for ln in head), path.name
        for ch in ("\r", "\x85", "\u2028", "\u2029", "\x1b", "\u202e"):
            assert not any(ch in ln for ln in head), (path.name, ch)
        if path.suffix == ".sh":
            subprocess.run(["bash", "-n", str(path)], check=True)
