"""A full fine-tune priced with no card named whose cheapest safe pick spans several machines ("72b 全参
不开 offload 一周多少钱": 32 × H100 over 4 nodes, InfiniBand extra) is priced on seed 000's single machine
with the class's 8-bit optimizer (8 × H200), as the answer to a job changed after its price already does
(bot.core.answers.one_machine): one machine needs no cross-node link, and the seed rents it so.
"""

from __future__ import annotations

from typing import Any

from bot.text.names import short_gpu
from engine.advice import seed_setup
from engine.breakdown import CARDS_PER_NODE
from engine.cost import CostReport
from engine.fit import Fit
from engine.price_list import cheapest_card_hour
from engine.request import TrainingRequest
from engine.sizing import Sizing


def one_machine_way(req: TrainingRequest, report: CostReport) -> tuple[TrainingRequest, dict[str, Any]] | None:
    """The request pinned to the seed's one machine without offload, and the multi-node pick it replaces
    (cards, card name, nodes) for the reply to say why; None where the pick is one machine already, a card,
    count or optimizer was stated, offload was asked for, or the seed has no such machine for the class."""
    pick = report.cheapest or report.reference
    if pick is None or pick.num_gpus <= CARDS_PER_NODE or req.gpu or req.num_gpus or req.optimizer \
            or req.offload not in (None, "none") or report.sizing.resolved.adapter:
        return None
    box, _, optimizer = seed_setup(report.sizing, req, no_offload=True)
    if box is None or not box.fits or box.num_gpus > CARDS_PER_NODE or box.estimate.plan.offload != "none":
        return None
    way = req.model_copy(update={"gpu": box.gpu.id, "num_gpus": box.num_gpus, "optimizer": optimizer,
                                 "zero": box.estimate.plan.zero, "offload": "none"})
    return way, {"n": pick.num_gpus, "gpu": short_gpu(pick.gpu.name), "nodes": pick.fit.estimate.plan.nodes}


def across_nodes(req: TrainingRequest, s: Sizing, setup: Fit) -> dict[str, Any] | None:
    """Where `setup` is one machine with an 8-bit optimizer and the job as asked (`req`: AdamW, no offload) takes
    cards over several machines at the cheapest rate anyone rents them as machines (72B full: 32 × A100 over 4 nodes):
    that setup (cards, card name, nodes) for the reply to say why one machine; None otherwise."""
    if setup.num_gpus > CARDS_PER_NODE or req.optimizer is not None or req.offload != "none":
        return None
    rented = [(rate * f.num_gpus, f) for f in s.recommendations if f.fits and f.estimate.plan.offload == "none"
              and (rate := cheapest_card_hour(f.gpu.id, f.num_gpus, whole=True)) is not None]
    if not rented:
        return None
    f = min(rented, key=lambda x: x[0])[1]
    if f.num_gpus <= CARDS_PER_NODE:
        return None
    return {"n": f.num_gpus, "gpu": short_gpu(f.gpu.name), "nodes": f.estimate.plan.nodes}
