""""How many would be safe? is one enough?": the count the message named is judged first (its yes or
no leads), the count needed follows; a bare size the catalog lacks (13B) is named as asked, with the
model whose shapes stand in for it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand.parser import parse
from tests.chat_user import ChatUser


def test_one_card_asked_beside_how_many_is_judged_first() -> None:
    u = ChatUser()
    u.say("14b full fine-tune: how many H100s do we need to be safe? would a single H100 do?")
    lines = u.text.splitlines()
    assert lines[0].startswith("❌") and "1× H100" in lines[0]
    assert any("4× H100" in ln for ln in lines[1:4])


@pytest.mark.parametrize("msg", ["13b 全参，一张 a100 80g 够不够？要几张 a100 80g 才稳",
                                 "14b 全参要几张 h100 才稳，单张 h100 行不行"])
def test_the_chinese_question_too(msg: str) -> None:
    u = ChatUser()
    u.say(msg)
    assert u.text.startswith("❌") and ("不够" in u.text.splitlines()[0] or "装不下" in u.text.splitlines()[0])


def test_a_bare_size_is_named_as_asked_with_its_stand_in() -> None:
    u = ChatUser()
    u.say("13b full finetune: how many A100 80G?")
    text = u.text
    assert text.splitlines()[0].startswith("13B") and "architecture taken from Qwen3-14B" in text


def test_more_cards_than_needed_are_enough() -> None:
    u = ChatUser()
    u.say("qwen3 32b 全参要几张 h100，我们手上有 16 张 h100")
    assert u.text.startswith("✅ 16 张")


# a ZeRO stage written beside "per card" ("ZeRO-1 per card") ends in a digit that is the stage, not a count of
# runs: the card count stated anywhere in the message is the machine's and the stage is kept with it
_FORMS = ["{n} 卡 {card} 跑 32b 全参，ZeRO-{z} per card 要多少显存", "32b full ft on {n} {card}s, zero-{z} per card vram?",
          "{card} x{n}，14b 全参 zero-{z}，每张卡多少 GB", "per card memory for 14b full with ZeRO-{z} on {n}x {card}?"]


@settings(max_examples=40, deadline=None, derandomize=True)
@given(form=st.sampled_from(_FORMS), n=st.sampled_from([2, 4, 8]), z=st.sampled_from([1, 2, 3]),
       card=st.sampled_from(["H100", "A100 80G", "H200"]))
def test_a_stage_before_per_card_keeps_the_stated_count(form: str, n: int, z: int, card: str) -> None:
    request = parse(form.format(n=n, z=z, card=card)).request
    assert (request.num_gpus, request.zero) == (n, z)


def test_zero_1_per_card_on_eight_cards_leads_with_the_stage_figure() -> None:
    u = ChatUser()
    u.say("8 卡 H100 跑 32b full ft，ZeRO-1 per card 要几多 vram")
    head = "\n".join(u.text.splitlines()[:3])
    assert "8×H100 SXM (ZeRO-1)" in head and "176 GB" in head
