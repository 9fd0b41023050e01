"""The cost difference of two methods just compared ("7b lora first or full ft?" then "cost diff?", "成本差多少"):
each method priced for the same rental at one provider, the difference leading, and for full against an adapter
the catalog's 30–40× over a whole project (blind 54, session 22)."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser


@pytest.mark.parametrize(("turns", "lead"), [
    (("7b lora first or full ft?", "cost diff?"),
     "7B: full fine-tune costs ₮374 more than LoRA (gpuli, 1 week each: full fine-tune on 1× MI300X ₮489, "
     "LoRA on 1× RTX A6000 ₮115, about 4.3×)"),
    (("7b 先 lora 还是全参", "成本差多少"), "7B 全参微调比 LoRA 多花 ₮374（gpuli 都租 1 周：全参微调 1× MI300X ₮489，LoRA 1× RTX A6000 ₮115"),
    (("7b lora 还是 全参", "费用差多少"), "7B 全参微调比 LoRA 多花 ₮374"),
    (("7b lora or full fine-tune?", "what's the price difference"), "full fine-tune costs ₮374 more than LoRA"),
])
def test_the_cost_difference_of_the_methods_compared_leads(turns: tuple[str, ...], lead: str) -> None:
    me = ChatUser()
    for turn in turns:
        me.say(turn)
    lines = me.text.splitlines()
    assert lead in lines[0], me.text
    assert "30–40" in lines[1], me.text
    assert "RTX A6000" in me.text and "MI300X" in me.text, me.text  # each method's own line follows


def test_an_adapter_pair_has_no_full_fine_tune_scale() -> None:
    me = ChatUser()
    me.say("14b qlora 跟 lora 差多少")
    me.say("成本差多少")
    assert "30–40" not in me.text and "租价一样" in me.text.splitlines()[0] and "₮115" in me.text.splitlines()[0], me.text
