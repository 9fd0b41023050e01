"""A lever's effect asked as "from how much to how much" ("从多少降到多少", "降到多少", "goes from how much to how much")
is the saving asked: both sizings side by side (7B full: model states 112 GB with AdamW → 70 GB with an 8-bit
optimizer, seed 000's 16 and 10 bytes a parameter), not a sizing with the lever on."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import ChatUser


@pytest.mark.parametrize(("text", "lever"), [
    ("8bit 优化器能让 7b 全参的显存从多少压到多少", "eight_bit"),
    ("开了 8-bit adam，14b 全参显存降到多少？", "eight_bit"),
    ("梯度检查点能把 8b lora 的显存从多少降到多少", "checkpointing"),
    ("an 8-bit optimizer takes a 7b full fine-tune from how much memory to how much?", "eight_bit"),
])
def test_from_to_is_the_saving(text: str, lever: str) -> None:
    assert parse(text).asks.saving == lever


@pytest.mark.parametrize("text", ["8bit 优化器能让 7b 全参的显存从多少压到多少",
                                  "an 8-bit optimizer takes a 7b full fine-tune from how much memory to how much?"])
def test_both_figures_lead(text: str) -> None:
    u = ChatUser()
    u.say(text)
    first = u.text.splitlines()[0]
    assert "112 GB" in first and "70 GB" in first, u.text  # 7B × 16 and × 10 bytes
