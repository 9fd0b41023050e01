"""What a job run across machines needs besides its cards, leading the sizing when the message asks it
("继续预训练 14b 打算跨两台机器 除了卡还要准备啥", "a 14b across two nodes, what extra do I pay"): the link
between the nodes, a provider's multi-node add-on (gpuli: 400G InfiniBand per node per month, in two regions
only, catalogs/providers/gpuli.yaml), then the sizing.

Why: the sizing says it as a note under its prices, below the first lines a reader sees; asked what else
two nodes need, that link and its price are the answer."""

from __future__ import annotations

from bot.core.machines_first import machines_first
from bot.core.several import verdict_first
from bot.messages import Reply
from bot.text.i18n import t
from bot.understand.parser import Parsed
from engine.money import Money
from engine.providers import providers


def _links(named: str | None, lang: str, nodes: int) -> list[str]:
    """Each provider's priced multi-node link (the one named, else every one), said with its price."""
    out = []
    for p in providers().entries:
        if named and p.id != named:
            continue
        for add in p.add_ons:
            if not add.multi_node or add.price is None or add.unit != "node_month":
                continue
            each = Money.of(add.price, p.currency)
            total = Money.of(add.price * nodes, p.currency)
            where = t("list.and", lang).join(add.regions) if add.regions else t("nodes.everywhere", lang)
            out.append(t("nodes.link", lang, provider=p.name, link=add.name, each=each.format(lang),
                         nodes=nodes, total=total.format(lang), regions=where))
    return out


def nodes_first(reply: Reply, parsed: Parsed) -> Reply:
    """`reply` (a sizing) led by the link its machines need, when the message spans two machines or more
    and asks what else they need or cost."""
    reply = machines_first(reply, parsed)  # "要几台 8xh100": the cards in machines lead
    nodes = parsed.price.nodes or 0
    if reply.kind != "sizing" or nodes < 2 or parsed.price.infiniband is False:
        return reply
    if not parsed.cues.extra_asked:  # "除了卡还要准备啥", "what else do I pay for" (bot.understand.follow_reads)
        return reply
    links = _links(parsed.rental.provider, reply.lang, nodes)
    if not links:
        return reply
    lead = Reply("error", reply.lang, {"message": t("nodes.lead", reply.lang, nodes=nodes,
                                                    links=t("list.sep", reply.lang).join(links))})
    return verdict_first(reply, lead)
