"""An unknown slash command read for what it asks ("/price gpu:4090", "/quote a100-80g provider:cloudgpu",
"/memory model:qwen3-8b method:qlora"). People guess command names from other bots, and Discord users type the
option style they know; the words after the slash say what they want as plainly as a message would. So the
command's name and its option values are read as a message, and answered as one when they ask a price, a sizing,
a cost or a config; otherwise the list of commands answers (bot.core.router)."""

from __future__ import annotations

import re

from bot.understand.parser import parse

OPTION_KEY = re.compile(r"(?<![\w-])[a-z_]+\s*[:=]\s*", re.IGNORECASE)  # "gpu:", "provider=": the key, not the value
ANSWERED = ("price", "size", "cost", "export")


def command_as_question(name: str, args: str | None) -> str | None:
    """The message an unknown command with options stands for ("price 4090", "price a100-80g cloudgpu"), or None
    when it has no options or its words ask none of what a message would be answered for."""
    if not args or not args.strip():
        return None
    words = f"{name.replace('_', ' ')} {OPTION_KEY.sub(' ', args)}".strip()
    return words if parse(words).intent in ANSWERED else None
