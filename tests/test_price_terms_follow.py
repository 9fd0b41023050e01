"""A follow-up that changes a price's terms at its provider is priced under that provider's billing rules
(issue 18, session 17): a repeat purchase at 一万网络 (seed 003: ¥100 off each month), a currency asked together
with a length (the length kept, not the month priced before), the other memory size of the card priced (seed 002:
CloudGPU's 4090 48GB at $0.65 an hour, not the 24 GB one at $0.33), and the upgrade a FAQ question just asked
about added to the rental before it (seed 003: 16 cores ¥400, 128G RAM ¥600 a month)."""

from __future__ import annotations

import pytest

from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize("turns, figure", [
    (("一万网络 a100 40g 月付多少", "年付呢", "复购每月多少"), "¥2,700"),
    (("一万网络 a100 40g 包月", "老客户续购一个月多少"), "¥2,700"),
    (("yiwan a100 40g monthly price", "as a returning customer, how much per month?"), "¥2,700"),
    (("一万网络 3090 一个月多少", "复购呢"), "¥1,650"),
    (("yiwan rtx 3090 per month", "and for a repeat purchase?"), "¥1,650"),
])
def test_a_repeat_purchase_after_a_price_takes_the_monthly_discount_off(turns: tuple[str, ...], figure: str) -> None:
    lead = lead_lines(conversation(*turns), 3)
    assert figure in lead  # ¥2,800 − ¥100 (A100 40G), ¥1,750 − ¥100 (RTX 3090) a month
    assert "¥100" in lead  # the discount taken is stated


@pytest.mark.parametrize("turns, figure", [
    (("7b lora 最低配什么卡", "一万网络 3090 包月多少", "要多少人民币 租两个月"), "¥3,500"),
    (("一万网络 3090 包月", "换算成人民币 租3个月多少"), "¥5,250"),
    (("yiwan rtx 3090 per month", "in yuan for two months?"), "¥3,500"),
    (("cloudgpu 4090 每小时", "人民币多少 跑 10 小时"), "¥23"),
])
def test_a_currency_asked_with_a_length_prices_that_length(turns: tuple[str, ...], figure: str) -> None:
    lead = lead_lines(conversation(*turns), 3)
    assert figure in lead  # 2 or 3 × ¥1,750 a month; 10 h × $0.33 = $3.30 ≈ ¥23


@pytest.mark.parametrize("turns, figure", [
    (("cloudgpu 4090 24g 和 48g 差多少钱", "8 小时呢", "48g 跑 12 小时呢"), "$7.80"),
    (("cloudgpu 4090 多少钱一小时", "那 48gb 的跑一天呢"), "$15.60"),
    (("cloudgpu rtx 4090 hourly", "what about the 48gb one for 10 hours"), "$6.50"),
    (("cloudgpu 4090 48g 每小时", "24g 跑 8 小时呢"), "$2.64"),
])
def test_the_other_memory_size_of_the_card_priced_is_that_card(turns: tuple[str, ...], figure: str) -> None:
    lead = lead_lines(conversation(*turns), 3)
    assert figure in lead  # 12 h, 24 h, 10 h × $0.65 (48 GB); 8 h × $0.33 (24 GB)


def test_a_size_that_is_no_card_of_the_family_keeps_the_card() -> None:
    lead = lead_lines(conversation("cloudgpu 4090 每小时", "加 500g 存储 跑 8 小时呢"), 3)
    assert "48GB" not in lead


@pytest.mark.parametrize("turns, figure", [
    (("一万网络 a100 40g 跑 7b lora 行吗", "cpu 要不要升级", "升级后一个月多少"), "¥3,200"),
    (("一万网络 3090 包月多少", "内存要不要升级", "升级以后每月多少"), "¥2,350"),
    (("yiwan a100 40g for 7b lora ok?", "do I need to upgrade the RAM?", "how much a month with the upgrade?"), "¥3,400"),
    (("一万网络 a100 40g 跑 13b lora 够吗", "cpu 需要升级吗", "升级了两个月多少"), "¥6,400"),
])
def test_the_upgrade_asked_about_is_added_to_the_rental_before(turns: tuple[str, ...], figure: str) -> None:
    lead = lead_lines(conversation(*turns), 3)
    assert figure in lead  # ¥2,800 + ¥400 CPU; ¥1,750 + ¥600 RAM; ¥2,800 + ¥600; 2 × (¥2,800 + ¥400)


@pytest.mark.parametrize("turns, figure, said", [
    (("gpuli 4090 周租", "复购呢"), "₮109", "没有复购优惠"),
    (("cloudgpu 4090 每小时", "returning customer price for 10 hours?"), "$3.30", "no repeat-purchase discount"),
])
def test_a_repeat_purchase_where_none_is_offered_says_so(turns: tuple[str, ...], figure: str, said: str) -> None:
    lead = lead_lines(conversation(*turns), 3)
    assert figure in lead and said in lead  # the list price (gpuli's week, CloudGPU's 10 h × $0.33), no discount
