"""A framework config asked for in free text with no model: accelerate and DeepSpeed configs need
none, so they are written with the stated card count and ZeRO stage; LLaMA-Factory's YAML needs the
model, so the bot asks for it."""

from __future__ import annotations

import json

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand.parser import parse
from engine.export_generic import accelerate_generic, generic_files
from tests.chat_user import ChatUser

ACCELERATE_ASKS = ("给我一份 {n} 卡的 accelerate 配置", "来一份 {n} 张卡 accelerate config",
                   "generate an accelerate config for {n} gpus", "send me the accelerate yaml for {n} GPUs")


@settings(max_examples=20, deadline=None)
@given(n=st.integers(2, 16), ask=st.sampled_from(ACCELERATE_ASKS))
def test_an_accelerate_config_keeps_the_stated_card_count(n: int, ask: str) -> None:
    chat = ChatUser()
    reply = chat.say(ask.format(n=n))
    assert reply.kind == "export_generic", chat.text
    files = dict(reply.files)
    config = yaml.safe_load(files["accelerate_config.yaml"])
    assert config["num_processes"] == n and config["num_machines"] == -(-n // 8)
    assert f"num_processes: {n}" in chat.text


@settings(max_examples=12, deadline=None)
@given(stage=st.sampled_from([1, 2, 3]), ask=st.sampled_from(("deepspeed zero{s} 的 json 发我一份",
                                                           "give me a ZeRO-{s} deepspeed config",
                                                           "export a deepspeed stage {s} config")))
def test_a_deepspeed_config_keeps_the_stated_stage(stage: int, ask: str) -> None:
    chat = ChatUser()
    reply = chat.say(ask.format(s=stage))
    assert reply.kind == "export_generic", chat.text
    ds = json.loads(dict(reply.files)["ds_config.json"])
    assert ds["zero_optimization"]["stage"] == stage
    assert f'{{"zero_optimization": {{"stage": {stage}}}}}' in chat.text


def test_accelerate_with_deepspeed_points_at_its_json() -> None:
    chat = ChatUser()
    reply = chat.say("generate an accelerate config for 16 gpus using deepspeed zero 3")
    files = dict(reply.files)
    config = yaml.safe_load(files["accelerate_config.yaml"])
    assert config["distributed_type"] == "DEEPSPEED" and config["num_processes"] == 16 and config["num_machines"] == 2
    assert config["deepspeed_config"] == {"deepspeed_config_file": "ds_config.json", "zero3_init_flag": True}
    assert json.loads(files["ds_config.json"])["zero_optimization"]["stage"] == 3


def test_a_plain_multi_gpu_accelerate_config_is_ddp_and_one_card_is_no_distribution() -> None:
    assert accelerate_generic(4, None, deepspeed=False)["distributed_type"] == "MULTI_GPU"
    assert accelerate_generic(1, None, deepspeed=False)["distributed_type"] == "NO"
    fsdp = accelerate_generic(4, 3, deepspeed=False)
    assert fsdp["distributed_type"] == "FSDP" and fsdp["fsdp_config"]["fsdp_sharding_strategy"] == "FULL_SHARD"
    assert list(generic_files(None, 2, "optimizer", accelerate=False, deepspeed=True)) == ["ds_config.json"]


def test_a_llamafactory_yaml_without_a_model_asks_for_it() -> None:
    chat = ChatUser()
    chat.say("发我一份 llamafactory 的配置")
    assert "模型" in chat.text


def test_a_tool_file_for_a_named_job_is_an_export() -> None:
    parsed = parse("deepspeed json for qwen3 14b full fine-tune on 8 h100")
    assert parsed.intent == "export"
    chat = ChatUser()
    reply = chat.say("llamafactory yaml for qwen2.5 7b lora, cutoff_len 3072")
    assert reply.kind == "export" and "cutoff_len: 3072" in chat.text


def test_a_how_to_about_zero_stays_a_question() -> None:
    assert parse("how do i choose a deepspeed zero stage config").intent != "export"
