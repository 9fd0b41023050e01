"""A config asked for in free text carries every setting the user stated, and a setting changed right
after an export hands over the files again with it.

- the attention kernel, micro-batch and gradient accumulation stated ("开 flash attention", "梯度累积 16
  micro batch 1", "with sdpa attention") are written into the files (DeepSpeed's JSON gets the numbers in
  place of "auto") and shown in the reply's summary;
- "deepspeed 配置文件怎么写 32b 全参 八卡" / "how do I write the deepspeed config for …" asks for the file;
- after an export, "rank 改 64", "梯度累积改成 8", "add cpu offload for the optimizer" re-export the same
  job with that setting (the ZeRO stage and everything else kept); a question about the setting
  ("rank 64 有用吗") is still the FAQ's.
"""

from __future__ import annotations

import json

import pytest
import yaml

from tests.chat_user import ChatUser, export_files

ATTENTION = [("给个 llamafactory 配置 qwen2.5 32b qlora cutoff_len 4096 开 flash attention", "fa2", 4096),
             ("导出 llamafactory 配置 qwen3 8b lora 用 sdpa 序列 2048", "sdpa", 2048),
             ("export the llamafactory yaml for qwen3 14b qlora with sdpa attention, seq 4096", "sdpa", 4096),
             ("llamafactory config please: qwen3 8b lora, flash attention on, cutoff_len 8192", "fa2", 8192)]


@pytest.mark.parametrize(("ask", "kernel", "seq"), ATTENTION)
def test_the_attention_kernel_asked_is_written_and_shown(ask: str, kernel: str, seq: int) -> None:
    chat = ChatUser()
    reply = chat.say(ask)
    assert reply.kind == "export", chat.text
    lf = yaml.safe_load(export_files(reply)["llamafactory.yaml"])
    assert (lf["flash_attn"], lf["cutoff_len"]) == (kernel, seq)
    assert f"flash_attn: {kernel}" in chat.text and f"cutoff_len: {seq}" in chat.text


def test_an_attention_kernel_not_asked_is_not_shown() -> None:
    chat = ChatUser()
    reply = chat.say("导出 llamafactory 配置 qwen3 8b lora")
    assert yaml.safe_load(export_files(reply)["llamafactory.yaml"])["flash_attn"] == "fa2"
    assert "flash_attn" not in chat.text


GENERIC_BATCH = [("导出 ds 配置 zero-3 梯度累积 16 micro batch 1", 3, 1, 16),
                 ("ds zero2 配置发我，micro batch 2，梯度累积 8", 2, 2, 8),
                 ("export a deepspeed zero3 json with grad accum 32 and micro batch 4", 3, 4, 32),
                 ("give me a deepspeed zero-2 config, gradient accumulation 4, micro batch size 8", 2, 8, 4)]


@pytest.mark.parametrize(("ask", "stage", "micro", "accum"), GENERIC_BATCH)
def test_a_batch_asked_goes_into_the_deepspeed_json_in_place_of_auto(ask: str, stage: int, micro: int, accum: int) -> None:
    chat = ChatUser()
    reply = chat.say(ask)
    assert reply.kind == "export_generic", chat.text
    body = json.loads(export_files(reply)["ds_config.json"])
    assert body["zero_optimization"]["stage"] == stage
    assert (body["train_micro_batch_size_per_gpu"], body["gradient_accumulation_steps"]) == (micro, accum)
    assert body["train_batch_size"] == "auto"  # the trainer multiplies them by the card count
    assert f'"train_micro_batch_size_per_gpu": {micro}' in chat.text and f'"gradient_accumulation_steps": {accum}' in chat.text


def test_a_batch_not_asked_stays_auto() -> None:
    body = json.loads(export_files(ChatUser().say("导出 ds 配置 zero-3"))["ds_config.json"])
    assert body["train_micro_batch_size_per_gpu"] == "auto" and body["gradient_accumulation_steps"] == "auto"


@pytest.mark.parametrize("ask", ["导出 ds 配置 qwen3 14b 全参 4 卡 a100 zero3 梯度累积 16 micro batch 2",
                                 "export the deepspeed config for qwen3 14b full ft on 4 a100, zero 3, grad accum 16, micro batch 2"])
def test_a_models_deepspeed_json_carries_the_batch_its_yaml_trains_with(ask: str) -> None:
    chat = ChatUser()
    reply = chat.say(ask)
    assert reply.kind == "export", chat.text
    files = export_files(reply)
    body, lf = json.loads(files["ds_config.json"]), yaml.safe_load(files["llamafactory.yaml"])
    assert (body["train_micro_batch_size_per_gpu"], body["gradient_accumulation_steps"]) == (2, 16)
    assert (lf["per_device_train_batch_size"], lf["gradient_accumulation_steps"]) == (2, 16)  # the HF check: they match
    assert '"gradient_accumulation_steps": 16' in chat.text


