"""A cost reply pricing ZeRO-3 on cards with no NVLink says so right under the price (seed 000: 4090s
have no NVLink, and ZeRO-3 over PCIe is markedly slower), as the sizing reply does under its verdict,
instead of after the alternatives among the closing notes.

No shipped provider rents several no-NVLink cards as one machine, so the catalog here is a temporary
folder (KASUAN_PROVIDERS_DIR, as tests/test_new_provider.py) with one more provider, "pciebox", that
rents an 8×RTX 4090 box by the minute."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.chat_user import ChatUser
from tests.extra_provider import with_provider

PCIEBOX = {
    "id": "pciebox", "name": "PcieBox", "aliases": ["pcie box"], "currency": "USD", "prices_read": "2026-12-01",
    "source": "a test catalog entry",
    "billing": {"model": "per_minute", "prepaid": True, "hourly_rental": True, "rounding": "ceil_minute",
                "minimum_minutes": 1, "boot_billed": False, "boot_minutes": 2, "preauthorization_hours": 1,
                "destroy_on_zero_balance": True, "multi_instance": False, "node_gpus": 8},
    "offers": [{"id": "rtx-4090-x8", "gpu": "rtx-4090", "count": 8, "prices": {"hour": "2.40"}, "source": "test"}],
    "lifecycle": {"provisioning_minutes": 2, "disk_deleted_on_destroy": True},
}
WARNING = {"en": "no NVLink", "zh": "没有 NVLink"}


@pytest.fixture
def catalog(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    yield from with_provider(tmp_path, monkeypatch, PCIEBOX)


@pytest.mark.parametrize(("text", "lang"), [
    ("cost of 7b full finetune on 8x 4090 zero3, 100M tokens?", "en"),
    ("how much to train 14b lora with zero-3 on eight 4090s for 300m tokens", "en"),
    ("7b 全参 8张4090 zero3 训 1亿 token 多少钱", "zh"),
    ("8卡4090 用 zero3 跑 14b lora，3亿token，费用大概多少", "zh"),
])
def test_zero3_over_pcie_is_warned_under_the_price(catalog: Path, text: str, lang: str) -> None:
    me = ChatUser()
    me.say(text)
    lines = me.text.splitlines()
    priced = next(i for i, line in enumerate(lines) if line.startswith("💰"))
    assert WARNING[lang] in lines[priced + 1], me.text
    assert sum(WARNING[lang] in line for line in lines) == 1, me.text  # said once, not again in the notes
