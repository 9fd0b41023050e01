"""An unknown slash command is read for what it asks (issue 18: "/price gpu:4090" typed the way other bots take
options): its name and option values as a message, answered where they ask a price, a sizing or a cost; the
command list otherwise. Figures from seed 002 (CloudGPU hourly) and seed 000 (gpuli weekly, monthly)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.chat_user import conversation

PRICES = {"4090": ("$0.33", "₮109"), "a100-80g": ("$1.49", "₮269"), "3090": ("$0.21", None)}


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(["price", "pricing", "prices", "rate"]), st.sampled_from(sorted(PRICES)),
       st.sampled_from(["gpu:{c}", "gpu: {c}", "card={c}", "{c}"]))
def test_an_unknown_price_command_with_a_card_prices_it(name: str, card: str, option: str) -> None:
    reply = conversation(f"/{name} {option.format(c=card)}")
    assert "There is no" not in reply and all(p in reply for p in PRICES[card] if p), reply


def test_a_provider_option_keeps_the_provider() -> None:
    reply = conversation("/price gpu:a100-80g provider:cloudgpu")
    assert "$1.49" in reply.splitlines()[1], reply


def test_an_unknown_sizing_command_sizes() -> None:
    assert "GB" in conversation("/vram model:qwen3-8b method:qlora").splitlines()[0]


@pytest.mark.parametrize("text", ["/price", "/hello there", "/ping now"])
def test_an_unknown_command_asking_nothing_lists_the_commands(text: str) -> None:
    assert "There is no" in conversation(text)