WRITE_HOW = ["deepspeed 配置文件怎么写 32b 全参 八卡 h100 要 zero3 不 offload",
             "32b 全参 8 卡 h100 zero3，ds 的配置文件该怎么写",
             "llamafactory 的 yaml 如何写 32b 全参 八卡 h100 zero3",
             "how do I write the deepspeed config for 32b full ft on 8 h100, zero 3, no offload",
             "what should the deepspeed json look like for 32b full fine-tuning on 8x h100 with zero3"]


@pytest.mark.parametrize("ask", WRITE_HOW)
def test_how_to_write_a_config_for_a_job_hands_over_the_file(ask: str) -> None:
    chat = ChatUser()
    reply = chat.say(ask)
    assert reply.kind == "export", chat.text
    zero = json.loads(export_files(reply)["ds_config.json"])["zero_optimization"]
    assert zero["stage"] == 3 and "offload_optimizer" not in zero
    assert '"stage": 3' in chat.text


def test_a_question_about_a_config_is_still_a_question() -> None:
    chat = ChatUser()
    assert chat.say("deepspeed 配置文件里 auto 是什么意思").kind != "export", chat.text


def exported(job: str, export: str) -> ChatUser:
    chat = ChatUser()
    chat.say(job)
    assert chat.say(export).kind == "export", chat.text
    return chat


RANK = [("8b lora bf16 a6000", "pls export llamafactory yaml", "rank 改 64", 64),
        ("7b lora 4090", "导出 llamafactory 配置", "lora rank 改成 32", 32),
        ("7b lora on a 4090", "export the llamafactory yaml", "lora rank to 32 please", 32),
        ("7b lora on a 4090", "give me the llamafactory yaml", "set the rank to 128", 128)]


@pytest.mark.parametrize(("job", "export", "change", "rank"), RANK)
def test_a_rank_changed_after_an_export_reexports_with_it(job: str, export: str, change: str, rank: int) -> None:
    chat = exported(job, export)
    reply = chat.say(change)
    assert reply.kind == "export", chat.text
    lf = yaml.safe_load(export_files(reply)["llamafactory.yaml"])
    assert (lf["lora_rank"], lf["lora_alpha"], lf["finetuning_type"]) == (rank, 2 * rank, "lora")
    assert f"lora_rank: {rank}" in chat.text


ACCUM = [("7b lora 4090", "导出 llamafactory 配置", "梯度累积改成 8", 8),
         ("7b lora on a 4090", "export the llamafactory yaml", "set grad accum to 8", 8),
         ("7b lora 4090", "把 llamafactory 配置发我", "梯度累积 16 吧", 16)]


@pytest.mark.parametrize(("job", "export", "change", "accum"), ACCUM)
def test_an_accumulation_changed_after_an_export_reexports_with_it(job: str, export: str, change: str, accum: int) -> None:
    chat = exported(job, export)
    reply = chat.say(change)
    assert reply.kind == "export", chat.text
    lf = yaml.safe_load(export_files(reply)["llamafactory.yaml"])
    assert lf["gradient_accumulation_steps"] == accum and lf["per_device_train_batch_size"] == 1
    assert f"gradient_accumulation_steps: {accum}" in chat.text and "1× RTX 4090" in chat.text


OFFLOAD = [("32b full ft 8x a100 zero3", "export deepspeed config", "add cpu offload for the optimizer"),
           ("32b full ft 8x a100 zero3", "export the deepspeed json", "offload the optimizer to cpu"),
           ("32b 全参 8 卡 a100 zero3", "导出 deepspeed 配置", "优化器 offload 到 cpu"),
           ("32b 全参 8 卡 a100 zero3", "导出 ds 配置", "加上 optimizer cpu offload")]


@pytest.mark.parametrize(("job", "export", "change"), OFFLOAD)
def test_an_offload_added_after_an_export_keeps_zero3(job: str, export: str, change: str) -> None:
    chat = exported(job, export)
    reply = chat.say(change)
    assert reply.kind == "export", chat.text
    zero = json.loads(export_files(reply)["ds_config.json"])["zero_optimization"]
    assert zero["stage"] == 3 and zero["offload_optimizer"]["device"] == "cpu" and "offload_param" not in zero
    assert '"offload_optimizer": {"device": "cpu"}' in chat.text and "8× A100" in chat.text


@pytest.mark.parametrize("ask", ["rank 64 有用吗", "what does a higher rank do?", "梯度累积能省显存吗"])
def test_a_question_about_a_setting_after_an_export_is_the_faqs(ask: str) -> None:
    chat = exported("7b lora 4090", "导出 llamafactory 配置")
    assert chat.say(ask).kind == "faq", chat.text


def test_cpu_offload_is_no_cpu_add_on() -> None:
    from bot.understand.parser import parse
    assert not parse("add cpu offload for the optimizer").price.add_ons
    assert not parse("加 cpu offload").price.add_ons
    assert parse("add more cpus").price.add_ons == {"cpu-16c": 1}
