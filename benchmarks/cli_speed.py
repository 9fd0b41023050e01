"""Whole-process speed of `kasuan size --json`: a new Python process each run, as a user or a
script calls it (interpreter start, imports, catalogs, sizing, JSON). Target: median < 0.25 s
over 20 runs. The first, untimed run fills the catalog cache (engine/yamlcache.py).

`compare()` runs it side by side with fitcheck-llm 0.3.1's CLI (issue 21, item 6: at most 0.6× its
time), pair by pair: each pair runs both tools back to back on the same Qwen3-8B QLoRA question, so
a busy moment on the machine slows both halves of a pair alike. fitcheck reads the model's
config.json from a Hugging Face cache laid out in a temporary folder, offline; KaSuan reads the same
file with `--config`, so both start from one file and neither touches the network.

Each run is timed twice: wall clock (what a user waits) and the CPU the process used (user + system,
from the kernel), which a busy machine disturbs far less, so the CPU ratio is the steadier figure on
a shared host. Both tools run from bytecode: PYTHONDONTWRITEBYTECODE is dropped from their
environment, since an installed tool (fitcheck's site-packages) has its .pyc files and a checkout
that may not write them recompiles every module on every run.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RUNS = 20
ARGS = ("size", "--json", "--model", "qwen3-8b", "--method", "qlora", "--gpu", "4090")
PAIRS = 15
REPO = "Qwen/Qwen3-8B"
SNAPSHOT = "0" * 40  # any commit hash: the cache only needs refs/main to name a snapshot folder
# Qwen3-8B's published config.json fields that either tool reads (catalogs/models.yaml, qwen3-8b).
QWEN3_8B_CONFIG = {
    "architectures": ["Qwen3ForCausalLM"], "model_type": "qwen3", "hidden_size": 4096,
    "intermediate_size": 12288, "num_hidden_layers": 36, "num_attention_heads": 32,
    "num_key_value_heads": 8, "head_dim": 128, "vocab_size": 151936, "tie_word_embeddings": False,
    "max_position_embeddings": 40960, "torch_dtype": "bfloat16", "hidden_act": "silu", "rms_norm_eps": 1e-06,
}


def command() -> list[str]:
    """The installed `kasuan` script next to this interpreter, else `python -m bot.cli`."""
    script = Path(sys.executable).with_name("kasuan")
    return [str(script), *ARGS] if script.exists() else [sys.executable, "-m", "bot.cli", *ARGS]


def _env(**extra: str) -> dict[str, str]:
    env = {**os.environ, **extra}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def _run_timed(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one run of `cmd`, output discarded."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)  # reaped here: Popen must not wait on it again
    return time.perf_counter() - start, usage.ru_utime + usage.ru_stime


def _timed(cmd: list[str], env: dict[str, str]) -> float:
    return _run_timed(cmd, env)[0]


def run(runs: int = RUNS) -> dict[str, float]:
    cmd = command()
    env = _env()
    subprocess.run(cmd, check=True, capture_output=True, env=env)  # warm: the cache and the OS file cache
    times = sorted(_timed(cmd, env) for _ in range(runs))
    return {"runs": runs, "median_s": statistics.median(times), "min_s": times[0], "max_s": times[-1]}


def report(r: dict[str, float]) -> str:
    return (f"`kasuan {' '.join(ARGS)}`: median {r['median_s']:.3f} s over {r['runs']:.0f} runs "
            f"(min {r['min_s']:.3f}, max {r['max_s']:.3f})")


def _hf_cache(root: Path) -> Path:
    """A Hugging Face hub cache holding only REPO's config.json; returns the file's path."""
    repo = root / "hub" / f"models--{REPO.replace('/', '--')}"
    snapshot = repo / "snapshots" / SNAPSHOT
    snapshot.mkdir(parents=True)
    (repo / "refs").mkdir()
    (repo / "refs" / "main").write_text(SNAPSHOT, encoding="utf-8")
    config = snapshot / "config.json"
    config.write_text(json.dumps(QWEN3_8B_CONFIG), encoding="utf-8")
    return config


def compare(pairs: int = PAIRS) -> dict[str, float] | None:
    """Median seconds of each tool and the per-pair ratios (KaSuan / fitcheck); None without fitcheck."""
    fitcheck = shutil.which("fitcheck", path=str(Path(sys.executable).parent)) or shutil.which("fitcheck")
    if fitcheck is None:
        return None
    with tempfile.TemporaryDirectory(prefix="ks-fitcheck-") as tmp:
        config = _hf_cache(Path(tmp))
        env = _env(HF_HOME=tmp, HF_HUB_OFFLINE="1", HF_HUB_DISABLE_TELEMETRY="1")
        theirs = [fitcheck, REPO, "--qlora", "--seq-len", "2048", "--batch-size", "1", "--gpu", "4090", "--json"]
        ours = [*command()[: -len(ARGS)], "size", "--json", "--config", str(config), "--method", "qlora",
                "--gpu", "4090", "--seq-len", "2048", "--micro-batch", "1"]
        check = subprocess.run(theirs, capture_output=True, env=env, text=True)
        if not check.stdout.lstrip().startswith("{"):
            raise RuntimeError(f"fitcheck gave no JSON: {check.stderr[-400:]}")
        subprocess.run(ours, check=True, capture_output=True, env=env)  # warm both, untimed
        k_times, f_times, ratios, k_cpu, f_cpu, cpu_ratios = [], [], [], [], [], []
        for i in range(pairs):
            order = (ours, theirs) if i % 2 == 0 else (theirs, ours)  # alternate who goes first
            first, second = _run_timed(order[0], env), _run_timed(order[1], env)
            k, f = (first, second) if order[0] is ours else (second, first)
            k_times.append(k[0])
            f_times.append(f[0])
            ratios.append(k[0] / f[0])
            k_cpu.append(k[1])
            f_cpu.append(f[1])
            cpu_ratios.append(k[1] / f[1])
    return {"pairs": pairs, "kasuan_s": statistics.median(k_times), "fitcheck_s": statistics.median(f_times),
            "ratio_median": statistics.median(ratios), "ratio_min": min(ratios), "ratio_max": max(ratios),
            "kasuan_cpu_s": statistics.median(k_cpu), "fitcheck_cpu_s": statistics.median(f_cpu),
            "cpu_ratio_median": statistics.median(cpu_ratios), "cpu_ratio_min": min(cpu_ratios),
            "cpu_ratio_max": max(cpu_ratios), "load": os.getloadavg()[0]}


def compare_report(r: dict[str, float] | None) -> str:
    if r is None:
        return "fitcheck-llm is not installed: no side-by-side figure"
    return (f"over {r['pairs']:.0f} pairs: kasuan {r['kasuan_s']:.3f} s, fitcheck {r['fitcheck_s']:.3f} s (medians); "
            f"ratio kasuan/fitcheck median {r['ratio_median']:.2f} (min {r['ratio_min']:.2f}, max {r['ratio_max']:.2f}; "
            f"target <= 0.60); CPU kasuan {r['kasuan_cpu_s']:.3f} s, fitcheck {r['fitcheck_cpu_s']:.3f} s, "
            f"ratio median {r['cpu_ratio_median']:.2f} (min {r['cpu_ratio_min']:.2f}, max {r['cpu_ratio_max']:.2f}); "
            f"load {r['load']:.1f}")


if __name__ == "__main__":
    print(report(run()))
    print(compare_report(compare()))
