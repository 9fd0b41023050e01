"""Basic-knowledge questions in words of their own (issue 18 item 6), in phrasings of ours in both languages:
what LoRA's rank is (the inner dimension of its two low-rank matrices, 64 to start, 64–128 near full
fine-tuning: seed 000), QLoRA against LoRA asked with a colloquial 啥区别 / "what's the diff" (4-bit NF4 base
against bf16), where a dataset lives so it survives a new instance (the persistent volume, ₮0.08/GB/month: seed
000), whether uploading costs anything (ingress is free), how gpuli takes the money (one charge from the wallet at
order), why training runs out of memory (an OOM entry, never the slow-multi-GPU one met on 为啥), and how to start a
card at a named provider ("怎么在 gpuli 开一台 4090": the steps and ₮109/₮369, never a rental command).

The catalogs carry the words (catalogs/glossary.yaml's rank, catalogs/faq_terms.yaml's ~oom, ~across-instances,
~where-kept, 要钱 and 传上去 as forms of their concepts), never a list of these messages."""

from __future__ import annotations

import pytest

from bot.understand.faq import lookup
from tests.chat_user import conversation, lead_lines, said

RANK = ["lora rank 是啥意思", "lora 的 rank 是什么", "rank 是什么意思 设多少合适", "lora 秩 是啥",
        "what is lora rank", "what's the LoRA rank exactly?", "explain lora rank", "what does rank mean in lora"]


@pytest.mark.parametrize("question", RANK)
def test_lora_rank_is_defined_with_its_matrices_and_a_value(question: str) -> None:
    hit, _ = lookup(question)
    assert hit is not None and "lora-rank" in hit.entry.id, (question, hit and hit.entry.id)
    text = conversation(question)
    assert ("低秩矩阵" in text or "low-rank matrices" in text) and "64" in text and "128" in text, text


QLORA_VS_LORA = ["qlora和lora啥区别", "lora 跟 qlora 有啥不同", "QLoRA 与 LoRA 区别是啥",
                 "qlora vs lora what's the diff", "difference between lora and qlora?", "lora or qlora, what's the difference"]


@pytest.mark.parametrize("question", QLORA_VS_LORA)
def test_qlora_against_lora_leads_with_the_four_bit_base(question: str) -> None:
    text = conversation(question)
    assert "4-bit" in lead_lines(text, 3) and "NF4" in text and "20–40%" in text, text


@pytest.mark.parametrize(("question", "facts"), [
    ("数据集放哪 gpuli 换实例还能用吗", ("存储卷", "₮0.08")),
    ("gpuli 数据存哪 换台机器还在不在", ("存储卷", "₮0.08")),
    ("where do i keep my dataset so it survives a new instance on gpuli", ("volume", "₮0.08")),
    ("gpuli: where should I store data across instances?", ("volume", "₮0.08")),
])
def test_data_kept_across_instances_is_the_persistent_volume(question: str, facts: tuple[str, ...]) -> None:
    text = conversation(question)
    assert all(f in text for f in facts), text
    assert "不太确定" not in text and "not sure" not in text, text


@pytest.mark.parametrize(("turns", "free"), [
    (("训练数据200g 传上去要钱吗",), "不收费"),
    (("gpuli 4090 包月", "数据传上去要钱吗"), "不收费"),
    (("上传数据收费吗",), "不收费"),
    (("is uploading data free",), "free"),
])
def test_uploading_is_free(turns: tuple[str, ...], free: str) -> None:
    text = conversation(*turns)
    assert free in lead_lines(text, 3) and "不太确定" not in text, text


@pytest.mark.parametrize("turns", [("钱是怎么扣的",), ("gpuli 4090 月租", "钱是怎么扣的"), ("gpuli 是怎么扣钱的",)])
def test_how_the_money_is_taken_is_one_charge_at_order(turns: tuple[str, ...]) -> None:
    text = conversation(*turns)
    assert "钱包余额一次扣清" in text and "帮不上" not in text, text


@pytest.mark.parametrize("question", ["为啥会 OOM", "why do i get OOM", "老是爆显存怎么办", "为什么总是 out of memory"])
def test_why_out_of_memory_is_an_oom_entry(question: str) -> None:
    hit, _ = lookup(question)
    assert hit is not None and hit.entry.id != "multi-gpu-slow", (question, hit and hit.entry.id)
    assert "oom" in hit.entry.id or "memory" in hit.entry.id, (question, hit.entry.id)


@pytest.mark.parametrize(("question", "steps"), [
    ("怎么在gpuli开一台4090", ("邮箱注册", "USDT", "₮109", "₮369")),
    ("如何在 gpuli 上租一台 4090", ("邮箱注册", "USDT", "₮109")),
    ("how do i start a 4090 on gpuli", ("sign up by email", "USDT", "₮109")),
])
def test_how_to_start_a_card_at_a_provider_gives_the_steps(question: str, steps: tuple[str, ...]) -> None:
    me = said(question)
    assert all(s in me.text for s in steps), me.text
    assert "/rent" not in me.text, me.text


def test_a_side_by_side_of_methods_leads_with_an_english_sentence() -> None:
    me = said("noob q: qwen 7b lora vs qlora vram?")
    lead = lead_lines(me.text, 2)
    assert "less memory than LoRA" in lead and "for the same job" in lead and "9.5 GB" in lead, me.text


@pytest.mark.parametrize(("question", "entry"), [
    ("how am i charged at gpuli", "gpuli-week-vs-month"),
    ("gpuli 钱是怎么扣的", "gpuli-week-vs-month"),
    ("how do we get charged on cloudgpu", "per-minute-billing"),
    ("在 cloudgpu 上是怎么扣钱的", "per-minute-billing"),
])
def test_how_a_named_provider_takes_the_money_is_its_billing_entry(question: str, entry: str) -> None:
    hit, _ = lookup(question)
    assert hit is not None and hit.entry.id == entry, (question, hit and hit.entry.id)
