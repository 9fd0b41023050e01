"""Two price answers of one message, set beside each other: which is cheaper (per card-hour, or in total
for the span asked), the difference between them, their total, and a price asked beside another answer.
Split from bot/core/price.py, which answers one price question; these only combine finished replies."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any, cast

from bot.core.cycle_end import part_ended
from bot.messages import Reply, Turn
from bot.text.i18n import t
from bot.understand.parser import Parsed
from bot.understand.standing import stands_alone
from bot.views.instances import instances_first
from bot.views.jobs_total import jobs_total_first
from bot.views.units_each import cards_at_provider_lead
from engine.money import Money
from engine.providers import provider

UNIT_HOURS = {"hour": 1, "week": 168, "month": 720}


def runs_led(answer: Callable[[Parsed], Reply], parts: list[Parsed],
             changed: Callable[[Parsed, Turn | None], Reply] | None = None) -> list[Reply]:
    """The answers to a message asked in parts, a part of separate runs ("跑 5 次每次 2 小时" beside the FAQ asked
    before) led by their total: the lead, then that part's answer and what followed it, as answers of their own.
    Money held is weighed on the whole count (bot.views.instances.unless_weighed), not here. A later part that
    only changes the one before it ("① … 一个月多少 ② 换成 4 卡 H100 贵多少") is answered by `changed`, against
    the turn of that part's answer."""
    out: list[Reply] = []
    before: Turn | None = None
    for i, part in enumerate(parts):
        of_before = bool(i and changed is not None and part.follow_up and not stands_alone(part))
        if of_before and changed is not None:
            reply = changed(part, before)
        else:
            reply = part_ended(part, parts[i - 1] if i else None, answer) or answer(part)  # "…周租租到哪天": the end date
        before = reply.turn or before
        lead = instances_first(reply, part) if part.cues.instances and not part.parts and not part.asks.held else reply
        rest, lead.also = (lead.also, []) if lead is not reply or of_before else ([], lead.also)
        out += [lead, *rest]
    return out


def cheaper_first(replies: list[Reply], lang: str, yes_no: bool = False, difference: bool = False) -> list[Reply]:
    """Price answers for setups compared ("which is cheaper: the 8x A100 box or the 8x H100 box"),
    the cheaper first under a line that says which: each compared on its leading row's (the named
    provider's) lowest rate per hour, on the high end of a band, in one currency. `yes_no` ("is the 8x H100 box
    cheaper than the 8x A100 one?", "h100 比 a100 便宜吗"): the line leads with yes or no for the setup named first.
    `difference` ("哪个便宜，一小时差多少"): the difference leads where one provider quotes both, naming the cheaper first."""
    if difference and len(replies) == 2 and len(shown := difference_first(replies, lang, cheaper_first=True)) > len(replies):
        return shown
    span = _one_span(replies)  # "which is cheaper for 10 hours": each setup's total for that length
    if span is None and (each := _each_option(replies, lang)):
        return each  # "gpuli 4090 weekly, or cloudgpu 3090 for ~20h?": each option's own total
    rated = [(r, _span_high(r) if span else _hourly_high(r)) for r in replies]
    if len(rated) < 2 or any(rate is None for _, rate in rated):
        return replies
    ordered = sorted(rated, key=lambda x: cast(Decimal, x[1]))
    best, rest = ordered[0][0], [r for r, _ in ordered[1:]]
    row = best.data["rows"][0]
    setup = t("sum.setup", lang, n=row["num_gpus"], gpu=row["gpu"])
    line = t("price.cheaper_one", lang, provider=row["provider"], setup=setup) if not span else t(
        "price.cheaper_span", lang, time=t(f"cost.dur.{span['unit']}", lang, n=span["n"]), provider=row["provider"],
        setup=setup, total=_total_said(row, lang), other=", ".join(_total_said(r.data["rows"][0], lang) for r in rest))
    if yes_no:
        line = t("price.cheaper_yes" if best is replies[0] else "price.cheaper_no", lang) + line.removeprefix("💡 ")
    verdict = Reply("error", lang, {"message": line}, turn=best.turn, buttons=best.buttons)
    more, best.also = best.also, []
    return [verdict, best, *more, *rest]


