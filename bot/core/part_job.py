"""A part of a message that asks the price of the job another part named ("Is one 80GB card enough with an 8-bit
optimizer? cheapest monthly at gpuli?", "一张 80G 够吗？gpuli 包月最便宜多少"): that job, on the setup the part
before asked about, priced at the provider and for the span this part names.

Why: split into its questions, the price part named no job of its own, so it was read alone (an FAQ entry on monthly
rentals, or nothing) and the reply never priced what was asked; read with the job, gpuli's month of the one 80 GB
card asked about is priced (seed 003: the A100 80GB PCIe, ₮899 a month)."""

from __future__ import annotations

from dataclasses import replace

from bot.messages import Awaiting
from bot.understand.parser import Parsed


def with_job_before(parts: list[Parsed]) -> list[Parsed]:
    """`parts` with each price part that names no job and no card, but a provider and a span, given the job of the part
    before."""
    out = _fit_on_priced(_card_of_spec(list(parts)))
    for i in range(1, len(out)):
        p, before = out[i], out[i - 1]
        q, r, job = p.request, p.rental, before.request
        if q.model or q.params_b or q.method or not (job.model or job.params_b) or before.intent not in ("size", "cost"):
            continue
        if not (r.provider and (r.duration_days or r.duration_hours)) or p.cues.fresh or q.gpu:
            continue
        if r.gpu and r.gpu == job.gpu and before.intent == "size" and p.intent in ("faq", "unknown", "price"):
            # "…on one L40S at gpuli, fits? monthly?": the term asked of the card just sized there, one line beside its fit
            card = type(job)(gpu=job.gpu, num_gpus=job.num_gpus)
            out[i] = replace(p, intent="price", request=card, missing=[], follow_up=False, faq=[], faq_answers=[],
                             faq_confident=False, rental=replace(r, num_gpus=job.num_gpus))
            continue
        if r.gpu:
            continue  # a card named ("…, and the weekly price of a 4090 on gpuli") is that card's price, asked apart
        update = {"provider": r.provider, "days": r.duration_days, "hours": r.duration_hours}
        out[i] = replace(p, intent="cost", request=job.model_copy(update=update), missing=[], follow_up=False,
                         faq=[], faq_answers=[], faq_confident=False)
    return out


def stated_beside_model(awaiting: Awaiting, parsed: Parsed) -> str:
    """The model given to "which model?" (a catalog id, or "P7" for a bare 7B); with more than its model ("7b full
    finetune, which card at gpuli") the method, cards and settings it states become the waiting sizing's (or export's:
    "qwen3-8b qlora" after "a llamafactory config" exports QLoRA) too, over what the question before left unsaid."""
    if awaiting.kind in ("size", "cost", "export") and isinstance(awaiting.data.get("request"), dict):
        stated = {k: v for k, v in parsed.request.stated().items() if k not in ("model", "params_b")}
        awaiting.data["request"] = {**awaiting.data["request"], **stated}
    return parsed.request.model or f"P{parsed.request.params_b:g}"


def _card_of_spec(parts: list[Parsed]) -> list[Parsed]:
    """A job asked right after a setup's facts, naming no card ("8x h200 total vram? enough for 72b full with plain
    adamw?"): the job on that setup (8 × H200), judged there, not a table of setups."""
    for i in range(1, len(parts)):
        p, before = parts[i], parts[i - 1]
        q, card = p.request, before.request
        if not (before.asks.spec and card.gpu and card.num_gpus) or card.model or card.params_b or before.cards[1:]:
            continue
        if not (q.model or q.params_b) or q.gpu or q.num_gpus or p.rental.gpu or p.intent not in ("size", "cost", "faq"):
            continue
        parts[i - 1] = replace(before, intent="faq")  # "8卡h200 总显存多少" asks the cards' facts, not their price
        parts[i] = replace(p, intent="size" if p.intent == "faq" else p.intent,
                           request=q.model_copy(update={"gpu": card.gpu, "num_gpus": card.num_gpus}), missing=[],
                           faq=[], faq_answers=[], faq_confident=False)
    return parts


def _fit_on_priced(parts: list[Parsed]) -> list[Parsed]:
    """A job's fit asked right after a card's price, naming no card of its own ("8 卡 A100 SXM 月租多少？32B 全参放得下吗？",
    "how much is an H100 a week? can 72b qlora fit?"): the job on the cards just priced, judged there, the verdict
    first and the price beside it (not a table of setups under the price)."""
    for i in range(1, len(parts)):
        p, before = parts[i], parts[i - 1]
        q, card = p.request, before.request
        if before.intent != "price" or not card.gpu or card.model or card.params_b or before.cards[1:] \
                or before.asks.budget is not None:  # a budget's runway asked first ("$20 on a 4090, how many hours?") keeps its place
            continue
        if p.intent != "size" or p.missing or not (q.model or q.params_b) or q.gpu or q.num_gpus or p.rental.gpu \
                or not (p.cues.fit or p.asks.sizing):
            continue
        judged = replace(p, request=q.model_copy(update={"gpu": card.gpu, "num_gpus": card.num_gpus}),
                         asks=replace(p.asks, sizing=True))
        parts[i - 1], parts[i] = judged, before
    return parts
