"""Every basis code the engine can produce has words in both languages, so --explain never fails."""

from __future__ import annotations

import pytest

from bot.text.i18n import has, t
from bot.text.render import render_reply
from bot.views.sizing import sizing_details_reply
from engine.request import TrainingRequest
from engine.sizing import size

REQUESTS = [
    TrainingRequest(model="qwen3-8b", method="qlora", framework="axolotl", lora_dropout=0.05, gpu="rtx-4090"),
    TrainingRequest(model="qwen3-8b", method="qlora", precision="fp32", grad_checkpointing=False),
    TrainingRequest(model="gemma-2-9b", method="lora"),
    TrainingRequest(model="gemma-2-9b", method="lora", framework="hf-legacy"),
    TrainingRequest(model="llama-2-7b", method="lora", framework="hf-legacy"),
    TrainingRequest(model="llama-3.2-3b", method="lora", framework="torchtune"),
    TrainingRequest(model="llama-2-7b", method="lora", framework="litgpt", precision="bf16"),
    TrainingRequest(model="llama-3.1-8b", method="qlora", framework="unsloth"),
    TrainingRequest(model="qwen2.5-7b", method="full", seq_len=512),
    TrainingRequest(model="llama-3.3-70b", method="qlora", num_gpus=2, zero=3),
    TrainingRequest(model="qwen2.5-72b", method="lora", num_gpus=8, zero=3, offload="all", train_embeddings=True),
]


@pytest.mark.parametrize("req", REQUESTS)
def test_every_basis_is_worded_and_explain_renders(req: TrainingRequest) -> None:
    s = size(req)
    for term in s.estimate.terms:
        for item in term.items:
            assert has(f"basis.{item.basis}"), item.basis
    for lang in ("zh", "en"):
        text = render_reply(sizing_details_reply(s, lang, explain=True, limit=3), "plain")
        for term in s.estimate.terms:
            for item in term.items:
                if item.gb != 0:  # zero items (offloaded, none, "included above") are not listed
                    assert t(f"basis.{item.basis}", lang) in text
