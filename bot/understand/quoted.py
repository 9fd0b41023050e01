"""An earlier answer quoted above a question ("> 8 × H100 SXM 月租 ₮14,432" on one line, "那周租呢" on the next): the
quoted lines are what the question points at, the answer the conversation already holds, and never part of what is
asked. Read as words they would name the month, the price and the cards again, as if the user asked the month anew;
only the lines after the quote are the message. A message that is nothing but a quote, or a ">" that opens a figure
(">48G 的卡有哪些"), is left as it is."""

from __future__ import annotations

import re

from bot.understand.lazy import lazy

QUOTE_LINE = lazy(r"^\s*[>＞](?:\s|$)|^\s*[>＞]\s*(?![\d.])", re.MULTILINE)


def unquoted(text: str) -> str:
    """`text` without the lines it quotes, when a line of its own follows or precedes them."""
    if "\n" not in text:
        return text
    lines = text.splitlines()
    own = [line for line in lines if not QUOTE_LINE.match(line)]
    return "\n".join(own).strip() if len(own) < len(lines) and any(line.strip() for line in own) else text
