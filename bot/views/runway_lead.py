"""The sentence that answers "how long does this money rent …" before the list of what each unit buys.

Why: the list ("1 month, ₮351 left · 5 weeks, ₮55 left") leaves the reader to work out the answer,
and the answer is often neither line: ₮1,000 at ₮649 a month and ₮189 a week rents one month and one
week, 37 days. The lead takes, at each provider, the mix of its prepaid cycles that lasts longest
within the money (or the hours it buys when billed by the minute), and names the longest of them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import timedelta
from decimal import ROUND_FLOOR, Decimal

from bot.text.i18n import t
from bot.views.run_length import longest_hours
from engine.money import Money
from engine.price_list import setup_prices


@dataclass(frozen=True)
class Cycle:
    """One prepaid unit a provider sells the setup by: its length and its price in the money's terms."""

    unit: str  # week | month | year | period
    days: int
    price: Decimal  # a band's high end: what it may cost
    low: Decimal | None = None  # a band's low end ("8–12 万" a month): the price is compared on its high end
    estimate: bool = False  # the band is the source's estimate, not a price the provider states


@dataclass(frozen=True)
class Option:
    """What the money buys at one provider: a mix of whole cycles (or hours billed by the minute)."""

    provider: str
    num_gpus: int
    gpu: str
    currency: str
    money: Decimal  # the budget in this provider's currency
    cycles: tuple[Cycle, ...] = ()
    hourly: Decimal | None = None  # the price of an hour, when billed by the minute


