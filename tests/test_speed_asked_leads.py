"""A sizing asked what a lever costs in speed leads with that slowdown, then the fit: optimizer offload costs
20–50% of throughput (seed 000, engine.fit.OFFLOAD_SLOW_PCT). A sizing asking no amount of speed keeps its
verdict first."""

from __future__ import annotations

import pytest

from bot.understand.speed_asked import speed_asked
from tests.chat_user import ChatUser

ASKED = [
    ("72b 全参 8卡h100 offload 方案 吞吐掉多少", "20–50%", "装得下"),
    ("8 张 a100 跑 70b 全参，开 offload 的话速度影响多大", "20–50%", "装得下"),
    ("offload 之后 32b 全参 4卡 a100 吞吐会掉多少", "20–50%", "装得下"),
    ("70b full finetune on 8 h100 with optimizer offload, how much slower does offload make it", "20–50% slower", "fits"),
    ("qwen 32b full finetune, 4x a100 80g, zero3 offload — what's the throughput hit?", "20–50% slower", "fits"),
]


@pytest.mark.parametrize(("text", "slowdown", "fit"), ASKED)
def test_the_slowdown_of_the_lever_leads_then_the_fit(text: str, slowdown: str, fit: str) -> None:
    me = ChatUser()
    me.say(text)
    assert slowdown in me.lines[0], me.text
    assert fit in me.lines[1], me.text


@pytest.mark.parametrize("text", ["72b 全参 8卡h100 offload 要多少显存", "7b 全参 单卡 h100 不想掉速",
                                  "70b full finetune on 8 h100 with offload, does it fit?"])
def test_no_amount_of_speed_asked_keeps_the_verdict_first(text: str) -> None:
    me = ChatUser()
    me.say(text)
    assert "⏱" not in me.lines[0], me.text


@pytest.mark.parametrize(("text", "asked"), [("吞吐掉多少", True), ("速度影响多大", True), ("会慢几成", True),
                                             ("how much slower is it", True), ("what's the speed penalty", True),
                                             ("不想掉速", False), ("keep it fast", False), ("多少钱", False)])
def test_speed_asked_reads_an_amount_of_slowdown(text: str, asked: bool) -> None:
    assert speed_asked(text) is asked


# an out-of-memory already hit, what to do asked: the levers lead, each with the GB per card it leaves; the
# sizing's verdict on the setup that failed comes after them
OOM_HIT = [
    ("qwen 14b qlora, single 3090, seq 4096 -> out of memory. how do we fix it?", "4096 → 2048", "3090"),
    ("3090 上跑 14b qlora，序列 4096 显存爆了 有啥办法", "4096 → 2048", "3090"),
    ("7b lora 4090 batch 4 一跑就 oom 咋办", "micro-batch 4 → 1", "4090"),
    ("our 7b lora run OOMs on a 4090 with micro batch 4, what should we do", "micro-batch 4 → 1", "4090"),
]


@pytest.mark.parametrize(("text", "lever", "card"), OOM_HIT)
def test_an_oom_hit_leads_with_the_levers_then_the_verdict(text: str, lever: str, card: str) -> None:
    me = ChatUser()
    me.say(text)
    assert "🔧" in me.lines[0] and lever in me.lines[0], me.text
    assert card in me.lines[1], me.text


@pytest.mark.parametrize("text", ["14b qlora 3090 seq 4096 会 oom 吗", "will 14b qlora oom on a 3090 at seq 4096?",
                                  "14b qlora 3090 seq 4096 怎么办"])
def test_an_oom_only_feared_or_no_oom_keeps_the_verdict_first(text: str) -> None:
    me = ChatUser()
    me.say(text)
    assert "🔧" not in me.lines[0], me.text