def difference_first(replies: list[Reply], lang: str, cheaper_first: bool = False, months: int | None = None) -> list[Reply]:
    """Two setups priced for one length ("4 卡 h100 跟 4 卡 a100 一个月差多少钱"): what the second costs
    more or less than the first at a provider that rents both at a firm price in one currency, leading;
    the prices follow; `cheaper_first` ("哪个便宜"): the cheaper of the two named first. The replies as they are
    when no provider quotes both."""
    firm, per = [firm_totals(r) for r in replies[:2]], ""
    if len(replies) >= 2 and not firm[0] and not firm[1]:
        firm = _firm_rates(replies[:2])  # "A100 80G vs A800 80G at cloudgpu, hourly difference": no length, its rate
        per = "rate"
    if len(replies) < 2 or not firm[0] or not firm[1]:
        return replies
    named = next((r.data.get("named") for r in replies[:2] if isinstance(r.data, dict) and r.data.get("named")), None)
    shared = [p for p in firm[0] if p in firm[1] and firm[0][p][1] == firm[1][p][1]]  # the provider named first
    common = next((p for p in shared if named and p == provider(str(named)).name), shared[0] if shared else None)
    if common is None:
        return replies
    (a, ca, sa), (b, _, sb) = firm[0][common], firm[1][common]
    yearly = _year_by_month(replies[:2], common, a, b, lang, months) if not per and sa == sb else None
    if yearly is not None:  # "租一年 月付和年付差多少": the year paid month by month against the year paid at once
        lead = Reply("error", lang, {"message": yearly}, turn=replies[0].turn, buttons=replies[0].buttons)
        more, replies[0].also = replies[0].also, []
        return [lead, replies[0], *more, *replies[1:]]
    if per:  # "1× A800 80GB PCIe at $1.09/h"
        (sa, unit), (sb, _) = sa.rsplit("/", 1), sb.rsplit("/", 1)
        per = "/" + unit
    if cheaper_first and b > a:  # "which one is cheaper?": the line names the cheaper one first
        (a, sa), (b, sb) = (b, sb), (a, sa)
    line = t("sum.cost_difference." + ("more" if b > a else "less"), lang, provider=common, a=sa, b=sb,
             pa=Money(a, ca).format(lang) + per, pb=Money(b, ca).format(lang) + per, diff=Money(abs(b - a), ca).format(lang))
    first = replies[0]
    lead = Reply("error", lang, {"message": line}, turn=first.turn, buttons=first.buttons)
    more, first.also = first.also, []
    return [lead, first, *more, *replies[1:]]


def total_first(replies: list[Reply], lang: str) -> list[Reply]:
    """Several rentals priced in one message, each for its own length ("cloudgpu 3090 跑 8 小时 + 4090 跑 3
    小时 一共多少", "一个月 4090 + 一周 a100 sxm 合计多少"): their sum at every provider that quotes each of
    them at a firm price in one currency (the named one first, as the first answer lists them), one line
    each, leading; the prices follow. The replies as they are when no provider quotes them all."""
    firm = [firm_totals(r) for r in replies]
    if len(replies) < 2 or not firm[0]:  # "a 72b box for a month and a 7b box for a week": each job's pick, summed
        return jobs_total_first(replies, lang)
    lines = []
    for where, (_, cur, _) in firm[0].items():
        parts = [f.get(where) for f in firm]
        if any(p is None or p[1] != cur for p in parts):
            continue
        amounts = [p[0] for p in parts if p is not None]
        lines.append(t("price.sum_total", lang, provider=where, parts=" + ".join(Money(a, cur).format(lang) for a in amounts),
                       total=Money(sum(amounts, Decimal(0)), cur).format(lang)))
    if not lines:
        return replies
    first = replies[0]
    named = first.turn is not None and first.turn.data.get("first")  # "cloudgpu 3090 … + 4090 …": there only
    lead = Reply("error", lang, {"message": "\n".join(lines[:1] if named else lines[:3])}, turn=first.turn, buttons=first.buttons)
    more, first.also = first.also, []
    return [lead, first, *more, *replies[1:]]


