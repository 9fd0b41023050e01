"""A provider with an existing billing model is one YAML file: names, aliases and billing come from
the catalog, and every part that prices, rents, meters or shows a rental asks the billing rule.

The catalog here is a temporary folder (KASUAN_PROVIDERS_DIR) holding the shipped providers plus
one new per-minute provider, "rentbox", that no Python code names."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path

import pytest

from bot.store import connect
from bot.store.wallets import ensure_wallet
from bot.text.render import render_reply
from bot.understand.entities import find_provider
from bot.views.price import provider_price_list, unit_prices
from bot.wallet import display
from bot.wallet import operations as ops
from bot.wallet.pricing import plan_rental
from bot.wallet.refusal import WalletError
from engine.billing import quote
from engine.billing.rules import rule_named, rules
from engine.cost import compare
from engine.providers import providers
from engine.request import TrainingRequest
from tests.extra_provider import with_provider

T0 = datetime(2026, 12, 1, 8, 0, tzinfo=UTC)
RENTBOX = {
    "id": "rentbox",
    "name": "RentBox",
    "aliases": ["rent box", "租盒"],
    "currency": "USD",
    "prices_read": "2026-12-01",
    "source": "a test catalog entry",
    "billing": {"model": "per_minute", "prepaid": True, "hourly_rental": True, "rounding": "ceil_minute",
                "minimum_minutes": 1, "boot_billed": False, "boot_minutes": 2, "preauthorization_hours": 1,
                "destroy_on_zero_balance": True, "multi_instance": False, "node_gpus": 1},
    "offers": [{"id": "rtx-4090", "gpu": "rtx-4090", "count": 1, "prices": {"hour": "0.30"}, "source": "test"}],
    "lifecycle": {"provisioning_minutes": 2, "disk_deleted_on_destroy": True},
}


@pytest.fixture
def catalog(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    yield from with_provider(tmp_path, monkeypatch, RENTBOX)


def test_the_parser_reads_provider_names_and_aliases_from_the_catalog(catalog: Path) -> None:
    assert find_provider("租 10000net 的 a100 多少钱").ident == "yiwan"  # an alias of the shipped 一万网络
    assert find_provider("rentbox 4090 多少钱").ident == "rentbox"
    found = find_provider("租盒 的 4090")
    assert found is not None and (found.ident, found.start, found.end) == ("rentbox", 0, 2)


def test_the_new_provider_is_quoted_under_its_model(catalog: Path) -> None:
    q = quote("rent box", "4090", 1, timedelta(minutes=90))
    assert (q.provider, q.currency, q.total) == ("rentbox", "USD", Decimal("0.45"))  # 90 × $0.30 / 60
    assert q.note("preauthorization") is not None and q.note("preauthorization").params["hold"] == Decimal("0.30")
    report = compare(TrainingRequest(model="qwen3-8b", method="qlora", gpu="rtx-4090", provider="rentbox", hours=2))
    assert [(o.provider.id, o.quote.total) for o in report.options] == [("rentbox", Decimal("0.60"))]


def test_the_new_provider_is_rented_metered_stopped_and_shown(catalog: Path, tmp_path: Path) -> None:
    store = connect(str(tmp_path / "k.db"))
    w = ensure_wallet(store, "telegram:user:1", "personal", "telegram:chat:1", T0, "UTC", "en")
    ops.topup(store, T0, w, "rentbox", "USD", 1_000, "topup-1", "telegram:user:1")  # $10.00
    plan = plan_rental("rentbox", "4090", 1, None)
    assert (plan.billing, plan.hold_minor, plan.debit_minor, plan.hourly) == ("per_minute", 30, 30, Decimal("0.30"))
    r, replay = ops.open_rental(store, T0, w, plan, "rent-1", "telegram:user:1")
    assert not replay and r.billing == "per_minute" and r.hold_minor == 30
    with store.write():
        r, destroyed = ops.meter(store, r, T0 + timedelta(minutes=40))
    assert not destroyed and (r.billed_minutes, r.paid_minor) == (40, 20)  # 40 × $0.30 / 60 = $0.20
    view = display.rental_view(store, r, "UTC", T0 + timedelta(minutes=40))
    assert view["per_minute"] and view["provider"] == "RentBox" and view["hourly"] == "$0.30"
    r, outcome = ops.stop_rental(store, T0 + timedelta(minutes=61), r.id, "telegram:user:1")
    assert (r.status, outcome.minutes, outcome.total_minor, outcome.release_minor) == ("stopped", 61, 31, 30)
    with pytest.raises(WalletError, match="renew_per_minute"):
        ops.renewable(r, T0 + timedelta(hours=2))


def test_the_new_provider_is_shown_in_its_price_list(catalog: Path) -> None:
    text = str(render_reply(provider_price_list("rentbox", "en"), "plain"))
    assert "RentBox" in text and "$0.30" in text
    assert any(row["provider"] == "RentBox" for row in unit_prices("rtx-4090", 1, "USD", 5))


def test_every_billing_model_in_the_catalog_has_one_rule_module() -> None:
    assert sorted(rules()) == ["cycles", "per_minute"]
    assert {p.billing.model for p in providers().entries} <= set(rules())
    assert rule_named("cycles").account == "cycles" and rule_named("per_minute").metered
    with pytest.raises(ValueError, match="unknown billing model"):
        rule_named("per_second")


def test_no_module_outside_the_rules_branches_on_a_billing_model() -> None:
    """The rules are the only place that knows a model by name (the store's schema and SQL excepted:
    they hold the account kind a rule stores)."""
    root = Path(__file__).resolve().parent.parent
    rule_files = {"engine/billing/rules/cycles.py", "engine/billing/rules/per_minute.py",
                  "bot/wallet/prepaid.py", "bot/wallet/metered.py"}
    pattern = re.compile(r"""(==|!=)\s*["'](per_minute|cycles)["']|billing\.model\s*(==|!=|\bin\b)|\b(?:el)?if\b[^#]*\bper_minute\b""")
    found = []
    for path in sorted([*root.joinpath("bot").rglob("*.py"), *root.joinpath("engine").rglob("*.py")]):
        rel = path.relative_to(root).as_posix()
        if rel in rule_files or rel.startswith("bot/store/"):
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line):
                found.append(f"{rel}:{n}: {line.strip()}")
    assert found == []
