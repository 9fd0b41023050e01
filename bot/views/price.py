"""Reply data for prices: a setup's price at every provider (the price question), and the short price
line under a sizing verdict ("💰 RTX 4090: CloudGPU $0.33/h · gpuli ₮109/week").

engine.price_list applies each provider's billing rules; this module picks what a phone screen
shows (each provider's own currency, the total converted to the user's currency when it differs,
estimates marked, the providers that don't rent the setup named with the reason) and leaves the
words to templates/price.j2 and catalogs/strings_reply.yaml.
"""

from __future__ import annotations

from datetime import timedelta
from decimal import ROUND_HALF_UP, Decimal
from functools import lru_cache
from typing import Any, cast

from bot.messages import Reply, Turn
from bot.text.i18n import t
from bot.text.names import gpu_name
from bot.views.cost import duration_view
from bot.views.cycles_spare import cycles_spare
from bot.views.minute_exact import minute_exact
from bot.views.run_length import longest_hours
from bot.views.runway_lead import Cycle, Option, none_line, unit_lead, with_years
from engine.billing import Amount, CycleLine, DiscountLine, Quote
from engine.catalog import gpus
from engine.money import Money
from engine.price_list import ProviderPrice, SetupPrices, add_on_prices, cycle_unit_price, setup_prices
from engine.providers import currency, provider, providers

UNIT_OF_DAYS = {7: "week", 30: "month"}