def fit_before_cost(replies: list[Reply], parsed: Parsed) -> list[Reply]:
    """A job's cost for a term on a card and whether the job fits that card, asked in one message ("how much is a 4090
    week on gpuli and does 7b qlora fit on it?", "gpuli 4090 周租多少，7b qlora 放得下吗"): the verdict leads and the
    cost follows it (a yes or no asked is never under the bill); `replies` unchanged for any other pair."""
    if len(replies) != 2 or len(parsed.parts) != 2 or [r.kind for r in replies] != ["cost", "sizing"]:
        return replies
    cost, fit = parsed.parts
    if cost.intent != "cost" or fit.intent != "size" or not fit.cues.fit or fit.request.gpu != cost.request.gpu:
        return replies
    return [replies[1], replies[0]]


def price_aside_first(replies: list[Reply], lang: str, parsed: Parsed | None = None) -> list[Reply]:
    """A job's answer (a plan against a deadline, a cost, a sizing: a table) and, asked beside it, a
    card's price for a term ("…下周一前能跑完吗？顺便问下周租多少"): the price in one line leads, so it is
    not lost under the table; the job's answer follows and the full price list after it. A fit asked beside the
    job's cost leads instead (fit_before_cost)."""
    if parsed is not None and (fit := fit_before_cost(replies, parsed)) is not replies:
        return fit
    if parsed is not None and (each := cards_at_provider_lead(replies, parsed, lang)) is not None:
        return [each, *replies]  # "CloudGPU hourly for A100 80G and A800 80G": each card's price there leads
    if len(replies) != 2 or replies[0].kind not in ("planning", "cost", "sizing") or replies[1].kind != "price":
        return replies
    data = replies[1].data if isinstance(replies[1].data, dict) else {}
    rows, duration = data.get("rows") or [], data.get("duration")
    if not rows or not duration:
        return replies
    prices = " · ".join(f"{row['provider']} {_total_text(row['quotes'][0]['total'], lang)}" for row in rows[:3])
    setup = t("sum.setup", lang, n=data["num_gpus"], gpu=data["gpu"]) if data.get("num_gpus") else data["gpu"]
    title = t("price.title_for", lang, setup=setup, dur=t("cost.dur." + duration["unit"], lang, n=duration["n"]))
    lead = Reply("error", lang, {"message": f"💰 {title}{'' if title.endswith('：') else ' '}{prices}"})
    lead.turn = replies[0].turn  # the job stays the turn: "那 4 卡 A100 呢" next is that job on those cards, priced
    if parsed is not None and len(parsed.parts) == 2 and replies[0].kind == "sizing" and parsed.parts[0].cues.fit \
            and (parsed.parts[1].request.gpu or parsed.parts[1].rental.gpu) == parsed.parts[0].request.gpu:
        # "…on one L40S at gpuli, fits? monthly?": the fit asked first leads, the card's term in one line after it
        more, replies[0].also = replies[0].also, []
        return [replies[0], *more, lead]
    return [lead, *replies]


def _total_text(total: dict[str, Any], lang: str) -> str:
    low, high = Money(Decimal(str(total["low"])), total["currency"]), Money(Decimal(str(total["high"])), total["currency"])
    return low.format(lang) if low.amount == high.amount else f"{low.format(lang)}–{high.format(lang)}"


