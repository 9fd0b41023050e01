"""A LoRA / QLoRA sizing at the seeds' own settings names the seeds' figure for the size class
where our range is not inside it (seed 000's "LoRA Sizing" table, seed 002's rough totals), with
the reason in one line; a sizing off the seeds' settings (other sequence, several cards) does not."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser

ROWS = [("14B 做 QLoRA 大概要多少显存", "gpuli 14–18 GB", "CloudGPU 12–16 GB"),
        ("how much memory for qwen3 14b qlora?", "gpuli 14–18 GB", "CloudGPU 12–16 GB"),
        ("llama 3.1 8b lora 要多大显存", "gpuli 20–26 GB", "CloudGPU 18–22 GB"),
        ("what does 72b qlora need?", "gpuli 46–58 GB", "CloudGPU 45–55 GB"),
        ("32b lora 单卡多少显存", "gpuli 72–86 GB", "GB；")]


@pytest.mark.parametrize(("msg", "gpuli", "cloudgpu"), ROWS)
def test_the_seeds_row_is_named_beside_ours(msg: str, gpuli: str, cloudgpu: str) -> None:
    u = ChatUser()
    u.say(msg)
    line = next(ln for ln in u.text.splitlines() if ln.startswith("📚"))
    assert gpuli in line and cloudgpu in line
    assert ("旧版 loss" in line or "older loss" in line or "真实结构" in line or "real architecture" in line)


@pytest.mark.parametrize("msg", ["14b qlora seq 8192 多少显存", "14b qlora on 4 4090s, memory per card?",
                                 "qwen3 14b full fine-tuning memory"])
def test_off_the_seeds_settings_no_row(msg: str) -> None:
    u = ChatUser()
    u.say(msg)
    assert "📚" not in u.text

