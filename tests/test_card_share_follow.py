"""One card's share asked bare of the answer just given ("per card?", "每张多少", "单卡多少", "each card?"):
after a price of several cards, the price divided by them leads (gpuli 8×H100 a month ₮14,432 ÷ 8 = ₮1,804;
8×A100 SXM ₮8,352 ÷ 8 = ₮1,044; 4×A100 SXM ₮4,308 ÷ 4 = ₮1,077), with a FAQ answer between or not; after a
sizing of several cards, the memory on each card (32B full over ZeRO-3 on 8 cards: model states 64 GB a card)."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import ChatUser


@pytest.mark.parametrize(("msg", "asked"), [
    ("per card?", True), ("Per GPU?", True), ("and per gpu then?", True), ("what's that per card", True),
    ("how much is that per card?", True), ("each?", True), ("每张多少", True), ("单卡多少", True),
    ("那平均每张卡多少钱", True), ("每卡呢", True), ("一张多少？", True),
    ("单卡呢", False),  # one card instead: a count
    ("per card per hour?", False),  # a rate: per_card_hour
    ("每月多少", False), ("gpuli 4090 per card?", False), ("how much memory does qwen3 8b need", False),
])
def test_the_share_is_read(msg: str, asked: bool) -> None:
    assert parse(msg).asks.per_card is asked


@pytest.mark.parametrize(("turns", "share"), [
    (["gpuli 8x h100 monthly", "per card?"], "₮1,804"),
    (["gpuli 8卡h100 包月多少", "每张多少"], "₮1,804"),
    (["what's gpuli's 8x h100 monthly", "what comes with it, cpu and ram?", "what is that per gpu"], "₮1,804"),
    (["gpuli 4x a100 sxm monthly", "有 nvlink 吗", "单卡多少"], "₮1,077"),
    (["32b full ft, cheapest at gpuli", "monthly?", "and each card?"], "₮1,044"),
    (["14b 全参 gpuli 最低配置", "多少钱", "平均每张卡多少"], "₮1,077"),
])
def test_a_price_is_shared_by_its_cards(turns: list[str], share: str) -> None:
    u = ChatUser()
    for turn in turns:
        u.say(turn)
    assert share in u.text.splitlines()[0], u.text


@pytest.mark.parametrize(("turns", "figure"), [
    (["32b full ft on 8 cards zero3", "每张多少"], "64"),
    (["72b 全参 8卡 h200 8bit优化器", "单卡多少"], "90"),
    (["qwen2.5 72b full fine-tune on 8 h100 with offload", "and each card?"], "36"),
])
def test_a_sizing_gives_each_cards_memory(turns: list[str], figure: str) -> None:
    u = ChatUser()
    for turn in turns:
        u.say(turn)
    assert figure in "\n".join(u.text.splitlines()[:2]) and "₮" not in u.text.splitlines()[0], u.text


@pytest.mark.parametrize(("msg", "asked"), [
    ("both for 10 hours?", True), ("cost for 8h each?", True), ("两个都算 10 小时", True), ("分别多少", True),
    ("各跑 8 小时多少钱", True), ("each card?", False), ("a100 for 10 hours?", False), ("都有哪些卡", False),
])
def test_both_is_read(msg: str, asked: bool) -> None:
    assert parse(msg).asks.both is asked


@pytest.mark.parametrize(("turns", "figures"), [
    (["cloudgpu a800 hourly", "and the a100 80g?", "both for 10 hours?"], ["$10.90", "$14.90"]),
    (["cloudgpu a800 每小时多少", "a100 80g 呢", "两个都算 10 小时"], ["$10.90", "$14.90"]),
    (["70b qlora at cloudgpu", "a800 or a100?", "cost for 8h each?"], ["$8.72", "$11.92"]),
    (["70b qlora 在 cloudgpu", "a800 还是 a100", "各跑 8 小时多少钱"], ["$8.72", "$11.92"]),
])
def test_both_cards_are_priced_for_the_length(turns: list[str], figures: list[str]) -> None:
    u = ChatUser()
    for turn in turns:
        u.say(turn)
    assert all(f in u.text.splitlines()[0] for f in figures), u.text


@pytest.mark.parametrize(("msg", "runs"), [
    ("and if we run 4 such jobs", 4), ("run it twice", 2), ("what if 3 runs", 3), ("跑四次呢", 4),
    ("4 个这样的任务", 4), ("and four of those jobs?", 4), ("2 epochs", None), ("4 cards", None), ("跑 3 小时", None),
])
def test_runs_are_read(msg: str, runs: int | None) -> None:
    assert parse(msg).asks.repeats == runs


@pytest.mark.parametrize(("turns", "total"), [
    (["cloudgpu a100 80g 8h", "and if we run 4 such jobs"], "$47.68"),
    (["cloudgpu a100 80g 8h", "and if we run 4 such jobs", "total?"], "$47.68"),
    (["cloudgpu 4090 跑 3 小时", "跑四次呢", "一共多少"], "$3.96"),
])
def test_runs_multiply_a_metered_price(turns: list[str], total: str) -> None:
    u = ChatUser()
    for turn in turns:
        u.say(turn)
    assert total in u.text.splitlines()[0], u.text


@pytest.mark.parametrize(("turns", "figures"), [
    (["what does zero3 mean", "vs zero2?", "per card for 32b on 8?"], ["120 GB", "64 GB"]),
    (["zero3 是啥", "和 zero2 比呢", "32b 8卡 每卡多少"], ["120 GB", "64 GB"]),
])
def test_stages_asked_before_give_each_stages_figure(turns: list[str], figures: list[str]) -> None:
    u = ChatUser()
    for turn in turns:
        u.say(turn)
    assert all(f in u.text.splitlines()[0] for f in figures), u.text
