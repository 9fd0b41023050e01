"""A card named without its form factor in a cost question ("32b lora a100 gpuli 包月"): "a100" is the A100 80GB
in either form, and the provider may sell the term asked only in one of them.

Why: the request carries the catalog's default form (SXM); gpuli prices its A100 80GB SXM by the week only, so a
month was bought as five weeks (₮1,595) while its A100 80GB PCIe, the same 80 GB, rents for the month at ₮899
(seed 000's LoRA table, the 32B row). When the default form buys more time than asked and the other form buys
the term asked for less, the other form is the one priced; so it is when another provider over-buys the span with
the default form and rents it exactly in the other for less than the reference ("72b qlora a100 80g" then "预算
₮1000/月 够不": gpuli's A100 80GB PCIe month ₮899, not CloudGPU's SXM 720 h at $1,072.80; a week of 7B full stays
gpuli's SXM ₮319, seed 000). A form the message names is kept as named.
"""

from __future__ import annotations

from contextlib import suppress
from dataclasses import replace
from decimal import Decimal

from bot.messages import Reply, Turn
from bot.understand.parser import Parsed
from engine.catalog import form_variants
from engine.cost import CostOption, CostReport
from engine.cost import compare as compare_cost
from engine.errors import KasuanError
from engine.money import Money
from engine.request import TrainingRequest
from engine.seed_adapter_rows import class_card


def _report(req: TrainingRequest) -> CostReport | None:
    with suppress(KasuanError):
        return compare_cost(req)
    return None


def _usd(option: CostOption) -> Decimal:
    return Money(option.quote.total_max, option.quote.currency).to("USD").amount


def form_for_term(req: TrainingRequest, form_named: bool) -> TrainingRequest:
    """`req` on the same-memory form of its card that rents the asked span with less surplus time, for less, on
    the same plan (cards, ZeRO, offload: never a plan the default form avoids); `req` unchanged otherwise. The
    surplus is the reference option's, or that of a provider whose default form over-buys the span while its other
    form rents it exactly, for less than the reference (gpuli: five SXM weeks for a month, the PCIe month ₮899
    under CloudGPU's 720 SXM hours at $1,072.80)."""
    if form_named or not req.gpu or not (req.days or req.hours) or req.tokens or req.samples or req.step_seconds:
        return req
    forms = form_variants(req.gpu)
    if len(forms) < 2:
        return req
    report = _report(req)
    base = report.reference if report is not None else None
    if report is None or base is None:
        return req
    over = {o.provider.id for o in report.options if o.quote.unused_hours > 0 and o.plan == base.plan}
    seeded = class_card(report.sizing)  # "72b qlora a100 80g 周租": seed 000's table rents the A100 PCIe 80GB (₮269)
    for gpu in forms:
        if gpu == req.gpu:
            continue
        other = req.model_copy(update={"gpu": gpu})
        found = _report(other)
        ref = found.reference if found is not None else None
        if ref is None or ref.plan != base.plan or _usd(ref) >= _usd(base):
            continue
        if (base.quote.unused_hours > 0 and ref.quote.unused_hours < base.quote.unused_hours) \
                or (ref.provider.id in over and ref.quote.unused_hours <= 0) or (gpu == seeded and ref.quote.unused_hours <= base.quote.unused_hours):
            return other
    return req


def form_kept(parsed: Parsed, last: Turn | None) -> Parsed:
    """A follow-up naming no card of its own and asking a budget or a cost ("72b qlora a100 80g sxm 够吗" then "预算
    ₮1000/月 够不") asks of the card before in the form it was named: the SXM stays the SXM; `parsed` unchanged otherwise."""
    if last is None or parsed.request.gpu or parsed.asks.form_factor or not last.data.get("form_named") \
            or not (parsed.asks.budget is not None or parsed.asks.cost):  # the form only prices: a budget or a cost asked
        return parsed
    return replace(parsed, asks=replace(parsed.asks, form_factor=True))


def note_form(reply: Reply, parsed: Parsed | None) -> None:
    """The turn remembers that its card was named with its form (SXM / PCIe), for form_kept next."""
    if reply.turn is not None and parsed is not None and parsed.asks.form_factor:
        reply.turn.data["form_named"] = True
