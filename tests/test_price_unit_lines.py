"""Issue 18, prices (blind set 11): a total that multiplies units names the unit price, and a total with
add-ons names the cards' own price beside each add-on, so the sum can be checked from the reply.
Every figure traces to the seeds: gpuli weeks and months (seed 000: 4090 ₮109/₮369, L40S ₮189 a week,
A6000 ₮115 a week, H200 ₮2,599 a month, volume ₮0.08 per GB-month), CloudGPU by the minute (seed 002:
A100 80G $1.49/h, A6000 $0.44/h), 一万网络 months (seed 003: A100 40G ¥2,800, CPU 16 核 +¥400, 内存 128G +¥600)."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser, first_lines, said


@pytest.mark.parametrize(("text", "unit", "total"), [
    ("gpuli 4090 租 10 天多少钱", "₮109", "₮218"),
    ("在 gpuli 租两周 L40S 要多少", "₮189", "₮378"),
    ("gpuli l40s for two weeks, how much?", "₮189", "₮378"),
    ("what would an A6000 at gpuli cost for 3 weeks in total?", "₮115", "₮345"),
    ("gpuli 4090 三周一共多少", "₮109", "₮327"),
])
def test_weeks_bought_name_the_weekly_price(text: str, unit: str, total: str) -> None:
    head = first_lines(said(text))
    assert total in head and f"× {unit}" in head


@pytest.mark.parametrize(("text", "unit", "total"), [
    ("cloudgpu a100 80g 跑 36 小时多少钱", "$1.49", "$53.64"),
    ("A100 80G at CloudGPU for 36 hours, cost?", "$1.49", "$53.64"),
    ("cloudgpu a6000 用 12 小时 多少", "$0.44", "$5.28"),
    ("how much is an a6000 on cloudgpu for 12 hours", "$0.44", "$5.28"),
])
def test_hours_billed_by_the_minute_name_the_hourly_price(text: str, unit: str, total: str) -> None:
    head = first_lines(said(text))
    assert total in head and unit in head


@pytest.mark.parametrize(("text", "parts", "total"), [
    ("一万网络 a100 40g 包月 加 16核 再加 128g 内存 一共多少", ["¥2,800", "¥400", "¥600"], "¥3,800"),
    ("yiwan a100 40g for a month with the 16-core cpu and 128g ram, total?", ["¥2,800", "¥400", "¥600"], "¥3,800"),
    ("gpuli h200 一个月 加 500g 存储卷 多少", ["₮2,599", "₮40"], "₮2,639"),
    ("one H200 at gpuli for a month plus a 500 GB volume, how much", ["₮2,599", "₮40"], "₮2,639"),
])
def test_add_ons_show_the_cards_price_beside_them(text: str, parts: list[str], total: str) -> None:
    head = first_lines(said(text))
    assert total in head and all(p in head for p in parts), head


@pytest.mark.parametrize(("text", "total"), [
    ("跑个 12 个钟 a6000 在 cloudgpu 多少钱", "$5.28"),
    ("cloudgpu 上 a6000 用三个钟要多少", "$1.32"),
    ("cloudgpu 4090 两个钟 多少钱", "$0.66"),
])
def test_spoken_hours_are_hours(text: str, total: str) -> None:
    assert total in first_lines(said(text))


def _talk(*turns: str) -> ChatUser:
    me = ChatUser()
    for turn in turns:
        me.say(turn)
    return me


@pytest.mark.parametrize(("turns", "parts", "total"), [
    (("gpuli 4090 月租多少", "包月再加个 500g 存储卷 一共多少"), ["₮369", "₮40"], "₮409"),
    (("gpuli 4090 monthly price?", "plus a 500 GB volume for the month, total?"), ["₮369", "₮40"], "₮409"),
    (("一万网络 a100 40g 多少", "包月 加 128g 内存 一共"), ["¥2,800", "¥600"], "¥3,400"),
    (("a100 40g at yiwan, how much", "a month with 128 GB RAM added, in total?"), ["¥2,800", "¥600"], "¥3,400"),
])
def test_an_add_on_after_a_price_joins_the_setup_priced(turns: tuple[str, ...], parts: list[str], total: str) -> None:
    head = first_lines(_talk(*turns))
    assert total in head and all(p in head for p in parts), head


@pytest.mark.parametrize(("text", "lines"), [
    ("gpuli 4090 租三周 按周还是按月划算", ["3 周 × ₮109 = ₮327"]),
    ("gpuli 4090 for 40 days, weekly or monthly?", ["6 weeks × ₮109 = ₮654", "2 months × ₮369 = ₮738",
                                                      "1 month ₮369 + 2 weeks × ₮109 = ₮587"]),
    # after a comma, "按周还是按月" asks which unit to buy the 40 days in: no second length to price
    ("gpuli 4090 租 40 天，按周还是按月划算", ["6 周 × ₮109 = ₮654", "2 个月 × ₮369 = ₮738"]),
])
def test_weekly_against_monthly_names_each_units_price(text: str, lines: list[str]) -> None:
    reply = said(text).text
    assert all(line in reply for line in lines), reply


@pytest.mark.parametrize(("text", "total"), [
    ("8 卡 h100 gpuli 包一年 12 个月 月租总价", "₮173,184"),
    ("8x h100 at gpuli for one year, 12 months, total?", "₮173,184"),
    ("gpuli 8卡h100 一年（12个月）按月租一共多少", "₮173,184"),
])
def test_a_year_said_again_in_months_is_those_months(text: str, total: str) -> None:
    head = first_lines(said(text))
    assert total in head and "12" in head, head


@pytest.mark.parametrize(("text", "total"), [
    ("cloudgpu 3090 跑 8 小时 + 4090 跑 3 小时 一共多少", "$2.67"),
    ("at cloudgpu: a 3090 for 8 hours and a 4090 for 3 hours, how much in total?", "$2.67"),
    ("at gpuli, a 4090 for a week plus an a6000 for two weeks, total?", "₮339"),
    ("gpuli 4090 租一周 再租 a6000 两周 总共多少钱", "₮339"),
])
def test_several_rentals_in_one_message_lead_with_their_sum(text: str, total: str) -> None:
    me = said(text)
    assert total in me.lines[0], me.text


@pytest.mark.parametrize(("text", "price"), [
    ("gpuli object storage 多少钱一个G", "₮0.015"),
    ("对象存储每G多少钱", "₮0.015"),
    ("how much is gpuli object storage per gb", "₮0.015"),
    ("gpuli 存储卷 一个G 一个月多少", "₮0.08"),
    ("what's the volume price per GB at gpuli?", "₮0.08"),
])
def test_storage_asked_per_gb_is_its_listed_price(text: str, price: str) -> None:
    assert price in first_lines(said(text), 2)


@pytest.mark.parametrize("turns", [("14b qlora 用什么卡", "一周多少钱"),
                                   ("14b qlora - what gpu?", "how much would that be for a week")])
def test_the_cheaper_tight_setup_is_priced_for_the_length_asked(turns: tuple[str, ...]) -> None:
    reply = _talk(*turns).text
    assert "$35.28" in reply and "$0.21/" not in reply, reply  # a week of a 3090 at CloudGPU, not its hourly price
