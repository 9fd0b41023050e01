"""Short questions about the estimate just given are answered from that sizing's own breakdown: the part that
dominates with its GB, the activations, the bytes per parameter behind a figure ("why 64"), what to turn on to make
it fit, the answer in plain words, and an offload's slowdown; never "outside what I do" or an unrelated FAQ."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser


def _after(*turns: str) -> ChatUser:
    u = ChatUser()
    for t in turns:
        u.say(t)
    return u


@pytest.mark.parametrize(("turns", "part", "gb"), [
    (("32b full fine-tune on 8x h100", "which part takes the most memory?"), "optimizer", "32 GB"),
    (("qwen3 14b 全参 4卡 a100 zero3", "大头是啥"), "优化器", "29.5 GB"),
    (("14b full ft, 4 a100s, zero 3", "so what dominates"), "optimizer", "28 GB"),
    (("32b 全参 8卡h100", "显存主要是哪块占的"), "优化器", "32 GB"),
    (("7b full finetune on 2x h100 with zero3", "where does all the memory go"), "optimizer", "GB"),
    (("7b qlora 一张4090", "哪部分最占显存"), "模型权重", "5.3 GB"),
])
def test_the_part_that_dominates_leads_with_its_figure(turns: tuple[str, ...], part: str, gb: str) -> None:
    u = _after(*turns)
    first = u.text.splitlines()[0]
    assert part in first and gb in first, u.text
    assert "outside what I do" not in u.text and "帮不上" not in u.text


@pytest.mark.parametrize(("turns", "figure"), [
    (("32b fft 8xh100 z3", "per gpu?", "why 64"), "16 bytes per parameter"),
    (("32b 全参 8卡 h100 zero3", "为啥要 64G"), "每参数 16 字节"),
    (("7b 全参 单卡 a100 80g", "为什么要80g"), "每参数 10 字节"),
    (("7b full ft on one h100", "with adamw8bit", "how come it fits now"), "10 bytes per parameter"),
    (("14b full ft 4x a100 zero3", "why so much?"), "16 bytes per parameter"),
])
def test_why_the_figure_gives_the_bytes_per_parameter(turns: tuple[str, ...], figure: str) -> None:
    u = _after(*turns)
    assert figure in u.text.splitlines()[0], u.text


def test_why_names_the_other_optimizer_with_its_figure() -> None:
    u = _after("7b fft 1x h100?", "adamw8bit", "why fits now")
    assert "70 GB" in u.text and "112 GB" in u.text
    u = _after("7b 全参 一张a100 80g", "为啥要 80G")
    assert "70 GB" in u.text and "112 GB" in u.text


@pytest.mark.parametrize(("turns", "word"), [
    (("qwen3 8b lora 5090", "seq 8k bs4 gc on 呢", "act mem?"), "激活"),
    (("8b lora on a 5090, seq 8192 batch 4", "how much are the activations?"), "Activations"),
    (("qwen3 8b lora 一张5090", "激活占多少"), "激活"),
    (("7b full ft on one h100", "and activation memory?"), "Activations"),
])
def test_the_activations_are_their_part_of_the_estimate(turns: tuple[str, ...], word: str) -> None:
    u = _after(*turns)
    first = u.text.splitlines()[0]
    assert word in first and "GB" in first, u.text


@pytest.mark.parametrize("turns", [
    ("7b full finetune on one a100 80g", "does it fit?", "what do i need to turn on"),
    ("7b 全参 一张 a100 80g", "要开啥才能稳"),
    ("7b full ft single a100 80gb", "how do i make it fit?"),
    ("7b 全参 单卡 a100", "需要开什么"),
    ("7b full fine-tune on one a100 80g", "what should i enable?"),
])
def test_what_to_turn_on_names_the_8bit_optimizer_and_the_levers(turns: tuple[str, ...]) -> None:
    u = _after(*turns)
    assert "8-bit" in u.text and "112 GB" in u.text, u.text
    assert "offload" in u.text and "35.4 GB" in u.text


@pytest.mark.parametrize(("turns", "words"), [
    (("帮我看下 7b qlora 一张4090 行不行", "显存是啥意思", "用大白话解释一下刚才说的"), ("说白了", "24 GB", "8–12 GB")),
    (("7b qlora on a 4090?", "explain that in plain words"), ("In plain words", "24 GB", "11.1 GB")),
    (("7b qlora 4090 够吗", "说人话"), ("说白了", "24 GB", "11.1 GB")),
    (("32b full ft 8x h100", "eli5 please"), ("In plain words", "80 GB", "optimizer")),
    (("32b 全参 8卡 h100", "通俗点讲讲"), ("说白了", "80 GB", "优化器")),
])
def test_plain_words_restate_the_sizing_with_its_figures(turns: tuple[str, ...], words: tuple[str, ...]) -> None:
    u = _after(*turns)
    for w in words:
        assert w in u.text, u.text


@pytest.mark.parametrize(("turns", "words"), [
    (("7b 全参 一张 a100 80g", "显存要多少", "用大白话讲讲为啥要开 8bit"), ("112 GB", "70 GB")),
    (("7b full ft on a single a100 80g", "in plain words, why the 8-bit optimizer?"), ("112 GB", "70 GB")),
])
def test_plain_words_on_the_8bit_optimizer_use_the_jobs_figures(turns: tuple[str, ...], words: tuple[str, ...]) -> None:
    u = _after(*turns)
    for w in words:
        assert w in u.text, u.text


@pytest.mark.parametrize(("turns", "lang_word"), [
    (("72b 全参 8卡h100 offload", "每卡多少", "吞吐掉多少"), "吞吐"),
    (("72b full ft on 8x h100 with offload", "how much slower is it?"), "throughput"),
    (("72b 全参 8卡 h100 开 offload", "速度慢多少"), "吞吐"),
    (("32b full ft 4x a100 with optimizer offload", "what's the throughput hit?"), "throughput"),
])
def test_an_offload_plans_slowdown_is_the_seeds_band(turns: tuple[str, ...], lang_word: str) -> None:
    u = _after(*turns)
    assert "20–50%" in u.text and lang_word in u.text, u.text


def test_a_new_job_in_the_message_is_sized_not_explained() -> None:
    u = _after("32b full ft 8x h100", "what dominates for 7b on one h100?")
    assert u.last is not None and u.last.kind != "estimate_part"


def test_without_a_sizing_before_nothing_is_explained() -> None:
    u = _after("gpuli 4090 一周多少钱", "大头是啥")
    assert u.last is not None and u.last.kind != "estimate_part"


@pytest.mark.parametrize("turns", [
    ("32b full ft 8x h100", "why 8 cards?"),
    ("7b lora on a 4090", "开激活检查点呢"),
])
def test_a_why_of_no_figure_or_a_lever_named_is_not_the_estimate_explained(turns: tuple[str, ...]) -> None:
    u = _after(*turns)
    assert u.last is not None and u.last.kind != "estimate_part", u.text
