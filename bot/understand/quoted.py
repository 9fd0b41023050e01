"""An earlier answer quoted above a question ("> 8 × H100 SXM 月租 ₮14,432" on one line, "那周租呢" on the next): the
quoted lines are what the question points at, the answer the conversation already holds, and never part of what is
asked. Read as words they would name the month, the price and the cards again, as if the user asked the month anew;
only the lines after the quote are the message. A message that is nothing but a quote, or a ">" that opens a figure
(">48G 的卡有哪些"), is left as it is, and so is a quote that does not read as an answer: a ticket, an e-mail or a
colleague's question quoted ("> 32B 全参，8 张 h100，zero-2，一起步就 OOM", "> Can we rent a 4090 by the hour?") is
the job being asked about, so it stays part of the message. An answer line gives a price with its currency and
asks nothing."""

from __future__ import annotations

import re

from bot.understand.lazy import lazy

QUOTE_LINE = lazy(r"^\s*[>＞](?:\s|$)|^\s*[>＞]\s*(?![\d.])", re.MULTILINE)
# a figure as an answer gives it: a price with its currency (a card's memory, "RTX 5090 32GB", is said by users too)
ANSWER_FIGURE = lazy(r"[₮$¥￥]\s*\d|\d[\d,.]*\s*(?:usdt|usd|cny|元|刀)", re.IGNORECASE)
ASKS = lazy(r"[?？]|吗|呢")


def unquoted(text: str) -> str:
    """`text` without the lines it quotes, when a line of its own follows or precedes them."""
    if "\n" not in text:
        return text
    lines = text.splitlines()
    own = [line for line in lines if not QUOTE_LINE.match(line)]
    quoted = [line for line in lines if QUOTE_LINE.match(line)]
    if not all(ANSWER_FIGURE.search(line) and not ASKS.search(line) for line in quoted):
        return text  # someone's question or a ticket quoted: the job asked about, part of the message
    return "\n".join(own).strip() if len(own) < len(lines) and any(line.strip() for line in own) else text
