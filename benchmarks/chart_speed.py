"""How long a chart takes (issue 12: median < 150 ms per chart), cold and cached, and what a burst of
charts does to the text answers (issue 20: drawn in a worker process, it must not slow them).

- in-process draw: figure + PNG in this process, per kind and language (the console's path);
- worker: a fresh bot.charts.worker.ChartWorker: its cold start (spawn, import, fonts, first chart),
  then distinct charts one at a time (uncached: submit to PNG), then the same charts again (cached);
- text answers during a burst: the latency of text questions through CoreRunner while a burst of
  distinct charts is being drawn, against the same questions with no charts, and against the old
  way (charts on a thread of this process) for contrast.
Also: the export files for one plan, and the planning searches.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from engine.request import TrainingRequest
from engine.sizing import size

TARGET_MS = 150.0
RUNS = 20
SIZING = TrainingRequest(model="qwen2.5-14b", method="lora", gpu="a100-80g-sxm", num_gpus=2)
COST = TrainingRequest(params_b=32, method="full", num_gpus=8, tokens=20_000_000, epochs=3)
BURST = [f"/size qwen3-{m} {method} {n} cards" for m in ("8b", "14b", "32b") for method in ("lora", "full")
         for n in (1, 2, 4, 8)]  # 24 distinct charts
TEXTS = ["qwen3 8b lora on a 4090", "/gpus", "32B full on 8 cards", "/cost 7b lora 1 card 10k samples", "/help",
         "72B full on 8 H100", "qwen2.5 14b qlora 一张 3090", "/models"]


def _stats(samples: list[float]) -> dict[str, float]:
    s = sorted(samples)
    p95 = s[min(len(s) - 1, round(0.95 * (len(s) - 1)))]
    return {"median_ms": statistics.median(s) * 1000, "p95_ms": p95 * 1000, "max_ms": s[-1] * 1000,
            "runs": float(len(s))}


def _timed(fn: Callable[[], object], runs: int) -> dict[str, float]:
    """Wall-clock median and p95, and the median CPU time of this process (steadier when other work
    shares the machine's cores, which inflates the wall clock)."""
    samples, cpu = [], []
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        fn()
        samples.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return _stats(samples) | {"cpu_ms": statistics.median(cpu) * 1000}


def _replies(texts: list[str]) -> list[Any]:
    from bot.core.router import Core
    from bot.core.settings import MemorySettings
    from bot.messages import Incoming

    core = Core(MemorySettings())
    out = [core.handle(Incoming(text=t, user_id="u", chat_id="u")) for t in texts]
    return [r for r in out if r is not None and r.chart is not None]


def in_process(runs: int = RUNS) -> dict[str, dict[str, float]]:
    start = time.perf_counter()
    from bot.charts import figures as charts

    charts.warm()
    out = {"in-process set-up (import + fonts, once)": _stats([time.perf_counter() - start])}
    for lang, texts in (("zh", ["Qwen2.5-14B LoRA 2张A100", "/cost 32B 全参 8卡 2000万 token 3 轮"]),
                        ("en", ["Qwen2.5-14B LoRA on 2 A100s", "/cost 32B full finetune on 8 cards, 20M tokens, 3 epochs"])):
        memory, cost = _replies(texts)
        out[f"in-process memory chart ({lang})"] = _timed(lambda c=memory.chart: charts.draw(c), runs)  # type: ignore[misc]
        out[f"in-process cost chart ({lang})"] = _timed(lambda c=cost.chart: charts.draw(c), runs)  # type: ignore[misc]
    return out


async def _worker() -> dict[str, dict[str, float]]:
    from bot.charts.worker import ChartWorker

    charts_ = [r.chart for r in _replies(BURST)]
    worker = ChartWorker(workers=1)
    try:
        start = time.perf_counter()
        await worker.draw(charts_[0])
        cold = time.perf_counter() - start
        uncached = []
        for c in charts_[1:]:
            start = time.perf_counter()
            await worker.draw(c)
            uncached.append(time.perf_counter() - start)
        cached = []
        for c in charts_ * 4:
            start = time.perf_counter()
            await worker.draw(c)
            cached.append(time.perf_counter() - start)
    finally:
        worker.close()
    return {"worker cold start + first chart": _stats([cold]), "worker chart, uncached (submit to PNG)":
            _stats(uncached), "worker chart, cached": _stats(cached)}


async def _text_latency(mode: str) -> dict[str, float]:
    """Text answers while `mode` charts are drawn: none, worker (a process) or thread (this process)."""
    from bot.adapters import CoreRunner
    from bot.charts.worker import ChartWorker
    from bot.core.router import Core
    from bot.core.settings import MemorySettings
    from bot.messages import Incoming

    runner = CoreRunner(Core(MemorySettings()))
    runner.chart_worker = worker = ChartWorker(workers=1)
    try:
        await asyncio.wrap_future(worker.start())
        burst = [r for r in [await runner.handle(Incoming(text=q, user_id="b", chat_id="b")) for q in BURST] if r]
        if mode == "thread":
            for r in burst:
                r.chart = lambda c=r.chart: c()  # a plain callable: drawn on CoreRunner's chart thread, in-process
        pending = [asyncio.ensure_future(runner.picture(r)) for r in burst] if mode != "none" else []
        await asyncio.sleep(0.05)  # the burst is under way
        samples = []
        for round_ in range(8):
            for q in TEXTS:
                start = time.perf_counter()
                await runner.handle(Incoming(text=q, user_id=f"u{round_}", chat_id=f"u{round_}"))
                samples.append(time.perf_counter() - start)
        still = sum(not f.done() for f in pending)
        await asyncio.gather(*pending)
        out = _stats(samples)
        out["charts_still_drawing"] = float(still)
        return out
    finally:
        worker.close()
        runner.close()


def run(runs: int = RUNS) -> dict[str, dict[str, float]]:
    out = in_process(runs)
    out |= asyncio.run(_worker())
    for mode in ("none", "worker", "thread"):
        label = {"none": "text answers, no charts", "worker": "text answers during a burst (worker process)",
                 "thread": "text answers during a burst (thread, old way)"}[mode]
        out[label] = asyncio.run(_text_latency(mode))
    return out


def other() -> dict[str, dict[str, float]]:
    """Export files for one plan, and the planning searches (not targets; for the README)."""
    from engine.export import export_files, plan_for
    from engine.planning import by_deadline, longest_sequence

    s = size(SIZING)
    now = datetime(2026, 12, 1, tzinfo=UTC)
    job = COST.model_copy(update={"num_gpus": None})
    return {
        "export: all files for one plan": _timed(lambda: export_files(plan_for(s)), 50),
        "longest sequence on a 4090 (binary search)": _timed(
            lambda: longest_sequence(TrainingRequest(model="qwen3-8b", method="qlora", gpu="rtx-4090")), 10),
        "deadline search (compare at 7 card counts)": _timed(
            lambda: by_deadline(job, now + timedelta(hours=3), now), 10),
    }


def report(result: dict[str, dict[str, float]], extra: dict[str, dict[str, float]] | None = None) -> str:
    import os

    lines = []
    for label, r in result.items():
        line = f"  {label:<48} median {r['median_ms']:.1f} ms, p95 {r['p95_ms']:.1f} ms ({r['runs']:.0f} runs)"
        if "cpu_ms" in r:
            line += f", CPU {r['cpu_ms']:.1f} ms"
        if "charts_still_drawing" in r:
            line += f"; {r['charts_still_drawing']:.0f} of {len(BURST)} charts still drawing after the last text"
        lines.append(line)
    lines.append(f"  load average during the run: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    drawn = [r for label, r in result.items() if label.startswith("in-process") and "chart" in label]
    wall, cpu = max(r["median_ms"] for r in drawn), max(r["cpu_ms"] for r in drawn)
    lines.append(f"  slowest chart: CPU median {cpu:.1f} ms ({'meets' if cpu < TARGET_MS else 'MISSES'} the "
                 f"{TARGET_MS:g} ms target), wall-clock median {wall:.1f} ms "
                 f"({'meets' if wall < TARGET_MS else 'misses'} it at this load)")
    for label, r in (extra or {}).items():
        lines.append(f"  {label:<48} median {r['median_ms']:.1f} ms")
    return "\n".join(lines)


if __name__ == "__main__":
    print(report(run(), other()))
