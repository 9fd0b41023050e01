"""Telegram, Discord and the console answer the same question with the same figures.

Each front end is driven the way its users reach it (a Telegram message through the fake Bot API
server, a Discord slash command and a mention through discord.py's payload parsing, a console
line), and the figures (GB, money, card counts) are read back out of what each actually sent.
"""

from __future__ import annotations

import io
import re
from html import unescape
from pathlib import Path
from typing import Any

from bot.core.router import Core
from bot.core.settings import MemorySettings
from bot.runtime.console import chat
from tests.test_discord import BOT_ID, DiscordHarness
from tests.test_telegram import TelegramHarness

FIGURE = re.compile(r"[$¥₮€]?\d[\d,]*(?:\.\d+)?(?:\s?(?:GB|B|×|k))?")


def visible(text: str, flavor: str) -> str:
    """What the user reads: Telegram HTML without tags, Discord markdown without escapes and fences."""
    if flavor == "telegram":
        return unescape(re.sub(r"<[^>]+>", "", text))
    if flavor == "discord":
        return re.sub(r"\\(.)", r"\1", text.replace("```", "")).replace("\u200b", "")
    return text


def figures(text: str) -> list[str]:
    return sorted(m.group().replace(" ", "") for m in FIGURE.finditer(text))


def console(line: str, out_dir: str) -> tuple[str, list[str]]:
    """The console's reply text and its numbered button labels ("[1] Full  [2] LoRA ..."), without the
    lines saying where the chart and files were saved (under `out_dir`)."""
    out = io.StringIO()
    chat(io.StringIO(line + "\n"), out, Core(MemorySettings()))
    lines = [ln for ln in out.getvalue().splitlines() if out_dir not in ln]
    labels = [label.strip() for ln in lines if ln.startswith("[1] ") for label in re.split(r"\[\d+\] ", ln) if label]
    return "\n".join(ln for ln in lines if not ln.startswith("[1] ")), labels


QUESTIONS: list[tuple[str, dict[str, Any]]] = [
    # (telegram / console text, discord slash options)
    ("/size Qwen3-8B QLoRA on 1x rtx-4090", {"model": "qwen3-8b", "method": "qlora", "gpu": "rtx-4090", "gpus": 1}),
    ("/size qwen2.5-72b lora 8x a100-80g-sxm seq 4096",
     {"model": "qwen2.5-72b", "method": "lora", "gpu": "a100-80g-sxm", "gpus": 8, "seq_len": 4096}),
    ("/compare qwen3-32b", {"model": "qwen3-32b"}),
    ("/gpus", {}),
]


async def test_telegram_discord_and_console_give_the_same_figures(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setenv("KASUAN_OUT", str(tmp_path))
    answers: dict[str, list[str]] = {"telegram": [], "discord": [], "mention": [], "console": []}
    buttons: dict[str, list[list[str]]] = {"telegram": [], "discord": [], "console": []}
    async with TelegramHarness(Core(MemorySettings())) as tg:
        for i, (text, _) in enumerate(QUESTIONS):
            calls = await tg.ask(100 + i, text)
            answers["telegram"].append("\n".join(visible(c.params["text"], "telegram") for c in calls))
            keyboard = (calls[-1].params.get("reply_markup") or {}).get("inline_keyboard", [])
            buttons["telegram"].append([b["text"] for row in keyboard for b in row])
    async with DiscordHarness(Core(MemorySettings())) as dc:
        for text, options in QUESTIONS:
            name = text.split()[0][1:]
            before = len(dc.answers())
            dc.slash(name, **options)
            await dc.settle(lambda before=before: len(dc.answers()) > before)
            answers["discord"].append("\n".join(visible(a.content, "discord") for a in dc.answers()[before:]))
            buttons["discord"].append([c["label"] for c in dc.answers()[-1].components])
            before = len(dc.answers())
            dc.say(f"<@{BOT_ID}> {text}", mention=True)
            await dc.settle(lambda before=before: len(dc.answers()) > before)
            answers["mention"].append("\n".join(visible(a.content, "discord") for a in dc.answers()[before:]))
    for text, _ in QUESTIONS:
        reply, labels = console(text, str(tmp_path))
        answers["console"].append(reply)
        buttons["console"].append(labels)

    for i, (text, _) in enumerate(QUESTIONS):
        by_front = {front: figures(answers[front][i]) for front in answers}
        assert by_front["telegram"], text
        assert by_front["telegram"] == by_front["discord"] == by_front["mention"] == by_front["console"], (
            text, by_front)
    assert buttons["telegram"] == buttons["discord"] == buttons["console"] and buttons["telegram"][0]
    assert "12.3GB" in figures(answers["telegram"][0]) and "24 GB: RTX 3090" in answers["discord"][3]
