"""A FAQ question about "it" right after a card's answer is about that card, and a card's own link is said beside
a provider's no: gpuli's RTX 4090/5090/3090 instances go over PCIe (catalogs/faq.yaml, seed 000), the RTX 3090
itself takes a two-card NVLink bridge of 112.5 GB/s and the 4090/5090 have no NVLink at all (catalogs/gpus.yaml)."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser, first_lines

AFTER_A_CARD = [
    ("gpuli 4090 weekly price", "does it have nvlink?", "RTX 4090", "doesn't have NVLink"),
    ("what does a 4090 cost per month at gpuli", "and does this card support NVLink", "RTX 4090", "doesn't have NVLink"),
    ("gpuli 4090 包周多少", "那它支持 nvlink 吗", "RTX 4090", "不带 NVLink"),
    ("gpuli 4090 包周多少", "这张卡有 nvlink 吗", "RTX 4090", "不带 NVLink"),
    ("qwen 7b lora 用 5090 够吗", "那它有nvlink吗", "RTX 5090", "不带 NVLink"),
]


@pytest.mark.parametrize(("before", "text", "card", "itself"), AFTER_A_CARD)
def test_a_faq_question_about_it_answers_for_the_card_before(before: str, text: str, card: str, itself: str) -> None:
    me = ChatUser()
    me.say(before)
    me.say(text)
    head = first_lines(me, 3)
    assert "No." in head or "没有。" in head, me.text
    assert card in head and itself in head, me.text
    assert "H100 SXM" not in me.text, me.text  # the card's own answer, not the whole list


CARD_ITSELF = [
    ("3090 能 nvlink 吗", "没有。", "NVLink 桥"),
    ("rtx3090 支不支持 nvlink 桥接", "没有。", "NVLink 桥"),
    ("does the rtx 3090 support nvlink", "No.", "NVLink bridge for two cards"),
    ("can two 3090s be linked with nvlink?", "No.", "NVLink bridge for two cards"),
]


@pytest.mark.parametrize(("text", "no", "bridge"), CARD_ITSELF)
def test_the_3090_takes_a_bridge_though_the_rented_ones_have_none(text: str, no: str, bridge: str) -> None:
    me = ChatUser()
    me.say(text)
    assert me.lines[1].startswith(no), me.text  # the rented instances: over PCIe
    assert bridge in me.text and "112.5 GB/s" in me.text and "PCIe" in me.text, me.text


@pytest.mark.parametrize("text", ["a6000 有nvlink吗", "does the h200 at gpuli have nvlink?"])
def test_a_yes_needs_no_card_line(text: str) -> None:
    me = ChatUser()
    me.say(text)
    assert "itself" not in me.text and "本身" not in me.text, me.text


def test_a_provider_with_no_part_for_the_card_before_keeps_the_whole_answer() -> None:
    me = ChatUser()
    me.say("gpuli 4090 weekly price")
    me.say("does yiwan have nvlink?")
    assert me.lines[1].startswith("Yiwan"), me.text  # 一万网络's own part leads, not gpuli's 4090
    assert "900 GB/s" in me.text and "itself" not in me.text, me.text


FORM_NAMED_BY_THE_PRICE = [
    ("h100 一周多少钱", "有 nvlink 吗", "有。", "H100 SXM"),
    ("what's an h100 per week", "does it have nvlink?", "Yes.", "H100 SXM"),
    ("H100 包月价格", "这张卡支持 nvlink 吗", "有。", "H100 SXM"),
]


@pytest.mark.parametrize(("before", "text", "yes", "card"), FORM_NAMED_BY_THE_PRICE)
def test_a_card_named_without_its_form_is_the_form_the_price_quoted(before: str, text: str, yes: str, card: str) -> None:
    """"h100" is SXM or PCIe; only the SXM form is rented, so the price was the SXM's and "it" is that card."""
    me = ChatUser()
    me.say(before)
    me.say(text)
    assert me.lines[1].startswith(yes), me.text
    assert card in first_lines(me, 3) and "RTX 4090/5090/3090" not in me.text, me.text  # its own answer, not the list
