"""The sizing advice as one engine call: what the short reply recommends, decided here, shaped by
bot/views/summary.py into words.

Why in the engine: the decision (which setup is the verdict, what else fits, what buys headroom,
whether an 8-bit optimizer is the way, which setup is cheapest) is the product; a view that decides
it re-sizes and re-prices what the engine already did, and every front end (chat, CLI, export)
would have to repeat it. The rules, in the order the reply reads:
- verdict: the named card at the stated count, judged by the range's high end (fits / may fit /
  does not fit); with no card named, at the count asked (or the fewest cards) the cheapest card
  that holds the job without offload, tight or not: a tight fit is answered as tight, with the
  levers that buy headroom (the seeds' own recipes are tight ones, e.g. 32B full on 8 × 80 GB with
  ZeRO-3), rather than replaced by a dearer setup;
- the seed's minimum: with no card named, full fine-tuning in a size class seed 000 gives a minimum
  setup for (engine.seed_minimums) takes that setup as the verdict when it fits or may fit, the
  cheapest setup on bigger cards first among the alternatives; when it does not, the reply names it
  and by how much our estimate differs;
- alternative: when the named card misses as stated, the plan that holds it at the stated count
  (ZeRO-3, then optimizer offload), else the fewest of that card that would;
- alternatives: up to three other setups that fit, the count asked for first, then room, then price;
- levers: when the verdict is tight or just misses, each lever re-sized (engine.levers);
- the 8-bit optimizer option: offered when the answer needs offload, a different count, or is tight;
- price ranking: a setup's price is its cheapest provider's list price per card-hour × cards,
  compared on the high end of a price band; a setup nobody rents ranks after every priced one.
Every estimate goes through the sizing's memo (engine.memo): a plan is estimated once per question.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from decimal import Decimal
from functools import lru_cache
from typing import Literal

from engine.breakdown import Plan
from engine.catalog import gpus
from engine.fit import Fit, Planner, candidates, ladder
from engine.levers import Lever, headroom_levers
from engine.price_list import card_hour_rates, cheapest_card_hour, machine_count
from engine.providers import provider as find_provider
from engine.request import TrainingRequest
from engine.resolve import resolve
from engine.seed_adapter_rows import seed_card
from engine.seed_minimums import at_the_edge, seed_minimum_for, seed_roomy_for, seed_rows_on_card, state_bytes_per_param
from engine.sizing import Sizing

MAX_ALTERNATIVES = 3
ROOMY_SHARE = 0.30  # "roomy": at least this share of each card left free (a tight fit leaves under 10%)
Verdict = Literal["fits", "may_fit", "does_not_fit"]


@lru_cache(maxsize=4096)
def setup_rates(gpu: str, num_gpus: int) -> tuple[Decimal | None, Decimal | None]:
    """USD per hour for the whole setup at its cheapest provider, on the high end of a band, rented any way
    and as one machine (catalog prices do not change while the process runs, so this is cached)."""
    rates = card_hour_rates(gpu, num_gpus)
    return rates[0] and rates[0] * num_gpus, rates[1] and rates[1] * num_gpus


def setup_rate(gpu: str, num_gpus: int) -> Decimal | None:
    """setup_rates' rate any way it is rented."""
    return setup_rates(gpu, num_gpus)[0]


def price_rank(f: Fit) -> tuple[int, Decimal]:
    """Priced setups by their hourly rate, then the ones nobody rents."""
    rate = setup_rate(f.gpu.id, f.num_gpus)
    return (0, rate) if rate is not None else (1, Decimal(0))


def rented_whole(f: Fit) -> bool:
    """A setup offered as another way is one card, or cards some provider rents as one machine (whole nodes
    beyond one): 2 × A100 80GB SXM that gpuli rents only as single-card instances is no setup (seed 003:
    cards glued over an ordinary network train no sharded job); a setup nobody rents stays, unpriced."""
    any_way, whole = setup_rates(f.gpu.id, f.num_gpus)
    return f.num_gpus == 1 or any_way is None or whole is not None


def verdict_of(f: Fit) -> Verdict:
    """The verdict by the high end: it fits, only the expected figure fits, or it does not."""
    return "fits" if f.fits else "may_fit" if f.may_fit else "does_not_fit"


