"""Budgets of a month (or of a week: Budget.span): spend so far, the period's forecast, which thresholds are crossed.

Why both actual and forecast: a team at 40% of its budget on the 5th with eight H100s running will
pass 100% long before the month ends; the forecast warns while there is still time to act.

- spend: charges less refunds dated in the calendar month (the wallet's timezone), plus minutes a
  running per-minute rental has used but the meter has not charged yet. Pre-authorizations are
  holds, not spend.
- forecast: spend, plus what the current burn costs if it goes on to the month's end: each running
  per-minute rental at its hourly price until then, and each active prepaid rental at its price per
  day of its term from the end of the paid time to the month's end (as if renewed).
- a budget in one currency compares spend in another at the catalog's comparison rate
  (engine.money.Money.to); the reply says so.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import ROUND_HALF_UP, Decimal

from bot.store import budgets as budget_store
from bot.store import ledger, rentals
from bot.store.budgets import Budget
from bot.store.connection import Store
from bot.store.wallets import accounts
from bot.wallet.refusal import WalletError
from bot.wallet.rental_rule import rule_for
from bot.wallet.times import period_bounds
from engine.money import Money

DEFAULT_THRESHOLDS: tuple[int, ...] = (50, 80, 100)


@dataclass(frozen=True)
class Status:
    """A wallet's month against its budget (amounts in the budget's currency)."""

    budget: Budget
    month: str
    month_end: datetime
    spent: Decimal
    forecast: Decimal
    converted: bool  # some spend was converted from another currency
    by_currency: dict[str, int]  # spend in each account currency, minor units

    @property
    def limit(self) -> Decimal:
        return Money.from_minor(self.budget.amount_minor, self.budget.currency).amount

    @property
    def spent_pct(self) -> Decimal:
        return (self.spent / self.limit * 100).quantize(Decimal("0.1"), ROUND_HALF_UP)

    @property
    def forecast_pct(self) -> Decimal:
        return (self.forecast / self.limit * 100).quantize(Decimal("0.1"), ROUND_HALF_UP)


def parse_thresholds(text: str) -> tuple[int, ...]:
    """"50,80,100" -> (50, 80, 100): whole percentages between 1 and 1000, sorted, no repeats."""
    parts = [p for p in text.replace("，", ",").replace("%", "").split(",") if p.strip()]
    try:
        values = sorted({int(p.strip()) for p in parts})
    except ValueError as exc:
        raise WalletError("wallet.err.bad_thresholds", value=text) from exc
    if not values or values[0] < 1 or values[-1] > 1000 or len(values) > 10:
        raise WalletError("wallet.err.bad_thresholds", value=text)
    return tuple(values)


def month_spend(store: Store, wallet_id: int, start: datetime, end: datetime, now: datetime) -> dict[str, int]:
    """Spend per currency in [start, end), minor units, including minutes used and not yet charged."""
    accts = accounts(store, wallet_id)
    spent = ledger.spend_between(store, [a.id for a in accts], start, end)
    out: dict[str, int] = {}
    for a in accts:
        out[a.currency] = out.get(a.currency, 0) + spent.get(a.id, 0)
    if start <= now < end:
        for r in rentals.active_of_accounts(store, [a.id for a in accts]):
            unbilled = rule_for(r.billing).unbilled_minor(r, now)  # metered minutes used, not yet charged
            if unbilled is not None:
                cur = next(a.currency for a in accts if a.id == r.account_id)
                out[cur] = out.get(cur, 0) + unbilled
    return out


def burn_to(store: Store, wallet_id: int, now: datetime, end: datetime) -> dict[str, Decimal]:
    """What the rentals running now cost from `now` to `end` if they go on (major units per currency)."""
    accts = accounts(store, wallet_id)
    currency_of = {a.id: a.currency for a in accts}
    out: dict[str, Decimal] = {}
    for r in rentals.active_of_accounts(store, list(currency_of)):
        cur = currency_of[r.account_id]
        amount = rule_for(r.billing).burn(r, cur, now, end)
        if amount is not None:
            out[cur] = out.get(cur, Decimal(0)) + amount
    return out


def status(store: Store, b: Budget, tz: str, now: datetime) -> Status:
    start, end, label = period_bounds(now, tz, b.span)
    spent_by = month_spend(store, b.wallet_id, start, end, now)
    burn = burn_to(store, b.wallet_id, now, end)
    converted = any(cur != b.currency and (v or burn.get(cur)) for cur, v in spent_by.items()) or any(
        cur != b.currency and v for cur, v in burn.items())
    spent = sum((Money.from_minor(v, cur).to(b.currency) for cur, v in spent_by.items()), Money.zero(b.currency))
    future = sum((Money(v, cur).to(b.currency) for cur, v in burn.items()), Money.zero(b.currency))
    return Status(b, label, end, spent.rounded().amount, (spent + future).rounded().amount, converted, spent_by)


@dataclass(frozen=True)
class Crossing:
    kind: str  # budget_actual | budget_forecast
    threshold: int
    status: Status


def evaluate(store: Store, b: Budget, tz: str, now: datetime) -> tuple[list[Crossing], Status, str, int, int]:
    """Thresholds newly crossed this period; (crossings, status, period, fired_actual, fired_forecast).

    Each threshold fires once per period; a period is the month plus the budget's epoch, which a new
    budget or a top-up advances (re-arming every threshold). When several thresholds are crossed at
    once only the highest is reported. A forecast alert is only for thresholds spend has not reached.
    """
    st = status(store, b, tz, now)
    period = f"{st.month}#{b.epoch}"
    fired_a, fired_f = (b.fired_actual, b.fired_forecast) if b.period == period else (0, 0)
    out: list[Crossing] = []
    crossed = [t for t in b.thresholds if st.spent_pct >= t]
    if crossed and max(crossed) > fired_a:
        fired_a = max(crossed)
        out.append(Crossing("budget_actual", fired_a, st))
    ahead = [t for t in b.thresholds if st.forecast_pct >= t and t > fired_a]
    if ahead and max(ahead) > fired_f:
        fired_f = max(ahead)
        out.append(Crossing("budget_forecast", fired_f, st))
    return out, st, period, fired_a, fired_f


def record(store: Store, b: Budget, period: str, fired_a: int, fired_f: int, month_end: datetime) -> None:
    """Remember what fired; look again when the month turns (spend changes mark it sooner)."""
    budget_store.record_check(store, b.wallet_id, period=period, fired_actual=fired_a, fired_forecast=fired_f,
                              check_at=month_end)
