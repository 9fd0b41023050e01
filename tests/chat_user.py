"""One person in one chat, talking to the whole bot through `Core.handle` (the router every front
end uses): `say` a message, `press` a button by its label key, read the reply as text."""

from __future__ import annotations

import itertools
from datetime import UTC, datetime

from bot.clock import FixedClock
from bot.core.app import build_core
from bot.messages import Incoming, Reply
from bot.render import render_reply
from bot.store import Store, connect

T0 = datetime(2026, 12, 1, 1, 0, tzinfo=UTC)
_events = itertools.count(1)


class ChatUser:
    def __init__(self, store: Store | None = None, clock: FixedClock | None = None, *, user: str = "u1",
                 chat: str = "c1", group: bool = False, admin: bool = True, lang: str | None = None,
                 platform: str = "telegram") -> None:
        self.store = store or connect(":memory:")
        self.clock = clock or FixedClock(T0)
        self.core = build_core(self.store, self.clock)
        self.user, self.chat, self.lang, self.platform = user, chat, lang, platform
        self.kind = "group" if group else "private"
        self.admin = admin if group else True
        self.last: Reply | None = None

    def _incoming(self, text: str, button: str | None = None) -> Incoming:
        return Incoming(text=text, user_id=self.user, chat_id=self.chat, platform=self.platform,
                        chat_kind=self.kind, is_admin=self.admin, event_id=str(next(_events)),  # type: ignore[arg-type]
                        button=button, user_lang=self.lang)

    def say(self, text: str) -> Reply:
        reply = self.core.handle(self._incoming(text))
        assert reply is not None
        self.last = reply
        return reply

    def press(self, label_key: str, nth: int = 0) -> Reply:
        """Press the `nth` button of the last reply whose label key is `label_key`."""
        assert self.last is not None
        matching = [b for b in self.last.buttons if b.label_key == label_key]
        reply = self.core.handle(self._incoming("", matching[nth].payload))
        assert reply is not None
        self.last = reply
        return reply

    @property
    def text(self) -> str:
        assert self.last is not None
        return render_reply(self.last, "plain")

    @property
    def lines(self) -> list[str]:
        return [line for line in self.text.splitlines() if line.strip()]
