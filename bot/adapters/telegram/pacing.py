"""Sending under Telegram's flood limits: the per-chat and overall pace (`PacedRateLimiter`), a 429
pausing only its chat, and updates of one chat handled in order (`PerChatUpdates`)."""

from __future__ import annotations

import asyncio
import datetime as dtm
import logging
import time
from collections.abc import Awaitable, Callable, Coroutine
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, TypeVar

from aiolimiter import AsyncLimiter
from telegram import (
    Update,
)
from telegram.error import (
    RetryAfter,
)
from telegram.ext import (
    BaseRateLimiter,
    BaseUpdateProcessor,
)

from bot.adapters.health import count_send
from bot.adapters.shared import SharedPacer

log = logging.getLogger("kasuan.telegram")


T = TypeVar("T")
PLATFORM = "telegram"
# Set while an alert is being delivered: its sends give way to replies in the shared pacer.
LOW_PRIORITY: ContextVar[bool] = ContextVar("kasuan_low_priority_send", default=False)


SEND_PREFIXES = ("send", "edit", "copy", "forward")  # the endpoints Telegram's flood limits count


@dataclass(frozen=True)
class Pace:
    """Telegram's flood limits, with a margin so jitter on the way never pushes a send over them.

    Telegram: about 30 messages a second overall, one a second in a chat, 20 a minute in a group.
    We aim a little under each (27/s, one per 1.05 s, one per 3.2 s = 18.75/min) and keep the
    overall bucket small: PTB's default bucket lets 30 out at once and 30 more within the same
    second, 60 in one sliding second. A bucket of `overall_burst` draining at `overall_per_second`
    lets at most burst + rate = 28.5 through in any second (the rest of the margin absorbs network
    jitter), and, holding half a message more than one, does not lose throughput to timer lateness.
    """

    overall_per_second: float = 27.0
    overall_burst: float = 1.5
    shared_per_second: float = 25.0  # all processes together (SharedPacer): more margin, as several
    # event loops add their timing jitter to the same budget
    private_interval: float = 1.05
    group_interval: float = 3.2
    max_retries: int = 3


TELEGRAM_LIMITS = Pace()


