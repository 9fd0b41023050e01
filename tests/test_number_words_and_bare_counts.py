"""Number words read everywhere and counts in follow-ups (issue 18, items 1 and A):

- a model size in number words ("thirty two b", "fourteen billion", "三十二 b") is sized as its digits are;
- a bare count after an answer on a count of cards ("and with eight?", "那 8 呢") is that many cards;
- a number of weeks after a weekly price ("那 4 周呢") shows the weeks' own total beside the month that covers
  them for less (gpuli seed: RTX 4090 ₮109/week, ₮369/month; 4 weeks ₮436)."""

from __future__ import annotations

import pytest

from bot.understand.fields import params_b
from bot.understand.follow_frame import lone_count, weeks_said
from bot.understand.normalize import normalize
from bot.understand.parser import parse
from tests.chat_user import ChatUser


def _chat(*turns: str) -> ChatUser:
    chat = ChatUser()
    for turn in turns:
        chat.say(turn)
    return chat


@pytest.mark.parametrize(("text", "digits"), [
    ("thirty two b full finetune", "32 b full finetune"),
    ("seventy-two b lora", "72 b lora"),
    ("fourteen billion qlora", "14 billion qlora"),
    ("a seven bn model", "a 7 bn model"),
])
def test_a_model_size_in_number_words_becomes_digits(text: str, digits: str) -> None:
    assert normalize(text) == digits


def test_words_that_count_no_parameters_stay_words() -> None:
    assert normalize("plan b then") == "plan b then"
    assert normalize("a b test") == "a b test"


def test_billion_and_bn_are_a_model_size_but_not_a_count_of_tokens() -> None:
    assert params_b("14 billion qlora") == 14
    assert params_b("a 7bn model") == 7
    assert params_b("train on 2 billion tokens") is None


@pytest.mark.parametrize(("text", "size", "method"), [
    ("thirty two b full finetune on eight a100 sxm with zero-3?", 32, "full"),
    ("full fine-tune of a thirty-two b model on eight a100 sxm", 32, "full"),
    ("seventy two b lora", 72, "lora"),
    ("fourteen billion qlora on a 4090", 14, "qlora"),
    ("三十二 b 全参 8卡 a100", 32, "full"),
    ("七十二b 全参", 72, "full"),
])
def test_a_job_with_its_size_in_words_reads_the_size(text: str, size: float, method: str) -> None:
    request = parse(text).request
    assert (request.params_b, request.method) == (size, method), text


def test_thirty_two_b_full_on_eight_a100_is_sized_there() -> None:
    chat = _chat("thirty two b full finetune on eight a100 sxm with zero-3?")
    lead = " ".join(chat.lines[:3])
    assert "32B full fine-tune on 8× A100 80GB SXM (ZeRO-3)" in lead, chat.text
    assert "64 GB" in lead, chat.text  # 16 bytes × 32B over 8 cards


def test_fourteen_billion_qlora_is_sized_not_answered_from_the_faq() -> None:
    chat = _chat("fourteen billion qlora on a 4090")
    assert "14B QLoRA (4-bit)" in chat.lines[0] and "RTX 4090" in chat.lines[0], chat.text


@pytest.mark.parametrize(("text", "count"), [
    ("and with eight?", 8), ("what about 8", 8), ("make it eight", 8), ("how about sixteen?", 16),
    ("那 8 呢", 8), ("十六呢", 16), ("那换成 8 个呢", 8),
])
def test_a_lone_count_is_read(text: str, count: int) -> None:
    assert lone_count(text) == count


@pytest.mark.parametrize("text", ["and 8 weeks?", "what about the 4090", "why?", "8 a100", "and with 500?", "那 8 周呢"])
def test_a_count_with_more_words_or_out_of_range_is_no_lone_count(text: str) -> None:
    assert lone_count(text) is None


@pytest.mark.parametrize("follow", ["and with eight?", "what about 8", "那 8 呢", "八卡呢", "换成 8 张"])
def test_a_count_changed_after_a_monthly_price_prices_that_many(follow: str) -> None:
    chat = _chat("gpuli 4x a100 sxm monthly", follow)
    assert "8× A100 80GB SXM" in chat.text.replace("8×A100", "8× A100"), chat.text
    assert "₮8,352" in chat.lines[1], chat.text


def test_a_count_changed_after_a_sizing_sizes_that_many() -> None:
    chat = _chat("32b full on 4x h100", "make it eight")
    assert "8× H100 SXM" in chat.lines[0], chat.text


def test_a_bare_number_after_a_single_card_is_not_read_as_cards() -> None:
    chat = _chat("gpuli 4090 for 2 weeks", "and 3?")
    assert "3× RTX 4090" not in chat.text, chat.text


@pytest.mark.parametrize(("text", "weeks"), [("那 4 周呢", 4), ("and for four weeks?", 4), ("四个星期呢", 4),
                                             ("那 1 周呢", None), ("4 周零 2 天呢", None)])
def test_the_weeks_asked_are_read(text: str, weeks: int | None) -> None:
    assert weeks_said(text) == weeks


@pytest.mark.parametrize(("first", "follow", "month", "weeks"), [
    ("gpuli 4090 周租", "那 4 周呢", "1 个月 = ₮369", "4 周 × ₮109 = ₮436"),
    ("gpuli 4090 按周租多少钱", "四个星期呢", "1 个月 = ₮369", "4 周 × ₮109 = ₮436"),
    ("gpuli 4090 weekly", "and for four weeks?", "1 month = ₮369", "4 weeks × ₮109 = ₮436"),
    ("gpuli rtx 4090 weekly price", "what about 4 weeks", "1 month = ₮369", "4 weeks × ₮109 = ₮436"),
])
def test_weeks_a_month_covers_for_less_show_both_totals(first: str, follow: str, month: str, weeks: str) -> None:
    chat = _chat(first, follow)
    lead = " ".join(chat.lines[:3])
    assert month in lead and weeks in lead and "₮67" in chat.lines[0], chat.text


def test_weeks_cheaper_than_a_month_keep_the_weekly_price() -> None:
    chat = _chat("gpuli 4090 weekly", "3 weeks then?")
    assert "₮327" in chat.lines[1] and "3 weeks × ₮109" in chat.lines[1], chat.text
