"""Issue 18, prices (blind set 11): seed 000's roomy ("宽裕") full fine-tuning setups and the cards of
its LoRA table come with their prices. Asked for room, the reply names the table's roomy setup and
what gpuli charges for it (7B: 1×H200 ₮2,599 a month; 14B: 4×H100 ₮7,444; 32B: 8×H100 ₮14,432; 72B:
8×H200 with an 8-bit optimizer ₮19,752); where our LoRA figure differs from the table, the table's
card is priced too (72B bf16 LoRA: one MI300X, ₮1,699 a month)."""

from __future__ import annotations

import pytest

from tests.chat_user import first_lines, said


@pytest.mark.parametrize(("text", "setup", "price"), [
    ("14b 全参 想宽裕点 怎么配", "4×H100", "₮7,444"),
    ("14b full fine-tune, I'd like a roomy setup", "4× H100", "₮7,444"),
    ("7b 全参 宽裕一点 用什么卡", "1×H200", "₮2,599"),
    ("72b full fine-tuning with plenty of headroom: which cards?", "8× H200", "₮19,752"),
])
def test_a_roomy_sizing_names_the_tables_roomy_setup_and_price(text: str, setup: str, price: str) -> None:
    me = said(text)
    assert setup in first_lines(me), me.text  # the table's roomy setup is the pick
    assert price in first_lines(me, 5), me.text  # and its price is the sizing's price line


@pytest.mark.parametrize("text", [
    "32b 全参 宽裕配置 一个月多少",
    "32b 全参 想宽松点 包月多少钱",
    "32B full fine-tuning, roomy setup, monthly cost?",
])
def test_a_roomy_cost_leads_with_the_tables_roomy_price(text: str) -> None:
    assert "₮14,432" in first_lines(said(text))


@pytest.mark.parametrize("text", ["72b lora bf16 推荐什么卡", "which card for a 72b bf16 lora?", "72B LoRA 用啥卡"])
def test_the_tables_lora_card_is_priced_beside_its_figure(text: str) -> None:
    reply = said(text).text
    assert "MI300X" in reply and "₮1,699" in reply, reply
