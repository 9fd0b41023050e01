"""A job asked on one card and, in a later clause, on another card it names alone ("14b lora 一张 L40S 够吗？另外客户
手里有一张 5090，能不能也跑", "does 14b lora fit one L40S? and what about a 5090, would that work?"): two questions, the
job on each card, answered in the order asked. Without this the later card was read as a setting of the one job and
its question dropped. Split from bot.understand.clauses (its module limit)."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from bot.understand.lazy import lazy

if TYPE_CHECKING:
    from bot.understand.parser import Parsed


# a later clause offering what to try if the first answer is no: "不行的话 zero3 呢", "otherwise, with zero-3?"
FALLBACK = lazy(r"^\W*(?:那\s*)?(?:不行的话|不行就|不然的话|不然|否则|要不然|如果不行|要是不行|实在不行|if\s+not\b|otherwise\b|failing\s+that\b"
                r"|if\s+(?:that|it)\s+(?:doesn'?t|won'?t|can'?t|isn'?t)\b|and\s+if\s+not\b)", re.IGNORECASE)
SETTINGS = {"zero", "gpu", "num_gpus", "offload", "optimizer", "method", "grad_checkpointing", "seq_len", "micro_batch", "lora_rank"}


def job_on_other_card(parts: list[Parsed], clauses: list[str] | None = None) -> list[Parsed]:
    """[the job's part, the job on the other card] when the second of two clauses names only another card and asks
    whether it fits or runs; [the job's part, the job with the setting offered] when it offers a setting to fall back
    on ("32b 全参 8 张 a100 zero2 行不行？不行的话 zero3 呢"); [] otherwise."""
    if len(parts) != 2:
        return []
    first, later = parts
    q, other = first.request, later.request
    if first.intent not in ("size", "cost") or not (q.model or q.params_b) or first.rental.provider:
        return []
    said = set(other.stated())
    if clauses is not None and FALLBACK.search(clauses[1]) and said and said <= SETTINGS:
        job = q.model_copy(update=other.stated())
        return [first, replace(first, request=job, parts=[], follow_up=False,
                               rental=replace(first.rental, gpu=job.gpu, num_gpus=job.num_gpus), cards=[job.gpu] if job.gpu else first.cards)]
    if not q.gpu:
        return []
    if other.model or other.params_b or other.method or not other.gpu or other.gpu == q.gpu or len(later.cards) > 1 \
            or later.intent == "price" or not (later.cues.fit or later.asks.sizing):
        return []
    job = q.model_copy(update={"gpu": other.gpu, "num_gpus": other.num_gpus})
    return [first, replace(first, request=job, rental=replace(first.rental, gpu=other.gpu, num_gpus=other.num_gpus),
                           cards=[other.gpu], parts=[], follow_up=False)]


def checkpoint_besides(clauses: list[str], parts: list[Parsed], whole: Parsed) -> list[Parsed]:
    """A later clause of a job's fit-and-cost message asking its checkpoint or adapter size ("1) 14b qlora 4090 够不够
    2) gpuli 月租多少 3) 训完 adapter 大概多大"): that job's checkpoint sizes, asked after the two; [] when none asks."""
    from bot.understand.classify import asks_checkpoint
    from bot.understand.normalize import normalize
    if len(clauses) < 3 or not (whole.request.model or whole.request.params_b):
        return []
    if not any(p.intent == "faq" and asks_checkpoint(normalize(c)) for c, p in zip(clauses[1:], parts[1:], strict=True)):
        return []
    job = whole.request.model_copy(update={"hours": None, "days": None})
    return [replace(whole, intent="checkpoint", request=job, parts=[], missing=[], faq=[], faq_answers=[], faq_confident=False)]


def card_of_the_last(clause: str, p: Parsed, last: Parsed) -> Parsed | None:
    """A clause naming only another card and "呢" / "what about" after a clause pricing a card ("一万网络 3090 一个月多少？
    T4 呢？", "a100 at gpuli monthly? and the h100?"): that card's price, at the place and for the length asked before;
    None otherwise."""
    from bot.understand.clauses import ASKED_OF
    q = p.request
    if last.intent != "price" or not last.request.gpu or not q.gpu or q.gpu == last.request.gpu or len(p.cards) > 1 \
            or q.model or q.params_b or q.method or p.rental.provider or len(clause) > 24 or not ASKED_OF.search(clause.lower()):
        return None
    r = p.rental
    return replace(last, request=last.request.model_copy(update={"gpu": q.gpu, "num_gpus": q.num_gpus}), cards=[q.gpu],
                   rental=replace(last.rental, gpu=q.gpu, num_gpus=r.num_gpus or None,
                                  duration_days=r.duration_days or last.rental.duration_days,
                                  duration_hours=r.duration_hours or last.rental.duration_hours), parts=[])
