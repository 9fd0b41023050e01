"""A card named alone right after a card's facts answer ("h100 sxm vs a100 sxm nvlink bandwidth" then "and l40s")
gets the same facts of that card (catalogs/gpus.yaml), not a request for a model; after a job, the job stays the
subject."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import ChatUser

NAMED_NEXT = [
    (["h100 sxm vs a100 sxm nvlink bandwidth", "and l40s"], ["L40S", "no NVLink"]),
    (["h100 sxm 和 a100 sxm 的 nvlink 带宽", "l40s 呢"], ["L40S", "没有 NVLink"]),
    (["h100 显存带宽多少", "那 4090 呢"], ["RTX 4090", "1,008 GB/s"]),
    (["h100 sxm nvlink bandwidth?", "what about the a6000 and the 4090?"], ["112.5 GB/s", "RTX 4090: no NVLink"]),
]


@pytest.mark.parametrize(("turns", "said"), NAMED_NEXT)
def test_a_card_named_next_gets_the_same_facts(turns: list[str], said: list[str]) -> None:
    me = ChatUser()
    for turn in turns:
        me.say(turn)
    for words in said:
        assert words in me.text, me.text
    assert "Qwen3-8B" not in me.text, me.text


def test_a_job_asked_after_a_spec_is_sized() -> None:
    me = ChatUser()
    me.say("h100 sxm nvlink bandwidth?")
    me.say("4090 能跑 8b qlora 吗")
    assert me.lines[0].startswith("✅ 8B QLoRA"), me.text


@pytest.mark.parametrize(("text", "mark"), [
    ("这张 48G 的 4090 是英伟达原厂的吗", "❌"), ("is a 48gb rtx 4090 genuine, or modded?", "❌"),
    ("4090 48GB 是不是魔改的", "❌"), ("is the L40S an official nvidia part?", "✅"), ("H200 是官方型号吗", "✅"),
])
def test_whether_a_card_is_the_vendors_is_the_catalogs_answer(text: str, mark: str) -> None:
    """Whether a card is one its vendor released (catalogs/gpus.yaml `modded`: the 48 GB RTX 4090 is a third
    party's memory modification), never a card-choice FAQ entry or "not sure"; no "as the vendors state" line."""
    me = ChatUser()
    me.say(text)
    assert mark in "\n".join(me.text.splitlines()[:2]) and "厂商公布" not in me.text and "as the vendors state" not in me.text, me.text


@pytest.mark.parametrize("text", ["4090 官方价格多少", "is the 48gb 4090 price official or an estimate?"])
def test_an_official_price_is_no_question_of_the_cards_origin(text: str) -> None:
    assert "modded" not in parse(text).asks.spec
