"""Issue 18, blind sets 22 and 23: money words, currencies and rental units read as the user means them.

A currency asked inside a price question is the answer's currency, with the reference rate it rests on;
a currency asked after a priced length keeps that length; a span weighed against the other unit's name
in one message is bought both ways; a per-card rate is given in the unit asked (minute, hour, day);
card time ("30 GPU-hours", "20 卡时") is a length, shared over the cards named. The figures are the
seeds' (CloudGPU by the minute: RTX 4090 $0.33/h, RTX A6000 $0.44/h, A800 $1.09/h; gpuli RTX 4090
₮109/week ₮369/month, L40S ₮189/week ₮649/month, 8×H100 ₮4,172/week ₮14,432/month) at the catalog's
reference rates ($1 ≈ ₮1, $1 ≈ ¥7.1).
"""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import conversation, lead_lines

# ---------------------------------------------------------------- a currency inside a price question


@pytest.mark.parametrize("text, converted", [
    ("a800 跑 10 小时多少钱 合多少人民币", "$10.90 ≈ ¥77.39"),  # 10 h × $1.09, × 7.1
    ("l40s 一周 gpuli 多少块人民币", "₮189 ≈ ¥1,342"),
    ("cloudgpu 4090 跑 5 小时 要几块人民币", "$1.65 ≈ ¥11.72"),
    ("how much is an a6000 for 10 hours at cloudgpu, in yuan?", "$4.40 ≈ ¥31.24"),
])
def test_a_currency_asked_with_the_price_is_the_leads_currency(text: str, converted: str) -> None:
    reply = conversation(text)
    assert converted in lead_lines(reply, 3)
    assert "$1 ≈ ¥7.1" in reply  # the reference rate the conversion rests on
    assert "是什么货币" not in reply and "What currency" not in reply  # not the ₮ FAQ entry


def test_no_rate_line_when_no_currency_is_asked() -> None:
    assert "≈ ¥7.1" not in conversation("l40s 一周 gpuli 多少钱")


# ---------------------------------------------------------------- a currency after a priced length


@pytest.mark.parametrize("turns, converted", [
    (("7b qlora 4090 够吗", "gpuli 三周多少", "人民币"), "₮327 ≈ ¥2,322"),  # 3 × ₮109
    (("7b qlora 4090 够吗", "gpuli 两周多少", "换成人民币呢"), "₮218 ≈ ¥1,548"),
])
def test_a_currency_follow_up_keeps_the_length_priced(turns: tuple[str, ...], converted: str) -> None:
    lead = lead_lines(conversation(*turns), 3)
    assert converted in lead
    assert "/周" not in lead and "/月" not in lead  # that rental again, not the by-unit listing


# ---------------------------------------------------------------- a span against the other unit, one message


@pytest.mark.parametrize("text, cheaper, figures", [
    ("gpuli 4090 租 3 周还是直接包月", "周租", ("₮327", "₮369")),
    ("两周 8卡 h100 还是包月划算", "周租", ("₮8,344", "₮14,432")),
    ("3 weeks of a 4090 at gpuli or just monthly, which is cheaper?", "weekly", ("₮327", "₮369")),
    ("four weeks of 8x h100, or pay for the month?", "monthly", ("₮16,688", "₮14,432")),
])
def test_a_span_against_the_other_unit_is_priced_both_ways(text: str, cheaper: str, figures: tuple[str, str]) -> None:
    lead = lead_lines(conversation(text), 3)
    assert cheaper in lead.splitlines()[0]
    assert all(x in lead for x in figures)


def test_a_span_with_its_own_unit_named_is_one_price() -> None:
    assert not parse("gpuli 4090 三周，周租多少").asks.both_units


# ---------------------------------------------------------------- a per-card rate in the unit asked


@pytest.mark.parametrize("text, rate", [
    ("8卡 h100 gpuli 包月 每卡每分钟合多少", "每卡每分钟 ₮0.042"),  # ₮14,432 / (8 × 30 × 24 × 60)
    ("8卡 h100 gpuli 包月 单卡每天多少", "每卡每天 ₮60.13"),  # ₮14,432 / (8 × 30)
    ("8x h100 monthly at gpuli, what's that per gpu per minute?", "₮0.042 per card-minute"),
    ("cloudgpu 4090 5 hours, cost per card per minute?", "$0.0055 per card-minute"),  # $0.33 / 60
])
def test_a_per_card_rate_is_given_in_the_unit_asked(text: str, rate: str) -> None:
    assert rate in lead_lines(conversation(text), 3)


