"""Readying a long-running process before its first message: load, then freeze.

Why: the catalogs, the FAQ index, the templates and the compiled patterns load on first use and
then live as long as the process. Loaded by the first message, they made that reply slow (the
loading is most of it); left in the collector's generations, every full collection walked all of
them again, a pause of about 50 ms on this machine that landed on some unlucky reply. A few
messages of each kind, answered by a core of its own on an in-memory store (the real store is
never touched) and rendered in every flavour, load them all; gc.freeze() then moves everything
alive into the permanent generation the collector never scans.
"""

from __future__ import annotations

import gc

# one message per path that loads something of its own: sizing with prices, cost with a dataset,
# a FAQ entry, a wallet rule, an export
WARM_MESSAGES = (
    "qwen3 8b qlora 一张4090够吗",
    "32B full finetune on 8 H100s, 20M tokens, 3 epochs, how much",
    "能按小时租吗？",
    "余额不足会怎样",
    "导出 qwen3 8b lora 的 llamafactory 配置",
)
FLAVORS = ("plain", "telegram", "discord")


def settle_long_running() -> None:
    """Load what every reply reads, then freeze it out of the collector's passes."""
    from bot.clock import SystemClock
    from bot.core.app import build_core
    from bot.messages import Incoming
    from bot.store import connect
    from bot.text.render import render_reply

    store = connect(":memory:")
    try:
        core = build_core(store, SystemClock())
        for i, text in enumerate(WARM_MESSAGES):
            reply = core.handle(Incoming(text=text, user_id="warm", chat_id=f"warm-{i}"))
            if reply is not None:
                for flavor in FLAVORS:
                    render_reply(reply, flavor)
    finally:
        store.close()
    gc.collect()
    gc.freeze()
