"""One message as every front end hands it to the core (no platform types past this point)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

ChatKind = Literal["private", "group"]


@dataclass(frozen=True)
class Incoming:
    """A user's message or button press, normalized by an adapter.

    `event_id` is the platform's update/interaction id: it keys idempotent writes, so a
    redelivered update never acts twice. `button` holds a button's payload instead of text.
    """

    text: str
    user_id: str
    chat_id: str
    platform: str = "console"  # console | telegram | discord
    chat_kind: ChatKind = "private"
    addressed: bool = True  # a mention, a reply to the bot, a command, or a private chat
    user_lang: str | None = None  # the platform's locale for the user, when it tells us
    is_admin: bool = False  # admin of the group chat (always True in a private chat)
    event_id: str | None = None
    button: str | None = None
    user_name: str | None = None
    # The team a group chat belongs to, when the platform has one above the chat: on Discord the
    # server (guild), so every channel and thread of a server shares one team wallet.
    team_id: str | None = None
    thread_id: str | None = None  # a forum topic (Telegram message_thread_id): replies and alerts go there

    @property
    def scope_reply(self) -> str:
        """Where alerts about this chat go: the chat, in its forum topic when it has one ("...#7")."""
        return f"{self.scope_chat}#{self.thread_id}" if self.thread_id else self.scope_chat

    @property
    def scope_team(self) -> str:
        """Who owns a team wallet: the server on Discord, else the group chat."""
        return f"{self.platform}:guild:{self.team_id}" if self.team_id else self.scope_chat

    @property
    def scope_user(self) -> str:
        return f"{self.platform}:user:{self.user_id}"

    @property
    def scope_chat(self) -> str:
        return f"{self.platform}:chat:{self.chat_id}"
