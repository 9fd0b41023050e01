"""A full fine-tuning cost answer names seed 000's minimum setup for the class with its price and our
expected figure when the pick is another setup (7B: one 80 GB card with an 8-bit optimizer, ₮899 a
month at gpuli, beside a ₮1,699 MI300X pick); at a provider that does not rent it, nothing."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser


@pytest.mark.parametrize("msg", ["gpuli 7b 全参 包月最便宜多少", "7b full fine-tune for a month, cheapest?",
                                 "qwen2.5 7b 全参微调 租一个月 多少钱", "llama 3.1 8b full finetune one month cost at gpuli"])
def test_the_seeds_8bit_minimum_is_priced_beside_the_pick(msg: str) -> None:
    u = ChatUser()
    u.say(msg)
    line = next(ln for ln in u.text.splitlines() if ln.startswith("📌"))
    assert "8-bit" in line and "A100 80GB" in line and "₮899/" in line
    assert "GB / 80 GB" in line or "GB of 80 GB" in line


def test_lora_costs_name_no_seed_minimum() -> None:
    u = ChatUser()
    u.say("7b lora 租一个月多少钱")
    assert "最低配置" not in u.text  # the full fine-tuning minimum; the LoRA table's own card may be named


def test_a_provider_without_the_card_gets_no_line() -> None:
    u = ChatUser()
    u.say("一万网络 7b 全参 一个月多少钱")
    assert "📌" not in u.text
