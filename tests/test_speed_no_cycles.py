"""A message's answer leaves nothing for the cyclic collector: what it built goes when the reply does.

Why: objects in a reference cycle outlive their use until the collector runs, and they count towards its
next pass. A sizing's memo held its sizings and each sizing the memo; a price list's refusal held its
traceback, so every frame of the answer with all its locals; the billing walk named itself through its
closure; a template's macros closed over the context that held them. Together some 230 objects a message:
a young-generation pass every third message and an older one every fiftieth, a few milliseconds landing on
whichever reply was being answered (benchmarks.speed's whole path, its tail). Each test fails on the cycle
it names coming back.
"""

from __future__ import annotations

import gc
from collections import Counter
from collections.abc import Callable
from datetime import timedelta

from bot.core.router import Core
from bot.messages import Incoming
from bot.text.render import FLAVORS, render_reply


def _garbage(fn: Callable[[], object]) -> Counter[str]:
    """The types of what `fn` left that only the cyclic collector frees."""
    fn()  # loaded and cached first: what stays by design is no garbage
    gc.collect()
    gc.disable()
    try:
        fn()
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.collect()
        return Counter(type(o).__name__ for o in gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()


def _answered(texts: tuple[str, ...]) -> Callable[[], None]:
    core = Core()

    def answer() -> None:
        for i, text in enumerate(texts):
            reply = core.handle(Incoming(text=text, user_id="cycles", chat_id=f"cycles-{i}"))
            assert reply is not None
            for flavor in FLAVORS:
                render_reply(reply, flavor)
    return answer


CYCLED = ("Sizing", "EstimateMemo", "Planner", "frame", "traceback", "Macro", "function")


def test_a_sizing_and_a_price_leave_no_cycle_of_memo_frames_or_macros() -> None:
    left = _garbage(_answered(("qwen3 8b qlora 一张4090够吗", "H100 一个月多少钱")))
    assert not {k: v for k, v in left.items() if k in CYCLED}, left


def test_a_cost_leaves_no_cycle_of_memo_or_frames() -> None:
    """(Its template imports its macros `with context`: Jinja builds that module for each render, its macros
    closing over its own context, a cycle render() does not reach; the rest goes.)"""
    left = _garbage(_answered(("32B full finetune on 8 H100s, 20M tokens, 3 epochs, how much",)))
    assert not {k: v for k, v in left.items() if k in CYCLED[:5]}, left


def test_the_cheapest_mix_of_cycles_leaves_no_closure() -> None:
    from engine.billing.pricing import quote

    assert not _garbage(lambda: quote("gpuli", "RTX 4090", 1, timedelta(days=40)))["function"]


def test_a_refused_provider_keeps_no_frames() -> None:
    from engine.price_list import setup_prices

    prices = setup_prices("H100", 8, timedelta(days=30))
    assert prices.refused, "a provider that does not rent 8 × H100 (the case this test is about)"
    assert all(r.refusal is not None and r.refusal.__traceback__ is None for r in prices.refused)
    assert not _garbage(lambda: setup_prices("H100", 8, timedelta(days=30)))["frame"]
