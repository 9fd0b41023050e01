"""How much two setups differ, asked with no length or at a provider named: the hourly (or weekly) rate's
difference at the provider that rents both ("A100-80G on CloudGPU vs A800 80G, hourly difference?": $0.40),
and a card pair compared for a job at the provider named ("32b 全参 8卡 gpuli 选 a100 还是 h100 差价多少": at
gpuli, ₮8,352 vs ₮14,432, ₮6,080 apart), never at another provider's band."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser


@pytest.mark.parametrize(("message", "needles"), [
    ("A100-80G on CloudGPU vs A800 80G, hourly difference?", ("$1.49", "$1.09", "$0.40")),
    ("cloudgpu 上 4090 和 3090 每小时差多少", ("$0.33", "$0.21", "$0.12")),
    ("gpuli 4090 vs 5090 price difference", ("₮109", "₮149", "₮40")),
])
def test_a_rate_difference_leads(message: str, needles: tuple[str, ...]) -> None:
    chat = ChatUser()
    chat.say(message)
    assert all(n in chat.lines[0] for n in needles), chat.text


@pytest.mark.parametrize(("message", "needles"), [
    ("32b 全参 8卡 gpuli 选 a100 还是 h100 差价多少", ("gpuli", "₮8,352", "₮14,432", "₮6,080")),
    ("at gpuli, 32b full finetune on 8x a100 vs 8x h100, how much more is the h100?", ("gpuli", "₮8,352", "₮6,080")),
    ("14b full finetune at gpuli: 4x a100 or h200, which is cheaper and by how much", ("₮4,308", "₮10,396", "₮6,088")),
    ("at gpuli, 32b full finetune on 8x a100 vs 8x h100, price difference?", ("₮8,352", "₮14,432", "₮6,080")),
    ("32b full finetune 8 cards a100 vs h100 at gpuli, difference in cost?", ("₮8,352", "₮6,080")),
])
def test_a_card_pair_for_a_job_is_compared_at_the_provider_named(message: str, needles: tuple[str, ...]) -> None:
    chat = ChatUser()
    chat.say(message)
    assert all(n in chat.lines[0] for n in needles), chat.text


def test_a_band_is_compared_without_a_difference_of_its_ends() -> None:
    chat = ChatUser()
    chat.say("32b 全参 8卡 a100 还是 h100")
    assert "¥25,000–40,000" in chat.lines[0] and "差" not in chat.lines[0], chat.text
