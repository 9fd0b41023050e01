"""Two prices weighed, asked of the conversation (bot.core.weigh_priced, bot.understand.weigh): which of the last
two rentals priced is cheaper, by how much, or the last one against another the message names ("还是包月",
"or the month instead?"), answered with both figures and the difference, the verdict first; a second length asked
in the same message with a bare space ("一小时多少 跑一整天呢") priced too. Figures from seeds 000, 002 and 003."""

from __future__ import annotations

import pytest

from bot.understand.normalize import normalize
from bot.understand.weigh import HOW_MUCH, VERSUS, WHICH, weigh_asked
from tests.chat_user import ChatUser


@pytest.mark.parametrize(("turns", "needles"), [
    # a card changed at one provider, then how much
    (("cloudgpu a6000 跑 12 小时", "4090 呢", "便宜多少"), ("$3.96", "$5.28", "$1.32")),
    (("rtx 3090 at cloudgpu for 20 hours", "and the a800?", "how much more is that"), ("$4.20", "$21.80", "$17.60")),
    # a year paid at once against the same year paid month by month (seed 003: 8 折)
    (("一万网络 3090 包月", "年付呢", "年付能省多少"), ("¥16,800", "¥21,000", "¥4,200")),
    # a provider changed, then which (two currencies: compared in dollars)
    (("4090 at cloudgpu for a day", "what about gpuli", "which one works out cheaper"), ("CloudGPU", "$7.92", "₮109")),
    # gpuli rents the 8×A100 box by the month only: a week and two weeks cost the same month (seed 000)
    (("gpuli 8 卡 a100 一周多少", "两周呢", "哪个更划算"), ("₮8,352", "一样")),
])
def test_the_last_two_prices_are_weighed(turns: tuple[str, ...], needles: tuple[str, ...]) -> None:
    chat = ChatUser()
    for turn in turns:
        chat.say(turn)
    assert all(n in chat.lines[0] for n in needles), chat.text


@pytest.mark.parametrize(("turns", "cheaper", "dearer", "diff"), [
    (("gpuli a6000 包周", "三周呢", "要不直接包月"), "₮345", "₮389", "₮44"),
    (("gpuli 5090 for a week", "make it 2 weeks", "or the month instead?"), "₮298", "₮499", "₮201"),
    (("gpuli 5090 一周", "两周的话", "和包月比呢"), "₮298", "₮499", "₮201"),
    (("a6000 at gpuli for one week", "3 weeks then", "versus just renting the month?"), "₮345", "₮389", "₮44"),
])
def test_the_last_price_against_the_term_named(turns: tuple[str, ...], cheaper: str, dearer: str, diff: str) -> None:
    chat = ChatUser()
    for turn in turns:
        chat.say(turn)
    first = chat.lines[0]
    assert first.index(cheaper) < first.index(dearer) and diff in first, chat.text
    assert dearer in "\n".join(chat.lines[1:]), chat.text  # the rental named is priced after the verdict


def test_a_job_priced_twice_is_weighed_on_its_setups() -> None:
    chat = ChatUser()
    for turn in ("14b qlora 4090 gpuli 一周多少", "cloudgpu 呢 跑 20 小时", "which is cheaper"):
        chat.say(turn)
    assert chat.lines[0].index("CloudGPU") < chat.lines[0].index("gpuli") and "$6.60" in chat.lines[0], chat.text


@pytest.mark.parametrize(("message", "needles"), [
    ("cloudgpu a800 一小时多少 要用两天呢", ("$1.09", "$52.32")),
    ("cloudgpu a6000 1小时多少 训一整天呢", ("$0.44", "$10.56")),
    ("cloudgpu 4090 price for one hour, and what about a full day?", ("$0.33", "$7.92")),
])
def test_a_second_length_in_one_message_gets_its_price(message: str, needles: tuple[str, ...]) -> None:
    chat = ChatUser()
    chat.say(message)
    assert all(n in chat.text for n in needles), chat.text


@pytest.mark.parametrize(("text", "asked"), [
    ("省多少", HOW_MUCH), ("能便宜几块", HOW_MUCH), ("cheaper by how much", HOW_MUCH), ("how much would we save?", HOW_MUCH),
    ("哪个划算", WHICH), ("选哪个", WHICH), ("which one's the better deal", WHICH),
    ("还是包月", VERSUS), ("要不直接包月吧", VERSUS), ("or should we take the month", VERSUS), ("vs a month?", VERSUS),
    ("一周多少", None), ("and a 3090?", None), ("多少钱", None), ("省钱的办法有哪些", None),
])
def test_what_is_weighed_is_read_in_both_languages(text: str, asked: str | None) -> None:
    assert weigh_asked(normalize(text)) == asked


def test_a_currency_question_after_a_price_is_not_a_comparison() -> None:
    chat = ChatUser()
    for turn in ("gpuli 4090 周租", "人民币还是美元"):
        chat.say(turn)
    assert "USDT" in chat.lines[0] and "💡" not in chat.lines[0], chat.text


@pytest.mark.parametrize(("turns", "needles"), [
    (("which provider has an l40s?",), ("₮189", "₮649")),
    (("哪家有 a6000",), ("$0.44", "₮115")),
    (("一万网络 和 gpuli 哪家有 8 卡 a100 80g", "gpuli 的呢"), ("₮8,352",)),
])
def test_who_rents_a_card_is_its_prices(turns: tuple[str, ...], needles: tuple[str, ...]) -> None:
    chat = ChatUser()
    for turn in turns:
        chat.say(turn)
    assert all(n in "\n".join(chat.lines[:3]) for n in needles), chat.text


def test_a_card_question_with_a_subject_of_its_own_stays_the_faq() -> None:
    chat = ChatUser()
    chat.say("gpuli 的 h100 有 nvlink 吗")
    assert "NVLink" in chat.text and "₮" not in chat.text, chat.text


def test_a_card_instead_after_a_job_cost_is_the_job_on_that_card() -> None:
    chat = ChatUser()
    for turn in ("32b full finetune on eight h100s", "monthly at gpuli?", "what if a100 sxm instead"):
        chat.say(turn)
    assert "₮8,352" in "\n".join(chat.lines[:3]) and "1× A100" not in chat.text, chat.text
