"""A model's or a card's own facts asked ("qwen3 32b 有多少层", "how big is qwen3 8b in params",
"4090 显存多大 带宽多少"): the catalog's figure leads, in both languages, never a sizing, a price list or
the FAQ entry on network bandwidth; a job's memory ("qwen3 8b 要多少显存") stays a sizing."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser


def _first_lines(msg: str, n: int = 2) -> tuple[str, str]:
    u = ChatUser()
    u.say(msg)
    assert u.last is not None
    return u.last.kind, "\n".join(u.text.splitlines()[:n])


@pytest.mark.parametrize(("msg", "figure"), [
    ("qwen3 32b 有多少层", "64 层"),
    ("qwen3-32b 几层啊", "64 层"),
    ("how many layers does qwen3 32b have?", "64 layers"),
    ("llama 3.1 8b hidden size?", "4,096"),
    ("qwen3 8b 的隐藏层维度是多少", "4,096"),
    ("qwen3 8b 词表多大", "151,936"),
    ("vocab size of llama 3.1 8b", "128,256"),
    ("qwen3-14b 上下文多长", "40,960"),
    ("what's the context length of qwen3 32b?", "40,960"),
    ("qwen3 32b 多少个注意力头", "64 个注意力头"),
    ("how many kv heads in qwen3 8b", "8 KV heads"),
])
def test_a_models_shape_asked_leads(msg: str, figure: str) -> None:
    kind, lead = _first_lines(msg, 1)
    assert kind == "param_count" and figure in lead


@pytest.mark.parametrize(("msg", "figure"), [
    ("how big is qwen3 8b exactly in params", "8.19B"),
    ("what size is qwen3 32b in parameters", "32.76B"),
    ("qwen3 8b 参数规模多大", "8.19B"),
])
def test_its_size_in_parameters_is_its_count(msg: str, figure: str) -> None:
    kind, lead = _first_lines(msg, 1)
    assert kind == "param_count" and figure in lead


def test_the_model_facts_say_their_source() -> None:
    u = ChatUser()
    u.say("qwen3 32b 有多少层")
    assert "来源" in u.text and "Qwen3 blog table" in u.text


@pytest.mark.parametrize("msg", [
    "qwen3 8b 要多少显存", "how much memory does qwen3 8b lora need", "qwen3 8b lora 上下文 4096 要多少显存",
    "qwen3 32b 有多少层，lora 要几张卡",
])
def test_a_jobs_memory_stays_a_sizing(msg: str) -> None:
    kind, _ = _first_lines(msg)
    assert kind == "sizing"


@pytest.mark.parametrize(("msg", "figures"), [
    ("4090 显存多大 带宽多少", ("24 GB", "1,008 GB/s")),
    ("how much memory does a 4090 have, and its bandwidth?", ("24 GB", "1,008 GB/s")),
    ("mi300x 显存多大", ("192 GB",)),
    ("h100 的显存是多少G", ("80 GB",)),
    ("what's the vram on an rtx 3090", ("24 GB",)),
    ("4090 带宽多少", ("1,008 GB/s",)),
    ("h100 sxm nvlink 多少", ("900 GB/s",)),
])
def test_a_cards_facts_asked_lead(msg: str, figures: tuple[str, ...]) -> None:
    u = ChatUser()
    u.say(msg)
    assert u.last is not None and u.last.kind == "card_spec"
    assert figures[0] in "\n".join(u.text.splitlines()[:2])
    assert all(f in u.text for f in figures)


@pytest.mark.parametrize("msg", ["gpuli 的 h100 带宽收费吗", "does gpuli charge for bandwidth on h100 egress",
                                 "gpuli 8卡 h100 那台机器 内存多大", "一万网络 a100 40g 包月 加 128g 内存 多少钱",
                                 "how much ram does the gpuli 8x h100 machine have"])
def test_network_bandwidth_and_host_memory_are_not_the_cards(msg: str) -> None:
    u = ChatUser()
    u.say(msg)
    assert u.last is not None and u.last.kind != "card_spec"


@pytest.mark.parametrize(("turns", "figure"), [
    (["qwen3 8b 有多少参数", "多少层"], "36 层"),
    (["qwen3 8b lora 要多少显存", "how many layers does it have"], "36 layers"),
    (["qwen3 32b qlora 一张 a100 够吗", "上下文多长"], "40,960"),
])
def test_a_models_fact_asked_next_is_of_that_model(turns: list[str], figure: str) -> None:
    u = ChatUser()
    for t in turns:
        u.say(t)
    assert u.last is not None and u.last.kind == "param_count" and figure in u.text.splitlines()[0]


@pytest.mark.parametrize(("turns", "figure"), [
    (["gpuli 4090 一周多少钱", "显存多大"], "24 GB"),
    (["gpuli 4090 weekly price", "and its memory bandwidth?"], "1,008 GB/s"),
])
def test_a_cards_fact_asked_next_is_of_that_card(turns: list[str], figure: str) -> None:
    u = ChatUser()
    for t in turns:
        u.say(t)
    assert u.last is not None and u.last.kind == "card_spec" and figure in u.text


@pytest.mark.parametrize(("turns", "figure"), [
    (["70b qlora cloudgpu 用啥卡", "70b qlora 要下啥权重", "多大"], "39.2 GB"),
    (["which weights should I download for 70b qlora", "how big is that"], "39.2 GB"),
    (["qwen3 14b qlora", "how big is it?"], "9.9 GB"),
    (["qwen3 32b 全参 要多少显存", "权重多大"], "65.5 GB"),
])
def test_a_size_asked_next_is_the_weights_of_that_job(turns: list[str], figure: str) -> None:
    u = ChatUser()
    for t in turns:
        u.say(t)
    assert figure in u.text.splitlines()[0]