@dataclass(frozen=True)
class MethodOption:
    """What another method would need on the same plan, and the cheapest card holding it with room."""

    method: str
    gb: float
    best: Fit | None  # single-card plans only
    priced: bool  # someone rents `best`


@dataclass(frozen=True)
class Advice:
    """Everything the short sizing reply recommends; the view words it, never re-decides it."""

    sizing: Sizing
    verdict: Fit | None  # the setup the answer is about
    alternative: Fit | None  # the setup that holds the job as stated (the named card missed)
    lever_fix: Lever | None  # a lever that alone makes the named card fit with room
    levers: tuple[Lever, ...]  # the others, best first (engine.levers)
    eight_bit: Fit | None  # the setup that holds the job only with an 8-bit optimizer
    others: tuple[Fit, ...]  # up to MAX_ALTERNATIVES other setups that fit
    methods: tuple[MethodOption, ...]  # no method stated: QLoRA and full on the same plan
    roomy: bool  # asked for headroom, and the verdict leaves it
    seed: Fit | None = None  # the seed's minimum setup for this size class, estimated (engine.seed_minimums)
    seed_gb_per_param: float = 0.0  # the model states per parameter at that setup (16 B, 10 B with 8-bit)
    seed_optimizer: str = ""  # the optimizer the seed's setup uses (the 8-bit one for 7B)
    bigger: Fit | None = None  # the seed's setup is the verdict: the cheapest fit on bigger cards, if another
    more_cards: Fit | None = None  # the offload fix's other way: more of the card, no offload
    seed_count: Fit | None = None  # between the count named and more_cards: seed 000's count for the class, that only may fit
    seed_roomy: str = ""  # asked for room: the verdict is seed 000's "宽裕" setup for the class, with this optimizer
    slower: Fit | None = None  # asked "cheapest safe": the seed's cheaper offload minimum the answer passed over

    @property
    def seed_is_verdict(self) -> bool:
        return self.seed is not None and self.seed is self.verdict

    @property
    def priced(self) -> Fit | None:
        """The setup whose price the reply shows: the one that holds the job as stated, else the verdict."""
        return self.alternative if self.alternative is not None else self.verdict

    @property
    def state(self) -> Verdict | None:
        return verdict_of(self.verdict) if self.verdict is not None else None

    @property
    def all_levers(self) -> tuple[Lever, ...]:
        return ((self.lever_fix,) if self.lever_fix is not None else ()) + self.levers


