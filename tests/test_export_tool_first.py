"""A config asked as the tool first and its file last, the job between ("llamafactory 14b lora config"): an export
of that job's files, not a sizing; a setting changed after it ("batch 改 4 再导") re-exports with the change. A
question about a config ("…的配置怎么改") stays a question (blind 46, session 19)."""

from __future__ import annotations

import pytest
import yaml

from bot.understand.parser import parse
from tests.chat_user import ChatUser


@pytest.mark.parametrize("text", [
    "llamafactory 14b lora config",
    "llama-factory qwen3 8b qlora yaml",
    "deepspeed 8 卡 zero3 json",
    "accelerate 单机 8 卡 config pls",
    "llamafactory 7b 全参 配置文件",
])
def test_tool_then_job_then_file_is_an_export(text: str) -> None:
    assert parse(text).asks.export, text


@pytest.mark.parametrize("text", ["llamafactory 14b lora 的配置怎么改", "deepspeed 8 卡 zero3 json 里 auto 是什么意思",
                                  "llamafactory 14b lora config, which template?"])
def test_a_question_about_the_config_is_no_export(text: str) -> None:
    assert not parse(text).asks.export, text


@pytest.mark.parametrize(("turns", "batch"), [
    (("llamafactory 14b lora config", "batch 改 4 再导"), 4),
    (("梯度累积 省 vram 吗", "llamafactory 14b lora config", "batch 改 2 再导一份"), 2),
])
def test_the_files_exported_then_changed_keep_the_change(turns: tuple[str, ...], batch: int) -> None:
    me = ChatUser()
    for turn in turns:
        reply = me.say(turn)
    assert reply.kind == "export", me.text
    config = yaml.safe_load(dict(reply.files or [])["llamafactory.yaml"].decode())
    assert config["per_device_train_batch_size"] == batch and config["finetuning_type"] == "lora"
