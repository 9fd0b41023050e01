"""Full fine-tuning asked with optimizer offload and no card: the first line's per-card figure and
the model states agree (the weights and gradients stay on the card, the fp32 master weights and
moments go to the host: 7B at 16 bytes per parameter is 112 GB of states, 28 GB on the card and 84 GB
on the host), it names offload's 20–50% throughput cost, and seed 000's way without offload
(7B: one 80 GB card with an 8-bit optimizer, states 70 GB) follows."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser

ZH = ["7B full finetune 单卡 offload 方案是不是最省钱最稳的？", "7b 全参 单卡 offload 要多少显存", "7B 全参微调开优化器 offload，一张卡够吗"]
EN = ["7b full fine-tune with optimizer offload on one card, how much memory?",
      "single-card offload for a 7B full finetune: how much VRAM?", "7B full FT, offload the optimizer, 1 GPU: VRAM?"]
# "is single-card offload the cheapest way to full-finetune a 7B?" asks a price comparison: tests/test_budgets_and_offload_b20.py


@pytest.mark.parametrize("msg", ZH + EN)
def test_offload_line_is_per_card_with_the_host_share(msg: str) -> None:
    u = ChatUser()
    u.say(msg)
    # the offload line (a yes/no asked of it, "是不是最省钱最稳的", is answered first: no, and the safe way; session 26)
    first = next(ln for ln in u.lines if ln.startswith("📏"))
    assert "35.4 GB" in first and "28 GB" in first and "84 GB" in first and "112 GB" in first, first
    assert "20%–50%" in first or "20–50%" in first
    assert "共需" not in first and "in all:" not in first  # the per-card figure is not the job's total
    seed = next(ln for ln in u.lines if ln.startswith("📌"))
    assert "8-bit" in seed and "70 GB" in seed and "80GB" in seed


def test_seed_row_that_is_the_verdict_is_not_repeated() -> None:
    u = ChatUser()
    u.say("32b 全参 8卡 offload 要多少显存")
    assert not any(ln.startswith("📌") and "8×A100 80GB SXM" in ln for ln in u.lines)
