"""A budget against a bundle of rentals kept together ("monthly budget 1000 USDT" then "can we keep a 4090 and an
L40S both on monthly rentals at gpuli?", "预算 ₮1000，4090 和 L40S 各租一个月，超不超"): the verdict on their sum
leads, with the total and each card's part; each card's price list follows.

Why: each card was judged alone (or not at all), so a bundle over the money (seed 000: ₮369 + ₮649 = ₮1,018
against ₮1,000) read as within it. The provider is the one named, else the one the budget's currency names
(bot.core.budget_home), else the cheapest that quotes every card firmly.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

from bot.core.budget_home import REFERENCE, home_said
from bot.core.jobs_follow import remember
from bot.core.price_pairs import firm_totals
from bot.messages import Reply
from bot.text.i18n import t
from bot.understand.parser import Parsed
from engine.money import Money
from engine.providers import providers


def bundled(parsed: Parsed) -> bool:
    """Several cards asked for a price together, under a budget (stated with them or kept from before); or several
    jobs rented at one provider named ("budget ₮1000 a month: 14b lora + 7b qlora both on gpuli")."""
    if parsed.asks.budget is None or len(parsed.parts) < 2:
        return False
    if all(p.intent == "price" for p in parsed.parts):
        return True
    first = parsed.parts[0]
    # several jobs for one span, at one provider or wherever each is cheapest ("预算 ₮1000 一个月 14b lora 和 7b qlora")
    return all(p.intent == "cost" for p in parsed.parts) and (len({p.rental.provider for p in parsed.parts} - {None}) == 1 or all(
        p.rental == first.rental for p in parsed.parts))


def unbudgeted(parts: list[Parsed]) -> list[Parsed]:
    """Each card priced alone, without a verdict of its own: the budget is judged against their sum."""
    return [replace(p, asks=replace(p.asks, budget=None, affords=False, enough=False)) for p in parts]


def bundle_first(replies: list[Reply], parsed: Parsed, lang: str) -> list[Reply]:
    """The verdict on the bundle's sum, leading; the replies as they are when no provider quotes every card firmly."""
    if replies:
        remember(replies[0], parsed)  # "那 14b 也换 qlora 呢" next changes one of the jobs, weighed with the others again
    if all(r.kind == "cost" for r in replies):
        return jobs_first(replies, parsed, lang)
    firm = [firm_totals(r) for r in replies]
    if parsed.asks.budget is None or len(replies) < 2 or not all(firm):
        return replies
    common = [name for name in firm[0] if all(name in f and f[name][1] == firm[0][name][1] for f in firm)]
    if not common:
        return replies
    amount, cur = parsed.asks.budget
    by_name = {p.name: p for p in providers().entries}
    named = replies[0].turn.data.get("first") if replies[0].turn is not None else None
    home = next((n for n in common if cur not in (None, REFERENCE) and by_name[n].currency == cur
                 and sum(1 for p in providers().entries if p.currency == cur) == 1), None)
    where = next((n for n in common if by_name[n].id == named), None) or home
    if where is None:
        where = min(common, key=lambda n: Money(sum((f[n][0] for f in firm), Decimal(0)), firm[0][n][1]).to(REFERENCE).amount)
    currency = firm[0][where][1]
    budget = Money(Decimal(amount), cur or currency)
    total = Money(sum((f[where][0] for f in firm), Decimal(0)), currency)
    in_budget = total.to(budget.currency)
    shown = in_budget.rounded() if currency == budget.currency else in_budget.approx()
    approx = "" if currency == budget.currency else t("plan.budget_approx", lang, converted=shown.format(lang))
    parts = " + ".join(f"{f[where][2]} {Money(f[where][0], currency).format(lang)}" for f in firm)
    over = in_budget.amount > budget.amount
    gap = (shown - budget) if over else (budget - shown)
    message = t("plan.bundle_over" if over else "plan.bundle_within", lang, budget=budget.format(lang), provider=where,
                parts=parts, total=total.format(lang), approx=approx, gap=gap.format(lang))
    lead = Reply("error", lang, {"message": message}, turn=replies[0].turn, buttons=replies[0].buttons)
    if home == where and where != next((n for n in common if by_name[n].id == named), None):
        lead = home_said(lead, by_name[where].id, lang)
    more, replies[0].also = replies[0].also, []
    return [lead, replies[0], *more, *replies[1:]]


