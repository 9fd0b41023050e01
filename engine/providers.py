"""Provider and currency catalogs: pydantic schemas, loading, look-up, currency conversion.

Each provider is one YAML file under catalogs/providers/ (prices, billing rules, add-ons, discounts,
lifecycle and SLA terms as its source states them); currencies live in catalogs/currency.yaml.
A price change or a new card is a YAML edit. Loading validates every field and fails with the file
and the field named, so a typo in a price is caught at start-up, not in a user's reply.

Money is Decimal end to end: YAML writes amounts as quoted strings ("14432", "0.33") and a float
amount is rejected at load, because 0.1 + 0.2 != 0.3 has no place in a budget request.
"""

from __future__ import annotations

import os
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import BeforeValidator, Field, model_validator

from catalogs import catalog_path
from engine.amount import decimal_amount
from engine.catalog import Index, Strict, normalize_name
from engine.catalog_files import load_document, read
from engine.errors import CatalogError, InvalidRequest, UnknownName

if TYPE_CHECKING:
    from engine.billing.rules import BillingRule

DATE = r"^\d{4}-\d{2}-\d{2}"  # a date, optionally followed by a time and UTC offset


def _catalog_amount(value: object) -> Decimal:
    """A catalog price: Money's own reading of an amount (a float is refused as inexact), and >= 0."""
    if isinstance(value, float):
        raise ValueError(f'write money as a quoted string, e.g. "{value}", not a bare number')
    try:
        parsed = decimal_amount(value)
    except InvalidRequest as exc:
        raise ValueError(str(exc)) from exc
    if parsed < 0:
        raise ValueError(f"amount must be a finite number >= 0, got {value!r}")
    return parsed


CatalogAmount = Annotated[Decimal, BeforeValidator(_catalog_amount)]
PriceStatus = Literal["published", "estimate", "unlabelled"]
CycleKind = Literal["week", "month", "year"]
PriceKey = str  # hour | week | month: the columns the billing rule prices (BillingRule.price_columns)


class Price(Strict):
    """A list price: a single amount, or a min–max band; `status` says how firm the source is.

    In YAML either a bare string ("369"), or {amount: "2800", status: published}, or
    {min: "25000", max: "40000", status: estimate}.
    """

    low: CatalogAmount
    high: CatalogAmount
    status: PriceStatus = "published"

    @model_validator(mode="before")
    @classmethod
    def _from_yaml(cls, data: object) -> object:
        if isinstance(data, str | int | float | Decimal) and not isinstance(data, bool):
            return {"low": data, "high": data}  # a bare amount; CatalogAmount refuses floats with a hint
        if isinstance(data, dict) and ("amount" in data or "min" in data or "max" in data):
            data = dict(data)
            if "amount" in data:
                if "min" in data or "max" in data:
                    raise ValueError("give either amount or min/max, not both")
                amount = data.pop("amount")
                data["low"] = data["high"] = amount
            else:
                if "min" not in data or "max" not in data:
                    raise ValueError("a price band needs both min and max")
                data["low"] = data.pop("min")
                data["high"] = data.pop("max")
        return data

    @model_validator(mode="after")
    def _ordered(self) -> Price:
        if self.low > self.high:
            raise ValueError(f"min {self.low} is above max {self.high}")
        return self

    @property
    def is_range(self) -> bool:
        return self.low != self.high


class Cycle(Strict):
    """A rental period the provider sells: a week or month of `days`; a year priced as `months`
    months (its length in `days`, a calendar year, so a one-year job is one year)."""

    kind: CycleKind
    days: int | None = Field(default=None, gt=0)
    months: int | None = Field(default=None, gt=0)

    @model_validator(mode="after")
    def _length(self) -> Cycle:
        if self.days is None:
            raise ValueError(f"a {self.kind} cycle needs its length in days")
        if self.kind == "year":
            if self.months is None:
                raise ValueError("a year cycle is priced in months (e.g. months: 12)")
        elif self.months is not None:
            raise ValueError(f"a {self.kind} cycle is given in days only")
        return self


