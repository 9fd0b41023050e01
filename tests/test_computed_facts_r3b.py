"""Figures the engine computes from a model's shapes, asked as facts: the parameters active per token,
the bf16 KV cache of one token, an adapter's trainable parameters at the stated rank and targets. The figure
leads the reply, in either language, never a sizing or a serving plan."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser


def _first(msg: str) -> str:
    u = ChatUser()
    u.say(msg)
    assert u.last is not None and u.last.kind == "param_count", u.text
    return u.text.splitlines()[0]


@pytest.mark.parametrize(("msg", "figure"), [
    ("qwen3-30b-a3b active params?", "3,353,032,704"),
    ("Qwen3 30B A3B 激活参数多少", "3,353,032,704"),
    ("qwen3 235b 每个token激活的参数有多少", "22,190,763,520"),
    ("how many params are active per token in qwen3-235b-a22b", "22,190,763,520"),
    ("qwen3 8b 激活参数量", "8,190,735,360"),  # dense: all of them
])
def test_active_parameters_lead(msg: str, figure: str) -> None:
    assert figure in _first(msg)


@pytest.mark.parametrize(("msg", "figure"), [
    ("qwen3-32b bf16 kv cache 每 token 多少", "262,144"),
    ("kv cache per token for llama 3.1 70b?", "327,680"),
    ("qwen3 8b 每个token的kv cache多大", "147,456"),
    ("Qwen3-32B：KV 缓存 每个 token 占多少？", "256 KB"),
])
def test_kv_cache_of_one_token_leads(msg: str, figure: str) -> None:
    assert figure in _first(msg)


@pytest.mark.parametrize(("msg", "figure"), [
    ("lora r=16 on all linear layers of qwen3-8b -- trainable params?", "43,646,976"),
    ("qwen3-8b，lora rank 16，可训练参数多少", "43,646,976"),
    ("llama 3.1 8b lora 可训练参数多少", "20,971,520"),  # rank 8 on every linear layer, the default
    ("how many trainable parameters does a rank 32 lora on qwen3 14b have", "128,450,560"),
])
def test_lora_trainable_parameters_lead(msg: str, figure: str) -> None:
    assert figure in _first(msg)


def test_a_sizing_with_a_card_is_still_a_sizing() -> None:
    u = ChatUser()
    u.say("qwen3 8b lora on a 4090, how much memory?")
    assert u.last is not None and u.last.kind != "param_count"


@pytest.mark.parametrize(("msg", "figures"), [
    ("h100 sxm 和 pcie 显存带宽 差多少", ("3,350", "2,000")),
    ("memory bandwidth of h100 sxm vs pcie?", ("3,350", "2,000")),
    ("A100 80G PCIe 跟 SXM 的 nvlink 带宽", ("600", "PCIe", "SXM")),
    ("h100 sxm or the pcie one: memory bandwidth?", ("3,350", "2,000")),
])
def test_a_bare_form_factor_after_a_card_is_that_card_in_the_other_form(msg: str, figures: tuple[str, ...]) -> None:
    u = ChatUser()
    u.say(msg)
    assert u.last is not None and u.last.kind == "card_spec", u.text
    assert all(f in u.text for f in figures), u.text


@pytest.mark.parametrize(("msg", "lead"), [
    ("a800 跟 a100 有啥区别", "400"),  # NVLink 400 vs 600 GB/s: the largest difference leads
    ("what's the difference between the h800 and h100?", "400"),
    ("4090 和 5090 有什么不同", "1,008"),  # memory bandwidth 1,008 vs 1,792 GB/s
    ("H800 vs H100 differences", "900"),
])
def test_how_two_cards_differ_leads_with_the_largest_difference(msg: str, lead: str) -> None:
    u = ChatUser()
    u.say(msg)
    assert u.last is not None and u.last.kind == "card_spec", u.text
    assert lead in "\n".join(u.text.splitlines()[:3])


@pytest.mark.parametrize("msg", ["lora 和 全参 有啥区别", "a100 和 h100 价格有啥区别", "what's the difference between lora and qlora"])
def test_a_difference_not_between_cards_is_not_a_card_comparison(msg: str) -> None:
    u = ChatUser()
    u.say(msg)
    assert u.last is not None and u.last.kind != "card_spec"


@pytest.mark.parametrize(("msg", "figure"), [
    ("nf4 加 double quant 每参数多少字节", "0.51587"),
    ("NF4 双重量化 每个参数占几个字节？", "4.127"),
    ("how many bits per weight is nf4 without double quant", "4.5 bits"),
    ("nf4 bytes per parameter?", "0.5625"),
    ("bf16 每个参数几个字节", "2 字节"),
    ("int8 bytes per param", "1 byte"),
])
def test_a_formats_bytes_per_parameter_lead(msg: str, figure: str) -> None:
    u = ChatUser()
    u.say(msg)
    assert u.last is not None and u.last.kind == "format_bytes", u.text
    assert figure in u.text.splitlines()[0]