def _pick(reply: Reply, key: str) -> tuple[Decimal, str, str] | None:
    """A job's cost reply: its cheapest safe setup ("pick") or the reference table's card at the same provider
    ("table_span"), as (total, currency, setup); None when it has none or only a band."""
    v = reply.data.get("v") if isinstance(reply.data, dict) else None
    row = v.get(key) if isinstance(v, dict) else None
    if not isinstance(row, dict):
        return None
    if key == "pick":
        low, high, currency = row.get("total_min"), row.get("total_max"), row.get("currency")
    else:
        low, high, currency = row["total"]["low"], row["total"]["high"], row["total"]["currency"]
    if low is None or low != high:
        return None
    setup = t("sum.setup", reply.lang, n=row.get("num_gpus") or 1, gpu=row.get("name"))
    return Decimal(str(high)), str(currency), setup


def _summed(picks: list[tuple[Decimal, str, str]], budget: Money, lang: str) -> tuple[str, Money, bool, Money]:
    """The parts ("1× L40S ₮649 + 1× RTX 4090 ₮369"), their total, whether it is over the budget and by how much (or
    what is left)."""
    currency = picks[0][1]
    total = Money(sum((p[0] for p in picks), Decimal(0)), currency)
    parts = " + ".join(f"{setup} {Money(amount, currency).format(lang)}" for amount, _, setup in picks)
    in_budget = total.to(budget.currency)
    over = in_budget.amount > budget.amount
    return parts, total, over, (in_budget - budget) if over else (budget - in_budget)


def jobs_first(replies: list[Reply], parsed: Parsed, lang: str) -> list[Reply]:
    """Several jobs under one budget at one provider: the sum of each job's cheapest safe setup leads, judged against
    the money, and beside it the sum on the reference tables' cards when they differ (seed 000: a 14B LoRA's L40S ₮649
    and a 7B QLoRA's 4090 ₮369 come to ₮1,018, ₮18 over ₮1,000); the replies as they are when a job has no firm price."""
    picks = [_pick(r, "pick") for r in replies]
    if parsed.asks.budget is None or not all(picks) or len({p[1] for p in picks if p}) != 1:
        return replies
    amount, cur = parsed.asks.budget
    safe = [p for p in picks if p]
    budget = Money(Decimal(amount), cur or safe[0][1])
    parts, total, over, gap = _summed(safe, budget, lang)
    lines = [t("plan.jobs_over" if over else "plan.jobs_within", lang, budget=budget.format(lang), n=len(safe),
               parts=parts, total=total.format(lang), gap=gap.format(lang))]
    tables = [_pick(r, "table_span") or p for r, p in zip(replies, safe, strict=True)]
    if len({p[1] for p in tables if p}) == 1 and [p[2] for p in tables if p] != [p[2] for p in safe]:
        parts, total, over, gap = _summed([p for p in tables if p], budget, lang)
        lines.append(t("plan.jobs_table_over" if over else "plan.jobs_table_within", lang, parts=parts,
                       total=total.format(lang), gap=gap.format(lang)))
    lead = Reply("error", lang, {"message": "\n".join(lines)}, turn=replies[0].turn, buttons=replies[0].buttons)
    more, replies[0].also = replies[0].also, []
    # several runs of one job: its answer once
    return [lead, replies[0], *more, *(r for i, r in enumerate(replies[1:], 1) if all(r.data != e.data for e in replies[:i]))]
