"""After a framework file exported with no model ("导出 deepspeed 配置 zero3"), a setting changed ("加 offload",
"switch to zero2", "改成 8 卡") hands over that file again with the change and the rest kept; a question about the
setting ("offload 有什么用") is still the FAQ's, and a model named next gets that job's files with the settings
before (issue 18 K/5: a change after any export re-exports, with or without a model)."""

from __future__ import annotations

import json

import pytest
import yaml

from bot.messages import Reply
from tests.chat_user import ChatUser


def ds(reply: Reply) -> dict[str, object]:
    return dict(json.loads(dict(reply.files)["ds_config.json"].decode()))


def after(export: str, change: str, greeting: str | None = None) -> tuple[Reply, ChatUser]:
    chat = ChatUser()
    if greeting:
        chat.say(greeting)
    assert chat.say(export).kind == "export_generic", chat.text
    return chat.say(change), chat


OFFLOAD = [("导出 deepspeed 配置 zero3", "加 offload", None),
           ("导出 deepspeed 配置 zero3", "加 offload", "各位 问个事"),
           ("deepspeed 的配置导出一份 zero3", "offload 也开上", None),
           ("export deepspeed config zero3", "add offload", None),
           ("give me a deepspeed json, zero 3", "add cpu offload", "hey team")]


@pytest.mark.parametrize(("export", "change", "greeting"), OFFLOAD)
def test_offload_after_a_generic_deepspeed_export_is_the_file_again_with_offload(export: str, change: str, greeting: str | None) -> None:
    reply, chat = after(export, change, greeting)
    assert reply.kind == "export_generic", chat.text
    zero = ds(reply)["zero_optimization"]
    assert isinstance(zero, dict)
    assert zero["stage"] == 3 and zero["offload_optimizer"]["device"] == "cpu"  # type: ignore[index]


@pytest.mark.parametrize(("export", "change", "stage"), [("导出 deepspeed 配置", "改成 zero2", 2),
                                                          ("give me the deepspeed json for zero2", "switch to zero3", 3),
                                                          ("导出 deepspeed 配置 zero2", "换成 zero3 吧", 3)])
def test_a_stage_changed_after_a_generic_export_is_that_stage(export: str, change: str, stage: int) -> None:
    reply, chat = after(export, change)
    assert reply.kind == "export_generic", chat.text
    zero = ds(reply)["zero_optimization"]
    assert isinstance(zero, dict) and zero["stage"] == stage


def test_a_card_count_changed_after_a_generic_accelerate_export_is_that_count() -> None:
    reply, chat = after("出一份 4 卡的 accelerate config", "改成 8 卡")
    assert reply.kind == "export_generic", chat.text
    assert yaml.safe_load(dict(reply.files)["accelerate_config.yaml"].decode())["num_processes"] == 8


@pytest.mark.parametrize(("export", "question"), [("导出 deepspeed 配置 zero3", "offload 有什么用"),
                                                   ("export deepspeed config zero3", "what does offload cost in speed?")])
def test_a_question_about_the_setting_stays_the_faq(export: str, question: str) -> None:
    reply, chat = after(export, question)
    assert reply.kind == "faq", chat.text
    assert "20–50%" in chat.text


def test_a_model_named_after_a_generic_export_is_that_jobs_files_with_the_stage_kept() -> None:
    reply, chat = after("导出 deepspeed 配置 zero3", "那 qwen3 8b 全参的呢")
    assert reply.kind == "export", chat.text
    zero = ds(reply)["zero_optimization"]
    assert isinstance(zero, dict) and zero["stage"] == 3
