"""A follow-up that changes how many machines the job runs on: "两台呢", "三台呢", "make it 4 nodes", "and on
2 nodes?", "2 nodes 呢", "ok so two nodes for a month, total?" — that many machines of the box just discussed;
"再加一个节点呢", "add another node?" — one machine more than it had.

Why: the node count was multiplied into whatever count the last answer held ("三台呢" after two 8-card H100
machines priced 48 cards, six machines), or was not read as a change at all (the InfiniBand FAQ answered
"and on 2 nodes?"; a sizing kept its 8 cards). The box is the last answer's machine: its card count when
one machine holds it (8 or fewer), else the 8-card machine its cards were counted in; the message's nodes
times that are the cards, and everything else of the last question (method, ZeRO stage, provider, term)
stays, as a count change keeps it.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from bot.core.count_follow import _count_of
from bot.messages import Turn
from bot.understand.card_counts import CARDS_PER_NODE_MAX
from bot.understand.lazy import lazy
from bot.understand.parser import Parsed

JOB_KINDS = ("price", "size", "cost")
OWN_INTENTS = ("size", "cost", "price", "export")
# the link between the machines asked about, not their number changed: "两台之间 IB 是多少 G 的", "bandwidth between 2 nodes?"
LINK_ASKED = lazy(r"之间|\bbetween\b|带宽|bandwidth|多少\s*g\b|gbps|延迟|latency|怎么连|\bhow\b[^?]{0,30}\bconnect", re.I)


def per_machine(last: Turn) -> int | None:
    """The cards of one machine of the last answer's setup: 8 × H100 is one box of 8, 16 × H100 two of 8."""
    count = _count_of(last)
    if 0 < count <= CARDS_PER_NODE_MAX:
        return count
    return CARDS_PER_NODE_MAX if count and count % CARDS_PER_NODE_MAX == 0 else None


def nodes_changed(parsed: Parsed, last: Turn | None, text: str) -> Parsed:
    """`parsed` on the message's machines of the last box when it states machines and no cards of its own (one
    machine only after several: "back to 1 node"), else `parsed` unchanged."""
    nodes, q = parsed.price.nodes, parsed.request
    if parsed.cues.nodes_added and last is not None and (box := per_machine(last)):
        # "再加一个节点呢", "add another node?": the machines of the last setup and that many more
        nodes = -(-_count_of(last) // box) + parsed.cues.nodes_added
        q = q.model_copy(update={"num_gpus": None})
    if last is None or last.kind not in JOB_KINDS or not nodes or (nodes < 2 and _count_of(last) <= CARDS_PER_NODE_MAX) \
            or parsed.price.nodes_counted \
            or q.num_gpus not in (None, nodes) or parsed.parts or parsed.cues.howto or parsed.cues.instances \
            or parsed.cues.fresh or (q.gpu and q.gpu != _gpu_of(last)) or LINK_ASKED.search(text):
        return parsed
    box = per_machine(last)
    if box is None:
        return parsed
    cards = nodes * box
    update: dict[str, Any] = {"num_gpus": cards}
    zero = _request_of(last).get("zero")
    if q.zero is None and zero is not None and last.kind != "price":
        update["zero"] = zero  # "换 z2" then "2 nodes 呢": still ZeRO-2, on the two machines
    intent = parsed.intent if parsed.intent in OWN_INTENTS else last.kind
    return replace(parsed, intent=intent, request=q.model_copy(update=update), rental=replace(parsed.rental, num_gpus=cards),
                   price=replace(parsed.price, nodes_counted=True), follow_up=True, faq=[], faq_answers=[],
                   faq_confident=False)


def _request_of(last: Turn) -> dict[str, Any]:
    request = last.data.get("request")
    return request if isinstance(request, dict) else {}


def _gpu_of(last: Turn) -> object:
    return last.data.get("gpu") or _request_of(last).get("gpu")
