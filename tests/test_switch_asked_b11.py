"""Asking whether a memory switch is needed ("还需要 offload 吗", "要不要 8bit 优化器", "is cpu offload the
cheapest safe option") leaves the switch unstated (sized as the engine would pick, seed 000's minimum
included) and the reply leads with the yes/no and why; an A-not-A word ("要不要", "用不用") is never read
as the negation inside it. Seed 000: 32B full fits 8 × 80 GB with ZeRO-3 (64 GB of states per card, no
offload), 14B full's minimum is 4 × A100 SXM with ZeRO-3, 72B full on 8 × H100 needs optimizer
offload, 7B full on one 80 GB card needs the 8-bit optimizer (70 GB of states)."""

from __future__ import annotations

import re

import pytest

from bot.understand.parser import parse
from tests.chat_user import ChatUser


def lead(chat: ChatUser) -> str:
    return "\n".join([line for line in chat.text.splitlines() if line.strip()][:3])


@pytest.mark.parametrize("ask", [
    "32b 全参 8 张 h100 还需要开 offload 吗",
    "qwen3 32b 全参，8卡 h100，offload 还有必要吗",
    "do we still need optimizer offload for a 32b full finetune on 8 h100",
    "is cpu offload needed for 32b full ft on 8x h100",
])
def test_offload_not_needed_leads_with_no(ask: str) -> None:
    parsed = parse(ask)
    assert parsed.request.offload is None and parsed.asks.switch == "offload", ask
    chat = ChatUser()
    chat.say(ask)
    first = lead(chat).splitlines()[0]
    assert first.startswith(("不需要 offload", "No, offload is not needed")), chat.text
    assert "8×H100" in first.replace(" ", "") and "ZeRO-3" in first


@pytest.mark.parametrize(("ask", "needle"), [
    ("is cpu offload the cheapest safe option for a 14b full finetune", "4× A100 80GB SXM"),
    ("14b 全参 用不用开 offload", "4×A100 80GB SXM"),
])
def test_offload_asked_with_no_card_answers_with_the_seed_minimum(ask: str, needle: str) -> None:
    chat = ChatUser()
    chat.say(ask)
    first = lead(chat).splitlines()[0]
    # "the cheapest safe option?" is answered no with the safe way without offload named (session 26, r0c)
    assert first.startswith(("不需要 offload", "No, offload is not needed", "No: offload is no safe way")) and needle in first, chat.text
    assert "4,308" in chat.text  # gpuli's month of 4 × A100 SXM, seed 000's price for that setup


@pytest.mark.parametrize("ask", ["72b 全参 8 张 h100 需要开 offload 吗", "is offload needed for qwen2.5 72b full on 8 h100s"])
def test_offload_needed_leads_with_yes_and_the_offload_figure(ask: str) -> None:
    chat = ChatUser()
    chat.say(ask)
    first = lead(chat).splitlines()[0]
    assert first.startswith(("需要 offload", "Yes, offload is needed")), chat.text
    assert re.search(r"(?:48|49)\.\d GB$", first)  # 8 × H100, ZeRO-3 + optimizer offload (72B: 48.7, Qwen2.5-72B: 49.1)


@pytest.mark.parametrize("ask", ["7b 全参 最少几张卡，要不要上 8bit 优化器", "7b full finetune: smallest card, and do i need an 8-bit optimizer"])
def test_eight_bit_needed_for_seven_b_on_one_card(ask: str) -> None:
    parsed = parse(ask)
    assert parsed.request.optimizer is None and parsed.asks.switch == "optimizer", ask  # "要不要" is no negation
    chat = ChatUser()
    chat.say(ask)
    head = lead(chat)
    assert head.startswith(("需要 8-bit 优化器", "Yes, the 8-bit optimizer is needed")), chat.text
    assert "A100 80GB" in head and "70 GB" in chat.text  # seed 000's states: 10 bytes × 7B


@pytest.mark.parametrize("ask", ["14b 全参 4卡 a100 8bit 优化器有必要吗", "14b full ft on 4 a100 80g, is the 8-bit optimizer necessary"])
def test_eight_bit_not_needed_when_adamw_holds(ask: str) -> None:
    chat = ChatUser()
    chat.say(ask)
    first = lead(chat).splitlines()[0]
    assert first.startswith(("不需要 8-bit 优化器", "No, the 8-bit optimizer is not needed")), chat.text
    assert "67.5 GB" in first


@pytest.mark.parametrize(("text", "offload", "optimizer"), [
    ("72b 全参 8 卡 h100 开 offload 行吗", "optimizer", None),  # a proposal to size, not a question of need
    ("72b full on 8 h100 with offload", "optimizer", None),
    ("72b 全参 不开 offload", "none", None),
    ("7b 全参 不用 8bit 优化器", None, "adamw"),
    ("7b 全参 单卡 a100 8bit 优化器", None, "adamw-8bit"),
])
def test_a_stated_switch_stays_stated(text: str, offload: str | None, optimizer: str | None) -> None:
    parsed = parse(text)
    assert (parsed.request.offload, parsed.request.optimizer, parsed.asks.switch) == (offload, optimizer, None)
