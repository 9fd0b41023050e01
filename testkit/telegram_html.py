"""A strict checker built from Telegram's documented HTML subset (Bot API, "HTML style").

Accepted tags: b, strong, i, em, u, ins, s, strike, del, span class="tg-spoiler", tg-spoiler,
a href, tg-emoji emoji-id, code, pre (optionally with one code class="language-..."),
blockquote (expandable). Only &lt; &gt; &amp; &quot; and numeric entities are understood; every
other '<' or '&' must be escaped; tags must nest and close properly.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

ALLOWED = {
    "b": set(), "strong": set(), "i": set(), "em": set(), "u": set(), "ins": set(), "s": set(), "strike": set(),
    "del": set(), "span": {"class"}, "tg-spoiler": set(), "a": {"href"}, "tg-emoji": {"emoji-id"},
    "code": {"class"}, "pre": set(), "blockquote": {"expandable"},
}
ENTITY = re.compile(r"&(?:lt|gt|amp|quot|#\d+|#x[0-9a-fA-F]+);")


class TelegramHTMLError(ValueError):
    pass


class _Checker(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.stack: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in ALLOWED:
            raise TelegramHTMLError(f"tag <{tag}> is not supported by Telegram")
        for name, value in attrs:
            if name not in ALLOWED[tag]:
                raise TelegramHTMLError(f"attribute {name} not allowed on <{tag}>")
            if tag == "span" and value != "tg-spoiler":
                raise TelegramHTMLError("span needs class tg-spoiler")
        self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if not self.stack or self.stack[-1] != tag:
            raise TelegramHTMLError(f"</{tag}> closes {self.stack[-1:] or 'nothing'}")
        self.stack.pop()

    def handle_entityref(self, name: str) -> None:
        if name not in ("lt", "gt", "amp", "quot"):
            raise TelegramHTMLError(f"entity &{name}; is not supported")

    def handle_data(self, data: str) -> None:
        if "<" in data or ">" in data:
            raise TelegramHTMLError(f"unescaped angle bracket in {data[:40]!r}")


def check(html: str) -> None:
    """Raise TelegramHTMLError unless Telegram would accept `html` with parse_mode=HTML."""
    stripped = ENTITY.sub("", html)
    if "&" in stripped:
        raise TelegramHTMLError("a bare & (write &amp;)")
    checker = _Checker()
    checker.feed(html)
    checker.close()
    if checker.stack:
        raise TelegramHTMLError(f"unclosed tags {checker.stack}")