def advise(s: Sizing, stated: TrainingRequest | None = None, roomy: bool = False, seed_room: bool = False,
           safe: bool = False) -> Advice:
    """The advice for sizing `s`; `stated` is the request as the user wrote it (what they fixed),
    `roomy` when the question asked for headroom rather than the cheapest fit, `seed_room` when it
    asked for room for its own sake (the seed's 宽裕 column answers that, not "cheapest safe"), `safe`
    when it asked for the cheapest safe setup: for full fine-tuning in a class seed 000 sizes, that is
    the seed's minimum without offload (72B: 8 × H200 with an 8-bit optimizer), never an offload plan
    (20–50% slower) nor a roomier setup; the seed's offload minimum, when cheaper, is named beside it."""
    seed, per_param, seed_optimizer = seed_setup(s, stated)
    slower = None
    if safe:
        kept = seed_setup(s, stated, no_offload=True)
        if kept[0] is not None:
            roomy = seed_room = False  # "cheapest safe" is the seed's minimum that keeps the throughput, not room
            if seed is not None and seed.estimate.plan.offload != "none" and (seed.fits or seed.may_fit):
                slower = seed
            seed, per_param, seed_optimizer = kept
    verdict = verdict_fit(s, roomy)
    room = seed_roomy_setup(s, stated) if roomy and seed_room else None
    if room is not None:
        verdict = room[0]  # seed 000's roomy column: faster cards of the class (4 × H100 for 14B), as the seed rents them
    bigger = None
    if seed is not None and not roomy and (seed.fits or seed.may_fit or seed_at_edge(seed)):
        # the seed's minimum is the answer (it is what the reference table rents); a setup on
        # bigger cards that holds the job with fewer of them is its first alternative
        bigger = verdict if verdict is not None and verdict.gpu.id != seed.gpu.id and rented_whole(verdict) else None
        verdict = seed
    card = seed_card_setup(s, verdict) if not roomy else None
    if card is not None:
        # seed 000's card for this LoRA / QLoRA class (14B QLoRA: one RTX 4090), when its expected figure
        # fits: the table's answer, said as tight when only the expected figure fits; ours comes next
        bigger = verdict if verdict is not None and verdict.gpu.id != card.gpu.id else None
        verdict = card
    levers = headroom_levers(s, verdict if verdict is not None and verdict.fits else None)
    fixed = bool(levers) and levers[0].fits and not levers[0].tight and s.fit is not None and not s.fit.fits \
        and _rentable(s, levers[0])
    # a QLoRA fix changes the method asked: the setup that holds the LoRA as asked is still named after it
    other = None if fixed and levers[0].code != "qlora" else stated_count_alternative(s)
    # a ZeRO stage stated on the named card asks for several of it ("那 4090 多卡能 zero3 吗"): how many would
    # do stands even where they are rented only apart (the reply says so), as the user's own cards may be
    sharded_asked = stated is not None and bool(stated.zero)
    if other is not None and s.fit is not None and not sharded_asked \
            and cheapest_card_hour(other.gpu.id, other.num_gpus, whole=True) is None and other.num_gpus > s.fit.num_gpus:
        # more of the named card than anyone rents as one machine ("70b qlora 4090 48g": two 48 GB 4090s, a card
        # CloudGPU rents one per instance; "32b qlora 4090": four 4090s, gpuli's four single-card instances, no
        # setup for one sharded job): the cheapest setup that holds it at the stated count answers instead
        other = next((f for f in alternatives(s, s.fit) if f.num_gpus == s.fit.num_gpus and not f.tight), None)
    others = [f for f in alternatives(s, verdict, other) if bigger is None or f.gpu.id != bigger.gpu.id]
    return Advice(
        sizing=s,
        verdict=verdict,
        alternative=other,
        lever_fix=levers[0] if fixed else None,
        levers=tuple(lv for lv in levers[1 if fixed else 0:] if _rentable(s, lv)),
        # the fix on the named card is the 8-bit optimizer already ("7b 全参 单张 h200"): not said twice
        eight_bit=None if fixed and levers[0].code == "eight_bit" else _eight_bit(s, verdict, other, stated),
        others=tuple(([bigger] if bigger is not None else []) + others)[:MAX_ALTERNATIVES],
        methods=tuple(other_methods(s)),
        roomy=roomy and s.fit is None and verdict is not None and not verdict.tight,
        seed=seed,
        seed_gb_per_param=per_param,
        seed_optimizer=seed_optimizer,
        bigger=bigger,
        more_cards=(more := _more_cards(s, levers[0] if fixed else None)),
        seed_count=_seed_count(s, more or s.alternative),
        seed_roomy=room[1] if room is not None else "",
        slower=slower,
    )


def _more_cards(s: Sizing, fix: Lever | None) -> Fit | None:
    """When the one change that fits the named card is offload (20–50% slower) or the 8-bit optimizer, the
    count of that card that holds the job without it ("32B 全参 4 张 H100" → 8 張; "六张 h100" → 8, seed
    000's count): the other way to make it fit, so a count too small is answered with the count that is not."""
    alt = s.alternative
    if fix is None or fix.code not in ("offload", "eight_bit") or alt is None or s.fit is None:
        return None
    if alt.gpu.id != s.fit.gpu.id or alt.estimate.plan.offload != "none" or not (alt.fits or alt.may_fit):
        return None
    if alt.num_gpus <= s.fit.num_gpus:
        return None
    if (n := machine_count(alt.gpu.id, alt.num_gpus)) != alt.num_gpus:
        # "7b 全参 一张 a100": two A100s gpuli rents only as separate instances are no setup for one job; the
        # fewest it rents as one machine (its 4-card box) is the other way
        r = replace(s.resolved, request=s.request.model_copy(update={"num_gpus": n, "zero": None}), num_gpus_stated=True)
        found = Planner(r, s.memo).first_fit(s.fit.gpu, ladder(r, n))
        return found if (found.fits or found.may_fit) and found.estimate.plan.offload == "none" else None
    return alt


