"""One billing rule per billing model: how a provider's time is bought, in one module each.

Why one interface: quoting (engine.billing), the cost report's start-up minutes and shortest rental
(engine.cost), the price listing's units (engine.price_list), the price-list import's columns
(engine.price_import), the catalog check (engine.providers) and, through `account`, the wallet's
rent / meter / stop / renew, the sweeper, the budget forecast and the display all ask the rule of a
provider's `billing.model`, so no code outside the rule modules branches on the model. A provider
with an existing model is a YAML file; a new model is a new module here that defines `RULE` (found
by name, nothing to register), plus a wallet rule only if its money moves in a new way.
"""

from __future__ import annotations

import importlib
import pkgutil
from datetime import timedelta
from functools import cache
from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from engine.billing.lines import Billed, Note
    from engine.providers import Billing, Offer, Provider

# How the wallet holds a rental of the model (bot/wallet/rental_rule.py): paid up front for a term,
# or metered by the minute against a pre-authorization. These are the values stored in rentals.billing.
Account = str  # "cycles" | "per_minute" today; a new wallet kind is a new bot/wallet rule module


class BillingRule:
    """The questions every part of KaSuan asks about a billing model."""

    model: ClassVar[str]  # the catalog's billing.model
    account: ClassVar[Account]
    metered: ClassVar[bool]  # billed by the running minute (the reply says "per hour, by the minute")

    def check(self, b: Billing) -> None:
        """Refuse (ValueError) a billing block this model cannot price."""

    def price_columns(self, b: Billing) -> set[str]:
        """The price keys an offer of this model lists (and a price-list import may set)."""
        raise NotImplementedError

    def bill(self, p: Provider, offer: Offer, instances: int, need_us: int, repeat_purchase: bool,
             notes: list[Note]) -> Billed:
        """The cheapest way to buy `need_us` microseconds of `offer` × `instances` (notes appended)."""
        raise NotImplementedError

    def units(self, p: Provider) -> list[timedelta]:
        """The rental units a price listing shows (no duration asked)."""
        raise NotImplementedError

    def shortest(self, p: Provider, offer: Offer) -> timedelta:
        """The least one can buy of `offer` (a job of unknown length is priced for this)."""
        raise NotImplementedError

    def unbooted_start_minutes(self, p: Provider) -> int:
        """Start-up minutes billed when the catalog states no boot time."""
        return 0

    def billed_boot_minutes(self, p: Provider) -> int:
        """Start-up minutes the bill covers before training starts."""
        b = p.billing
        if not b.boot_billed:
            return 0
        if b.boot_minutes is not None:
            return b.boot_minutes
        return self.unbooted_start_minutes(p)


@cache
def rules() -> dict[str, BillingRule]:
    """Every rule module in this package, by the model it prices."""
    found: dict[str, BillingRule] = {}
    for info in pkgutil.iter_modules(__path__):
        rule = getattr(importlib.import_module(f"{__name__}.{info.name}"), "RULE", None)
        if isinstance(rule, BillingRule):
            found[rule.model] = rule
    return found


def rule_named(model: str) -> BillingRule:
    """The rule of billing model `model`; ValueError (a catalog error) for a model no module prices."""
    found = rules().get(model)
    if found is None:
        raise ValueError(f"unknown billing model '{model}' (known: {sorted(rules())})")
    return found


def rule_of(p: Provider) -> BillingRule:
    return rule_named(p.billing.model)


__all__ = ["Account", "BillingRule", "rule_named", "rule_of", "rules"]
