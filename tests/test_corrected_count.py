"""A card count the message corrects ("sixteen H100s... nvm, eight", "本来想租16张，算了 8 张",
"8卡，不对，是 4 卡", "actually make it 4"): the later count is the one sized, in either language."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import ChatUser


@pytest.mark.parametrize(("msg", "count"), [
    ("planned twelve A100 80G for qwen3 14b full ft... never mind, two A100 80G", 2),
    ("qwen3 32b 全参，原计划 16 张 h200，算了，改成 8 张", 8),
    ("qwen3 14b 全参 4 卡 h100，不对，其实是 2 卡", 2),
    ("qwen3-8b lora on 4 a100 40g, scratch that, 1x a100 40g", 1),
    ("qwen3 32b full on 8 h100, actually make it 16", 16),
    ("qwen3 8b 全参 8 张 4090 哦不 换成 6 张", 6),
    ("qwen3 14b lora 两张 l40s 说错了 应该是 4 张 l40s", 4),
    ("we have 2 h100 for qwen3 14b full, I mean 4 h100", 4),
])
def test_the_corrected_count_wins(msg: str, count: int) -> None:
    assert parse(msg).request.num_gpus == count


@pytest.mark.parametrize(("msg", "count"), [
    ("我算了一下 8 卡 h100 跑 qwen3 32b 全参够不够", 8),  # 算了一下: worked out, nothing taken back
    ("qwen3 32b full on 8 h100, actually 3 epochs", 8),  # the correction is of the epochs, not the cards
    ("qwen3 32b full on 8 h100 actually, seq 4096", 8),
    ("actually, qwen3 14b full on 4 h100?", 4),
])
def test_a_correction_of_something_else_keeps_the_count(msg: str, count: int) -> None:
    assert parse(msg).request.num_gpus == count


def test_the_reply_sizes_the_corrected_setup() -> None:
    u = ChatUser()
    u.say("想租十六张 H100 的，算了，八张 H100 跑 32B 全参够吗")
    lead = "\n".join(u.text.splitlines()[:3])
    assert "8×H100" in lead and "16×" not in lead


@pytest.mark.parametrize(("msg", "gpu", "count"), [
    ("qwen3 32b 全参 8 张 h100，不对，是 8 张 h200", "h200", 8),
    ("qwen3 14b full on 4 a100 40g, nvm, 2 h100", "h100-sxm", 2),
    ("qwen3 8b lora 先想用 4090，算了换成 2 张 l40s", "l40s", 2),
])
def test_a_corrected_card_wins_with_its_count(msg: str, gpu: str, count: int) -> None:
    q = parse(msg).request
    assert (q.gpu, q.num_gpus) == (gpu, count)
