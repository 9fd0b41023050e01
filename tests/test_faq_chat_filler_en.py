"""English chat filler ("can I get", "is it possible to have", "just", "wondering") and container words
for a machine ("an h100 box", "a 4090 rig") weighed against the entry asked, and dragged a question
the Chinese form of which is answered ("一万网络 h100 能上 IB 吗": 8×H100 takes IB 400G as an option,
seed 003) under the confident floor. The asking verbs carry no topic (as 支持/有没有 in Chinese do not),
and a container word reads as the machine it names; a possessive left after a provider's name taken
out ("yiwan's") is no word either. The Chinese A-not-A ask ("能不能上 IB") did the same with its "不能".
The English and the A-not-A phrasings here failed on the old retrieval."""

from __future__ import annotations

import pytest

from bot.understand.faq import lookup

CASES = [
    ("is it possible to have infiniband on the yiwan h100 box", "infiniband"),
    ("could I get IB on yiwan's h100 rig?", "infiniband"),
    ("wondering if I can get infiniband with yiwan's h100 boxes", "infiniband"),
    ("does yiwan's h100 have infiniband", "infiniband"),
    ("hey guys, could I get ssh quickly on a cloudgpu box?", "instance-ready-time"),
    ("can I just get my money back on gpuli's 4090 rig if it doesn't work out", "refunds"),
    # the same in Chinese: an A-not-A ask ("能不能", "可不可以") is the verb asked once, its "不能" no topic word
    ("请问一万网络的 h100 能不能上 IB 啊", "infiniband"),
    ("一万网络 8 卡 h100 可不可以加 IB", "infiniband"),
    ("麻烦问一下 gpuli 4090 租了不合适 可不可以退", "refunds"),
]


@pytest.mark.parametrize(("text", "entry"), CASES)
def test_filler_and_container_words_leave_the_entry_asked(text: str, entry: str) -> None:
    hit, hits = lookup(text)
    assert hit is not None and hit.entry.id == entry, [(h.entry.id, h.score) for h in hits]


def test_a_container_word_still_names_a_machine() -> None:
    """'box' reads as 'machine': a multi-GPU box asked of cloudgpu is its multi-card rule."""
    hit, _ = lookup("can I get a 4-gpu a100 box on cloudgpu?")
    assert hit is not None and hit.entry.id == "cloudgpu-multi-gpu"


@pytest.mark.parametrize(("text", "entry"), [
    ("ZeRO-3 啥时候 should 开", "zero-stages"), ("梯度检查点什么时候该打开", "gradient-checkpointing"),
    ("CPU offload 什么时候需要开启", "optimizer-offload"), ("when should we switch on gradient checkpointing", "gradient-checkpointing"),
])
def test_when_to_turn_a_technique_on_is_that_techniques_entry(text: str, entry: str) -> None:
    """"什么时候(该)开 X", with or without an English modal between, asks about X: the asking words weigh nothing
    (they met the billing entries on 时候 and 开机)."""
    hit, _ = lookup(text)
    assert hit is not None and hit.entry.id == entry, (hit and hit.entry.id)
