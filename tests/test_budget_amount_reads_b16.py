"""Money asked whether it runs a job is a budget question led by its verdict ("一万块能跑 70b qlora 吗",
"can $800 train a 14b lora"), and a Chinese amount standing alone before a space is an amount ("预算一万 想全参 7b")."""

from __future__ import annotations

import pytest

from bot.understand.normalize import normalize
from bot.understand.parser import parse
from tests.chat_user import ChatUser


@pytest.mark.parametrize(("text", "value"), [
    ("一万块能跑70b qlora吗 月租", 10000), ("五千块 可以训 14b lora 吗 一个月", 5000),
    ("can $800 train a 14b lora for a month?", 800), ("would 2000 usdt run a 32b lora for a month", 2000),
])
def test_money_asked_whether_it_runs_a_job_is_a_budget_asked(text: str, value: int) -> None:
    asks = parse(text).asks
    assert asks.budget is not None and asks.budget[0] == value and asks.enough, text


@pytest.mark.parametrize("text", ["一万块能跑70b qlora吗 月租", "can $800 train a 14b lora for a month?"])
def test_the_budget_verdict_leads(text: str) -> None:
    chat = ChatUser()
    chat.say(text)
    assert chat.lines[0].startswith("💵"), chat.text


def test_a_fit_question_without_money_is_no_budget() -> None:
    for text in ("4090 能跑 7b qlora 吗", "can a 4090 run a 7b qlora?"):
        asks = parse(text).asks
        assert asks.budget is None and not asks.enough, text


@pytest.mark.parametrize(("text", "shown"), [("预算一万 想全参7b 一个月", "预算1万 "), ("预算两千 想做 7b lora", "预算2千 ")])
def test_a_chinese_amount_before_a_space_is_a_number(text: str, shown: str) -> None:
    assert shown.replace("千", "000") in normalize(text) or shown in normalize(text), normalize(text)
    assert parse(text).asks.budget is not None, text
