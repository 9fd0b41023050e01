"""Money the team holds, said once, is a fact the later turns are answered against (issue 18, blind 43): the
provider, card and term said in between carry, and the price comes from the seeds — gpuli 8×H100 ₮4,172 a week,
8×A100 SXM ₮8,352 a month, 4×A100 SXM ₮4,308 a month, RTX 4090 ₮109/₮369, RTX 5090 ₮499 a month (seed 000);
CloudGPU RTX 3090 $0.21/h, RTX 4090 $0.33/h, A800 $1.09/h, billed by the minute (seed 002)."""

from __future__ import annotations

import pytest

from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize("turns, want", [
    (("gpuli 8卡h100 周租多少", "钱包里有 5000u", "够不够 还剩多少"), ("够", "₮4,172", "₮828")),
    (("8卡h100 gpuli 一周多少", "余额 5000u", "剩多少"), ("₮4,172", "₮828")),
    (("8卡h100 gpuli 一周多少", "钱包 4000", "够吗"), ("不够", "₮4,172", "₮172")),
    (("our gpuli wallet has 9000 usdt", "can we do a month of 8x A100 SXM?", "what's left after that"),
     ("enough", "₮8,352", "₮648")),
    (("gpuli 8x h100 weekly price", "we have 5000 usdt", "is that enough? how much is left"), ("enough", "₮828")),
    (("gpuli 钱包 4500u", "14b 全参 4 卡 a100 sxm 包月够吗", "还剩多少"), ("够", "₮4,308", "₮192")),
])
def test_enough_and_what_is_left_are_answered_against_the_money_held(turns: tuple[str, ...], want: tuple[str, ...]) -> None:
    lead = lead_lines(conversation(*turns), 1)
    assert all(w in lead for w in want), lead


@pytest.mark.parametrize("turns, want", [
    (("wallet has 800 usdt", "we're on gpuli", "how long for a 4090?"), ("2 months", "₮738")),
    (("钱包还有 800", "gpuli", "4090"), ("2 个月", "₮738")),
    (("我钱包里有 300u", "4090"), ("2 周", "₮218")),
    (("wallet has 500 usdt", "at gpuli", "what about an A6000?"), ("1 month", "₮389")),
    (("老板问 gpuli 上 32b 全参 要啥配置", "8卡h100 包月多少", "钱包还有 1.2 万", "那按周能租几周"), ("2 周", "₮8,344")),
])
def test_a_card_or_a_how_long_question_later_divides_the_money_held(turns: tuple[str, ...], want: tuple[str, ...]) -> None:
    lead = lead_lines(conversation(*turns), 1)
    assert all(w in lead for w in want), lead


@pytest.mark.parametrize("turns, want", [
    (("钱包还有 800 u 在 gpuli", "4090 包两个月够不"), ("够", "gpuli", "₮738", "₮62")),
    (("we have 800 usdt on gpuli", "is two months of a 4090 enough?"), ("enough", "gpuli", "₮738", "₮62")),
    (("预算 5000u", "14b 全参 gpuli 包月够吗"), ("够", "₮4,308", "₮692")),
])
def test_a_rental_named_later_is_weighed_at_the_provider_the_money_is_at(turns: tuple[str, ...], want: tuple[str, ...]) -> None:
    lead = lead_lines(conversation(*turns), 1)
    assert all(w in lead for w in want), lead


@pytest.mark.parametrize("turns, want", [
    (("cloudgpu 3090", "余额 10 刀", "跑 36 小时够吗"), ("够", "$7.56", "$2.44")),
    (("cloudgpu 3090", "余额 10 刀", "跑 36 小时够吗", "换 4090 呢"), ("不够", "$11.88")),
    (("cloudgpu, 4090 24G", "we have $10 in the wallet", "enough for an 8 hour qlora run?"), ("enough", "$2.64", "$7.36")),
    (("cloudgpu A800 80G", "about 30 hours", "cost? and we only have $30 in the wallet"), ("not enough", "$32.70", "$2.70")),
    (("cloudgpu 4090 跑 20 小时多少钱", "我只有 5 刀"), ("不够", "$6.60", "$1.60")),
])
def test_a_run_length_with_money_held_is_that_runs_cost_against_it(turns: tuple[str, ...], want: tuple[str, ...]) -> None:
    lead = lead_lines(conversation(*turns), 1)
    assert all(w in lead for w in want), lead


@pytest.mark.parametrize("turns, want", [
    (("only 360 usdt left on gpuli, can we renew the 4090 monthly?",), ("not enough", "₮369", "₮9")),
    (("gpuli 上只剩 360u 了，4090 还能续一个月吗？",), ("不够", "₮369", "₮9")),
    (("钱包还剩 100u 在 gpuli", "续一周 4090 够吗"), ("不够", "₮109", "₮9")),
])
def test_a_renewal_asked_with_money_held_is_weighed_never_a_rental_number(turns: tuple[str, ...], want: tuple[str, ...]) -> None:
    reply = conversation(*turns)
    lead = lead_lines(reply, 1)
    assert all(w in lead for w in want), lead
    assert "#360" not in reply


@pytest.mark.parametrize("text, want", [
    ("刚在 gpuli 充了 2000u，能租几周 a100 80g？", ("7 周", "₮1,883")),
    ("gpuli 充值了 ₮2000，a100 80g 能租几周？", ("7 周", "₮1,883")),
])
def test_a_top_up_said_inside_a_question_is_the_money_asked_about_not_a_write(text: str, want: tuple[str, ...]) -> None:
    reply = conversation(text)
    assert all(w in lead_lines(reply, 1) for w in want), reply
