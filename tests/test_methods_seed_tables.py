"""Two methods compared ("LoRA 和 QLoRA 显存差多少 for 32b") carry each method's figures from the seeds' tables
beside ours, as a single sizing's headline does (engine/seed_adapter_rows.py): 32B LoRA gpuli 72–86 GB,
32B QLoRA gpuli 24–32 GB and CloudGPU 24–30 GB; 14B LoRA gpuli 34–42 GB, 14B QLoRA gpuli 14–18 GB."""

from __future__ import annotations

import pytest

from tests.chat_user import said


def row(text: str, method: str) -> str:
    return next(line for line in text.splitlines() if line.startswith(f"• {method}:"))


@pytest.mark.parametrize("text", [
    "LoRA 和 QLoRA 显存差多少 for 32b",
    "32b qlora 跟 lora 差多少显存",
    "32b lora vs qlora memory difference?",
    "32B 的 LoRA 跟 QLoRA 显存差几个 G",
    "compare lora and qlora memory for a 32b model",
])
def test_32b_rows_name_the_seed_tables(text: str) -> None:
    me = said(text)
    lora, qlora = row(me.text, "LoRA"), row(me.text, "QLoRA (4-bit)")
    assert "76.4 GB" in lora and "gpuli 72–86 GB" in lora, me.text
    assert "27.6 GB" in qlora and "gpuli 24–32 GB" in qlora and "CloudGPU 24–30 GB" in qlora, me.text


def test_14b_rows_name_the_seed_tables_in_english() -> None:
    me = said("14b lora vs qlora memory difference?")
    assert "reference tables gpuli 34–42 GB" in row(me.text, "LoRA"), me.text
    assert "gpuli 14–18 GB, CloudGPU 12–16 GB" in row(me.text, "QLoRA (4-bit)"), me.text


def test_a_method_the_tables_do_not_size_has_none() -> None:
    me = said("7b 全参和 lora 差多少")
    assert "参考表" not in row(me.text, "全参微调") and "gpuli 20–26 GB" in row(me.text, "LoRA"), me.text
