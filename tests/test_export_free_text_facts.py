"""An export asked in free text keeps every fact the user stated and hands over what was asked.

- A launch script or command asked for ("启动脚本", "run command", "torchrun 的") is an export whose reply leads
  with that command, the card count in it; with no model named, the files are written for a default size the
  reply names (the command itself is the same for any model).
- A dataset name and a Hugging Face repository the user typed reach the files (`dataset`, its dataset_info.json
  entry and file, `model_name_or_path`), also when said in the turn after a sizing; a name that is no plain name
  never reaches them, and nothing the user typed reaches a launch script unquoted.
- Cards stated a turn before (nodes x cards) set the framework file asked next; an export asked right after a
  price is that setup's file, not the price again; 7B full fine-tuning on one 80 GB card is written the way
  seed 000 gives its minimum (the 8-bit optimizer), not ZeRO-3 + offload.
"""

from __future__ import annotations

import json
import re
import shlex

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand.named_data import dataset_name, hub_id
from bot.understand.parser import parse
from tests.chat_user import ChatUser, export_files

LAUNCH = [("我要 4 卡的启动脚本，llama factory 的", "zh", 4), ("run command for four GPUs with llamafactory please", "en", 4),
          ("两张卡的训练脚本发我一下", "zh", 2), ("send me the launch command for 2 gpus", "en", 2)]


@pytest.mark.parametrize(("ask", "lang", "n"), LAUNCH)
def test_a_launch_script_asked_without_a_model_leads_with_the_command_for_the_cards(ask: str, lang: str, n: int) -> None:
    chat = ChatUser(lang=lang)
    reply = chat.say(ask)
    assert reply.kind == "export", chat.text
    head = "\n".join(chat.lines[:3])
    assert f"NPROC_PER_NODE={n} llamafactory-cli train llamafactory.yaml" in head, chat.text
    assert "7B" in chat.text and "model_name_or_path" in chat.text  # the default size is said, and where to change it
    script = export_files(reply)["launch_llamafactory.sh"]
    assert f"NPROC_PER_NODE={n}" in script


@pytest.mark.parametrize(("ask", "lang"), [("torchrun 的启动命令给我，8 卡 14b 全参", "zh"),
                                           ("give me a torchrun launch command, 14b full on 8 gpus", "en")])
def test_the_launcher_named_is_the_command_shown(ask: str, lang: str) -> None:
    chat = ChatUser(lang=lang)
    reply = chat.say(ask)
    assert reply.kind == "export", chat.text
    assert "torchrun --nnodes 1 --nproc_per_node 8 -m llamafactory.launcher llamafactory.yaml" in "\n".join(chat.lines[:3])


def test_a_launch_script_for_a_named_job_keeps_the_job() -> None:
    chat = ChatUser()
    reply = chat.say("单卡 3090 跑 8b qlora，启动命令发我")
    lf = yaml.safe_load(export_files(reply)["llamafactory.yaml"])
    assert lf["quantization_bit"] == 4 and "llamafactory-cli train llamafactory.yaml" in chat.lines[1]
    assert "7B" not in chat.text  # a model was named: no default size


@pytest.mark.parametrize("ask", ["启动命令是什么意思", "what does the launch command do"])
def test_a_question_about_the_command_is_no_export(ask: str) -> None:
    assert ChatUser().say(ask).kind not in ("export", "export_generic")


@pytest.mark.parametrize(("ask", "name", "repo"), [
    ("给我 llamafactory 的 yaml，8b lora，数据集是 medical_qa_v2，模型用 meta-llama/Llama-3.1-8B-Instruct",
     "medical_qa_v2", "meta-llama/Llama-3.1-8B-Instruct"),
    ("export a llamafactory config for Qwen/Qwen2.5-14B-Instruct lora, dataset called support-tickets",
     "support-tickets", "Qwen/Qwen2.5-14B-Instruct")])
def test_a_dataset_and_a_hub_repository_said_reach_the_files(ask: str, name: str, repo: str) -> None:
    chat = ChatUser()
    reply = chat.say(ask)
    files = export_files(reply)
    lf = yaml.safe_load(files["llamafactory.yaml"])
    assert lf["dataset"] == name and lf["model_name_or_path"] == repo, chat.text
    info = json.loads(files["dataset_info.json"])
    assert info[name]["file_name"] == f"{name}.json" and f"{name}.json" in files  # the trainer resolves it as shipped
    assert f"dataset: {name}" in chat.text and repo in chat.text
    assert "epochs and dataset are common defaults" not in chat.text  # the dataset said is no default


@pytest.mark.parametrize(("first", "then"), [("32b qlora 单卡 a100 80g 够吗", "导出 llamafactory 配置，训练集叫 claims_zh"),
                                             ("qwen3 32b qlora on one a100 80g?", "now the llamafactory yaml, dataset: claims_zh")])
