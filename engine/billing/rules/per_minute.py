"""Per-minute billing with a hold (CloudGPU, seed 002): cost = ceil(minutes) × hourly / 60, at least
the minimum; the ~2 boot minutes are not billed (the duration quoted is the running time after
boot); one hour is pre-authorized while running; a balance at zero destroys the instance.
In the wallet this is a metered rental against a hold (bot/wallet/metered.py)."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from typing import TYPE_CHECKING

from engine.billing.lines import US_PER_MINUTE, Amount, Billed, CycleLine, Note, q6
from engine.billing.rules import BillingRule

if TYPE_CHECKING:
    from engine.providers import Billing, Offer, Provider

SHORTEST = timedelta(hours=1)  # the smallest price column is one hour, and one hour is pre-authorized


class PerMinute(BillingRule):
    model = "per_minute"
    account = "per_minute"
    metered = True

    def check(self, b: Billing) -> None:
        if b.rounding is None or b.minimum_minutes is None:
            raise ValueError("per-minute billing needs rounding and minimum_minutes")

    def price_columns(self, b: Billing) -> set[str]:
        return {"hour"}

    def units(self, p: Provider) -> list[timedelta]:
        return [SHORTEST]

    def shortest(self, p: Provider, offer: Offer) -> timedelta:
        return SHORTEST

    def bill(self, p: Provider, offer: Offer, instances: int, need_us: int, repeat_purchase: bool,
             notes: list[Note]) -> Billed:
        """ceil(minutes), at least the minimum, × hourly / 60 (seed 002's cost formula)."""
        hourly = offer.prices["hour"]
        needed_minutes = Decimal(need_us) / US_PER_MINUTE
        billed = max(-(-need_us // US_PER_MINUTE), p.billing.minimum_minutes or 0)
        unit = Amount(q6(hourly.low / 60), q6(hourly.high / 60))
        amount = Amount(q6(hourly.low * billed / 60), q6(hourly.high * billed / 60))
        notes.append(Note("per_minute_rounding", {"needed_minutes": q6(needed_minutes), "billed_minutes": billed}))
        if billed == p.billing.minimum_minutes and need_us < billed * US_PER_MINUTE:
            notes.append(Note("minimum_minutes", {"minutes": billed}))
        if p.billing.boot_minutes and not p.billing.boot_billed:
            notes.append(Note("boot_not_billed", {"boot_minutes": p.billing.boot_minutes}))
        if p.billing.preauthorization_hours:
            hold = hourly.high * p.billing.preauthorization_hours
            notes.append(Note("preauthorization", {"hours": p.billing.preauthorization_hours, "hold": hold,
                                                   "min_balance": amount.high + hold}))
        if repeat_purchase:  # a per-minute price has no repeat-purchase discount
            notes.append(Note("repeat_purchase_not_applicable", {"provider": p.id, "offer": offer.id}))
        if p.billing.destroy_on_zero_balance:
            notes.append(Note("destroyed_at_zero_balance"))
        if not p.billing.persistence_across_instances:
            notes.append(Note("no_persistent_storage"))
        return Billed((CycleLine("minute", billed, 1, unit, amount),), (), billed * US_PER_MINUTE)


RULE = PerMinute()