def firm_totals(reply: Reply) -> dict[str, tuple[Decimal, str, str]]:
    """A price reply for one length: each provider's firm total, currency and setup, by provider name."""
    if reply.kind != "price" or not isinstance(reply.data, dict) or not reply.data.get("days"):
        return {}
    out = {}
    for row in reply.data.get("rows") or []:
        total = row["quotes"][0]["total"]
        if total["low"] == total["high"] and not row["quotes"][0]["estimate"]:
            setup = t("sum.setup", reply.lang, n=row["num_gpus"], gpu=row["gpu"])
            out[row["provider"]] = (Decimal(str(total["low"])), total["currency"], setup)
    return out


def _year_by_month(replies: list[Reply], where: str, a: Decimal, b: Decimal, lang: str, months: int | None = None) -> str | None:
    """One setup priced for a month and for a year (paid yearly): the year bought month by month (12 × the
    month; `months` × the month for a shorter span the user states), the year paid at once, and what the
    cheaper way saves; None for any other pair of lengths."""
    days = [r.data.get("days") for r in replies]
    if sorted(days, key=lambda d: float(d or 0)) != [30.0, 365.0]:
        return None
    month, year = (a, b) if days[0] == 30.0 else (b, a)
    row = next(x for x in replies[0].data["rows"] if x["provider"] == where)
    currency = row["quotes"][0]["total"]["currency"]
    setup = t("sum.setup", lang, n=row["num_gpus"], gpu=row["gpu"])
    monthly = month * (months or 12)
    cheaper = t("price.year_by_month." + ("yearly" if year <= monthly else "monthly"), lang)
    if months:  # "周期半年": the span's months paid one by one, against the whole year paid at once
        return t("price.span_by_month", lang, provider=where, setup=setup, n=months, month=Money(month, currency).format(lang),
                 monthly=Money(monthly, currency).format(lang), yearly=Money(year, currency).format(lang),
                 diff=Money(abs(monthly - year), currency).format(lang), cheaper=cheaper)
    return t("price.year_by_month", lang, provider=where, setup=setup,
             month=Money(month, currency).format(lang), monthly=Money(monthly, currency).format(lang),
             yearly=Money(year, currency).format(lang), diff=Money(abs(monthly - year), currency).format(lang), cheaper=cheaper)


def _firm_rates(replies: list[Reply]) -> list[dict[str, tuple[Decimal, str, str]]]:
    """Two price replies quoting no length: each one's firm rate by provider, per the first unit (hour, week,
    month) that both quote at that provider, the provider the first names leading ("$1.49/h", "₮369/month")."""
    quoted = [{row["provider"]: {q["unit"]: q for q in row["quotes"] if q["unit"] in UNIT_HOURS and not q["estimate"]
                                 and q["total"]["low"] == q["total"]["high"]} for row in r.data.get("rows") or []}
              if r.kind == "price" and isinstance(r.data, dict) else {} for r in replies]
    out: list[dict[str, tuple[Decimal, str, str]]] = [{}, {}]
    for where, units in quoted[0].items():
        unit = next((u for u in units if u in quoted[1].get(where, {})), None)
        if unit is None:
            continue
        for n, r in enumerate(replies):
            q = quoted[n][where][unit]
            row = next(x for x in r.data["rows"] if x["provider"] == where)
            setup = t("sum.setup", r.lang, n=row["num_gpus"], gpu=row["gpu"])
            out[n][where] = (Decimal(str(q["total"]["low"])), q["total"]["currency"], f"{setup}/{t('unit.' + unit, r.lang)}")
    return out


def _one_span(replies: list[Reply]) -> dict[str, str] | None:
    """The length every price reply quotes as one period ("10 小时", "2 weeks"), the same for all; None otherwise."""
    spans = [r.data.get("duration") if r.kind == "price" and isinstance(r.data, dict) and r.data.get("rows") and all(
        q["unit"] == "period" for q in r.data["rows"][0]["quotes"][:1]) else None for r in replies]
    return spans[0] if spans and spans[0] and all(x == spans[0] for x in spans) else None