def _best_mix(money: Decimal, cycles: tuple[Cycle, ...]) -> tuple[int, list[tuple[Cycle, int]], Decimal]:
    """(days, [(cycle, count)], spent): the whole cycles that last longest within `money`, the longest
    cycle first and the shorter ones filling what is left (every count of the longest is tried, since a
    month fewer can leave room for more weeks than it lasted)."""
    ordered = sorted((c for c in cycles if c.price > 0), key=lambda c: -c.days)
    best: tuple[int, list[tuple[Cycle, int]], Decimal] = (0, [], Decimal(0))
    if not ordered:
        return best
    top = ordered[0]
    for k in range(int(money // top.price) + 1):
        left, mix, days = money - top.price * k, [(top, k)] if k else [], top.days * k
        for c in ordered[1:]:
            n = int(left // c.price)
            if n:
                mix.append((c, n))
                left -= c.price * n
                days += c.days * n
        if days > best[0] or (days == best[0] and money - left < best[2]):
            best = (days, mix, money - left)
    return best


def lead_line(options: list[Option], budget: str, lang: str, unit: str | None = None) -> str | None:
    """The longest rental the money buys at any provider, as one sentence; None when it buys none
    (then `none_line` says so).
    `unit`: the one asked ("包月能租几个月": months), counted alone."""
    found: list[tuple[Decimal, str]] = []
    for o in options:
        if unit is not None:
            o = Option(o.provider, o.num_gpus, o.gpu, o.currency, o.money, tuple(c for c in o.cycles if c.unit == unit),
                       o.hourly if unit == "hour" else None)
        if o.hourly is not None and o.hourly > 0:
            hours = o.money / o.hourly
            if hours >= 1:  # rounded down: the money buys whole minutes, never the one it cannot pay for
                # two days or more is said in days too ($50 at $0.33/h: about 151.5 hours, about 6.3 days)
                whole = (hours / 24).quantize(Decimal("0.1"), rounding=ROUND_FLOOR) if hours >= 48 else None
                found.append((hours / 24, t("runway.lead_hours_days" if whole else "runway.lead_hours", lang, budget=budget,
                                            provider=o.provider, n=o.num_gpus, gpu=o.gpu, hours=longest_hours(hours),
                                            days=f"{whole:,f}".removesuffix(".0") if whole else None)))
            continue
        days, mix, spent = _best_mix(o.money, o.cycles)
        if not days:
            continue
        parts = " + ".join(t(f"runway.span.{c.unit}", lang, count=n) for c, n in mix)
        banded = next((c for c, _ in mix if c.low is not None and c.low < c.price), None)
        found.append((Decimal(days), t("runway.lead_cycles", lang, budget=budget, provider=o.provider, n=o.num_gpus, gpu=o.gpu,
                                       days=days, parts=parts, spent=Money(spent, o.currency).format(lang),
                                       left=Money(o.money - spent, o.currency).rounded().format(lang))
                      + (band_words(banded, o.currency, lang) if banded is not None else "")))
    if not found:
        return None
    return max(found, key=lambda f: f[0])[1]  # the first of equals: the provider named or paid in its own money


def none_line(options: list[Option], budget: str, lang: str) -> tuple[str, str] | None:
    """"200u 能租 8卡h100 吗": the money buys not even the shortest rental anywhere, so the answer is
    "not enough", with the cheapest entry (an hour, or the shortest prepaid cycle) and how much is
    missing, the options compared by their share of the money (each is the same budget converted);
    with that entry's price, so a verdict that already named it is not told it twice."""
    entries: list[tuple[Option, str, Decimal, Cycle | None]] = [(o, c.unit, c.price, c) for o in options for c in o.cycles if c.price > 0]
    entries += [(o, "hour", o.hourly, None) for o in options if o.hourly]
    if not entries:
        return None
    o, unit, price, cycle = min(entries, key=lambda e: e[2] / e[0].money if e[0].money > 0 else e[2])
    shown = Money(price, o.currency).format(lang)
    line = t("runway.lead_none", lang, budget=budget, provider=o.provider, n=o.num_gpus, gpu=o.gpu,
             span=t(f"runway.span.{unit}", lang, count=1), price=shown,
             short=Money(price - o.money, o.currency).rounded().format(lang))
    if cycle is not None and cycle.low is not None and cycle.low < cycle.price:
        line += band_words(cycle, o.currency, lang)
    return line, shown


def band_words(cycle: Cycle, currency: str, lang: str) -> str:
    """"（这是 ¥80,000–120,000 的区间价，按高端算）": a price that is a band is named as the band, and
    that the money was weighed against its high end, so "¥120,000" is not read as a list price."""
    key = "runway.band_estimate" if cycle.estimate else "runway.band_published"
    return t(key, lang, low=Money(cycle.low or Decimal(0), currency).format(lang), high=Money(cycle.price, currency).format(lang),
             unit=t(f"unit.{cycle.unit}", lang))


def with_years(options: list[Option], gpu: str | list[str], num_gpus: int | None) -> list[Option]:
    """`options` with each provider's prepaid year added as a cycle ("要是年付呢", "paid annually?"): the year's
    price from the catalog, its annual discount applied (seed 003: ¥2,800 a month, ¥26,880 a year)."""
    years = {(r.provider.name, r.num_gpus, q.currency): q for r in setup_prices(gpu, num_gpus, timedelta(days=365), whole_machines=True).offered
             for q in r.quotes if q.total_max > 0 and q.cycles and all(c.kind == "year" for c in q.cycles)}
    out = []
    for o in options:
        q = years.get((o.provider, o.num_gpus, o.currency))
        year = Cycle("year", 365, q.total_max, q.total_min, q.estimate) if q is not None else None
        out.append(replace(o, cycles=(*o.cycles, year)) if year is not None else o)
    return out


def unit_lead(options: list[Option], budget: str, lang: str, unit: str | None) -> str | None:
    """The lead in the unit asked; when the money buys not one of that unit ("¥20,000, paid yearly?" at ¥26,880 a
    year), that shortfall leads, then the longest rental it buys in the other units."""
    lead = lead_line(options, budget, lang, unit)
    if lead is not None or unit is None:
        return lead
    rest = lead_line(options, budget, lang)
    years = [(o, c) for o in options for c in o.cycles if c.unit == "year" and c.price > o.money] if unit == "year" else []
    if not years:
        return rest
    o, c = min(years, key=lambda e: e[1].price / e[0].money if e[0].money > 0 else e[1].price)
    short = t("runway.lead_short_year", lang, budget=budget, provider=o.provider, n=o.num_gpus, gpu=o.gpu,
              price=Money(c.price, o.currency).format(lang), short=Money(c.price - o.money, o.currency).rounded().format(lang))
    return short + ("\n" + rest if rest else "")
