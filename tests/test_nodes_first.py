"""A job across two machines or more, asked what else it needs or costs, leads with the link between the
nodes: gpuli's 400G InfiniBand, ₮600 per node per month (₮1,200 for two), only in DFW-1 and ORD-1; then
the sizing. Not asked, the sizing leads as before."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser


@pytest.mark.parametrize("text", [
    "继续预训练 14b 打算跨两台机器 除了卡还要准备啥",
    "32b 全参 两个节点 还需要什么",
    "14b 全参 双节点 要额外付什么钱",
    "continued pretraining of a 14b across two nodes, what extra do I pay",
    "14b continued pretraining on 2 nodes — anything else I need?",
])
def test_the_link_between_nodes_leads(text: str) -> None:
    me = ChatUser()
    me.say(text)
    head = "\n".join(me.lines[:2])
    assert "InfiniBand" in head and "₮600" in head and "₮1,200" in head, me.text
    assert "DFW-1" in head and "ORD-1" in head, me.text


@pytest.mark.parametrize("text", ["14b 继续预训练 两台机器 要多少显存", "32b full finetune on two nodes, how much memory?"])
def test_not_asked_the_sizing_leads(text: str) -> None:
    me = ChatUser()
    me.say(text)
    assert me.lines[0].startswith("📏"), me.text
