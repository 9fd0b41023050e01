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
from bot.text.names import short_gpu
from bot.understand.card_counts import CARDS_PER_NODE_MAX
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


def _one_machine(reply: Reply, parsed: Parsed) -> Reply:
    """`reply` (a sizing or a cost) led by "no" when the message asks InfiniBand of cards that fit one machine
    ("14b 全参 4 卡 A100 单机一个月，要另算 IB 吗", "one 8x h100 box, is infiniband extra?"): IB only links
    machines (the infiniband FAQ, seed 000), so one machine needs none; its price per node follows, for later."""
    q, r = parsed.request, parsed.rental
    cards = q.num_gpus or r.num_gpus  # the count said: with none, the answer's own pick may span machines
    if reply.kind not in ("sizing", "cost") or not parsed.price.infiniband or (parsed.price.nodes or 1) > 1 \
            or not cards or cards > CARDS_PER_NODE_MAX or parsed.parts:
        return reply
    links = [t("nodes.link_each", reply.lang, provider=p.name, link=add.name, each=Money.of(add.price, p.currency).format(reply.lang))
             for p in providers().entries if not r.provider or p.id == r.provider
             for add in p.add_ons if add.multi_node and add.price is not None and add.unit == "node_month"]
    key = "nodes.one_machine" if links else "nodes.one_machine_bare"
    lead = Reply("error", reply.lang, {"message": t(key, reply.lang, n=cards, links=t("list.sep", reply.lang).join(links))})
    return verdict_first(reply, lead)


def _one_node_enough(reply: Reply, parsed: Parsed) -> Reply:
    """`reply` (a run's time and cost) led by the verdict asked, whether one machine will do ("单机 8 卡够还是得多机"):
    when the setup picked fits in one machine, yes, with the time it takes there; more machines only shorten it."""
    v = reply.data.get("v") if reply.kind == "cost" else None
    if not parsed.cues.one_node or not isinstance(v, dict) or not v.get("rows"):
        return reply
    row, lang = v["rows"][0], reply.lang
    if int(row.get("num_gpus") or 0) > CARDS_PER_NODE_MAX or (parsed.price.nodes or 1) > 1 or not row.get("time"):
        return reply
    took = t(f"cost.dur.{row['time']['unit']}", lang, n=row["time"]["n"])
    lead = t("nodes.one_enough", lang, n=row["num_gpus"], gpu=short_gpu(row["name"]), time=took)
    return verdict_first(reply, Reply("error", lang, {"message": lead}))


def _across_machines(reply: Reply, parsed: Parsed) -> Reply:
    """`reply` led by the link between machines and its price per node, for a job said to span machines with no
    count ("多机", "multi-node") whose catch or extras are asked."""
    links = [t("nodes.link_each", reply.lang, provider=p.name, link=add.name, each=Money.of(add.price, p.currency).format(reply.lang))
             for p in providers().entries if not parsed.rental.provider or p.id == parsed.rental.provider
             for add in p.add_ons if add.multi_node and add.price is not None and add.unit == "node_month"]
    if not links:
        return reply
    lead = t("nodes.lead_any", reply.lang, links=t("list.sep", reply.lang).join(links))
    return verdict_first(reply, Reply("error", reply.lang, {"message": lead}))


def nodes_first(reply: Reply, parsed: Parsed) -> Reply:
    """`reply` (a sizing) led by the link its machines need, when the message spans two machines or more
    and asks what else they need or cost; on one machine, that it needs no such link (`_one_machine`)."""
    reply = _one_node_enough(_one_machine(machines_first(reply, parsed), parsed), parsed)  # "要几台 8xh100": the cards in machines lead
    nodes = parsed.price.nodes or 0
    if reply.kind == "sizing" and nodes < 2 and parsed.cues.machines and (parsed.asks.catch or parsed.cues.extra_asked) \
            and parsed.price.infiniband is not False:
        return _across_machines(reply, parsed)  # "多机跑 70b 全参 需要注意啥": the link between machines leads, whatever their count
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
