"""Inline answers ("@kasuan_bot 7b qlora 4090" typed in any chat): the short answer as a result to
pick, and a deep link that opens the full answer in a private chat.

Why its own module: the Telegram adapter stays a thin translation (inline query in, results out),
while the pieces that decide what an inline result says live here, testable without Telegram:
the start payload that carries the question through the deep link (t.me/<bot>?start=q_<base64url>;
Telegram allows A–Z a–z 0–9 _ - and 64 characters), the per-query cache (an in-process TTL cache,
beside the cache_time Telegram itself honours), and which replies may be shown inline at all (a
sizing, a cost or a price; never a wallet answer, which is personal).
"""

from __future__ import annotations

import base64
import binascii
import re
import time
from collections import OrderedDict
from dataclasses import dataclass

from bot.messages import Reply
from bot.text.render import render_reply

INLINE_KINDS = ("sizing", "cost", "price", "price_hours", "compare", "inference", "checkpoint")
CACHE_SECONDS = 30  # Telegram's cache_time for the answer, and our own TTL
CACHE_SIZE = 2048
PAYLOAD_LIMIT = 64
PAYLOAD = re.compile(r"^q_([A-Za-z0-9_-]{1,62})$")
TAG = re.compile(r"<[^>]+>")
MAX_QUERY = 256


def encode_start(question: str) -> str | None:
    """The /start payload for `question`, or None when it would not fit Telegram's 64 characters."""
    raw = base64.urlsafe_b64encode(question.strip().encode()).decode().rstrip("=")
    payload = f"q_{raw}"
    return payload if len(payload) <= PAYLOAD_LIMIT else None


def decode_start(payload: str) -> str | None:
    """The question a /start payload carries, or None when it is not one of ours."""
    m = PAYLOAD.match(payload.strip())
    if not m:
        return None
    data = m.group(1)
    try:
        text = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4)).decode()
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return None
    return text if text.strip() and len(text) <= MAX_QUERY else None


def deep_link(username: str, question: str) -> str:
    """t.me link that opens the private chat with the full answer (plain start when it won't fit)."""
    payload = encode_start(question)
    return f"https://t.me/{username}" + (f"?start={payload}" if payload else "")


@dataclass(frozen=True)
class InlineAnswer:
    """One result: a title (the verdict), a description (the price), the message it posts (HTML)."""

    title: str
    description: str
    html: str
    lang: str


def inline_answer(reply: Reply) -> InlineAnswer | None:
    """The short answer for an inline result, or None for a reply that should not be posted inline."""
    if reply.kind not in INLINE_KINDS:
        return None
    plain = [line.strip() for line in render_reply(reply, "plain").splitlines() if line.strip()]
    if not plain:
        return None
    price = next((line for line in plain[1:] if line.startswith("💰") or line.startswith("•")), "")
    html = render_reply(reply, "telegram").strip()
    return InlineAnswer(TAG.sub("", plain[0])[:200], price[:200], html[:4000], reply.lang)


class TTLCache:
    """(language, normalized query) -> answer for CACHE_SECONDS; bounded, oldest dropped first."""

    def __init__(self, seconds: float = CACHE_SECONDS, size: int = CACHE_SIZE) -> None:
        self.seconds, self.size = seconds, size
        self._items: OrderedDict[tuple[str, str], tuple[float, InlineAnswer | None]] = OrderedDict()
        self.hits = 0

    @staticmethod
    def key(lang: str, query: str) -> tuple[str, str]:
        return lang, " ".join(query.lower().split())

    def get(self, lang: str, query: str) -> tuple[bool, InlineAnswer | None]:
        k = self.key(lang, query)
        found = self._items.get(k)
        if found is None or found[0] < time.monotonic():
            self._items.pop(k, None)
            return False, None
        self.hits += 1
        return True, found[1]

    def put(self, lang: str, query: str, answer: InlineAnswer | None) -> None:
        k = self.key(lang, query)
        self._items[k] = (time.monotonic() + self.seconds, answer)
        self._items.move_to_end(k)
        while len(self._items) > self.size:
            self._items.popitem(last=False)
