"""A job restated with its method after a sizing on a named card, pointing back at that card ("on the same card",
"同一张卡", "那张卡上", "that gpu"), is sized on that card: the verdict is about it (72B QLoRA needs ~54 GB, a 24 GB
RTX 4090 does not hold it), not a fresh pick of the cheapest card that fits. Without the pointer the same holds
when only the model changes (session 26: the question was about that card); a new method with it is a new job,
fitted anew."""

from __future__ import annotations

import pytest

from engine.catalog import gpus
from tests.chat_user import ChatUser


@pytest.mark.parametrize(("first", "then", "card"), [
    ("14b qlora 一张 4090 够吗", "那 72b qlora 放同一张卡上呢", "rtx-4090"),
    ("7b lora 用 a100 40g 能跑吗", "换成 32b lora，还是这张卡呢", "a100-40g-sxm"),
    ("can one 3090 do a 7b qlora?", "and a 14b lora on the same gpu?", "rtx-3090"),
    ("is a single 4090 enough for 8b qlora?", "how about 70b qlora on that card?", "rtx-4090"),
])
def test_job_on_the_same_card_is_judged_on_it(first: str, then: str, card: str) -> None:
    u = ChatUser()
    u.say(first)
    u.say(then)
    lead = u.text.splitlines()[0]
    spec = gpus().get(card)
    assert f"{spec.memory_gb:g} GB" in lead and spec.name.split()[-1] in lead, u.text  # "… the card has 24 GB"
    assert "❌" in lead, u.text  # none of these holds the bigger job


def test_without_pointing_back_a_model_change_alone_keeps_the_card() -> None:
    u = ChatUser()
    u.say("Will a 14B QLoRA fit on one 4090?")
    u.say("what about a 72B QLoRA?")
    assert u.text.splitlines()[0].startswith("❌") and "4090" in u.text.splitlines()[0], u.text


def test_a_new_method_with_the_model_is_fitted_anew() -> None:
    u = ChatUser()
    u.say("Will a 14B QLoRA fit on one 4090?")
    u.say("what about a 7B full fine-tune?")
    assert "❌" not in u.text.splitlines()[0] and "4090" not in u.text.splitlines()[0], u.text
