"""Questions blind set 21 showed sized instead of answered, as classes: a message naming a job that asks
something else about it. A symptom of a run with a guess at its cause or a why ("训着 nan 了 是显存不够吗",
"bf16 on, still OOM") is answered from the FAQ's entry on the symptom (fp16 overflow; the optimizer's fp32
states bf16 does not halve), never with the job's sizing; a symptom only feared ("会 oom 吗") or a fit
asked stays a sizing."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser
from tests.chat_user import first_lines as _head


@pytest.mark.parametrize("text", ["7b 全参跑着跑着 loss 变 nan 了，是不是显存不够", "32b 全参跑着跑着 nan 了，是显存的问题吗",
                                  "70b lora 一训就 nan 了 是卡不行吗",
                                  "our 32b lora went nan after 2k steps, is it a memory problem?",
                                  "loss turned nan on the 13b full run — because of the batch size?"])
def test_nan_with_a_guess_is_the_precision_answer(chat: ChatUser, text: str) -> None:
    chat.say(text)
    head = _head(chat)
    assert "bf16" in head and ("fp16" in head or "NaN" in head), chat.text
    assert "📏" not in head, chat.text  # not the job's sizing


@pytest.mark.parametrize("text", ["32b lora 都开 bf16 了 为啥还是 oom", "7b 全参 bf16 打开了 咋还爆显存",
                                  "bf16 is on but the 14b full fine-tune still OOMs", "why does 32b full still oom with bf16 enabled"])
def test_still_oom_after_bf16_is_the_optimizer_states(chat: ChatUser, text: str) -> None:
    chat.say(text)
    head = _head(chat)
    assert "fp32" in head and ("优化器" in head or "optimizer" in head), chat.text


@pytest.mark.parametrize("text", ["14b 全参 4090 够吗", "7b qlora 会 oom 吗", "is a 14b lora going to oom on a 4090?",
                                  "32b full on 8 h100 zero3", "7b lora oom 了 是不是卡太小", "14b full ooms on 4 a100s, is it the batch size?"])
def test_a_fit_asked_stays_a_sizing(chat: ChatUser, text: str) -> None:
    chat.say(text)
    assert chat.last is not None and chat.last.kind == "sizing", chat.text


@pytest.mark.parametrize("text", ["32b lora 多张 4090 一起训可以跑 zero3 吗", "7b 全参 用多卡 4090 跑 zero-3 有问题吗",
                                  "can several 4090s run zero3 for a 14b full fine-tune?",
                                  "multiple 4090s with zero-3 for a 32b lora, does that work?"])
def test_several_4090s_together_leads_with_pcie_then_sizes(chat: ChatUser, text: str) -> None:
    chat.say(text)
    head = _head(chat)
    assert "PCIe" in head and "ZeRO-2" in head, chat.text  # how the cards run together, answered first
    assert "RTX 4090" in chat.text and ("GB" in chat.text), chat.text  # the job on the cards follows


@pytest.mark.parametrize("text", ["70b 全参 16 卡 张量并行还是 zero-3", "32b 全参 8 张 h100 上 TP 还是 ZeRO3 好",
                                  "pipeline parallel or zero-3 for a 70b full run on 16 h100s?",
                                  "tensor parallel vs zero3 for our 32b full fine-tune, which one?"])
def test_stage_or_split_leads_with_the_stage(chat: ChatUser, text: str) -> None:
    chat.say(text)
    head = _head(chat)
    assert "ZeRO-3" in head and "16/N" in head, chat.text  # the stage that shards everything answers the choice
    assert "张量并行" in chat.text or "Tensor parallelism" in chat.text, chat.text  # then why not split the model
