"""A short memory question right after a sizing ("how much memory then?", "那要多少显存") asks the memory of the
job just sized: its sizing again, the per-card figure first, never an FAQ entry that happens to mention memory."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser


@pytest.mark.parametrize(("turns", "figure"), [
    (("7b full ft on one h100 80g?", "with 8-bit adam?", "how much memory then?"), "70 GB"),
    (("qwen3 14b lora 4090", "那要多少显存"), "38.1 GB"),
    (("32b 全参 8卡 h100", "每卡显存多少"), "64"),
    (("qwen3 8b qlora on a 4090", "how much vram does it need?"), "12.3 GB"),
    (("14b qlora，单卡 4090", "显存要多少呢"), "GB"),
])
def test_the_memory_of_the_job_just_sized_leads(turns: tuple[str, ...], figure: str) -> None:
    u = ChatUser()
    for t in turns:
        u.say(t)
    assert u.last is not None and u.last.kind == "sizing", u.text
    assert figure in u.text.splitlines()[0]


def test_after_a_price_list_the_cards_memory_is_asked() -> None:
    u = ChatUser()
    u.say("gpuli 4090 一周多少钱")
    u.say("显存多大")
    assert u.last is not None and u.last.kind == "card_spec"
    assert "24 GB" in u.text


def test_with_nothing_before_a_memory_question_is_not_a_sizing() -> None:
    u = ChatUser()
    u.say("how much memory?")
    assert u.last is not None and u.last.kind != "sizing"


@pytest.mark.parametrize("msg", [
    "qwen3 14b qlora across eight 4090s with ddp, memory per card?",
    "14b qlora 4卡 4090 ddp 每卡多少显存",
])
def test_ddp_per_card_figure_carries_the_seeds_single_card_figure(msg: str) -> None:
    # DDP keeps a whole copy on every card: the seeds' one-card figure (14B QLoRA: gpuli 14–18 GB) holds per card
    u = ChatUser()
    u.say(msg)
    assert "14–18 GB" in u.text.splitlines()[0]


@pytest.mark.parametrize(("msg", "figure"), [
    ("cloudgpu 70b qlora -- should we pull the 16-bit weights?", "39.2 GB"),
    ("70b qlora 要下载 16 位权重吗", "39.2 GB"),
    ("qwen3 32b qlora 拉全精度权重吗", "19.2 GB"),
    ("do i download the bf16 weights for 70b qlora", "39.2 GB"),
])
def test_which_weights_to_fetch_leads_with_the_4bit_base(msg: str, figure: str) -> None:
    u = ChatUser()
    u.say(msg)
    first = u.text.splitlines()[0]
    assert figure in first and "4-bit" in first


@pytest.mark.parametrize(("turns", "words"), [
    (("显存 主要被什么吃掉 全参", "那 lora 呢"), ("LoRA", "0.55")),
    (("how is full fine-tuning memory worked out?", "and for lora?"), ("LoRA", "0.55")),
    (("全参微调显存怎么算", "qlora 呢"), ("QLoRA", "4")),
])
def test_a_method_named_after_a_faq_answer_asks_that_subject_of_the_method(turns: tuple[str, ...], words: tuple[str, ...]) -> None:
    u = ChatUser()
    for t in turns:
        u.say(t)
    assert u.last is not None and u.last.kind == "faq", u.text
    assert all(w in "\n".join(u.text.splitlines()[:2]) for w in words), u.text


def test_a_method_named_after_a_sizing_still_changes_the_job() -> None:
    u = ChatUser()
    u.say("qwen3 8b lora on a 4090")
    u.say("那 qlora 呢")
    assert u.last is not None and u.last.kind == "sizing" and "QLoRA" in u.text.splitlines()[0]
