"""Hostile input through the whole chat core: no traceback, no apology with an error id, valid output.

A fixed-seed corpus (bounded, in process, no network) of what breaks parsers: money in every shape
("1,5", "5,00", "1e30", "NaN", "99999999999999999999", full-width digits, 万), absurd counts and
lengths (10^20 tokens, seq 10^20, 99,999,999,999 cards), long digit runs, forged and stale button
payloads, commands with junk arguments, random unicode and markup meant to break HTML. Each goes
through the same router the bots use (wallet included, on an in-memory database), as a private
message and as a group message, and each reply is rendered in all three flavors: Telegram HTML
checked against the Bot API's subset, Discord and plain within their limits.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime

from bot.clock import FixedClock
from bot.core.app import build_core
from bot.messages import Incoming
from bot.store import connect
from bot.text.render import render_reply, split_message
from testkit.telegram_html import check

SEED = 11
MESSAGES = 6000
COMMANDS = ["/size", "/cost", "/compare", "/topup", "/rent", "/stop", "/renew", "/budget set", "/history", "/alerts",
            "/faq", "/lang", "/currency", "/provider", "/wallet"]
AMOUNTS = ["1,5", "5,00", "1,000", "12,345.67", "1e30", "1e-9", "NaN", "inf", "-5", "0", "99999999999999999999",
           "１，５", "５００", "2万", "1.5万", "3k", "₮500", "$0.001", "¥1,000,000,000", "1,2,3", ".5", "10^20"]
NOUNS = ["USDT", "U", "usd", "元", "gpuli", "cloudgpu", "yiwan", "4090", "h100", "a100 80g", "week", "month", "8h",
         "99999999999999999999d", "1e9w", "x9999", "cards", "张卡", "seq", "tokens", "epochs", "qlora", "lora",
         "full", "qwen3-8b", "72B", "千问3 32B"]
HOSTILE = ["<b>", "</pre>", "&amp;", "&#0;", "<script>", "`", "```", "*_~|", "@everyone", "<@123>", "\u202e",
           "\x00", "\ud7ff", "🚀" * 3, "\u3000", "%s%n", "{0}", "{{x}}", "' OR 1=1 --"]
BUTTONS = ["s|qwen3-8b|l|||||m=zz", "s|P1e400|l||||||", "s|qwen3-8b|l|||||n=99999999999", "s|||||||", "s|a",
           "w:ok:999999", "w:od:abc", "w:h:99999999:p:1", "w:a1:1", "w:a7:1", "w:no:-1", "w:h:1:t:",
           "s|nosuchmodel|q|4096|h100|8||cost", "x" * 70, "w:ok:1:extra:parts"]


@dataclass
class FuzzReport:
    messages: int = 0
    replies: int = 0
    internal_errors: int = 0
    invalid_html: int = 0
    too_long: int = 0
    slowest_ms: float = 0.0
    failures: list[str] = field(default_factory=list)


def corpus(n: int = MESSAGES, seed: int = SEED) -> list[tuple[str, str | None]]:
    """(text, button payload) pairs; a deterministic mix of the shapes above."""
    rng = random.Random(seed)
    out: list[tuple[str, str | None]] = []
    for i in range(n):
        roll = rng.random()
        if roll < 0.08:
            out.append(("", rng.choice(BUTTONS)))
            continue
        words = [rng.choice(AMOUNTS) if rng.random() < 0.4 else rng.choice(NOUNS) for _ in range(rng.randint(1, 6))]
        if rng.random() < 0.3:
            words.insert(rng.randrange(len(words) + 1), rng.choice(HOSTILE))
        if rng.random() < 0.15:
            words.append("".join(chr(rng.randint(32, 0x2FFF)) for _ in range(rng.randint(1, 40))))
        text = " ".join(words)
        if roll < 0.55:
            text = f"{rng.choice(COMMANDS)} {text}"
        elif roll < 0.7:
            text = rng.choice(["充值 ", "topup ", "预算每月 ", "租 ", "rent ", "stop ", "续费 "]) + text
        out.append((text, None))
        if i % 997 == 0:
            out.append(("9" * 5000 + " tokens qwen3-8b lora", None))
    return out[:n]


def run(n: int = MESSAGES) -> FuzzReport:
    store = connect(":memory:")
    core = build_core(store, FixedClock(datetime(2026, 12, 1, tzinfo=UTC)))
    report = FuzzReport()
    apology = ("error id", "错误编号")
    for i, (text, button) in enumerate(corpus(n)):
        group = i % 3 == 0
        inc = Incoming(text=text, user_id=str(1 + i % 7), chat_id="-100" if group else str(1 + i % 7),
                       platform="telegram", chat_kind="group" if group else "private", is_admin=i % 2 == 0,
                       event_id=str(i), button=button, user_lang="zh" if i % 4 == 0 else "en")
        report.messages += 1
        start = time.perf_counter()
        reply = core.handle(inc)
        if reply is None:
            continue
        report.replies += 1
        plain = render_reply(reply, "plain")
        html = render_reply(reply, "telegram")
        discord = render_reply(reply, "discord")
        report.slowest_ms = max(report.slowest_ms, (time.perf_counter() - start) * 1000)
        if any(a in plain for a in apology):
            report.internal_errors += 1
            report.failures.append(f"apology: {text or button!r}")
            continue
        for part in split_message(html, "telegram"):
            try:
                check(part)
            except ValueError as exc:
                report.invalid_html += 1
                report.failures.append(f"html: {text or button!r}: {exc}")
            if len(part) > 4096:
                report.too_long += 1
        if any(len(p) > 2000 for p in split_message(discord, "discord")):
            report.too_long += 1
    store.close()
    return report


def report(r: FuzzReport) -> str:
    lines = [f"{r.messages:,} hostile messages and button payloads ({r.replies:,} replies, 3 flavors each): "
             f"{r.internal_errors} apologies with an error id, {r.invalid_html} invalid Telegram HTML, "
             f"{r.too_long} over a platform's length limit; slowest message {r.slowest_ms:.1f} ms"]
    lines += [f"  {f}" for f in r.failures[:10]]
    return "\n".join(lines)


if __name__ == "__main__":
    print(report(run()))