class PacedRateLimiter(BaseRateLimiter[int]):
    """Sends paced under Telegram's flood limits, with a 429 pausing only the chat it was for.

    - Each chat sends one message at a time and waits its interval (1.05 s private, 3.2 s group)
      after the previous send finished, so its spacing holds whatever the overall queue does.
    - Overall, a small bucket (`Pace.overall_burst` draining at `overall_per_second`) paces sends
      evenly, instead of PTB's 30-at-once bucket.
    - A 429 (RetryAfter) on a send is that chat's flood limit: the chat's own lock is held through
      retry_after + 0.1 s and the send is retried (up to `max_retries`), while every other chat and
      every reply keeps going. PTB's AIORateLimiter instead stops all requests of the process for
      the pause (one retry_after of 8 s delayed every chat by 8 s). Requests that are not sends
      (answerCallbackQuery, getChatAdministrators ...) take no send slot; a 429 on one is waited out
      by that request alone.
    """

    def __init__(self, pace: Pace = TELEGRAM_LIMITS, shared: SharedPacer | None = None) -> None:
        self.pace = pace
        self.shared = shared  # several processes on one token: slots reserved in the store as well
        self._overall = AsyncLimiter(pace.overall_burst, pace.overall_burst / pace.overall_per_second)
        self._chats: dict[str, tuple[asyncio.Lock, list[float]]] = {}

    async def initialize(self) -> None:
        """Nothing to set up."""

    async def shutdown(self) -> None:
        """Nothing to release."""

    def _chat(self, chat_id: object) -> tuple[asyncio.Lock, list[float], float]:
        key = str(chat_id)
        group = not key.lstrip("-").isdigit() or key.startswith("-")
        if len(self._chats) > 4096:
            now = time.monotonic()
            for k, (lock, next_at) in list(self._chats.items()):
                if not lock.locked() and next_at[0] < now:
                    del self._chats[k]
        lock, next_at = self._chats.setdefault(key, (asyncio.Lock(), [0.0]))
        return lock, next_at, self.pace.group_interval if group else self.pace.private_interval

    async def _retrying(self, callback: Callable[..., Coroutine[Any, Any, Any]], args: Any, kwargs: dict[str, Any],
                        *, paced: bool) -> Any:
        for attempt in range(self.pace.max_retries + 1):
            try:
                if paced:
                    async with self._overall:
                        pass  # the slot is taken right before the send, after any pause of this chat
                    if self.shared is not None:  # and the deployment-wide slot, shared by every process
                        every = 1.0 / self.pace.shared_per_second
                        if LOW_PRIORITY.get():  # an alert: only a slot no reply is waiting for
                            await self.shared.wait_free(f"{PLATFORM}:all", every)
                        else:
                            await self.shared.wait(f"{PLATFORM}:all", every)
                result = await callback(*args, **kwargs)
                if paced:
                    count_send(PLATFORM, "message", "ok")
                return result
            except RetryAfter as exc:
                count_send(PLATFORM, "message", "retry_after")
                if attempt >= self.pace.max_retries:
                    raise
                log.info("429 for %s: this chat waits %.1f s", kwargs.get("chat_id", "a request"), retry_seconds(exc))
                await asyncio.sleep(retry_seconds(exc) + 0.1)
        raise AssertionError("unreachable")  # pragma: no cover

    async def process_request(
        self,
        callback: Callable[..., Coroutine[Any, Any, bool | dict[str, Any] | list[dict[str, Any]]]],
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: int | None,
    ) -> bool | dict[str, Any] | list[dict[str, Any]]:
        chat_id = data.get("chat_id")
        if chat_id is None or not endpoint.startswith(SEND_PREFIXES) or endpoint == "sendChatAction":
            result: bool | dict[str, Any] | list[dict[str, Any]] = await self._retrying(callback, args, kwargs,
                                                                                      paced=False)
            return result
        lock, next_at, interval = self._chat(chat_id)
        async with lock:
            wait = next_at[0] - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
            if self.shared is not None:  # this chat's spacing across processes
                await self.shared.wait(f"{PLATFORM}:chat:{chat_id}", interval)
            try:
                result = await self._retrying(callback, args, kwargs, paced=True)
                return result
            finally:
                next_at[0] = time.monotonic() + interval


class PerChatUpdates(BaseUpdateProcessor):
    """Updates from different chats run concurrently; one chat's updates run in arrival order.

    Why: sends wait for the rate limiter, so handling updates one by one would let one busy chat
    hold up all the others; handling them all at once could answer a chat's second question
    before its first.
    """

    def __init__(self, max_concurrent_updates: int = 512) -> None:
        super().__init__(max_concurrent_updates)
        self._chats: dict[int, tuple[asyncio.Lock, list[int]]] = {}

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        chat = update.effective_chat if isinstance(update, Update) else None
        if chat is None:
            await coroutine
            return
        lock, users = self._chats.setdefault(chat.id, (asyncio.Lock(), [0]))
        users[0] += 1
        try:
            async with lock:
                await coroutine
        finally:
            users[0] -= 1
            if users[0] == 0:
                self._chats.pop(chat.id, None)

    async def initialize(self) -> None:
        """Nothing to set up."""

    async def shutdown(self) -> None:
        """Nothing to release."""


def api_root(base_url: str) -> str:
    """TELEGRAM_API_BASE_URL as a server root: "http://localhost:8081" (a trailing /bot is accepted)."""
    root = base_url.rstrip("/")
    return root[: -len("/bot")] if root.endswith("/bot") else root


def retry_seconds(exc: RetryAfter) -> float:
    """RetryAfter's wait in seconds (PTB 22 keeps it as a timedelta; the public property warns)."""
    value = getattr(exc, "_retry_after", None)
    if isinstance(value, dtm.timedelta):
        return value.total_seconds()
    raw = exc.retry_after
    return raw.total_seconds() if isinstance(raw, dtm.timedelta) else float(raw)
