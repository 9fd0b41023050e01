"""The link between cards asked of a named card, or of ZeRO-3 on PCIe (issue 18, class H: "NVLink on a named card"
answered with "not sure, did you mean" or an entry on the job; "ZeRO-3 on PCIe, 效果?" with the LoRA-quality entry,
met on 效果). Answered from the catalog's interconnect (bot.understand.faq_link): L40S and the RTX cards only talk over
PCIe, A6000/A40/RTX 6000 Ada bridge in pairs, the SXM parts are NVLink all-to-all (seed 000); a PCIe 8×A100 box can
halve ZeRO-3's efficiency (seed 003). Saying the cards are wanted together changes none of it."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import ChatUser, conversation, lead_lines


@pytest.mark.parametrize(("text", "wants"), [
    ("L40S 支持 NVLink 吗？想拿三张一起训练", ("没有", "PCIe")),
    ("我们打算两张 L40S 一起跑，卡之间有 nvlink 吗", ("没有", "PCIe")),
    ("Can two RTX A6000s be NVLinked? planning to train across both", ("in pairs",)),
    ("is there NVLink on the L40S? we'd run three of them together", ("No", "PCIe")),
])
def test_a_named_cards_link_is_answered_whatever_job_is_said(text: str, wants: tuple[str, ...]) -> None:
    reply = conversation(text)
    lead = lead_lines(reply, 3)
    assert all(w in lead for w in wants), reply
    assert "不太确定" not in reply and "not sure" not in reply, reply


@pytest.mark.parametrize(("text", "wants"), [
    ("zero3 放在 PCIe 版 A100 上跑 效果好吗", ("ZeRO-3", "减半")),
    ("deepspeed stage 3 on a PCIe A100 box, does it perform ok?", ("ZeRO-3", "half")),
    ("L40S 四张跑 zero-3 效果如何", ("PCIe", "ZeRO-3")),
])
def test_zero3_over_pcie_is_its_link_not_a_methods_quality(text: str, wants: tuple[str, ...]) -> None:
    reply = conversation(text)
    lead = lead_lines(reply, 3)
    assert all(w in lead for w in wants), reply
    assert "0.8" not in reply, reply  # never the LoRA-versus-full quality entry


def test_a_price_with_the_link_named_stays_a_price() -> None:
    reply = conversation("8卡 H100 NVLink 一个月多少钱")
    assert "₮14,432" in lead_lines(reply, 2), reply


def test_a_machine_spec_asked_with_its_link_keeps_the_machine_entry() -> None:
    """"多少内存 卡间啥互联" asks two specs of one machine: its own entry answers both (1 TB of RAM, NVLink)."""
    chat = ChatUser()
    chat.say("一万网络 8卡 a100 80g 整机 多少内存 卡间啥互联")
    assert "1TB" in chat.text.replace(" ", "") and "NVLink" in chat.text, chat.text


@pytest.mark.parametrize("text", ["我们想用 4 张 4090 一起训练，可以吗？这些卡之间有 NVLink 吗？",
                                  "打算拿两张 4090 做多卡训练，能行吗？它们之间有 nvlink 吗？"])
def test_whether_the_job_will_do_asked_before_the_link_keeps_both_answers(text: str) -> None:
    # "可以吗" asks of the job said before it, so the job is no mere background to the link's question
    assert {h.entry.id for h in parse(text).faq_answers} == {"multi-4090-training", "nvlink-cards"}
