"""A clause that only asks whether the job beside it fits ("够不够呀", "enough", "行不行啊") is never a
FAQ question of its own: a sizing split by full stops, commas or semicolons stays a sizing, whatever
FAQ entries its other clauses come near ("LORA，ZERO2" names two glossary terms)."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import T0


@pytest.mark.parametrize("text", [
    "帮我算下 QWEN3 32B，然后两张RTX A6000。LORA，ZERO2。够不够呀",
    "qwen3 32b。两张 a6000。lora，zero2。行不行啊",
    "H100 SXM , qwen2.5 7b; 8-bit adam,full fine-tuning; enough",
    "qwen2.5 7b; full fine-tuning; 8-bit adam; one h100. fits?",
    "14b; lora; zero3; 4 x 4090. doable?",
    "Qwen3 8B。QLoRA。一张4090。够吗",
])
def test_a_sizing_ending_in_a_fit_only_clause_stays_a_sizing(text: str) -> None:
    p = parse(text, T0)
    assert p.intent == "size" and p.request.gpu and (p.request.model or p.request.params_b), (p.intent, p.faq_answers)


@pytest.mark.parametrize("text", ["能按小时租吗？怎么充值？", "到期前会提醒吗？停机后数据留几天？"])
def test_two_real_questions_still_get_two_answers(text: str) -> None:
    assert len(parse(text, T0).faq_answers) == 2
