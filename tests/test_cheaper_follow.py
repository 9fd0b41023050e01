""""有更便宜的吗", "便宜点的呢", "any cheaper option?" after a job priced at a provider: the next cheaper
setup there that still holds the job leads, with what it saves against the one priced, or a line saying the
setup priced is already the cheapest there (never "I can't help")."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser


@pytest.mark.parametrize(("first", "cheaper", "needles"), [
    ("CloudGPU 70b qlora 用 a100 一小时多少", "便宜点的呢", ("A800 80GB PCIe", "$1.09", "$1.49", "$0.40")),
    ("what does 70b qlora on an a100 cost per hour at cloudgpu", "any cheaper option?", ("A800 80GB PCIe", "$1.09", "$0.40")),
    ("一万网络 7b qlora 用 a100 40g 包月多少", "还有更便宜的吗", ("RTX 3090", "¥1,750", "¥2,800", "¥1,050")),
    ("how much is a month of 7b qlora on an a100 40g at yiwan", "anything cheaper?", ("RTX 3090", "¥1,750", "¥1,050")),
    ("gpuli 14b lora 用 h100 租一周多少", "有没有便宜点的", ("₮7,444", "RTX A6000", "₮115")),
])
def test_a_cheaper_setup_at_the_provider_leads(first: str, cheaper: str, needles: tuple[str, ...]) -> None:
    chat = ChatUser()
    chat.say(first)
    chat.say(cheaper)
    lead = chat.lines[0]
    assert all(n in lead for n in needles), chat.text


@pytest.mark.parametrize(("first", "cheaper", "needles"), [
    ("CloudGPU 8b qlora 用啥卡 一小时多少", "有更便宜的吗", ("RTX 3090", "$0.21", "最便宜")),
    ("CloudGPU 8b qlora 用啥卡 一小时多少", "便宜些的有吗", ("RTX 3090", "$0.21", "最便宜")),
    ("cloudgpu 14b qlora on an a6000 for 10 hours", "any cheaper option?", ("RTX A6000", "$4.40", "already the cheapest")),
    ("cloudgpu 14b qlora on an a6000 for 10 hours", "is there a less expensive card", ("RTX A6000", "$4.40", "cheapest")),
])
def test_the_cheapest_already_priced_says_so(first: str, cheaper: str, needles: tuple[str, ...]) -> None:
    chat = ChatUser()
    chat.say(first)
    chat.say(cheaper)
    assert all(n in chat.lines[0] for n in needles), chat.text
    assert "帮不上" not in chat.text and "can't help" not in chat.text


def test_a_length_with_cheaper_reprices_that_length_not_the_next_card() -> None:
    chat = ChatUser()
    chat.say("CloudGPU 70b qlora 用 a100 一小时多少")
    chat.say("就用三天，有便宜点的吗")
    assert "有更便宜的：" not in chat.text, chat.text


@pytest.mark.parametrize(("first", "cheaper", "needles"), [
    ("gpuli 7b lora bf16 用啥卡", "便宜点的呢", ("RTX A6000", "₮115", "最便宜")),
    ("which card for 7b lora at gpuli", "something cheaper?", ("RTX A6000", "₮115", "cheapest")),
])
def test_a_sizing_at_a_provider_is_priced_for_its_shortest_term(first: str, cheaper: str, needles: tuple[str, ...]) -> None:
    chat = ChatUser()
    chat.say(first)
    chat.say(cheaper)
    assert all(n in chat.lines[0] for n in needles), chat.text


@pytest.mark.parametrize(("first", "cheaper", "needles"), [
    ("cloudgpu a100 80g 每小时多少", "有更便宜的吗", ("A800 80GB PCIe", "$1.09")),
    ("一万网络 3090 包月多少", "便宜点的呢", ("RTX 3090", "¥1,750")),
    ("gpuli h100 weekly price", "anything cheaper?", ("A100 80GB PCIe", "₮269")),
])
def test_a_card_priced_alone_lists_the_cards_there_with_as_much_memory(first: str, cheaper: str, needles: tuple[str, ...]) -> None:
    chat = ChatUser()
    chat.say(first)
    chat.say(cheaper)
    assert all(n in "\n".join(chat.lines[:3]) for n in needles), chat.text


def test_the_cheapest_at_another_provider_is_its_own_question() -> None:
    chat = ChatUser()
    chat.say("7b qlora gpuli 4090 一周多少")
    chat.say("一万网络 同样需求 最便宜的呢")
    assert "一万网络" in chat.lines[0] and "有更便宜的：" not in chat.text and "没有更便宜的了" not in chat.text, chat.text


@pytest.mark.parametrize(("first", "then", "needle"), [
    ("cloudgpu 3090 和 4090 一小时各多少", "便宜的那个跑一天多少", "$5.04"),
    ("what are cloudgpu's 48gb options per hour", "the cheaper one, 8 hours?", "$3.52"),
])
def test_the_cheaper_option_picked_is_priced_for_its_length(first: str, then: str, needle: str) -> None:
    chat = ChatUser()
    chat.say(first)
    chat.say(then)
    assert needle in "\n".join(chat.lines[:3]), chat.text
