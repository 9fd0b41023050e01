"""Money said the way finance says it ("can I approve $60 for it?", "finance cap is ¥100k/month, safe?", "批 ₮300
够不够", "₮400 以内行吗") is a budget checked against the rental: the verdict leads. A count before a card before a
unit word ("the 8 H100 month") counts cards. "预算 3w 一万网络 每月 能租什么" lists what that provider rents within it.

Seed 000 (gpuli): an RTX 4090 ₮369 a month, 8×H100 ₮14,432 a month, a volume ₮0.08 per GB-month; seed 003
(一万网络): 8×H100 ¥80,000–120,000 a month, an A100 40G ¥2,800; CloudGPU: an A100 80G $1.49 an hour."""

from __future__ import annotations

import pytest

from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize(("turns", "said"), [
    (("can I approve $100 for 8 hours on a CloudGPU A100 80G?",), ("enough", "$11.92", "$88.08 left")),
    (("CloudGPU A100 80G hourly", "for 36h?", "can I approve $60 for it?"), ("enough", "$53.64", "$6.36 left")),
    (("14B full on gpuli monthly?", "can I approve 5k USDT for that"), ("enough", "₮4,308", "₮692 left")),
    (("gpuli 4090 包月", "批 ₮300 够不够"), ("不够", "₮369", "超出 ₮69")),
    (("gpuli 4090 包月", "₮400 以内行吗"), ("够", "₮369", "还剩 ₮31")),
    (("gpuli 4090 monthly", "the finance cap is 300 USDT, safe?"), ("not enough", "₮369", "₮69 over")),
    (("cloudgpu 4090 跑 100 小时", "财务批了 $40，够吗"), ("够", "$33", "还剩 $7")),
])
def test_an_approval_or_a_cap_is_a_budget_checked_with_the_verdict_first(turns: tuple[str, ...], said: tuple[str, ...]) -> None:
    reply = conversation(*turns)
    first = lead_lines(reply, 1)
    assert all(s in first for s in said), reply


@pytest.mark.parametrize("text", ["finance cap is ¥100k/month, safe?", "财务批了 10 万一个月，够吗"])
def test_an_estimated_band_is_judged_on_its_high_end(text: str) -> None:
    first = lead_lines(conversation("the H100 8-card at 一万网络, monthly?", text), 1)
    assert "¥80,000–120,000" in first and "¥20,000" in first, first


@pytest.mark.parametrize(("text", "days"), [
    ("gpuli the 8 H100 month price", "30 d"),
    ("how much is the 4 A100 week at gpuli?", "7 d"),
    ("our gpuli invoice says 14,592 for the 8 H100 month plus a 2000GB volume, correct?", "30 d"),
    ("gpuli 8 卡 h100 一个月 加 2000G 存储卷", "30 天"),
])
def test_a_count_before_a_card_counts_cards_not_months(text: str, days: str) -> None:
    reply = conversation(text)
    assert f"for {days}" in reply or f"租 {days}" in reply, reply
    assert "240" not in reply and "8 months" not in reply, reply


def test_the_priced_invoice_shows_its_parts() -> None:
    reply = conversation("our gpuli invoice says 14,592 for the 8 H100 month plus a 2000GB volume, correct?")
    assert "₮14,592" in reply and "₮14,432" in reply and "₮160" in reply, reply


@pytest.mark.parametrize(("text", "said"), [
    ("预算 3w 人民币 一万网络 每月 能租什么", ("¥30,000", "一万网络", "¥2,800")),
    ("一万网络 每月预算 2万 能租些什么", ("¥20,000", "一万网络", "¥2,800")),
    ("预算两千块 一万网络 能租啥", ("¥2,000", "¥1,750")),
    ("gpuli 预算 ₮1000 一个月 能租哪些", ("₮1,000", "₮899")),
    ("cap it at 1.5万 per month at 一万网络, what GPU can we get", ("¥15,000", "rents", "¥2,800")),
    ("budget of $500 a month at cloudgpu, what can we rent?", ("$500", "rents", "$237.60")),
])
def test_what_a_budget_rents_at_a_provider_names_the_budget_back(text: str, said: tuple[str, ...]) -> None:
    reply = conversation(text)
    first = lead_lines(reply, 1)
    assert all(s in first for s in said), reply
    assert "用中文" not in reply, reply


@pytest.mark.parametrize(("text", "said"), [
    ("our gpuli invoice says 14,592 for the 8 H100 month plus a 2000GB volume, correct?",
     ("Yes", "₮14,592", "₮14,432", "volume 2,000 GB ₮160")),
    ("gpuli 账单上写着 ₮529，4090 包月加 2000G 存储卷，对吗", ("对", "₮529", "₮369", "存储卷 2,000 GB ₮160")),
    ("the bill from cloudgpu was $14 for 8 hours of an A100 80G, is that right?", ("No", "$11.92", "$2.08 more")),
    ("一万网络 3090 包月 发票 1800 元 对不对", ("不对", "¥1,750", "多了 ¥50")),
    ("gpuli 4090 a week, we were charged 100, correct?", ("No", "₮109", "₮9 less")),
])
def test_a_bill_said_back_is_checked_against_the_computed_bill(text: str, said: tuple[str, ...]) -> None:
    first = lead_lines(conversation(text), 1)
    assert all(s in first for s in said), first
