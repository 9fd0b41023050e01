"""Telegram load: 2,000 updates from 200 chats through the real bot, against the fake Bot API server.

The fake server runs in its own process, like Telegram on its own machine; every update is posted
into it at once ("as fast as it will take them"), and the bot polls them,
answers through the real PacedRateLimiter (PTB's AIORateLimiter underneath) with Telegram's
flood limits, and the fake server answers 429 to any send that would break them, exactly like
Telegram. A few extra 429s are injected and some updates are delivered twice, to prove the bot
waits out a retry_after and answers a redelivered update once.

What is checked and reported:
- every update answered exactly once (bot side: one answer per update id; server side: the number
  of messages accepted equals the messages the replies consist of), redeliveries dropped;
- no 429 left unhandled (every refused send was retried until accepted);
- the accepted send rate against Telegram's limits, counted in sliding windows: at most 30 in any
  second overall, 1 in any second per chat, 20 in any minute per group;
- the bot's own processing time per update (de-duplication + core + rendering, measured where it
  runs; waiting for the rate limiter is not processing), p50 and p99.

Wall time is bound by the overall limit: 2,000 messages at 27/s (our margin under 30/s) is about
74 s whatever the hardware, plus about 1 s for each injected 429 (Telegram's retry_after pauses
every send). `python -m benchmarks.telegram_load` runs it alone.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from bot.adapters import CoreRunner, MemoryDedup
from bot.adapters.telegram import TELEGRAM_LIMITS, TelegramFrontEnd
from bot.core.router import Core
from bot.core.settings import MemorySettings
from bot.messages import Incoming
from bot.text.render import render_reply, split_message
from testkit.fake_telegram import OVERALL_PER_SECOND, TOKEN, windows

PRIVATE_QUESTIONS = [
    "Qwen3-8B QLoRA 一张4090够吗", "qwen3 14b lora on 2 a100", "32B full finetune on 8 cards",
    "llama3.1 8b qlora seq 8k on a 3090", "qwen2.5 72b lora 8卡 A100 zero3 seq 4k", "能按小时租吗？",
    "/size qwen3-32b lora 4x h100-sxm", "deepseek r1 蒸馏 32b 全参 8张H200", "/compare qwen3 8b", "/help",
]
GROUP_QUESTIONS = [
    "@kasuan_bot qwen3 8b lora", "/size qwen3-14b qlora 1x rtx-4090", "@kasuan_bot 7B full on 2 cards",
    "/size@kasuan_bot llama3.1-8b lora seq 4096", "@kasuan_bot 能按周租吗",
]


def _parts(text: str, group: bool) -> int:
    """How many messages the reply to `text` is (a long reply is split at 4096 characters)."""
    reply = Core(MemorySettings()).handle(Incoming(text=text.replace("@kasuan_bot", "").strip(), user_id="1",
                                                   chat_id="1", platform="telegram",
                                                   chat_kind="group" if group else "private"))
    return len(split_message(render_reply(reply, "telegram"), "telegram")) if reply else 0


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(int(q * len(ordered)), len(ordered) - 1)] if ordered else 0.0


async def _serve() -> tuple[asyncio.subprocess.Process, str]:
    """The fake Bot API server in its own process (as Telegram is another machine): its clock and its
    event loop are not the bot's, so what it measures is what a real server would see."""
    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(root), os.environ.get("PYTHONPATH")]))}
    proc = await asyncio.create_subprocess_exec(sys.executable, "-m", "testkit.fake_telegram", "--enforce-limits",
                                                cwd=root, env=env, stdout=asyncio.subprocess.PIPE)
    assert proc.stdout is not None
    url = (await asyncio.wait_for(proc.stdout.readline(), 30)).decode().strip()
    if not url.startswith("http"):
        proc.kill()
        raise RuntimeError("the fake Telegram server did not start")
    return proc, url


