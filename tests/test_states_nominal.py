"""Model states per card also on the round size the seeds count ("16 B × 32B" over ZeRO-2's 2 + 14/8
bytes per card: 120 GB), where the model's real count (Qwen2.5-32B: 32.76B) makes ours differ by a
gigabyte or more; a bare size ("32b") is already round and names no second figure."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser


@pytest.mark.parametrize(("msg", "figure"), [
    ("qwen2.5 32b 全参微调，8 张 A100 80G 用 ZeRO-2 装得下吗", "≈ 120 GB"),
    ("qwen3 32b full fine-tuning on 8 h100 with zero-1: does it fit?", "≈ 176 GB"),
    ("Qwen2.5-32B 全参 8卡 h100 zero3", "≈ 64 GB"),
])
def test_the_seeds_round_size_figure_is_named(msg: str, figure: str) -> None:
    u = ChatUser()
    u.say(msg)
    line = next(ln for ln in u.text.splitlines() if ln.startswith(("其中模型状态", "Model states")))
    assert figure in line and "32B" in line


def test_a_round_bare_size_names_no_second_figure() -> None:
    u = ChatUser()
    u.say("32b 全参 8卡 a100 80g zero-2 放得下吗")
    line = next(ln for ln in u.text.splitlines() if ln.startswith("其中模型状态"))
    assert "参考表按整" not in line and "120 GB" in line
