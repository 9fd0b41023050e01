"""A reply as data: which template renders it and what it shows. Handlers return these;
front ends render them in their own flavor (plain, Telegram HTML, Discord markdown)."""

from __future__ import annotations

import logging
from collections.abc import Callable
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
class Reply:
    kind: str  # the template: sizing, faq, faq_unsure, help, unknown, missing, error
    lang: str
    data: dict[str, Any] = field(default_factory=dict)
    buttons: list[Button] = field(default_factory=list)
    image: bytes | None = None  # a PNG a front end sends as a photo
    files: list[tuple[str, bytes]] = field(default_factory=list)  # (name, content): sent as documents
    chart: Callable[[], bytes] | None = None  # draws `image` when a front end asks for the picture

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

    def render(self, flavor: str = "plain") -> str:
        return render(self.kind, flavor, lang=self.lang, **self.data)
