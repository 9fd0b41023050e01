"""What a setup costs to rent, with no model and no job: "2 × A100 80G for a month" at every provider.

A price question needs no sizing: a card, a count and (maybe) a duration. For each provider the
answer is its own billing rules applied to that setup (engine.billing.quote: gpuli's week/month
mix and 8-card boxes, CloudGPU by the started minute with its pre-authorization, yiwan's monthly
and annual prices with estimates labelled), plus what it would take to buy the setup there at all.
With no duration, each provider's own rental units are quoted (an hour, a week, a month), so the
user sees the prices they would actually pay. Pure, like the rest of engine/.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import timedelta
from decimal import ROUND_CEILING, Decimal
from functools import lru_cache

from engine.billing import Amount, CycleLine, NotOffered, Quote, quote
from engine.billing.rules.cycles import CALENDAR_YEAR
from engine.catalog import gpus
from engine.errors import KasuanError
from engine.money import Money
from engine.providers import Provider, currencies, provider, providers

UNIT_DURATIONS = {"hour": timedelta(hours=1), "week": timedelta(days=7), "month": timedelta(days=30)}


@dataclass(frozen=True)
class ProviderPrice:
    """One provider's answer: its quotes (one per rental unit, or one for the stated duration), or
    why it cannot rent this setup (`refusal`: the NotOffered error with its reason and params)."""

    provider: Provider
    quotes: tuple[Quote, ...] = ()
    refusal: NotOffered | None = None
    gpu: str = ""  # the variant quoted (A100 80GB SXM or PCIe, when the question named neither)
    num_gpus: int = 0  # the count quoted (the smallest box, when the question gave no count)


@dataclass(frozen=True)
class SetupPrices:
    gpu: str
    num_gpus: int | None
    duration: timedelta | None
    display_currency: str
    rows: tuple[ProviderPrice, ...] = field(default=())

    @property
    def offered(self) -> list[ProviderPrice]:
        return [r for r in self.rows if r.quotes]

    @property
    def refused(self) -> list[ProviderPrice]:
        """Providers that rent none of it (a provider with some of its rows offered is not here)."""
        selling = {r.provider.id for r in self.offered}
        return [r for r in self.rows if r.refusal is not None and r.provider.id not in selling]

    @property
    def cheapest(self) -> ProviderPrice | None:
        """The provider whose quote for the stated duration is lowest (compared in the display currency)."""
        if self.duration is None:
            return None
        offered = self.offered
        if not offered:
            return None
        firm = [r for r in offered if not r.quotes[0].estimate] or offered  # an estimate is not a price to lead with
        return min(firm, key=lambda r: Money(r.quotes[0].total_max, r.quotes[0].currency).to(self.display_currency).amount)


def setup_prices(
    gpu: str | list[str],
    num_gpus: int | None,
    duration: timedelta | None,
    *,
    display_currency: str = "USD",
    add_ons: Mapping[str, int] | None = None,
    infiniband: bool | None = None,
    repeat_purchase: bool = False,
    whole_machines: bool = False,
    at_least: int | None = None,
    forms_at: str | None = None,
) -> SetupPrices:
    """Quote `num_gpus` × `gpu` at every provider: for `duration`, or per rental unit.

    `gpu` may list interchangeable variants (A100 80GB SXM and PCIe when the question said "A100
    80G"): each provider is quoted for its cheapest variant. `num_gpus` None: one card where the
    provider rents single cards, else its smallest listed configuration. `whole_machines`: a setup
    asked as such ("4 张 A100 40G 的机器多少钱") only as one machine the provider rents, or whole nodes
    beyond one; single-card servers side by side are no 4-card box (seed 003 calls that a trap).
    `at_least` (with no `num_gpus`): each provider's smallest box holding that many cards, else its
    largest, for a count nobody rents as one machine. `forms_at`: at that provider, each variant it rents of the
    count asked (A100 80GB SXM ₮319 and PCIe ₮269 a week at gpuli), not only the cheapest.
    """
    variants = [gpu] if isinstance(gpu, str) else list(gpu)
    rows: list[ProviderPrice] = []
    for p in providers().entries:
        found: list[ProviderPrice] = []
        refusal: NotOffered | None = None
        for g in variants:
            for count in _counts(p, g, num_gpus, duration, at_least):
                try:
                    quotes: tuple[Quote, ...]
                    if duration is not None:
                        quotes = (quote(p.id, g, count, duration, add_ons=_sold(p, add_ons), infiniband=infiniband,
                                        repeat_purchase=repeat_purchase),)
                    else:
                        quotes = _unit_quotes(p, g, count, infiniband, _sold(p, add_ons))
                    if whole_machines and quotes[0].instances > 1 and count <= p.billing.node_gpus:
                        raise NotOffered("num_gpus", "count_not_offered", f"{p.id} rents no {count} × {g} machine",
                                         provider=p.id, gpu=g, num_gpus=count,
                                         counts=sorted({o.count for o in p.offers_for(g)}))
                    found.append(ProviderPrice(p, quotes, gpu=g, num_gpus=count))
                    if num_gpus is not None:
                        break  # one setup per variant; with no count stated, every box is shown
                except NotOffered as exc:
                    # kept without its traceback: its frames (this one, which holds it, and every caller's) would
                    # otherwise stay alive in a cycle with it, the whole answer's locals, until the collector ran
                    refusal = refusal if refusal is not None and exc.reason == "gpu_not_offered" else exc.with_traceback(None)
        if found and at_least is not None:  # every box that holds the cards (else the largest), one row per size
            rows.extend(_cheapest_per_count([r for r in found if r.num_gpus >= at_least] or found))
        elif not found:
            assert refusal is not None
            rows.append(ProviderPrice(p, refusal=refusal, gpu=variants[0], num_gpus=num_gpus or 1))
        elif num_gpus is None:
            rows.extend(_cheapest_per_count(found))
        elif p.id == forms_at:
            rows.extend(found)
        else:
            rows.append(min(found, key=_preference))
    return SetupPrices(variants[0], num_gpus, duration, display_currency, tuple(rows))


def _preference(row: ProviderPrice) -> tuple[bool, Decimal]:
    """One box before cards split over several instances (an 8-card node has NVLink; eight single
    instances do not), then the lowest price per card-hour."""
    q = row.quotes[0]
    return (q.instances > 1, q.total_max / q.needed_hours / q.num_gpus)


def _cheapest_per_count(found: list[ProviderPrice]) -> list[ProviderPrice]:
    best: dict[int, ProviderPrice] = {}
    for row in found:
        if row.num_gpus not in best or _preference(row) < _preference(best[row.num_gpus]):
            best[row.num_gpus] = row
    return [best[n] for n in sorted(best)]


def _counts(p: Provider, gpu: str, num_gpus: int | None, duration: timedelta | None,
            at_least: int | None = None) -> list[int]:
    """The counts to try: the stated one; else one card where sold singly; else the smallest listed
    configuration that sells the asked duration without buying a longer cycle (a week of H100s at
    gpuli is the 8-card box's week, the 4-card box being sold by the month), else the smallest."""
    if num_gpus is not None:
        return [num_gpus]
    counts = sorted({o.count for o in p.offers_for(gpu)})
    if at_least is not None and counts:
        return [n for n in counts if n >= at_least] or counts[-1:]
    if duration is None:
        return counts or [1]  # a price listing: every configuration the provider sells
    if not counts or 1 in counts:
        return [1]
    fitting = []
    for n in counts:
        try:
            if quote(p.id, gpu, n, duration).unused_hours < Decimal(24):
                fitting.append(n)
        except NotOffered:
            continue
    return fitting or [counts[0]]


def _unit_quotes(p: Provider, gpu: str, count: int, infiniband: bool | None,
                 add_ons: Mapping[str, int] | None = None) -> tuple[Quote, ...]:
    """The setup's price for each rental unit the provider sells it by, with the add-ons asked (16 cores at
    一万网络: ¥400 on each month); a unit bought as a longer cycle (a week of a box sold only by the month)
    is left out rather than shown twice."""
    out: list[Quote] = []
    for d in _units(p):
        q = quote(p.id, gpu, count, d, add_ons=add_ons, infiniband=infiniband)
        if q.unused_hours <= 0 or q.bought_hours <= Decimal(d.total_seconds()) / 3600:
            out.append(q)
    return tuple(out) or (quote(p.id, gpu, count, _units(p)[-1], add_ons=add_ons, infiniband=infiniband),)


def _units(p: Provider) -> list[timedelta]:
    """The rental units a provider sells, as its billing rule lists them (an hour by the minute;
    weeks and months, no year: a year is a discount on months and shows when asked for)."""
    return p.billing.rule.units(p)


def _sold(p: Provider, add_ons: Mapping[str, int] | None) -> dict[str, int]:
    """The add-ons this provider sells (storage asked of a provider without it is left out, and the
    reply says so through the quote's notes)."""
    if not add_ons:
        return {}
    ids = {a.id for a in p.add_ons} | {alias for a in p.add_ons for alias in a.aliases}
    return {k: v for k, v in add_ons.items() if k in ids}


def cheapest_card_hour(gpu: str, num_gpus: int, currency: str = "USD", provider: str | None = None,
                       whole: bool = False) -> Decimal | None:
    """The lowest list price per card-hour for `num_gpus` × `gpu` at any provider (or at `provider`;
    its cheapest rental unit), converted to `currency` — for ranking alternatives by price; None if
    nobody rents it. `whole`: only a setup rented as one machine (or whole nodes): cards summed from
    separate smaller instances (一万网络's two single A100 40G rentals) train no sharded job (seed 003)."""
    return card_hour_rates(gpu, num_gpus, currency, provider)[1 if whole else 0]


def card_hour_rates(gpu: str, num_gpus: int, currency: str = "USD",
                    provider: str | None = None) -> tuple[Decimal | None, Decimal | None]:
    """cheapest_card_hour any way it is rented and as one machine only, from one pass over the quotes.

    Worked out once per setup and catalog: a sizing asks it of every card it weighs, and a count answer
    (machine_count) of every count up to 64, each a quote per provider and unit (a millisecond or more
    per answer). The figures are a function of the price and currency catalogs alone, so the table is
    keyed by the loaded catalogs themselves: a reloaded price list (bot.store.price_lists.reload_prices)
    or currency file is a new key, never an old answer."""
    return _card_hour_rates(gpu, num_gpus, currency, provider, providers(), currencies())


@lru_cache(maxsize=8192)
def _card_hour_rates(gpu: str, num_gpus: int, currency: str, provider: str | None,
                     _providers: object, _currencies: object) -> tuple[Decimal | None, Decimal | None]:
    """card_hour_rates for the catalogs passed (the last two arguments only key the cache)."""
    best: Decimal | None = None
    whole: Decimal | None = None
    gpu = _catalog_id(gpu)
    for p in providers().entries:
        if (provider is not None and p.id != provider) or not p.offers_for(gpu):
            continue  # not quoted at all: a provider that does not rent the card has no price for it
        for d in _units(p):
            try:
                q = quote(p.id, gpu, num_gpus, d)
            except NotOffered:
                continue
            hours = Decimal(d.total_seconds()) / 3600
            rate = Money(q.total_max, q.currency).to(currency).amount / (hours * num_gpus)
            best = rate if best is None or rate < best else best
            if one_machine(q, p.billing.node_gpus):
                whole = rate if whole is None or rate < whole else whole
    return best, whole


MAX_MACHINE_CARDS = 64  # the most cards a count answer looks up to


def machine_count(gpu: str, n: int) -> int:
    """`n` when one card, when some provider rents `n` of `gpu` as one machine (or whole nodes), or when
    nobody rents that many at all; else the fewest more that some provider rents so (gpuli's 4 × A100 80GB
    SXM box for two A100s it rents only as separate instances); `n` when there is none."""
    if n == 1:
        return n
    any_way, whole = card_hour_rates(gpu, n)
    if any_way is None or whole is not None:
        return n
    return next((m for m in range(n + 1, MAX_MACHINE_CARDS + 1) if card_hour_rates(gpu, m)[1] is not None), n)


def one_machine(q: Quote, node_gpus: int) -> bool:
    """A quote rented as one machine, or as whole nodes beyond one (InfiniBand joins nodes): not cards
    glued from separate smaller instances within a node's count."""
    return q.instances == 1 or q.gpus_per_instance >= node_gpus


def cycle_unit_price(q: Quote, c: CycleLine) -> Amount | None:
    """The price a bought line multiplies, for a reply to name beside its total ("2 周 × ₮109",
    "36 h × $1.49/h"): the listed hourly price of a line billed by the minute (its per-minute figure
    is a rounded sixtieth), the cycle's price when several are bought; None for one cycle, whose
    price is the total itself."""
    if c.kind == "minute":
        offer = next((o for o in provider(q.provider).offers if o.id == q.offer), None)
        price = offer.prices.get("hour") if offer is not None else None
        return Amount.of(price) if price is not None else c.unit_price.times(60)
    return c.unit_price if c.count * c.instances > 1 else None


def _catalog_id(name: str) -> str:
    """The catalog id of a card name ("4090" -> rtx-4090); the name itself when the catalog lacks it."""
    try:
        return gpus().get(name).id
    except KasuanError:
        return name


@dataclass(frozen=True)
class AddOnPrice:
    provider: Provider
    add_on: str
    quantity: int
    months: int
    unit_price: Decimal
    total: Decimal
    unit: str = "gb_month"  # gb_month: the quantity is GB; month / node_month: a flat price per month


def add_on_prices(add_ons: Mapping[str, int], duration: timedelta | None) -> list[AddOnPrice]:
    """Storage and other add-ons on their own ("2000G 存储卷一个月多少"): each provider that sells
    them, billed per started month of the provider's month (engine.billing's rule), one month when
    no duration is given."""
    out: list[AddOnPrice] = []
    for p in providers().entries:
        month_days = p.billing.month_days
        months = max(1, -(-int(duration.total_seconds()) // (month_days * 86400))) if duration else 1
        if duration and not duration.seconds and duration.days % CALENDAR_YEAR == 0:
            months = 12 * (duration.days // CALENDAR_YEAR)  # "存一年": a year is twelve billed months, not 365 ÷ 30
        for a in p.add_ons:
            qty = add_ons.get(a.id)
            if qty is None or a.price is None:
                continue
            total = a.price * qty * months
            out.append(AddOnPrice(p, a.id, qty, months, a.price, total, a.unit))
    return out


@dataclass(frozen=True)
class UnitTotal:
    """A rental span bought in one unit only: `cycles` of `unit` (week or month) at the unit's price."""

    unit: str
    cycles: int
    unit_price: Amount
    total: Amount
    currency: str


def unit_totals(gpu: str | list[str], num_gpus: int | None, duration: timedelta,
                provider_id: str | None = None) -> list[tuple[ProviderPrice, list[UnitTotal]]]:
    """"3 weeks: weekly or monthly cheaper?": at each provider selling the setup by the week and by the
    month (the named one only, when one is named), what the span costs bought in whole weeks and in
    whole months (a started unit is a whole one), each unit's listed price times the units needed."""
    hours = Decimal(duration.total_seconds()) / 3600
    out = []
    for row in setup_prices(gpu, num_gpus, None, whole_machines=True).offered:
        if provider_id is not None and row.provider.id != provider_id:
            continue
        units = []
        for q in row.quotes:
            kind = q.cycles[0].kind if len(q.cycles) == 1 and q.cycles[0].count == 1 else None
            if kind not in ("week", "month"):
                continue
            n = int((hours / q.bought_hours).to_integral_value(rounding=ROUND_CEILING))
            units.append(UnitTotal(kind, n, q.total_range, q.total_range.times(n), q.currency))
        if len(units) >= 2:
            out.append((row, units))
    return out
