""""N 机 M 卡": M cards a machine when a machine can hold them, else M cards in all (bot/understand/card_counts.py
`nodes_cards`), and the machines are the nodes (bot/understand/rental_extras.py), in a whole question and in
"改成 …" after an export (blind 46 c-111: "改成 2 机 16 卡" was read as 2 cards, and as 32 inside a question)."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import conversation


@pytest.mark.parametrize(("text", "cards", "nodes"), [
    ("32b 全参 2 机 16 卡 h100", 16, 2),    # no machine holds 16: 16 in all
    ("32b 全参 2 机 8 卡 h100", 16, 2),     # 8 a machine
    ("2机8卡 72b 全参", 16, 2),
    ("双机 16 卡 h100 32b 全参", 16, 2),
    ("72b 全参 4 机 32 卡 h100", 32, 4),
    ("改成 2 机 16 卡", 16, 2),
    ("32b full ft on 2 nodes 16 h100s", 16, 2),
])
def test_machines_and_cards(text: str, cards: int, nodes: int) -> None:
    p = parse(text)
    assert (p.request.num_gpus, p.price.nodes) == (cards, nodes), text


def test_a_bare_count_change_is_still_cards() -> None:
    assert parse("改成 4").request.num_gpus == 4


def test_an_export_changed_to_two_machines_is_two_machines_of_eight() -> None:
    reply = conversation("max_seq_len 一般设多少", "accelerate 配置 导一下 单机 8 卡", "改成 2 机 16 卡")
    assert "num_processes: 16" in reply and "num_machines: 2" in reply, reply