def _seed_count(s: Sizing, more: Fit | None) -> Fit | None:
    """A count too small answered with `more` cards (the fewest whose high end fits, the offload fix's
    other way or the alternative itself) while seed 000
    gives fewer for the class ("14B 全参 两张 H100": the seed's minimum is 4 × 80 GB with ZeRO-3, our
    safe count 8): the seed's count on the named card, estimated, when only its expected figure fits
    it, so the reply names it as "may fit" with what its high end is over by, beside the safe count."""
    if more is None or s.fit is None:
        return None
    row = seed_rows_on_card(replace(s.resolved, num_gpus_stated=False), s.fit.gpu.memory_gb)
    if row is None or not s.fit.num_gpus < row[0] < more.num_gpus:
        return None
    r = replace(s.resolved, request=s.request.model_copy(update={"num_gpus": row[0], "zero": None}), num_gpus_stated=True)
    found = Planner(r, s.memo).first_fit(s.fit.gpu, ladder(r, row[0]))
    return found if found.may_fit and found.estimate.plan.offload == "none" else None


def pick_at(a: Advice, provider: str, *, alike: bool = True) -> Fit | None:
    """The setup to rent for the job at one provider: the answer's own setup when it rents it (`alike`: or
    a cheaper card there as safe as a tight one), else of every card's fewest-count fit those `provider`
    rents, fitting before may-fit, no offload first, the fewest cards, then by that provider's hourly price
    for the whole setup; None when it rents none."""
    # the card named that the reply called seed 000's minimum at the edge ("7B 全参一张 A100 80G": 勉强能跑)
    # is the answer's own setup too: "gpuli 周租多少" after it prices that card, not another
    named_edge = any(w.code == "seed_minimum" and w.params.get("edge") for w in a.sizing.warnings)
    pool = [f for f in (a.priced, *a.sizing.recommendations) if f is not None
            and (f.fits or f.may_fit or (a.seed_is_verdict and f is a.seed and seed_at_edge(f))
                 or (named_edge and f is a.sizing.fit))]
    priced = [(f, rate) for f in pool if (rate := cheapest_card_hour(f.gpu.id, f.num_gpus, provider=provider, whole=True)) is not None]
    if not priced:
        return _whole_machine_at(a.sizing, provider)
    if a.priced is not None and any(f is a.priced for f, _ in priced):
        # the provider rents the answer's own setup; where that only may fit, a cheaper card it rents with as
        # much memory is no riskier (CloudGPU, 14B QLoRA: the 3090 at $0.21 beside the table's 4090 at $0.33)
        return (_cheaper_alike(a, provider) if alike else None) or a.priced
    return min(priced, key=lambda fr: (not fr[0].fits, fr[0].estimate.plan.offload != "none", fr[0].num_gpus,
                                       fr[1] * fr[0].num_gpus))[0]


def named_stand_in(a: Advice, provider: str) -> Fit | None:
    """The card the user named holds the job (or sits at seed 000's edge) but `provider` does not rent that
    many of it: the cheapest setup there with as many cards of no less memory each, as safe as the one named
    ("一张 h100 够吗" then "gpuli 一个月多少": gpuli rents no single H100, its 80 GB A100 is the same
    fit); None when the named card is rented there, does not hold the job, or nothing alike is rented."""
    named = a.sizing.fit
    edge = any(w.code == "seed_minimum" and w.params.get("edge") for w in a.sizing.warnings)
    if named is None or not (named.fits or named.may_fit or edge) \
            or cheapest_card_hour(named.gpu.id, named.num_gpus, provider=provider, whole=True) is not None:
        return None
    out = set(a.sizing.request.exclude or ())
    # cards holding a whole copy of the job each (DDP, no offload: "7b qlora on two 3090s") run as well on single-card
    # rentals side by side where the provider says that card trains together so (gpuli's 2 × RTX 4090, ₮109 a week
    # each, seed 000); a sharded job, or cards a provider only rents apart, want one machine
    ddp = named.estimate.plan.zero == 0 and named.estimate.plan.offload == "none" and named.num_gpus > 1
    p = find_provider(provider)
    alike = [(f, rate) for f in (Fit(g, named.estimate) for g in gpus().entries
                                 if g.id not in out and g.memory_gb >= named.gpu.memory_gb)
             if (rate := cheapest_card_hour(f.gpu.id, named.num_gpus, provider=provider, whole=not (
                 ddp and named.num_gpus <= p.billing.node_gpus and p.billing.multi_instance
                 and any(o.several_train_together for o in p.offers_for(f.gpu.id))))) is not None]
    return min(alike, key=lambda fr: fr[1])[0] if alike else None


