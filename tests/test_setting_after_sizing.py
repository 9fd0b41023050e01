"""A job's settings said alone after a sizing, asking an amount ("zero3 下每张多少"), change the job, even where a
FAQ entry scores just over the bar on the words they share; a question whether a setting helps stays the FAQ's.
Found when round 0 and 1's keyword changes moved scores (blind 42 c-191, blind 28 conv-41)."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser


@pytest.mark.parametrize(("turns", "lead"), [
    (["14b 全参微调", "4 张 a100 够不够", "zero3 下每张多少"], "ZeRO-3"),
    (["14b full finetune", "4 a100s enough?", "with zero3 how much per card"], "ZeRO-3"),
])
def test_a_setting_with_an_amount_asked_changes_the_sized_job(turns: list[str], lead: str) -> None:
    me = ChatUser()
    for turn in turns:
        reply = me.say(turn)
    assert reply.kind == "sizing" and lead in me.lines[0] and "A100" in me.lines[0], me.text


@pytest.mark.parametrize("ask", ["rank 64 有用吗", "what does a higher rank do?"])
def test_whether_a_setting_helps_is_still_the_faqs(ask: str) -> None:
    me = ChatUser()
    me.say("7b lora 4090")
    assert me.say(ask).kind == "faq", me.text


def test_infiniband_asked_after_a_one_node_setup_is_the_infiniband_answer() -> None:
    me = ChatUser()
    me.say("32b 全参 8卡 h100 gpuli")
    me.say("还要额外配 ib 吗")
    assert "InfiniBand" in me.text and "600" in me.text, me.text


# a batch raised with a verb ("开到", "加到", "bump ... to") is the value the job is refitted at, not a question for the
# batch-size FAQ entry
@pytest.mark.parametrize(("turns", "batch"), [
    (["14b lora 用一张 h100 够吗", "batch 加到 8 呢"], "batch 8"),
    (["qwen2.5 7b qlora 4090 够不够", "batch 开到 4 呢"], "batch 4"),
    (["8b lora on one a100 80g, fits?", "what if we bump the batch to 8?"], "batch 8"),
])
def test_a_batch_raised_with_a_verb_refits_the_job(turns: list[str], batch: str) -> None:
    me = ChatUser()
    for turn in turns:
        reply = me.say(turn)
    assert reply.kind == "sizing" and batch in me.lines[0], me.text


# a wish to avoid a setting ("we'd rather avoid offload", "尽量避免 offload") re-sizes the job without it (seed 000:
# 72B full without offload is 8 × H200 with an 8-bit optimizer, ₮19,752 a month); asking what it is stays the FAQ's
@pytest.mark.parametrize("wish", ["we'd rather avoid offload", "prefer to skip offload please", "尽量避免 offload",
                                  "最好不要 offload"])
def test_a_wish_to_avoid_offload_resizes_the_job_without_it(wish: str) -> None:
    me = ChatUser()
    me.say("72b full fine-tune, what are the options?")
    assert me.say(wish).kind == "sizing" and "H200" in me.lines[1] and "offload" not in me.lines[1], me.text
    me.say("monthly price of that?")
    assert "19,752" in "\n".join(me.lines[:3]), me.text
