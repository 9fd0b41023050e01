"""The other memory size of the card a job was sized on, named alone ("what about the 48g version", "那 80G 的呢",
"48g 版本呢"), is that job on the card's other variant, and the next cost is that card's (issue 18, round 2e):
7B LoRA on a 4090, then the 48G one, then 8 h is 480 min × $0.65 = $5.20."""

from __future__ import annotations

import pytest

from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize("variant", ["what about the 48g version", "and the 48gb one?", "48g 版本呢", "那 48G 的呢"])
def test_the_48g_version_after_a_4090_sizing_is_the_modded_card(variant: str) -> None:
    text = lead_lines(conversation("qwen 7b lora bf16 on a 4090, fits?", variant), 2)
    assert "4090 48GB" in text and "$0.65" in text


@pytest.mark.parametrize(("turns", "total"), [
    (("qwen 7b lora bf16 on a 4090, fits?", "what about the 48g version", "cost for 8h"), "$5.20"),
    (("14b lora 用 a100 40g 够吗", "那 80G 的呢", "跑 10 小时多少钱"), "$14.90"),
])
def test_the_variant_stays_for_the_next_cost(turns: tuple[str, ...], total: str) -> None:
    assert total in lead_lines(conversation(*turns), 3)
