"""FAQ paraphrases blind set 21 showed misread, as classes: inbound and outbound traffic are two
questions with two answers (inbound is free and unmetered at gpuli, seed 000), so a question about
data going in never gets the egress entry, nor one about data going out the ingress entry."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser

INGRESS = ["把数据集传进去要收费吗", "入方向流量收钱不", "上传流量怎么计费", "数据传入实例另外收费吗",
           "is inbound traffic billed?", "do you meter ingress?", "any charge for upload traffic to the box?",
           "does inbound data cost anything?"]


@pytest.mark.parametrize("text", INGRESS)
def test_an_ingress_question_is_answered_free_and_unmetered(chat: ChatUser, text: str) -> None:
    chat.say(text)
    head = "\n".join(chat.lines[:3])
    assert ("不收费" in head and "不限量" in head) or ("free" in head and "unmetered" in head), chat.text
    assert "25 Gbps" not in chat.text, chat.text


@pytest.mark.parametrize("text", ["出方向流量收费吗", "数据下载流量另外收钱吗", "is outbound traffic billed?",
                                  "do you meter egress?"])
def test_an_egress_question_keeps_the_egress_answer(chat: ChatUser, text: str) -> None:
    chat.say(text)
    assert "25 Gbps" in chat.text, chat.text


@pytest.mark.parametrize("text", ["cloudgpu 能按小时租吗", "cloudgpu 是按小时收费吗", "cloudgpu 怎么计费 按小时算吗",
                                  "can i rent by the hour on cloudgpu?", "does cloudgpu bill hourly?"])
def test_a_providers_billing_question_leads_with_its_whole_rule(chat: ChatUser, text: str) -> None:
    """cloudgpu named: its rule leads, whole (per minute, rounded up, minimum 1 minute, 1 hour
    pre-authorized while running, seed 002), not only 'by the minute'."""
    chat.say(text)
    head = "\n".join(chat.lines[:3])
    assert ("向上取整" in head and "预授权 1 小时" in head) or (
        "rounding up" in head and "1 hour pre-authorized" in head), chat.text


@pytest.mark.parametrize("text", ["cloudgpu 有 8卡 h100 吗", "cloudgpu 能租 4 卡 a100 吗", "cloudgpu 上有没有 8 卡 h100 整机",
                                  "can I get a 4-gpu a100 box on cloudgpu?", "is there an 8-gpu h100 machine at cloudgpu?"])
def test_a_multi_card_setup_asked_of_cloudgpu_is_its_multi_card_rule(chat: ChatUser, text: str) -> None:
    """cloudgpu plans single cards; multi-card only as its /deploy stock shows (seed 002), gpuli rents
    8×H100 at ₮14,432/month (seed 000): not the A100-vs-H100 advice."""
    chat.say(text)
    head = "\n".join(chat.lines[:3])
    assert "/deploy" in head and "₮14,432" in chat.text, chat.text


@pytest.mark.parametrize("text", ["8卡h100 月租多少？能加 IB 吗", "h100 八卡一周多少钱？可以加 infiniband 吗",
                                  "how much is 8x h100 a month? can we add IB?",
                                  "8 h100s for a week, price? and can I add infiniband?"])
def test_a_price_and_an_add_on_question_get_both_answers(chat: ChatUser, text: str) -> None:
    """The price, then InfiniBand's answer (₮600 per node per month, DFW-1 and ORD-1 only, seed 000): 'can I
    add IB' is InfiniBand's own term, not Yiwan's CPU and RAM add-ons met on 能加 alone."""
    chat.say(text)
    assert "₮" in chat.lines[1] and "₮600" in chat.text and "DFW-1" in chat.text, chat.text


@pytest.mark.parametrize("text", ["能加 IB 吗", "可以加 infiniband 吗", "can we add IB?"])
def test_adding_ib_alone_is_infinibands_answer(chat: ChatUser, text: str) -> None:
    chat.say(text)
    assert "₮600" in "\n".join(chat.lines[:3]) and "¥400" not in chat.text, chat.text