def _cheaper_alike(a: Advice, provider: str) -> Fit | None:
    """A cheaper setup at `provider` as safe as the answer's tight one (same plan, a card with no less
    memory), unless the answer is seed 000's own minimum; None otherwise."""
    chosen = a.priced
    if chosen is None or chosen.fits or not chosen.may_fit or (a.seed_is_verdict and chosen is a.seed):
        return None
    alike = edge_option(chosen, provider, a.sizing.request.exclude)
    return alike if alike is not None and alike.gpu.memory_gb >= chosen.gpu.memory_gb else None


def _whole_machine_at(s: Sizing, provider: str) -> Fit | None:
    """Where `provider` rents none of the fewest-card setups as one machine (一万网络 rents the A100 80G
    and H100 only as 8-card boxes, the A100 40G one card at a time): its smallest whole machine that
    holds the job with no offload, estimated at that machine's count, then by its price on the high end
    of a band; None when none holds it."""
    found: list[tuple[Fit, Decimal]] = []
    for o in find_provider(provider).offers:
        least = min((f.num_gpus for f in s.recommendations if f.gpu.id == o.gpu and (f.fits or f.may_fit)), default=None)
        if least is None or o.count < least or (rate := cheapest_card_hour(o.gpu, o.count, provider=provider, whole=True)) is None:
            continue
        r = replace(s.resolved, request=s.request.model_copy(update={"num_gpus": o.count, "zero": None}), num_gpus_stated=True)
        fit = Planner(r, s.memo).first_fit(gpus().get(o.gpu), ladder(r, o.count))
        if fit.fits and fit.estimate.plan.offload == "none":
            found.append((fit, rate))
    return min(found, key=lambda fr: (fr[0].num_gpus, fr[1]))[0] if found else None


def edge_option(chosen: Fit, provider: str | None = None, exclude: tuple[str, ...] | None = None) -> Fit | None:
    """A cheaper setup at the same plan whose expected figure fits but whose high end does not (the
    one that "may fit or may OOM"), rented by `provider` (or anyone), never a card the user ruled out
    (`exclude`): named beside the recommended setup's price so the saving and its risk are both on the
    table; None when there is none."""
    plan, n = chosen.estimate.plan, chosen.num_gpus
    own = cheapest_card_hour(chosen.gpu.id, n, provider=provider, whole=True)
    if own is None:
        return None
    out = set(exclude or ())
    edges = [(f, rate) for f in (Fit(g, chosen.estimate) for g in gpus().entries if g.id not in out) if f.may_fit and plan.offload == "none"
             and (rate := cheapest_card_hour(f.gpu.id, n, provider=provider, whole=True)) is not None and rate < own]
    return min(edges, key=lambda fr: fr[1])[0] if edges else None


def seed_card_setup(s: Sizing, verdict: Fit | None) -> Fit | None:
    """The seed's card for an adapter class (engine.seed_adapter_rows.seed_card) on one card, when it
    holds the job at least by the expected figure and our verdict asks for more (more cards, or a
    bigger and dearer card); a verdict on one card no bigger or cheaper than the seed's stays."""
    card = seed_card(s)
    if card is None or verdict is None:
        return None
    found = Fit(gpus().get(card), s.memo.estimate(s.resolved, Plan(1, 0)))
    if verdict.num_gpus == 1 and (verdict.gpu.memory_gb <= found.gpu.memory_gb or price_rank(found) > price_rank(verdict)):
        return None  # ours is as small, or cheaper (8B LoRA: an A6000 under the seed's 5090): ours stays
    return found if found.fits or found.may_fit else None


