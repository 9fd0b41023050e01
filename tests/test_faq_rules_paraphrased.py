"""Issue 18 item 6 (blind 46, class H): provider rules and training advice asked in words of the chat's
own, each answered by its entry with the yes/no leading.

- the price of a storage volume at gpuli, asked in mixed words ("gpuli volume cost 多少"): ₮0.08/GB/month;
- low GPU utilization blamed on the cards ("利用率才 30% 是卡的问题吗", "is it the gpus"): no, the cards
  wait for data (seed 003), the data-pipeline entry;
- whether gpuli's price is locked for the cycle: yes; whether it can rise mid-cycle: no (seed 000).
"""

from __future__ import annotations

import pytest

from tests.chat_user import first_lines, said

VOLUME = ["gpuli volume cost 多少", "gpuli 存储卷多少钱", "how much is a volume on gpuli", "gpuli 数据盘 多少"]


@pytest.mark.parametrize("text", VOLUME)
def test_volume_price(text: str) -> None:
    me = said(text)
    assert "₮0.08" in first_lines(me), me.text


UTILIZATION_BLAMED_ON_CARDS = [
    ("8卡 训练 gpu 利用率 才 30% 是卡的问题吗", "不是卡的问题"),
    ("利用率低，是不是卡不行", "不是卡的问题"),
    ("gpu util is only 30% on 8 cards, is it the gpus", "not the GPUs"),
    ("gpu utilization only 30%, are the gpus bad?", "not the GPUs"),
]


@pytest.mark.parametrize(("text", "verdict"), UTILIZATION_BLAMED_ON_CARDS)
def test_low_utilization_is_not_the_cards(text: str, verdict: str) -> None:
    me = said(text)
    lead = first_lines(me)
    assert verdict in lead and "num_workers" in me.text, me.text


PRICE_LOCK = [
    ("does gpuli lock the price during the cycle", "✅ Yes"),
    ("gpuli 租期内价格锁定吗", "✅ 是"),
    ("gpuli 月租中途会涨价吗", "❌ 不会"),
    ("will gpuli raise the price mid-rental", "❌ No"),
]


@pytest.mark.parametrize(("text", "verdict"), PRICE_LOCK)
def test_the_cycle_price_is_locked(text: str, verdict: str) -> None:
    me = said(text)
    assert me.lines[0].startswith(verdict), me.text


POOLED_SINGLE_CARDS = [
    ("cloudgpu 上租 8 个单卡 a100 80g 拼成 8 卡训练 行不行", "8 台单卡"),
    ("cloudgpu 开 8 个 a100 实例 一起训练 可以吗", "8 台单卡"),
    ("单卡 4090 凑成 4 张卡 跑 14b lora 行吗", "4 台单卡"),
    ("can I combine 4 single 4090 instances on cloudgpu into one 4-gpu training run", "4 single-card"),
]


@pytest.mark.parametrize(("text", "count"), POOLED_SINGLE_CARDS)
def test_single_card_rentals_joined_are_no_multi_card_machine(text: str, count: str) -> None:
    me = said(text)
    assert me.lines[0].startswith(("❌ 不行", "❌ No")) and count in me.lines[0], me.text
