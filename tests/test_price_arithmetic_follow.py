"""Arithmetic asked of the last price answer (issue 18): its total shared out among any number of people, whoever
they are ("三个学生平摊", "两个人分", "3 people chip in"), after a price, a cost or a setup a sizing picked and
priced. Prices of the tree's catalog: 一万网络 RTX 3090 ¥1,750 a month, A100 40G ¥2,800; gpuli RTX 4090 ₮369 a
month; CloudGPU RTX 3090 $0.21 an hour, RTX 4090 $0.33."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import first_lines, said


@pytest.mark.parametrize(("text", "n"), [
    ("三个学生平摊 每人多少", 3),
    ("两个人分 3090 一万网络 包月 一人多少", 2),
    ("3 people chip in, how much each?", 3),
    ("四位同事平分", 4),
    ("我们5个组员人均多少", 5),
])
def test_people_sharing_a_total_are_the_divisor_never_separate_rentals(text: str, n: int) -> None:
    cues = parse(text).cues
    assert cues.split == n and cues.instances is None, cues


@pytest.mark.parametrize(("turns", "share"), [
    (("两个人分 3090 一万网络 包月 一人多少",), "¥875"),
    (("一万网络 a100 40g 包月", "三个学生平摊 每人多少"), "¥933.33"),
    (("7b qlora", "3090", "cloudgpu 跑 10 小时多少", "四个人平摊呢"), "$0.53"),
    (("7b qlora", "4090", "gpuli 包月多少", "split it 3 ways"), "₮123"),
    (("cloudgpu 4090 跑 8 小时多少", "3 people chip in, how much each?"), "$0.88"),
])
def test_each_share_of_the_last_total_leads(turns: tuple[str, ...], share: str) -> None:
    lead = first_lines(said(*turns), 1)
    assert share in lead and "÷" in lead, lead


def test_a_minute_or_a_separate_rental_is_no_share() -> None:
    assert parse("两个人分开租 4090").cues.split is None
    assert parse("5 个同事 每人一张 4090").cues.instances == 5


@pytest.mark.parametrize(("turns", "verdict", "figure"), [
    (("a100 40g monthly at 一万网络", "we have a 3000 CNY grant, is one month ok"), "enough", "¥200"),
    (("一万网络 a100 40g 包月", "经费 2000 块 够吗"), "不够", "¥800"),
    (("gpuli 4090 monthly", "our grant is 300 usdt, is that enough?"), "not enough", "₮69"),
    (("想租一万网络 8卡 a100 80g", "预算 3w 一个月够吗"), "不一定", "¥25,000–40,000"),
    (("want to rent a gpuli 4090", "we have 300 usdt, enough for a month?"), "not enough", "₮369"),
    (("一万网络 8卡 a100 80g 多少钱", "按最低价 2.5 万 算行吧 预算 3 万"), "不够", "¥25,000–40,000"),
    (("老师批了 3000 块", "想租一万网络 a100 40g", "包一个月", "再加 128g 内存还够吗"), "不够", "¥3,400"),
    (("our grant is 500 usdt", "gpuli 4090 monthly", "add a 1000G volume, still ok?"), "enough", "₮449"),
])
def test_a_budget_is_weighed_against_the_last_price(turns: tuple[str, ...], verdict: str, figure: str) -> None:
    lead = first_lines(said(*turns), 1)
    assert verdict in lead and figure in lead, lead


def test_a_budget_asked_about_never_sets_the_wallet_budget() -> None:
    me = said("一万网络 8卡 a100 80g 多少钱", "按最低价 2.5 万 算行吧 预算 3 万")
    assert "月预算已设置" not in me.text and me.store.conn.execute("SELECT COUNT(*) FROM budgets").fetchone()[0] == 0
    assert "月预算已设置" in said("gpuli 4090 多少钱", "月预算设成 1000").text


@pytest.mark.parametrize("text", ["老师批了 3000 块", "we have a 3000 CNY grant", "我们经费 3000 块"])
def test_money_said_alone_is_kept_and_the_card_asked_for(text: str) -> None:
    assert "¥3,000" in first_lines(said(text), 1)


@pytest.mark.parametrize(("text", "volume", "objects"), [
    ("8卡h100 包月 加存储卷 2000G 对象存储 1000G gpuli 总价多少", 2000, 1000),
    ("gpuli 8卡h100 包月 2000G 存储卷 1000G 对象存储", 2000, 1000),
    ("gpuli 8x h100 monthly, volume 2TB, object storage 500GB", 2000, 500),
    ("gpuli 4090 包月 对象存储 500G 存储卷 100G", 100, 500),
    ("gpuli 8x h100 monthly with a 2000G volume and 1000G object storage", 2000, 1000),
])
def test_each_storage_keeps_its_own_stated_size(text: str, volume: int, objects: int) -> None:
    assert parse(text).price.add_ons == {"volume": volume, "object-storage": objects}


def test_a_rental_with_two_storages_totals_each_at_its_size() -> None:
    lead = first_lines(said("8卡h100 包月 加存储卷 2000G 对象存储 1000G gpuli 总价多少"), 2)
    assert "₮14,607" in lead and "1,000 GB ₮15" in lead, lead


@pytest.mark.parametrize(("turns", "figures"), [
    (("一万网络 a100 40g 包月多少", "年付能省多少"), ("¥26,880", "¥33,600", "¥6,720")),
    (("一万网络 3090 包月", "年付便宜多少"), ("¥16,800", "¥4,200")),
    (("一万网络 a100 40g 多少", "年付多少", "复购还能减吗", "减多少"), ("¥1,200", "¥100")),
    (("一万网络 3090 包月", "复购呢", "优惠多少"), ("¥1,650", "¥100")),
    (("a100 40g monthly at 一万网络", "as a returning customer?", "how much do we save?"), ("¥2,700", "¥100")),
    (("a100 40g yearly at 一万网络", "repeat purchase?", "how much less is that?"), ("¥1,200", "¥100 off each")),
])
def test_what_a_discount_saves_on_the_last_price_leads(turns: tuple[str, ...], figures: tuple[str, ...]) -> None:
    lead = first_lines(said(*turns), 1)
    assert all(f in lead for f in figures), lead


@pytest.mark.parametrize(("turns", "term"), [
    (("一万网络 年付 几折", "h100 呢"), "85 折"),
    (("一万网络 年付 几折", "gpu 定制呢", "h100"), "85 折"),
    (("yiwan yearly discount?", "and for h100?"), "15% off"),
    (("一万网络 年付打几折", "a100 40g"), "8 折"),
])
def test_a_card_after_a_discount_question_is_priced_on_that_term(turns: tuple[str, ...], term: str) -> None:
    assert term in first_lines(said(*turns), 3)


@pytest.mark.parametrize(("turns", "verdict", "figures"), [
    (("gpuli 4090 包周", "跑完想退款 能退吗", "用了三天了"), "不能退", ("1 小时", "3 天")),
    (("gpuli 4090 weekly", "can we get a refund?", "we've had it for 2 days"), "No", ("1 hour ", "2 days")),
    (("gpuli 4090 包周", "能退款吗", "刚开了 20 分钟"), "能退", ("1 小时", "20 分钟")),
    (("gpuli 4090 用了三天 能退款吗",), "不能退", ("3 天",)),
    (("can i get a refund at gpuli after 30 minutes of use?",), "Yes", ("1 hour ", "30 minutes")),
])
def test_time_used_is_weighed_against_the_refund_window(turns: tuple[str, ...], verdict: str, figures: tuple[str, ...]) -> None:
    lead = first_lines(said(*turns), 1)
    assert lead.startswith(("✅", "❌")) and verdict in lead and all(f in lead for f in figures), lead


# a multiplier said after a rental was priced: beside a length it multiplies the length, alone it is that many of
# the rental, each a single-card machine of its own (seed 000: gpuli RTX 4090 ₮109 a week, A100 80G ₮899 a month,
# L40S ₮189 a week; seed 002: CloudGPU RTX 3090 $0.21 an hour)
@pytest.mark.parametrize(("first", "then", "total"), [
    ("gpuli 4090 包周多少", "周 x3", "₮327"),
    ("rtx 4090 at gpuli, one week?", "x3 weeks then", "₮327"),
    ("gpuli a100 80g 包月", "month ×2", "₮1,798"),
    ("gpuli 的 a100 月租多少钱", "月租*2 呢", "₮1,798"),
])
def test_a_multiplier_beside_the_length_multiplies_the_length(first: str, then: str, total: str) -> None:
    me = said(first, then)
    assert total in first_lines(me, 2) and ("单卡实例" not in me.text and "single-card instances" not in me.text), me.text


@pytest.mark.parametrize(("first", "then", "total"), [
    ("gpuli l40s 一周多少钱", "×3 呢", "₮567（3 × ₮189）"),
    ("l40s weekly at gpuli?", "x2?", "₮378 (2 × ₮189)"),
    ("cloudgpu 3090 一小时", "2x", "$0.42（2 × $0.21）"),
])
def test_a_multiplier_said_alone_is_that_many_of_the_rental(first: str, then: str, total: str) -> None:
    me = said(first, then)
    assert total in first_lines(me, 1), me.text


@pytest.mark.parametrize("text", ["3 weeks x2", "8x h100 x2 for a month", "batch x2", "x2 for 3 cards"])
def test_a_multiplier_beside_anything_else_is_no_length_or_count_of_rentals(text: str) -> None:
    words = parse(text).words
    assert "2 cards" not in words and "2 week" not in words, words


# "what's the damage": British slang for the bill, asked of the answer just given (seed 000: gpuli RTX A6000 ₮115 a
# week, A100 80G PCIe ₮899 a month)
@pytest.mark.parametrize(("first", "then", "price"), [
    ("can a 32b lora fit on one card?", "what's the damage per month?", "₮899"),
    ("qwen3 8b lora on a 4090 fits?", "ok, what's the damage for a week at gpuli?", "₮115"),
])
def test_the_damage_asked_is_the_cost(first: str, then: str, price: str) -> None:
    me = said(first, then)
    assert price in first_lines(me, 3) and "outside what I do" not in me.text, me.text


def test_damage_done_to_something_is_no_cost() -> None:
    assert "cost" not in parse("will a lower lr limit the damage to the base model?").words


# two lengths asked after a card's price: each is priced (seed 002: CloudGPU RTX 3090 $0.21 an hour, A800 $1.09,
# billed by the minute)
@pytest.mark.parametrize(("first", "then", "prices"), [
    ("cloudgpu 3090 一小时多少", "那 5 小时和 10 小时呢", ("$1.05", "$2.10")),
    ("a800 at cloudgpu, hourly rate?", "and for 2h, or 6h?", ("$2.18", "$6.54")),
])
def test_two_lengths_after_a_price_are_each_priced(first: str, then: str, prices: tuple[str, ...]) -> None:
    lead = first_lines(said(first, then), 1)
    assert all(p in lead for p in prices), lead
