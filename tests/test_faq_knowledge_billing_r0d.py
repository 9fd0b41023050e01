"""Knowledge and billing rules the FAQ path answered wrong or not at all (session 19, round 0): two questions in one
sentence with no mark ("出口流量收费吗 入口呢"), a prepaid cycle given up halfway, ZeRO-3 or DDP on several cards with no
NVLink, the LoRA defaults of LLaMA-Factory and PEFT, whether a region has InfiniBand, the chain USDT is sent on, and
QLoRA's quality against full fine-tuning. Facts come from the seeds (000, 002) and catalog_facts.md C4 through
catalogs/faq.yaml and catalogs/gpus.yaml."""

from __future__ import annotations

import pytest

from bot.understand.fields import zero
from bot.understand.normalize import normalize
from bot.understand.parser import parse
from tests.chat_user import ChatUser


def _answer(*turns: str) -> str:
    me = ChatUser()
    for text in turns:
        me.say(text)
    return me.text


# ---- two questions typed as one sentence: each its own answer
@pytest.mark.parametrize("text", ["gpuli 出口流量收费吗 入口呢", "gpuli 入口流量要钱吗 出口呢"])
def test_egress_and_ingress_asked_together_get_both_rules(text: str) -> None:
    reply = _answer(text)
    assert "25 Gbps" in reply and "免费" in reply, reply  # egress: unmetered 25 Gbps at ₮0; ingress: free


@pytest.mark.parametrize("text", ["cloudgpu 按啥计费 销毁后 checkpoint 还在吗", "cloudgpu 怎么收费 数据盘销毁后还在吗"])
def test_billing_and_the_disk_after_destroy_asked_together(text: str) -> None:
    reply = _answer(text)
    assert "分钟" in reply and "删" in reply, reply  # per-minute billing; the disk goes with the instance


def test_a_provider_named_alone_after_a_question_is_no_second_question() -> None:
    assert len(parse("cloudgpu 怎么计费 gpuli 呢").faq_answers) <= 1


# ---- a prepaid week or month given up before its end
@pytest.mark.parametrize("text,facts", [
    ("gpuli 周租跑一半不用了 能停止计费吗", ["1 小时"]),
    ("gpuli 包月用了十天不想用了 剩下的钱能退吗", ["不退", "1 小时"]),
    ("if I stop my gpuli weekly rental early, does billing stop?", ["prepaid", "1 hour"]),
])
def test_a_prepaid_cycle_stopped_early_is_not_refunded(text: str, facts: list[str]) -> None:
    reply = _answer(text)
    assert all(f in reply for f in facts), reply


def test_stopping_mid_week_is_the_refund_rule_not_a_failed_instance() -> None:
    reply = _answer("so if we stop the gpuli instance mid-week do we save anything?")
    assert "prepaid" in reply and "1 hour" in reply, reply
    assert "checkpoint" not in reply.lower(), reply  # not the hardware-failure entry met on "stop the instance"
    reply = _answer("how does gpuli bill, daily?", "so if we stop the instance mid-week do we save anything?")
    assert "7-day" in reply or "prepaid" in reply, reply  # after the billing answer: its cycles, bought whole


# ---- a parallel scheme on several cards with no NVLink, no model named
@pytest.mark.parametrize("text,setup", [
    ("we want four 4090s for zero-3, good idea?", "4×RTX 4090"),
    ("两张 5090 跑 zero3 有啥问题吗", "2×RTX 5090"),
    ("is zero3 ok on 2x rtx 5090", "2×RTX 5090"),
])
def test_zero3_on_several_pcie_cards_is_the_interconnect_answer(text: str, setup: str) -> None:
    reply = _answer(text)
    assert "PCIe" in reply and "ZeRO-2" in reply and setup in reply, reply


def test_zero3_on_several_5090s_without_a_count_answers_not_which_model() -> None:
    parsed = parse("5090 多卡跑 zero3 行不行")
    assert parsed.intent == "faq", parsed.intent
    reply = _answer("5090 多卡跑 zero3 行不行")
    assert "PCIe" in reply and "5090" in reply, reply