class Billing(Strict):
    """How the provider charges: `model` names its rule (engine/billing/rules/<model>.py: prepaid
    cycles of weeks/months/years, or by the started minute with a hold)."""

    model: str
    prepaid: bool
    hourly_rental: bool
    cycles: list[Cycle] = Field(default_factory=list)
    add_on_billing: Literal["started_month"] = "started_month"
    rounding: Literal["ceil_minute"] | None = None
    minimum_minutes: int | None = Field(default=None, ge=0)
    boot_minutes: int | None = Field(default=None, ge=0)
    boot_billed: bool = True
    preauthorization_hours: int | None = Field(default=None, ge=0)
    destroy_on_zero_balance: bool = False
    persistence_across_instances: bool = True
    multi_instance: bool
    node_gpus: int = Field(gt=0)

    @model_validator(mode="after")
    def _consistent(self) -> Billing:
        self.rule.check(self)  # the model's own rule says what it needs
        kinds = [c.kind for c in self.cycles]
        if len(set(kinds)) != len(kinds):
            raise ValueError(f"duplicate cycle kinds {kinds}")
        if "year" in kinds and "month" not in kinds:
            raise ValueError("a year cycle is built from the month price; add a month cycle")
        return self

    @property
    def rule(self) -> BillingRule:
        """The billing rule of this model (engine.billing.rules), which every caller asks."""
        from engine.billing.rules import rule_named  # lazy: the rules' quoting imports this module

        return rule_named(self.model)

    def cycle(self, kind: CycleKind) -> Cycle | None:
        return next((c for c in self.cycles if c.kind == kind), None)

    @property
    def month_days(self) -> int:
        """Length of the provider's month (add-ons are billed per started month of this length)."""
        month = self.cycle("month")
        return month.days if month is not None and month.days is not None else 30


# where a region is, for a team whose data must stay somewhere: mainland China, Singapore, the US, or
# outside mainland China with no country the source names (gpuli: data reaches it over a cross-border line)
Area = Literal["mainland-china", "singapore", "us", "abroad"]


class Region(Strict):
    id: str
    names: list[str] = Field(default_factory=list)  # the place as the seed names it ("深圳", "shenzhen")
    area: Area | None = None  # None: the source does not say where
    source: str


class Offer(Strict):
    """One configuration as the provider prices it: `count` cards of catalog GPU `gpu`, one instance."""

    id: str
    gpu: str
    count: int = Field(gt=0)
    prices: dict[PriceKey, Price]
    vcpu: int | None = Field(default=None, gt=0)
    cpu_cores: int | None = Field(default=None, gt=0)
    cpu: str | None = None
    ram_gb: int | None = Field(default=None, gt=0)
    gpu_memory_gb: int | None = Field(default=None, gt=0)
    disk: str | None = None
    bandwidth: str | None = None
    interconnect: str | None = None
    regions: list[str] = Field(default_factory=list)
    # a yearly figure the source states itself (seed 003's "年成本预估 ¥80–120 万"): named beside the
    # year we price from the month price and the discount, never used to bill
    year_estimate: Price | None = None
    # a single card the provider says several of train one job together (seed 000's FAQ: RTX 4090 / 5090 /
    # L40S over PCIe, data parallel or ZeRO-2): that many rented side by side is a setup it prices, summed
    several_train_together: bool = False
    source: str
    note: str | None = None

    @model_validator(mode="after")
    def _priced(self) -> Offer:
        if not self.prices:
            raise ValueError("an offer needs at least one price")
        return self


class AddOn(Strict):
    """Something billed next to the cards: storage per GB-month, a flat monthly upgrade, IB per node."""

    id: str
    name: str
    unit: Literal["gb_month", "month", "node_month"]
    price: CatalogAmount | None = None  # None: the source offers it but states no price
    regions: list[str] = Field(default_factory=list)  # empty = every region
    offers: list[str] = Field(default_factory=list)  # empty = every offer
    multi_node: bool = False  # added automatically to multi-node jobs (InfiniBand)
    aliases: list[str] = Field(default_factory=list)
    source: str
    note: str | None = None
    example_gb: int | None = None  # the size the provider's own cost example bills: assumed when none is said


