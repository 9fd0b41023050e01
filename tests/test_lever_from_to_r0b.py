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


@pytest.mark.parametrize(("saving", "fit", "card"), [
    ("How much memory does 8-bit Adam save on 7B full FT?", "so does that fit on a single H100?", "1× H100 SXM"),
    ("7b 全参用 8-bit 优化器能省多少显存", "那单卡 a100 80g 放得下吗", "1×A100 80GB"),
])
def test_the_lever_asked_about_stays_the_job(saving: str, fit: str, card: str) -> None:
    """A fit asked right after a lever's saving is asked of that job with the lever on (7B full with an 8-bit
    optimizer: 70 GB of model states, seed 000's minimum on one 80 GB card), never "which model?"."""
    chat = ChatUser()
    chat.say(saving)
    chat.say(fit)
    head = "\n".join(chat.lines[:3])
    assert card in head and "70 GB" in head, chat.text
    assert "8-bit" in chat.text and "Which model" not in chat.text and "哪个模型" not in chat.text
