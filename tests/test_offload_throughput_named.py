"""Issue 18 item 4: an offload plan always states its throughput cost. Any sizing reply whose
"also fits" line lists a plan with offload also says what offload costs (seed 000: 20–50%)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.chat_user import ChatUser

MODELS = ["7b", "14b", "32b", "72b", "qwen3 8b", "qwen2.5 32b"]
CARDS = ["h100", "h200", "a100 80g", "4090", "a6000", "l40s"]


@settings(max_examples=40, deadline=None)
@given(model=st.sampled_from(MODELS), card=st.sampled_from(CARDS), count=st.sampled_from([1, 2, 4, 8]),
       zh=st.booleans())
def test_an_offload_plan_in_the_others_line_carries_its_slowdown(model: str, card: str, count: int, zh: bool) -> None:
    chat = ChatUser()
    chat.say(f"{model} 全参 {count} 张 {card} 够吗" if zh else f"{model} full fine-tune on {count}x {card}, enough?")
    for line in chat.text.splitlines():
        if line.startswith(("也装得下", "Also fits")) and "offload" in line:
            assert "20%–50%" in line or "20–50%" in line, line


def test_the_72b_full_answer_names_the_slowdown_beside_the_offload_plans() -> None:
    chat = ChatUser()
    chat.say("full finetune qwen 72b on 8 H200s?")
    others = next(line for line in chat.text.splitlines() if line.startswith("Also fits"))
    assert "offload" in others and "20–50% slower" in others, chat.text