def test_data_parallel_in_words_is_ddp_and_fsdp_is_not() -> None:
    assert zero(normalize("做数据并行")) == 0
    assert zero(normalize("plain data parallel")) == 0
    assert zero(normalize("fully sharded data parallel")) is None
    parsed = parse("qwen3 8b qlora 4090 两张 做数据并行可以吗")
    assert parsed.intent == "size" and parsed.request.zero == 0 and parsed.request.num_gpus == 2, parsed
    reply = _answer("14b lora two 4090s data parallel ok?")
    assert "2×" in reply.replace("2× ", "2×") and "DDP" in reply, reply


# ---- LoRA defaults (catalog_facts.md C4)
@pytest.mark.parametrize("text,facts", [
    ("llamafactory default lora rank and alpha?", ["lora_rank 8", "16"]),
    ("LLaMA-Factory 不设 lora_rank 默认是多少", ["lora_rank 8"]),
    ("peft default target modules for qwen if we leave target_modules empty?", ["q_proj", "v_proj"]),
    ("peft target_modules 不填 默认挂哪些层", ["q_proj", "v_proj"]),
])
def test_lora_defaults(text: str, facts: list[str]) -> None:
    reply = _answer(text)
    assert all(f in reply for f in facts), reply


# ---- InfiniBand by region, the USDT chain, QLoRA against full
@pytest.mark.parametrize("text,lead", [("gpuli LAS-1 有 ib 吗", "❌"), ("is infiniband available in LAS-1 at gpuli?", "❌"),
                                       ("gpuli ORD-1 能上 IB 吗", "✅")])
def test_infiniband_by_region(text: str, lead: str) -> None:
    reply = _answer(text)
    assert reply.lstrip().startswith(lead) and "DFW-1" in reply, reply


@pytest.mark.parametrize("turns", [("cloudgpu 支持哪些付款方式", "usdt", "要什么链"), ("which chain do I send usdt on for cloudgpu",)])
def test_the_usdt_chain(turns: tuple[str, ...]) -> None:
    assert "TRC-20" in _answer(*turns)


@pytest.mark.parametrize("text", ["好的 4090 那个明白了 qlora 效果会比全参差很多吗", "is qlora much worse than full fine-tuning"])
def test_qlora_against_full_is_the_lora_against_full_entry(text: str) -> None:
    parsed = parse(text)
    assert parsed.intent == "faq" and parsed.faq_answers[0].entry.id == "lora-vs-full-quality", parsed.faq_answers


# ---- follow-ups after a sizing: a setup alone, the ZeRO stage asked
@pytest.mark.parametrize("turns,facts", [
    (("帮我看下 32b 全参", "8 张 a100 sxm"), ["8×A100 80GB SXM (ZeRO-3)", "64 GB"]),
    (("帮我看下 32b 全参", "8 张 a100 sxm", "zero 几"), ["ZeRO-3", "64 GB"]),
    (("14b full finetune on 4 h100", "which zero stage?"), ["ZeRO-3", "56 GB"]),
])
def test_a_setup_or_the_stage_asked_after_a_sizing_is_that_job(turns: tuple[str, ...], facts: list[str]) -> None:
    reply = _answer(*turns)
    assert all(f in reply for f in facts), reply
    assert "要几张卡" not in reply and "4090" not in reply, reply  # no FAQ entry met on the card's name or on "zero"


# ---- a tight fit names the card's memory; a price asked whether cheap is that price
def test_a_tight_fit_names_the_cards_memory() -> None:
    reply = _answer("how much is MI300X monthly on gpuli and does it hold 72b lora in bf16")
    assert "192 GB" in reply and "1,699" in reply, reply


@pytest.mark.parametrize("text", ["一万网络 8卡 a100 80g 最低 2.5 万 算便宜吗", "一万网络 8卡 a100 80g 贵不贵"])
def test_whether_a_setup_is_cheap_is_its_price(text: str) -> None:
    parsed = parse(text)
    assert parsed.intent == "price", parsed.intent
    reply = _answer(text)
    assert "2.5–4 万" in reply and "估" in reply, reply  # the estimate band, said to be one


@pytest.mark.parametrize("turns,lead", [(("ib 多少钱", "LAS-1 有吗"), "❌"), (("gpuli 要 ib 吗", "LAS-1 有吗"), "❌"),
                                        (("how much is infiniband at gpuli?", "is it in LAS-1?"), "❌")])
def test_a_region_asked_after_the_infiniband_answer_gets_its_verdict(turns: tuple[str, ...], lead: str) -> None:
    reply = _answer(*turns)
    assert reply.lstrip().startswith(lead) and "ORD-1" in reply, reply
