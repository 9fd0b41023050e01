"""A config file asked for with the give verb after it ("accelerate 的 config 能导一份吗", "deepspeed 配置能出一份不",
"llamafactory 的 yaml 可以发一份吗") is an export of the job named beside it: the files come back with the card count in
them (num_processes 2 for two cards), not a FAQ entry and a sizing. A question about a config stays a question."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import ChatUser


@pytest.mark.parametrize(("text", "tool"), [
    ("accelerate 配置可以导一份不？8b lora，两张 a100", "accelerate"),
    ("deepspeed 的配置能出一份吗？14b 全参 8 卡 h100", "deepspeed"),
    ("llamafactory 的 yaml 能发一份吗 7b qlora 一张 4090", "llamafactory"),
])
def test_config_with_the_give_verb_after_it_is_an_export(text: str, tool: str) -> None:
    p = parse(text)
    assert p.intent == "export" and tool in p.asks.tools, (p.intent, p.asks.tools)


def test_exported_accelerate_file_has_the_card_count() -> None:
    u = ChatUser()
    u.say("accelerate 配置可以导一份不？8b lora，两张 a100")
    assert "num_processes: 2" in u.text, u.text


def test_a_question_about_a_config_is_not_an_export() -> None:
    assert parse("deepspeed 配置里的 auto 能改吗").intent != "export"
