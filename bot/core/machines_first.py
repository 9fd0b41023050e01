"""How many machines a job takes, when the message counts machines ("cpt 70b 要几台 8xh100", "how many nodes of
8x h100"): the cards needed, said in machines of the size named (eight cards when none is), leads; more than one
machine is more than one node, linked by InfiniBand. A count that fits only with offload says how many machines
hold it without, and that those nodes need the link too.

Why: the count of cards answers "几张"; asked "几台", a reader wants the machines to rent and whether the job
crosses nodes, which decides the network it needs."""

from __future__ import annotations

from typing import Any

from bot.core.several import verdict_first
from bot.messages import Reply
from bot.text.i18n import t
from bot.text.names import short_gpu
from bot.understand.parser import Parsed
from engine.breakdown import CARDS_PER_NODE
from engine.sizing import size

MOST_MACHINES = 4  # machines tried for a plan without offload: beyond that, the offloaded one machine stands


def _machines(cards: int, per: int) -> int:
    return -(-cards // per)


def _without_offload(parsed: Parsed, card: str, per: int, least: int) -> int | None:
    """The fewest machines of `per` cards that hold the job with no offload, from `least` machines up."""
    for m in range(max(least, 2), MOST_MACHINES + 1):
        req = parsed.request.model_copy(update={"gpu": card, "num_gpus": per * m, "zero": 3, "offload": "none"})
        fit = size(req).fit
        if fit is not None and fit.fits:
            return m
    return None


def machines_first(reply: Reply, parsed: Parsed) -> Reply:
    """`reply` (how many cards) led by the machines they make, when the message counts machines."""
    v: Any = reply.data.get("v") if reply.kind == "planning" else None
    if not parsed.asks.machines or not isinstance(v, dict) or v.get("q") != "cards" or not v.get("num_gpus"):
        return reply
    lang, cards = reply.lang, int(v["num_gpus"])
    per = parsed.request.num_gpus if parsed.request.num_gpus and parsed.request.num_gpus > 1 else CARDS_PER_NODE
    machines = _machines(cards, per)
    setup = f"ZeRO-{v['zero']}" if v.get("zero") else t("machines.one_card", lang)
    if v.get("offload", "none") != "none":
        setup += "+offload"
    key = "machines.part" if cards < per else "machines.one" if machines == 1 else "machines.many"
    lines = [t(key, lang, m=machines, per=per, gpu=short_gpu(v["gpu"]), n=cards, setup=setup)]
    card = parsed.asks.how_many_gpu
    if v.get("offload", "none") != "none" and card and (more := _without_offload(parsed, card, per, machines)):
        lines.append(t("machines.no_offload", lang, m=more, n=more * per))
    return verdict_first(reply, Reply("error", lang, {"message": "\n".join(lines)}))