def seed_roomy_setup(s: Sizing, stated: TrainingRequest | None) -> tuple[Fit, str] | None:
    """Headroom asked for a full fine-tune with no card named, in a class seed 000 gives a "宽裕" setup for:
    that setup estimated with its optimizer (returned too), when its high end fits (32B's 8 × H100 only
    may fit by our estimate: a roomy answer that may OOM is none, so ours, with a third free, stays)."""
    if s.fit is not None:
        return None
    row = seed_roomy_for(s.resolved, stated is not None and stated.optimizer is not None)
    if row is None:
        return None
    optimizers = [row.optimizer]
    minimum = seed_minimum_for(s.resolved, optimizer_stated=False)
    if (stated is None or stated.optimizer is None) and minimum is not None and minimum.optimizer == "adamw-8bit":
        optimizers.append("adamw-8bit")  # 7B on one H200: our AdamW figure is over 141 GB; the class's own is 8-bit
    for optimizer in dict.fromkeys(optimizers):
        r = s.resolved if s.request.optimizer == optimizer else replace(
            s.resolved, request=s.request.model_copy(update={"optimizer": optimizer}))
        found = Fit(gpus().get(row.gpu), s.memo.estimate(r, row.plan))
        if found.fits:
            return found, optimizer
    return None


def seed_at_edge(seed: Fit) -> bool:
    """Seed 000's minimum whose expected figure is within the seed's own allowance for activations on
    top of the states (7B with an 8-bit optimizer on one 80 GB card: 70 GB of states, 80.7 GB here):
    the seed's answer, at the edge, rather than a dearer card the seed never names."""
    return at_the_edge(seed.estimate.model_states_gb, seed.estimate.total_gb)


def seed_setup(s: Sizing, stated: TrainingRequest | None, no_offload: bool = False) -> tuple[Fit | None, float, str]:
    """Full fine-tuning with no card named, in a size class seed 000 gives a minimum setup for
    (7B/8B, 14B, 32B, 72B): that setup estimated by our model (with the seed's 8-bit optimizer for
    7B when none was stated), and the states per parameter it counts, so the reply can agree with
    the seed or say by how much it differs; `no_offload` takes the class's row without offload."""
    if s.fit is not None:
        return None, 0.0, ""
    optimizer_stated = stated is not None and stated.optimizer is not None
    zero_stated = stated is not None and stated.zero is not None
    r = replace(s.resolved, no_offload_stated=True) if no_offload else s.resolved
    row = seed_minimum_for(r, optimizer_stated)
    if row is None or (zero_stated and stated is not None and stated.zero != row.plan.zero):
        return None, 0.0, ""
    q = s.request
    r = s.resolved if q.optimizer == row.optimizer else replace(
        s.resolved, request=q.model_copy(update={"optimizer": row.optimizer}))
    est = s.memo.estimate(r, row.plan)
    return Fit(gpus().get(row.gpu), est), state_bytes_per_param(r), row.optimizer


def verdict_fit(s: Sizing, roomy: bool = False) -> Fit | None:
    """The setup the answer is about (see the module doc)."""
    if s.fit is not None:
        return s.fit
    fitting = [f for f in s.recommendations if f.fits or f.may_fit]
    if not fitting:
        return None
    if roomy:  # asked for room: the cheapest setup without offload that leaves ROOMY_SHARE of each card free
        spacious = [f for f in fitting if f.estimate.plan.offload == "none"
                    and f.estimate.total_gb <= (1 - ROOMY_SHARE) * f.gpu.memory_gb]
        if spacious:
            return min(spacious, key=lambda f: (price_rank(f), f.num_gpus))
    fewest = min(f.num_gpus for f in fitting)
    first = [f for f in fitting if f.num_gpus == fewest]
    return sorted(first, key=lambda f: (f.estimate.plan.offload != "none", price_rank(f), not f.fits, f.tight))[0]


def _rentable(s: Sizing, lever: Lever) -> bool:
    """A lever that adds cards is a fix only where someone rents that many of the named card as one machine
    (two A100s rented as two single-card instances train no sharded job)."""
    return lever.code != "more_cards" or s.fit is None or lever.value is None or \
        cheapest_card_hour(s.fit.gpu.id, lever.value, whole=True) is not None


