"""Provider and currency catalogs: every seed price loads exactly, nothing is guessed, typos fail loudly."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from pydantic import ValidationError

from engine.catalog import gpus
from engine.catalog_files import load_document
from engine.errors import CatalogError, UnknownName
from engine.money import Money
from engine.providers import (
    Price,
    Provider,
    currency,
    provider,
    providers,
)

D = Decimal
PROJECT_GPUS = {
    "rtx-3090", "rtx-4090", "rtx-4090-48g", "rtx-5090", "rtx-a6000", "rtx-6000-ada", "a40", "l40s", "t4",
    "a10", "a100-40g-pcie", "a100-40g-sxm", "a100-80g-pcie", "a100-80g-sxm", "a800-80g-pcie", "a800-80g-sxm",
    "h100-pcie", "h100-sxm", "h200", "b200", "mi300x",
}  # fmt: skip


def prices(provider_id: str) -> dict[tuple[str, int], dict[str, tuple[Decimal, Decimal, str]]]:
    return {
        (o.gpu, o.count): {k: (p.low, p.high, p.status) for k, p in o.prices.items()}
        for o in provider(provider_id).offers
    }


def test_all_providers_load() -> None:
    assert sorted(p.id for p in providers().entries) == ["cloudgpu", "gpuli", "yiwan"]
    assert {p.id: p.currency for p in providers().entries} == {
        "cloudgpu": "USD",
        "gpuli": "USDT",
        "yiwan": "CNY",
    }


def test_offers_name_project_gpus() -> None:
    catalog_ids = {g.id for g in gpus().entries}
    for p in providers().entries:
        for o in p.offers:
            assert o.gpu in PROJECT_GPUS, (p.id, o.id)
            assert o.gpu in catalog_ids, (p.id, o.id)


def test_gpuli_prices_exactly_as_seed_000() -> None:
    def firm(week: str | None, month: str | None) -> dict[str, tuple[Decimal, Decimal, str]]:
        out = {}
        if week:
            out["week"] = (D(week), D(week), "published")
        if month:
            out["month"] = (D(month), D(month), "published")
        return out

    assert prices("gpuli") == {
        ("rtx-4090", 1): firm("109", "369"),
        ("rtx-5090", 1): firm("149", "499"),
        ("l40s", 1): firm("189", "649"),
        ("rtx-a6000", 1): firm("115", "389"),
        ("a100-80g-pcie", 1): firm("269", "899"),
        ("a100-80g-sxm", 1): firm("319", None),  # the month is not stated: absent, not guessed
        ("h200", 1): firm(None, "2599"),
        ("mi300x", 1): firm("489", "1699"),
        ("a100-80g-sxm", 4): firm(None, "4308"),
        ("h100-sxm", 4): firm(None, "7444"),
        ("a100-80g-sxm", 8): firm(None, "8352"),
        ("h100-sxm", 8): firm("4172", "14432"),
        ("h200", 8): firm(None, "19752"),
    }


def test_gpuli_rules_from_seed_000() -> None:
    g = provider("gpuli")
    box = next(o for o in g.offers if o.id == "8x-h100-sxm")
    assert (box.vcpu, box.ram_gb, box.gpu_memory_gb) == (160, 1600, 640)
    assert [r.id for r in g.regions] == ["LAS-1", "DFW-1", "ORD-1"]
    ib = g.add_on("InfiniBand")
    assert (ib.price, ib.unit, ib.regions) == (D("600"), "node_month", ["DFW-1", "ORD-1"])
    assert (g.add_on("volume").price, g.add_on("对象存储").price) == (D("0.08"), D("0.015"))
    assert g.billing.hourly_rental is False and g.billing.prepaid is True
    assert [(c.kind, c.days) for c in g.billing.cycles] == [("week", 7), ("month", 30)]
    life = g.lifecycle
    assert (life.refund_window_minutes, life.card_swap_window_minutes) == (60, 60)
    assert life.expiry_reminder_days == [3, 1] and life.data_retention_days == 7
    assert life.hardware_replacement_minutes == 30
    assert g.network is not None and g.network.egress_free and g.network.ingress_free
    assert g.payment is not None and g.payment.methods == ["usdt"]


def test_gpuli_sla_credit_tiers() -> None:
    sla = provider("gpuli").sla
    assert sla is not None and sla.uptime_percent == D("99.9") and sla.claim_within_days == 30
    assert sla.credit_for(D("99.95")) is None
    three = sla.credit_for(D("99.5"))
    assert three is not None and (three.credit, three.multiple) == ("downtime_multiple", 3)
    ten = sla.credit_for(D("98"))
    assert ten is not None and ten.multiple == 10
    free = sla.credit_for(D("90"))
    assert free is not None and free.credit == "full_month"


def test_cloudgpu_prices_and_rules_from_seed_002() -> None:
    c = provider("cloudgpu")
    assert c.prices_read == "2026-10-23T23:58:00+08:00"
    hourly = {(gpu, n): v["hour"][0] for (gpu, n), v in prices("cloudgpu").items()}
    assert hourly == {
        ("rtx-4090", 1): D("0.33"),
        ("rtx-3090", 1): D("0.21"),
        ("rtx-4090-48g", 1): D("0.65"),
        ("rtx-a6000", 1): D("0.44"),
        ("a800-80g-pcie", 1): D("1.09"),
        ("a100-80g-sxm", 1): D("1.49"),
    }
    b = c.billing
    assert (b.model, b.rounding, b.minimum_minutes, b.boot_minutes, b.boot_billed) == (
        "per_minute",
        "ceil_minute",
        1,
        2,
        False,
    )
    assert b.preauthorization_hours == 1 and b.destroy_on_zero_balance and not b.persistence_across_instances
    assert b.multi_instance is False
    assert c.payment is not None and "usdt-trc20" in c.payment.methods and "alipay" in c.payment.methods


def test_yiwan_labels_follow_seed_003() -> None:
    assert prices("yiwan") == {
        ("a100-40g-sxm", 1): {"month": (D("2800"), D("2800"), "published")},
        ("rtx-3090", 1): {"month": (D("1750"), D("1750"), "published")},
        ("t4", 1): {"month": (D("900"), D("900"), "unlabelled")},
        ("a100-80g-sxm", 8): {"month": (D("25000"), D("40000"), "estimate")},
        ("h100-sxm", 8): {"month": (D("80000"), D("120000"), "published")},
    }
    y = provider("一万网络")
    assert y.id == "yiwan"
    rates = {d.id: (d.kind, d.rate, d.amount) for d in y.discounts}
    assert rates == {
        "annual-gpu-custom": ("annual_prepay", D("0.20"), None),
        "annual-8x-a100": ("annual_prepay", D("0.15"), None),
        "annual-h100": ("annual_prepay", D("0.15"), None),
        "repeat-purchase": ("per_month", None, D("100")),
    }
    assert (y.add_on("cpu-16c").price, y.add_on("ram-128g").price) == (D("400"), D("600"))
    assert y.add_on("infiniband").price is None  # "IB 400G 可选": offered, not priced


def test_lookup_by_alias_and_suggestions() -> None:
    assert provider("GPULI").id == "gpuli"
    assert provider("Cloud GPU").id == "cloudgpu"
    with pytest.raises(UnknownName) as err:
        provider("yiwann")
    assert "yiwan" in err.value.suggestions


def test_money_is_decimal_and_floats_are_refused() -> None:
    assert Price.model_validate("0.33").low == D("0.33")
    assert isinstance(provider("cloudgpu").offers[0].prices["hour"].low, Decimal)
    with pytest.raises(ValidationError):
        Price.model_validate({"amount": 0.33})
    with pytest.raises(ValidationError):
        Price.model_validate({"min": "40000", "max": "25000"})
    with pytest.raises(ValidationError):
        Price.model_validate({"amount": "-1"})


def test_catalog_error_names_file_offer_and_field(tmp_path: Path) -> None:
    bad = tmp_path / "broken.yaml"
    text = (
        Path(__file__)
        .parent.parent.joinpath("catalogs", "providers", "gpuli.yaml")
        .read_text(encoding="utf-8")
    )
    bad.write_text(
        text.replace('prices: {week: "4172", month: "14432"}', "prices: {week: 4172.5}"), encoding="utf-8"
    )
    with pytest.raises(CatalogError) as err:
        load_document(bad, Provider)
    message = str(err.value)
    assert message.startswith("broken.yaml: field 'offers[8x-h100-sxm].prices.week")
    assert "quoted string" in message


def test_currency_conversion_and_rounding() -> None:
    assert currency("¥").id == "CNY" and currency("usdt").symbol == "₮"
    assert Money(D("7.1"), "CNY").to("USD").amount == D("1")
    assert Money(D("14607"), "USDT").to("USD").amount == D("14607")  # the stated 1:1 peg
    assert Money(D("100"), "USD").to("CNY").amount == D("710.0")
    assert Money(D("2800"), "CNY").to("USD").amount.quantize(D("0.01")) == D("394.37")
    assert Money(D("0.539"), "USD").rounded().amount == D("0.54")
    assert Money(D("0.535"), "USD").rounded().amount == D("0.54")  # half up, as prices are printed
    assert Money(D("2.505556"), "USDT").rounded().amount == D("2.51")
    assert currency("CNY").rate_date == "2026-11-29" and currency("CNY").per_usd == D("7.1")
