"""A card ruled out wherever the user says it: after the question mark ("which card? not the 4090"),
with longer words before it ("anything other than the 4090"), or as the next message after an answer
("不要 4090 呢", "not the 4090 then"): the job is asked again without that card, never answered with a
FAQ entry about the card, and the card is never the pick."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import T0, first_lines, said


@pytest.mark.parametrize("text", [
    "which card for qwen3 8b full finetune? not the 4090",
    "qwen3 8b lora, anything but the 4090 — which card?",
    "qwen3 8b lora: anything other than the 4090?",
    "14b qlora 推荐什么卡？不要4090",
    "14b qlora 推荐什么卡？4090 就算了",
])
def test_a_card_ruled_out_after_the_question_is_one_question_without_it(text: str) -> None:
    p = parse(text, T0)
    assert p.request.gpu is None and p.request.exclude == ("rtx-4090",) and not p.parts, (p.request, p.parts)
    me = said(text)
    assert me.last is not None and me.last.kind == "sizing" and "RTX 4090" not in first_lines(me, 3), me.text
    assert "4090 fine-tune a 7B" not in me.text and "4090 能微调 7B" not in me.text, me.text


@pytest.mark.parametrize(("first", "then", "lang_word"), [
    ("qwen3 8b lora 4090够吗", "不要4090呢", "不考虑"),
    ("14b lora on a 4090?", "not the 4090 then", "not RTX 4090"),
    ("14b lora on a 4090?", "anything but the 4090?", "not RTX 4090"),
])
def test_a_card_ruled_out_next_asks_the_job_again_without_it(first: str, then: str, lang_word: str) -> None:
    me = said(first, then)
    assert me.last is not None and me.last.kind == "sizing", me.text
    head = first_lines(me, 3)
    assert "RTX 4090" not in head and ("✅" in head or "Fits" in head or "装得下" in head), head
    assert lang_word in me.text, me.text
