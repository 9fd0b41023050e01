"""Classes read from blind 76's failures (session 28, r0a), in our own phrasings, both languages, seeds' figures.

A rule of money asked right after a price or a sizing is the rule's answer, never the last answer again:
- a refund asked with the time already used ("刚开十分钟 能退吗", "we rented it 40 minutes ago, can we get the rest
  back?") is not a rental's length re-priced: at gpuli the 1-hour refund window leads (seed 000: 实例创建后 1 小时内
  可以无理由退款); at cloudgpu, billed by the minute with a 1-hour hold, yes: the minutes used are billed (20 minutes of
  an A100 80GB at $1.49/h ≈ $0.50) and the rest of the hold goes back to the balance (seed 002).
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.chat_user import first_lines, said

PRICES = ["gpuli 4090 周租多少", "gpuli h100 一个月多少钱", "gpuli a100 80g weekly price?", "gpuli 5090 monthly?"]


@pytest.mark.parametrize("price", PRICES)
@pytest.mark.parametrize("ask, lead", [
    ("刚租了十五分钟 发现开错卡了 能退吗", "✅ 能退"),
    ("才开了 20 分钟 可以退不", "✅ 能退"),
    ("we created it 40 minutes ago, can we get the rest back?", "✅ Yes"),
    ("开了三个小时了 还能退吗", "❌ 不能退了"),
    ("used it for 2 hours already, refund possible?", "❌ No"),
])
def test_refund_with_time_used_after_a_gpuli_price_is_the_window(price: str, ask: str, lead: str) -> None:
    head = first_lines(said(price, ask))
    assert lead in head and "1" in head
    assert "💰" not in head  # never the rental re-priced for the time said


@pytest.mark.parametrize("price, ask, amount", [
    ("cloudgpu a100 80g hourly", "if we destroy it after 20 minutes do we get the rest back?", "$0.50"),
    ("cloudgpu a100 80g 一小时多少", "刚开二十分钟就销毁 剩下的能退回吗", "$0.50"),
    ("cloudgpu 4090 price per hour", "after 45 min we kill it, do we get the unused part back?", "$0.25"),
    ("cloudgpu 3090 多少钱一小时", "跑了 30 分钟就删了 剩下的钱能退吗", "$0.11"),
])
def test_minutes_back_at_the_per_minute_provider(price: str, ask: str, amount: str) -> None:
    head = first_lines(said(price, ask))
    assert ("✅ Yes" in head or "✅ 能" in head) and amount in head
    assert "1 hour" in head or "1 小时" in head
    assert "💰" not in head


# how much of the hold comes back is said: the hour held less the minutes billed (seed 002: a 4090 $0.33/h, so 15
# minutes cost $0.0825 and $0.2475 of the $0.33 held returns). The hold's own hour ("预授权扣了 1 小时", "holds an hour")
# is the provider's rule, never the time used.
@pytest.mark.parametrize("turns, back, used", [
    (("财务问：cloudgpu 预授权扣了 1 小时，实际只用了 15 分钟 4090 24g 就销毁了，退回来多少",), "$0.2475", "15 分钟"),
    (("cloudgpu 4090 冻结了一小时的钱，跑了 15 分钟就删了，能退回多少",), "$0.2475", "15 分钟"),
    (("cloudgpu pre-authorized an hour on a 4090, I destroyed it after 15 minutes, how much comes back?",), "$0.2475",
     "15 minutes"),
    (("cloudgpu 4090 price per hour", "after 45 min we kill it, how much comes back?"), "$0.0825", "45 minutes"),
    (("cloudgpu a100 80g 一小时多少", "刚开二十分钟就销毁 剩下的能退回吗"), "$0.9933", "20 分钟"),
    (("cloudgpu 3090 hourly?", "we killed it after 40 minutes, how much of the hold do we get back?"), "$0.07", "40 minutes"),
])
def test_the_hold_less_the_minutes_used_is_what_comes_back(turns: tuple[str, ...], back: str, used: str) -> None:
    head = first_lines(said(*turns))
    assert back in head and used in head and "💰" not in head, head


@settings(max_examples=20, deadline=None)
@given(minutes=st.integers(min_value=1, max_value=59), zh=st.booleans())
def test_any_minutes_used_of_the_hour_held_give_the_rest_back(minutes: int, zh: bool) -> None:
    ask = f"cloudgpu 4090 预授权 1 小时，用了 {minutes} 分钟就销毁，退多少" if zh else \
        f"cloudgpu holds an hour on a 4090; we destroyed it after {minutes} minutes, how much comes back?"
    charged = (Decimal("0.33") * minutes / 60).quantize(Decimal("0.0001"))
    back = f"{(Decimal('0.33') - charged).normalize():f}"
    head = first_lines(said(ask))
    assert f"${back}" in head or f"${back}0" in head, head


@settings(max_examples=25, deadline=None)
@given(minutes=st.integers(min_value=1, max_value=59), zh=st.booleans())
def test_any_time_inside_the_gpuli_window_is_refunded(minutes: int, zh: bool) -> None:
    ask = f"刚开 {minutes} 分钟 能退吗" if zh else f"we opened it {minutes} minutes ago, can we get a refund?"
    head = first_lines(said("gpuli 4090 周租多少" if zh else "gpuli 4090 weekly?", ask))
    assert ("✅ 能退" if zh else "✅ Yes") in head and f"{minutes}" in head


# ---------------------------------------------------------------- how to pay, and whether what the user has is taken

@pytest.mark.parametrize("before", ["7b qlora 4090", "14b lora 要多少显存", "gpuli 4090 周租多少", None])
@pytest.mark.parametrize("ask", ["钱怎么充进去", "咋充钱啊", "怎么往账户里充值", "how do I put money in", "how do I add funds?"])
def test_how_to_pay_after_anything_is_the_payment_answer(before: str | None, ask: str) -> None:
    me = said(*([before] if before else []), ask)
    assert "USDT" in me.text and ("Alipay" in me.text or "支付宝" in me.text)
    assert "GB" not in first_lines(me)  # never the sizing again


@pytest.mark.parametrize("ask, lead", [
    ("cloudgpu how to pay? all we have is alipay", "✅ Yes"),
    ("cloudgpu payment? we only have usdt and alipay", "✅ Yes"),
    ("cloudgpu 怎么付款 我们手上只有支付宝", "✅"),
    ("gpuli 怎么充值 我只有支付宝", "❌"),  # seed 000: gpuli tops up in USDT only
])
def test_what_the_user_has_is_answered_yes_or_no(ask: str, lead: str) -> None:
    assert lead in first_lines(said(ask), 1)


# ---------------------------------------------------------------- two cards priced, their difference asked tersely

@pytest.mark.parametrize("turns, figure", [
    (("cloudgpu 4090 8 hours", "那3090呢", "diff 多少"), "$0.96"),  # seed 002: $2.64 − $1.68
    (("cloudgpu 4090 跑 3 小时", "3090 呢", "价差多少"), "$0.36"),  # $0.99 − $0.63
    (("gpuli 4090 一个月多少", "5090 呢", "差额呢"), "₮130"),  # seed 000: ₮499 − ₮369
    (("cloudgpu a6000 for 8h", "and the 4090 48g?", "diff?"), "$1.68"),  # $5.20 − $3.52
])
def test_a_terse_difference_after_two_prices_leads(turns: tuple[str, ...], figure: str) -> None:
    assert figure in first_lines(said(*turns), 1)


# ---------------------------------------------------------------- a card each for people counted in characters

@pytest.mark.parametrize("turns, total", [
    (("14b qlora 4090 gpuli 月租多少", "我们仨一人一张呢"), "₮1,107"),  # 3 × ₮369
    (("gpuli 5090 包周多少", "咱俩一人一张的话"), "₮298"),  # 2 × ₮149
    (("cloudgpu 3090 8 小时", "他们仨每人一台 一共多少"), "$5.04"),  # 3 × $1.68
    (("gpuli 4090 monthly", "the three of us, one card each?"), "₮1,107"),
])
def test_one_card_each_for_the_people_counted(turns: tuple[str, ...], total: str) -> None:
    assert total in first_lines(said(*turns), 1)


# ---------------------------------------------------------------- a count written as a multiplier, alone

@pytest.mark.parametrize("turns, figure", [
    (("gpuli 4x A100 SXM monthly?", "and 8x?"), "₮8,352"),  # seed 000: 8×A100 SXM ₮8,352/月
    (("gpuli 4卡 h100 包月多少", "8x呢"), "₮14,432"),  # 8×H100 ₮14,432/月
    (("gpuli 8卡 a100 sxm 一个月", "what about x4?"), "₮4,308"),
])
def test_a_bare_multiplier_changes_the_count(turns: tuple[str, ...], figure: str) -> None:
    assert figure in first_lines(said(*turns))



@pytest.mark.parametrize(("text", "rest"), [
    # what becomes of the hold asked after a destroy, no "refund" said: the minutes used billed, the rest said back
    ("cloudgpu – if i destroy the box after 20 mins, what happens to the 1h preauth?", "other 40 minutes"),
    ("cloudgpu: destroyed it after 45 minutes, what happens to my hold?", "other 15 minutes"),
    ("cloudgpu a100 用了 30 分钟就销毁，没用完的预授权怎么算", "没用完的 30 分钟回到余额"),
    ("cloudgpu 4090 跑了 10 分钟就销毁了，剩下的预授权呢", "没用完的 50 分钟回到余额"),
])
def test_the_holds_fate_after_a_destroy_is_the_minutes_left_back(text: str, rest: str) -> None:
    lead = first_lines(said(text), 2)
    assert rest in lead, lead
