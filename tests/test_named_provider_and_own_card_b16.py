"""Blind 16's price classes, by behaviour (seed figures):

- a rental priced at a provider the message names answers for that provider; the others are one line of
  totals after it, for comparison (no rate lines of theirs, no refusals of theirs);
- after a sizing, "一周多少钱" quotes a provider that does not rent the recommended card for its own
  cheapest card that holds the job (7B QLoRA: gpuli's RTX 4090, ₮109 a week / ₮369 a month) in the list,
  not only "gpuli does not rent the RTX 3090"."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser


@pytest.mark.parametrize(("text", "named", "other"), [
    ("4090 跑3天 gpuli 多少", "gpuli 1×RTX 4090: ₮109", "CloudGPU 1×RTX 4090 $23.76"),
    ("rtx 4090 for 3 days at gpuli, how much", "gpuli 1× RTX 4090: ₮109", "CloudGPU 1× RTX 4090 $23.76"),
    ("cloudgpu a100 80g 租 10 天多少钱", "CloudGPU 1×A100 80GB SXM: $357.60", "gpuli 1×A100 80GB PCIe ₮538"),
    ("how much is 8x h100 for a month at 一万网络", "一万网络: ¥80,000", "gpuli 8× H100 SXM ₮14,432"),
])
def test_a_named_provider_is_the_answer_and_the_others_one_line(text: str, named: str, other: str) -> None:
    chat = ChatUser()
    chat.say(text)
    assert named in chat.lines[1], chat.text
    assert other in chat.lines[2] and "/h" not in chat.lines[2] and "/小时" not in chat.lines[2], chat.text
    assert "$0.33" not in chat.text and "不出租" not in chat.text and "does not rent" not in chat.text, chat.text


def test_no_provider_named_lists_them_all() -> None:
    chat = ChatUser()
    chat.say("4090 跑3天多少")
    assert "$0.33" in chat.text and "₮109" in chat.text, chat.text


@pytest.mark.parametrize(("turns", "line"), [
    (["咱们 7b qlora 用啥卡", "求问 一周多少钱"], "gpuli 1×RTX 4090: ₮109"),
    (["7b qlora 该租什么卡", "包周多少"], "gpuli 1×RTX 4090: ₮109"),
    (["what card for 8b qlora", "how much for a week?"], "gpuli 1× RTX 4090: ₮109"),
    (["what card for 7b qlora", "how much a month"], "gpuli 1× RTX 4090: ₮369"),
])
def test_a_provider_without_the_recommended_card_is_quoted_for_its_own(turns: list[str], line: str) -> None:
    chat = ChatUser()
    for turn in turns:
        chat.say(turn)
    assert any(line in x for x in chat.lines[:5]), chat.text  # under the lead and seed 000's card (📌, blind 19)
    assert "gpuli 不出租" not in chat.text and "gpuli does not rent" not in chat.text, chat.text


@pytest.mark.parametrize(("text", "figure"), [
    ("老板让问下 7b qlora 一个月多少钱", "₮369"), ("monthly cost for 8b qlora?", "₮369"), ("7b qlora 一周多少钱", "₮109"),
])
def test_the_tables_card_price_is_said_when_only_another_providers_row_of_it_is_listed(text: str, figure: str) -> None:
    """The cost pick is the cheapest safe card (seed 002's RTX 3090); seed 000's card for the size (RTX 4090)
    is priced in the 📌 line unless every provider renting it is already listed with it."""
    chat = ChatUser()
    chat.say(text)
    assert any("RTX 4090" in x and figure in x for x in chat.lines), chat.text
