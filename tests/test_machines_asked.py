"""How many machines a job takes ("cpt 70b 要几台 8xh100", "how many nodes of 8x h100", "要几个节点"): the cards
needed, said in machines of the size named, lead; one machine is one node, more need InfiniBand between them,
and a count that fits only with offload says the machines that hold it without (blind 54, session 22)."""

from __future__ import annotations

import pytest

from bot.understand.machines_asked import machines_asked
from bot.understand.normalize import normalize
from bot.understand.parser import parse
from tests.chat_user import ChatUser


@pytest.mark.parametrize("text", ["cpt 70b 要几台 8xh100", "70b 全参 要几台 8 卡 h100 机器", "要几个节点", "需要多少台服务器",
                                  "how many nodes of 8x h100", "how many 8xh100 machines", "node count for 70b full"])
def test_machines_asked_in_either_language(text: str) -> None:
    assert machines_asked(normalize(text)) and parse(text).asks.machines and parse(text).asks.count, text


@pytest.mark.parametrize("text", ["how many gpus per node for 32b full", "几张卡", "how many cards", "一台机器 8 卡 h100 多少钱"])
def test_cards_or_a_price_are_no_machines_asked(text: str) -> None:
    assert not machines_asked(normalize(text)), text


@pytest.mark.parametrize(("turns", "first"), [
    (("cpt 70b 要几台 8xh100",), "要 1 台 8×H100 SXM（共 8 张卡，ZeRO-3+offload）"),
    (("70b 继续预训练 8卡a100 要几个节点",), "要 1 台 8×A100 80GB SXM（共 8 张卡，ZeRO-3+offload）"),
    (("70b full ft how many nodes of 8x h100",), "1 machine of 8× H100 SXM (8 cards, ZeRO-3+offload)"),
    (("70b fft 8x h100", "how many nodes"), "1 machine of 8× H100 SXM (8 cards, ZeRO-3+offload)"),
    (("70b fft 8x h100", "几台机器"), "要 1 台 8×H100 SXM（共 8 张卡，ZeRO-3+offload）"),
])
def test_an_offloaded_machine_leads_with_the_machines_that_hold_it_without(turns: tuple[str, ...], first: str) -> None:
    me = ChatUser()
    for turn in turns:
        me.say(turn)
    lines = me.text.splitlines()
    assert first in lines[0], me.text
    # 70B full without offload: 1,120 GB of model states over 24 cards fits 80 GB; over 16 it does not
    assert ("要 3 台（共 24 张卡）" in lines[1] and "InfiniBand" in lines[1]) or \
        ("3 machines (24 cards)" in lines[1] and "InfiniBand" in lines[1]), me.text


@pytest.mark.parametrize(("text", "first"), [
    ("32b 全参 要几台 4 卡 a100 80g", "要 2 台 4×A100 80GB SXM（共 8 张卡，ZeRO-3）：跨 2 个节点"),
    ("how many 4x h100 servers for 32b full fine-tune", "2 machines of 4× H100 SXM (8 cards, ZeRO-3): 2 nodes"),
])
def test_several_machines_are_several_nodes_linked_by_infiniband(text: str, first: str) -> None:
    me = ChatUser()
    me.say(text)
    assert first in me.text.splitlines()[0] and "InfiniBand" in me.text.splitlines()[0], me.text


def test_a_job_on_part_of_one_machine_says_so() -> None:
    me = ChatUser()
    me.say("7b lora 要几台 8xh100")
    assert "1 台 8×H100 SXM 就够（只用其中 1 张卡" in me.text.splitlines()[0], me.text
