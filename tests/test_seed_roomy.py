"""Seed 000's roomy setups ("宽裕": 7B/8B full on 1 × H200 141GB, 14B on 4 × H100 SXM, 32B on 8 × H100
SXM): where our high end does not fit one, the verdict names the seed's listing, its states-only
basis and what our estimate adds on top (the foreach AdamW step's copy and fragmentation, each in
GB), and the lever that makes it fit."""

from __future__ import annotations

import re

import pytest

from tests.chat_user import ChatUser


@pytest.mark.parametrize("msg", ["8b full ft 一张 h200 141g 够吗", "llama 3.1 8b 全参微调 单张 H200 装得下吗",
                                 "qwen2.5 7b full fine-tuning on a single h200: fits?"])
def test_the_seeds_roomy_setup_is_named_with_what_we_add(msg: str) -> None:
    u = ChatUser()
    u.say(msg)
    first = u.text.splitlines()[0]
    assert ("宽裕配置" in first) or ("roomy setup" in first)
    figures = [float(x) for x in re.findall(r"(\d+(?:\.\d+)?) GB", first)]
    states = next(float(x) for x in re.findall(r"(?:模型状态|model states only \()\s*(\d+(?:\.\d+)?) GB", first))
    assert 100 <= states <= 130 and len(figures) >= 6
    assert "8-bit" in u.text.splitlines()[1]  # the lever that makes it fit


def test_a_setup_that_fits_says_nothing_of_the_roomy_row() -> None:
    u = ChatUser()
    u.say("8b lora 一张 h200 够吗")
    assert "宽裕配置" not in u.text
