"""A job asked "how long" with a later clause that only asks whether it is done by a day ("…8 卡 H100 大概要多久？周五之前
能训完吗？", "…how long? can it be done by Monday?") is one question: the deadline's verdict leads (the run is timed
by the engine), never a FAQ entry for the second clause."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.understand.parser import parse
from tests.chat_user import ChatUser

NOW = datetime(2026, 12, 1, 1, tzinfo=UTC)


@pytest.mark.parametrize("text", [
    "14b 全参，3000 万 token 训 2 轮，8 卡 A100 要多长时间？下周一之前能训完吗？",
    "7b qlora，5000万 token，一张 4090 训多久？周四之前能训完吗？",
    "14b lora，2000 万 token，四张 h100 多久？下周二之前能训完吗？",
    "32b full fine-tune, 20M tokens, 3 epochs on 8 H100s, how long? can we finish training before Friday?",
    "8b lora 50M tokens one A100, how long? will training be done before Thursday?",
])
def test_deadline_clause_is_the_jobs(text: str) -> None:
    p = parse(text, NOW)
    assert p.parts == [] and p.asks.deadline is not None, [(x.intent, x.words) for x in p.parts]
    u = ChatUser()
    u.say(text)
    head = "\n".join(u.text.splitlines()[:3])
    assert any(w in head for w in ("能：", "来得及", "Yes", "in time", "来不及", "No")), u.text


def test_a_term_price_after_the_deadline_still_splits() -> None:
    p = parse("7b lora 5000万 token 一张 4090 要多久？周五前能跑完吗？顺便问下周租多少", NOW)
    assert len(p.parts) >= 2
