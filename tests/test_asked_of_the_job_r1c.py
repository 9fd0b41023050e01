"""Session 26 round 1 (blind 74, helper r1c): a price or the cheapest way asked after a sizing, in either language or
both, is answered as that price or the job's cost, never as the FAQ entry its billing or evaluation words come near; a
config asked with a give verb ("导个配置") or by its file name ("ds_config") is exported, and a tool named alone after
it gets its files. Figures from the seeds: seed 002 (CloudGPU RTX 4090 $0.33/h, A800 80GB PCIe $1.09/h)."""

from __future__ import annotations

import json

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand.parser import parse
from tests.chat_user import ChatUser, said

SIZED_72B = ("72b qlora 一张 80g 能跑吗", "72b qlora on one 80gb card, fits?")


@pytest.mark.parametrize("first", SIZED_72B)
@pytest.mark.parametrize("ask", ["按小时的话最便宜多少", "最便宜的 按小时算", "cheapest one by the hour pls", "hourly — cheapest?",
                                 "按小时租 哪个最省"])
def test_cheapest_by_the_hour_after_a_sizing_prices_the_job(first: str, ask: str) -> None:
    me = said(first, ask)
    assert me.last.kind == "cost", me.text
    assert "1.09" in me.text, me.text  # CloudGPU's A800 80GB PCIe, $1.09/h: the cheapest card that holds it by the hour
    assert "能按小时租卡吗" not in me.text and "Can I rent a GPU by the hour" not in me.text, me.text


def test_cheapest_by_the_week_after_a_sizing_prices_the_job() -> None:
    me = said("14b lora 要多少显存", "cheapest weekly option?")
    assert me.last.kind == "cost", me.text
    assert "7 d" in me.text or "7 天" in me.text, me.text


@pytest.mark.parametrize("ask", ["能按小时租吗", "can we rent by the hour?"])
def test_whether_hourly_is_offered_stays_the_faq(ask: str) -> None:
    me = said(SIZED_72B[0], ask)
    assert me.last.kind == "faq", me.text


@pytest.mark.parametrize("first", ["7b qlora 我们自己的 4090 够吗", "7b qlora on our own 4090, enough?"])
@pytest.mark.parametrize("ask", ["租卡值不值 cloudgpu 4090 一小时多少", "renting worth it at all? cloudgpu 4090 hourly price",
                                 "cloudgpu 的 4090 多少钱一小时 划算吗", "cloudgpu 4090 per hour, worth it?"])
def test_worth_it_beside_a_price_is_that_price(first: str, ask: str) -> None:
    me = said(first, ask)
    assert me.last.kind == "price", me.text
    assert "$0.33" in me.text, me.text  # seed 002: RTX 4090 $0.33/h at CloudGPU


@pytest.mark.parametrize("ask", ["h100 值不值", "is the h100 worth it"])
def test_worth_it_asked_alone_stays_the_cards_comparison(ask: str) -> None:
    me = said(ask)
    assert me.last.kind == "faq", me.text


@pytest.mark.parametrize("ask", ["ds_config 给我 zero-3 + offload param", "ds_config: zero3, params offloaded to cpu",
                                 "ds_config 要 zero3，参数也 offload 到 cpu"])
def test_ds_config_with_settings_is_the_deepspeed_file(ask: str) -> None:
    me = said(ask)
    reply = me.last
    assert reply.kind in ("export", "export_generic"), me.text
    config = json.loads(dict(reply.files)["ds_config.json"].decode())
    assert config["zero_optimization"]["stage"] == 3
    assert config["zero_optimization"]["offload_param"]["device"] == "cpu"


@pytest.mark.parametrize("ask", ["qwen3 8b qlora 单卡 4090 导个配置", "qwen3 8b qlora 4090 导一个配置", "qwen3 8b qlora 一张 4090，导份配置"])
@pytest.mark.parametrize("tool", ["llamafactory", "llama factory", "LLaMA-Factory"])
def test_a_tool_named_after_an_export_asked_with_its_job_gets_its_files(ask: str, tool: str) -> None:
    me = ChatUser()
    assert me.say(ask).kind == "export", me.text
    reply = me.say(tool)
    assert reply.kind == "export", me.text
    config = yaml.safe_load(dict(reply.files)["llamafactory.yaml"].decode())
    assert config["finetuning_type"] == "lora" and config["quantization_bit"] == 4
    assert config["model_name_or_path"] == "Qwen/Qwen3-8B"


# a framework named with nothing else gets its files; one asked about ("…是什么", "…怎么装", "区别") is a question
_TOOL_SAID = st.sampled_from(["deepspeed", "DeepSpeed", "llamafactory", "LLaMA-Factory", "llama factory", "accelerate", "zero3"])
_BESIDE = st.sampled_from(["", "用", "的吧", "呢", "please", "the", "one", "config", "配置", "!", "。", "就行"])
_ASKED = st.sampled_from(["是什么", "怎么装", "用哪个", "区别", "how do I install it", "what is it", "有什么坑"])


@settings(max_examples=200, deadline=None)
@given(_TOOL_SAID, st.lists(_BESIDE, max_size=3), st.lists(_BESIDE, max_size=2))
def test_a_tool_with_fillers_is_named_alone(tool: str, before: list[str], after: list[str]) -> None:
    assert parse(" ".join([*before, tool, *after])).cues.tool_alone


@settings(max_examples=200, deadline=None)
@given(_TOOL_SAID, _ASKED, st.lists(_BESIDE, max_size=2))
def test_a_tool_asked_about_is_not_named_alone(tool: str, asked: str, beside: list[str]) -> None:
    assert not parse(" ".join([*beside, tool, asked])).cues.tool_alone


@pytest.mark.parametrize(("turns", "verdict"), [
    (("32b全参 2000w token 3epoch", "gpuli 8卡h100 包周够吗"), "放得下"),
    (("32b full finetune, 20M tokens, 3 epochs", "is a weekly 8x h100 at gpuli enough?"), "fits only just"),
    (("14b lora 1亿 token 2 epoch", "cloudgpu 4090 包月够不够"), "装不下"),
])
def test_a_setup_bought_by_its_term_after_a_job_is_asked_whether_it_holds_that_job(turns: tuple[str, str], verdict: str) -> None:
    """A card, its count and a term named after a timed job, asked "enough?": the job's fit on that setup leads (the
    term's name, "包周", made it a bare price of the week, no verdict at all)."""
    me = ChatUser()
    for turn in turns:
        me.say(turn)
    assert verdict in "\n".join(me.lines[:2]), me.text