def _unit(q: Quote) -> str:
    """The rental unit a quote prices: hour (per minute billing), week, month."""
    hours = q.needed_hours
    if hours <= 1:
        return "hour"
    return UNIT_OF_DAYS.get(int(hours // 24), "period")


def _amount(q: Quote) -> dict[str, Any]:
    return {"low": _shown(q.total_min, q.currency), "high": _shown(q.total_max, q.currency), "currency": q.currency}


def _shown(amount: Decimal, currency_id: str) -> Decimal:
    """An amount as the reply prints it (Money.rounded), so a band whose ends round alike is one price;
    an amount under one cent keeps four decimals (Money.format shows it so)."""
    money = Money(amount, currency_id)
    if 0 < amount < Decimal(1).scaleb(-money.digits):
        return amount.quantize(Decimal("0.0001"), rounding=ROUND_HALF_UP)
    return money.rounded().amount


def _rounded(q: Quote) -> dict[str, int] | None:
    """The time used and the whole minutes it is billed as, at a provider billing by the started minute, when
    the rounding changes the bill by 1% or more ("90 秒" is billed as 2 minutes): left unsaid, "2 分钟" for a
    90-second run reads as a misreading. A long run's last part-minute changes nothing worth a word."""
    note = next((n for n in q.notes if n.code == "per_minute_rounding"), None)
    if note is None:
        return None
    needed, billed = Decimal(str(note.params["needed_minutes"])), int(cast(int, note.params["billed_minutes"]))
    if not 0 < needed < billed or (billed - needed) < needed / 100:
        return None
    minutes, seconds = divmod(int((needed * 60).to_integral_value(ROUND_HALF_UP)), 60)
    return {"minutes": minutes, "seconds": seconds, "billed": billed}


def quote_view(q: Quote, display: str, asked: bool = False) -> dict[str, Any]:
    """One quote as the reply shows it: the total, the cycles bought, add-ons, discounts, what it
    converts to (always when the user asked for a currency; else only when the number changes)."""
    converted = None
    low, high = Money(q.total_min, q.currency), Money(q.total_max, q.currency)
    same_number = low.to(display).rounded().amount == low.rounded().amount
    if q.currency != display and (asked or not same_number):
        converted = {"low": low.to(display).approx().amount, "high": high.to(display).approx().amount,
                     "currency": display}
    return {
        "unit": _unit(q),
        "total": _amount(q),
        "converted": converted,
        "cycles": _cycles_view(q),
        "add_ons": [{"id": a.id, "quantity": a.quantity, "amount": _shown(Decimal(a.amount), q.currency),
                     "unit": _shown(Decimal(a.unit_price), q.currency)} for a in q.add_ons],
        "discounts": [{"id": d.id, "pct": int((d.rate or 0) * 100) if d.rate is not None else None,
                       "per_month": _shown(d.per_month, q.currency) if d.per_month is not None else None,
                       "months": d.months, "at_card": d is (_year_off(q) or (None, None))[1], **_year_base(q, d), **_repeat_base(q, d)}
                      for d in q.discounts],
        "regions": next((", ".join(str(x) for x in cast(list[str], n.params.get("regions") or []))
                         for n in q.notes if n.code == "region_required"), None),
        "estimate": q.estimate,
        "rounded": _rounded(q),
        "range": q.total_min != q.total_max,
        "per_gpu_hour": _shown(q.per_gpu_hour_range.low, q.currency),
        "rate": q.per_gpu_hour_range.low,  # unrounded, for a rate per card-minute or card-day
        "preauth": next((n.params.get("hours") for n in q.notes if n.code == "preauthorization"), None),
        "instances": q.instances,
        "infiniband": any(a.id == "infiniband" for a in q.add_ons),
        "source_year": source_year(q),
        "year_months": next((n.params.get("months") for n in q.notes if n.code == "year_as_months"), None),
        "no_repeat": any(n.code == "repeat_purchase_not_applicable" for n in q.notes),  # asked, none offered
        "exact": minute_exact(q),  # "$0.495 (≈ $0.50)" beside its per-minute rate
    }


def _amount_of(a: Amount, currency_id: str) -> dict[str, Any]:
    return {"low": _shown(a.low, currency_id), "high": _shown(a.high, currency_id), "currency": currency_id}


def _cycles_view(q: Quote) -> list[dict[str, Any]]:
    """The time bought, each line with the price it multiplies ("2 周 × ₮109", "36 小时 × $1.49/小时";
    engine.price_list.cycle_unit_price), and a line beside others (a month and two weeks, or add-ons)
    with its own amount, so the sum can be checked from the reply alone."""
    several = len(q.cycles) > 1 or bool(q.add_ons)
    out = []
    for c in q.cycles:
        unit = cycle_unit_price(q, c)
        out.append({"kind": c.kind, "count": c.count, "instances": c.instances, "per": q.gpus_per_instance,
                    "unit": None if unit is None else _amount_of(unit, q.currency),
                    "amount": _amount_of(c.amount, q.currency) if several and unit is None else None})
    off = _year_off(q)
    if off is not None:
        # "1 year prepaid ¥26,880 (¥33,600 less 20%) + 16-core CPU ¥4,800": the card's year as charged, so the
        # parts add up to the total; the discount is said where it is taken (the card, not the add-ons)
        year, rate = off
        out[0] |= {"amount": _amount_of(year.amount + rate.amount, q.currency), "before": _amount_of(year.amount, q.currency),
                   "pct": int((rate.rate or 0) * 100)}
    return out


def _year_base(q: Quote, d: DiscountLine) -> dict[str, Any]:
    """The month an annual-prepay rate is taken off, and the year at that month ("¥1,750/月 × 12 = ¥21,000，年付 8 折"):
    the discount asked of a year shows what it discounts; {} for any other discount or a year of several machines."""
    if d.kind != "annual_prepay" or not d.rate or len(q.cycles) != 1 or q.cycles[0].kind != "year" or q.cycles[0].instances != 1:
        return {}
    year, months = q.cycles[0], 12 * q.cycles[0].count
    month = {"low": _shown(year.amount.low / months, q.currency), "high": _shown(year.amount.high / months, q.currency),
             "currency": q.currency}
    return {"before": _amount_of(year.amount, q.currency), "month": month, "n_months": months}


def _repeat_base(q: Quote, d: DiscountLine) -> dict[str, Any]:
    """The month's list price a repeat purchase takes its amount off ("月价 ¥1,750，复购每月减 ¥100"): what was
    discounted stands beside the discount, as for a year's rate; {} for any other discount or a rental of months
    not bought one by one."""
    if d.kind != "per_month" or len(q.cycles) != 1 or q.cycles[0].kind != "month" or q.cycles[0].count != 1 \
            or q.add_ons:
        return {}
    unit = q.cycles[0].unit_price
    return {"list": {"low": _shown(unit.low, q.currency), "high": _shown(unit.high, q.currency), "currency": q.currency}}


def _year_off(q: Quote) -> tuple[CycleLine, DiscountLine] | None:
    """The year bought and the annual-prepay rate taken off it, when add-ons stand beside it on one line (a card's
    year alone shows the discounted total already); None otherwise."""
    rates = [d for d in q.discounts if d.kind == "annual_prepay" and d.rate]
    if len(q.cycles) != 1 or q.cycles[0].kind != "year" or not q.add_ons or len(rates) != 1:
        return None
    return q.cycles[0], rates[0]


def source_year(q: Quote) -> dict[str, Any] | None:
    """A rental of whole years at an offer whose source states its own yearly figure: that figure,
    per year bought, beside ours (seed 003 rounds its 8×H100 estimate to ¥80–120 万)."""
    if not q.cycles or any(c.kind != "year" for c in q.cycles):
        return None
    offer = next((o for o in provider(q.provider).offers if o.id == q.offer), None)
    if offer is None or offer.year_estimate is None:
        return None
    years = sum(c.count for c in q.cycles)
    return {"low": offer.year_estimate.low * years, "high": offer.year_estimate.high * years, "currency": q.currency}


def refusal_view(row: ProviderPrice) -> dict[str, Any]:
    exc = row.refusal
    assert exc is not None
    p = exc.params
    return {
        "provider": row.provider.name,
        "provider_id": row.provider.id,
        "reason": exc.reason,
        "params": {**p, "provider": row.provider.id},  # worded by bot.text.errors.not_offered
    }


def rate_basis(quoted: set[str], display: str) -> list[dict[str, Any]]:
    """The reference rates behind a conversion the user asked for ("多少人民币": ₮649 ≈ ¥4,608 rests on
    $1 ≈ ₮1 and $1 ≈ ¥7.1, catalogs/currency.yaml), each currency but the dollar once; [] when nothing
    was converted. Why: a converted figure is only for comparing, and the reply says what it rests on."""
    if not quoted - {display}:
        return []
    return [{"symbol": currency(c).symbol, "per_usd": currency(c).per_usd.normalize()}
            for c in sorted(quoted | {display}) if c != "USD"]


def price_view(prices: SetupPrices, first: str | None = None, asked: bool = False) -> dict[str, Any]:
    """What the price reply shows: per provider its quotes (the named provider first, then cheapest
    first), then who doesn't rent it."""
    display = prices.display_currency
    # at the provider named, the form asked first where it is quoted in several (bot.core.answers.setup_price)
    offered = sorted(prices.offered, key=lambda r: (r.provider.id != first, prices.num_gpus is not None and r.gpu != prices.gpu,
                                                    Money(r.quotes[0].total_max, r.quotes[0].currency).to(display).amount))
    cheapest = prices.cheapest
    return {
        "gpu": gpu_name(offered[0].gpu if offered else prices.gpu) if len({r.gpu for r in offered}) <= 1 else _family(prices.gpu),
        "num_gpus": prices.num_gpus,
        "days": None if prices.duration is None else _days(prices.duration),
        "duration": None if prices.duration is None else duration_view(prices.duration.total_seconds() / 3600),
        "display": display,
        "rows": [{"provider": r.provider.name, "provider_id": r.provider.id, "gpu": gpu_name(r.gpu),
                  "num_gpus": r.num_gpus, "apart": apart(r), "quotes": [quote_view(q, display, asked) for q in r.quotes]}
                 for r in offered],
        "cheapest": cheapest.provider.name if cheapest is not None and len(offered) > 1 else None,
        "cheapest_spare": _spare(cheapest) if cheapest is not None and len(offered) > 1 else None,
        "first_spare": cycles_spare(offered[0], _spare(offered[0])) if offered else None,  # "想租半个月，怎么收"
        "asked_currency": asked,  # "人民币呢": the by-unit listing converts each price too
        "rate_basis": rate_basis({q.currency for r in offered for q in r.quotes}, display) if asked else [],
        "same_setup": len({(r.gpu, r.num_gpus) for r in offered}) <= 1 and prices.num_gpus is not None,
        "refused": sorted((refusal_view(r) for r in prices.refused),
                          key=lambda x: x["provider_id"] != first),
        # "4090 跑3天 gpuli 多少": the provider named is the answer; the others are one line of totals after it
        "named": first if any(r.provider.id == first for r in offered) else None,
        # "那换 cloudgpu 呢" after an 8×H100 price: the provider asked about does not rent it, so that leads
        "named_refused": next((refusal_view(r) | {"nearest": nearest_single(r, display)}
                               for r in prices.refused if r.provider.id == first), None),
    }


def nearest_single(row: ProviderPrice, display: str) -> dict[str, Any] | None:
    """What the provider named does rent nearest the setup it refused, with its price, in the same line
    ("那换 cloudgpu 呢" after 8 × H100: CloudGPU rents single cards, the nearest an A100 80GB at $1.49/h):
    the card asked for singly where it rents that card, else its single card closest in memory (at least
    as large first). None when it rents no single card at all."""
    singles = list(dict.fromkeys(o.gpu for o in row.provider.offers if o.count == 1))
    if not singles:
        return None
    catalog = gpus()
    want = catalog.get(row.gpu).memory_gb if row.gpu else 0.0
    card = row.gpu if row.gpu in singles else min(
        singles, key=lambda g: (catalog.get(g).memory_gb < want, abs(catalog.get(g).memory_gb - want)))
    rows = [r for r in unit_prices(card, 1, display, limit=len(providers().entries)) if r["provider"] == row.provider.name]
    return {"gpu": gpu_name(card), "units": rows[0]["units"]} if rows else None


def _spare(row: ProviderPrice) -> dict[str, Any] | None:
    """The time the cheapest rental buys beyond the span asked, when it bills whole weeks or months
    ("only need two days, anything cheaper?": gpuli's 8×H100 is still the week, ₮4,172, seed 000), so
    the cheapest line says why nothing by the day undercuts it; None when it bills about what is asked."""
    q = row.quotes[0] if row.quotes else None
    if q is None or q.needed_hours <= 0 or q.unused_hours < 24:
        return None
    return {"needed": duration_view(q.needed_hours), "bought": duration_view(q.bought_hours),
            "spare": duration_view(q.unused_hours)}


def _family(gpu: str) -> str:
    """"A100 80GB SXM" -> "A100 80GB": the name without its form factor, for a mixed table."""
    name = gpu_name(gpu)
    for suffix in (" SXM", " PCIe", " NVL", " (HGX)"):
        name = name.replace(suffix, "")
    return name


def _days(d: timedelta) -> float:
    """The rental in days, kept above zero for any length: "跑 1 分钟" is a price for one minute,
    never the per-unit listing that a zero would select."""
    return max(round(d.total_seconds() / 86400, 2), 0.01) if d.total_seconds() > 0 else 0.0


def price_reply(gpu: str | list[str], num_gpus: int | None, duration: timedelta | None, lang: str, *, display: str,
                add_ons: dict[str, int] | None = None, infiniband: bool | None = None,
                repeat_purchase: bool = False, first: str | None = None, asked_currency: bool = False,
                at_least: int | None = None, apart: bool = False, forms: bool = False) -> Reply:
    """The answer to "what does <count> × <card> cost (for <duration>)", at every provider; the
    provider the question named (`first`) leads, and the others follow for comparison. `apart`: the
    user's own setup, priced as separate single-card instances where nobody rents it as one machine. `forms`: each form
    of the card `first` rents is quoted there, the first of `gpu` leading."""
    if duration is None and add_ons:
        duration = _add_on_month(add_ons)
    prices = setup_prices(gpu, num_gpus, duration, display_currency=display, add_ons=add_ons, infiniband=infiniband,
                          repeat_purchase=repeat_purchase, whole_machines=not apart, at_least=at_least,
                          forms_at=first if forms else None)
    data = price_view(prices, first, asked_currency)
    if at_least is not None:  # boxes of several sizes: the cheapest only among those that hold the cards
        holding = [r for r in prices.offered if r.num_gpus >= at_least] if duration is not None else []
        best = min(holding, key=lambda r: Money(r.quotes[0].total_max, r.quotes[0].currency).to(display).amount,
                   default=None)
        data["cheapest"] = best.provider.name if best is not None and len(holding) > 1 else None
    return Reply("price", lang, data)


def _add_on_month(add_ons: dict[str, int]) -> timedelta | None:
    """"一万网络 a100 40g 加 16 核 和 128G 内存 多少钱" names no length, but the upgrades are sold by the
    month (¥400/月): the card with them is priced for the seller's month, so the total (¥3,800) is given,
    not a list of unit prices the upgrades cannot be added to. None when no add-on named is monthly."""
    days = next((p.billing.month_days for p in providers().entries for a in p.add_ons
                 if a.unit == "month" and a.id in add_ons), None)
    return timedelta(days=days) if days else None


def unit_prices(gpu: str, num_gpus: int, display: str, limit: int = 3) -> list[dict[str, Any]]:
    """The short price line of a sizing verdict: each provider's own rental units for the setup.
    Each call gets its own copy of the cached rows: a caller may add to them (bot.core.versus adds the
    card's other form factor where the question named none) without changing what a later message,
    another user's included, is told about the same setup."""
    return _copied(_unit_prices(gpu, num_gpus, display, limit))


def _copied(node: Any) -> Any:
    """A copy of cached rows as deep as their containers: every dict and list new, the leaves (str, Decimal,
    bool, None, all immutable) shared, which is what deepcopy gives for them at a fraction of its cost."""
    if isinstance(node, dict):
        return {key: _copied(value) for key, value in node.items()}
    if isinstance(node, list):
        return [_copied(value) for value in node]
    return node


def clear_unit_prices() -> None:
    """Forget the cached rows (the stored price lists changed)."""
    _unit_prices.cache_clear()


@lru_cache(maxsize=2048)
def _unit_prices(gpu: str, num_gpus: int, display: str, limit: int) -> list[dict[str, Any]]:
    """`unit_prices`, computed once per setup (the catalogs do not change while the process runs);
    read only through `unit_prices`, which copies it."""
    prices = setup_prices(gpu, num_gpus, None, display_currency=display)
    out = []
    for row in sorted(prices.offered, key=lambda r: Money(r.quotes[0].total_max / r.quotes[0].needed_hours,
                                                          r.quotes[0].currency).to(display).amount):
        out.append({"provider": row.provider.name, "apart": apart(row),
                    "units": [{"unit": _unit(q), "total": _amount(q), "estimate": q.estimate,
                               "converted": _converted(q, display)} for q in row.quotes]})
    return out[:limit]


def apart(row: ProviderPrice) -> dict[str, int] | None:
    """Cards rented as several separate instances within one node's count (gpuli's 8 × RTX 4090: eight
    single-card instances at ₮109 a week each, it lists no multi-card 4090 machine), so every price of
    that setup says so (`seller` in the templates); None for one machine, or whole nodes beyond one."""
    q = row.quotes[0] if row.quotes else None
    if q is None or q.instances < 2 or q.num_gpus > row.provider.billing.node_gpus:
        return None
    return {"instances": q.instances, "per": q.num_gpus // q.instances, "n": q.num_gpus}


def approx_units(prices: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """`unit_prices` rows with each converted figure as a price listing shows it (Money.approx: ¥4,608,
    not ¥4,607.90), for a line printed among rows that are converted so."""
    def shown(c: dict[str, Any] | None) -> dict[str, Any] | None:
        if c is None:
            return None
        return c | {k: Money(Decimal(str(c[k])), c["currency"]).approx().amount for k in ("low", "high")}
    return [p | {"units": [u | {"converted": shown(u["converted"])} for u in p["units"]]} for p in prices]


def span_totals(gpu: str, num_gpus: int, hours: float, display: str, provider_id: str | None = None) -> list[dict[str, Any]]:
    """What `num_gpus` × `gpu` costs for `hours` at each provider renting it (at `provider_id` only when
    given), cheapest first: the figures a priced length compares against."""
    prices = setup_prices(gpu, num_gpus, timedelta(hours=hours), display_currency=display, whole_machines=True)
    rows = sorted((r for r in prices.offered if provider_id is None or r.provider.id == provider_id),
                  key=lambda r: Money(r.quotes[0].total_max, r.quotes[0].currency).to(display).amount)
    return [{"provider": r.provider.name, "total": _amount(r.quotes[0])} for r in rows]


def _converted(q: Quote, display: str) -> dict[str, Any] | None:
    """The quote in the display currency at the catalog's comparison rates, for a reply that was
    asked for that currency ("人民币多少"); None when it is the quote's own."""
    if q.currency == display:
        return None
    low, high = (Money(a, q.currency).to(display).rounded().amount for a in (q.total_min, q.total_max))
    return {"low": low, "high": high, "currency": display}


def add_on_reply(add_ons: dict[str, int], days: float | None, hours: float | None, lang: str,
                 first: str | None = None, asked: str | None = None) -> Reply:
    """Storage (or another add-on) priced on its own at each provider that sells it; the provider
    named first, or said not to sell it ("cloudgpu 加 CPU": only 一万网络 sells one). A currency
    `asked` ("多少人民币", "in dollars") leads each price other than that currency, converted at the
    catalog's rates and said as approximate, the provider's own price beside it."""
    duration = timedelta(days=days or 0, hours=hours or 0) if days or hours else None
    priced = sorted(add_on_prices(add_ons, duration), key=lambda a: a.provider.id != first)
    rows = [{"provider": a.provider.name, "add_on": a.add_on, "quantity": a.quantity, "months": a.months,
             "unit": _plain(a.unit_price),  # ₮0.015: a unit price keeps its listed digits, ¥400 never ¥4E+2
             "per_gb": a.unit == "gb_month",
             "total": _shown(a.total, a.provider.currency), "currency": a.provider.currency,
             "symbol": currency(a.provider.currency).symbol,
             "converted": _approx_in(Money(a.total, a.provider.currency), asked, lang),
             "unit_converted": _approx_in(Money(a.unit_price, a.provider.currency), asked, lang, per_unit=True)}
            for a in priced]
    not_sold = provider(first).name if first and priced and not any(a.provider.id == first for a in priced) else None
    # several items at one provider ("2TB 存储卷 + 1TB 对象存储"): their sum, in that provider's currency;
    # rates per GB asked side by side ("存储卷多少钱一个G 对象存储呢") are compared, never added up
    totals = []
    for name in dict.fromkeys(r["provider"] for r in rows):
        mine = [r for r in rows if r["provider"] == name]
        if len(mine) > 1 and not all(r["per_gb"] and r["quantity"] == 1 and r["months"] == 1 for r in mine):
            total = sum((Decimal(str(r["total"])) for r in mine), Decimal(0))
            own = str(mine[0]["currency"])
            totals.append({"provider": name, "currency": own, "total": total, "converted": _approx_in(Money(total, own), asked, lang)})
    return Reply("add_on_price", lang, {"rows": rows, "asked": sorted(add_ons), "totals": totals, "not_sold": not_sold})


def provider_price_list(provider_id: str, lang: str, count: int | None = None, unit: str | None = None,
                        memory_gb: int | None = None, top: int | None = None, hours: float | None = None) -> Reply:
    """Every configuration one provider lists, with its prices (its own units and currency). With a
    card count ("cheapest 8-card option at 一万网络, monthly?") only the setups of that many cards, the
    cheapest first by the price per `unit` (an estimated range compared on its high end, and said so);
    when the provider rents no setup of that count, the whole list. With `memory_gb` ("cloudgpu 上哪张
    48G 的卡最便宜", "cheapest 48GB card at cloudgpu"): only its cards holding at least that much, the
    cheapest first, so the answer leads; a list of cards too small for the memory asked answers nothing.
    `top`: only the cheapest few, where the list is a second answer under a sizing. `hours`: a span asked with the
    memory ("CloudGPU 24G 卡跑一周多少钱"): each of those cards priced for it under the provider's billing rule,
    the cheapest total first (168 h × $0.21 = $35.28 for a 3090)."""
    p = provider(provider_id)
    offers = [o for o in p.offers if o.count == count] if count else []
    if memory_gb:
        offers = [o for o in p.offers if o.count == (count or 1) and gpus().get(o.gpu).memory_gb >= memory_gb]
    ranked = bool(offers)
    if ranked:
        by = unit if unit and any(unit in o.prices for o in offers) else next(iter(offers[0].prices))
        offers.sort(key=lambda o: (by not in o.prices, o.prices[by].high if by in o.prices else 0))
    rows = []
    estimates = False
    for offer in offers if ranked else p.offers:
        rows.append({"n": offer.count, "gpu": gpu_name(offer.gpu),
                     "prices": [{"unit": key, "low": price.low, "high": price.high, "estimate": price.status == "estimate"}
                                for key, price in offer.prices.items()]})
        estimates = estimates or any(price.status == "estimate" for price in offer.prices.values())
    rows = rows[:top] if ranked and top else rows
    spanned = ranked and bool(memory_gb) and bool(hours) and not top
    if spanned:
        for row, offer in zip(rows, offers, strict=True):
            row["span_total"] = _span_total(provider_id, offer.gpu, offer.count, float(hours or 0))
        rows.sort(key=lambda r: (r["span_total"] is None, r["span_total"] or 0))
    reply = Reply("provider_prices", lang, {"provider": p.name, "currency": p.currency, "rows": rows,
                                            "per_minute": p.billing.rule.metered, "count": count if ranked else None,
                                            "memory": memory_gb if ranked else None,
                                            "by": by if ranked else None, "missing_count": count if count and not ranked else None,
                                            "estimates": estimates,
                                            "span": _span_words(float(hours or 0), lang) if spanned else None})
    if ranked and memory_gb and not top:
        # "cloudgpu's 48gb options" lists cards to pick from: "the cheaper one, 8 hours?" prices one (bot.core.options)
        listed = [{"kind": "price", "data": {"gpu": [o.gpu], "num_gpus": o.count, "first": provider_id,
                                             **({"hours": hours} if spanned else {})}} for o in offers]
        reply.turn = Turn("price", {**cast(dict[str, Any], listed[0]["data"]), "options": listed})
    return reply


def _span_total(provider_id: str, gpu: str, count: int, hours: float) -> Decimal | None:
    """The cheapest total of `count` × `gpu` for `hours` at one provider, in its own currency."""
    prices = setup_prices(gpu, count, timedelta(hours=hours), display_currency=provider(provider_id).currency,
                          whole_machines=True)
    quotes = [q for r in prices.offered if r.provider.id == provider_id for q in r.quotes]
    return min(q.total_max for q in quotes) if quotes else None


def _span_words(hours: float, lang: str) -> str:
    """"租 7 天", "for 36 h", "租一个月": the span a list was priced for."""
    if hours == 720:
        return t("price.provider_month", lang)
    return t("price.provider_hours", lang, n=f"{hours:g}") if hours % 24 else t("price.provider_days", lang, n=f"{hours / 24:g}")


def provider_models(provider_id: str, lang: str) -> Reply:
    """"How many GPU models does gpuli list": the count its own price list states (a catalog fact,
    when the source gives one), the models and configurations the catalog holds, by name."""
    p = provider(provider_id)
    names = list(dict.fromkeys(gpu_name(o.gpu) for o in p.offers))
    stated = next((int(f.value) for f in p.facts if f.code == "models_listed"), None)
    return Reply("provider_models", lang, {"provider": p.name, "stated": stated, "held": len(names),
                                           "configs": len(p.offers), "names": names})


def hours_reply(gpu: str | list[str], num_gpus: int | None, hours: list[float], lang: str, display: str) -> Reply:
    """"What do 1 h, 3 h and 8 h cost?": each provider's total for each running time (seed 002's
    table), under its own billing rules."""
    by_provider: dict[str, dict[str, Any]] = {}
    for h in hours:
        prices = setup_prices(gpu, num_gpus, timedelta(hours=h), display_currency=display, whole_machines=True)
        for row in prices.offered:
            entry = by_provider.setdefault(row.provider.id, {"provider": row.provider.name, "gpu": gpu_name(row.gpu),
                                                             "num_gpus": row.num_gpus, "totals": []})
            q = row.quotes[0]
            entry["totals"].append({"hours": h, "total": _amount(q), "bought": [c.kind for c in q.cycles]})
    return Reply("price_hours", lang, {"rows": list(by_provider.values()), "hours": hours})


def _approx_in(amount: Money, asked: str | None, lang: str, per_unit: bool = False) -> str | None:
    """`amount` in the currency asked, formatted as approximate (≈ ¥1,139), or None when none was asked
    or it is the amount's own. A rate under one unit keeps three decimals (₮0.015 a GB: ≈ ¥0.107)."""
    if asked is None or asked == amount.currency:
        return None
    value = amount.to(asked)
    if per_unit and value.amount < 1:
        return "≈ " + Money(value.amount.quantize(Decimal("0.001")), asked).format_exact(lang)
    return "≈ " + value.approx().format(lang)


def _plain(value: Decimal) -> Decimal:
    """A unit price without trailing zeros and never in exponent form: 0.0150 -> 0.015, 400 -> 400
    (Decimal.normalize alone turns 400 into 4E+2, which a chat must never show)."""
    normal = value.normalize()
    return normal.quantize(Decimal(1)) if normal == normal.to_integral_value() else normal


def runway_reply(gpu: str | list[str], num_gpus: int | None, budget: Money, lang: str, first: str | None = None,
                 asked_unit: str | None = None, add_ons: dict[str, int] | None = None) -> Reply | None:
    """"¥3000 够租多久 a100 40g": how much of each rental unit the money buys at each provider (the
    named one first, the unit asked — "包月能租几个月" — first within it), whole prepaid cycles
    (floor of budget ÷ price) or billed hours, converted at the catalog's rates. `add_ons` ("加16核"):
    each cycle costs the card plus the add-ons (seed 003: ¥2,800 + ¥400 a month for an A100 40G with 16
    cores); an add-on the setup is not sold with is left out and said so."""
    prices = setup_prices(gpu, num_gpus, None, display_currency=budget.currency, whole_machines=True, add_ons=add_ons or None)
    unsold = [r.refusal for r in prices.rows if r.refusal is not None and r.refusal.reason == "add_on_not_for_offer"]
    if add_ons and unsold:  # "8卡 h100 加16核": the box is priced alone, and the note says why
        prices = setup_prices(gpu, num_gpus, None, display_currency=budget.currency, whole_machines=True)
    if first is None:  # "₮500 够租多久": money in a provider's own currency is spent there, unexchanged
        first = next((r.provider.id for r in prices.offered if r.quotes and r.quotes[0].currency == budget.currency), None)
    rows = sorted(prices.offered, key=lambda r: r.provider.id != first)
    if num_gpus is None:  # no count asked: each provider's smallest box, not every size it rents
        smallest = {r.provider.id: min(x.num_gpus for x in rows if x.provider.id == r.provider.id) for r in rows}
        rows = [r for r in rows if r.num_gpus == smallest[r.provider.id]]
    lines = []
    options: list[Option] = []
    for row in rows:
        paid = [q for q in row.quotes if q.total_max > 0]
        if paid and (first is None or row.provider.id == first):  # the money is spent where named or held
            hourly = next((q.total_max for q in paid if _unit(q) == "hour"), None)
            options.append(Option(row.provider.name, row.num_gpus, gpu_name(row.gpu) + _extras_named(paid[0], lang), paid[0].currency,
                                  budget.to(paid[0].currency).amount, hourly=hourly,
                                  cycles=tuple(Cycle(_unit(q), int(q.needed_hours // 24), q.total_max, q.total_min, q.estimate)
                                               for q in paid if _unit(q) != "hour" and q.currency == paid[0].currency)))
        for q in row.quotes:
            unit = _unit(q)
            price = Money(q.total_max, q.currency)  # a band is divided on its high end: what it may cost
            if price.amount <= 0:
                continue
            money = budget.to(q.currency)
            count = money.amount / price.amount
            whole = int(count) if unit != "hour" else None
            lines.append({"provider": row.provider.name, "provider_id": row.provider.id,
                          "gpu": gpu_name(row.gpu) + _extras_named(q, lang), "num_gpus": row.num_gpus,
                          "unit": unit, "price": price.format(lang), "count": whole if whole is not None else None,
                          "hours": longest_hours(count) if unit == "hour" else None,
                          "left": (money - price * whole).rounded().format(lang) if whole else None})
    if not lines:
        return None
    # the longest cycle the money buys whole leads within a provider (a month is the cheapest per day)
    lines.sort(key=lambda line: (line["provider_id"] != first, asked_unit is not None and line["unit"] != asked_unit,
                                 not line["count"], -_UNIT_RANK.get(str(line["unit"]), 0)))
    # "3000 刀 能租几周 a100" where the provider paid in dollars rents by the hour: what the money buys in the units
    # rented, never "not enough" with a negative shortfall; "年付呢": the year's prepaid price (its discount in)
    lead = unit_lead(with_years(options, gpu, num_gpus) if asked_unit == "year" else options, budget.format(lang), lang, asked_unit)
    # "bought": the lead names a rental the money buys; else it says "not enough", the cheapest entry
    # ("entry": its price) and what is missing
    short = none_line(options, budget.format(lang), lang) if lead is None else None
    return Reply("runway", lang, {"budget": budget.format(lang), "lines": lines[:4], "bought": lead is not None,
                                  "lead": lead or (short[0] if short else None), "entry": short[1] if short else None,
                                  "extras": _extras_note(prices, first, unsold if add_ons else [], lang)})


def _extras_named(q: Quote, lang: str) -> str:
    """" + CPU 16 核": the add-ons a quote includes, after the card's name."""
    return "".join(" + " + t(f"price.addon_name.{a.id}", lang) for a in q.add_ons if a.unit == "month")


def _extras_note(prices: SetupPrices, first: str | None, unsold: list[Any], lang: str) -> str | None:
    """How a cycle with add-ons is made up ("每月 ¥3,200 = 卡 ¥2,800 + CPU 16 核 ¥400"), at the provider
    named (else the first that sells them); or which add-on the setup is not sold with."""
    if unsold:
        u = unsold[0]
        return t("runway.add_on_unsold", lang, add_on=t(f"price.addon_name.{u.params.get('add_on')}", lang),
                 provider=provider(str(u.params.get("provider"))).name)
    for row in sorted(prices.offered, key=lambda r: r.provider.id != first):
        q = next((q for q in row.quotes if q.add_ons and _unit(q) == "month"), None)
        if q is None:
            continue
        parts = " + ".join(f"{t(f'price.addon_name.{a.id}', lang)} {Money(a.amount, q.currency).format(lang)}" for a in q.add_ons)
        return t("runway.add_ons", lang, total=Money(q.total_max, q.currency).format(lang),
                 card=Money(q.cards_range.high, q.currency).format(lang), parts=parts)
    return None


_UNIT_RANK = {"hour": 0, "week": 1, "month": 2}


def runway_text(line: dict[str, Any], lang: str) -> str:
    """One runway line as text (the same words as templates/runway.j2), for a one-line aside."""
    common = {"provider": line["provider"], "n": line["num_gpus"], "gpu": line["gpu"], "price": line["price"]}
    if line["hours"] is not None:
        return t("runway.hours", lang, **common, hours=line["hours"])
    unit = t("unit." + line["unit"], lang)
    if line["count"]:
        return t("runway.cycles", lang, **common, unit=unit,
                 span=t("runway.span." + line["unit"], lang, count=line["count"]), left=line["left"])
    return t("runway.short", lang, **common, unit=unit, span=t("runway.span." + line["unit"], lang, count=1))
