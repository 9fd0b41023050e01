"""DDP named as the way a job runs ("14b lora bf16 用 2 张 l40s 做 ddp", "with ddp", "ddp 够吗") is the job's
setting, like a ZeRO stage: a sizing at that plan (no sharding), said back as DDP, whose export after it carries
the job's card count (num_processes: 2). DDP itself asked about ("ddp 能省显存吗", "ddp 和 zero 区别", "what is
ddp", "ddp or zero2?") stays the FAQ's. An accelerate config asked with no job and no count says it is written
for one card and which key to change, never that nothing in it depends on the card count."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import ChatUser


@pytest.mark.parametrize("text", [
    "14b lora bf16 用 2 张 l40s 做 ddp",
    "qwen3 14b lora on 2 l40s with ddp",
    "14b lora 2 张 l40s ddp 够吗",
    "8b lora 4 张 4090 用 ddp 训练要多少显存",
    "llama 8b lora, 2x a6000, plain ddp, will it fit?",
])
def test_ddp_beside_a_job_is_its_setting(text: str) -> None:
    p = parse(text)
    assert p.intent == "size" and p.request.zero == 0, (p.intent, p.request.zero)


@pytest.mark.parametrize("text", [
    "7b 全参 8 卡 DDP 能省显存吗",
    "ddp 和 zero 有什么区别",
    "what is ddp",
    "7b ddp or zero2?",
])
def test_ddp_asked_about_stays_the_faqs(text: str) -> None:
    assert parse(text).intent == "faq", text


@pytest.mark.parametrize(("first", "then"), [
    ("14b lora bf16 用 2 张 l40s 做 ddp", "出一份 accelerate 配置"),
    ("qwen3 14b lora on 2 l40s with ddp", "give me an accelerate config"),
])
def test_an_export_after_a_ddp_job_carries_its_card_count(first: str, then: str) -> None:
    chat = ChatUser()
    chat.say(first)
    assert "DDP" in chat.text, chat.text
    chat.say(then)
    assert "num_processes: 2" in chat.text and "L40S" in chat.text, chat.text


@pytest.mark.parametrize(("ask", "needle"), [
    ("出一份 accelerate 配置", "num_processes 改成卡数"),
    ("give me an accelerate config", "set num_processes to your card count"),
])
def test_an_accelerate_config_without_a_count_says_it_is_for_one_card(ask: str, needle: str) -> None:
    chat = ChatUser()
    chat.say(ask)
    assert needle in chat.text and "or the card count" not in chat.text and "卡数无关" not in chat.text, chat.text


@pytest.mark.parametrize(("text", "count"), [
    ("发个 accelerate 的 yaml 4 卡 ddp", 4),
    ("accelerate yaml for single-node 8 gpu ddp", 8),
    ("给我 2 卡 ddp 的 accelerate 配置", 2),
])
def test_a_ddp_accelerate_config_is_plain_data_parallel(text: str, count: int) -> None:
    """DDP is ZeRO stage 0 in the parse, but its accelerate file is MULTI_GPU with no DeepSpeed JSON beside it."""
    me = ChatUser()
    me.say(text)
    assert "distributed_type: MULTI_GPU" in me.text and f"num_processes: {count}" in me.text, me.text
    assert "DEEPSPEED" not in me.text and "ds_config.json" not in me.text, me.text


@pytest.mark.parametrize("text", ["出一份 4 卡 zero2 的 accelerate 配置", "accelerate config for 4 gpus with zero-3"])
def test_a_zero_stage_accelerate_config_stays_deepspeed(text: str) -> None:
    me = ChatUser()
    me.say(text)
    assert "distributed_type: DEEPSPEED" in me.text, me.text
