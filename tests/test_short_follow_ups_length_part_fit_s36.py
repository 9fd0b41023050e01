"""A short follow-up that changes the length, adds a part or asks a fit of the last answer's job (issue 18, classes B
and F, session 36): "non-stop" is a length, never a stop order; a length typed in English units inside Chinese is
priced; "含存储呢" adds the storage to the rate just given; a count of cards with "ok?" is the job on them; 月费 is the
monthly term; a budget is weighed against the month just priced; each provider's own length is priced; the cheapest
card asked by the hour is named with its rate. Figures from the seeds (CloudGPU A6000 $0.44/h, 4090 $0.33/h, 3090
$0.21/h; gpuli 8×H100 ₮14,432 a month, the storage example ₮175 more; gpuli A6000 ₮115 a week)."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from bot.understand.wallet_intent import STOP
from tests.chat_user import ChatUser


def _said(*turns: str) -> ChatUser:
    me = ChatUser()
    for turn in turns:
        me.say(turn)
    return me


@pytest.mark.parametrize(("turns", "needle"), [
    (("cloudgpu a6000 hourly", "and 2 days non-stop?"), "$21.12"),  # 48 h × $0.44
    (("cloudgpu a6000 hourly", "what about 5 hours nonstop"), "$2.20"),  # 5 h × $0.44
    (("8b qlora 在 cloudgpu 用 4090 ok 吗", "跑 10 hours 多少"), "$3.30"),  # 10 h × $0.33
    (("8b qlora 在 cloudgpu 用 4090 ok 吗", "跑 3 days 要多少"), "$23.76"),  # 72 h × $0.33
])
def test_a_length_after_a_price_or_a_fit_is_priced(turns: tuple[str, ...], needle: str) -> None:
    me = _said(*turns)
    assert me.last is not None and me.last.kind != "error", me.text
    assert needle in "\n".join(me.lines[:3]), me.text


@pytest.mark.parametrize(("text", "stops"), [("non stop for 3 days", False), ("don't stop it", False),
                                              ("stop rental 4", True), ("please stop #2", True)])
def test_non_stop_is_no_order_to_stop(text: str, stops: bool) -> None:
    assert (STOP.search(text) is not None) is stops
    action = parse(text).wallet
    assert (action is not None and action.kind == "stop") is stops


@pytest.mark.parametrize(("turns", "needle"), [
    (("8 张 h100 折合每卡每小时多少", "算上存储呢"), "₮2.54"),  # (₮14,432 + ₮160 + ₮15) ÷ (8 × 720 h)
    (("what does an 8x H100 box cost per gpu-hour", "and with storage included?"), "₮2.54"),
])
def test_storage_added_to_a_per_card_rate_with_no_provider_named(turns: tuple[str, ...], needle: str) -> None:
    me = _said(*turns)
    assert needle in "\n".join(me.lines[:3]), me.text
    assert me.last is not None and me.last.kind != "faq"


@pytest.mark.parametrize(("turns", "lead"), [
    (("qwen3 32b lora bf16 memory?", "two A100 80G ok?"), "2× A100 80GB"),
    (("qwen3 32b lora bf16 memory?", "2x h100 okay?"), "2× H100"),
    (("14b full finetune memory?", "one h200 ok?"), "1× H200"),
])
def test_cards_with_a_fit_tag_are_the_job_on_them(turns: tuple[str, ...], lead: str) -> None:
    me = _said(*turns)
    assert me.last is not None and me.last.kind == "sizing", me.text
    assert lead in me.lines[0], me.text


@pytest.mark.parametrize(("text", "days"), [("gpuli 4090 月费多少", 30.0), ("gpuli a6000 周费", 7.0), ("上月费用多少", None)])
def test_monthly_fee_names_the_monthly_term(text: str, days: float | None) -> None:
    assert parse(text).rental.duration_days == days


def test_a_card_change_keeps_the_monthly_fee_asked() -> None:
    me = _said("70b 全参 gpuli 最低配置和月费", "h200")
    assert "₮19,752" in "\n".join(me.lines[:3]), me.text  # gpuli 8×H200 a month


@pytest.mark.parametrize(("turns", "verdict", "figure"), [
    (("32b full ft on 8 h100 ok?", "monthly at gpuli?", "budget is 12k usdt, enough?"), "not enough", "₮14,432"),
    (("32B 全参 8 卡 H100 够吗", "gpuli 包月多少", "预算 1.2 万 U 够吗"), "不够", "₮14,432"),
    (("32B 全参 8 卡 H100 够吗", "gpuli 包月多少", "预算 2 万 U 够吗"), "够", "₮14,432"),
])
def test_a_budget_is_weighed_against_the_month_just_priced(turns: tuple[str, ...], verdict: str, figure: str) -> None:
    me = _said(*turns)
    assert verdict in me.lines[0] and figure in me.lines[0], me.text


@pytest.mark.parametrize(("text", "first", "second"), [
    ("3090 cloudgpu 跑 5 小时 一万网络 包月 各多少", "$1.05", "¥1,750"),  # 5 h × $0.21; 一万网络's month
    ("a6000: a week at gpuli and 12 hours at cloudgpu?", "₮115", "$5.28"),  # gpuli's week; 12 h × $0.44
])
def test_each_provider_priced_for_its_own_length(text: str, first: str, second: str) -> None:
    shown = _said(text).text
    assert first in shown and second in shown, shown
    assert shown.index(first) < shown.index(second)


def test_one_length_at_two_providers_is_still_one_comparison() -> None:
    me = _said("gpuli 和 cloudgpu 的 4090 一周各多少")
    assert "₮109" in me.text and "$55.44" in me.text  # gpuli's week; 168 h × $0.33
    assert me.last is not None and not me.last.also, me.text


@pytest.mark.parametrize(("text", "card", "price"), [
    ("what's the cheapest gpu by the hour?", "3090", "$0.21"),
    ("最便宜的显卡每小时多少", "3090", "$0.21"),
    ("cheapest card for a week?", "3090", "$35.28"),  # 168 h × $0.21, below any weekly term
])
def test_the_cheapest_card_is_named_with_its_price(text: str, card: str, price: str) -> None:
    me = _said(text)
    assert card in me.lines[0] and price in "\n".join(me.lines[:2]), me.text