class Discount(Strict):
    """A price reduction: a share off an annual prepayment, or a fixed amount off each month."""

    id: str
    kind: Literal["annual_prepay", "per_month"]
    rate: CatalogAmount | None = None
    amount: CatalogAmount | None = None
    offers: list[str]
    source: str

    @model_validator(mode="after")
    def _value(self) -> Discount:
        if self.kind == "annual_prepay":
            if self.rate is None or not Decimal(0) < self.rate < Decimal(1) or self.amount is not None:
                raise ValueError("an annual_prepay discount needs a rate between 0 and 1 (0.20 = 20% off)")
        elif self.amount is None or self.rate is not None:
            raise ValueError("a per_month discount needs an amount")
        return self


class Lifecycle(Strict):
    refund_window_minutes: int | None = Field(default=None, ge=0)
    card_swap_window_minutes: int | None = Field(default=None, ge=0)
    expiry_reminder_days: list[int] = Field(default_factory=list)
    reminder_channel: str | None = None
    data_retention_days: int | None = Field(default=None, ge=0)
    provisioning_minutes: int | None = Field(default=None, ge=0)
    hardware_replacement_minutes: int | None = Field(default=None, ge=0)
    local_disk_follows_migration: bool | None = None
    disk_deleted_on_destroy: bool | None = None
    support_response_minutes: int | None = Field(default=None, ge=0)
    daily_snapshots: int | None = Field(default=None, ge=0)
    rollback_seconds: int | None = Field(default=None, ge=0)


class CreditTier(Strict):
    below_percent: CatalogAmount
    credit: Literal["downtime_multiple", "full_month"]
    multiple: int | None = Field(default=None, gt=0)


class Sla(Strict):
    uptime_percent: CatalogAmount
    scope: Literal["instance_month"]
    credit_tiers: list[CreditTier]
    claim_within_days: int = Field(gt=0)
    claim_channel: str | None = None
    source: str

    def credit_for(self, uptime_percent: Decimal) -> CreditTier | None:
        """The tier that applies at a month's measured uptime (the strictest one crossed), or None."""
        crossed = [t for t in self.credit_tiers if uptime_percent < t.below_percent]
        return min(crossed, key=lambda t: t.below_percent) if crossed else None


class Payment(Strict):
    methods: list[str]
    top_up_currency: str
    minimum_top_up: str | None = None
    signup: str | None = None
    no_phone_or_us_card_needed: bool | None = None
    balance_shared_with_model_api: bool | None = None
    source: str


class Network(Strict):
    egress_free: bool
    ingress_free: bool
    egress_bandwidth: str | None = None
    included: list[str] = Field(default_factory=list)
    source: str


class Fact(Strict):
    """A stated term the engine does not compute with, kept so the bot can cite it."""

    code: str
    value: str
    source: str


