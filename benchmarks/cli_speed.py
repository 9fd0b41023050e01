"""Whole-process speed of `kasuan size --json`: a new Python process each run, as a user or a
script calls it (interpreter start, imports, catalogs, sizing, JSON). Target: median < 0.25 s
over 20 runs. The first, untimed run fills the catalog cache (engine/yamlcache.py).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

RUNS = 20
ARGS = ("size", "--json", "--model", "qwen3-8b", "--method", "qlora", "--gpu", "4090")


def command() -> list[str]:
    """The installed `kasuan` script next to this interpreter, else `python -m bot.cli`."""
    script = Path(sys.executable).with_name("kasuan")
    return [str(script), *ARGS] if script.exists() else [sys.executable, "-m", "bot.cli", *ARGS]


def run(runs: int = RUNS) -> dict[str, float]:
    cmd = command()
    env = dict(os.environ)
    subprocess.run(cmd, check=True, capture_output=True, env=env)  # warm: the cache and the OS file cache
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True, env=env)
        times.append(time.perf_counter() - start)
    times.sort()
    return {"runs": runs, "median_s": statistics.median(times), "min_s": times[0], "max_s": times[-1]}


def report(r: dict[str, float]) -> str:
    return (f"`kasuan {' '.join(ARGS)}`: median {r['median_s']:.3f} s over {r['runs']:.0f} runs "
            f"(min {r['min_s']:.3f}, max {r['max_s']:.3f})")


if __name__ == "__main__":
    print(report(run()))
