"""How long one chart takes to draw (issue 12: median < 150 ms per chart), and the one-off set-up.

In-process: the first chart pays for importing matplotlib and registering the CJK font (reported
separately, once per process); each timed run builds the figure and encodes the PNG, as a front end
does when it sends the picture. Also: the export files for one plan, and the planning searches.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from engine.cost import compare
from engine.request import TrainingRequest
from engine.sizing import size

TARGET_MS = 150.0
RUNS = 30
SIZING = TrainingRequest(model="qwen2.5-14b", method="lora", gpu="a100-80g-sxm", num_gpus=2)
COST = TrainingRequest(params_b=32, method="full", num_gpus=8, tokens=20_000_000, epochs=3)


def _median_ms(fn: Callable[[], object], runs: int) -> dict[str, float]:
    """Wall-clock median and max, and the median CPU time of this process (steady when other work
    shares the machine's two cores, which inflates the wall clock)."""
    samples, cpu = [], []
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        fn()
        samples.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    samples.sort()
    return {"median_ms": statistics.median(samples), "max_ms": samples[-1], "cpu_ms": statistics.median(cpu),
            "runs": float(runs)}


def run(runs: int = RUNS) -> dict[str, dict[str, float]]:
    start, start_cpu = time.perf_counter(), time.process_time()
    from bot import charts

    charts._setup()
    setup, setup_cpu = (time.perf_counter() - start) * 1000, (time.process_time() - start_cpu) * 1000
    s = size(SIZING)
    report = compare(COST)
    charts.sizing_chart(s, "zh")  # first draw warms the glyph cache
    out = {"set-up (import + font, once per process)": {"median_ms": setup, "max_ms": setup, "cpu_ms": setup_cpu,
                                                        "runs": 1.0}}
    for lang in ("zh", "en"):
        out[f"memory chart ({lang})"] = _median_ms(lambda lang=lang: charts.sizing_chart(s, lang), runs)  # type: ignore[misc]
        out[f"cost chart ({lang})"] = _median_ms(lambda lang=lang: charts.cost_chart(report, lang), runs)  # type: ignore[misc]
    return out


def other() -> dict[str, dict[str, float]]:
    """Export files for one plan, and the planning searches (not targets; for the README)."""
    from engine.export import export_files, plan_for
    from engine.planning import by_deadline, longest_sequence

    s = size(SIZING)
    now = datetime(2026, 12, 1, tzinfo=UTC)
    job = COST.model_copy(update={"num_gpus": None})
    return {
        "export: all files for one plan": _median_ms(lambda: export_files(plan_for(s)), 50),
        "longest sequence on a 4090 (binary search)": _median_ms(
            lambda: longest_sequence(TrainingRequest(model="qwen3-8b", method="qlora", gpu="rtx-4090")), 10),
        "deadline search (compare at 7 card counts)": _median_ms(
            lambda: by_deadline(job, now + timedelta(hours=3), now), 10),
    }


def report(result: dict[str, dict[str, float]], extra: dict[str, dict[str, float]] | None = None) -> str:
    import os

    lines = [f"  {label:<44} median {r['median_ms']:.1f} ms (CPU {r['cpu_ms']:.1f} ms), max {r['max_ms']:.1f} ms "
             f"({r['runs']:.0f} runs)" for label, r in result.items()]
    lines.append(f"  load average during the run: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    worst = max(r["median_ms"] for label, r in result.items() if "chart" in label)
    verdict = "meets" if worst < TARGET_MS else "MISSES"
    lines.append(f"  slowest chart median {worst:.1f} ms {verdict} the {TARGET_MS:g} ms target")
    for label, r in (extra or {}).items():
        lines.append(f"  {label:<44} median {r['median_ms']:.1f} ms")
    return "\n".join(lines)


if __name__ == "__main__":
    print(report(run(), other()))
