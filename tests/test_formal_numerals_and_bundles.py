"""Issue 18 (session 31, round 1), classes E and G: money and time words, questions sent to the wallet.

- Formal numerals (大写金额: 壹贰叁肆伍陆柒捌玖拾佰仟萬) are the same amounts as their digits wherever numbers
  are read: a finance note's "贰万叁仟元" is ¥23,000 (property: every amount written formally normalizes as
  the same amount written in ordinary numerals, and is read as the same money).
- A count before 个月 after 按 ("学期按 5 个月算") is a length, never a budget of ¥5.
- Several rentals, each with its own count and term, totalled in one line: a count after the card's term
  ("4090 月租三台") is that card's; the terms of different cards are no ask for both terms of each.
- 块 after a price at the one provider selling the card also gets that provider's reading.
- Whether the wallet's money can place an order (no card named): no, with the top-up it needs.
- How a rental is charged ("怎么收", "how is it billed") asks its price and never opens a booking.

Figures are the seeds': gpuli RTX 4090 ₮109/week ₮369/month, L40S ₮189/week ₮649/month, RTX 5090 ₮149/week
₮499/month, 8×H100 SXM ₮4,172/week ₮14,432/month; 一万网络 A100 40GB ¥2,800/month, RTX 3090 ¥1,750/month,
CPU 16 cores ¥400/month.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand.normalize import normalize
from bot.understand.parser import parse
from tests.chat_user import ChatUser

FEW = settings(max_examples=15, deadline=None)
FORMAL = "零壹贰叁肆伍陆柒捌玖"
PLAIN = "零一二三四五六七八九"


def _said(n: int, digits: str, ten: str, hundred: str, thousand: str, wan: str) -> str:
    """n (1..99,999) as a Chinese amount in the given digit and place characters ("壹万伍仟", "三千二百")."""
    out, zero = "", False
    for value, place in ((10_000, wan), (1000, thousand), (100, hundred), (10, ten), (1, "")):
        d = n // value % 10
        if d:
            if zero and out:
                out += digits[0]
            out += digits[d] + place
            zero = False
        elif out:
            zero = True
    return out


def _reply(*turns: str) -> str:
    u = ChatUser()
    for turn in turns:
        u.say(turn)
    return u.text


# ---------------------------------------------------------------- formal numerals


@FEW
@given(st.integers(min_value=100, max_value=99_999), st.sampled_from(["元", "块"]))
def test_a_formal_amount_reads_as_the_same_amount_in_ordinary_numerals(n: int, unit: str) -> None:
    formal = _said(n, FORMAL, "拾", "佰", "仟", "万")
    plain = _said(n, PLAIN, "十", "百", "千", "万")
    assert normalize(f"预算{formal}{unit}") == normalize(f"预算{plain}{unit}")


@FEW
@given(st.sampled_from([2, 3, 5, 8, 12]).map(lambda k: k * 1000), st.sampled_from(["预算 {a}元", "手上有{a}块", "批了{a}元"]))
def test_a_formal_budget_is_the_money_its_digits_are(amount: int, frame: str) -> None:
    formal = _said(amount, FORMAL, "拾", "佰", "仟", "万")
    by_formal = parse(frame.format(a=formal) + "，一万网络 3090 能租几个月")
    by_digits = parse(frame.format(a=amount) + "，一万网络 3090 能租几个月")
    assert by_formal.asks.budget == by_digits.asks.budget
    assert by_formal.asks.budget is not None and int(by_formal.asks.budget[0]) == amount


def test_words_the_formal_characters_also_write_stay_words() -> None:
    for text in ("队伍两个月都在跑", "大陆的服务器", "收拾一下数据", "陆续租三张卡"):
        assert normalize(text) == normalize(text.replace("伍", "伍"))
        assert "5" not in normalize(text) and "6" not in normalize(text) and "10" not in normalize(text)


def test_a_formal_budget_gets_its_runway_and_its_verdict() -> None:
    text = _reply("领导批了贰万叁仟元，一万网络 A100 40G 最多租几个月")
    assert "8 个月" in text.splitlines()[0]  # ¥23,000 // ¥2,800
    text = _reply("壹仟伍佰块够租一个月 3090 吗（一万网络）")
    assert text.splitlines()[0].startswith("💵") and "不够" in text.splitlines()[0]  # ¥1,500 < ¥1,750
    text = _reply("预算贰仟捌佰元，一万网络 A100 40G 加 16 核 CPU 租一个月够不够")
    assert "不够" in text.splitlines()[0] and "¥3,200" in text.splitlines()[0]


def test_kuai_after_a_price_at_the_one_provider_selling_the_card_reads_both_ways() -> None:
    text = _reply("L40S 一周多少钱", "叁仟块能租几周")
    assert "15 周" in text  # ₮3,000 // ₮189, the provider's own reading, beside the yuan one
    text = _reply("how much is an L40S per week", "how many weeks does 1500 块 buy")
    assert "7 weeks" in text


# ---------------------------------------------------------------- months counted, never money


def test_a_count_of_months_to_reckon_by_is_no_budget() -> None:
    for turn, total in (("一个学期按5个月算，一万网络 A100 40G 月付一共多少", "¥14,000"),
                        ("项目周期按 3 个月来算，gpuli 4090 包月总共要多少钱", "₮1,107")):
        text = _reply(turn)
        assert "预算" not in text and total in text
    assert parse("按 6 个月算 gpuli 4090 月租多少").asks.budget is None
    assert parse("按 2.5 万一个月算，一万网络 8卡 a100 够吗").asks.budget is not None  # a figure a month is money


# ---------------------------------------------------------------- several rentals, one total


def test_each_card_with_its_own_count_and_term_is_totalled() -> None:
    text = _reply("月底对账：L40S 月租一台 + 4090 周租三台，合计多少")
    assert "₮649 + ₮327 = ₮976" in text.splitlines()[0]
    text = _reply("three 4090s on a monthly rental plus one 5090 for a week, total?")
    assert "₮1,107 + ₮149 = ₮1,256" in text.splitlines()[0]


def test_terms_of_different_cards_are_no_ask_for_both_terms() -> None:
    p = parse("5090 包月两台 + 4090 周租一台 一共多少")
    assert [(q.request.gpu, q.request.num_gpus, q.rental.duration_days) for q in p.parts] == [
        ("rtx-5090", 2, 30.0), ("rtx-4090", 1, 7.0)]
    assert not any(q.asks.both_units for q in p.parts)


# ---------------------------------------------------------------- the wallet asked, not ordered


def test_an_empty_wallet_cannot_place_an_order() -> None:
    text = _reply("余额 0 元，可以直接下单 gpuli 的月租吗")
    assert text.splitlines()[0].startswith("❌ 不能") and "充值" in text.splitlines()[0] and "₮369" in text.splitlines()[0]
    text = _reply("wallet balance is 0 usdt, can we order a gpuli weekly rental?")
    assert text.splitlines()[0].startswith("❌ No") and "top up" in text.splitlines()[0] and "₮109" in text.splitlines()[0]


def test_how_a_rental_is_charged_is_its_price_never_a_booking() -> None:
    for turn in ("gpuli 8卡 h100 想租十五天，怎么收", "想在 gpuli 租 8 卡 h100 半个月，怎么算钱",
                 "I'd like to rent 8x h100 at gpuli for half a month, how is it charged"):
        text = _reply(turn)
        assert "₮12,516" in text and "4,172" in text  # 3 weeks, cheaper than the month's ₮14,432
        assert "确认" not in text and "Confirm" not in text
