"""After an export, a change to the job hands over the changed files with everything else kept ("7b qlora
4090", "导出 llamafactory", "模型换 qwen3 8b": Qwen3-8B, still QLoRA, quantization_bit 4), an export asked
again with a change ("改成 lora 不量化 再导一份", "redo it with lora") gives the new job's files in the framework
exported before (or the one named), and a change that asks a figure of its own is still that figure. A
free-text export's summary shows the chat template LLaMA-Factory formats the samples with (issue 18 K/5)."""

from __future__ import annotations

import pytest
import yaml

from bot.messages import Reply
from tests.chat_user import ChatUser


def llamafactory(reply: Reply) -> dict[str, object]:
    return dict(yaml.safe_load(dict(reply.files)["llamafactory.yaml"].decode()))


def exported(job: str, export: str) -> ChatUser:
    chat = ChatUser()
    chat.say(job)
    assert chat.say(export).kind == "export", chat.text
    return chat


MODEL_CHANGES = [("7b qlora 4090", "导出 llamafactory", "模型换 qwen3 8b"),
                 ("7b qlora 4090", "导出 llamafactory 配置", "模型换成 qwen3 8b 吧"),
                 ("7b qlora on a 4090", "export the llamafactory config", "switch the model to qwen3 8b"),
                 ("7b qlora on a 4090", "give me the llamafactory yaml", "same thing but for qwen3 8b"),
                 ("7b qlora 4090", "把 llamafactory 配置发我", "换成 qwen3 8b")]


@pytest.mark.parametrize(("job", "export", "change"), MODEL_CHANGES)
def test_a_model_changed_after_an_export_is_exported_with_the_rest_kept(job: str, export: str, change: str) -> None:
    chat = exported(job, export)
    reply = chat.say(change)
    assert reply.kind == "export", chat.text
    lf = llamafactory(reply)
    assert (lf["model_name_or_path"], lf["finetuning_type"], lf["quantization_bit"]) == ("Qwen/Qwen3-8B", "lora", 4)
    assert "Qwen3-8B QLoRA" in chat.text and "quantization_bit: 4" in chat.text and "template: qwen3" in chat.text


@pytest.mark.parametrize("change", ["模型换 qwen3 8b", "model to qwen3 8b", "switch to qwen3 8b"])
def test_a_model_change_without_an_export_keeps_the_method(change: str) -> None:
    chat = ChatUser()
    chat.say("7b qlora 4090")
    reply = chat.say(change)
    assert reply.kind == "sizing" and "Qwen3-8B QLoRA" in chat.text and "12.3 GB" in chat.text, chat.text


AGAIN = [("改成 lora 不量化 再导一份", "llamafactory.yaml"), ("redo it with lora", "llamafactory.yaml"),
         ("用 lora 重新导出一下", "llamafactory.yaml"), ("lora instead, export it again", "llamafactory.yaml"),
         ("换成 lora 再导一个 deepspeed 的", "ds_config.json")]


@pytest.mark.parametrize(("again", "lead"), AGAIN)
def test_an_export_asked_again_with_a_change_gives_the_new_files(again: str, lead: str) -> None:
    chat = exported("14b qlora 4090", "导出 llamafactory 配置")
    reply = chat.say(again)
    assert reply.kind == "export", chat.text
    lf = llamafactory(reply)
    assert lf["finetuning_type"] == "lora" and "quantization_bit" not in lf
    assert "quantization_bit" not in chat.text and "14B LoRA" in chat.text and lead in chat.lines[0], chat.text
    assert "4× RTX 4090" in chat.text  # 14B LoRA does not fit one 24 GB card: the fewest 4090s that hold it


@pytest.mark.parametrize("again", ["再导一份", "export it again"])
def test_an_export_asked_again_alone_is_the_same_job(again: str) -> None:
    chat = exported("7b qlora 4090", "导出 llamafactory")
    reply = chat.say(again)
    assert reply.kind == "export" and llamafactory(reply)["quantization_bit"] == 4 and "11.1 GB" in chat.text, chat.text


def test_an_export_stated_whole_is_changed_next() -> None:
    chat = ChatUser()
    assert chat.say("配置导出一下 qwen3 8b qlora llamafactory").kind == "export"
    reply = chat.say("改成 lora 再导一份")
    assert reply.kind == "export" and "quantization_bit" not in llamafactory(reply), chat.text
    assert "Qwen3-8B LoRA" in chat.text, chat.text


@pytest.mark.parametrize(("change", "kind"), [("换成 a100 够吗", "sizing"), ("how much vram for qwen3 8b", "sizing"),
                                              ("那 qwen3 8b 要几张卡", "sizing")])
def test_a_change_that_asks_a_figure_after_an_export_is_that_figure(change: str, kind: str) -> None:
    chat = exported("7b qlora 4090", "导出 llamafactory")
    reply = chat.say(change)
    assert reply.kind == kind and not reply.files, chat.text


@pytest.mark.parametrize(("ask", "template"), [("配置导出一下 qwen3 8b qlora llamafactory", "template: qwen3"),
                                               ("export the llamafactory config for qwen2.5 7b lora", "template: qwen"),
                                               ("导出 llama3 8b lora 的 llamafactory 配置", "template: llama3")])
def test_a_free_text_export_shows_the_template_within_the_line_limit(ask: str, template: str) -> None:
    chat = ChatUser()
    reply = chat.say(ask)
    assert reply.kind == "export" and "llamafactory.yaml" in dict(reply.files), chat.text
    settings = next(line for line in chat.lines if "model_name_or_path" in line)
    assert template in settings and "finetuning_type: lora" in settings, chat.text
    assert len([line for line in chat.lines if line.strip()]) <= 45
