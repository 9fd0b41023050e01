"""How much work one sizing question and one cost question do, counted (issue 21): function calls,
memory estimates (engine.memory.estimate) and billing quotes (engine.billing.quote) per question,
read from cProfile so every import binding is counted, plus the in-process median time.

Through the chat core, as a user asks: the reply's text is rendered, so the views' work counts too.
"""

from __future__ import annotations

import cProfile
import importlib
import pstats
import statistics
import time
from typing import Any

from bot.core.router import Core
from bot.messages import Incoming
from bot.text.render import render_reply

QUESTIONS = {
    "sizing: 32B full finetune on 8 cards": "32B full finetune on 8 cards",
    "sizing: Qwen3-8B QLoRA 一张4090够吗": "Qwen3-8B QLoRA 一张4090够吗",
    "cost: 32B full, 8 cards, 20M tokens × 3, how much": "32B full finetune on 8 cards, 20M tokens, 3 epochs, how much does it cost",
    "cost: Qwen3-8B LoRA 1M tokens 多少钱": "Qwen3-8B LoRA 训练 1M tokens 要多少钱",
}
COUNTED = {"estimate": "engine/memory.py", "quote": "billing"}


def _ask(core: Core, text: str) -> None:
    reply = core.handle(Incoming(text=text, user_id="bench", chat_id="bench"))
    if reply is not None:
        render_reply(reply, "plain")


def _forget_prices() -> None:
    """Empty the per-setup price caches, as for setups no earlier question asked about."""
    for module, name in (("engine.advice", "setup_rate"), ("bot.views.summary", "_setup_rate"),
                         ("bot.views.price", "unit_prices")):
        try:
            cached = getattr(importlib.import_module(module), name, None)
        except ModuleNotFoundError:  # measuring the code before engine/advice.py existed
            continue
        if cached is not None:
            cached.cache_clear()


def counts(text: str) -> dict[str, Any]:
    """Calls, memory estimates and billing quotes for one question: catalogs and templates warm, a
    fresh chat, the price caches empty (a setup asked about for the first time)."""
    core = Core()
    _ask(core, text)  # warm catalogs and templates
    core = Core()
    _forget_prices()
    prof = cProfile.Profile()
    prof.enable()
    _ask(core, text)
    prof.disable()
    stats = pstats.Stats(prof)
    found = {"calls": stats.total_calls, "estimates": 0, "quotes": 0}  # type: ignore[attr-defined]
    for (path, _line, name), (_cc, nc, *_rest) in stats.stats.items():  # type: ignore[attr-defined]
        if name == "estimate" and path.replace("\\", "/").endswith("engine/memory.py"):
            found["estimates"] += nc
        if name == "quote" and "engine/billing" in path.replace("\\", "/"):
            found["quotes"] += nc
    return found


def median_ms(text: str, runs: int = 30) -> float:
    """Median in-process time of the question in a fresh chat, price caches warm."""
    core = Core()
    _ask(core, text)
    samples = []
    for _ in range(runs):
        core = Core()
        start = time.perf_counter()
        _ask(core, text)
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples)


def run(runs: int = 30) -> dict[str, dict[str, Any]]:
    return {label: counts(text) | {"median_ms": median_ms(text, runs)} for label, text in QUESTIONS.items()}


if __name__ == "__main__":
    for label, r in run().items():
        print(f"  {label:<52} calls {r['calls']:>7}, estimates {r['estimates']:>4}, quotes {r['quotes']:>4}, "
              f"median {r['median_ms']:.2f} ms")
