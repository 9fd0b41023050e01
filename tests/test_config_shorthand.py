"""A config asked in engineers' shorthand ("accelerate cfg", "ds conf", "cfg pls", "send the json", "发个 yaml"),
alone after a sizing or with the job in the same message, is an export of that job's files; a command said
with a courtesy in a Chinese conversation ("export config pls llamafactory") keeps the reply Chinese
(issue 18 items 1 and 5; blind 52 and 54, session 22)."""

from __future__ import annotations

import json

import pytest
import yaml

from bot.core.settings import message_lang
from bot.understand.parser import parse
from tests.chat_user import ChatUser


@pytest.mark.parametrize("text", [
    "accelerate cfg 8 卡 ds z3 14b fft",
    "14b 全参 8 卡 zero3 accelerate conf",
    "ds cfg 32b fft 8x a100",
    "deepspeed cfg for 32b full on 8 h100",
    "llamafactory 7b lora cfg pls",
])
def test_a_config_named_in_shorthand_beside_its_job_is_an_export(text: str) -> None:
    assert parse(text).asks.export, text


@pytest.mark.parametrize("text", ["ds cfg 里 stage 是什么意思", "what does the accelerate cfg num_processes mean"])
def test_a_question_about_a_shorthand_config_is_no_export(text: str) -> None:
    assert not parse(text).asks.export, text


@pytest.mark.parametrize("ask", ["cfg", "conf", "cfg pls", "send the json", "send me the yaml", "ds config",
                                 "配置文件", "给个配置", "发个 yaml", "配置发我"])
def test_a_shorthand_config_after_a_sizing_exports_the_job_sized(ask: str) -> None:
    me = ChatUser()
    me.say("32b fft 8x h100 z3")
    me.say("够吗" if any("\u4e00" <= c <= "\u9fff" for c in ask) else "fits?")
    reply = me.say(ask)
    assert reply.kind == "export", me.text
    files = dict(reply.files or [])
    assert json.loads(files["ds_config.json"].decode())["zero_optimization"]["stage"] == 3, ask
    assert "8× H100" in me.text, me.text


def test_accelerate_shorthand_with_its_job_writes_eight_processes() -> None:
    me = ChatUser()
    reply = me.say("accelerate cfg 8 卡 ds z3 14b fft")
    assert reply.kind == "export" and reply.lang == "zh", me.text
    files = dict(reply.files or [])
    accelerate = next(yaml.safe_load(body.decode()) for name, body in files.items() if name.startswith("accelerate"))
    assert accelerate["num_processes"] == 8
    assert json.loads(files["ds_config.json"].decode())["zero_optimization"]["stage"] == 3


@pytest.mark.parametrize("text", ["export config pls llamafactory", "yaml please", "cfg pls", "export pls",
                                  "deepspeed config pls"])
def test_a_command_with_a_courtesy_carries_no_language(text: str) -> None:
    assert message_lang(text) is None, text


@pytest.mark.parametrize("ask", ["export config pls llamafactory", "yaml please", "cfg pls"])
def test_a_short_ascii_command_in_a_chinese_conversation_is_answered_in_chinese(ask: str) -> None:
    me = ChatUser()
    me.say("有人在吗 想问几个问题")
    me.say("qwen3 8b qlora 4090")
    reply = me.say(ask)
    assert reply.kind == "export" and reply.lang == "zh", me.text
    assert "12.3 GB / 24 GB" in me.text, me.text


def test_an_english_sentence_asking_the_config_still_switches_to_english() -> None:
    me = ChatUser()
    me.say("qwen3 8b qlora 4090 够吗")
    reply = me.say("can you export the config please")
    assert reply.kind == "export" and reply.lang == "en", me.text
