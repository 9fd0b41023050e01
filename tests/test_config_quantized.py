""""Will this config really quantize?": answered from the file (pasted, or the one just exported), yes or no
first with the deciding line quoted; with no file, the keys that decide it. And a DeepSpeed JSON asked without a
model says what its offload costs, and the LLaMA-Factory line that points at it."""

from __future__ import annotations

import pytest

from bot.understand.config_asked import asks_quantized
from tests.chat_user import ChatUser


def _first(user: ChatUser) -> str:
    return user.text.strip().splitlines()[0]


def test_a_pasted_four_bit_file_says_yes_with_its_line() -> None:
    u = ChatUser()
    r = u.say("帮我看下这份配置到底会不会量化\nmodel_name_or_path: Qwen/Qwen2.5-7B\nstage: sft\nfinetuning_type: lora\n"
              "quantization_bit: 4\nquantization_method: bnb")
    assert r.kind == "config_check"
    assert _first(u).startswith("会") and "quantization_bit: 4" in _first(u)


def test_a_pasted_file_without_the_key_says_no() -> None:
    u = ChatUser()
    r = u.say("is this thing actually quantized?\nfinetuning_type: lora\nstage: sft\ncutoff_len: 4096\nbf16: true")
    assert r.kind == "config_check"
    assert _first(u).startswith("No") and "quantization_bit" in _first(u) and "bf16" in _first(u)


def test_an_eight_bit_file_is_not_qlora() -> None:
    u = ChatUser()
    u.say("qlora or regular lora in this one?\nstage: sft\nfinetuning_type: lora\nlora_target: all\nquantization_bit: 8")
    assert _first(u).startswith("No") and "quantization_bit: 8" in _first(u) and "4-bit" in _first(u)


def test_after_a_qlora_export_the_exported_file_answers() -> None:
    u = ChatUser()
    u.say("qwen2.5 7b qlora 3090")
    u.say("导出 llamafactory 配置")
    r = u.say("导出来的这个真的是 4bit 吗")
    assert r.kind == "config_check"
    assert _first(u).startswith("会") and "llamafactory.yaml" in _first(u) and "quantization_bit: 4" in _first(u)


def test_after_a_lora_export_it_does_not_quantize() -> None:
    u = ChatUser()
    u.say("llama3 8b lora on an a100")
    u.say("give me the llamafactory yaml")
    r = u.say("does it actually quantize the base model?")
    assert r.kind == "config_check"
    assert _first(u).startswith("No") and "quantization_bit" in _first(u)


def test_after_a_sizing_the_job_answers() -> None:
    u = ChatUser()
    u.say("qwen3 14b qlora 单卡 4090 够吗")
    r = u.say("这个会不会真的量化成 4bit")
    assert r.kind == "config_check" and _first(u).startswith("会")


def test_with_no_file_the_deciding_keys_are_named() -> None:
    u = ChatUser()
    r = u.say("这个配置会不会量化")
    assert r.kind == "config_check" and "quantization_bit" in u.text and "load_in_4bit" in u.text


@pytest.mark.parametrize("text", ["QLoRA 4bit 会不会让效果变差", "does 4-bit quantization hurt quality?",
                                  "qwen3-8b qlora on a 4090?", "14b 4bit 要多少显存"])
def test_what_four_bit_costs_is_not_this_question(text: str) -> None:
    assert not asks_quantized(text)


def test_an_offloading_deepspeed_file_leads_with_what_it_costs() -> None:
    u = ChatUser()
    r = u.say("zero3 开 cpu offload 的 deepspeed json 给一份，会慢很多吗")
    assert r.kind == "export_generic"
    assert "20–50%" in "\n".join(u.text.splitlines()[:3])


@pytest.mark.parametrize("text", ["deepspeed zero-2 json for my llamafactory yaml please", "llamafactory 用 zero2 的 deepspeed 配置给我一份"])
def test_the_llamafactory_line_pointing_at_the_json_is_given(text: str) -> None:
    u = ChatUser()
    u.say(text)
    assert "deepspeed: ds_config.json" in u.text