class Provider(Strict):
    """One provider: what it rents, at what price, under which rules."""

    id: str
    name: str
    aliases: list[str] = Field(default_factory=list)
    currency: str
    prices_read: str = Field(pattern=DATE)
    # published: the date is the provider's own (its list says when); read: the source gives no date,
    # so prices_read is the day the list was read (an assumption the reply states)
    prices_date_basis: Literal["published", "read"] = "published"
    source: str
    billing: Billing
    regions: list[Region] = Field(default_factory=list)
    offers: list[Offer]
    add_ons: list[AddOn] = Field(default_factory=list)
    discounts: list[Discount] = Field(default_factory=list)
    lifecycle: Lifecycle = Field(default_factory=Lifecycle)
    sla: Sla | None = None
    payment: Payment | None = None
    network: Network | None = None
    facts: list[Fact] = Field(default_factory=list)

    @model_validator(mode="after")
    def _references(self) -> Provider:
        """Every id a rule points at exists, and each offer's prices fit the billing model."""
        offer_ids = [o.id for o in self.offers]
        if len(set(offer_ids)) != len(offer_ids):
            raise ValueError(
                f"duplicate offer ids {sorted({i for i in offer_ids if offer_ids.count(i) > 1})}"
            )
        configs = [(o.gpu, o.count) for o in self.offers]
        if len(set(configs)) != len(configs):
            raise ValueError("two offers price the same gpu × count")
        region_ids = {r.id for r in self.regions}
        allowed = self.billing.rule.price_columns(self.billing)
        for o in self.offers:
            extra = set(o.prices) - allowed
            if extra:
                raise ValueError(
                    f"offer {o.id}: price {sorted(extra)} does not match billing {sorted(allowed)}"
                )
            if o.count > self.billing.node_gpus:
                raise ValueError(
                    f"offer {o.id}: {o.count} cards is more than node_gpus {self.billing.node_gpus}"
                )
            unknown = set(o.regions) - region_ids
            if unknown:
                raise ValueError(f"offer {o.id}: unknown regions {sorted(unknown)}")
        for a in self.add_ons:
            if set(a.regions) - region_ids or set(a.offers) - set(offer_ids):
                raise ValueError(f"add-on {a.id}: unknown region or offer")
        for d in self.discounts:
            if set(d.offers) - set(offer_ids):
                raise ValueError(f"discount {d.id}: unknown offers {sorted(set(d.offers) - set(offer_ids))}")
            if d.kind == "annual_prepay" and self.billing.cycle("year") is None:
                raise ValueError(f"discount {d.id}: annual prepay needs a year cycle")
        return self

    def offers_for(self, gpu: str) -> list[Offer]:
        key = normalize_name(gpu)
        return [o for o in self.offers if normalize_name(o.gpu) == key]

    def region(self, name: str) -> Region:
        for r in self.regions:
            if normalize_name(r.id) == normalize_name(name):
                return r
        raise UnknownName("region", name, [r.id for r in self.regions])

    def add_on(self, name: str) -> AddOn:
        key = normalize_name(name)
        for a in self.add_ons:
            if key in {normalize_name(n) for n in [a.id, a.name, *a.aliases]}:
                return a
        raise UnknownName("add-on", name, [a.id for a in self.add_ons])


class Currency(Strict):
    id: str
    name: str
    symbol: str
    minor_units: int = Field(ge=0, le=8)
    per_usd: CatalogAmount
    rate_date: str = Field(pattern=DATE)
    aliases: list[str] = Field(default_factory=list)
    source: str
    note: str | None = None

    @model_validator(mode="after")
    def _positive(self) -> Currency:
        if self.per_usd <= 0:
            raise ValueError("per_usd must be above 0")
        return self


class UnratedCurrency(Strict):
    """A currency a user may ask in that no provider bills in and the catalog keeps no rate for."""

    id: str
    name: str
    name_zh: str
    aliases: list[str] = Field(default=[])
    band: dict[str, str] | None = None  # the rate's historical range against the dollar (engine.rate_bands)


class CurrencyFile(Strict):
    base: str
    currencies: list[Currency]
    unrated: list[UnratedCurrency] = Field(default=[])


def providers_dir() -> Path:
    return Path(_providers_folder())


def _providers_folder() -> str:
    """The providers' folder as a string: KASUAN_PROVIDERS_DIR when set (read each time, so a test or
    an operator may point it elsewhere), else the shipped one, looked up once (the parser asks per message)."""
    return os.environ.get("KASUAN_PROVIDERS_DIR") or _shipped_folder()


@cache
def _shipped_folder() -> str:
    return str(catalog_path("providers"))


@cache
def providers() -> Index[Provider]:
    """Every provider in catalogs/providers/*.yaml (or the folder KASUAN_PROVIDERS_DIR names: an
    operator's own catalog), indexed by id, name and alias. A provider is one file: its names and
    aliases (which the chat parser reads), its billing model (engine.billing.rules) and its offers."""
    folder = providers_dir()
    loaded: list[Provider] = []
    for path in sorted(folder.glob("*.yaml")):
        provider = load_document(path, Provider)
        assert isinstance(provider, Provider)
        if provider.id != path.stem:
            raise CatalogError(f"{path.name}: id '{provider.id}' must match the file name '{path.stem}'")
        loaded.append(_with_imported_prices(provider))
    if not loaded:
        raise CatalogError("catalogs/providers: no provider files")
    index = Index("provider", loaded)
    known = {c.id for c in currencies().entries}
    for p in loaded:
        if p.currency not in known:
            raise CatalogError(f"{p.id}.yaml: field 'currency': unknown currency '{p.currency}'")
    return index


