"""Blind set 16, as classes (phrasings of our own, both languages, figures from the seeds):
money asked whether it rents a setup in colloquial forms ("三千块u", "2.5w 能不能租", "1.2万元u") is a
budget and its verdict leads; a budget short of the term names the shorter rental it does buy (gpuli sells
8×H100 by the week, ₮4,172); a deadline without a dataset size is answered first (what it depends on, and
how much the setup trains before it); a price asked beside a deadline plan leads in one line; two
rentals summed are each priced for their own length (gpuli ₮369 a month of 4090 + ₮319 a week of A100 SXM)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.understand.money_words import find_money
from bot.understand.normalize import normalize
from bot.understand.parser import parse
from tests.chat_user import ChatUser


def _chat(*turns: str) -> ChatUser:
    chat = ChatUser()
    for turn in turns:
        chat.say(turn)
    return chat


@pytest.mark.parametrize(("text", "value", "currency"), [
    ("三千块u 够 2张h100 包月吗", 3000, "USDT"), ("两万块刀能不能租 8卡h100 一周", 20000, "USD"),
    ("1.2万元u够4卡h100一个月吗", 12000, "USDT"), ("2.5w 能不能租 8卡a100 一个月 gpuli", 25000, None),
    ("8卡a100 一个月 2.5w 能不能租", 25000, None), ("12000 能不能租 8卡a100 一个月", 12000, None),
    ("does 15k rent 8x a100 for a month on gpuli", 15000, None), ("would 3.5k usdt rent 4 h100s monthly", 3500, "USDT"),
])
def test_colloquial_money_asked_whether_it_rents_is_a_budget(text: str, value: int, currency: str | None) -> None:
    budget = parse(text).asks.budget
    assert budget is not None and budget[0] == value and budget[1] == currency, (text, budget)


@pytest.mark.parametrize("text", ["4090 能租吗", "3090 能不能租一周", "5090 可以租多久"])
def test_a_card_asked_whether_it_rents_is_no_money(text: str) -> None:
    assert not find_money(normalize(text)) and parse(text).asks.budget is None, text


def test_kuai_u_is_usdt_not_yuan() -> None:
    [money] = find_money(normalize("五百块u"))
    assert (money.value, money.currency, money.loose) == (Decimal(500), "USDT", False)


@pytest.mark.parametrize(("text", "lead"), [
    ("三千块u 够 4张h100 包月吗", "预算 ₮3,000：不够。gpuli 4×H100 SXM 要 ₮7,444，超出 ₮4,444"),
    ("2.5w 能不能租 8卡a100 一个月 gpuli", "预算 ₮25,000：够。gpuli 8×A100 80GB SXM 要 ₮8,352，还剩 ₮16,648"),
    ("does 15k rent 8x a100 for a month on gpuli", "Budget ₮15,000: enough. gpuli 8× A100 80GB SXM costs ₮8,352, ₮6,648 left"),
])
def test_the_budget_verdict_leads_named_back(text: str, lead: str) -> None:
    assert lead in _chat(text).lines[0]


@pytest.mark.parametrize(("turns", "shorter"), [
    (("8卡 h100 一个月多少", "预算 6000 刀 够吗"), "$6,000 最长能租 gpuli 8×H100 SXM 7 天：1 周，共 ₮4,172"),
    (("gpuli 8卡 h100 包月 ₮9000 够吗",), "₮9,000 最长能租 gpuli 8×H100 SXM 14 天：2 周，共 ₮8,344，剩 ₮656"),
    (("8x h100 for a month at gpuli", "is ₮5000 enough?"), "₮5,000 rents 8× H100 SXM at gpuli for up to 7 days: 1 week for ₮4,172"),
])
def test_a_budget_short_of_the_term_names_the_shorter_rental_it_buys(turns: tuple[str, ...], shorter: str) -> None:
    chat = _chat(*turns)
    assert "不够" in chat.lines[0] or "not enough" in chat.lines[0], chat.text
    assert shorter in chat.lines[1], chat.text


def test_no_shorter_rental_when_the_money_buys_not_even_the_shortest_term() -> None:
    chat = _chat("预算 3000u 够租 8卡h100 一周吗")  # gpuli's week is ₮4,172, its shortest term
    assert "不够" in chat.lines[0] and "最长能租" not in chat.text, chat.text


@pytest.mark.parametrize(("turns", "words"), [
    (("32b 全参 8 卡 h100 要多少钱", "周五前能训完吗"), ("取决于数据量", "gpuli 8×H100 SXM 每小时约训", "截止前最多约")),
    (("7b lora 4090，下周一前能训完吗",), ("取决于数据量", "RTX 4090 每小时约训")),
    (("full fine-tune of a 32b on 8x h100, can it finish by friday?",), ("depends on the dataset size", "tokens an hour")),
])
def test_a_deadline_without_data_is_answered_first(turns: tuple[str, ...], words: tuple[str, ...]) -> None:
    chat = _chat(*turns)
    assert chat.lines[0].startswith("⏰"), chat.text
    assert all(w in chat.lines[0] for w in words), chat.lines[0]


@pytest.mark.parametrize(("n", "zh", "en"), [
    (44_520_000, "4,500 万", "45 million"), (3_900_000_000, "39 亿", "3.9 billion"), (950_000, "95 万", "950 thousand"),
])
def test_token_counts_read_as_people_say_them(n: int, zh: str, en: str) -> None:
    from bot.views.deadline_lead import tokens_text

    assert (tokens_text(Decimal(n), "zh"), tokens_text(Decimal(n), "en")) == (zh, en)


@pytest.mark.parametrize(("text", "price"), [
    ("14b qlora，4090，数据 3 万条，下周一前能跑完吗？另外周租多少", "gpuli ₮109"),
    ("7b lora 4090 数据 2000 万 token 周五前能训完吗？包月多少", "gpuli ₮369"),
    ("14b qlora on a 4090, 30k samples, done by monday? also how much is it per week", "gpuli ₮109"),
    ("14b qlora on a 4090, 30k samples, done by monday? also what is the weekly rent", "gpuli ₮109"),
    ("7b lora 4090 数据 2000 万 token，周五前能训完吗，包月多少", "gpuli ₮369"),
])
def test_a_price_asked_beside_a_deadline_plan_leads_and_both_are_answered(text: str, price: str) -> None:
    chat = _chat(text)
    assert chat.lines[0].startswith("💰") and price in chat.lines[0], chat.text
    assert any(line.startswith(("能：", "Yes:")) for line in chat.lines[:5]), chat.text


@pytest.mark.parametrize(("text", "total"), [
    ("一个月 4090 + 一周 a100 sxm 合计多少", "gpuli 合计：₮369 + ₮319 = ₮688"),
    ("两周 4090 加上 一个月 a6000 一共多少钱", "gpuli 合计：₮218 + ₮389 = ₮607"),
    ("4090 for a month plus a100 sxm for a week, how much in total?", "gpuli in all: ₮369 + ₮319 = ₮688"),
])
def test_two_rentals_summed_are_each_priced_for_their_own_length(text: str, total: str) -> None:
    chat = _chat(text)
    assert total in "\n".join(chat.lines[:3]), chat.text
