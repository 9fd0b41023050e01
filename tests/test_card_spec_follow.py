"""A card named alone right after a card's facts answer ("h100 sxm vs a100 sxm nvlink bandwidth" then "and l40s")
gets the same facts of that card (catalogs/gpus.yaml), not a request for a model; after a job, the job stays the
subject."""

from __future__ import annotations

import pytest

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
