"""A bare change right after an export hands over the files again with only that change (issue 18, round 2e):
"now make it 16-bit lora" / "改成 16 位 lora" after a QLoRA yaml is the LoRA yaml without quantization_bit
("16-bit" and "16 位" name a precision, never 16 cards), and "make it 4 cards" / "bump it to four gpus" /
"换成四张卡" after an accelerate config is that config with num_processes 4."""

from __future__ import annotations

import pytest
import yaml

from bot.understand.parser import parse
from tests.chat_user import ChatUser


def files_after(*messages: str) -> dict[str, dict[str, object]]:
    chat = ChatUser()
    reply = None
    for message in messages:
        reply = chat.say(message)
    assert reply is not None
    return {n: yaml.safe_load(b.decode()) for n, b in dict(reply.files or []).items() if n.endswith(".yaml")}


@pytest.mark.parametrize("change", ["now make it 16-bit lora", "ok switch it to 16-bit LoRA then", "改成 16 位 lora",
                                    "换成16位的lora吧"])
def test_sixteen_bit_lora_after_a_qlora_yaml_is_the_lora_yaml_on_the_same_card(change: str) -> None:
    files = files_after("8b qlora 4090", "llamafactory yaml pls", change)
    config = files["llamafactory.yaml"]
    assert config["finetuning_type"] == "lora"
    assert "quantization_bit" not in config
    assert files["accelerate_fsdp.yaml"]["num_processes"] == 1  # still the one card, not 16


@pytest.mark.parametrize("text", ["make it 16-bit lora", "改成 16 位 lora", "改成16位lora"])
def test_a_bit_width_after_a_correction_word_is_no_card_count(text: str) -> None:
    assert parse(text).request.num_gpus is None


@pytest.mark.parametrize("change", ["make it 4 cards", "bump it to four gpus", "use 4 cards instead", "换成四张卡", "改成 4 卡"])
def test_a_card_count_after_an_accelerate_export_is_that_config_with_the_count(change: str) -> None:
    files = files_after("two 4090s 8b qlora", "export accelerate config", change)
    assert files["accelerate_fsdp.yaml"]["num_processes"] == 4
    assert files["llamafactory.yaml"]["quantization_bit"] == 4
