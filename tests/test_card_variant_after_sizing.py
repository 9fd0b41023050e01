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


@pytest.mark.parametrize("message", ["cloudgpu 上 48G 魔改版 4090 每小时多少", "hourly rate of the 48gb modded rtx 4090 at cloudgpu?",
                                     "cloudgpu 的 48g 改装 4090 一小时多少钱"])
def test_the_memory_said_before_a_variant_word_names_the_modded_card(message: str) -> None:
    """The memory, then the word that says the card is altered, then the card: CloudGPU's RTX 4090 48GB at $0.65/h
    (seed 002), never the 24 GB card's $0.33."""
    text = conversation(message)
    assert "$0.65" in text.splitlines()[1] and "$0.33" not in text, text