def _span_high(reply: Reply) -> Decimal:
    """The leading row's total for the period quoted (high end, in US dollars)."""
    total = reply.data["rows"][0]["quotes"][0]["total"]
    return Money(Decimal(str(total["high"])), total["currency"]).to("USD").amount


def _total_said(row: dict[str, Any], lang: str) -> str:
    total = row["quotes"][0]["total"]
    low, high = (Money(Decimal(str(total[k])), total["currency"]).format(lang) for k in ("low", "high"))
    return low if low == high else f"{low}–{high}"


def _hourly_high(reply: Reply) -> Decimal | None:
    """The lowest price per hour of the reply's leading row (high end, in US dollars), None for a
    reply that is no price list."""
    rows = reply.data.get("rows") if reply.kind == "price" and isinstance(reply.data, dict) else None
    if not rows:
        return None
    rates = [Money(Decimal(str(q["total"]["high"])), q["total"]["currency"]).to("USD").amount / UNIT_HOURS[q["unit"]]
             for q in rows[0]["quotes"] if q["unit"] in UNIT_HOURS]
    return min(rates) if rates else None


def _each_option(replies: list[Reply], lang: str) -> list[Reply]:
    """Options named each with its own length ("gpuli 4090 weekly, or cloudgpu 3090 for ~20h?"; a job's cost on each,
    bot.understand.options_named): the cheaper total leads, each in its own currency, compared in US dollars at the
    band's high end; [] unless every reply is a price or a job's cost quoting a total for a stated length."""
    said = [_option_total(r, lang) for r in replies]
    if len(said) < 2 or any(s is None for s in said):
        return []
    ranked = sorted(zip(replies, cast(list[tuple[Decimal, str, str, str]], said), strict=True), key=lambda x: x[1][0])
    (best, (_, where, setup, total)), rest = ranked[0], ranked[1:]
    comma, semicolon = ("，", "；") if lang == "zh" else (", ", "; ")
    other = semicolon.join(f"{w} {s}{comma}{tot}" for _, (_, w, s, tot) in rest)
    verdict = Reply("error", lang, {"message": t("price.cheaper_each", lang, provider=where, setup=setup, total=total, other=other)},
                    turn=best.turn, buttons=best.buttons)
    more, best.also = best.also, []
    return [verdict, best, *more, *(r for r, _ in rest)]


def _option_total(reply: Reply, lang: str) -> tuple[Decimal, str, str, str] | None:
    """One option's total for its own length: (high end in US dollars, provider, setup, "1 week ₮109"), or None."""
    data = reply.data if isinstance(reply.data, dict) else {}
    view = data.get("v") if reply.kind == "cost" else None
    if isinstance(view, dict) and isinstance(view.get("pick"), dict) and isinstance(view.get("stated"), dict):
        pick, span = view["pick"], view["stated"]
        low, high, currency, where, n, gpu = pick["total_min"], pick["total_max"], pick["currency"], pick["provider_name"], \
            pick["num_gpus"], pick["name"]
    elif reply.kind == "price" and data.get("rows") and isinstance(data.get("duration"), dict) and data["rows"][0]["quotes"]:
        row, span = data["rows"][0], data["duration"]
        total = row["quotes"][0]["total"]
        low, high, currency, where, n, gpu = total["low"], total["high"], total["currency"], row["provider"], row["num_gpus"], row["gpu"]
    else:
        return None
    low_said, high_said = (Money(Decimal(str(x)), currency).format(lang) for x in (low, high))
    time = t(f"cost.dur.{span['unit']}", lang, n=span["n"])
    return (Money(Decimal(str(high)), currency).to("USD").amount, where, t("sum.setup", lang, n=n, gpu=gpu),
            f"{time} {low_said if low_said == high_said else f'{low_said}–{high_said}'}")
