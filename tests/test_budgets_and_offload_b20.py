"""Blind set 20's classes, as behaviour: an amount typed without a currency is yuan in a Chinese
message and dollars in an English one (said in one line); money asked whether it rents a card ("能租 X
吗") is a budget check that leads with "not enough" and what is missing; a stated week for a job whose
safe pick is sold by the month names seed 000's minimum under the lead, at its weekly price; "is offload
the cheapest way" is answered with both prices; a single-card provider's answer leads with its verdict."""

from __future__ import annotations

import pytest

from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize(("text", "lead"), [
    # ¥50,000 against gpuli 8×H100 ₮14,432 a month (about ¥102,467): not enough, a week (₮4,172) is
    ("预算 5万 够租 8 卡 h100 一个月吗", ["¥50,000", "不够", "₮14,432"]),
    ("手上 2万 能租 8卡 h100 一周吗", ["¥20,000", "不够", "₮4,172"]),
    ("4万以内，8卡h100包月行不行", ["¥40,000", "不够"]),
    # in English the same bare amount is dollars: $20,000 covers ₮14,432
    ("budget 20k, can I rent 8x h100 for a month?", ["$20,000", "enough", "₮14,432"]),
])
def test_a_bare_amount_is_the_messages_currency(text: str, lead: list[str]) -> None:
    reply = conversation(text)
    for word in lead:
        assert word in lead_lines(reply), (text, reply)
    assert ("按人民币算" if "¥" in lead[0] else "read as US dollars") in reply


@pytest.mark.parametrize(("text", "lead"), [
    ("300u 能租 8卡 h100 吗", ["不够", "₮4,172", "₮3,872"]),
    ("50刀能租 4 卡 a100 吗", ["不够", "₮4,308"]),
    ("would 1000 usdt rent 8x h100?", ["not enough", "₮4,172", "₮3,172 short"]),
    ("does $50 get me a 4090?", ["$50", "151.5 hours"]),
])
def test_money_asked_whether_it_rents_a_card_is_a_budget_check(text: str, lead: list[str]) -> None:
    reply = conversation(text)
    assert "cloudgpu 能租多卡" not in reply and "estimate how long" not in reply
    for word in lead:
        assert word in lead_lines(reply, 1), (text, reply)


def test_a_budget_short_of_every_term_does_not_suggest_a_shorter_one() -> None:
    reply = conversation("手上 2万 能租 8卡 h100 一周吗")
    assert "租短一点就够" not in reply


@pytest.mark.parametrize("text", [
    "7b 全参 a100 sxm 租一周 多少钱",
    "a week of 7b full finetune on a100 sxm, price?",
    "8b 全参 a100 租 5 天 多少钱",
])
def test_a_stated_week_names_the_seed_minimum_at_its_weekly_price(text: str) -> None:
    reply = conversation(text)
    assert "₮319" in lead_lines(reply), reply  # seed 000: 7B full on one A100 SXM, ₮319 a week


@pytest.mark.parametrize(("text", "lead"), [
    ("is offloading the cheapest way for a 14b full finetune?", ["Yes", "$784.80", "₮4,308", "ZeRO-3"]),
    ("14b 全参 开 offload 是不是最便宜", ["是", "$784.80", "₮4,308"]),
    ("14b 全参 offload 是最省钱的吗", ["是", "₮4,308"]),
    ("32b 全参 用 offload 会更便宜吗", ["₮1,699", "¥25,000–40,000"]),
    ("7b full, is offload cheaper for 2 weeks?", ["$147.84", "14 days", "$500.64", "8-bit"]),
    ("7B 全参 单卡 offload 是不是最省的", ["8-bit", "₮899", "$316.80"]),
    ("is single-card offload the cheapest way to full-finetune a 7B?", ["Yes", "8-bit", "₮899"]),
])
def test_offload_on_price_answers_with_both_prices(text: str, lead: list[str]) -> None:
    reply = conversation(text)
    head = lead_lines(reply, 2)
    for word in lead:
        assert word in head, (text, reply)
    assert "20" in head and "50%" in head  # its throughput cost


@pytest.mark.parametrize(("text", "lead"), [
    ("cloudgpu 能做 7b 全参吗", "只能单卡"),
    ("can cloudgpu handle an 8b full fine-tune?", "Single card only"),
    ("cloudgpu 上 14b 全参 行吗", "不行"),
    ("can I full finetune 32b on cloudgpu?", "No"),
])
def test_a_single_card_provider_leads_with_its_verdict(text: str, lead: str) -> None:
    reply = conversation(text)
    assert reply.strip().splitlines()[0].split("：")[0].split(":")[0].find(lead) >= 0, reply
