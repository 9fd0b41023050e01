"""Money weighed against a price (session 22): a multiplied count of minutes or hours, the balance to keep for a
run stated after its card's price, the start's hold of a card named in the same message, all the money there is
("只有", "only have", Cantonese 我哋得) weighed rather than set as a monthly budget, and how long a budget runs a
card billed by the minute. Prices from the seeds: CloudGPU RTX 4090 $0.33/h, RTX 3090 $0.21/h, A100 80G $1.49/h
(one hour pre-authorized while running); gpuli RTX 4090 ₮109 a week."""

from __future__ import annotations

import pytest

from bot.understand.normalize import normalize
from tests.chat_user import ChatUser, first_lines


def _chat(*turns: str) -> ChatUser:
    chat = ChatUser()
    for turn in turns:
        chat.say(turn)
    return chat


@pytest.mark.parametrize(("text", "want"), [("跑 3千分钟", "3000 分钟"), ("1w 分钟", "10000 分钟"),
                                            ("2k minutes", "2000 minutes"), ("1.5万小时", "15000 小时")])
def test_a_multiplied_count_of_minutes_or_hours_is_that_number(text: str, want: str) -> None:
    assert want in normalize(text)


def test_a_bare_w_after_a_number_stays_a_week() -> None:
    assert "1w" in normalize("gpuli 4090 1w 多少钱")


@pytest.mark.parametrize(("turn", "total"), [("cloudgpu 4090 跑 1.2w 分钟 多少钱", "$66 — 200"),
                                             ("2k minutes on a cloudgpu 4090, cost?", "$11 — 33.3")])
def test_a_rental_in_multiplied_minutes_is_priced_for_those_minutes(turn: str, total: str) -> None:
    assert total in _chat(turn).text, turn  # 12,000 min = 200 h × $0.33; 2,000 min × $0.33 / 60


@pytest.mark.parametrize(("turns", "total"), [
    (("cloudgpu 4090 多少钱一小时", "要跑 6 小时，余额留多少"), "$2.31"),  # 6 × $0.33 + the held hour $0.33
    (("cloudgpu a100 80g hourly?", "a 4 hour job, how much balance should I keep"), "$7.45"),  # 4 × $1.49 + $1.49
])
def test_the_balance_to_keep_counts_the_run_stated_after_the_price(turns: tuple[str, ...], total: str) -> None:
    chat = _chat(*turns)
    assert total in chat.lines[0], chat.text


@pytest.mark.parametrize(("turn", "hold"), [("minimum balance to start an a100 80g on cloudgpu?", "$1.49"),
                                            ("开一台 4090 余额最少要多少", "$0.33"),
                                            ("how much balance do I need to start a 3090", "$0.21")])
def test_the_start_hold_of_a_card_named_in_the_message_leads(turn: str, hold: str) -> None:
    chat = _chat(turn)
    assert hold in chat.lines[0] and "CloudGPU" in chat.lines[0], chat.text


def test_a_prepaid_provider_named_is_never_answered_with_another_ones_hold() -> None:
    chat = _chat("gpuli 4090 开机先扣多少")
    assert "₮109" in chat.lines[0] and "CloudGPU" not in chat.lines[0], chat.text


@pytest.mark.parametrize(("turns", "hours"), [(("cloudgpu 4090 一小時", "$100 可以跑幾耐"), "303"),
                                              (("cloudgpu a100 80g", "我哋得五千美金預算"), "3,355")])
def test_cantonese_how_long_and_only_have_divide_the_money(turns: tuple[str, ...], hours: str) -> None:
    chat = _chat(*turns)
    assert hours in first_lines(chat) and "月预算已设置" not in chat.text, chat.text


@pytest.mark.parametrize(("turns", "unset"), [(("gpuli 8卡 h100 包月", "我们只有 2 万块预算"), "月预算已设置"),
                                              (("gpuli 8x h100 monthly", "we only have 20k cny budget"), "budget set")])
