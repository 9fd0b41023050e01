"""The last two prices of a conversation weighed, the verdict first: "哪个便宜", "省多少", "cheaper by how much"
after two rentals were priced one after the other (a card, a provider, a term or a length changed between them),
or "还是包月", "or should we just take the month", "vs a full month?" after one: that one against the rental the
message names (bot.understand.weigh).

Each rental is what an answer priced: a price list's card at the provider named (else the cheapest), a cost
answer's leading setup, a sizing's setup priced for a term. Both are quoted again by the provider's own billing
(engine.price_list), each for the span it was priced for; a year paid at once is set against the same year paid
month by month (seed 003: 12 × ¥2,800 = ¥33,600 against ¥26,880). A band is compared on its high end, and the
line says so; two currencies are compared in US dollars. The line names what differs (the card, the provider,
the span) once, what they share before it.

Pure but for the engine's price tables: Parsed and the last Turn in, Parsed out (`weigh_follow`); a price reply
in, the reply with its verdict leading out (`weighed_first`)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import timedelta
from decimal import Decimal
from typing import Any

from bot.core.year_and_month import BY_MONTH_A_YEAR, year_by_month_asked
from bot.messages import Reply, Turn
from bot.text.i18n import t
from bot.text.names import short_gpu
from bot.understand.parser import Parsed
from bot.understand.weigh import HOW_MUCH, VERSUS, WHICH
from engine.catalog import gpus
from engine.errors import KasuanError
from engine.fit import Fit
from engine.money import Money
from engine.price_list import setup_prices
from engine.request import TrainingRequest
from engine.sizing import size as size_job

WEIGH_CHARS = 60  # characters: "or should we just take the month", "which one works out cheaper in the end?"
YEAR, MONTH, WEEK, DAY = 365 * 24, 30 * 24, 7 * 24, 24
PRICED_KINDS = ("price", "cost", "size")


@dataclass(frozen=True)
class Rental:
    """One rental an answer priced: its card (with the variants it may be), count, provider and span in hours."""

    gpu: tuple[str, ...]
    count: int | None
    provider: str | None
    hours: float | None
    repeat: bool = False  # bought again on the same account: the provider's repeat-purchase discount (seed 003: ¥100 a month)

    def data(self) -> dict[str, Any]:
        return {"gpu": list(self.gpu), "num_gpus": self.count, "hours": self.hours, "first": self.provider, "repeat": self.repeat}


def rental_of(kind: str, data: dict[str, Any]) -> Rental | None:
    """The rental a turn priced, or None for a turn that priced none."""
    request = data.get("request") if isinstance(data.get("request"), dict) else {}
    assert isinstance(request, dict)
    job_hours = (request.get("days") or 0) * 24 + (request.get("hours") or 0) or None
    if kind == "price" and data.get("gpu"):
        held = data["gpu"]
        cards = tuple(str(g) for g in (held if isinstance(held, list) else [held]))
        count = data.get("num_gpus")
        return Rental(cards, int(count) if count else None, _str(data.get("first")), _hours(data.get("hours")), bool(data.get("repeat")))
    priced = data.get("priced")
    if kind == "cost" and isinstance(priced, list) and len(priced) == 3:
        return Rental((str(priced[0]),), int(priced[1]), str(priced[2]), job_hours)
    pick = data.get("pick")
    if kind == "size" and (data.get("setup") or request.get("gpu")) and isinstance(pick, list) and len(pick) == 2:
        # "32b 全参 8卡h100" then "gpuli 包月多少": the sizing's setup, priced for the term asked
        return Rental((str(pick[0]),), int(pick[1]), _str(request.get("provider")), _hours(data.get("setup_hours")) or job_hours)
    return None


def _fit_on(last: Turn, gpu: str, count: int | None) -> Fit | None:
    """The fit of the job the last answer sized or priced on `count` of `gpu`; None when it states no job."""
    job = last.data.get("request")
    if not isinstance(job, dict) or not (job.get("model") or job.get("params_b")):
        return None
    try:
        return size_job(TrainingRequest.model_validate({**job, "gpu": gpu, "num_gpus": count or 1})).fit
    except (KasuanError, ValueError):
        return None


def _job_fits(last: Turn, gpu: str, count: int | None) -> bool:
    """Whether that job fits `count` of `gpu` or may fit (the high end alone over)."""
    fit = _fit_on(last, gpu, count)
    return fit is not None and (fit.fits or fit.may_fit)


def _holds(last: Turn, gpu: str, count: int | None) -> bool:
    """Whether that job fits `count` of `gpu` with its high end inside the card."""
    fit = _fit_on(last, gpu, count)
    return fit is not None and fit.fits


def _str(value: object) -> str | None:
    return str(value) if value else None


def _hours(value: object) -> float | None:
    return float(str(value)) if value else None


def _before(last: Turn) -> Rental | None:
    before = last.asked.get("before") if isinstance(last.asked, dict) else None
    if not isinstance(before, dict) or before.get("kind") not in PRICED_KINDS:
        return None
    return rental_of(str(before["kind"]), dict(before.get("data") or {}))


def weigh_follow(parsed: Parsed, last: Turn, asked: str | None) -> Parsed | None:
    """A short message weighing prices (`asked`: bot.understand.weigh) after an answer that priced a rental: the
    price of the rental the message names (the last one changed by what it states: card, count, provider, span)
    set against the last, or the last set against the one before it; None when the message names a job of its
    own, or the conversation holds no two different rentals to weigh."""
    q, r = parsed.request, parsed.rental
    if asked is None or q.model or q.params_b or parsed.cues.chars > WEIGH_CHARS or last.kind not in PRICED_KINDS:
        return None
    if len(parsed.cards) > 1 or len(parsed.cues.providers) > 1 or parsed.asks.both_units or parsed.cues.other_unit \
            or parsed.cues.which_currency or parsed.asks.budget is not None or parsed.asks.deadline is not None \
            or parsed.price.add_ons or year_by_month_asked(parsed):
        return None  # two cards or providers named, both units, a currency, money, a deadline or an add-on: asked elsewhere
    mine = rental_of(last.kind, last.data)
    if mine is None:
        return None
    if q.gpu and last.kind != "price" and (asked == VERSUS or not (r.provider or (last.data.get("request") or {}).get("provider"))
                                           or not _job_fits(last, q.gpu, mine.count)):
        # "or a100s?" after a job's cost, a card the job does not fit, or no provider named (each setup's own best
        # provider: bot.core.follow_ups): the job fitted again on that card; "换 4090 多花多少" after the job at
        # CloudGPU, "how much more with a 4090?": the same job on it there, weighed
        return None
    span = (r.duration_days or 0) * 24 + (r.duration_hours or 0)
    if not span and parsed.price.annual and mine.hours != YEAR:
        span = YEAR  # "年付能省多少" after a month's price: the year paid at once, against twelve months paid monthly
    changed = Rental((q.gpu,) if q.gpu else mine.gpu, q.num_gpus or mine.count, r.provider or mine.provider,
                     float(span) if span else mine.hours, mine.repeat or parsed.price.repeat_purchase)
    if mine.hours == YEAR and changed.hours in (YEAR, 12 * MONTH) and BY_MONTH_A_YEAR.search(parsed.words or ""):
        # "saving vs paying monthly for 12 months" after a year's price: the month's, twelve times, against the
        # year paid at once (_by_month), never twelve months priced as the prepaid year they add up to
        changed = replace(changed, hours=float(MONTH))
    span_only = (changed.gpu, changed.count, changed.provider) == (mine.gpu, mine.count, mine.provider)
    if span_only and asked != VERSUS and last.kind == "price" and isinstance(last.data.get("before"), dict):
        # "3090 呢" then "省多少" / "8 小时差多少": the two cards just priced, set side by side (bot.core.price)
        versus = "cheaper" if asked == WHICH else True
        return replace(parsed, intent="price", follow={**last.data, "hours": changed.hours, "versus_before": versus},
                       follow_up=True, missing=[], faq=[], faq_answers=[], faq_confident=False)
    before = _before(last) if span_only and not mine.hours and changed.hours else None
    if before is not None and before.gpu != mine.gpu and asked != VERSUS:
        # "14b full ft on 4x a100 at gpuli", "what if 4x h100?", "monthly difference?": the two setups sized, each
        # for the span the message names
        shown, other = replace(mine, hours=changed.hours), replace(before, hours=changed.hours)
        return _weighed(parsed, last, shown, other, asked, named=False)
    if span_only and asked == WHICH and changed != mine:
        return None  # "only 3 weeks, which is cheaper?": that span bought by the week and by the month
    if changed != mine:  # "还是包月", "vs a full month?", "比月付省多少": the rental named, against the last
        shown, other, named = changed, mine, True
    elif asked != VERSUS:  # "哪个便宜", "省多少": the last two rentals priced
        before = _before(last)
        if mine.repeat and (before is None or before.repeat):  # "复购还能减吗" then "减多少": the same rental bought the first time
            before = replace(mine, repeat=False)
        if before is None:
            return None
        shown, other, named = mine, before, False
        if before.gpu != mine.gpu and before.provider != mine.provider and not _provider_named(last):
            # "32b 全参 8卡 a100", "改成 h100 呢", "贵多少": only the card changed, so the two are weighed at the same
            # provider (the last answer's), never the cheapest of each (a band at one, a list price at another)
            other = replace(before, provider=mine.provider)
    else:
        return None
    if not shown.hours and not other.hours:
        return None  # two rates with no span: bot.core.about_last sets them side by side
    if not shown.hours or not other.hours:
        shown, other = replace(shown, hours=shown.hours or other.hours), replace(other, hours=other.hours or shown.hours)
    if shown == other:
        return None
    return _weighed(parsed, last, shown, other, asked, named)


def switch_saving(parsed: Parsed) -> bool:
    """"how much do we save with qlora on a 4090?": what a change of method (and card) saves, asked of the job before,
    never that card's own price list; resized_weighed leads the changed job's cost with it."""
    return parsed.weigh == HOW_MUCH and bool(parsed.request.method) and not (parsed.request.model or parsed.request.params_b)


def _weighed(parsed: Parsed, last: Turn, shown: Rental, other: Rental, asked: str, named: bool) -> Parsed:
    keep = dict(last.data) if last.kind == "price" else {"display": None}
    data = {**keep, **shown.data(), "weigh": [asked, other.data(), named]}
    for key in ("weeks", "units", "before"):
        data.pop(key, None)
    return replace(parsed, intent="price", follow=data, follow_up=True, missing=[], faq=[], faq_answers=[],
                   faq_confident=False)


@dataclass(frozen=True)
class _Quote:
    provider: str
    setup: str
    hours: float
    low: Decimal
    high: Decimal
    currency: str
    months: int = 0  # a year bought month by month: this many months of the month's price
    repeat: bool = False  # with the repeat-purchase discount

    def usd(self) -> Decimal:
        return Money(self.high, self.currency).to("USD").amount


def _quote(rental: Rental, lang: str) -> _Quote | None:
    """The rental's total at its provider (the cheapest one renting it when none is named or the one named rents
    no such card), None when nobody rents it for that span."""
    hours = float(rental.hours or 0)
    prices = setup_prices(list(rental.gpu), rental.count, timedelta(hours=hours), whole_machines=bool(rental.count),
                          repeat_purchase=rental.repeat)
    # the provider asked, else (it rents no such card: the answer listed the others) the cheapest that does
    rows = [row for row in prices.offered if row.provider.id == rental.provider] or list(prices.offered)
    if not rows:
        return None
    row = min(rows, key=lambda x: Money(x.quotes[0].total_max, x.quotes[0].currency).to("USD").amount)
    q = row.quotes[0]
    setup = t("sum.setup", lang, n=row.num_gpus, gpu=short_gpu(gpus().get(row.gpu).name))
    return _Quote(row.provider.name, setup, hours, q.total_min, q.total_max, q.currency, repeat=rental.repeat)


def _span(hours: float, lang: str) -> str:
    for size, unit in ((YEAR, "year"), (MONTH, "month"), (WEEK, "week"), (DAY, "day")):
        if hours >= size and hours % size == 0:
            n = int(hours // size)
            return t(f"weigh.span.{unit}" + (".one" if n == 1 else ""), lang, n=n)
    return t("weigh.span.hour" + (".one" if hours == 1 else ""), lang, n=f"{hours:g}")


def _said(q: _Quote, lang: str) -> str:
    low, high = Money(q.low, q.currency).format(lang), Money(q.high, q.currency).format(lang)
    return low if low == high else f"{low}–{high}"


def weighed_first(reply: Reply, data: dict[str, Any], weigh: list[Any]) -> Reply:
    """`reply` (the price of the rental the message named, or the last one) under a line weighing it against the
    other rental: the cheaper one first with both figures and what it saves; `reply` alone when either is not
    rented by anyone for its span. The price list follows only for a rental the message named (the last one was
    just shown)."""
    lang = reply.lang
    _, other_data, named = weigh
    shown = Rental(tuple(data["gpu"]), data.get("num_gpus"), data.get("first"), data.get("hours"), bool(data.get("repeat")))
    other = Rental(tuple(other_data["gpu"]), other_data.get("num_gpus"), other_data.get("first"), other_data.get("hours"),
                   bool(other_data.get("repeat")))
    a, b = _quote(shown, lang), _quote(other, lang)
    if a is None or b is None:
        return reply
    a, b = _by_month(a, b, shown, lang), _by_month(b, a, other, lang)
    line = _line(a, b, lang)
    same = _quote(replace(other, provider=shown.provider), lang) if not named and shown.provider != other.provider \
        and shown.gpu != other.gpu else None
    if same is not None and same.provider == a.provider and same.setup != a.setup and same.setup == b.setup:
        # "gpuli 4090 一周" then "cloudgpu 48 小时呢" (its cheapest card: a 3090) then "哪个便宜": the providers are what
        # the user set against each other, so the card first priced is weighed at both too
        line += "\n" + t("weigh.same_card", lang, line=_line(same, b, lang).removeprefix("💡 "))
    lead = Reply("error", lang, {"message": line}, turn=reply.turn, buttons=reply.buttons)
    if named:  # the rental the message named: its price list follows the verdict
        lead.also = [reply, *reply.also]
        reply.also = []
    return lead


def _line(a: _Quote, b: _Quote, lang: str) -> str:
    """The two quotes weighed: the cheaper first with both figures and what it saves."""
    cheap, dear = (a, b) if a.usd() <= b.usd() else (b, a)
    common, names = _names(cheap, dear, lang)
    same_cur = cheap.currency == dear.currency
    diff = Money(dear.high - cheap.high, cheap.currency).format(lang) if same_cur else \
        "≈ " + Money(dear.usd() - cheap.usd(), "USD").approx().format(lang)
    prices = [_said(x, lang) + ("" if same_cur or x.currency == "USD" else t("weigh.usd", lang, usd=Money(x.usd(), "USD").approx().format(lang)))
              for x in (cheap, dear)]
    key = "weigh.same" if dear.high == cheap.high and same_cur else "weigh.cheaper"
    line = t(key, lang, common=common, a_name=names[0], b_name=names[1], a=prices[0], b=prices[1], diff=diff)
    if any(x.low != x.high for x in (cheap, dear)):
        line += t("weigh.band_high", lang)
    months = 12 if cheap.hours == YEAR else int(cheap.hours // MONTH)
    if cheap.repeat != dear.repeat and same_cur and months > 1 and cheap.hours == dear.hours:  # "1 年（复购）… 便宜 ¥1,200": ¥100 a month
        line += t("weigh.repeat_monthly", lang, per=Money((dear.high - cheap.high) / months, cheap.currency).format(lang), n=months)
    return line


def _by_month(q: _Quote, other: _Quote, rental: Rental, lang: str) -> _Quote:
    """A month's price set against a year's, at one provider for one setup: the year bought month by month."""
    if q.hours != MONTH or other.hours != YEAR or q.provider != other.provider or q.setup != other.setup:
        return q
    months = YEAR // MONTH  # 12 (a year's 365 days are paid as 12 months)
    return replace(q, low=q.low * months, high=q.high * months, hours=YEAR, months=months)


def _names(a: _Quote, b: _Quote, lang: str) -> tuple[str, tuple[str, str]]:
    """What both rentals share (said once, first) and what tells each apart: provider, setup, span."""
    parts = [(a.provider, b.provider), (a.setup, b.setup), (_label(a, lang), _label(b, lang))]
    common = " ".join(x for x, y in parts if x == y)
    apart = [(x, y) for x, y in parts if x != y] or [parts[-1]]
    names = (" ".join(x for x, _ in apart), " ".join(y for _, y in apart))
    return (t("weigh.common", lang, what=common) if common else ""), names


def _label(q: _Quote, lang: str) -> str:
    span = t("weigh.by_month", lang, n=q.months) if q.months else _span(q.hours, lang)
    return span + t("weigh.repeat", lang) if q.repeat else span


def _provider_named(last: Turn) -> bool:
    """Whether the user named the provider of either of the last two answers (then each stays where it was said)."""
    turns = [last.data]
    before = last.asked.get("before") if isinstance(last.asked, dict) else None
    if isinstance(before, dict) and isinstance(before.get("data"), dict):
        turns.append(before["data"])
    for data in turns:
        request = data.get("request")
        if (isinstance(request, dict) and request.get("provider")) or (data.get("first") and not data.get("priced") and not data.get("pick")):
            return True
    return False


def resized_weighed(reply: Reply, parsed: Parsed, last: Turn | None) -> Reply:
    """"is 8x h100 overkill for 32b full ft?" then "那 a100 呢 便宜多少": the job sized again on the card named
    (weigh_follow leaves a change of card to the sizing when no provider is named), led by how much that
    setup saves or costs against the one sized before, both at one provider (the cheapest renting the new
    setup, the one named when one was) for the span said, else a month; `reply` unchanged otherwise."""
    if parsed.weigh != HOW_MUCH or last is None or last.kind not in PRICED_KINDS or reply.turn is None \
            or (reply.kind, reply.turn.kind) not in (("sizing", "size"), ("price", "size"), ("price", "price"), ("cost", "cost")) \
            or isinstance(last.data.get("weigh"), list):
        return reply
    mine, before = rental_of(reply.turn.kind, reply.turn.data), rental_of(last.kind, last.data)
    if mine is None or before is None or (mine.gpu, mine.count) == (before.gpu, before.count):
        return reply
    if reply.turn.kind == "price":  # "how much cheaper on an l40s?" read as that card's price list: the job sized before, on it
        if last.kind == "price" or not _holds(last, mine.gpu[0], mine.count or before.count):
            return reply  # a card the job misses or only may fit is no saving to lead with
        mine = replace(mine, count=mine.count or before.count)
    elif reply.kind == "price":  # "what about a100s, how much cheaper?": the job's price on that setup
        if not _job_fits(last, mine.gpu[0], mine.count):
            return reply
    elif reply.kind == "cost":  # "14b lora l40s 月租" then "换 qlora 用 4090 能省多少": the switched job's setup against the one before
        if not _job_fits(reply.turn, mine.gpu[0], mine.count):
            return reply  # a setup the switched job misses saves nothing
        named = parsed.rental.provider or (reply.turn.data.get("request") or {}).get("provider")
        hours = mine.hours or before.hours or float(MONTH)
        # where the answer before rented, when it rents the new setup too: what the switch saves there (gpuli's 4090
        # month ₮369 against its L40S ₮649: ₮280), the cheapest elsewhere in the price list below
        kept = before.provider if before.provider and _rents(before.provider, mine, hours) else mine.provider
        mine = replace(mine, provider=str(named) if named else kept)
    else:
        v = reply.data.get("v") if isinstance(reply.data, dict) else None
        verdict = v.get("verdict") if isinstance(v, dict) else None
        if not isinstance(verdict, dict) or not (verdict.get("fits") or verdict.get("may_fit")):
            return reply  # "换 4090 便宜多少" where the job misses the 4090: no saving to lead with
    hours = mine.hours or before.hours or float(MONTH)
    provider = mine.provider or before.provider or _common(mine, before, hours)
    shown, other = replace(mine, hours=hours, provider=provider), replace(before, hours=hours, provider=provider)
    return weighed_first(reply, shown.data(), [HOW_MUCH, other.data(), True])



def _rents(provider: str, rental: Rental, hours: float) -> bool:
    """Whether `provider` rents `rental`'s setup for `hours` at a firm price."""
    rows = setup_prices(list(rental.gpu), rental.count, timedelta(hours=hours), whole_machines=bool(rental.count)).offered
    return any(r.provider.id == provider and not r.quotes[0].estimate for r in rows)


def _common(a: Rental, b: Rental, hours: float) -> str | None:
    """The provider renting both setups for `hours` at a firm price (an estimated band is no price to weigh
    first), the cheapest for `a`; else None (each at its own cheapest)."""
    span = timedelta(hours=hours)
    rows_a = setup_prices(list(a.gpu), a.count, span, whole_machines=bool(a.count)).offered
    rows_b = {r.provider.id for r in setup_prices(list(b.gpu), b.count, span, whole_machines=bool(b.count)).offered
              if not r.quotes[0].estimate}
    both = [r for r in rows_a if r.provider.id in rows_b and not r.quotes[0].estimate]
    if not both:
        return None
    return min(both, key=lambda x: Money(x.quotes[0].total_max, x.quotes[0].currency).to("USD").amount).provider.id
