"""A config asked for in free text with its options ("accelerate 的配置 4 卡 bf16", "deepspeed zero3 config
for 8 gpus fp16") carries them into the files, and the reply's summary shows the settings asked about
(card count, mixed precision, ZeRO stage) for the framework named; after a sizing ("给个 accelerate
config") the summary is that framework's, at the sizing's card count. A question about a config is not
a request for one."""

from __future__ import annotations

import json

import pytest
import yaml

from tests.chat_user import ChatUser, export_files

ACCELERATE = [("帮我生成 accelerate 的配置 4 卡 bf16", 4, "bf16"), ("accelerate config 8 卡 fp16", 8, "fp16"),
              ("给我一份 accelerate 配置，2 卡，fp16", 2, "fp16"), ("generate an accelerate config for 4 gpus with bf16", 4, "bf16"),
              ("accelerate config for 8 gpus fp16", 8, "fp16"), ("出个 accelerate 配置 两张卡 不用混合精度", 2, "no")]


@pytest.mark.parametrize(("ask", "n", "precision"), ACCELERATE)
def test_an_accelerate_config_carries_the_count_and_precision_asked(ask: str, n: int, precision: str) -> None:
    chat = ChatUser()
    reply = chat.say(ask)
    assert reply.kind == "export_generic", chat.text
    config = yaml.safe_load(export_files(reply)["accelerate_config.yaml"])
    assert config["num_processes"] == n and config["mixed_precision"] == precision
    summary = next(line for line in chat.lines if "num_processes" in line)
    assert f"num_processes: {n}" in summary and f"mixed_precision: {precision}" in summary, chat.text


DEEPSPEED = [("deepspeed zero3 config for 8 gpus fp16", 3, "fp16"), ("ds zero2 配置 bf16 发我", 2, "bf16"),
             ("给个 deepspeed zero-3 的配置 fp16", 3, "fp16"), ("give me a deepspeed zero2 config, bf16", 2, "bf16")]


@pytest.mark.parametrize(("ask", "stage", "precision"), DEEPSPEED)
def test_a_deepspeed_config_carries_the_stage_and_precision_asked(ask: str, stage: int, precision: str) -> None:
    chat = ChatUser()
    reply = chat.say(ask)
    assert reply.kind == "export_generic", chat.text
    body = json.loads(export_files(reply)["ds_config.json"])
    other = "bf16" if precision == "fp16" else "fp16"
    assert body["zero_optimization"]["stage"] == stage
    assert body[precision]["enabled"] is True and body[other]["enabled"] is False
    assert f'"stage": {stage}' in chat.text and f'"{precision}": {{"enabled": true}}' in chat.text


def test_without_a_precision_the_trainer_still_fills_it() -> None:
    chat = ChatUser()
    reply = chat.say("deepspeed zero3 config for 8 gpus")
    body = json.loads(export_files(reply)["ds_config.json"])
    assert body["fp16"]["enabled"] == "auto" and body["bf16"]["enabled"] == "auto"
    assert "enabled" not in chat.text  # "auto" says nothing in the summary


@pytest.mark.parametrize(("ask", "lang"), [("给个 accelerate config", "zh"), ("accelerate 配置发我", "zh"),
                                           ("give me the accelerate config", "en"), ("send me an accelerate config", "en")])
def test_an_accelerate_config_after_a_sizing_shows_its_card_count(ask: str, lang: str) -> None:
    chat = ChatUser(lang=lang)
    chat.say("14b 全参 4 卡 a100 80g 行吗")
    reply = chat.say(ask)
    assert reply.kind == "export", chat.text
    summary = next(line for line in chat.lines if "num_processes" in line)
    assert "num_processes: 4" in summary and "mixed_precision: bf16" in summary, chat.text
    assert "finetuning_type" not in summary  # the framework asked about, not LLaMA-Factory's keys


@pytest.mark.parametrize("ask", ["给个 accelerate config，fp16", "accelerate config in fp16 please"])
def test_a_precision_asked_after_a_sizing_goes_into_every_file(ask: str) -> None:
    chat = ChatUser()
    chat.say("14b 全参 4 卡 a100 80g 行吗")
    reply = chat.say(ask)
    files = export_files(reply)
    assert yaml.safe_load(files["accelerate_fsdp.yaml"])["mixed_precision"] == "fp16"
    lf = yaml.safe_load(files["llamafactory.yaml"])
    assert lf["fp16"] is True and lf["bf16"] is False
    assert json.loads(files["ds_config.json"])["fp16"]["enabled"] is True
    assert "mixed_precision: fp16" in chat.text


@pytest.mark.parametrize("ask", ["LLaMA-Factory config 从 QLoRA 改成 16-bit LoRA，要改哪一行",
                                 "deepspeed config 里 auto 是什么意思", "accelerate config what does num_machines mean"])
def test_a_question_about_a_config_is_not_an_export(ask: str) -> None:
    chat = ChatUser()
    assert chat.say(ask).kind not in ("export", "export_generic"), chat.text


def test_the_export_command_takes_the_same_options_and_keeps_its_summary_short() -> None:
    chat = ChatUser()
    reply = chat.say("/export 14b full 4卡 a100 fp16")
    lf = yaml.safe_load(export_files(reply)["llamafactory.yaml"])
    assert lf["fp16"] is True and lf["bf16"] is False
    summary = next(line for line in chat.lines if "finetuning_type" in line)
    assert "fp16: true" in summary and "num_processes" not in chat.text  # accelerate was not asked about
    assert '"fp16": {"enabled": true}' in chat.text  # the DeepSpeed JSON's own line, in its own syntax
