"""Blind set 19's classes, as behaviour: what a term means is answered by its definition (catalogs/
glossary.yaml) in the user's language, never by an entry sharing only the asking words; a provider
named in Chinese characters weighs as one word beside the billing concept asked; speed kept as a
job's condition rules out offload; a sizing that leads with an AMD card says it runs ROCm."""

from __future__ import annotations

import re

import pytest

from bot.understand import fields as f
from bot.understand.faq import lookup
from bot.understand.glossary import asked
from bot.understand.parser import parse
from tests.chat_user import T0, first_lines, said


@pytest.mark.parametrize(("text", "lead"), [
    ("QLoRA 是什么", "4-bit"),
    ("qlora啥意思？", "NF4"),
    ("什么是 QLoRA", "4-bit"),
    ("what is qlora?", "4-bit"),
    ("LoRA 是什么", "低秩"),
    ("what's LoRA exactly", "low-rank"),
    ("全参 是啥", "16 字节"),
    ("what does full fine-tuning mean", "16 bytes"),
    ("ZeRO-3 是什么意思", "ZeRO-3"),
    ("what is zero stage 2?", "ZeRO-2"),
    ("offload 是干嘛的", "主机内存"),
    ("explain cpu offload", "RAM"),
    ("梯度检查点是什么", "60–80%"),
    ("what is gradient checkpointing", "60–80%"),
    ("8-bit 优化器是什么", "10 字节"),
    ("what's an 8-bit optimizer?", "70 GB"),
    ("FSDP 是什么", "ZeRO-3"),
    ("NVLink 是啥", "PCIe"),
    ("what is MIG?", "H100"),
    ("继续预训练是什么", "InfiniBand"),
    ("what is continued pretraining", "InfiniBand"),
])
def test_a_term_asked_is_defined_in_the_users_language(text: str, lead: str) -> None:
    me = said(text)
    head = first_lines(me)
    assert lead in head, head
    assert bool(re.search(r"[\u4e00-\u9fff]", head.replace("一万网络", ""))) == bool(re.search(r"[\u4e00-\u9fff]", text)), head
    assert "₮ 是什么货币" not in me.text and "What currency" not in me.text


def test_each_term_gets_its_own_definition_not_a_neighbours() -> None:
    assert asked("LoRA 是什么").entry.id == "term-lora"  # type: ignore[union-attr]
    assert asked("QLoRA 是什么").entry.id == "term-qlora"  # type: ignore[union-attr]
    assert asked("what is full ft vs lora").entry.id == "term-full-lora"  # type: ignore[union-attr]


@pytest.mark.parametrize("text", [
    "what does 全参 mean vs lora, in memory terms for a 7b?",
    "what's full fine-tuning vs LoRA for a 7b, memory-wise",
])
def test_a_term_compared_with_a_size_named_gets_the_seed_figures_in_english(text: str) -> None:
    me = said(text)
    assert "70–112 GB" in me.text and "20–26 GB" in me.text, me.text
    assert not re.search(r"[\u4e00-\u9fff]", me.text.replace("一万网络", "")), me.text


@pytest.mark.parametrize("text", ["LoRA 和 QLoRA 有什么区别", "qlora vs full ft?", "difference between FSDP and DDP"])
def test_terms_only_set_against_each_other_get_both_definitions(text: str) -> None:
    hit, _ = lookup(text)
    assert hit is not None and hit.entry.id.startswith("term-") and hit.entry.id.count("-") >= 2, hit


@pytest.mark.parametrize("text", [
    "QLoRA 7B 要多少显存", "what is the cheapest card for qlora 7b", "what does qlora cost for a 7b",
    "does qlora mean worse quality?", "72b qlora 是什么配置", "qlora 会比 lora 效果差很多吗",
])
def test_a_question_about_a_terms_job_is_not_a_definition(text: str) -> None:
    assert asked(text) is None, text
    hit, _ = lookup(text)
    assert hit is None or not hit.entry.id.startswith("term-"), (text, hit.entry.id)


@pytest.mark.parametrize("text", [
    "does 一万网络 offer anything hourly?", "anything by the hour at 一万网络?", "一万网络 有按小时的吗",
    "can I pay by the hour at 一万网络", "一万网络可以按时租吗",
])
def test_a_provider_named_in_chinese_with_a_billing_concept_finds_the_entry(text: str) -> None:
    hit, _ = lookup(text)
    assert hit is not None and hit.entry.id == "hourly-rental", (text, hit)
    me = said(text)
    assert "MIG" in first_lines(me), me.text


@pytest.mark.parametrize("text", [
    "72b 全参 不想掉速 用啥", "72B 全参微调 不要太慢 怎么配", "72b full fine-tune, keep it fast — which setup?",
    "72b full ft without losing throughput, what do I rent", "72b 全参 速度优先",
])
def test_speed_kept_as_a_condition_rules_out_offload(text: str) -> None:
    p = parse(text, T0)
    assert p.intent == "size" and p.request.offload == "none", (p.intent, p.request.offload)
    head = first_lines(said(text))
    assert "H200" in head and re.search(r"8\s*×\s*H200", head), head


@pytest.mark.parametrize(("text", "offload"), [
    ("72b 全参 开 offload 不想太慢", "optimizer"),  # offload stated outright stays stated
    ("72b 全参 要不要 offload", None),  # asked, not stated
])
def test_offload_stated_or_asked_is_read_as_before(text: str, offload: str | None) -> None:
    assert f.offload(text) == offload


@pytest.mark.parametrize("text", ["72b lora bf16 单卡 选啥", "single card for a 72b bf16 lora?", "72b lora on one mi300x"])
def test_a_sizing_that_leads_with_an_amd_card_says_rocm(text: str) -> None:
    me = said(text)
    assert "MI300X" in first_lines(me), me.text
    assert "ROCm" in me.text and "CUDA" in me.text, me.text


@pytest.mark.parametrize(("first", "then", "term"), [
    ("QLoRA 是什么", "那 LoRA 呢", "LoRA 是什么"),
    ("what is FSDP?", "and ZeRO?", "What is ZeRO?"),
    ("offload 啥意思", "梯度检查点呢", "梯度检查点是什么"),
])
def test_a_term_named_after_a_definition_gets_its_own_definition_alone(first: str, then: str, term: str) -> None:
    me = said(first)
    me.say(then)
    assert me.lines[0].rstrip("？?") == term.rstrip("？?"), me.text
    assert len([line for line in me.lines if line.endswith(("？", "?"))]) == 1, me.text


def test_a_method_named_after_a_sizing_still_changes_the_sizing() -> None:
    me = said("7b qlora 4090")
    me.say("那 LoRA 呢")
    assert "7B LoRA" in first_lines(me), me.text
