"""Whether a memory switch shrinks a part of a named job's memory ("does bf16 mixed precision shrink the optimizer
memory for a 14B full fine-tune?", "混合精度能把 14b 全参的优化器显存压缩吗") is the yes-or-no the switch's entry answers
(mixed precision leaves the 12 bytes a parameter of fp32 master weights and Adam moments alone, seed 000), not a
sizing of the job, whichever verb says "make smaller" (shrink, lower, reduce, 压缩, 缩小, 减少)."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import ChatUser


@pytest.mark.parametrize("text", [
    "does mixed precision reduce the optimizer memory of a 13b full finetune?",
    "will bf16 mixed precision shrink optimizer state for a 7b full fine-tune?",
    "混合精度能把 14b 全参的优化器显存压缩吗",
    "开混合精度，32b 全参的优化器显存会缩小吗",
])
def test_whether_a_switch_shrinks_is_the_faqs(text: str) -> None:
    p = parse(text)
    assert p.intent == "faq" and p.faq_answers[0].entry.id == "mixed-precision-memory", (p.intent, p.faq_answers)


@pytest.mark.parametrize(("text", "no"), [
    ("will bf16 mixed precision shrink optimizer state for a 7b full fine-tune?", "doesn't"),
    ("开混合精度，32b 全参的优化器显存会缩小吗", "不省"),
])
def test_the_no_leads(text: str, no: str) -> None:
    u = ChatUser()
    u.say(text)
    head = "\n".join(u.text.splitlines()[:3])
    assert no in head and "12" in head, u.text


def test_a_fit_question_with_the_switch_is_still_a_sizing() -> None:
    assert parse("7b full fine-tune on one h100 with bf16, does it fit?").intent == "size"
