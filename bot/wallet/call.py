"""One wallet request (`WalletCall`: who asked, where, when, whose wallet) and what every request
shares: the idempotency key of its update, who may write, and errors a user can cause turned into
one-line replies (anything else an apology with an error id)."""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from bot.clock import Clock
from bot.messages import Button, Incoming, Reply
from bot.store import outbox
from bot.store.connection import Store
from bot.store.wallets import (
    Account,
    Wallet,
    accounts,
    ensure_wallet,
    prefs,
    rename_owner,
    set_wallet_chat,
    update_prefs,
    wallet_by_owner,
)
from bot.text.errors import error_message, internal_error
from bot.text.i18n import t
from bot.text.names import provider_name
from bot.wallet.refusal import WalletError
from engine.errors import KasuanError

log = logging.getLogger("kasuan.wallet")

PENDING_TTL = timedelta(minutes=15)


MAX_PAYLOAD = 64
USAGE = {
    "topup": "/topup 500 USDT gpuli",
    "rent": "/rent 4090 x1 week gpuli",
    "stop": "/stop 12",
    "renew": "/renew 12 month",
    "history": "/history 2",
}


def default_tz(lang: str) -> str:
    """A new wallet's timezone until the chat sets one: Beijing time for Chinese, UTC otherwise."""
    return "Asia/Shanghai" if lang == "zh" else "UTC"


def dm_scope(inc: Incoming) -> str:
    """Where a user's personal alerts go when their wallet was first used in a group: on Telegram a
    private chat's id is the user's id, so their chat scope; elsewhere the user scope (the front end
    opens a DM) until they write to the bot privately, which moves the wallet to that chat."""
    if inc.platform == "telegram":
        return f"telegram:chat:{inc.user_id}"
    return inc.scope_user


def event_key(inc: Incoming, now: datetime) -> str:
    """The idempotency key of one incoming update: platform + chat + update id; in the console (whose
    line counter starts again every session) or without an id, a hash of user, chat, text and the
    minute it arrived."""
    if inc.event_id and inc.platform != "console":
        return f"{inc.platform}:{inc.chat_id}:{inc.event_id}"
    raw = f"{inc.platform}|{inc.user_id}|{inc.chat_id}|{inc.button or inc.text}|{now:%Y-%m-%dT%H:%M}"
    return f"{inc.platform}:h:{hashlib.sha256(raw.encode()).hexdigest()[:32]}"


@dataclass
class WalletCall:
    """One request: who asked, where, when, in which language, and whose wallet it is about."""

    store: Store
    clock: Clock
    inc: Incoming
    lang: str
    now: datetime
    personal: bool = False

    @property
    def team(self) -> bool:
        return self.inc.chat_kind == "group" and not self.personal

    @property
    def owner(self) -> str:
        return self.inc.scope_team if self.team else self.inc.scope_user

    @property
    def alert_chat(self) -> str:
        if self.team or self.inc.chat_kind == "private":
            return self.inc.scope_reply  # a forum topic's wallet alerts go to that topic
        return dm_scope(self.inc)

    def key(self, suffix: str) -> str:
        return f"{event_key(self.inc, self.now)}:{suffix}"

    def find(self) -> Wallet | None:
        return wallet_by_owner(self.store, self.owner)

    def accounts(self) -> list[Account]:
        w = self.find()
        return accounts(self.store, w.id) if w is not None else []

    def require_write(self) -> None:
        if self.team and not self.inc.is_admin:
            raise WalletError("wallet.err.admin_only")

    def ensure(self) -> Wallet:
        """The wallet, created on its first write; it learns its private chat and the chat's language."""
        with self.store.write():
            w = ensure_wallet(self.store, self.owner, "team" if self.team else "personal", self.alert_chat, self.now,
                              default_tz(self.lang), self.lang)
            if not self.team and self.inc.chat_kind == "private" and w.chat != self.inc.scope_chat:
                set_wallet_chat(self.store, w.id, self.inc.scope_chat)
            if prefs(self.store, w.id).lang != self.lang:
                update_prefs(self.store, w.id, lang=self.lang)
        return w

    def tz(self, w: Wallet | None) -> str:
        return prefs(self.store, w.id).tz if w is not None else default_tz(self.lang)

    def reply(self, kind: str, data: dict[str, Any], buttons: list[Button] | None = None) -> Reply:
        server = self.team and bool(self.inc.team_id)  # a Discord team: the whole server
        return Reply(kind, self.lang, {"team": self.team, "server": server, **data}, buttons or [])


def guarded(ctx: WalletCall, run: Any) -> Reply:
    """Errors a user can cause become a one-line reply; anything else an apology with an error id."""
    try:
        _unblock(ctx)
        _adopt_channel_wallet(ctx)
        reply: Reply = run()
        return reply
    except KasuanError as exc:
        return error_reply(ctx, exc)
    except Exception as exc:
        return ctx.reply("wallet_error", {"message": internal_error(exc, ctx.lang)})


def _adopt_channel_wallet(ctx: WalletCall) -> None:
    """A team is the server on Discord: a team wallet kept per channel before that (owner = the
    channel) moves to the server the first time the server's team is used from that channel. When
    the server already has a team wallet, the channel's stays where it was (nothing is merged)."""
    inc = ctx.inc
    if inc.team_id and inc.chat_kind == "group" and inc.scope_team != inc.scope_chat:
        old = wallet_by_owner(ctx.store, inc.scope_chat)
        if old is not None and old.kind == "team" and rename_owner(ctx.store, inc.scope_chat, inc.scope_team):
            log.info("team wallet %s moved from %s to %s", old.id, inc.scope_chat, inc.scope_team)


def _unblock(ctx: WalletCall) -> None:
    """A chat that writes to the bot has not blocked it (any more): deliver its alerts again."""
    chats = {ctx.inc.scope_chat, ctx.inc.scope_reply} | ({ctx.inc.scope_user} if ctx.inc.chat_kind == "private"
                                                          else set())
    for chat in chats:
        if outbox.is_blocked(ctx.store, chat):
            outbox.unblock_chat(ctx.store, chat)


NOTICE_KEYS = frozenset({"wallet.err.not_your_button", "wallet.err.not_your_history"})


def error_reply(ctx: WalletCall, exc: KasuanError) -> Reply:
    if isinstance(exc, WalletError) and exc.resume is not None and exc.choices:
        buttons = [Button("wallet.btn.choice", f"a|{exc.resume.slot}={c}", {"name": provider_name(c)})
                   for c in exc.choices]
        reply = ctx.reply("wallet_error", {"message": error_text(exc, ctx.lang)}, buttons)
        exc.resume.data["personal"] = ctx.personal
        reply.awaiting = exc.resume
        return reply
    reply = ctx.reply("wallet_error", {"message": error_text(exc, ctx.lang)})
    # a press on someone else's button: told privately, their message is left as it was
    reply.notice = ctx.inc.button is not None and getattr(exc, "key", "") in NOTICE_KEYS
    return reply


def error_text(exc: KasuanError, lang: str) -> str:
    """One line in `lang` for a refused wallet request (engine errors keep their own wording)."""

    if isinstance(exc, WalletError):
        return t(exc.key, lang, **exc.params)
    # a card, count or region the provider does not sell: worded by error_message (bot.text.errors.not_offered)
    return error_message(exc, lang)
