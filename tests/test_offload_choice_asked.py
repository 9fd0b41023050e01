"""ZeRO-3 weighed against offload for a job named (issue 18, class G: answered with the generic first-parallelism
paragraph): ZeRO-3 first where the sharded states fit (seed 000: 16 bytes a parameter ÷ the cards; 32B on 8 cards →
64 GB, inside an 80 GB card), offload only where they do not (72B on 8 → 144 GB), always with its 20–50% throughput
cost; "zero3+offload" together is one setting, sized and priced as before."""

from __future__ import annotations

import pytest

from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize(("text", "wants"), [
    ("32b 全参 8 张卡，先上 zero3 还是先开 offload", ("先试 ZeRO-3", "64 GB", "20–50%")),
    ("should we try zero3 or offload first, 32b full on 8 cards", ("Try ZeRO-3 first", "64 GB", "20–50%")),
    ("72b 全参 8 卡 zero-3 和 offload 选哪个", ("offload", "144 GB", "20–50%")),
])
def test_zero3_or_offload_is_answered_for_the_job(text: str, wants: tuple[str, ...]) -> None:
    lead = lead_lines(conversation(text), 1)
    assert all(w in lead for w in wants), lead


def test_both_together_stay_one_setting() -> None:
    reply = conversation("zero3+offload 跑 72b 全参 8 卡 要多少钱")
    assert "先试 ZeRO-3" not in reply and "₮" in reply, reply
