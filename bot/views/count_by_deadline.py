"""How many cards or machines finish a timed job before its deadline ("deadline 10 天 … 要几台 8 卡 H100",
"must be done within 10 days: how many nodes of 8x H100"): the count that holds the job is not the answer when
the dataset is known and the clock is short. The fewest machines (of the size named, eight cards when none is)
whose training time, start-up included, ends before the deadline lead, with that time; the time on one machine
against the hours left follows, then the link more than one node needs and what each provider charges for it.

Why: asked a count with a deadline and a dataset, a reader plans the rental that ends in time; a memory count
("one node is enough") answers a question the deadline has already overruled."""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.messages import Reply
from bot.text.i18n import t
from bot.text.names import short_gpu
from engine.breakdown import CARDS_PER_NODE
from engine.cost import CostOption, compare
from engine.errors import KasuanError
from engine.money import Money
from engine.providers import providers
from engine.request import TrainingRequest

MOST_NODES = 8  # machines tried before saying that even that many miss the deadline


def _fastest(req: TrainingRequest, card: str, n: int) -> CostOption | None:
    """The cheapest option that runs the job on `n` × `card` (every one there takes the same training time)."""
    try:
        options = compare(req.model_copy(update={"gpu": card, "num_gpus": n})).options
    except KasuanError:
        return None
    timed = [o for o in options if o.hours]
    return timed[0] if timed else None


def _span(hours: float, lang: str) -> str:
    return t("deadline_count.span", lang, hours=f"{hours:,.1f}", days=f"{hours / 24:.1f}")


def _links(nodes: int, lang: str) -> list[str]:
    """Each provider's priced link between machines, for `nodes` machines, with the regions that offer it."""
    out = []
    for p in providers().entries:
        for add in p.add_ons:
            if not add.multi_node or add.price is None or add.unit != "node_month":
                continue
            where = t("list.and", lang).join(add.regions) if add.regions else t("nodes.everywhere", lang)
            out.append(t("nodes.link", lang, provider=p.name, link=add.name, each=Money.of(add.price, p.currency).format(lang),
                         nodes=nodes, total=Money.of(add.price * nodes, p.currency).format(lang), regions=where))
    return out


def count_by_deadline(req: TrainingRequest, card: str, deadline: datetime, now: datetime, lang: str,
                      machines: bool = True) -> Reply | None:
    """The fewest machines of `card` that train `req` (its dataset known) before `deadline`, as a reply; None when
    the job cannot be timed or the deadline has passed (the usual answers say why). Cards counted with no machine
    size said (`machines` False: "要几张 H100") try part of one machine first: one, two, four cards."""
    left = (deadline - now) / timedelta(hours=1)
    if left <= 0 or (req.tokens is None and req.samples is None):
        return None
    per = req.num_gpus if req.num_gpus and 1 < req.num_gpus <= CARDS_PER_NODE else CARDS_PER_NODE
    counts = [*(() if machines or req.num_gpus else (1, 2, 4)), *(per * m for m in range(1, MOST_NODES + 1))]
    tried: list[tuple[int, CostOption]] = []
    for n in counts:
        option = _fastest(req, card, n)
        if option is None:
            continue
        tried.append((n, option))
        if option.need / timedelta(hours=1) <= left:
            break
    if not tried:
        return None
    gpu = short_gpu(tried[-1][1].gpu.name)
    n, best = tried[-1]
    m = -(-n // per)
    met = best.need / timedelta(hours=1) <= left
    key = ("deadline_count.part" if n < per else "deadline_count.one" if m == 1 else "deadline_count.many") \
        if met else "deadline_count.none"
    lines = [t(key, lang, m=m, per=per, n=n, gpu=gpu, time=_span(best.hours or 0.0, lang), left=f"{left:,.0f}",
               left_days=f"{left / 24:.1f}")]
    first_n, first = tried[-2] if len(tried) > 1 else tried[0]
    if n > first_n:  # the time on the next count down, against the hours left
        lines.append(t("deadline_count.fewer", lang, n=first_n, gpu=gpu, time=_span(first.hours or 0.0, lang),
                       left=f"{left:,.0f}"))
    if m > 1:
        lines.append(t("deadline_count.link", lang, m=m, links=t("list.sep", lang).join(_links(m, lang)) or "InfiniBand"))
    q = best.quote
    total = Money(q.total_min, q.currency).format(lang) if q.total_min == q.total_max else \
        f"{Money(q.total_min, q.currency).format(lang)}–{Money(q.total_max, q.currency).format(lang)}"
    lines.append(t("deadline_count.price", lang, provider=best.provider.name, n=n, gpu=gpu, total=total))
    return Reply("error", lang, {"message": "\n".join(lines)})
