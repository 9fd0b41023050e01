"""Every follow-up to an export changes only what it names and keeps every setting before (issue 18 item 5,
class K): the stage, the card count, the sequence length, rank, batch, accumulation, precision, checkpointing
and optimizer all stay in the files handed over, read from free text in both languages ("累积 16",
"grad accum=16", "set cutoff to 8192", "no grad ckpt", "关掉梯度检查点", "4 卡", "4 gpus", "and fp16").
The files themselves are parsed here: what counts is the value the trainer reads."""

from __future__ import annotations

import json

import pytest
import yaml

from bot.messages import Reply
from bot.understand.parser import parse
from tests.chat_user import ChatUser


def files_of(reply: Reply) -> dict[str, dict[str, object]]:
    out: dict[str, dict[str, object]] = {}
    for name, body in dict(reply.files or []).items():
        if name.endswith(".json") and name.startswith("ds_"):
            out[name] = json.loads(body.decode())
        elif name.endswith(".yaml"):
            out[name] = yaml.safe_load(body.decode())
    return out


def talk(*messages: str) -> tuple[Reply, ChatUser]:
    chat = ChatUser()
    reply = None
    for message in messages:
        reply = chat.say(message)
    assert reply is not None
    return reply, chat


GC_OFF = ["llamafactory yaml, qwen3 8b lora, no grad ckpt",
          "导出 llamafactory 配置 qwen3 8b lora，关掉梯度检查点",
          "qwen3 14b qlora 的 llamafactory yaml，梯度检查点关了",
          "give me the llamafactory config: qwen3 14b qlora, gradient checkpointing off"]


@pytest.mark.parametrize("message", GC_OFF)
def test_checkpointing_turned_off_in_the_export_is_in_the_yaml_and_its_summary(message: str) -> None:
    reply, chat = talk(message)
    assert reply.kind == "export", chat.text
    assert files_of(reply)["llamafactory.yaml"]["disable_gradient_checkpointing"] is True
    assert "disable_gradient_checkpointing: true" in chat.text  # the summary shows what the file says


CHAINS = [  # (messages, llamafactory.yaml keys expected at the end, whether the DeepSpeed file stays)
    (("give me the llamafactory config for qwen3 8b lora", "grad accum=16", "set cutoff to 4096"),
     {"gradient_accumulation_steps": 16, "cutoff_len": 4096}, False),
    (("导出 llamafactory 配置 qwen3 14b lora", "加上 zero3", "累积改成 8", "cutoff 改成 8192"),
     {"gradient_accumulation_steps": 8, "cutoff_len": 8192}, True),
    (("give me the llamafactory yaml for qwen3 14b lora", "now with zero3", "set cutoff to 8192"),
     {"cutoff_len": 8192}, True),
    (("llamafactory yaml for 7b full ft on one h100", "use 8bit adam", "no grad ckpt"),
     {"optim": "adamw_bnb_8bit", "disable_gradient_checkpointing": True}, True),
    (("export llamafactory config qwen3 8b qlora", "bs 4 accum 8", "rank 64"),
     {"per_device_train_batch_size": 4, "gradient_accumulation_steps": 8, "lora_rank": 64}, False),
    (("llamafactory 配置 32b qlora a6000", "cutoff 改成 4096", "batch 改 2 累积 16"),
     {"cutoff_len": 4096, "per_device_train_batch_size": 2, "gradient_accumulation_steps": 16}, False),
]


@pytest.mark.parametrize(("messages", "expected", "deepspeed"), CHAINS)
def test_each_change_after_a_model_export_keeps_the_settings_before(messages: tuple[str, ...], expected: dict[str, object],
                                                                    deepspeed: bool) -> None:
    reply, chat = talk(*messages)
    assert reply.kind == "export", chat.text
    files = files_of(reply)
    lf = files["llamafactory.yaml"]
    assert {k: lf[k] for k in expected} == expected, chat.text
    if deepspeed:
        assert lf["deepspeed"] == "ds_config.json"
        assert files["ds_config.json"]["zero_optimization"]["stage"] == 3  # type: ignore[index]
    shown = [f"{k}: {str(v).lower()}" for k, v in expected.items()]
    assert all(s in chat.text for s in shown), chat.text  # the summary names each setting kept


def test_zero3_named_after_a_llamafactory_export_keeps_the_yaml_in_the_summary() -> None:
    _, chat = talk("give me the llamafactory yaml for qwen3 14b lora", "now with zero3")
    assert "llamafactory.yaml" in chat.text and "cutoff_len: 2048" in chat.text and '"stage": 3' in chat.text


GENERIC = [  # (messages, accelerate keys, ZeRO stage of the DeepSpeed file or None for none)
    (("accelerate config for 8 gpus, zero2", "switch to zero3", "and bf16 on"),
     {"num_processes": 8, "mixed_precision": "bf16", "distributed_type": "DEEPSPEED"}, 3),
    (("accelerate 配置 单机 8 卡", "改成 deepspeed zero3", "再改成 4 卡"),
     {"num_processes": 4, "distributed_type": "DEEPSPEED"}, 3),
    (("帮忙导一份 accelerate 的配置，8 张卡", "换 deepspeed zero3 吧", "改用 fp16", "再改成 2 卡"),
     {"num_processes": 2, "mixed_precision": "fp16", "distributed_type": "DEEPSPEED"}, 3),
    (("accelerate config, 8 gpus", "use deepspeed zero2", "now 4 gpus"),
     {"num_processes": 4, "distributed_type": "DEEPSPEED"}, 2),
    (("出一份 accelerate 配置 4 卡 fp16", "改成 8 卡"), {"num_processes": 8, "mixed_precision": "fp16"}, None),
    (("accelerate config for 4 gpus with zero3", "fp16 instead", "make it 8 gpus"),
     {"num_processes": 8, "mixed_precision": "fp16"}, 3),
]


@pytest.mark.parametrize(("messages", "expected", "stage"), GENERIC)
def test_each_change_after_a_framework_export_keeps_the_count_stage_and_precision(
        messages: tuple[str, ...], expected: dict[str, object], stage: int | None) -> None:
    reply, chat = talk(*messages)
    assert reply.kind == "export_generic", chat.text
    files = files_of(reply)
    acc = files["accelerate_config.yaml"]
    expected = dict(expected)
    precision = expected.pop("mixed_precision", None)
    assert {k: acc[k] for k in expected} == expected, chat.text
    if precision is not None and acc["distributed_type"] == "DEEPSPEED":
        # accelerate refuses mixed_precision beside deepspeed_config_file: the JSON holds it (r1e)
        assert "mixed_precision" not in acc and files["ds_config.json"][precision]["enabled"] is True  # type: ignore[index]
    elif precision is not None:
        assert acc["mixed_precision"] == precision, chat.text
    if stage is not None:
        assert files["ds_config.json"]["zero_optimization"]["stage"] == stage  # type: ignore[index]


@pytest.mark.parametrize(("text", "length"), [("set cutoff to 8192", 8192), ("cutoff_len -> 4096", 4096),
                                              ("seq len to 16k", 16384), ("cutoff 改成 4096", 4096)])
def test_a_sequence_length_set_to_a_value_is_read(text: str, length: int) -> None:
    assert parse(text).request.seq_len == length


@pytest.mark.parametrize("question", ["bf16 还是 fp16", "bf16 or fp16 for this"])
def test_two_precisions_set_against_each_other_after_a_framework_export_are_a_question(question: str) -> None:
    reply, chat = talk("accelerate config for 8 gpus, zero2", question)
    assert reply.kind != "export_generic", chat.text
