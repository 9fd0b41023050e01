"""A follow-up that edits the config just exported changes that value and exports again (issue 18, s23): the
learning rate ("学习率改 2e-4", "set the learning rate to 0.0002"), the epochs ("now set epochs to 3", "epoch 改成 2")
and the cutoff ("bump cutoff to 8192") go into the new file, everything else of the job kept, the memory re-sized
for a longer cutoff; and the files asked again after a detour ("gpuli 4090 周租多少", then "再导出一次 epoch 改成
3") are the files exported before with that change, not the price again."""

from __future__ import annotations

import pytest
import yaml

from bot.understand.parser import parse
from tests.chat_user import ChatUser


def trainer_file(*messages: str) -> tuple[dict[str, object], ChatUser]:
    chat = ChatUser()
    reply = None
    for message in messages:
        reply = chat.say(message)
    assert reply is not None and reply.kind == "export", chat.text
    return yaml.safe_load(dict(reply.files)["llamafactory.yaml"].decode()), chat


RATES = [("学习率改 2e-4", 2e-4), ("学习率调成 0.0002 吧", 2e-4), ("lr 改成 5e-5", 5e-5),
         ("set the learning rate to 0.0002", 2e-4), ("ok make the lr 2e-5", 2e-5), ("learning_rate: 3e-4", 3e-4)]


@pytest.mark.parametrize(("change", "rate"), RATES)
def test_a_learning_rate_after_an_export_is_written_and_shown(change: str, rate: float) -> None:
    lf, chat = trainer_file("8b qlora on a 4090", "export the llamafactory yaml", change)
    assert lf["learning_rate"] == pytest.approx(rate)
    assert (lf["quantization_bit"], lf["cutoff_len"], lf["num_train_epochs"]) == (4, 2048, 3.0)  # the rest kept
    assert f"learning_rate: {lf['learning_rate']}" in chat.text  # the summary shows the value the file holds


EDITS = [(("qwen3 8b qlora 导出 llamafactory 配置", "cutoff 改成 8192", "学习率改 2e-4"), 8192, 2e-4, 3.0),
         (("give me a llamafactory config for qwen3 8b qlora", "now set epochs to 2 and cutoff to 4096"), 4096, 1e-4, 2.0),
         (("7b lora 4090", "导出 llamafactory 配置", "lr 改成 5e-5 epoch 改成 2", "cutoff 改成 4096"), 4096, 5e-5, 2.0),
         (("8b qlora on a 4090", "export the llamafactory yaml", "bump the cutoff to 8192 and lr to 2e-4"), 8192, 2e-4, 3.0)]


@pytest.mark.parametrize(("messages", "cutoff", "rate", "epochs"), EDITS)
def test_edits_after_an_export_pile_up_in_the_file(messages: tuple[str, ...], cutoff: int, rate: float, epochs: float) -> None:
    lf, _ = trainer_file(*messages)
    assert (lf["cutoff_len"], lf["num_train_epochs"]) == (cutoff, epochs)
    assert lf["learning_rate"] == pytest.approx(rate)


def test_a_longer_cutoff_is_sized_again() -> None:
    chat = ChatUser()
    chat.say("qwen3 8b qlora 导出 llamafactory 配置")
    short = chat.text
    chat.say("cutoff 改成 8192")
    assert "12.3 GB / 24 GB" in short  # 2,048 tokens fit a 3090
    assert "26.5 GB / 48 GB" in chat.text  # 8,192 tokens: the longer sequence's activations need a 48 GB card


@pytest.mark.parametrize(("text", "epochs"), [("epoch 改成 3", 3.0), ("now set epochs to 2", 2.0), ("轮数设为 4", 4.0),
                                               ("num_train_epochs: 5", 5.0), ("lr 5e-5 3 epochs", 3.0)])
def test_epochs_set_to_a_value_are_read(text: str, epochs: float) -> None:
    assert parse(text).request.epochs == epochs


AFTER_DETOUR = [("qwen3 8b qlora 导出配置", "gpuli 4090 周租多少", "再导出一次 epoch 改成 2", "num_train_epochs", 2.0),
                ("7b lora on a 4090", "export the llamafactory yaml", "how much is a 4090 per week at gpuli?",
                 "export it again with 2 epochs", "num_train_epochs", 2.0),
                ("7b lora 4090", "导出 llamafactory 配置", "cloudgpu 3090 多少钱一小时", "再导一份 cutoff 改成 4096", "cutoff_len", 4096)]


@pytest.mark.parametrize("case", AFTER_DETOUR)
def test_the_files_asked_again_after_a_price_are_the_export_before(case: tuple[object, ...]) -> None:
    *messages, key, value = case
    lf, _ = trainer_file(*[str(m) for m in messages])
    assert lf[str(key)] == value
    first, _ = trainer_file(*[str(m) for m in messages[:2]]) if "导出" not in str(messages[0]) else trainer_file(str(messages[0]))
    assert lf["model_name_or_path"] == first["model_name_or_path"] and lf["finetuning_type"] == first["finetuning_type"]


def test_a_price_after_a_detour_is_still_a_price() -> None:
    chat = ChatUser()
    chat.say("qwen3 8b qlora 导出配置")
    chat.say("gpuli 4090 周租多少")
    assert chat.say("那包月呢").kind == "price", chat.text


PRICED_THEN_EXPORT = [("qwen3 32b qlora, which card?", "a6000 at gpuli ok?", "export the llamafactory config", "RTX A6000", 4),
                      ("qwen3 14b lora 要什么卡", "gpuli a100 80g 包周多少", "导出 llamafactory 配置", "", None),
                      ("qwen3 32b qlora 用啥卡", "cloudgpu 的 a6000 多少钱", "给我 llamafactory 的 yaml", "RTX A6000", 4)]


@pytest.mark.parametrize(("job", "price", "export", "card", "bits"), PRICED_THEN_EXPORT)
def test_a_config_asked_after_a_cards_price_is_the_job_sized_before_on_that_card(job: str, price: str, export: str, card: str,
                                                                                  bits: int | None) -> None:
    lf, chat = trainer_file(job, price, export)
    assert lf.get("quantization_bit") == bits
    assert card in chat.text[chat.text.rfind("LLaMA-Factory"):]  # one card priced: the files are for it ("" when two variants were)
    assert ("32B" if "32b" in job else "14B") in str(lf["model_name_or_path"])  # the job sized before
    changed, _ = trainer_file(job, price, export, "bump cutoff to 8192")
    assert (changed["cutoff_len"], changed.get("quantization_bit")) == (8192, bits)
