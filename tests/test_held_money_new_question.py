"""Money held by the conversation makes a short "how long" after a price into how long that money lasts, but a
question that stands on its own is a new question (issue 18, session 31: "硬件坏了多久能换好" answered with a
runway in the speed benchmark's chat). A confident FAQ match that says more than how long of the rental — a
hardware fault fixed, an instance coming up, data kept, a refund arriving — gets its FAQ answer; a follow-up
that says nothing else ("那能租几个月", "how many weeks does that get us") is still that money divided into the
rental priced.

Figures from the seeds: gpuli RTX 4090 ₮109 a week, ₮369 a month (seed 000), so ₮800 rents 2 months (₮738) or
7 weeks (₮763) and $2,000 (1 USD = 1 USDT) 18 weeks (₮1,962) or 5 months (₮1,845); gpuli replaces faulty
hardware within 30 minutes, SSH in about 3 minutes after sign-up, data kept 7 days after a cycle ends (seed 000/003).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.chat_user import conversation, lead_lines

WALLET = ("钱包里还有 800u，在 gpuli", "gpuli 4090 一个月多少")
WALLET_EN = ("our gpuli wallet has 800 usdt", "gpuli 4090 monthly price?")
BUDGET = ("预算 2000 美元", "gpuli 4090 周租多少")


def _reply(*turns: str) -> str:
    return lead_lines(conversation(*turns), 6)


@pytest.mark.parametrize("before", [WALLET, WALLET_EN, BUDGET], ids=["wallet", "wallet-en", "budget"])
@pytest.mark.parametrize("question, want", [
    ("机器坏了得多久才能修好", ("30",)),
    ("卡挂了 多长时间能换", ("30",)),
    ("how fast do they swap a failed gpu, how long?", ("30",)),
    ("ssh 要等多久才能连", ("3",)),
    ("how long before the instance is ready", ("3",)),
    ("停机以后数据能保存多久", ("7",)),
    ("how long is my data kept after it stops?", ("7",)),
])
def test_a_question_of_its_own_gets_its_faq_answer_whatever_money_is_held(before: tuple[str, str], question: str,
                                                                          want: tuple[str, ...]) -> None:
    got = _reply(*before, question)
    assert not got.startswith("💵"), got
    assert all(w in got for w in want), got


@pytest.mark.parametrize("question, want", [
    ("那能租几个月", ("2 个月", "₮738")),
    ("这钱还能撑多久", ("₮800",)),
    ("那够跑多久", ("₮800",)),
    ("按周算能租几周", ("7 周", "₮763")),
])
def test_a_short_how_long_after_a_price_still_divides_the_wallet(question: str, want: tuple[str, ...]) -> None:
    got = _reply(*WALLET, question)
    assert got.startswith("💵") and all(w in got for w in want), got


@pytest.mark.parametrize("question, want", [
    ("how many months does that get us", ("2 months", "₮738")),
    ("how long will the money last?", ("₮800",)),
    ("so how long can we keep it running", ("₮800",)),
])
def test_a_short_how_long_in_english_still_divides_the_wallet(question: str, want: tuple[str, ...]) -> None:
    got = _reply(*WALLET_EN, question)
    assert got.startswith("💵") and all(w in got for w in want), got


def test_a_budget_divided_into_weeks_after_a_weekly_price() -> None:
    got = _reply(*BUDGET, "那预算能撑多久")
    assert got.startswith("💵") and "18 周" in got and "₮1,962" in got, got


def test_a_card_named_with_a_fault_is_the_faq_not_that_card_against_the_money() -> None:
    got = _reply("钱包还有 800u 在 gpuli", "h100 坏了 多久能修好")
    assert not got.startswith("💵") and "30" in got, got
    got = _reply("钱包还有 800u 在 gpuli", "a6000 能跑多少小时")  # a card and how long alone: the money divided
    assert got.startswith("💵") and "₮778" in got, got


SUBJECTS = ["硬件坏了", "机器挂了", "实例开好", "数据能留", "ssh 连上"]
ASKS = ["多久", "要多久", "需要多长时间", "大概多久"]  # "实例开好得多长时间" is no FAQ match at all: not this reader's
POINTERS = ["", "那", "那这钱", "预算还"]
VERBS = ["能租", "能撑", "够用", "能跑"]


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(SUBJECTS), st.sampled_from(ASKS))
def test_any_subject_of_its_own_with_a_how_long_is_never_a_runway(subject: str, ask: str) -> None:
    got = _reply(*WALLET, f"{subject}{ask}")
    assert "最长能租" not in got, got


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(POINTERS), st.sampled_from(VERBS), st.sampled_from(["多久", "几个月", "多长时间"]))
def test_any_pointer_and_verb_of_lasting_is_a_runway(pointer: str, verb: str, ask: str) -> None:
    got = _reply(*WALLET, f"{pointer}{verb}{ask}")
    assert got.startswith("💵") and "₮800" in got, got


@pytest.mark.parametrize("question, want", [("钱够用多久", ("2 个月", "₮738")), ("那够用几周", ("7 周", "₮763"))])
def test_enough_for_how_long_is_a_runway_not_a_verdict(question: str, want: tuple[str, ...]) -> None:
    got = _reply(*WALLET, question)  # "够用多久": how long it lasts, not whether one month is within it
    assert got.startswith("💵") and "最长" in got and all(w in got for w in want), got


def test_enough_alone_is_still_the_verdict() -> None:
    got = _reply(*WALLET, "钱够用吗")
    assert "够" in got.splitlines()[0] and "₮431" in got, got


@pytest.mark.parametrize("before, question, want", [
    (WALLET, "4090 能撑多久", ("2 个月", "₮738")),
    (WALLET, "那 4090 能租几周", ("7 周", "₮763")),
    (BUDGET, "4090 还能撑多久", ("18 周", "₮1,962")),
])
def test_the_card_just_priced_named_again_is_still_the_runway(before: tuple[str, str], question: str,
                                                             want: tuple[str, ...]) -> None:
    got = _reply(*before, question)
    assert got.startswith("💵") and all(w in got for w in want), got


# ------------------------------------------------- "can I" / "能不能" beside money held: asked of a rule, not of the money
# "can I" and "能不能" ask whether a thing is allowed as often as whether it is affordable. After a price and a budget
# (gpuli RTX 4090 ₮109 a week, seed 000), a question the FAQ answers on its own is answered as it would be with no
# money held; "够不够 还剩多少", "can we afford it?" say nothing but the money and the rental, and are still weighed.
PRICED_EN = ("gpuli 4090 weekly price?", "we have $3000")
PRICED_ZH = ("gpuli 4090 周租多少", "预算 2 万")
MONEY_FIRST = ("we have $3000", "gpuli 4090 weekly price?")


@pytest.mark.parametrize("before", [PRICED_EN, PRICED_ZH, MONEY_FIRST], ids=["price-money", "price-money-zh", "money-price"])
@pytest.mark.parametrize("question, want", [
    ("can I rent by the hour?", "7-day"),
    ("能不能按小时租", "7 天周租"),
    ("能按天租吗", "不按天租"),
    ("can i pay with alipay?", "USDT"),
    ("能不能用支付宝付", "USDT"),
    ("could we get a refund?", "1 hour"),
    ("可以退款吗", "1 小时"),
])
def test_a_can_i_question_of_its_own_is_the_faq_whatever_money_is_held(before: tuple[str, str], question: str,
                                                                      want: str) -> None:
    got = _reply(*before, question)
    assert not got.startswith("💵") and want in got, got


ALLOWED_EN = ["rent by the hour", "pay with alipay", "get a refund", "top up with usdt"]
ALLOWED_ZH = ["按小时租", "用支付宝付", "退款", "按天租"]


@settings(max_examples=16, deadline=None)
@given(st.sampled_from([("can I ", ALLOWED_EN, "?"), ("can we ", ALLOWED_EN, "?"), ("could I ", ALLOWED_EN, "?"),
                        ("能不能", ALLOWED_ZH, ""), ("可以", ALLOWED_ZH, "吗"), ("能", ALLOWED_ZH, "吗")]), st.integers(0, 3),
       st.sampled_from([PRICED_EN, PRICED_ZH]))
def test_money_held_never_changes_the_answer_to_a_question_of_a_rule(asked: tuple[str, list[str], str], i: int,
                                                                    before: tuple[str, str]) -> None:
    lead, things, end = asked
    question = f"{lead}{things[i]}{end}"
    assert _reply(*before, question) == _reply(before[0], question)


@pytest.mark.parametrize("before, question, want", [
    (PRICED_ZH, "够不够 还剩多少", "₮19,891"),  # ₮20,000 less a week at ₮109
    (PRICED_ZH, "够吗，剩多少？", "₮19,891"),
    (PRICED_ZH, "还剩多少", "₮19,891"),
    (PRICED_EN, "can we afford it?", "$2,891"),
    (MONEY_FIRST, "how much is left after that?", "$2,891"),
    (MONEY_FIRST, "够不够 还剩多少", "$2,891"),
])
def test_enough_and_what_is_left_still_weigh_the_money(before: tuple[str, str], question: str, want: str) -> None:
    got = _reply(*before, question)
    assert got.startswith("💵") and want in got, got
