"""Sizing questions that ask a doubt or a choice of the setup, answered as asked (blind 48/49): "one 4090 or
two", "一定要两张 a100 吗" (no: one 80 GB card with the 8-bit optimizer), each in both languages."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import ChatUser


@pytest.mark.parametrize("msg", ["7b lora，一张 4090 够不够 还是直接上两张", "13b qlora 一张3090行不行 要不要直接上两张",
                                 "7b lora 单卡4090够用吗，还是直接买两张",
                                 "7b lora, is one 4090 enough or should i just go with two"])
def test_one_card_or_two_is_a_sizing_of_both_counts(msg: str) -> None:
    p = parse(msg)
    assert p.intent == "size", msg
    assert (p.request.num_gpus, p.asks.count_versus) == (1, 2), msg


def test_one_or_two_4090s_names_both_counts_in_the_reply() -> None:
    u = ChatUser()
    u.say("7b lora，一张 4090 够不够 还是直接上两张")
    first, second = u.text.splitlines()[:2]
    assert "1×RTX 4090" in first and "偏紧" in first
    assert "2 张才稳" in second and "2×RTX 4090" in second
    u = ChatUser()
    u.say("7b lora, is one 4090 enough or should i just go with two")
    assert "1 is not safe, 2 are" in u.text.splitlines()[1]


@pytest.mark.parametrize("msg", ["7b 全参 一定要两张 a100 吗 有人说要 2 张", "全参微调 7b 非得两张 a100 80g 吗",
                                 "qwen 7b 全量微调 真的要两张 h100 吗"])
def test_two_80gb_cards_for_7b_full_is_not_a_must_zh(msg: str) -> None:
    u = ChatUser()
    u.say(msg)
    second = u.text.splitlines()[1]
    assert second.startswith("👉 不一定：1 张也行，换 8-bit 优化器"), second
    assert "模型状态 70 GB" in second and "用 AdamW 才要 2 张" in second


@pytest.mark.parametrize("msg", ["do i really need two a100s for a 7b full finetune? someone told me 2",
                                 "7b full fine-tune, does it have to be 2 a100 80gb?"])
def test_two_80gb_cards_for_7b_full_is_not_a_must_en(msg: str) -> None:
    u = ChatUser()
    u.say(msg)
    second = u.text.splitlines()[1]
    assert second.startswith("👉 Not necessarily: 1 will do with an 8-bit optimizer"), second
    assert "70 GB of model states" in second and "AdamW that needs 2" in second


def test_8b_states_fill_an_80gb_card_so_one_is_not_offered() -> None:
    u = ChatUser()
    u.say("8b full finetune, must i use 2 h100s?")
    assert "Not necessarily" not in u.text


@pytest.mark.parametrize("msg", ["8b qlora 两张3090 要开 zero3 吗", "8b qlora 两张 3090，zero-3 要不要开", "two 4090s at gpuli, 8b qlora, zero3?",
                                 "do i need zero3 for 8b qlora on two 3090s"])
def test_zero3_asked_of_a_qlora_on_two_cards_is_not_needed(msg: str) -> None:
    p = parse(msg)
    assert p.asks.switch == "zero3" and p.request.zero is None, msg
    u = ChatUser()
    u.say(msg)
    first = u.text.splitlines()[0]
    assert first.startswith(("不需要 ZeRO-3：一张卡就装得下", "No, ZeRO-3 is not needed: one card holds it")), first
    assert "DDP" in first and "11.1 GB" in first and "4-bit" in first


def test_zero3_asked_of_a_bf16_lora_names_no_4bit() -> None:
    u = ChatUser()
    u.say("do i need zero3 for 7b lora on two a100s")
    first = u.text.splitlines()[0]
    assert first.startswith("No, ZeRO-3 is not needed: one card holds it (1× A100 80GB SXM, 20.6 GB")
    assert "4-bit" not in first


def test_zero3_stated_stays_the_plan() -> None:
    for msg in ["32b 全参 zero3 8卡 每张卡多少显存", "8b qlora 两张3090 用 zero3", "14b full ft on 4 h100s with zero3"]:
        p = parse(msg)
        assert p.request.zero == 3 and p.asks.switch is None, msg


@pytest.mark.parametrize("msg, first_card", [
    ("7b: qlora on a 4090 vs bf16 lora on a 5090 at gpuli, speed/price?", "4090"),
    ("7b 4090 跑 qlora 还是 5090 跑 lora，gpuli 哪个划算 速度差多少", "4090"),
    ("8b lora on an a100 80g or qlora on a 3090?", "a100")])
def test_two_setups_each_with_its_own_method_are_sized_as_named(msg: str, first_card: str) -> None:
    methods = parse(msg).versus_methods
    assert sorted(methods.values()) == ["lora", "qlora"], msg
    u = ChatUser()
    u.say(msg)
    lines = u.text.splitlines()
    assert "20–40%" in lines[1] and ("slower" in lines[1] or "慢" in lines[1])
    assert any("QLoRA (4-bit) · 1×" in ln and ("4090" in ln or "3090" in ln) for ln in lines)
    assert any(ln.startswith("✅ LoRA · 1×") for ln in lines)


def test_setups_with_the_second_at_gpuli_prices_both() -> None:
    u = ChatUser()
    u.say("7b: qlora on a 4090 vs bf16 lora on a 5090 at gpuli, speed/price?")
    assert "₮369/month" in u.text and "₮499/month" in u.text
    assert "LoRA · 1× RTX 5090: 20.6 GB of 32 GB" in u.text


def test_one_method_on_two_cards_is_no_method_mix() -> None:
    assert parse("7b qlora 4090 vs 5090").versus_methods == {}
    u = ChatUser()
    u.say("7b qlora 4090 vs 5090")
    assert "20–40%" not in u.text.splitlines()[1]


@pytest.mark.parametrize("first, then, figure", [
    ("two 3090s for 7b qlora?", "will it oom at seq 4096", "seq 4096"),
    ("8b qlora 用 3090 会爆显存吗", "seq 拉到 4096 会爆显存吗", "序列 4096"),
    ("14b lora on an a100 40g", "batch 4 still fits?", "batch 4")])
def test_a_setting_changed_with_its_fit_asked_resizes_the_job(first: str, then: str, figure: str) -> None:
    u = ChatUser()
    u.say(first)
    u.say(then)
    head = u.text.splitlines()[0]
    assert head.startswith(("✅", "⚠️", "❌")) and figure in head, head
    assert "cutoff_len" not in u.text  # not the FAQ's general advice on OOM


def test_the_oom_advice_without_a_job_before_stays_the_faq() -> None:
    u = ChatUser()
    u.say("will it oom at seq 4096")
    assert "cutoff_len" in u.text


@pytest.mark.parametrize("msg", ["explain like im 5 why 7b full finetune needs an 80gb card", "7b 全参 为啥要 a100 80g",
                                 "why does a 7b full fine-tune need a whole a100 80gb"])
def test_why_a_7b_full_needs_an_80gb_card_leads_with_the_bytes(msg: str) -> None:
    u = ChatUser()
    u.say(msg)
    first = u.text.splitlines()[0]
    assert first.startswith(("💡 Why:", "💡 原因：")), first
    assert "16" in first and "112 GB" in first and "70 GB" in first and "80 GB" in first


def test_why_on_more_cards_says_they_share_the_states() -> None:
    u = ChatUser()
    u.say("why does 14b full fine-tuning need 4 a100s")
    first = u.text.splitlines()[0]
    assert "224 GB" in first and "140 GB" in first and "ZeRO" in first and "just fits" not in first


def test_why_of_a_speed_is_no_memory_reason() -> None:
    u = ChatUser()
    u.say("why is 7b full fine-tuning so slow on an a100 80g")
    assert "16 bytes in all" not in u.text


@pytest.mark.parametrize("first, then", [("two 4090s at gpuli, 8b qlora, zero3?", "why not"),
                                         ("two 4090s at gpuli, 8b qlora, zero3?", "ok what instead"),
                                         ("8b qlora 两张3090 要开 zero3 吗", "为啥不用"),
                                         ("8b qlora 两张3090 要开 zero3 吗", "那用什么")])
def test_why_not_or_what_instead_after_a_switch_answer_asks_it_again(first: str, then: str) -> None:
    u = ChatUser()
    u.say(first)
    u.say(then)
    head = u.text.splitlines()[0]
    assert head.startswith(("No, ZeRO-3 is not needed", "不需要 ZeRO-3")) and "DDP" in head, head


def test_why_not_with_no_switch_before_is_no_switch_answer() -> None:
    u = ChatUser()
    u.say("two 3090s for 7b qlora?")
    u.say("why not")
    assert "ZeRO-3 is not needed" not in u.text


@pytest.mark.parametrize("first, then", [("32b 全参 zero2 8卡h100 放得下吗", "zero3 呢"), ("32b full 8xh100 zero2 ok?", "zero3?")])
def test_a_bare_stage_after_a_sizing_is_a_change_of_stage(first: str, then: str) -> None:
    assert parse(then).asks.switch is None and parse(then).request.zero == 3
    assert parse("那 zero3 呢").request.zero == 3
    u = ChatUser()
    u.say(first)
    u.say(then)
    assert "ZeRO-3" in u.text.splitlines()[0] and "64" in u.text
