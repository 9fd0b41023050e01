"""Prices of rentals, always through engine.billing.quote under the provider's own rules.

Why a thin layer: the wallet must charge exactly what the quote says (the cheapest mix of weekly
and monthly cycles at gpuli, the started minute at CloudGPU, 一万网络's monthly price), rounded
to the currency's minor units once, half up, as engine.money.Money.rounded prints prices. What a
plan holds and what its confirmation takes is the wallet rule's (bot/wallet/rental_rule.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal
from functools import lru_cache
from typing import TYPE_CHECKING

from bot.wallet.refusal import WalletError
from engine.billing import Quote, quote
from engine.catalog import gpus
from engine.money import Money
from engine.providers import Provider, provider

if TYPE_CHECKING:
    from bot.wallet.rental_rule import RentalRule

DEFAULT_JOB = timedelta(hours=8)  # seed 002: "跑 8 小时的任务，至少留这张卡 8 小时的费用再加缓冲"


@dataclass(frozen=True)
class Plan:
    """A rental as quoted: what is rented, and what it costs now.

    Prepaid: `price_minor` is charged at once for `bought_minutes`. Per-minute: `hold_minor` is the
    pre-authorization reserved now, `price_minor` the estimate for the job (`job_minutes`, or the
    default 8 hours) and `hourly` the list rate.
    """

    provider: str
    provider_name: str
    offer: str
    gpu: str
    num_gpus: int
    region: str | None
    billing: str
    currency: str
    requested_minutes: int | None
    bought_minutes: int | None
    price_minor: int
    hold_minor: int
    hourly: Decimal | None
    job_minutes: int | None
    cycles: tuple[tuple[str, int], ...]
    price_status: str

    @property
    def rule(self) -> RentalRule:
        from bot.wallet.rental_rule import rule_for  # lazy: the rules build their plans with this module

        return rule_for(self.billing)

    @property
    def per_minute(self) -> bool:
        """Billed by the running minute (the confirmation words it so)."""
        return self.rule.metered

    @property
    def estimate_mark(self) -> str:
        """"≈" before a price that only estimates a metered job (its minutes decide), nothing before a prepaid one."""
        return "≈" if self.rule.metered else ""

    @property
    def debit_minor(self) -> int:
        """What leaves the balance when the rental is confirmed (the price, or the hold: the rule's)."""
        return self.rule.debit_minor(self)


def money_minor(amount: Decimal, currency: str) -> int:
    return Money(amount, currency).rounded().minor


def gpu_id(name: str) -> str:
    """A catalog GPU id from a name ("4090", "a100 40g"); UnknownName (with suggestions) otherwise."""
    return gpus().get(name).id


def firm(q: Quote) -> Decimal:
    """The quote's total; a price band (e.g. ¥80,000–120,000) cannot be charged and is refused."""
    if q.total is None:
        raise WalletError("wallet.err.price_range", low=Money(q.total_min, q.currency).format(exact=True),
                          high=Money(q.total_max, q.currency).format(exact=True))
    return q.total


def plan_rental(provider_name: str, gpu: str, num_gpus: int, duration: timedelta | None,
                region: str | None = None) -> Plan:
    """Quote a rental under the provider's billing rules (engine errors pass through as they are)."""
    from bot.wallet.rental_rule import rule_of_provider  # lazy: the rules build their plans with this module

    p = provider(provider_name)
    return rule_of_provider(p).plan(p, gpu_id(gpu), num_gpus, duration, region)


def minutes_of(d: timedelta) -> int:
    """Whole minutes, rounded up."""
    return -(-int(d.total_seconds()) // 60)


@lru_cache(maxsize=4096)
def minute_cost_minor(provider_id: str, gpu: str, num_gpus: int, minutes: int) -> int:
    """Cost of `minutes` billed minutes at a per-minute provider (0 for 0), in minor units.

    Charges while a rental runs are cumulative (charge = cost(total so far) - already charged), so the
    cents rounded here never add up to more or less than the cost of the whole run.
    """
    if minutes <= 0:
        return 0
    p = provider(provider_id)
    return money_minor(firm(quote(p.id, gpu, num_gpus, timedelta(minutes=minutes))), p.currency)


@lru_cache(maxsize=1024)
def hourly_rate(provider_id: str, gpu: str, num_gpus: int) -> Decimal:
    """The list price of one hour (Decimal, major units), for runway and forecasts."""
    return firm(quote(provider_id, gpu, num_gpus, timedelta(hours=1)))


def provider_of(provider_id: str) -> Provider:
    return provider(provider_id)


def reminder_days(p: Provider) -> tuple[int, ...]:
    """Days before the end of a prepaid term to remind: the provider's schedule, or gpuli's 3 and 1
    (seed 000: "到期前 3 天与 1 天有邮件提醒") where a provider states none."""
    days = p.lifecycle.expiry_reminder_days or [3, 1]
    return tuple(sorted(set(days), reverse=True))
