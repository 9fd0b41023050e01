"""A model's parameter count asked as a fact ("exactly how many params does qwen3 32b have",
"qwen3-8b 多少参数"): the exact count the catalog's config shapes give leads, never a sizing."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import ChatUser


@pytest.mark.parametrize(("msg", "figure"), [
    ("how many parameters does Qwen3-14B have exactly?", "14,768,307,200"),
    ("qwen2.5 7b 参数量到底是多少", "7,615,616,512"),
    ("llama 3.1 405b 有多少个参数", "405,853,388,800"),
    ("what's the exact param count of qwen2.5-72b", "72,706,203,648"),
    ("mistral small 24b 参数数量是多少", "23,572,403,200"),
])
def test_the_exact_count_leads(msg: str, figure: str) -> None:
    u = ChatUser()
    u.say(msg)
    assert u.last is not None and u.last.kind == "param_count"
    assert figure in u.text.splitlines()[0]


def test_a_mixture_of_experts_says_its_active_count_too() -> None:
    u = ChatUser()
    u.say("qwen3 235b a22b 总参数多少")
    first = u.text.splitlines()[0]
    assert "235,093,634,560" in first and "激活" in first


def test_the_reply_says_where_the_count_comes_from() -> None:
    u = ChatUser()
    u.say("how many params in qwen3 8b")
    text = u.text
    assert "config" in text.splitlines()[0] and "36 layers" in text and "16.4 GB" in text


@pytest.mark.parametrize("msg", [
    "qwen3 32b 全参要几张卡",
    "qwen3 8b 多少参数，lora 要多少显存",  # the count and a sizing: the sizing answers both
])
def test_a_sizing_stays_a_sizing(msg: str) -> None:
    u = ChatUser()
    u.say(msg)
    assert u.last is not None and u.last.kind != "param_count"


def test_an_adapters_trainable_count_is_not_the_models_total() -> None:
    # another question than the model's count: the adapter's own count leads (tests/test_computed_facts_r3b.py)
    u = ChatUser()
    u.say("qwen3 8b lora 可训练参数多少")
    first = u.text.splitlines()[0]
    assert "21,823,488" in first and "8,190,735,360" not in first


def test_the_ask_is_read_in_both_languages() -> None:
    assert parse("qwen3 4b 参数个数具体多少").asks.param_count
    assert parse("number of parameters of glm-4-9b?").asks.param_count
    assert not parse("qwen3 8b lora 参数量多大的 rank 合适").asks.param_count