@pytest.mark.parametrize("text, rate", [
    # one card's price per minute asked with no "per card": its rate in minutes ($0.33/h / 60, $1.49/h / 60)
    ("cloudgpu 4090 每分钟多少钱", "$0.0055"),
    ("how much is a cloudgpu 4090 per minute?", "$0.0055"),
    ("CloudGPU A100 80G per-minute 几钱", "$0.025"),
    ("cloudgpu 的 a100 80g 一分钟多少", "$0.025"),
])
def test_a_cards_price_per_minute_is_its_rate_in_minutes(text: str, rate: str) -> None:
    assert rate in lead_lines(conversation(text), 3)


@pytest.mark.parametrize("text", ["cloudgpu 4090 每分钟能处理多少 token", "4090 does how many tokens per minute of training"])
def test_a_rate_of_work_per_minute_is_no_price_per_minute(text: str) -> None:
    assert parse(text).asks.per_card_unit != "minute" or not parse(text).asks.per_card_hour


def test_a_per_card_day_is_not_the_rentals_day_share() -> None:
    asks = parse("8卡 h100 gpuli 包月 每卡每天多少").asks
    assert asks.per_card_unit == "day" and not asks.per_day
    assert parse("gpuli 4090 一周，按天摊多少").asks.per_day  # the rental's share per day stays as it was


# ---------------------------------------------------------------- card time is a length


@pytest.mark.parametrize("text, count, hours", [
    ("about 50 gpu hours on a 4090 at cloudgpu, how much?", 1, 50),
    ("a6000 用 20 卡时 cloudgpu 多少钱", None, 20),
    ("2 张 a6000 一共 40 卡时", 2, 20),
    ("we need 64 card-hours on 8 h100s", 8, 8),
])
def test_card_time_is_hours_shared_over_the_cards(text: str, count: int | None, hours: float) -> None:
    p = parse(text)
    assert p.rental.duration_hours == hours and p.request.num_gpus == count
    assert not p.asks.per_card_hour  # an amount of card time, not a rate asked


@pytest.mark.parametrize("text, lead", [
    ("about 50 gpu hours on a 4090 at cloudgpu, how much?", "$16.50"),
    ("will $5 cover 20 GPU-hours on a 4090 at cloudgpu?", "not enough. CloudGPU 1× RTX 4090 costs $6.60"),  # 20 h × $0.33
    ("cloudgpu a6000 跑 20 卡时 多少钱，10 美元够吗", "够。CloudGPU 1×RTX A6000 要 $8.80"),
])
def test_card_time_is_priced_as_that_many_hours(text: str, lead: str) -> None:
    first = lead_lines(conversation(text), 3)
    assert lead in first and "30 天" not in first and "30 d" not in first


# ---------------------------------------------------------------- the add-on billing sentence


@pytest.mark.parametrize("text, sentence", [
    ("gpuli object storage, how much per GB?", "billed by the month: a month you start is paid in full"),
    ("gpuli 对象存储多少钱一个G", "用了不到一个月也按整月算"),
])
def test_the_add_on_billing_note_is_a_plain_sentence(text: str, sentence: str) -> None:
    reply = conversation(text)
    assert sentence in reply and "started month" not in reply


# ---------------------------------------------------------------- a length at a provider, after a sizing


@pytest.mark.parametrize("turn, lead", [
    ("two weeks at gpuli?", "2 weeks × ₮115: ₮230"),  # gpuli RTX A6000 by the week
    ("3 days on cloudgpu?", "72 h × $0.44/h"),
])
def test_a_length_at_a_provider_reprices_the_last_job_there(turn: str, lead: str) -> None:
    first = lead_lines(conversation("14b lora on an a6000", turn), 3)
    assert lead in first and "should I take" not in first  # the job re-priced, not the FAQ on rental units


@pytest.mark.parametrize(("turns", "rate"), [
    # after a card's price list (no length priced), a length with its price asked is that rental, priced by the minute
    (("cloudgpu 4090", "跑 1 分钟多少钱"), "$0.0055"),
    (("cloudgpu 4090", "1分钟多少钱"), "$0.0055"),
    # a rate in minutes asked of the list: the month states it ($0.33/h / 60), as asked in one message
    (("cloudgpu 4090", "每分钟多少钱"), "$0.0055"),
    (("cloudgpu a100 80g", "how much per minute is that?"), "$0.025"),
])
def test_a_minute_asked_after_a_price_list_is_priced_in_minutes(turns: tuple[str, ...], rate: str) -> None:
    assert rate in lead_lines(conversation(*turns), 3)


def test_a_rate_asked_of_a_rental_priced_for_a_length_keeps_that_length() -> None:
    # "per gpu per day?" of a month of 8x H100 at gpuli: ₮14,432 / 8 / 30 = ₮60.13 a card-day, never a one-day rental
    assert "60.13" in lead_lines(conversation("gpuli 8x h100 monthly", "per gpu per day?"), 3)
