"""A provider catalog for one test: the shipped providers plus one more, in a temporary folder that
KASUAN_PROVIDERS_DIR points to, with every cache that read the catalog cleared before and after (so the
next test sees the shipped catalog again). Shared by the tests that add a provider as an operator would."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from bot.views.price import clear_unit_prices
from bot.wallet.pricing import hourly_rate, minute_cost_minor
from catalogs import catalog_path
from engine import advice
from engine.providers import providers


def forget_catalog() -> None:
    """Clear every cache that holds a reading of the providers' catalog."""
    for cached in (providers, advice.setup_rates, minute_cost_minor, hourly_rate):
        cached.cache_clear()
    clear_unit_prices()


def with_provider(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, document: dict[str, Any]) -> Iterator[Path]:
    """For a fixture to yield from: the folder holding the shipped providers and `document` (as
    `<its id>.yaml`), active for the test."""
    folder = tmp_path / "providers"
    folder.mkdir()
    for shipped in Path(catalog_path("providers")).glob("*.yaml"):
        shutil.copy(shipped, folder / shipped.name)
    (folder / f"{document['id']}.yaml").write_text(yaml.safe_dump(document, allow_unicode=True), encoding="utf-8")
    monkeypatch.setenv("KASUAN_PROVIDERS_DIR", str(folder))
    forget_catalog()
    yield folder
    monkeypatch.delenv("KASUAN_PROVIDERS_DIR")
    forget_catalog()
