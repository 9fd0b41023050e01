"""Two follow-ups that kept the wrong half of what was said (session 28, round 0, blind 61/62/66/73 leftovers):

- the other storage asked at the size just priced ("对象存储同样容量呢" after a 3,000 GB volume): seed 000 prices
  object storage at ₮0.015 per GB-month (3,000 GB → ₮45; 2,000 GB → ₮30) and a volume at ₮0.08 (5,000 GB →
  ₮400), never the FAQ's example again; and a bill with its add-ons ("含 2000GB 存储卷 … 的总账单呢") is the
  rental's bill (₮14,432 + ₮160 + ₮15 = ₮14,607 for gpuli's 8 × H100 month), never the wallet's ledger, and a
  quarter asked next keeps those add-ons (3 × ₮14,432 + 3 × ₮175 = ₮43,821);
- an export keeps the ZeRO stage and offload the user stated: with no card named, the recommended card at
  ZeRO-2 with the optimizer offloaded (not the planner's ZeRO-3), and "accelerate config" after a ZeRO stage is
  accelerate launching DeepSpeed (a ZeRO stage is DeepSpeed's), beside the FSDP one.
"""

from __future__ import annotations

import json

import pytest
import yaml

from bot.understand.parser import parse
from tests.chat_user import ChatUser, conversation, lead_lines


@pytest.mark.parametrize(("turns", "lead", "not_said"), [
    (("gpuli 存储卷多少钱一个月", "3000G 呢", "那对象存储呢"), "₮45", "₮240"),
    (("gpuli 存储卷单价", "要 3T", "换成对象存储，一样大小"), "₮45", "₮15"),
    (("gpuli volume pricing", "for 2 TB a month?", "and object storage, same size?"), "₮30", "₮160"),
    (("how much is gpuli object storage", "we need 5000 GB", "what about a volume then?"), "₮400", "₮75"),
    (("gpuli 对象存储怎么收费", "5000G 一个月", "存储卷同样容量多少"), "₮400", "₮75"),
])
def test_the_other_storage_is_priced_at_the_size_just_priced(turns: tuple[str, ...], lead: str, not_said: str) -> None:
    reply = conversation(*turns)
    assert lead in lead_lines(reply, 2), reply
    assert not_said not in reply, reply


def test_the_other_storage_keeps_the_months_said() -> None:
    reply = conversation("gpuli 存储卷 4000g 两个月多少", "对象存储呢")
    assert "₮120" in lead_lines(reply, 2), reply  # 4,000 GB × ₮0.015 × 2 months


@pytest.mark.parametrize("text", [
    "含 2000GB 存储卷和 1000GB 对象存储的总账单呢", "加上 2000G 存储卷 1000G 对象存储 总账单多少",
    "账单连同 2000GB 存储卷、1000GB 对象存储一共多少", "total bill with a 2000 GB volume and 1000 GB object storage?",
])
def test_a_bill_with_add_ons_is_the_rentals_bill_not_the_ledger(text: str) -> None:
    assert parse(text).intent != "wallet"
    me = ChatUser()
    me.say("gpuli 8 卡 H100 月租")
    me.say(text)
    assert "₮14,607" in lead_lines(me.text, 3), me.text
    me.say("季度呢")
    assert "₮43,821" in lead_lines(me.text, 3), me.text


@pytest.mark.parametrize("text", ["我的账单", "看下账单", "show my ledger"])
def test_the_ledger_asked_alone_is_still_the_wallets(text: str) -> None:
    assert parse(text).intent == "wallet"


@pytest.mark.parametrize("text", [
    "7b 全参 两卡，导出 deepspeed zero-2 加 optimizer offload 的配置",
    "export the deepspeed config for 7b full fine-tuning on 2 gpus, zero2, offload optimizer to cpu",
    "给我一份 7b 全参 2 张卡 ZeRO2 + 优化器 offload 的 ds_config",
])
def test_an_export_keeps_the_stage_and_offload_stated(text: str) -> None:
    me = ChatUser()
    reply = me.say(text)
    files = {name: content.decode() for name, content in reply.files}
    zero = json.loads(files["ds_config.json"])["zero_optimization"]
    assert zero["stage"] == 2, zero
    assert zero["offload_optimizer"]["device"] == "cpu", zero
    assert "ZeRO-2+offload" in lead_lines(me.text, 2), me.text


@pytest.mark.parametrize(("turns", "n", "stage"), [
    (("32b full FT, 8×H100, ZeRO-3", "accelerate config?"), 8, 3),
    (("32b 全参 8 卡 h100 zero3", "给我 accelerate 的配置"), 8, 3),
    (("14b full fine-tune on 4 a100 80g with zero-3", "export accelerate config"), 4, 3),
])
def test_accelerate_after_a_zero_stage_launches_deepspeed(turns: tuple[str, ...], n: int, stage: int) -> None:
    me = ChatUser()
    reply = None
    for turn in turns:
        reply = me.say(turn)
    assert reply is not None
    files = {name: content.decode() for name, content in reply.files}
    config = yaml.safe_load(files["accelerate_config.yaml"])
    assert config["distributed_type"] == "DEEPSPEED"
    assert config["num_processes"] == n
    assert config["deepspeed_config"]["zero3_init_flag"] is (stage == 3)
    assert json.loads(files["ds_config.json"])["zero_optimization"]["stage"] == stage
    assert "accelerate_config.yaml" in lead_lines(me.text, 1), me.text


def test_accelerate_with_fsdp_named_stays_fsdp() -> None:
    me = ChatUser()
    me.say("32b full FT, 8×H100, fsdp")
    reply = me.say("accelerate config?")
    assert "accelerate_config.yaml" not in {name for name, _ in reply.files}
