"""Classes blind set 27 showed, each asked in both languages, with phrasings of our own: a currency asked
after a sizing that priced its setup is that price in the currency, not the job sized again; how much to top
up after a price is that price plus the provider's hold while it runs (CloudGPU pre-authorizes one hour,
seed 002), never a read of the wallet; storage added to a multi-card setup just priced totals with it (seed
000: ₮14,432 + ₮160 + ₮15 = ₮14,607); "why not ZeRO-2" after a ZeRO answer is that job on ZeRO-2, whose states
need 120 GB a card on 8 cards for 32B full (seed 000's sharding figures); a framework named alone right after
an export is that framework's files."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize(("job", "ask", "figure"), [
    ("70b 全参 8 张 h100 在 gpuli 要多少钱", "换成人民币呢", "¥102,467"),
    ("72b full fine-tune on 8 h100 at gpuli, how much", "what's that in CNY?", "¥102,467"),
    ("32b 全参 8卡 a100 gpuli 租金", "人民币是多少", "¥"),
    ("full finetune a 72b on 8x h100 gpuli price?", "and in rmb", "¥"),
])
def test_a_currency_after_a_priced_sizing_leads_with_that_price(job: str, ask: str, figure: str) -> None:
    lead = lead_lines(conversation(job, ask), 3)
    assert figure in lead and ("❌" not in lead and "装不下" not in lead and "does not fit" not in lead), lead


@pytest.mark.parametrize("ask", ["余额得存多少钱才保险", "那我要充多少", "账户里该留多少",
                                 "how much should we top up to be safe?", "how much do I need to load into the wallet for that"])
def test_a_top_up_after_a_metered_price_is_the_price_plus_the_hold(ask: str) -> None:
    lead = lead_lines(conversation("cloudgpu 4090 跑 8 小时多少钱", ask), 2)
    assert "$2.97" in lead and "$2.64" in lead and "$0.33" in lead, lead  # 8 h × $0.33 + the 1-hour hold


def test_a_top_up_for_an_a100_day_holds_an_hour_of_it() -> None:
    lead = lead_lines(conversation("a100 80g on cloudgpu for 20 hours, how much", "how much should I top up?"), 1)
    assert "$31.29" in lead, lead  # 20 × $1.49 = $29.80, plus one hour $1.49


@pytest.mark.parametrize("ask", ["那余额要充多少才够", "how much should I add to my balance for it?"])
def test_a_top_up_for_a_prepaid_week_is_its_price(ask: str) -> None:
    lead = lead_lines(conversation("gpuli 4090 一周多少钱", ask), 1)
    assert "₮109" in lead and "钱包" not in lead and "wallet" not in lead.lower(), lead


@pytest.mark.parametrize("text", ["要留多少显存", "how much memory should I keep free"])
def test_memory_to_keep_is_no_top_up(text: str) -> None:
    assert not parse(text).asks.top_up


@pytest.mark.parametrize(("job", "ask"), [
    ("32b 全参 8 张 h100 gpuli 包月多少", "再加 2000G 存储卷 和 1T 对象存储 总共多少钱"),
    ("32b full fine-tune on 8x h100 at gpuli, monthly cost?", "plus a 2000 GB volume and 1 TB of object storage, total?"),
])
def test_storage_joined_to_a_multi_card_setup_totals_with_it(job: str, ask: str) -> None:
    lead = lead_lines(conversation(job, ask), 3)
    assert "₮14,607" in lead, lead


@pytest.mark.parametrize(("job", "ask"), [
    ("32b 全参 8 张 h100 该用 zero 几", "为什么 zero2 不行"),
    ("32b 全参 8卡h100 zero 选哪档", "zero-2 为啥不能用"),
    ("32b full fine-tune on 8 h100s, which zero stage?", "why not zero 2?"),
    ("which ZeRO stage for a 32b full finetune on 8x h100", "why can't we use ZeRO-2"),
])
def test_why_not_a_zero_stage_is_answered_for_that_job(job: str, ask: str) -> None:
    lead = lead_lines(conversation(job, ask), 3)
    assert "ZeRO-2" in lead and "120 GB" in lead and ("装不下" in lead or "does not fit" in lead), lead


@pytest.mark.parametrize(("turns", "key"), [
    (("14b lora gpuli 4090 周租多少", "导出训练配置", "deepspeed"), "zero_optimization"),
    (("32b 全参 8 张 h100 多少钱", "给我导出配置", "用 deepspeed 的"), '"stage": 3'),
    (("7b lora on one 4090, cost?", "export the config", "deepspeed please"), "zero_optimization"),
    (("32b full on 8x h100 at gpuli monthly?", "export configs", "ds"), '"stage": 3'),
])
def test_a_framework_named_after_an_export_is_its_files(turns: tuple[str, ...], key: str) -> None:
    reply = conversation(*turns)
    assert "DeepSpeed" in lead_lines(reply, 1) and key in reply, reply


def test_a_framework_alone_with_no_export_before_is_not_an_export() -> None:
    reply = conversation("32b 全参 8卡 h100 gpuli 月租多少", "deepspeed")
    assert "ds_config.json" not in lead_lines(reply, 2), reply


@pytest.mark.parametrize("text", ["充多少送多少", "最少充多少", "how much do I need to add to get a discount"])
def test_a_rule_of_topping_up_is_no_top_up_figure(text: str) -> None:
    assert not parse(text).asks.top_up
