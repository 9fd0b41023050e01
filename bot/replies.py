"""A reply as data: which template renders it and what it shows. Handlers return these;
front ends render them in their own flavor (plain, Telegram HTML, Discord markdown)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.render import render


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


@dataclass
class Reply:
    kind: str  # the template: sizing, faq, faq_unsure, help, unknown, missing, error
    lang: str
    data: dict[str, Any] = field(default_factory=dict)
    buttons: list[Button] = field(default_factory=list)
    image: bytes | None = None  # a PNG a front end sends as a photo (none of today's replies needs one)
    turn: Turn | None = None  # what this reply answered (the router remembers it)
    awaiting: Awaiting | None = None  # the clarification this reply asks for (the router waits for it)
    source: Any = None  # the engine result behind it (Sizing, CostReport), for `kasuan ask --json`
    # For the presser of a button only (someone else's Confirm or history): a front end shows it privately
    # (Telegram: answerCallbackQuery with show_alert; Discord: an ephemeral reply) and leaves the message as is.
    notice: bool = False

    def render(self, flavor: str = "plain") -> str:
        return render(self.kind, flavor, lang=self.lang, **self.data)
