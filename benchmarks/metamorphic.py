"""Metamorphic invariance: ten thousand generated variants of the base requests in testkit/variants.py
(punctuation, fillers, clause order, number words, full-width digits, case, spaces, an @mention, card
spellings and their misspellings) must each read as their base states. Reports the invariance (target >= 99.5%) and prints
the variants that read differently, so a failure names the phrasing to understand, not to list."""

from __future__ import annotations

import random
import time

from testkit.variants import BASES, check, variant

SEED = 18
RUNS = 10_000
TARGET = 0.995


def run(runs: int = RUNS, seed: int = SEED) -> dict[str, object]:
    rng = random.Random(seed)
    failures: list[tuple[str, str]] = []
    timings: list[float] = []
    for _ in range(runs):
        base = rng.choice(BASES)
        text = variant(base, rng)
        start = time.perf_counter()
        problem = check(base, text)
        timings.append(time.perf_counter() - start)
        if problem is not None:
            failures.append((text, problem))
    timings.sort()
    return {"runs": runs, "bases": len(BASES), "failures": failures,
            "invariance": 1 - len(failures) / runs, "p99_ms": timings[int(len(timings) * 0.99)] * 1000}


def report(result: dict[str, object]) -> str:
    failures = result["failures"]
    assert isinstance(failures, list)
    invariance = float(result["invariance"])  # type: ignore[arg-type]
    lines = [f"{result['runs']} variants of {result['bases']} base requests: invariance {invariance:.2%} "
             f"(target {TARGET:.1%}) {'PASS' if invariance >= TARGET else 'FAIL'}; parse p99 {result['p99_ms']:.2f} ms"]
    lines += [f"  differs: {text!r} -> {problem}" for text, problem in failures[:40]]
    return "\n".join(lines)


if __name__ == "__main__":
    print(report(run()))