def stated_count_alternative(s: Sizing) -> Fit | None:
    """When the named card misses as stated: the plan that fits at the stated card count (ZeRO-3,
    then optimizer offload), else the fewest of that card that would (the engine's alternative)."""
    if s.fit is None or s.fit.fits:
        return None
    if s.resolved.num_gpus_stated:
        n = s.estimate.plan.num_gpus
        same = (s.planner or Planner(s.resolved, s.memo)).first_fit(s.fit.gpu, ladder(s.resolved, n))  # the sizing's own, warm
        if same.fits:
            return same
    return s.alternative


def eight_bit_option(s: Sizing, count: int, stated: TrainingRequest | None) -> Fit | None:
    """Full fine-tuning with AdamW unstated: the cheapest card that holds the job at `count` cards
    only with an 8-bit optimizer (seed 000's "8 × H200 + 8-bit optimizer" for 72B), if any."""
    q = s.request
    if s.resolved.adapter or q.optimizer != "adamw" or (stated is not None and stated.optimizer is not None):
        return None
    r8 = replace(s.resolved, request=q.model_copy(update={"optimizer": "adamw-8bit"}))
    planner = Planner(r8, s.memo)
    plans = [p for p in ladder(r8, count) if p.offload == "none"]
    # a card that holds the job at `count` only with offload (72B on 8 × H200) is still the 8-bit way's:
    # without offload, as seed 000 gives it
    holding = {f.gpu.id for f in s.recommendations if f.fits and f.num_gpus == count and f.estimate.plan.offload == "none"}
    found = [f for f in planner.first_fits(candidates(q), plans) if f.fits and f.gpu.id not in holding]
    return min(found, key=lambda f: (f.tight, price_rank(f)), default=None)


def _eight_bit(s: Sizing, verdict: Fit | None, other: Fit | None, stated: TrainingRequest | None) -> Fit | None:
    """Offered when the answer needs offload, a different count, or is tight: the 8-bit way."""
    shown = other or verdict
    if shown is None:
        return None
    fine = shown.fits and not shown.tight and shown.estimate.plan.offload == "none" and (s.fit is None or s.fit.fits)
    if fine and not s.resolved.no_offload_stated:
        return None
    count = s.estimate.plan.num_gpus if s.resolved.num_gpus_stated else shown.num_gpus
    return eight_bit_option(s, count, stated)


def alternatives(s: Sizing, shown: Fit | None, other: Fit | None = None) -> list[Fit]:
    """Up to three other setups that fit: the count asked for first, then room, then price."""
    count = shown.num_gpus if shown is not None else None
    pool = [f for f in s.recommendations if f.fits and (shown is None or f.gpu.id != shown.gpu.id) and rented_whole(f)]
    if other is not None:
        pool = [f for f in pool if f.gpu.id != other.gpu.id]
    pool.sort(key=lambda f: (f.num_gpus != count, f.num_gpus, f.tight, f.estimate.plan.offload != "none", price_rank(f)))
    return pool[:MAX_ALTERNATIVES]


def other_methods(s: Sizing) -> list[MethodOption]:
    """With no method given (sized as LoRA), what QLoRA and full fine-tuning would need on the same
    plan, so "7B on a 4090" shows the method that fits without another question."""
    chosen = next((str(a.value) for a in s.assumptions if a.code in ("method_default", "method_zero_full", "method_states_full")), None)
    if chosen is None:
        return []
    out = []
    plan = s.estimate.plan
    for method in [m for m in ("qlora", "lora", "full") if m != chosen][:2] if chosen == "full" else ("qlora", "full"):
        r = resolve(s.resolved.request.model_copy(update={"method": method, "zero": plan.zero}))
        est = Planner(r, s.memo).estimate(plan)
        holding = [f for f in (Fit(g, est) for g in candidates(r.request)) if f.fits and not f.tight]
        best = min(holding, key=price_rank, default=None) if plan.num_gpus == 1 else None
        out.append(MethodOption(method, est.total_gb, best, best is not None and price_rank(best)[0] == 0))
    return out


__all__ = ["Advice", "MethodOption", "advise", "edge_option", "pick_at", "price_rank", "seed_at_edge", "setup_rate",
           "verdict_of"]
