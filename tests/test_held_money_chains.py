"""Money the team holds, said once, stays through a chain of price turns and the last question is answered against
it (issue 18, blind 45): "还剩 2000U", a top-up, a budget; a bare "能包几个月", a remainder after a how-long answer,
an add-on "还够吗", a span "跑一个月够吗". Prices from the seeds: gpuli RTX 4090 ₮109 a week, ₮369 a month,
8×H100 SXM ₮4,172 a week, ₮14,432 a month, storage volume ₮0.08 per GB a month (seed 000); CloudGPU RTX 3090
$0.21/h, RTX 4090 $0.33/h, A100 80GB SXM $1.49/h by the minute (seed 002); 一万网络 A100 40G ¥2,800 a month (003)."""

from __future__ import annotations

import pytest

from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize("turns, want", [
    (("咱们 gpuli 还剩 2000U", "4090 包月多少", "能包几个月"), ("5 个月", "₮1,845", "₮155")),
    (("gpuli 账上还剩 800u", "4090 包月呢", "够租几个月"), ("2 个月", "₮738", "₮62")),
    (("gpuli 还剩 1万u", "8卡 h100 一周多少", "能包几周"), ("2 周", "₮8,344", "₮1,656")),
    (("we still have 2000 usdt left on gpuli", "4090 monthly price?", "how many months can we get?"),
     ("5 months", "₮1,845", "₮155")),
    (("cloudgpu 还剩 2k", "a100 80g 一小时多少", "跑一个月能不能"), ("够", "$1,072.80", "$927.20")),
    (("we've 2k left in cloudgpu", "a100 80g per hour?", "run it for a month, can we?"), ("enough", "$1,072.80", "$927.20")),
    (("gpuli 只剩 1.5w 了", "8卡h100 包月", "加 2000G 存储卷 行吗"), ("够", "₮14,592", "₮408")),
])
def test_money_said_as_what_is_left_is_held_and_the_question_after_a_price_weighs_it(turns: tuple[str, ...], want: tuple[str, ...]) -> None:
    lead = lead_lines(conversation(*turns), 2)
    assert all(w in lead for w in want), lead


@pytest.mark.parametrize("turns, want", [
    (("我们预算一万五", "一万网络 A100 40G 一个月多少", "够几个月", "还剩多少"), ("¥1,000",)),
    (("3w U 的预算", "gpuli 8卡 h100", "能包几个月", "剩多少"), ("₮1,136",)),
    (("钱包还有 800u", "gpuli 4090 包月", "能租几个月", "剩下多少钱"), ("₮62",)),
    (("our budget is 30000 usdt", "gpuli 8x h100", "how many months does that cover?", "and what's left over?"), ("₮1,136",)),
])
def test_what_is_left_after_a_how_long_answer_is_what_those_terms_leave(turns: tuple[str, ...], want: tuple[str, ...]) -> None:
    lead = lead_lines(conversation(*turns), 1)
    assert all(w in lead for w in want), lead


@pytest.mark.parametrize("turns, want", [
    (("gpuli 里有 1.5万 U", "8卡h100 包月多少", "加 2000G 存储卷 还够吗"), ("够", "₮14,592", "₮408")),
    (("gpuli 余额 14500U", "8卡H100 包月多少", "再加 2000G 存储卷 够不够"), ("不够", "₮14,592", "₮92")),
    (("we have 15k usdt on gpuli", "8x h100 monthly?", "still enough with a 2TB storage volume added?"),
     ("enough", "₮14,592", "₮408")),
    (("gpuli 钱包 400u", "4090 包月", "加个 500G 存储卷 还剩多少"), ("不够", "₮409", "₮9")),
    (("we've got 14500 usdt in the gpuli wallet", "8x h100 for a month?", "and if we add a 2000GB volume, still ok?"),
     ("not enough", "₮14,592", "₮92")),
    (("gpuli 钱包 400u", "4090 包月", "加 500G 存储卷 撑得住吗"), ("不够", "₮409", "₮9")),
])
def test_an_add_on_asked_against_the_money_is_added_to_the_rental_before_the_verdict(turns: tuple[str, ...], want: tuple[str, ...]) -> None:
    reply = conversation(*turns)
    lead = lead_lines(reply, 1)
    assert all(w in lead for w in want), lead
    assert not lead.startswith(("💵 预算 ₮14,500：够", "💵 Budget ₮14,500: enough")), lead


@pytest.mark.parametrize("turns, want", [
    (("老板说 budget 2k 美元", "CloudGPU A100 80G 一小时多少", "跑一个月 按30天 够吗"), ("够", "$1,072.80", "$927.20")),
    (("we have $100 on cloudgpu", "4090 hourly?", "enough to run it for two weeks?"), ("not enough", "$110.88", "$10.88")),
    (("cloudgpu 余额 50 刀", "3090 一小时多少", "连续跑 10 天够不够"), ("不够", "$50.40", "$0.40")),
    (("budget 2000 dollars", "cloudgpu a100 80g per hour", "would a 30 day month fit in that?"),
     ("enough", "$1,072.80", "$927.20")),
])
def test_a_span_asked_after_an_hourly_price_is_that_spans_cost_against_the_money(turns: tuple[str, ...], want: tuple[str, ...]) -> None:
    lead = lead_lines(conversation(*turns), 1)
    assert all(w in lead for w in want), lead


@pytest.mark.parametrize("turns, want", [
    (("CloudGPU 充了 50 刀", "4090 一小时多少", "那能跑多久"), ("151.5 小时", "6.3 天")),
    (("topped up $50 on cloudgpu", "how much is a 4090 per hour?", "how long will that last?"), ("151.5 hours", "6.3 days")),
    (("gpuli 充了 800u", "4090 包月多少", "能租几个月"), ("2 个月", "₮738")),
    (("gpuli 充了 2000u", "5090 包月 能包几个月"), ("4 个月", "₮1,996")),
    (("we topped up 2000 on gpuli", "5090 monthly, how many months does that cover?"), ("4 months", "₮1,996")),
])
def test_a_top_up_is_money_held_for_the_how_long_asked_after_a_price(turns: tuple[str, ...], want: tuple[str, ...]) -> None:
    lead = lead_lines(conversation(*turns), 2)
    assert all(w in lead for w in want), lead


@pytest.mark.parametrize("text", ["还剩 2k 步", "还剩 2k 数据没标", "2k samples left", "seq 2k left"])
def test_a_count_said_to_remain_is_no_money(text: str) -> None:
    from bot.understand.parser import parse

    assert parse(text).asks.budget is None
