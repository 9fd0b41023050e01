"""The training framework named in a chat message (bot/understand/fields.framework)."""

from __future__ import annotations

import pytest

from bot.understand.framework_words import framework
from bot.understand.normalize import normalize
from bot.understand.parser import parse
from engine.sizing import size


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Qwen3-8B QLoRA 用 LLaMA-Factory 一张4090够吗", "hf"),
        ("llamafactory 全参 32B 8卡", "hf"),
        ("llama factory lora qwen2.5-7b", "hf"),
        ("llama-3.1-8b lora with torchtune on a 4090", "torchtune"),
        ("Torch-Tune qlora 8b", "torchtune"),
        ("unsloth qlora llama 3.1 8b seq 8k", "unsloth"),
        ("用 Unsloth 跑 qwen3 8b", "unsloth"),
        ("axolotl qlora 70b on 2 a100", "axolotl"),
        ("用 ms-swift 训 qwen2.5-7b lora", "ms-swift"),
        ("with swift sft qwen 7b", "ms-swift"),
        ("litgpt finetune_lora llama-2-7b", "litgpt"),
        ("qwen3 8b lora with trl", "hf"),
    ],
)
def test_framework_named(text: str, expected: str) -> None:
    assert framework(normalize(text)) == expected


@pytest.mark.parametrize(
    "text",
    ["Qwen3-8B QLoRA 一张4090够吗", "32B full deepspeed zero3 8 cards", "taylor swift", "hf 上的模型 qwen3 8b", "swiftly size 7b lora"],
)
def test_no_framework(text: str) -> None:
    assert framework(normalize(text)) is None


def test_first_named_wins() -> None:
    assert framework(normalize("unsloth vs torchtune for 8b qlora")) == "unsloth"


def test_parser_carries_it_into_the_request_and_the_sizing() -> None:
    req = parse("Qwen3-8B QLoRA with torchtune seq 4096").request
    assert req.framework == "torchtune" and req.method == "qlora" and req.seq_len == 4096
    s = size(req)
    assert s.framework.id == "torchtune"
    assert s.request.lora_targets == ("q", "v", "o")  # torchtune's recipe default when the targets are not stated
    plain = size(parse("Qwen3-8B QLoRA seq 4096").request)
    assert plain.framework.id == "hf"
    # transformers' loss: bf16 + fp32 upcast + fp32 log-softmax = 10 B per logit element; torchtune's chunked
    # output keeps the bf16 logits and every chunk's fp32 log-softmax (6 B) + one chunk's upcast and gradient (8/8 B)
    assert round(plain.estimate.per_gpu()["logits"], 3) == round(10 * 4096 * 151936 / 1e9, 3)
    assert round(s.estimate.per_gpu()["logits"], 3) == round(7 * 4096 * 151936 / 1e9, 3)
