"""FAQ facts asked in words the catalog did not know (blind-9 kinds, never their text): what the ₮
sign is, whether a memory lever saves memory on a named job (a yes-or-no, not a sizing), what
checkpointing and 4-bit cost in speed, the SLA credit below 99%, cloudgpu's 1-minute minimum, the
disk after a destroy, a bridged card's NVLink verdict asked whole, and LoRA or QLoRA with memory to
spare. Figures come from the seeds (000, 002, 003) through catalogs/faq.yaml."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.chat_user import ChatUser

FEW = settings(max_examples=10, deadline=None)


def _answer(*turns: str) -> str:
    me = ChatUser()
    for turn in turns:
        me.say(turn)
    return me.text


@pytest.mark.parametrize(("text", "facts"), [
    ("gpuli 标的 ₮ 到底是什么货币", ["USDT"]),
    ("what currency is the ₮ sign on gpuli prices", ["USDT"]),
    ("gradient checkpointing 开了要慢多少", ["20–30%"]),
    ("how much slower does activation checkpointing make training", ["20–30%"]),
    ("uptime below 99% — how much credit do I get back?", ["10×"]),
    ("gpuli 可用率达不到 99% 补多少", ["10 倍"]),
    ("cloudgpu 收费按小时算还是按分钟算", ["1 分钟"]),
    ("does cloudgpu bill hourly or per minute?", ["minimum of 1 minute"]),
    ("after I destroy a cloudgpu box, are my files still there", ["deleted"]),
    ("cloudgpu 实例销毁之后磁盘还在吗", ["删掉"]),
    ("memory is not a problem, should I pick lora or qlora?", ["20–40%"]),
    ("显存不缺的话选 LoRA 还是 QLoRA", ["20–40%"]),
])
def test_a_reworded_fact_is_answered(text: str, facts: list[str]) -> None:
    reply = _answer(text)
    assert all(f in reply for f in facts), reply


@FEW
@given(size=st.sampled_from(["7b", "13B", "32b", "70B"]), method=st.sampled_from(["full ft", "lora", "qlora"]),
       form=st.sampled_from(["does grad accumulation save vram on a {size} {method}?",
                             "gradient accumulation cuts vram use on a {size} {method}, right?",
                             "{size} {method} 开梯度累积能省显存吗"]))
def test_whether_accumulation_saves_memory_is_answered_no_not_sized(size: str, method: str, form: str) -> None:
    reply = _answer(form.format(size=size, method=method))
    assert "doesn't save memory" in reply or "不省显存" in reply, reply
    assert "📏" not in reply, reply


@FEW
@given(size=st.sampled_from(["7b", "13B"]), steps=st.sampled_from([4, 8, 16]))
def test_a_memory_question_with_accumulation_is_still_sized(size: str, steps: int) -> None:
    reply = _answer(f"how much vram for {size} lora with grad accumulation {steps}?")
    assert "📏" in reply, reply


@FEW
@given(card=st.sampled_from(["A6000", "A40", "RTX 6000 Ada"]),
       form=st.sampled_from(["at gpuli, can the {card} be nvlink bridged?", "gpuli 的 {card} 能用 nvlink 桥接吗",
                             "on gpuli, is the {card} nvlink-bridgeable?"]))
def test_a_bridged_card_gets_its_verdict_not_which_model(card: str, form: str) -> None:
    reply = _answer(form.format(card=card))
    assert "Yes, in pairs" in reply or "成对" in reply, reply
