"""A job on several machines, said as machines by the cards in each: "2 nodes x 8 H100", "两台八卡 h100",
"2 机 16 卡", "three 8-gpu boxes", "2x 8xh100 nodes", "2 个节点 每个 8 张 h100", "8x h100, 2 nodes".

Why: the count beside the card name ("8 H100") was read as the whole job's, so "2 nodes x 8 H100" was sized
on 8 cards and exported as one machine, while the price view multiplied by the nodes on its own. The cards
are the machines times the cards in each (M a machine when a machine can hold M, else M in all, as
`card_counts.nodes_cards` reads "N 机 M 卡"), read once here for the sizing, the export and the price alike;
"8 gpus across 2 nodes" keeps its 8.
"""

from __future__ import annotations

import re

from bot.understand import one_message
from bot.understand.card_counts import CARDS_PER_NODE_MAX
from bot.understand.lazy import lazy
from bot.understand.rental_extras import NODES

_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}
_N = rf"(?<![\w.])(\d{{1,2}}|{'|'.join(_WORDS)})"
_NODE = r"(?:nodes?|machines?|servers?|box(?:es)?|hosts?|台机器|台服务器|台|个?节点|机器|机)(?![a-z])"
_CARD = r"(?:[x×*]|张卡|张|块卡|块|卡|[\s-]*gpus?\b|[\s-]*cards?\b)"
_GPU_AFTER = r"(?=\s*(?:rtx\s*)?[a-z]{0,3}\d{2,4})"  # a card's name follows the count ("8 h100", "8 4090")
_EACH = r"(?:[x×*]|of|with|,|，|each\s+(?:with|having)?|每(?:个|台|节点|个节点|台机器?)?)?"
# "2 nodes x 8 H100", "2 nodes of 8x h100", "2 台 8×H100", "3 machines, 4 gpus each", "2 个节点 每个 8 张"
NODES_THEN_CARDS = lazy(rf"{_N}\s*{_NODE}(?:\s*(?:上|里|中))?\s*{_EACH}\s*(?:有|都是|都有)?\s*(\d{{1,2}})(?!\d)\s*(?:{_CARD}|{_GPU_AFTER})", re.I)
# "2x 8xh100 nodes", "two 8x H100 nodes", "three 8-gpu boxes", "2 个 8 卡 H100 节点", "2 台 8 卡机器"
CARDS_THEN_NODES = lazy(rf"{_N}\s*(?:[x×*]|个|台)?\s*(\d{{1,2}})\s*{_CARD}\s*(?:[a-z0-9-]+\s*){{0,2}}?(?:的\s*)?{_NODE}", re.I)
# the count is the whole job's, spread over the machines: "8 gpus across 2 nodes", "8 张卡 分两台"
SPREAD = lazy(rf"(?:across|over|split\s+(?:over|across|into)|spread\s+(?:over|across)|分(?:到|在|成|布在)?)\s*{_N}\s*{_NODE}", re.I)


def _number(word: str) -> int:
    return _WORDS.get(word.lower()) or int(word)


def _total(nodes: int, cards: int) -> int:
    return cards if cards > CARDS_PER_NODE_MAX and cards % nodes == 0 else nodes * cards


@one_message.per_message  # the parser and the count readers ask it of the message four times
def machines_by_cards(norm: str) -> tuple[int, int] | None:
    """(machines, cards in all) when the message says machines by the cards in each, else None."""
    for pattern in (NODES_THEN_CARDS, CARDS_THEN_NODES):
        m = pattern.search(norm)
        if m and (nodes := _number(m.group(1))) >= 1 and (cards := int(m.group(2))) >= 1:
            return nodes, _total(nodes, cards)
    return None


def cards_on_nodes(norm: str, count: int | None, nodes: int | None) -> int | None:
    """The job's cards: machines by the cards in each when said so, else a machine's count (8 or fewer) said
    beside two machines or more ("gpuli 8x h100, 2 nodes"), else `count` as read."""
    said = machines_by_cards(norm)
    if said is not None and said[0] >= 2:
        return said[1]
    if nodes is not None and nodes >= 2 and count is not None and 0 < count <= CARDS_PER_NODE_MAX and count != nodes \
            and not SPREAD.search(norm):
        return nodes * count
    return count


def node_words(text: str, count: int | None) -> list[tuple[int, int]]:
    """Where the machines are said ("双节点", "two 8x nodes") in a message that counts the cards: part of the job's
    setup, never a question about the link between machines ("双节点 8 卡 h100 32b 全参" sizes the job; "要配啥互联"
    beside them still asks the FAQ)."""
    return [m.span() for m in NODES.finditer(text)] if count else []
