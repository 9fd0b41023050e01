"""The questions users ask right after a sizing, answered by searching over the engine itself.

- the longest sequence / the largest micro-batch that still fits the named card (binary search over
  `size`, so the answer is exactly what a sizing at that value would say);
- how many of a given card the job needs: the same ladder of plans the recommendations use, with
  the ZeRO stage it lands on and what renting that card costs;
- the cheapest setups that finish by a deadline or stay within a budget: `engine.cost.compare` at
  every card count a user would rent (1, 2, 4, 8 ... cards), filtered and sorted by total.

Pure and deterministic: the current time comes in as an argument.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from decimal import Decimal

from engine.breakdown import CARDS_PER_NODE
from engine.catalog import GpuSpec, gpus
from engine.cost import DISPLAY_CURRENCY, CostOption, CostReport, compare
from engine.errors import InvalidRequest, KasuanError
from engine.fit import Fit, Planner, ladder
from engine.price_list import machine_count
from engine.request import TrainingRequest
from engine.resolve import Resolved, resolve
from engine.seed_minimums import at_the_edge, roomy_row, seed_rows_on_card
from engine.sizing import Sizing, size

SEQ_STEP = 128  # sequence lengths are answered in multiples of this (what people configure)
MAX_MICRO_BATCH = 4096
LEVER_ORDER = ("qlora", "eight_bit", "chunked_loss", "shorter_seq", "more_cards")  # least disruptive first
COUNTS = (1, 2, 4, 8, 16, 32, 64)  # card counts a deadline search tries


# ---------------------------------------------------------------- longest sequence, largest batch


@dataclass(frozen=True)
class Largest:
    """The largest value of `field` that fits, its sizing, and the first value that does not."""

    field: str  # seq_len or micro_batch
    value: int | None  # None: not even the smallest value fits
    sizing: Sizing  # at `value` (or at the smallest value when none fits)
    limit: int  # the search's upper end (the model's context for seq_len)
    at_limit: bool  # the limit itself fits: the card is not what stops it
    # none fits at the high end: the largest value whose expected figure fits (it may run, or may hit OOM)
    may_value: int | None = None

    @property
    def gpu(self) -> GpuSpec:
        assert self.sizing.fit is not None
        return self.sizing.fit.gpu


def _fits(s: Sizing) -> bool:
    return s.fit is not None and s.fit.fits


def _may_fit(s: Sizing) -> bool:
    return s.fit is not None and (s.fit.fits or s.fit.may_fit)


def _search(at: Callable[[int], Sizing], ok: Callable[[Sizing], bool], hi: int) -> tuple[int, Sizing] | None:
    """The largest k in 1..hi with ok(at(k)) (ok holds below some k and fails above it), or None."""
    lo = 1
    first = at(lo)
    if not ok(first):
        return None
    top = at(hi)
    if ok(top):
        return hi, top
    best = first
    while hi - lo > 1:  # lo is ok, hi is not
        mid = (lo + hi) // 2
        s = at(mid)
        if ok(s):
            lo, best = mid, s
        else:
            hi = mid
    return lo, best


def _largest(req: TrainingRequest, field: str, unit: int, limit: int) -> Largest:
    """Binary search for the largest k·unit (k ≥ 1, k·unit ≤ limit) at which the sizing fits the card, on the
    high end (what every plan ranks on); when none does, the largest at which the expected figure fits."""
    if req.gpu is None:
        raise InvalidRequest("gpu", "name the card to search on", reason="needs_gpu")

    def at(k: int) -> Sizing:
        return size(req.model_copy(update={field: k * unit}))

    hi = max(limit // unit, 1)
    found = _search(at, _fits, hi)
    if found is not None:
        return Largest(field, found[0] * unit, found[1], limit, found[0] == hi)
    maybe = _search(at, _may_fit, hi)
    return Largest(field, None, at(1), limit, False, maybe[0] * unit if maybe else None)


def longest_sequence(req: TrainingRequest) -> Largest:
    """The longest sequence (a multiple of 128, up to the model's context) that fits the named card
    with everything else as stated."""
    r = resolve(req)
    return _largest(req, "seq_len", SEQ_STEP, r.spec.max_context)


def largest_micro_batch(req: TrainingRequest) -> Largest:
    """The largest micro-batch that fits the named card with everything else as stated."""
    return _largest(req, "micro_batch", 1, MAX_MICRO_BATCH)


@dataclass(frozen=True)
class LargestLever:
    """One change that makes the job fit at the high end where nothing tried did: the change (qlora,
    eight_bit, chunked_loss, shorter_seq, more_cards), and the largest value that then fits."""

    code: str
    found: Largest  # its search: found.field and found.value (shorter_seq: the longest sequence at batch 1)
    num_gpus: int = 0  # more_cards: the count


def largest_levers(req: TrainingRequest, found: Largest) -> tuple[LargestLever, ...]:
    """When not even the smallest value fits at the high end, the seeds' levers that make some value fit
    (the lighter method, the 8-bit optimizer, a chunked loss, a shorter sequence for a batch, twice the
    cards), each searched again; those that fit nothing are left out."""
    if found.value is not None:
        return ()
    r = resolve(req)
    search = longest_sequence if found.field == "seq_len" else largest_micro_batch
    tries: list[tuple[str, dict[str, object], int]] = []
    if r.method == "lora":
        tries.append(("qlora", {"method": "qlora"}, 0))
    if not r.adapter and req.optimizer is None:
        tries.append(("eight_bit", {"optimizer": "adamw-8bit"}, 0))
    if not req.chunked_loss:
        tries.append(("chunked_loss", {"chunked_loss": True}, 0))
    n = max(2, found.sizing.estimate.plan.num_gpus * 2)
    if n <= CARDS_PER_NODE:
        tries.append(("more_cards", {"num_gpus": n, "zero": None}, n))
    out: list[LargestLever] = []
    for code, update, count in tries:
        try:
            got = search(req.model_copy(update=update))
        except KasuanError:
            continue
        if got.value is not None:
            out.append(LargestLever(code, got, count))
    if found.field == "micro_batch" and (req.seq_len or 0) != SEQ_STEP:  # batch 1 misses at this length
        try:
            shorter: Largest | None = longest_sequence(req.model_copy(update={"micro_batch": 1}))
        except KasuanError:
            shorter = None
        if shorter is not None and shorter.value is not None:
            out.append(LargestLever("shorter_seq", shorter))
    return tuple(sorted(out, key=lambda lv: LEVER_ORDER.index(lv.code)))


# ---------------------------------------------------------------- how many cards


@dataclass(frozen=True)
class CardsNeeded:
    """The fewest of `gpu` that hold the job (the plan says the ZeRO stage and offload), and its cost."""

    gpu: GpuSpec
    fit: Fit  # fits is False when even the largest setup tried does not
    sizing: Sizing
    report: CostReport | None  # options for this card at this count, when a provider rents it
    seed: Fit | None = None  # seed 000's fewer cards of this class for the job (7B full: one 80 GB card, 8-bit)
    seed_optimizer: str = ""  # the optimizer the seed's setup takes (its row's)
    seed_roomy: bool = False  # the seed's row is its roomy one ("宽裕": 7B on one H200), not its minimum
    apart: int = 0  # the fewer cards that would hold it, rented only as separate instances (2 × A100: gpuli's single cards)

    @property
    def options(self) -> tuple[CostOption, ...]:
        if self.report is None:
            return ()
        return tuple(o for o in self.report.options if o.gpu.id == self.gpu.id and o.num_gpus == self.fit.num_gpus)


def cards_needed(req: TrainingRequest, gpu: str) -> CardsNeeded:
    """How many `gpu` cards the job needs (the user's stated count is ignored: that is the question)."""
    card = gpus().get(gpu)
    q = req.model_copy(update={"gpu": card.id, "num_gpus": None})
    r = resolve(q)
    fit = Planner(r).first_fit(card, ladder(r))
    plan = fit.estimate.plan
    stated = q.model_copy(update={"num_gpus": plan.num_gpus, "zero": plan.zero,
                                  "offload": plan.offload if plan.offload != "none" else q.offload})
    sizing = size(stated)
    report = None
    if fit.fits or fit.may_fit:  # a setup that may fit (seed 000's 32B full on 8 × 80 GB) is priced too
        try:
            report = compare(stated, sizing=sizing)  # the sizing of the same request: not sized twice
        except KasuanError:
            report = None  # no provider rents this card at this count: the count still stands
    seed = seed_count(q, r, fit)
    if seed[0] is not None and plan.offload != "none" and seed[0].num_gpus != plan.num_gpus:
        # the seed's setup holds it without offload on more cards (72B: 8 × H200 with the 8-bit optimizer,
        # one machine at gpuli); AdamW's way is told at that count, offloaded, never as a count no provider
        # rents as one machine (4 separate H200 instances)
        return _at_count(q, card, seed[0].num_gpus, seed)
    if (fit.fits or fit.may_fit) and (whole := machine_count(card.id, plan.num_gpus)) != plan.num_gpus:
        # "7b 全参 要几张 a100": two A100s that gpuli rents only as two single-card instances are no setup for
        # one ZeRO-3 job (seed 003); the fewest of the card some provider rents as one machine is the count
        return replace(_at_count(q, card, whole, seed), apart=plan.num_gpus)
    return CardsNeeded(card, fit, sizing, report, *seed)


def _at_count(q: TrainingRequest, card: GpuSpec, n: int, seed: tuple[Fit | None, str, bool]) -> CardsNeeded:
    """cards_needed with our plan pinned to `n` cards (the seed's count, or the count rented as one machine):
    the same job as asked (AdamW), on the stages and offload that count takes."""
    r = resolve(q.model_copy(update={"num_gpus": n}))
    fit = Planner(r).first_fit(card, ladder(r, n))
    plan = fit.estimate.plan
    stated = q.model_copy(update={"num_gpus": n, "zero": plan.zero,
                                  "offload": plan.offload if plan.offload != "none" else q.offload})
    sizing = size(stated)
    try:
        report = compare(stated, sizing=sizing) if fit.fits or fit.may_fit else None
    except KasuanError:
        report = None
    return CardsNeeded(card, fit, sizing, report, *seed)


def seed_count(q: TrainingRequest, r: Resolved, ours: Fit) -> tuple[Fit | None, str, bool]:
    """Seed 000's setup for a full fine-tune on this card's memory class when it takes fewer cards than our
    first fit (7B on A100 80GB: one card with the 8-bit optimizer, where AdamW needs two), with no optimizer
    stated or the row's own, estimated with the row's optimizer (returned too, and whether the row is the seed's roomy one:
    7B on one H200): how many cards was asked, and the seed's
    answer is one card, so the reply leads with it (at the edge by our estimate) and gives our count to be
    safe. `r` is the request resolved on the card with no count. (None, "", False) outside the seed's rows, or where
    its setup neither holds the job nor is at the edge."""
    rows = seed_rows_on_card(r, ours.gpu.memory_gb)
    offloads = ours.estimate.plan.offload != "none"  # the seed's setup without offload leads even on more cards
    if rows is None or (rows[0] >= ours.num_gpus and not offloads):
        return None, "", False
    count, optimizers = rows
    # an optimizer stated is the row's only where the row names it ("7b 全参 8bit optimizer" then "要几张 h100": one)
    for optimizer in [o for o in optimizers if q.optimizer in (None, o)]:
        way = q.model_copy(update={"num_gpus": count, "optimizer": optimizer, "zero": 0 if count == 1 else 3})
        try:
            found = size(way).fit
        except KasuanError:
            continue
        if found is None or found.estimate.plan.offload != "none":
            continue
        if found.fits or found.may_fit or at_the_edge(found.estimate.model_states_gb, found.estimate.total_gb):
            return found, optimizer, roomy_row(r, ours.gpu.memory_gb)
    return None, "", False


# ---------------------------------------------------------------- deadline and budget


@dataclass(frozen=True)
class Candidates:
    """Cost options at every card count, and those that meet the condition (cheapest first)."""

    request: TrainingRequest
    options: tuple[CostOption, ...]  # every priced option found, cheapest first
    meeting: tuple[CostOption, ...]  # those that meet the deadline or budget, cheapest first
    currency: str
    hours_available: float | None = None
    budget: Decimal | None = None


def _all_counts(req: TrainingRequest) -> list[CostOption]:
    """compare() at every card count (or only the stated one), merged, one option per provider × card × count."""
    counts = (req.num_gpus,) if req.num_gpus else COUNTS
    seen: dict[tuple[str, str, int], CostOption] = {}
    errors: list[KasuanError] = []
    for n in counts:
        try:
            report = compare(req.model_copy(update={"num_gpus": n}))
        except KasuanError as exc:
            errors.append(exc)
            continue
        for o in report.options:
            seen.setdefault((o.provider.id, o.gpu.id, o.num_gpus), o)
    if not seen and errors:
        raise errors[0]
    return sorted(seen.values(), key=lambda o: (o.compare_range.low, o.compare_range.high, o.hours or 0.0))


def _need_job(req: TrainingRequest) -> None:
    if req.tokens is None and req.samples is None:
        raise InvalidRequest("tokens", "say how much data (tokens or samples) so the time can be worked out",
                             reason="needs_dataset")


def by_deadline(req: TrainingRequest, deadline: datetime, now: datetime) -> Candidates:
    """The setups that finish training (start-up included) by `deadline`, starting at `now`."""
    _need_job(req)
    if deadline.tzinfo is None or now.tzinfo is None:
        raise ValueError("deadline and now must be timezone-aware")
    available = (deadline - now) / timedelta(hours=1)
    if available <= 0:
        raise InvalidRequest("deadline", "the deadline has already passed", reason="past_deadline")
    options = _all_counts(req)
    meeting = [o for o in options if o.need / timedelta(hours=1) <= available]
    return Candidates(req, tuple(options), tuple(meeting), req.currency or DISPLAY_CURRENCY,
                      hours_available=available)


def within_budget(req: TrainingRequest, amount: Decimal, currency: str) -> Candidates:
    """The setups whose total (converted to `currency`, the highest end of an estimated band) stays
    within `amount`, cheapest first."""
    _need_job(req)
    if amount <= 0:
        raise InvalidRequest("budget", "must be more than zero", value=str(amount))
    q = req.model_copy(update={"currency": currency})
    options = _all_counts(q)
    meeting = [o for o in options if o.compare_range.high <= amount]
    return Candidates(q, tuple(options), tuple(meeting), currency, budget=amount)