async def _run(updates: int, chats: int, groups: int, redelivered: int, injected_429: int,
               timeout: float) -> dict[str, Any]:
    import aiohttp

    per_chat = updates // chats
    private_ids = list(range(10_001, 10_001 + chats - groups))
    group_ids = [-1_000_000_000_000 - i for i in range(1, groups + 1)]
    plan: list[dict[str, Any]] = []
    parts: dict[tuple[str, bool], int] = {}
    for round_ in range(per_chat):
        for chat_id in [*private_ids, *group_ids]:
            group = chat_id < 0
            bank = GROUP_QUESTIONS if group else PRIVATE_QUESTIONS
            text = bank[(round_ + abs(chat_id)) % len(bank)]
            lang = "zh" if any("\u4e00" <= ch <= "\u9fff" for ch in text) else "en"
            plan.append({"chat_id": chat_id, "text": text, "lang": lang, "user_id": abs(chat_id) % 100_000 + 1})
            if (text, group) not in parts:
                parts[(text, group)] = _parts(text, group)
    expected_sends = sum(parts[(m["text"], m["chat_id"] < 0)] for m in plan)

    proc, url = await _serve()
    answered: Counter[int] = Counter()
    timings: list[float] = []

    def on_answered(update_id: int, seconds: float) -> None:
        answered[update_id] += 1
        timings.append(seconds)

    runner = CoreRunner(Core(MemorySettings()), MemoryDedup())
    front = TelegramFrontEnd(TOKEN, runner, base_url=url, on_answered=on_answered, poll_timeout=1.0)
    try:
        await front.start()
        async with aiohttp.ClientSession() as http:
            start = time.monotonic()
            pushed: list[dict[str, Any]] = []
            for i in range(0, len(plan), 250):  # as fast as the server takes them
                async with http.post(f"{url}/_fake/say", json=plan[i:i + 250]) as r:
                    pushed += await r.json()
            async with http.post(f"{url}/_fake/push", json=pushed[:redelivered]):
                pass  # the same update ids again: must not be answered twice
            async with http.post(f"{url}/_fake/fail", json={"method": "sendMessage", "times": injected_429}):
                pass
            deadline = start + timeout
            sent = 0
            while sent < expected_sends and time.monotonic() < deadline:
                await asyncio.sleep(0.25)
                async with http.get(f"{url}/_fake/count") as r:
                    sent = await r.json()
            elapsed = time.monotonic() - start
            await asyncio.sleep(0.5)  # anything answered twice would show up now
            async with http.get(f"{url}/_fake/calls", params={"method": "sendMessage"}) as r:
                calls = await r.json()
            async with http.get(f"{url}/_fake/count", params={"method": "sendPhoto"}) as r:
                photos = await r.json()
    finally:
        await front.stop()
        runner.close()
        proc.terminate()
        await proc.wait()

    sends = [c for c in calls if c["status"] == 200]
    by_chat: dict[int, list[float]] = defaultdict(list)
    for c in sends:
        by_chat[c["chat_id"]].append(c["at"])
    refused = [c for c in calls if c["status"] == 429]
    accepted = Counter((c["chat_id"], c["text"]) for c in sends)
    ids = [u["update_id"] for u in pushed]
    return {
        "updates": len(pushed),
        "chats": chats,
        "groups": groups,
        "redelivered": redelivered,
        "elapsed_s": elapsed,
        "answered_once": sum(1 for i in ids if answered[i] == 1),
        "answered_twice": sum(1 for i in ids if answered[i] > 1),
        "unanswered": sum(1 for i in ids if answered[i] == 0),
        "messages_expected": expected_sends,
        "messages_accepted": len(sends),
        "other_errors": len([c for c in calls if c["status"] not in (200, 429)]),
        "injected_429": injected_429,
        "limit_429": len(refused) - min(injected_429, len(refused)),
        "unhandled_429": sum(1 for c in refused if accepted[(c["chat_id"], c["text"])] == 0),
        "max_per_second": windows([c["at"] for c in sends], 1.0),
        "max_per_chat_second": max((windows(t, 1.0) for c, t in by_chat.items() if c > 0), default=0),
        "max_per_group_minute": max((windows(t, 60.0) for c, t in by_chat.items() if c < 0), default=0),
        "send_rate": len(sends) / elapsed if elapsed else 0.0,
        "pace": TELEGRAM_LIMITS,
        "p50_ms": 1000 * statistics.median(timings) if timings else 0.0,
        "p99_ms": 1000 * _percentile(timings, 0.99),
        "max_ms": 1000 * max(timings, default=0.0),
        "charts_sent": photos,
        "charts_dropped": runner.charts_dropped,
    }


def run(updates: int = 2000, chats: int = 200, groups: int = 50, redelivered: int = 50, injected_429: int = 2,
        timeout: float = 150.0) -> dict[str, Any]:
    """Push the load and measure; see the module docstring for what the figures mean."""
    return asyncio.run(_run(updates, chats, groups, redelivered, injected_429, timeout))


def passed(r: dict[str, Any]) -> bool:
    return (r["answered_once"] == r["updates"] and r["messages_accepted"] == r["messages_expected"]
            and r["unhandled_429"] == 0 and r["max_per_second"] <= OVERALL_PER_SECOND
            and r["max_per_chat_second"] <= 1 and r["max_per_group_minute"] <= 20 and r["other_errors"] == 0)


def report(r: dict[str, Any]) -> str:
    pace = r["pace"]
    return "\n".join([
        f"{r['updates']} updates from {r['chats']} chats ({r['groups']} groups), plus {r['redelivered']} redelivered, "
        f"in {r['elapsed_s']:.1f} s: answered once {r['answered_once']}, twice {r['answered_twice']}, "
        f"never {r['unanswered']}; messages accepted {r['messages_accepted']} of {r['messages_expected']}",
        f"429s: {r['injected_429']} injected, {r['limit_429']} from the server's flood check, "
        f"{r['unhandled_429']} left unhandled; other errors {r['other_errors']}",
        f"send rate {r['send_rate']:.1f}/s (paced at {pace.overall_per_second:g}/s, one per "
        f"{pace.private_interval:g} s a chat, one per {pace.group_interval:g} s a group); busiest windows: "
        f"{r['max_per_second']}/s overall (limit 30), {r['max_per_chat_second']}/s in a chat (limit 1), "
        f"{r['max_per_group_minute']}/min in a group (limit 20)",
        f"bot processing per update: p50 {r['p50_ms']:.2f} ms, p99 {r['p99_ms']:.2f} ms, max {r['max_ms']:.2f} ms",
        f"charts: {r['charts_sent']} sent as photos after their text, {r['charts_dropped']} skipped while "
        f"the chart thread was busy (the text went alone)",
        "PASS" if passed(r) else "FAIL",
    ])


if __name__ == "__main__":
    print(report(run()))
