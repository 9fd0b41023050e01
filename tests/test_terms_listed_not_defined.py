"""Terms only listed among a job's settings ("全参，8bit优化器，h100，qwen2.5 7b，够吗") ask for no definition:
a definition question sets them against each other ("lora 和 qlora 有什么区别", "qlora vs lora"). Found by the
metamorphic variants (testkit/variants.py) once their random stream changed."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse


@pytest.mark.parametrize("text", ["全参，8bit优化器，h100，qwen2.5 7b，够吗", "8-bit adam, full fine-tuning; h100 sxm qwen2.5 7b, enough?",
                                  "全参 zero3 llama3.1 8b 四卡h100 显存多少"])
def test_terms_listed_among_a_job_s_settings_ask_for_no_definition(text: str) -> None:
    # only marks between the terms ("全参，8bit优化器，…") list settings; a definition question sets them against each other
    assert parse(text).intent == "size"


@pytest.mark.parametrize("text", ["lora 和 qlora 有什么区别", "lora qlora 区别", "full ft vs lora, what's the difference?"])
def test_terms_set_against_each_other_still_ask_their_definitions(text: str) -> None:
    assert parse(text).intent == "faq"
