"""An export reply shows the files' decisive content in the files' own syntax (the DeepSpeed JSON's
zero_optimization stage and offload as JSON, LLaMA-Factory's keys as YAML lines), and every option
the message states is written into the files: a ZeRO stage that only may fit stays that stage (with
the risk said), an 8-bit optimizer at seed 000's one-card minimum stays (never swapped for an
offload plan the 8-bit optimizer cannot run with), "cutoff 4096" / "截断长度 4096" is cutoff_len, and a
DeepSpeed plan on one card launches under torchrun (LLaMA-Factory refuses DeepSpeed in a plain
process), so the files do what their header says."""

from __future__ import annotations

import json

import pytest
import yaml

from tests.chat_user import ChatUser, export_files


@pytest.mark.parametrize("ask", [
    "帮我把 qwen3 32b 全参 8 张 h100 的 deepspeed json 导出来",
    "deepspeed config for qwen2.5 72b full fine-tune on 8 h100 with offload, please send it",
    "14b 全参 4 张 a100 的 ds 配置发我",
    "send me the ds json for a 7b full finetune on 4x a100 80g zero2",
])
def test_the_reply_quotes_the_deepspeed_json_it_attached(ask: str) -> None:
    chat = ChatUser()
    reply = chat.say(ask)
    assert reply.kind == "export", chat.text
    zero = json.loads(export_files(reply)["ds_config.json"])["zero_optimization"]
    quoted: dict[str, object] = {"stage": zero["stage"]}
    if "offload_optimizer" in zero:
        quoted["offload_optimizer"] = {"device": zero["offload_optimizer"]["device"]}
    assert json.dumps({"zero_optimization": quoted}) in chat.text
    assert len([line for line in chat.text.splitlines() if line.strip()]) <= 15


@pytest.mark.parametrize(("ask", "stage"), [
    ("8b lora 8 张 4090 用 zero2，deepspeed 配置导出一下", 2),
    ("export a zero-2 deepspeed config for llama 3.1 8b lora across 8 rtx 4090", 2),
])
def test_a_stated_stage_that_may_fit_is_kept_and_called_tight(ask: str, stage: int) -> None:
    chat = ChatUser()
    reply = chat.say(ask)
    assert json.loads(export_files(reply)["ds_config.json"])["zero_optimization"]["stage"] == stage
    assert f'"stage": {stage}' in chat.text
    assert any(word in chat.text for word in ("偏紧", "tight")), chat.text


@pytest.mark.parametrize("ask", [
    "7b 全参 单张 a100 80g 用 8bit 优化器，导出 llamafactory 配置",
    "llamafactory config for qwen2.5 7b full on one h100 with the 8-bit adam optimizer, send it over",
])
def test_an_eight_bit_optimizer_at_the_seed_minimum_is_written_and_shown(ask: str) -> None:
    chat = ChatUser()
    reply = chat.say(ask)
    files = export_files(reply)
    lf = yaml.safe_load(files["llamafactory.yaml"])
    assert lf["optim"] == "adamw_bnb_8bit" and "deepspeed" not in lf  # one card as named, no offload swapped in
    assert "optim: adamw_bnb_8bit" in chat.text
    assert "参考表" in chat.text or "reference table" in chat.text  # said to be seed 000's minimum, at the edge


@pytest.mark.parametrize(("ask", "cutoff"), [
    ("export config (llamafactory): qwen3-8b lora, cutoff 4096", 4096),
    ("qwen3 8b qlora 的 lf 配置，截断长度 8192，发我一份", 8192),
    ("give me the llamafactory yaml for qwen2.5 7b qlora with cutoff_length 3072", 3072),
])
def test_a_cutoff_named_in_free_text_is_the_files_cutoff_len(ask: str, cutoff: int) -> None:
    chat = ChatUser()
    reply = chat.say(ask)
    assert yaml.safe_load(export_files(reply)["llamafactory.yaml"])["cutoff_len"] == cutoff
    assert f"cutoff_len: {cutoff}" in chat.text


@pytest.mark.parametrize("ask", [
    "把 qwen2.5 7b 全参 单卡 h100 开 offload 的配置导出",
    "export the llamafactory config for 7b full on one a100 80g with optimizer offload",
])
def test_deepspeed_on_one_card_launches_under_torchrun(ask: str) -> None:
    chat = ChatUser()
    files = export_files(chat.say(ask))
    assert yaml.safe_load(files["llamafactory.yaml"])["deepspeed"] == "ds_config.json"
    launch = files["launch_llamafactory.sh"].splitlines()[-1]
    assert launch.startswith("FORCE_TORCHRUN=1 NPROC_PER_NODE=1 llamafactory-cli train"), launch


@pytest.mark.parametrize(("first", "ask"), [
    ("7b 全参 单张 h100 开 8bit 优化器", "把 ds 的 json 也发我"),
    ("qwen2.5 7b full fine-tune on a single a100 80g with an 8-bit optimizer", "now send me the deepspeed json"),
])
def test_a_deepspeed_json_asked_for_a_plan_without_zero_is_written_and_used(first: str, ask: str) -> None:
    chat = ChatUser()
    chat.say(first)
    files = export_files(chat.say(ask))
    assert json.loads(files["ds_config.json"])["zero_optimization"]["stage"] == 0  # one card: nothing to shard
    assert yaml.safe_load(files["llamafactory.yaml"])["deepspeed"] == "ds_config.json"  # the file asked for is read
    assert files["launch_llamafactory.sh"].splitlines()[-1].startswith("FORCE_TORCHRUN=1")
    assert '{"zero_optimization": {"stage": 0}}' in chat.text
