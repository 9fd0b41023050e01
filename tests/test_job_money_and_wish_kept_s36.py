"""Three readings round 1 of session 36 had crowded out, kept: the cheapest card asked after a job is the cheapest
card that holds that job (not the cheapest card of all, a T4 the job may not fit); a rental only wished ("想租…",
"thinking of renting …") is that card's price, not a FAQ entry sharing 租 and the provider's name, so a budget and
an add-on asked after it are weighed against it; a top-up amount said inside a question whether it gets a card is the
money weighed against that rental, not a how-to-top-up question. Seed figures: CloudGPU RTX 3090 $0.21/h (seed 001);
一万网络 A100 40G ¥2,800 a month, 128G RAM +¥600 a month, 3090 ¥1,750, T4 ¥900 (seed 003); gpuli RTX 4090 ₮109 a
week, ₮369 a month (seed 000)."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser


def said(*turns: str) -> ChatUser:
    u = ChatUser()
    for turn in turns:
        u.say(turn)
    return u


def head(u: ChatUser, n: int = 3) -> str:
    return "\n".join([line for line in u.text.splitlines() if line.strip()][:n])


# ---------------------------------------------------------------- the cheapest card of a job in context

@pytest.mark.parametrize("turns", [
    ("is an h100 too much for a 7b qlora?", "ok so what's the cheapest gpu for that"),
    ("7b qlora 上 h100 是不是太浪费", "那它用哪张卡最便宜"),
    ("7b qlora 上 h100 是不是太浪费", "最便宜的卡是哪张"),
])
def test_the_cheapest_card_after_a_job_is_one_that_holds_it(turns: tuple[str, ...]) -> None:
    u = said(*turns)
    top = head(u)
    assert "3090" in top and "T4" not in top, u.text  # 7B QLoRA may top 16 GB: the T4 is no answer
    assert "H100" not in top, u.text  # the card the job was asked on is not kept


@pytest.mark.parametrize("turns", [
    ("is an h100 too much for a 7b qlora?", "cheapest gpu for it?", "hourly at cloudgpu"),
    ("7b qlora 上 h100 是不是太浪费", "那最便宜的卡是哪张", "cloudgpu 按小时多少"),
])
def test_that_card_is_then_priced_where_asked(turns: tuple[str, ...]) -> None:
    u = said(*turns)
    assert "$0.21" in head(u), u.text  # the 3090 by the hour at CloudGPU, not "CloudGPU does not rent the T4"


def test_with_no_job_before_the_cheapest_card_of_all_is_still_named() -> None:
    u = said("gpuli 怎么充值", "最便宜的卡按小时多少钱")
    assert "3090" in head(u, 2) and "$0.21" in head(u, 2), u.text


# ---------------------------------------------------------------- a rental wished is priced

@pytest.mark.parametrize(("text", "price"), [
    ("打算租一万网络的 a100 40g", "¥2,800"),
    ("我们想在 cloudgpu 租 3090", "$0.21"),
    ("考虑在一万网络上租 8卡 a100 80g", "¥25,000–40,000"),  # the 8-card machine's estimated month
    ("thinking of renting an a100 40g at yiwan", "¥2,800"),
    ("we'd like to rent a 3090 on cloudgpu", "$0.21"),
])
def test_a_rental_only_wished_is_the_cards_price(text: str, price: str) -> None:
    u = said(text)
    assert u.last is not None and u.last.kind == "price", u.text
    assert price in head(u), u.text


def test_a_wish_with_a_question_of_its_own_keeps_that_question() -> None:
    u = said("我想租 gpuli 的 4090，租错了能退吗")
    assert u.last is not None and u.last.kind == "faq", u.text


@pytest.mark.parametrize(("turns", "verdict"), [
    (("经费只有 3000 元", "打算租一万网络的 a100 40g", "租一个月", "再加 128g 内存还够不够"), "不够"),
    (("we have ¥3000 to spend", "thinking of renting an a100 40g at yiwan", "monthly",
      "with 128g more ram, is it still enough?"), "not enough"),
])
def test_an_add_on_after_a_wished_rental_is_weighed_against_the_budget(turns: tuple[str, ...], verdict: str) -> None:
    u = said(*turns)
    assert verdict in u.lines[0] and "3,400" in u.lines[0], u.text  # ¥2,800 + ¥600 over ¥3,000


# ---------------------------------------------------------------- a top-up amount asked whether it gets a card

@pytest.mark.parametrize(("text", "verdict", "figure"), [
    ("wallet's at zero — if we top up 120 USDT, could we snag a 4090 at gpuli for a week?", "enough", "₮109"),
    ("if I load 100 usdt, can I grab a 4090 on gpuli for a week?", "not enough", "₮109"),
    ("余额是零，充 400 USDT 能在 gpuli 租一个月 4090 吗", "够", "₮369"),
    ("充 100u 能在 gpuli 上租一周 4090 吗", "不够", "₮109"),
])
def test_a_top_up_asked_against_a_card_is_weighed(text: str, verdict: str, figure: str) -> None:
    u = said(text)
    assert verdict in u.lines[0] and figure in u.lines[0], u.text
    assert "💳" not in head(u), u.text  # not the how-to-top-up lead