def provider_names() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Each provider's id with its name and aliases, read from the files without validating the
    catalog: the chat parser looks names up in every message, and loading every offer and rule
    for that would slow the first answer of a process that never prices anything."""
    return _names_in(_providers_folder())


@cache
def _names_in(folder: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    out = []
    for path in sorted(Path(folder).glob("*.yaml")):
        raw = read(path)
        if isinstance(raw, dict) and isinstance(raw.get("id"), str):
            names = [raw["id"], raw.get("name"), *(raw.get("aliases") or [])]
            out.append((raw["id"], tuple(str(n) for n in names if n)))
    return tuple(out)


def provider_places() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Each provider's id with the places its machines are (its regions' ids and names), read from the files
    as provider_names is: "深圳那家" is the provider with a region there."""
    return _places_in(_providers_folder())


@cache
def _places_in(folder: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    out = []
    for path in sorted(Path(folder).glob("*.yaml")):
        raw = read(path)
        if isinstance(raw, dict) and isinstance(raw.get("id"), str):
            regions = [r for r in raw.get("regions") or [] if isinstance(r, dict)]
            out.append((raw["id"], tuple(str(n) for r in regions for n in [r.get("id"), *(r.get("names") or [])] if n)))
    return tuple(out)


def provider_areas() -> tuple[tuple[str, tuple[str | None, ...]], ...]:
    """Each provider's id with the area of each of its regions (None where the source names none), read from the
    files as provider_names is: the parser keeps a team to the providers with machines where its data may go."""
    return _areas_in(_providers_folder())


@cache
def _areas_in(folder: str) -> tuple[tuple[str, tuple[str | None, ...]], ...]:
    out = []
    for path in sorted(Path(folder).glob("*.yaml")):
        raw = read(path)
        if isinstance(raw, dict) and isinstance(raw.get("id"), str):
            regions = [r for r in raw.get("regions") or [] if isinstance(r, dict)]
            out.append((raw["id"], tuple(str(r["area"]) if r.get("area") else None for r in regions)))
    return tuple(out)


def _with_imported_prices(p: Provider) -> Provider:
    """The provider with the price list imported last (`kasuan prices import`, the refresh), if any;
    a stored list that no longer fits the catalog is ignored and the catalog's prices stand."""
    from engine.price_import import apply_overlay  # lazy: it imports this module
    from engine.price_overlay import load_overlay

    data = load_overlay(p.id)
    if data is None:
        return p
    try:
        return apply_overlay(p, data)
    except (ValueError, KeyError, TypeError):
        return p


@cache
def shortest_rental_hours() -> float:
    """The shortest prepaid cycle any provider sells, in hours (gpuli's week: 168): what a job of
    unknown length is priced for when only a deadline bounds it."""
    return min(float(c.days) * 24 for p in providers().entries for c in p.billing.cycles if c.days)


def provider(name: str) -> Provider:
    """Look a provider up by id, name or alias; UnknownName (with suggestions) otherwise."""
    return providers().get(name)


@cache
def currencies() -> Index[Currency]:
    doc = load_document(catalog_path("currency.yaml"), CurrencyFile)
    assert isinstance(doc, CurrencyFile)
    ids = [c.id for c in doc.currencies]
    if len(set(ids)) != len(ids):
        raise CatalogError("currency.yaml: duplicate currency ids")
    if doc.base not in ids:
        raise CatalogError(f"currency.yaml: field 'base': '{doc.base}' is not a listed currency")
    return Index("currency", doc.currencies)


@cache
def unrated_currencies() -> tuple[tuple[str, str, str, tuple[str, ...]], ...]:
    """(id, English name, Chinese name, aliases) of each currency the catalog keeps no rate for, read
    without validating the file: the chat parser looks them up in every message."""
    raw = read(catalog_path("currency.yaml"))
    rows = raw.get("unrated") if isinstance(raw, dict) else None
    return tuple((str(r["id"]), str(r["name"]), str(r["name_zh"]), tuple(str(a) for a in r.get("aliases") or ()))
                 for r in rows or () if isinstance(r, dict))


def currency(name: str) -> Currency:
    return currencies().get(name)
