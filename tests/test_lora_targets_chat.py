"""LoRA targets typed in chat reach the estimate and the export (they change the adapter's size)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand.parser import parse
from engine.architecture import LORA_TARGETS
from engine.resolve import resolve
from engine.sizing import size

ATTENTION = ("q", "k", "v", "o")


@pytest.mark.parametrize(("text", "targets"), [
    ("qwen3 8b lora target q_proj,v_proj 4090", ("q", "v")),
    ("14b lora 加在 qkvo 上 一张 A100 够吗", ATTENTION),
    ("LoRA targets: q, k, v, o — qwen3-8b on a 4090", ATTENTION),
    ("qwen3 8b all-linear lora r=16", LORA_TARGETS),
    ("qwen3 14b lora，所有线性层都加，两张4090", LORA_TARGETS),
    ("7b lora 只训注意力 一张3090", ATTENTION),
    ("llama3 8b lora on q and v, 1 4090", ("q", "v")),
    ("qwen3 8b lora target_modules: gate_proj up_proj down_proj", ("gate", "up", "down")),
])
def test_targets_are_read(text: str, targets: tuple[str, ...]) -> None:
    assert parse(text).request.lora_targets == targets


@pytest.mark.parametrize("text", [
    "qwen3 8b lora on a v100",  # a card, not the v projection
    "train qwen3 8b lora on q&a data, one 4090",
    "scale up to 8 cards for qwen3 32b lora",
    "qwen3 8b lora target budget 3k",
    "qwen3 8b lora 4090",
])
def test_no_targets_where_none_are_named(text: str) -> None:
    assert parse(text).request.lora_targets is None


SEPARATORS = [",", ", ", "，", "、", " ", "/", " and ", "+"]


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.sampled_from(LORA_TARGETS), min_size=2, max_size=7, unique=True),
    st.sampled_from(SEPARATORS),
    st.booleans(),
    st.sampled_from(["lora target ", "target_modules: ", "lora 加在 ", "LoRA targets = "]),
)
def test_any_list_in_any_punctuation_reads_the_same(names: list[str], sep: str, proj: bool, cue: str) -> None:
    listed = sep.join(f"{n}_proj" if proj else n for n in names)
    parsed = parse(f"qwen3 8b {cue}{listed} 一张4090")
    assert parsed.request.lora_targets == tuple(t for t in LORA_TARGETS if t in names)
    assert parsed.request.model == "qwen3-8b"


def test_fewer_targets_mean_a_smaller_adapter() -> None:
    """q,v alone trains fewer parameters than all linear layers, so the estimate drops."""
    only_qv = size(parse("qwen3 8b lora target q_proj,v_proj rank 64 一张4090").request)
    every = size(parse("qwen3 8b lora all linear rank 64 一张4090").request)
    assert resolve(only_qv.resolved.request).lora_params < resolve(every.resolved.request).lora_params
    assert only_qv.estimate.total_gb < every.estimate.total_gb