def test_money_said_to_be_all_there_is_is_weighed_never_set(turns: tuple[str, ...], unset: str) -> None:
    chat = _chat(*turns)
    assert unset not in chat.text and "14,432" in first_lines(chat), chat.text


@pytest.mark.parametrize(("turns", "lasts"), [(("cloudgpu 4090 跑 10 小时", "我只有 5 刀"), "909 分钟"),
                                              (("cloudgpu 3090 for 20 hours, budget $10 enough?",), "2,857 min")])
def test_a_budget_within_a_metered_run_says_how_long_it_lasts(turns: tuple[str, ...], lasts: str) -> None:
    chat = _chat(*turns)
    assert lasts in first_lines(chat), chat.text  # $5 / $0.33 × 60; $10 / $0.21 × 60, whole minutes


@pytest.mark.parametrize(("text", "methods"), [("14b lora + 7b qlora on gpuli for a month", [(14.0, "lora"), (7.0, "qlora")]),
                                               ("32b qlora 和 7b 全参 各要几卡", [(32.0, "qlora"), (7.0, "full")]),
                                               ("7b 和 14b 全参各要几卡", [(7.0, "full"), (14.0, "full")])])
def test_a_method_typed_after_each_size_stays_that_sizes_own(text: str, methods: list[tuple[float, str]]) -> None:
    from bot.understand.parser import parse
    from tests.chat_user import T0

    assert [(p.request.params_b, p.request.method) for p in parse(text, T0).parts] == methods


@pytest.mark.parametrize(("turn", "safe", "table"), [
    ("budget 1000 usdt a month: 14b lora + 7b qlora both on gpuli, fits?", "₮758", "₮1,018"),  # A6000 389 + 4090 369; L40S 649
    ("预算 ₮1000 一个月 14b lora 和 7b qlora 都在 gpuli 跑 够吗", "₮758", "₮1,018"),
])
def test_several_jobs_under_one_budget_are_summed_at_the_provider(turn: str, safe: str, table: str) -> None:
    chat = _chat(turn)
    assert safe in chat.lines[0] and table in chat.lines[1] and ("₮18" in chat.lines[1]), chat.text


@pytest.mark.parametrize("turn", ["8卡h100 跑32b全参 每卡每小时合多少", "32b full on 8x h100, what's that per gpu-hour?"])
def test_a_jobs_stated_setup_asked_per_card_hour_is_that_setups_rate(turn: str) -> None:
    assert "₮2.51" in first_lines(_chat(turn))  # gpuli 8×H100 ₮14,432 / (8 × 720 h)


@pytest.mark.parametrize("turns", [("gpuli h100x8 per month", "which regions have infiniband", "2 nodes with infiniband, total?"),
                                   ("gpuli 8卡 h100 包月", "两台 加 IB 一共多少")])
def test_nodes_with_infiniband_after_a_machines_price_are_that_many_machines_joined(turns: tuple[str, ...]) -> None:
    assert "₮30,064" in first_lines(_chat(*turns))  # 2 × ₮14,432 + 2 nodes × ₮600


@pytest.mark.parametrize(("turns", "total"), [
    (("gpuli 8卡 h100 包月", "出口流量收费吗", "加 2000g 存储卷 1000g 对象存储 一共多少"), "₮14,607"),  # 14,432 + 160 + 15
    (("gpuli 4090 monthly", "is egress charged?", "add a 500gb volume, total?"), "₮409"),  # 369 + 500 × 0.08
])
def test_an_add_on_after_a_faq_detour_is_added_to_the_rental_before_it(turns: tuple[str, ...], total: str) -> None:
    assert total in first_lines(_chat(*turns))


@pytest.mark.parametrize(("turns", "month"), [
    (("a100 40g monthly at 一万网络?", "annual?", "with the repeat-purchase discount, per month?"), "¥2,700"),
    (("一万网络 3090 monthly", "repeat-customer price per month?"), "¥1,650"),  # ¥1,750 less ¥100
])
def test_a_hyphenated_repeat_purchase_takes_its_discount_off_the_month(turns: tuple[str, ...], month: str) -> None:
    assert month in first_lines(_chat(*turns))
