"""FSDP's CPU offload moves the parameters with the optimizer: a chat or CLI that says "FSDP + cpu
offload" is sized as parameter offload, named back as FSDP, and a caution whose high end fits the
card is worded as a caution, never as "the high end is over"."""

from __future__ import annotations

import pytest

from engine.request import TrainingRequest
from engine.sizing import size
from tests.chat_user import first_lines, said


def test_fsdp_with_optimizer_offload_is_sized_as_parameter_offload() -> None:
    fsdp = size(TrainingRequest(model="llama-3.3-70b", method="qlora", gpu="rtx-4090", num_gpus=2, zero=3,
                                offload="optimizer", sharding="fsdp"))
    assert fsdp.estimate.plan.offload == "all"
    assert any(a.code == "fsdp_offload_all" for a in fsdp.assumptions)
    assert fsdp.estimate.range.basis == "published_fsdp_offload_qlora" and not fsdp.estimate.range.confident
    deepspeed = size(TrainingRequest(model="llama-3.3-70b", method="qlora", gpu="rtx-4090", num_gpus=2, zero=3,
                                     offload="optimizer", sharding="deepspeed"))
    assert deepspeed.estimate.plan.offload == "optimizer"  # DeepSpeed has the optimizer-only offload
    assert deepspeed.estimate.total_gb > fsdp.estimate.total_gb + 10


@pytest.mark.parametrize("text", ["70b qlora fsdp cpu offload 两张4090 够吗", "70B QLoRA，FSDP 加 cpu offload，2张 4090 行不行"])
def test_a_chinese_fsdp_offload_question_is_a_caution_named_back_as_fsdp(text: str) -> None:
    lead = first_lines(said(text), 3)
    assert "FSDP+CPU offload" in lead and "可能装得下" in lead
    assert "上限超出" not in lead and "公开实测" in lead
    assert "FSDP" in lead.split("按你说的")[-1] and "参数和优化器都 offload" in lead


def test_an_english_fsdp_offload_question_is_a_caution_not_an_overrun() -> None:
    lead = first_lines(said("70b qlora with fsdp and cpu offload on two 4090s, fits?"), 3)
    assert "may fit" in lead and "published runs" in lead
    assert "high end does not fit" not in lead and "As asked: FSDP" in lead


def test_the_published_figure_is_the_expected_one_and_a_card_below_it_does_not_fit() -> None:
    lead = first_lines(said("70b qlora fsdp cpu offload on two T4s, fits?"), 1)
    assert lead.startswith("❌") and "2× T4 (FSDP+CPU offload)" in lead and "most likely 19.6 GB" in lead


@pytest.mark.parametrize("text, count", [("7b qlora on two T4s", 2), ("qwen3 8b qlora on three a10s", 3),
                                         ("7b lora on four L40S", 4), ("7b qlora on eight t4", 8)])
def test_an_english_number_word_before_a_one_digit_card_is_the_count(text: str, count: int) -> None:
    assert f"{count}× " in first_lines(said(text), 1)


@pytest.mark.parametrize(("text", "said_of", "never"), [
    ("70b qlora fsdp cpu offload 两张4090 够吗", "FSDP 全分片走 PCIe", "ZeRO-3 走 PCIe"),
    ("70b qlora with fsdp and cpu offload on two 4090s, fits?", "FSDP full sharding over PCIe", "ZeRO-3 over PCIe"),
    ("14b lora zero3 4张4090 行吗", "ZeRO-3 走 PCIe", "FSDP 全分片"),
])
def test_the_pcie_warning_names_the_engine_the_run_shards_with(text: str, said_of: str, never: str) -> None:
    me = said(text)
    assert said_of in me.text and never not in me.text, me.text
