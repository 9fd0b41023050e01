"""One message carrying two asks gets both (seed 000's prices): a term's price and the run's time of one job,
a bare period word with a budget, the cheapest setup and the roomy one, a budget weighed after a roomy sizing."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import ChatUser, first_lines, said


@pytest.mark.parametrize("text", [
    "8卡h100 gpuli 一个月 cost 多少 32b full ft 2000万token 跑3轮 要 how long",
    "how much is a month of 8x h100 at gpuli, and how long would 32b full ft on 20m tokens x3 epochs take",
    "8x h100 gpuli monthly cost? 32b full ft 20m tokens 3 epochs how long",
    "32b 全参 2000万 token 3 个 epoch 要跑多久？8卡 h100 在 gpuli 包月多少",
])
def test_a_terms_price_and_the_runs_time_both(text: str) -> None:
    me = ChatUser()
    me.say(text)
    head = first_lines(me, 3)
    assert "₮14,432" in head and ("1.5 h" in head or "1.5 小时" in head), me.text  # the month, and 6·N·D at 30% MFU


@pytest.mark.parametrize("text", [
    "8x h100 on gpuli weekly and monthly price plus how long for 32b full ft 20m tokens 3 epochs",
    "32b 全参 2000万token 3轮 8卡h100 gpuli 周租和月租各多少 要跑多久",
])
def test_a_week_and_a_month_and_the_runs_time(text: str) -> None:
    me = ChatUser()
    me.say(text)
    assert "₮4,172" in me.text and "₮14,432" in me.text, me.text
    assert me.text.startswith("⏱") and ("1.5 h" in me.text or "1.5 小时" in me.text), me.text


@pytest.mark.parametrize(("text", "days"), [
    ("5k usdt budget 8x a100 sxm month on gpuli?", 30.0),
    ("budget 3000 usdt: 4x h100 week at gpuli, enough?", 7.0),
    ("8x h100 month on gpuli how much", 30.0),
])
def test_a_bare_unit_before_where_is_the_length(text: str, days: float) -> None:
    assert parse(text).rental.duration_days == days


@pytest.mark.parametrize("text", ["what gpus are free this month on gpuli", "we start next month at gpuli", "busy this week at cloudgpu?"])
def test_this_month_is_no_length(text: str) -> None:
    assert parse(text).rental.duration_days is None


@pytest.mark.parametrize(("text", "verdict"), [
    ("5k usdt budget 8x a100 sxm month on gpuli?", "not enough"),
    ("预算 5000u 8卡a100 sxm gpuli 按月 够吗", "不够"),
])
def test_a_budget_short_for_the_count_names_what_it_buys(text: str, verdict: str) -> None:
    me = ChatUser()
    me.say(text)
    head = first_lines(me, 2)
    # ₮8,352 a month for eight A100 SXM; ₮4,308 for four, within ₮5,000
    assert verdict in head and "₮8,352" in head and "₮5,000" in head and "₮4,308" in head, me.text


@pytest.mark.parametrize("text", [
    "14b 全参 gpuli 最便宜方案多少钱 宽裕的呢",
    "14b full ft at gpuli: cheapest setup price, and the roomy one?",
    "14b 全参 gpuli 最省和宽裕的配置分别多少钱",
])
def test_the_cheapest_and_the_roomy_both(text: str) -> None:
    me = ChatUser()
    me.say(text)
    lines = me.text.splitlines()
    cheap = next(i for i, line in enumerate(lines) if "₮4,308" in line)  # 4 × A100 SXM, the minimum
    roomy = next(i for i, line in enumerate(lines) if "₮7,444" in line)  # 4 × H100 SXM, the roomy column
    assert cheap < roomy and cheap < 3, me.text


@pytest.mark.parametrize("text", ["14b 全参 gpuli 最省的稳妥方案多少钱", "cheapest safe setup for 14b full ft at gpuli"])
def test_the_cheapest_safe_setup_is_one_setup(text: str) -> None:
    assert not parse(text).asks.room_too
    me = ChatUser()
    me.say(text)
    assert "₮4,308" in me.text and "₮7,444" not in me.text.split("\n")[3], me.text


@pytest.mark.parametrize(("first", "then", "verdict"), [
    ("gpuli 14b 全参 宽裕配置 多少钱", "预算 7000 U 够吗", "不够"),
    ("roomy setup for 14b full ft at gpuli, price?", "budget is 7000 usdt, enough?", "not enough"),
    ("roomy setup for 14b full ft at gpuli, price?", "budget is 8000 usdt, enough?", "enough"),
])
def test_a_budget_after_a_roomy_sizing_weighs_the_roomy_setup(first: str, then: str, verdict: str) -> None:
    me = ChatUser()
    me.say(first)
    me.say(then)
    head = first_lines(me, 1)
    assert verdict in head and "₮7,444" in head, me.text  # 4 × H100 SXM for a month


@pytest.mark.parametrize(("then", "total"), [
    ("两台呢 要加 IB 吗", "₮30,064"),  # 2 × ₮14,432 + InfiniBand ₮600 per node
    ("两台呢？需要 IB 吗", "₮30,064"),
    ("两台呢，另外要不要买 IB", "₮30,064"),
    ("三台呢 需要 IB 吗", "₮45,096"),  # 3 × ₮14,432 + 3 × ₮600
])
def test_a_count_change_and_an_add_on_question_both(then: str, total: str) -> None:
    me = ChatUser()
    me.say("gpuli 一台 8卡 h100 一个月多少")
    me.say(then)
    assert total in first_lines(me, 3) and "InfiniBand 吗" in me.text, me.text  # the new count, then the FAQ's answer


def test_between_two_machines_is_the_faqs_question() -> None:
    assert not parse("两台之间 IB 是多少 G 的").parts
    me = ChatUser()
    me.say("gpuli 一台 8卡 h100 一个月多少")
    me.say("两台之间 IB 是多少 G 的")
    assert "400G" in first_lines(me, 3) and "₮28,864" not in me.text and "₮30,064" not in me.text, me.text


@pytest.mark.parametrize(("turns", "total"), [
    (["我们 4 个人 想各自跑 7b qlora 实验", "gpuli 4090 一人一张 包月 一共多少"], "₮1,476"),  # 4 × ₮369
    (["there are 3 of us, each running our own 8b lora experiments", "one 4090 per person at gpuli for a week, total?"],
     "₮327"),  # 3 × ₮109
    (["gpuli 4090 一人一张 包月 我们 4 个人 一共多少"], "₮1,476"),
    (["we are 3 people, each of us gets one 4090 at gpuli for a month, total?"], "₮1,107"),  # 3 × ₮369
])
def test_a_card_for_each_person_counted(turns: list[str], total: str) -> None:
    me = ChatUser()
    for text in turns:
        me.say(text)
    assert total in first_lines(me, 2), me.text


def test_people_counted_with_no_card_keep_the_cheapest_fit() -> None:
    me = ChatUser()
    me.say("我们 4 个人 想各自跑 7b qlora 实验")
    assert "RTX 3090" in first_lines(me, 3) and "T4" not in first_lines(me, 3), me.text  # not a tight 16 GB card


@pytest.mark.parametrize(("first", "then", "note"), [
    ("gpuli 8卡h100 每卡每小时多少", "不含存储呢", "没有加存储卷"),
    ("gpuli 8x h100 monthly?", "what about without storage?", "no storage volume"),
    ("gpuli 8x h100 monthly?", "excluding storage?", "no storage volume"),
])
def test_storage_left_out_is_the_cards_rental_again(first: str, then: str, note: str) -> None:
    me = ChatUser()
    me.say(first)
    me.say(then)
    assert "₮2.51" in first_lines(me, 3) and "₮14,432" in me.text and note in me.text, me.text  # ₮14,432 ÷ (8 × 720 h)


@pytest.mark.parametrize("then", ["ok and the cheaper 4-card option?", "有没有更便宜的 4 卡方案", "the cheaper option?", "便宜的那个呢"])
def test_the_cheaper_option_after_one_setup_priced(then: str) -> None:
    me = ChatUser()
    me.say("14b full ft on 4 h100s at gpuli, monthly?")
    me.say(then)
    assert "₮4,308" in first_lines(me, 1) and "₮7,444" in first_lines(me, 1), me.text  # 4 × A100 SXM, ₮3,136 less


def test_a_cheaper_count_of_its_own_is_no_cheaper_follow_up() -> None:
    me = ChatUser()
    me.say("14b full ft on 4 h100s at gpuli, monthly?")
    me.say("cheaper 8-card option?")
    assert "👉" not in first_lines(me, 1), me.text


# a card-hour rate asked with the storage and without it: the cards' own rate leads, the rate with storage follows
# (seed 000: gpuli 8 × H100 ₮14,432 a month, ₮2.51 a card-hour; with its cost example's storage ₮14,607, ₮2.54)
# (the storage is read as added only where the message includes it: "with and without storage" alone adds none yet)
@pytest.mark.parametrize("text", ["gpuli 8 卡 h100 包月 含存储 每卡每小时多少，纯租又是多少",
                                  "8x h100 for a month at gpuli incl. storage: per gpu-hour, and for the cards alone?",
                                  "per-card-hour for gpuli's 8xH100 monthly, the cards alone and incl. storage"])
def test_a_card_hour_asked_with_and_without_storage_gives_both(text: str) -> None:
    me = said(text)
    assert "₮2.51" in me.lines[0] and "₮2.54" in me.text, me.text


def test_a_card_hour_asked_with_storage_only_gives_that_one() -> None:
    me = said("gpuli 8 卡 h100 包月 含存储 每卡每小时多少")
    assert "₮2.54" in me.text and "₮2.51" not in me.text, me.text
