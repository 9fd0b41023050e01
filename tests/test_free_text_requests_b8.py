"""Issue 18 items 2 and 5 (blind set 8, classes F and K): a config file asked for a stated job is an
export whatever the verb; "minimum config" beside a job is its setup, not the config FAQ; a lever's
own question beside a sizing gets its own answer; the cost button keeps the provider the question
named. Figures from the seeds: gpuli 8×H100 SXM ₮14,432/month (seed 000), offload costs 20–50% of
throughput (seed 000, 003)."""

from __future__ import annotations

import re

import pytest

from bot.understand.parser import parse
from tests.chat_user import ChatUser


def _talk(*turns: str) -> ChatUser:
    me = ChatUser()
    for turn in turns:
        me.say(turn)
    return me


@pytest.mark.parametrize(("text", "count"), [
    ("输出 accelerate 的配置文件 4 卡 14b 全参", 4),
    ("accelerate 配置文件，8b lora，两张卡", 2),
    ("need an accelerate config file: 7b full, 8 gpus", 8),
    ("the accelerate yaml, qwen3 14b lora on 4 cards", 4),
])
def test_an_accelerate_file_for_a_stated_job_is_exported(text: str, count: int) -> None:
    reply = _talk(text).last
    assert reply is not None and reply.kind == "export"
    accelerate = next(body.decode() for name, body in reply.files if name.startswith("accelerate"))
    assert re.search(rf"num_processes:\s*{count}\b", accelerate)


@pytest.mark.parametrize("text", ["can I get the training config for 14b qlora?", "I'd like the yaml for an 8b lora on a 4090"])
def test_a_config_asked_for_in_english_is_an_export(text: str) -> None:
    assert parse(text).intent == "export"


@pytest.mark.parametrize("text", [
    "I need the DeepSpeed config file, 32B full, 8 x A100 80GB",
    "deepspeed json 32b 全参 8卡 a100",
    "ds_config.json for a 32B full fine-tune on 8x A100 80G",
])
def test_a_deepspeed_file_for_a_stated_job_is_exported_with_its_stage(text: str) -> None:
    reply = _talk(text).last
    assert reply is not None and reply.kind == "export"
    ds = next(body.decode() for name, body in reply.files if name == "ds_config.json")
    assert re.search(r'"stage":\s*3', ds)


@pytest.mark.parametrize("text", [
    "7b lora 的 deepspeed 配置文件 stage 2 和 3 有什么区别",
    "14b 全参 json 配置文件 怎么写",
    "what does auto mean in the deepspeed config file for 8b full?",
])
def test_a_question_about_a_config_file_is_not_an_export(text: str) -> None:
    assert parse(text).intent != "export"


@pytest.mark.parametrize("text", [
    "72B full fine-tune minimum config at gpuli",
    "72b 全参 在 gpuli 最低什么配置",
    "what's the minimum setup for a 72B full fine-tune at gpuli?",
])
def test_a_minimum_config_beside_a_job_is_its_setup(text: str) -> None:
    me = _talk(text)
    assert me.last is not None and me.last.kind == "sizing"
    assert "₮14,432" in me.text  # gpuli's 8×H100 SXM month: the seed's minimum for 72B full (ZeRO-3 + offload)


@pytest.mark.parametrize("text", [
    "72B full fine-tune minimum config at gpuli, and what's the catch with offload?",
    "72b 全参最低配置？offload 有什么代价？",
])
def test_a_levers_question_beside_a_sizing_gets_its_own_answer(text: str) -> None:
    me = _talk(text)
    assert me.last is not None and me.last.kind == "sizing"
    faqs = [r for r in me.last.also if r.kind == "faq"]
    assert [item["id"] for r in faqs for item in r.data["items"]] == ["optimizer-offload"]
    assert re.search(r"20\s*%?\s*[–-]\s*50", me.text)


@pytest.mark.parametrize(("first", "lang"), [
    ("72b 全参 什么配置", "zh"), ("70b full fine-tune, what setup?", "en"), ("32b 全参 要几张 h100", "zh"),
])
@pytest.mark.parametrize("ask", ["offload 会慢多少", "offload 慢多少", "how much slower is offload?"])
def test_how_much_offload_slows_is_the_offload_answer(first: str, lang: str, ask: str) -> None:
    me = _talk(first, ask)
    assert re.search(r"20\s*%?\s*[–-]\s*50", me.text), me.text
    assert "60%" not in me.text  # the gradient-checkpointing entry (saves 60%–80%) is another question


@pytest.mark.parametrize(("question", "provider", "others"), [
    ("qwen2.5 14b qlora 在 gpuli 用什么卡", "gpuli", ("CloudGPU", "一万网络")),
    ("8b lora 在 cloudgpu 上用啥卡", "CloudGPU", ("gpuli", "一万网络")),
    ("at 一万网络, which card for a 14b lora?", "一万网络", ("CloudGPU", "gpuli")),
])
def test_the_cost_button_prices_where_the_question_asked(question: str, provider: str, others: tuple[str, ...]) -> None:
    me = _talk(question)
    me.press("btn.cost")
    assert me.last is not None and me.last.kind == "cost"
    assert provider in me.lines[1]
    assert not any(name in me.text for name in others)


def test_a_button_naming_an_unknown_provider_is_stale() -> None:
    me = _talk("8b lora")
    me.press("s|P8|l||||pnowhere|cost")
    assert me.last is not None and me.last.kind == "error"


@pytest.mark.parametrize(("job", "ask"), [
    ("14b lora 在 4090 上", "配置文件呢"), ("qwen3 8b qlora", "yaml 呢"), ("32b full on 8x h100", "config file?"),
    ("7b 全参 一张 h100", "那 json 呢"), ("8b lora on one a6000", "and the config?"),
    ("8b lora on a 4090", "I want the yaml for it"),
])
def test_a_file_named_alone_after_an_answer_exports_that_job(job: str, ask: str) -> None:
    me = _talk(job, ask)
    assert me.last is not None and me.last.kind == "export"
    assert any(name == "llamafactory.yaml" for name, _ in me.last.files)
