"""The one answer cycle every front end runs: claim the event → ask the core → render → send the
text → mark it answered → the chart → the files.

Why one cycle: the order is what keeps users whole. The text goes first and the event is marked
answered as soon as it is out (a replica that dies while a chart waits for the chat's pace then
leaves nothing to answer twice); the chart is drawn only after the text is out, in the chart
worker, and is dropped rather than queued without end; files come last. Each platform says only
how to do each step (an `Outlet`); the cycle says when. A third platform is an Outlet, an intake
that turns its events into `Incoming`, and a call to `answer`.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from bot.adapters import CoreRunner
from bot.messages import Incoming, Reply

Wait = Callable[[Awaitable[tuple[Reply | None, float]]], Awaitable[tuple[Reply | None, float]]]


class Outlet(Protocol):
    """How one platform carries out the steps of an answer, for one destination."""

    def render(self, reply: Reply) -> list[str]:
        """The reply in the platform's flavor, cut into messages under its length limit."""
        ...

    async def text(self, reply: Reply, parts: list[str]) -> Any:
        """Send (or edit in) the text with the buttons; returns where it went, for `chart` and `files`."""
        ...

    async def chart(self, reply: Reply, picture: bytes, sent: Any) -> None:
        """Show the drawn chart with the answer `sent` (a failure is logged, the text stands)."""
        ...

    async def files(self, reply: Reply, sent: Any) -> None:
        """Send the reply's files (a platform that sent them with the text does nothing here)."""
        ...


async def claim(runner: CoreRunner, key: str, *, two_step: bool = True) -> tuple[str, float]:
    """Whether this process answers the event `key`: 'new', 'done' (answered before: drop it) or
    'busy' (another process is answering it now), and the seconds the check took.

    `two_step`: the key is held while answering and finished by `mark_answered` (an update a dying
    process never answered is handed to another); otherwise it is recorded at once."""
    dedup = runner.dedup
    if two_step and hasattr(dedup, "claim"):
        state, seconds = await runner.call_timed(dedup.claim, key)
        return str(state), seconds
    fresh, seconds = await runner.call_timed(dedup.first_time, key)
    return ("new" if fresh else "done"), seconds


async def mark_answered(runner: CoreRunner, key: str) -> None:
    """The event's text is out: a redelivery of `key` is dropped from now on."""
    finish = getattr(runner.dedup, "finish", None)
    if finish is not None:
        await runner.call(finish, key)


async def send(runner: CoreRunner, reply: Reply, outlet: Outlet, *, parts: list[str] | None = None,
               answered: Callable[[], Awaitable[None]] | None = None) -> Any:
    """Render → text → mark answered (`answered`) → chart → files. Returns where the text went."""
    sent = await outlet.text(reply, parts if parts is not None else outlet.render(reply))
    if answered is not None:
        await answered()
    if reply.chart is not None:
        picture = await runner.picture(reply)
        if picture is not None:
            await outlet.chart(reply, picture, sent)
    if reply.files:
        await outlet.files(reply, sent)
    return sent


async def answer(runner: CoreRunner, inc: Incoming, outlet: Outlet, *,
                 route: Callable[[Reply], Awaitable[Outlet | None]] | None = None,
                 key: str | None = None, two_step: bool = False, wait: Wait | None = None,
                 answered: Callable[[], Awaitable[None]] | None = None,
                 on_reply: Callable[[Reply, float], None] | None = None,
                 silent: Callable[[], Awaitable[None]] | None = None) -> Reply | None:
    """The whole cycle for one event: claim `key` (when the intake has not), ask the core (through
    `wait`: "typing…" or a deferral while it thinks), render, and `send`.

    `route` may choose another outlet by the reply (a wallet answer asked in a group goes to a DM).
    `on_reply(reply, seconds)` sees the reply and the seconds taken to have it rendered;
    `silent` runs when the core has nothing to say. Returns the reply (None: nothing was sent)."""
    waited = 0.0
    if key is not None:
        state, waited = await claim(runner, key, two_step=two_step)
        if state != "new":
            return None
    work = runner.handle_timed(inc)
    reply, seconds = await (wait(work) if wait is not None else work)
    if reply is None:
        if silent is not None:
            await silent()
        return None
    target = (await route(reply) if route is not None else None) or outlet
    start = time.perf_counter()
    parts = target.render(reply)
    if on_reply is not None:
        on_reply(reply, waited + seconds + time.perf_counter() - start)
    await send(runner, reply, target, parts=parts, answered=answered)
    return reply
