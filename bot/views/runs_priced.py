"""A plan of several runs priced in one compact answer: their total first (and the budget's verdict when a budget in
the same currency is given), then one short line per run: its card, the unit price times the units bought.

Why its own view: each run answered as a whole cost reply (its header, alternatives, notes and price dates) made a
four-run ablation thirty lines long with no total anywhere, the sum a team asked for. Each run is shown on the card
the seed's reference table gives for that size at that provider (its price there, when the table names one), else on
the cheapest safe pick of the run's own answer. The runs stay with the turn (`together`) so a total, a new length or
"each for two weeks" asked next is answered against all of them (bot.core.jobs_totalled)."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Any

from bot.messages import Reply
from bot.text.i18n import t
from bot.understand.runs_shared import distinct_jobs, is_run
from bot.views.runs_one_currency import one_provider, total_line
from engine.money import Money

if TYPE_CHECKING:
    from bot.understand.parser import Parsed

MOST_RUNS = 8  # one line each: beyond this the answer is no longer short


def _label(v: dict[str, Any], lang: str) -> str:
    params = v.get("params")
    who = f"{Decimal(str(params)) / Decimal(10**9):g}B" if v.get("bare_size") and params else str(v.get("model") or "")
    return f"{who} {t('method.' + str(v.get('method')), lang)}"


def _cycles(pick: dict[str, Any], total: Decimal, lang: str) -> str:
    """"₮109/周 × 1", "$0.21/h × 720 h": the unit price times the units, where one kind of unit was bought."""
    cycles = [c for c in pick.get("cycles") or [] if isinstance(c, dict) and c.get("count")]
    if len(cycles) != 1:
        return ""
    kind, count = str(cycles[0]["kind"]), Decimal(str(cycles[0]["count"]))
    hours = count / 60 if kind == "minute" else count if kind.startswith("minute") or kind == "hour" else None
    unit = "hour" if hours is not None else kind
    each = total / (hours if hours is not None else count)
    return t("runs.units", lang, price=Money(each, str(pick["currency"])).format(lang), unit=t("runs.unit." + unit, lang),
             n=f"{(hours if hours is not None else count).normalize():f}")


def _seed_units(seed: Any, name: str, count: int, pick: dict[str, Any], total: Decimal, lang: str) -> str:
    """The seed card's unit price times the units making `total` ("₮189/周 × 2"), read from the seed's own prices
    at the pick's provider (the pick's cycles are another card's: a month of four cards for a week of one); "" when
    no unit of its makes the total whole."""
    if not isinstance(seed, dict) or int(seed.get("num_gpus") or 1) != count or not str(seed.get("name", "")).endswith(name):
        return ""
    own = next((p for p in seed.get("prices") or [] if isinstance(p, dict) and not p.get("card")
                and p.get("provider") == pick.get("provider_name")), None)
    units = {u.get("unit"): u.get("total") or {} for u in (own or {}).get("units") or [] if isinstance(u, dict)}
    for unit in ("month", "week", "day", "hour"):
        price = units.get(unit) or {}
        if price.get("low") is None or price.get("low") != price.get("high") or Decimal(str(price["high"])) <= 0:
            continue
        n = total / Decimal(str(price["high"]))
        if n == n.to_integral_value() and n >= 1:
            return t("runs.units", lang, price=Money(Decimal(str(price["high"])), str(pick["currency"])).format(lang),
                     unit=t("runs.unit." + unit, lang), n=f"{n.normalize():f}")
    return ""


# the run's line, its total as shown, its total on the seed's card, the currency, whether it shows the safe pick
Row = tuple[str, Decimal, Decimal, str, bool]


def _row(reply: Reply, lang: str) -> Row | None:
    """One run: its line (the cheapest safe pick, and the seed's card beside it when that is another), its totals
    and currency; None when neither has a firm price. Where the pick is only a band, the seed's card is the run's."""
    v = reply.data.get("v") if reply.kind == "cost" and isinstance(reply.data, dict) else None
    pick = v.get("pick") if isinstance(v, dict) else None
    if not isinstance(v, dict) or not isinstance(pick, dict) or not pick.get("currency"):
        return None
    currency, provider = str(pick["currency"]), pick.get("provider_name") or pick.get("provider")
    # the table's card for a LoRA / QLoRA size, else the seed's minimum setup for a full fine-tune
    span = v.get("table_span") or v.get("seed_span")
    seed = None
    if isinstance(span, dict) and span.get("provider") in (pick.get("provider"), provider) and isinstance(span.get("total"), dict) \
            and span["total"].get("low") == span["total"].get("high") and span["total"].get("currency") == currency:
        name, count, total = str(span["name"]), int(span.get("num_gpus") or 1), Decimal(str(span["total"]["high"]))
        seed = (t("sum.setup", lang, n=count, gpu=name) + (t("runs.eight_bit", lang) if span.get("eight_bit") else ""),
                _seed_units(v.get("seed"), name, count, pick, total, lang), total,
                float(span.get("high_gb") or 0) > float(span.get("memory_gb") or 0))
    firm = pick.get("total_max") is not None and pick.get("total_min") == pick.get("total_max")
    if firm:
        total = Decimal(str(pick["total_max"]))
        setup = t("sum.setup", lang, n=int(pick.get("num_gpus") or 1), gpu=str(pick["name"])) \
            + (t("runs.eight_bit", lang) if v.get("pick_8bit") else "")
        line = t("runs.line", lang, job=_label(v, lang), provider=provider, setup=setup, units=_cycles(pick, total, lang),
                 total=Money(total, currency).format(lang))
        if seed is not None:
            line += t("runs.seed_card", lang, setup=seed[0], total=Money(seed[2], currency).format(lang)) \
                + (t("runs.tight", lang) if seed[3] else "")
        return line, total, seed[2] if seed is not None else total, currency, True
    if seed is None:
        return None  # a band is no figure to add up
    line = t("runs.line", lang, job=_label(v, lang), provider=provider, setup=seed[0], units=seed[1],
             total=Money(seed[2], currency).format(lang)) + (t("runs.tight", lang) if seed[3] else "")
    return line, seed[2], seed[2], currency, False


def _sum_line(key: str, rows: list[Row], at: int, lang: str, difference: bool = False) -> str:
    """"₮109 + ₮224 = ₮333": the runs' totals (`at`: as shown, or on the seed's cards) and their sum (or, asked, the
    difference of two), in one currency (bot.views.runs_one_currency)."""
    return total_line(key, len(rows), [(r[2] if at == 2 else r[1], r[3]) for r in rows], lang, difference)


def _at_one_provider(costs: list[Reply], rows: list[Row], lang: str) -> tuple[list[Row], str | None]:
    """The runs shown at one provider when their own picks bill in several currencies and one provider prices them
    all; `rows` and None as they are otherwise (the provider's name when moved)."""
    if len({r[3] for r in rows}) < 2:
        return rows, None
    common = one_provider(costs)
    if common is None:
        return rows, None
    moved = []
    for reply, pick in zip(costs, common, strict=True):
        v = reply.data["v"]
        same = pick is v.get("pick")
        moved.append(_row(Reply(reply.kind, reply.lang, {"v": {**v, "pick": pick, "pick_8bit": v.get("pick_8bit") and same}}), lang))
    if any(r is None for r in moved):
        return rows, None
    return [r for r in moved if r is not None], str(common[0].get("provider_name") or common[0].get("provider"))


def runs_in_one(replies: list[Reply], parsed: Parsed, lang: str, weighed: bool = False) -> list[Reply]:
    """The answers to a plan of runs (`parsed.parts`, each a job's cost) as one reply: the total, then a line per
    run; `replies` unchanged unless every part is a run priced at a firm price. A plan under a budget is left to the
    budget's reader (bot.core.bundle_budget), whose verdict then leads here (`weighed`): its lines, then one per run."""
    runs = len(parsed.parts)
    if not 2 <= runs <= MOST_RUNS or not all(is_run(p) and p.intent == "cost" for p in parsed.parts) \
            or (parsed.asks.budget is not None) != weighed or not distinct_jobs(parsed.parts):  # one job's options: each priced
        return replies
    verdict = replies[0] if weighed and replies and replies[0].kind != "cost" and not replies[0].also else None
    costs, notes = [], []
    for r in replies[1:] if verdict is not None else replies:  # a run's cost under a note of its own ("💱 EUR 500: no
        led = r.kind != "cost" and len(r.also) == 1 and r.also[0].kind == "cost"  # rate kept") is that run's
        costs.append(r.also[0] if led else r)
        if led:
            notes.append(Reply(r.kind, r.lang, r.data))
    found = [_row(r, lang) for r in costs]
    rows = [r for r in found if r is not None]
    if len(costs) != runs or len(rows) != runs or (weighed and verdict is None):
        return replies
    rows, provider = _at_one_provider(costs, rows, lang)
    key = "runs.total" if all(r[4] for r in rows) and provider is None else "runs.total_plain"  # a band priced on the seed's card instead
    difference = parsed.asks.difference and runs == 2
    lead = [str(verdict.data.get("message"))] if verdict is not None else [_sum_line(key, rows, 1, lang, difference)]
    if provider is not None:
        lead.append(t("runs.one_provider", lang, provider=provider))
    if verdict is None and any(r[1] != r[2] for r in rows):  # the seed's cards cost another sum: said under it
        lead.append(_sum_line("runs.total_seed", rows, 2, lang, difference))
    lines = [*lead, *(f"{i}) {r[0]}" for i, r in enumerate(rows, 1))]
    first = costs[0]
    turn = first.turn
    if turn is not None:  # every run kept, for "total?", "包月呢", "each for two weeks?" next
        turn.data["runs"] = True
        turn.data["together"] = [{"kind": r.turn.kind, "data": {k: x for k, x in r.turn.data.items() if k not in ("together", "options", "runs")}}
                                 for r in costs if r.turn is not None]
    also = [*notes, *(a for r in costs for a in r.also if a.kind != "cost")]
    return [Reply("error", lang, {"message": "\n".join(lines)}, turn=turn, buttons=first.buttons, also=also)]
