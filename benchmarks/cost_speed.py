"""How long one cost comparison takes: `compare()` across every provider and card (issue 3: median < 5 ms).

In-process, catalogs loaded once before timing (loading YAML is start-up cost, not per question).
The request is the seed's worked example with no card named, so every provider's every card is
sized, timed from FLOPs and quoted: the most work a single cost question does.
"""

from __future__ import annotations

import statistics
import time

from engine.cost import compare
from engine.request import TrainingRequest

TARGET_MS = 5.0
RUNS = 300
REQUESTS = {
    "32B full, 8 cards, 20M tokens × 3": TrainingRequest(
        params_b=32, method="full", num_gpus=8, tokens=20_000_000, epochs=3
    ),
    "Qwen3-8B LoRA, any count, 1M tokens": TrainingRequest(model="qwen3-8b", method="lora", tokens=1_000_000),
    "72B LoRA, any count, shortest rental": TrainingRequest(params_b=72, method="lora"),
}


def _time(request: TrainingRequest, runs: int) -> dict[str, float]:
    compare(request)  # warm: catalogs, provider files, currency rates
    samples: list[float] = []
    for _ in range(runs):
        start = time.perf_counter()
        compare(request)
        samples.append((time.perf_counter() - start) * 1000)
    samples.sort()
    return {
        "median_ms": statistics.median(samples),
        "p90_ms": samples[int(0.9 * (len(samples) - 1))],
        "max_ms": samples[-1],
        "runs": float(runs),
    }


def run(runs: int = RUNS) -> dict[str, dict[str, float]]:
    """Median, p90 and max of one full compare() per request (at least 200 runs each)."""
    return {label: _time(req, max(runs, 200)) for label, req in REQUESTS.items()}


def report(result: dict[str, dict[str, float]]) -> str:
    """One line per request, and whether the slowest median meets the target."""
    lines = []
    for label, r in result.items():
        lines.append(f"  {label:<38} median {r['median_ms']:.3f} ms, p90 {r['p90_ms']:.3f} ms, "
                     f"max {r['max_ms']:.2f} ms ({r['runs']:.0f} runs)")
    worst = max(r["median_ms"] for r in result.values())
    verdict = "meets" if worst < TARGET_MS else "MISSES"
    lines.append(f"  slowest median {worst:.3f} ms {verdict} the {TARGET_MS:g} ms target")
    return "\n".join(lines)


if __name__ == "__main__":
    print(report(run()))
