"""A short message that only states settings of the job just sized ("fp16, no 4-bit", "我的意思是 bf16 不用量化", "with
the 8-bit optimizer i mean") changes that job and sizes it again with them, the settings named back; the correction
word may open or close it. A question of its own about a setting stays the FAQ's. An export asked with the 8-bit
optimizer says where that option goes: the trainer's `optim`, not a DeepSpeed key."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand.corrections import opening
from bot.understand.quant_said import quantized
from tests.chat_user import ChatUser


def _after(first: str, then: str) -> tuple[object, str]:
    chat = ChatUser()
    chat.say(first)
    reply = chat.say(then)
    return reply, chat.text


@pytest.mark.parametrize(("then", "named"), [
    ("fp16, not quantized, i mean", "bf16/fp16 mixed precision"),
    ("I meant bf16 without quantization", "bf16/fp16 mixed precision"),
    ("sorry, no 4-bit, bf16", "bf16/fp16 mixed precision"),
    ("unquantized bf16 is what i meant", "bf16/fp16 mixed precision"),
])
def test_a_qlora_job_said_unquantized_is_the_16_bit_lora_sized_again_en(then: str, named: str) -> None:
    # 14B on one 24 GB RTX 4090: QLoRA is tight at 16.5 GB; the 16-bit LoRA needs 38.3 GB (Qwen2.5-14B) and does not fit
    reply, text = _after("qwen2.5 14b qlora, single rtx 4090 enough?", then)
    assert reply.kind == "sizing"
    lead = text.splitlines()[0]
    assert "14B LoRA" in lead and "4090" in lead and "38.3 GB" in lead and "QLoRA" not in lead
    assert named in text


@pytest.mark.parametrize("then", ["我的意思是 fp16 不用量化", "bf16 不量化 我是说", "不量化的 bf16 lora", "我是说 半精度 不要4bit"])
def test_a_qlora_job_said_unquantized_is_the_16_bit_lora_sized_again_zh(then: str) -> None:
    reply, text = _after("qwen2.5 14b qlora 一张 4090 装得下吗", then)
    assert reply.kind == "sizing"
    lead = text.splitlines()[0]
    assert "14B LoRA" in lead and "4090" in lead and "38.3 GB" in lead and "QLoRA" not in lead


@pytest.mark.parametrize(("first", "then"), [
    ("7b lora on an rtx 3090, fits?", "bf16 and not quantized, i mean"),
    ("7b lora 一张 3090 够不够", "我是说 bf16 不量化的"),
])
def test_a_lora_job_keeps_its_card_and_method_with_the_precision_named_back(first: str, then: str) -> None:
    plain, _ = _after(first, "bf16")
    reply, text = _after(first, then)
    assert reply.kind == "sizing" and "3090" in text.splitlines()[0] and "7B LoRA" in text.splitlines()[0]
    assert reply.data["v"]["total_gb"] == plain.data["v"]["total_gb"]  # the same job, sized as "bf16" alone sizes it
    assert "bf16/fp16" in text


def test_the_8_bit_optimizer_said_with_a_closing_correction_changes_the_full_job() -> None:
    reply, text = _after("llama 8b full fine-tune on one h100, enough?", "with the 8-bit optimizer i mean")
    assert reply.kind == "sizing" and "8-bit optimizer" in text and "H100" in text.splitlines()[0]


@pytest.mark.parametrize("then", ["bf16 和 fp16 哪个好", "why does fp16 give NaN losses?", "is qlora quantized?", "会量化吗"])
def test_a_question_about_a_setting_is_no_change_of_the_job(then: str) -> None:
    _, text = _after("qwen2.5 14b qlora 一张 4090 装得下吗", then)
    assert "38.3 GB" not in text and "14B LoRA" not in text  # never the job re-sized as a 16-bit LoRA


def test_the_quantized_base_is_read_refused_or_named() -> None:
    assert quantized("bf16 not quantized") is False
    assert quantized("不量化的 bf16 lora") is False
    assert quantized("no 4-bit") is False
    assert quantized("non-quantized") is False
    assert quantized("量化的呢") is True
    assert quantized("4bit") is True
    assert quantized("bf16") is None


PRECISION = ["bf16", "fp16", "BF16", "半精度"]
UNQUANT = ["not quantized", "no 4-bit", "unquantized", "不量化", "不用量化", "without quantization", "不要 4bit"]
OPENERS = ["i mean", "I meant", "我是说", "我的意思是", "sorry i mean", "不对 我是说"]
CLOSERS = ["i mean", "i meant", "我是说", "is what i meant", "我的意思是"]
GLUE = [" ", ", ", "，", " 的 ", " and "]


@settings(max_examples=40, deadline=None)
@given(precision=st.sampled_from(PRECISION), unquant=st.sampled_from(UNQUANT), glue=st.sampled_from(GLUE),
       swap=st.booleans(), where=st.sampled_from(["open", "close", "none"]),
       opener=st.sampled_from(OPENERS), closer=st.sampled_from(CLOSERS))
def test_settings_in_any_order_with_any_correction_word_resize_the_job(precision: str, unquant: str, glue: str, swap: bool,
                                                                       where: str, opener: str, closer: str) -> None:
    body = glue.join([unquant, precision] if swap else [precision, unquant])
    then = f"{opener} {body}" if where == "open" else f"{body} {closer}" if where == "close" else body
    if where != "none":
        assert opening(then)[1], then  # the correction word taken out: a change of the last job
    reply, text = _after("qwen2.5 14b qlora, single rtx 4090 enough?", then)
    assert reply.kind == "sizing", then
    assert reply.data["v"]["method"] == "lora" and reply.data["v"]["total_gb"] == pytest.approx(38.3, abs=0.05), then
    assert "4090" in text.splitlines()[0], then


@pytest.mark.parametrize(("msg", "lines"), [
    ("can you export a deepspeed json with an 8 bit adam optimizer", ["optim: adamw_bnb_8bit", "bitsandbytes", "ds_config.json"]),
    ("给我一份 zero3 的 deepspeed 配置 要 8bit adam", ["optim: adamw_bnb_8bit", "bitsandbytes", "ds_config.json", "不是 DeepSpeed"]),
])
def test_an_export_with_the_8_bit_optimizer_says_it_is_the_trainers_optim(msg: str, lines: list[str]) -> None:
    chat = ChatUser()
    reply = chat.say(msg)
    assert reply.kind == "export_generic"
    assert all(x in chat.text for x in lines)
    assert [name for name, _ in reply.files] == ["ds_config.json"]
    assert b"8bit" not in reply.files[0][1]  # never a made-up DeepSpeed key


@pytest.mark.parametrize(("msg", "said"), [
    ("export the deepspeed config for llama 8b full fine-tune with 8-bit adam", "written in llamafactory.yaml as optim: adamw_bnb_8bit"),
    ("导出 llama 8b 全参 的 deepspeed 配置，用 8bit 优化器", "已写进 llamafactory.yaml：optim: adamw_bnb_8bit"),
])
def test_with_a_model_the_llamafactory_yaml_carries_the_8_bit_optimizer(msg: str, said: str) -> None:
    chat = ChatUser()
    reply = chat.say(msg)
    files = dict(reply.files)
    assert reply.kind == "export" and said in chat.text
    assert b"optim: adamw_bnb_8bit" in files["llamafactory.yaml"] and b"8bit" not in files["ds_config.json"]


def test_an_export_without_the_optimizer_says_nothing_of_it() -> None:
    chat = ChatUser()
    chat.say("zero2 deepspeed json for 4 gpus")
    assert "bitsandbytes" not in chat.text