def test_a_dataset_said_after_a_sizing_is_kept_with_its_job(first: str, then: str) -> None:
    chat = ChatUser()
    chat.say(first)
    lf = yaml.safe_load(export_files(chat.say(then))["llamafactory.yaml"])
    assert lf["dataset"] == "claims_zh" and lf["quantization_bit"] == 4 and lf["finetuning_type"] == "lora"


@pytest.mark.parametrize("text", ["dataset is about 30k samples", "数据集 8 万条", "dataset has 5000 rows", "dataset size 3GB"])
def test_a_size_or_count_is_no_dataset_name(text: str) -> None:
    assert dataset_name(text) is None


@pytest.mark.parametrize("text", ["a100/h100 哪个划算", "7b/14b 差多少", "lora/qlora 选哪个"])
def test_two_things_with_a_slash_are_no_hub_repository(text: str) -> None:
    assert hub_id(text) is None


NAME_CHARS = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=20)


@settings(max_examples=120, deadline=None)
@given(NAME_CHARS)
def test_whatever_follows_the_dataset_word_reaches_the_request_only_as_a_plain_name(tail: str) -> None:
    q = parse(f"导出 8b lora 的 llamafactory 配置，dataset: {tail}").request
    for value in (q.dataset, q.hub_id):
        assert value is None or re.fullmatch(r"[A-Za-z][A-Za-z0-9_.-]*(?:/[A-Za-z0-9][A-Za-z0-9_.-]*)?", value)


def test_a_hostile_name_never_reaches_the_launch_script_unquoted() -> None:
    chat = ChatUser()
    reply = chat.say('export the llamafactory config for evil$(reboot)/Qwen-7B;rm lora, dataset: x`id`; 2 gpus launch script')
    for name, text in export_files(reply).items():
        if name.endswith(".sh"):
            for line in text.splitlines():
                if line and not line.startswith("#"):
                    shlex.split(line)  # every line parses as shell words
                    assert "$(reboot)" not in line and "`id`" not in line and ";rm" not in line


@pytest.mark.parametrize(("first", "then", "nodes", "n"), [("3 台机器，每台 8 张 a100，做 70b 全参", "accelerate 配置发我", 3, 24),
                                                            ("two nodes of 8 h200 each, 72b full", "send the accelerate config", 2, 16)])
def test_nodes_said_before_set_the_framework_file_asked_next(first: str, then: str, nodes: int, n: int) -> None:
    chat = ChatUser()
    chat.say(first)
    files = export_files(chat.say(then))
    name = "accelerate_config.yaml" if "accelerate_config.yaml" in files else "accelerate_fsdp.yaml"
    config = yaml.safe_load(files[name])
    assert (config["num_machines"], config["num_processes"]) == (nodes, n), chat.text


@pytest.mark.parametrize(("first", "then"), [("cloudgpu 4 张 h100 一天多少钱", "出一份 deepspeed zero2 的配置"),
                                             ("price of 4x h100 at cloudgpu for a day?", "export a deepspeed zero2 config")])
def test_an_export_after_a_price_is_that_setups_file(first: str, then: str) -> None:
    chat = ChatUser()
    chat.say(first)
    reply = chat.say(then)
    assert reply.kind in ("export", "export_generic"), chat.text
    assert json.loads(export_files(reply)["ds_config.json"])["zero_optimization"]["stage"] == 2


@pytest.mark.parametrize("ask", ["导出 7b 全参 单张 h100 80g 的训练配置", "export the training files for 8b full fine-tuning on a single h100"])
def test_seven_b_full_on_one_80gb_card_is_exported_as_seed_000s_minimum(ask: str) -> None:
    chat = ChatUser()
    files = export_files(chat.say(ask))
    lf = yaml.safe_load(files["llamafactory.yaml"])
    assert lf["optim"] == "adamw_bnb_8bit" and lf["finetuning_type"] == "full", chat.text
    assert "ds_config.json" not in files or "offload" not in files["ds_config.json"]


@pytest.mark.parametrize(("ask", "stage"), [("qwen2.5 7b 继续预训练 导出 llamafactory 配置", "pt"),
                                            ("llamafactory yaml for continued pretraining of a 7b on our legal corpus", "pt"),
                                            ("export a llamafactory config for qwen3 8b dpo lora", "dpo")])
def test_a_stage_other_than_supervised_is_among_the_key_settings_shown(ask: str, stage: str) -> None:
    """The reply's key settings show the trainer's stage when it is not plain SFT, as the file has it: a stage
    left at sft would train another objective, so the reader checks it first."""
    chat = ChatUser()
    files = export_files(chat.say(ask))
    assert yaml.safe_load(files["llamafactory.yaml"])["stage"] == stage
    assert f"stage: {stage}" in chat.text, chat.text


def test_plain_supervised_fine_tuning_keeps_its_stage_out_of_the_key_settings() -> None:
    chat = ChatUser()
    chat.say("qwen3 8b lora 导出 llamafactory 配置")
    assert "stage:" not in chat.text and "finetuning_type: lora" in chat.text, chat.text
