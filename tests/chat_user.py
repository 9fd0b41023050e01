"""The one test helper that plays a user: one person in one chat, talking to the whole bot through
`Core.handle` (the router every front end uses) — say a message, press a button, read the reply.
Core, wallet, answer and front-end tests all talk through it (the `chat` fixture in conftest.py)."""

from __future__ import annotations

import itertools
from datetime import UTC, datetime

from bot.clock import FixedClock
from bot.core.app import build_core
from bot.core.router import Core
from bot.messages import Incoming, Reply
from bot.store import Store, connect
from bot.store.wallets import find_account, wallet_by_owner
from bot.text.render import render_reply

T0 = datetime(2026, 12, 1, 1, 0, tzinfo=UTC)
TABLES = ("wallets", "accounts", "ledger", "rentals", "budgets", "alert_prefs", "outbox", "pending_actions")
_events = itertools.count(1)


class ChatUser:
    """`core`: a core of the test's own (e.g. settings in memory); else the whole bot on `store`."""

    def __init__(self, store: Store | None = None, clock: FixedClock | None = None, *, core: Core | None = None,
                 user: str = "u1", chat: str = "c1", group: bool = False, admin: bool = True,
                 lang: str | None = None, platform: str = "telegram") -> None:
        self.store = store or connect(":memory:")
        self.clock = clock or FixedClock(T0)
        self.core = core or build_core(self.store, self.clock)
        self.user, self.chat, self.lang, self.platform = user, chat, lang, platform
        self.kind = "group" if group else "private"
        self.admin = admin if group else True
        self.last: Reply | None = None

    def incoming(self, text: str, event_id: str | None = "auto", button: str | None = None,
                 addressed: bool = True) -> Incoming:
        return Incoming(text=text, user_id=self.user, chat_id=self.chat, platform=self.platform,
                        chat_kind=self.kind, is_admin=self.admin,  # type: ignore[arg-type]
                        event_id=str(next(_events)) if event_id == "auto" else event_id,
                        button=button, user_lang=self.lang, addressed=addressed)

    def hear(self, text: str, addressed: bool = True, event_id: str | None = "auto") -> Reply | None:
        """The bot's reply, or None when it stays silent (group chatter not addressed to it)."""
        reply = self.core.handle(self.incoming(text, event_id, addressed=addressed))
        if reply is not None:
            self.last = reply
        return reply

    def say(self, text: str, event_id: str | None = "auto") -> Reply:
        reply = self.hear(text, event_id=event_id)
        assert reply is not None
        return reply

    def press(self, target: str | int = 0, nth: int = 0, on: Reply | None = None) -> Reply:
        """Press a button of `on` (default: the last reply): by index, by label key (the `nth` of
        them), or a raw payload (anything with "|" or ":" in it)."""
        shown = on or self.last
        if isinstance(target, int):
            assert shown is not None
            payload = shown.buttons[target].payload
        elif "|" in target or ":" in target:
            payload = target
        else:
            assert shown is not None
            payload = [b for b in shown.buttons if b.label_key == target][nth].payload
        reply = self.core.handle(self.incoming("", button=payload))
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

    def balance(self, provider: str, currency: str, owner: str | None = None) -> int:
        w = wallet_by_owner(self.store, owner or f"{self.platform}:user:{self.user}")
        assert w is not None
        acct = find_account(self.store, w.id, provider, currency)
        return acct.balance_minor if acct else 0


def counts(store: Store) -> dict[str, int]:
    """Rows per money table: a refused request must leave every count as it was."""
    out = {}
    for table in TABLES:
        r = store.row(f"SELECT COUNT(*) AS n FROM {table}")
        assert r is not None
        out[table] = int(r["n"])
    return out


def said(*turns: str) -> ChatUser:
    """A new user who has said each of `turns` in order: one message is the usual start of a test, several
    a conversation whose last reply is read."""
    me = ChatUser()
    for turn in turns:
        me.say(turn)
    return me


def first_lines(me: ChatUser, n: int = 3) -> str:
    """The first `n` non-empty lines of the last reply: where its answer must stand."""
    return "\n".join(me.lines[:n])


def conversation(*turns: str) -> str:
    """The last reply after a new user says each of `turns` in order, at T0 (Tuesday 09:00 Beijing time,
    the clock of the team-chat sets): what a conversation test reads."""
    me = ChatUser()
    for turn in turns:
        me.say(turn)
    return me.text


def lead_lines(text: str, lines: int = 3) -> str:
    """The first `lines` lines of a reply's text: where its answer must stand."""
    return "\n".join(text.strip().splitlines()[:lines])


def export_files(reply: Reply) -> dict[str, str]:
    """An export reply's attached files by name, decoded: what a user would open after downloading them."""
    return {name: content.decode() for name, content in reply.files}
