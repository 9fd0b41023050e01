"""The messages that cross the layers: what a front end hands the core (`Incoming`), what the core
answers (`Reply`, its `Button`s, the `Turn` it answered and the clarification it is `Awaiting`), and
what delivering a reply came to (`Delivery`).

Why one module at the bottom: adapters, the chat core, the wallet and the alert sender all speak
these types, so they live below every one of them and import nothing of theirs (not the renderer
either: rendering is bot.text.render's job), and no import ever runs back up the layers.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

ChatKind = Literal["private", "group"]
DeliveryStatus = Literal["ok", "retry_after", "blocked", "failed"]


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
    typed: dict[str, Any] | None = None  # a slash command's typed options (Discord): {"command": ..., "text": ..., fields}
    edit_of: str | None = None  # an edited message: the fingerprint of what its first version asked
    corrects: bool = False  # the text opened with a correction word, taken out by the core ("不对，是 14b": "是 14b")
    thread_id: str | None = None  # a forum topic (Telegram message_thread_id): replies and alerts go there
    # Files sent with the message (Telegram document, Discord attachment): (name, content), already
    # bounded by the adapter; the core sizes them as training files (bot.core.files), `text` is the caption.
    attachments: tuple[tuple[str, bytes], ...] = ()
    # Files the adapter did not fetch: (name, reason, size in bytes); reason "too_large" (over the
    # limit, never downloaded) or "download" (the platform failed to hand it over).
    refused_files: tuple[tuple[str, str, int], ...] = ()

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



@dataclass(frozen=True)
class Button:
    """A choice under a reply; `payload` is what pressing it sends back (<= 64 bytes)."""

    label_key: str
    payload: str
    label_params: dict[str, Any] = field(default_factory=dict)


@dataclass
class Awaiting:
    """A clarifying question a reply asks: what it asked for (`slot`: provider, model ...) and the
    request the answer completes (`kind`: rent, size, cost ...; `data`: what was stated so far)."""

    kind: str
    slot: str
    data: dict[str, Any] = field(default_factory=dict)


@dataclass
class Turn:
    """The question a reply answered (kind: size, cost, price, inference; data: what was stated),
    remembered for follow-ups ("那换成qlora呢") and for the Details button."""

    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    # the message it answered and the turn before that ({"text", "before"}): "用中文" next asks it again in Chinese
    asked: dict[str, Any] | None = None


@dataclass
class Reply:
    """What a handler answers, as data: `kind` names the template (templates/<kind>.j2) and `data`
    what it shows; bot.text.render.render_reply words it in a front end's flavor."""

    kind: str  # the template: sizing, faq, price, cost, wallet_confirm, error ...
    lang: str
    data: dict[str, Any] = field(default_factory=dict)
    buttons: list[Button] = field(default_factory=list)
    image: bytes | None = None  # a PNG a front end sends as a photo
    files: list[tuple[str, bytes]] = field(default_factory=list)  # (name, content): sent as documents
    chart: Callable[[], bytes] | None = None  # draws `image` when a front end asks for the picture
    chart_caption: str | None = None  # one line sent with the chart (what it shows, which setup leads)
    turn: Turn | None = None  # what this reply answered (the router remembers it)
    awaiting: Awaiting | None = None  # the clarification this reply asks for (the router waits for it)
    source: Any = None  # the engine result behind it (Sizing, CostReport), for `kasuan ask --json`
    # For the presser of a button only (someone else's Confirm or history): a front end shows it privately
    # (Telegram: answerCallbackQuery with show_alert; Discord: an ephemeral reply) and leaves the message as is.
    notice: bool = False
    also: list[Reply] = field(default_factory=list)  # answers to the other questions of the same message
    reading: Any = None  # the Parsed behind a free-text answer (`kasuan ask --json`)
    fingerprint: str | None = None  # what the message asked, as the core read it: an edit asking the same is not re-answered

    def picture(self) -> bytes | None:
        """The picture to send: the attached PNG, or the chart drawn now. A chart that fails to draw
        is logged and dropped, so the text reply always goes out."""
        if self.image is None and self.chart is not None:
            draw, self.chart = self.chart, None
            try:
                self.image = draw()
            except Exception:
                logging.getLogger("kasuan.charts").exception("chart for a %s reply failed", self.kind)
        return self.image


@dataclass(frozen=True)
class Delivery:
    """What one attempt to deliver a reply (an alert) came to; the sender decides what happens next.

    ok: delivered. retry_after: the platform said wait this many seconds. blocked: the chat is gone
    or blocked the bot (stop sending there). failed: anything else (the sender backs off and retries).
    `moved_to` is the chat's new scope when a Telegram group became a supergroup on the way.
    """

    status: DeliveryStatus
    retry_after: float | None = None  # seconds, from the platform (Telegram's RetryAfter, Discord's 429)
    detail: str = ""
    moved_to: str | None = None

    @property
    def ok(self) -> bool:
        return self.status == "ok"

    @classmethod
    def sent(cls, moved_to: str | None = None) -> Delivery:
        return cls("ok", moved_to=moved_to)

    @classmethod
    def retry(cls, seconds: float, detail: str = "") -> Delivery:
        return cls("retry_after", max(float(seconds), 0.0), detail)

    @classmethod
    def blocked(cls, detail: str = "") -> Delivery:
        return cls("blocked", None, detail)

    @classmethod
    def failed(cls, detail: str = "") -> Delivery:
        return cls("failed", None, detail)
