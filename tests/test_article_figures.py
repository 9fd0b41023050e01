"""Seed 003 (一万网络's article) gives its own figures for the sizes it names, and a sizing of that size names
them beside the other seeds' figures in the reference-table line, with one clause saying how far ours is and why:

- LoRA: 7B 18–22 GB (one RTX 3090), 13B 26–30 GB (one A100 40G), 70B's 16-bit weights alone 140 GB (two
  A100 80G); QLoRA 70B's 4-bit weights 35 GB (one H100 80G);
- full fine-tuning: 16 bytes × the size before activations, 7B ≈ 112 GB (130–160 GB in practice), 13B ≈ 208 GB,
  70B ≈ 1,120 GB;
- 13B is the article's size, not seed 000's "14B 级" row: a 13B job names gpuli's figure as 14B's, and a 14B job
  gets no 13B figure.
"""

from __future__ import annotations

import re

import pytest

from engine.request import TrainingRequest
from engine.seed_adapter_rows import article_figure, seed_row
from engine.sizing import size
from tests.chat_user import conversation as _reply


def _ref_line(text: str) -> str:
    return next(line for line in text.splitlines() if line.startswith("📚"))


@pytest.mark.parametrize("question", ["13b 做 lora 大概吃多少显存", "what does a 13B LoRA run need in VRAM?"])
def test_thirteen_b_lora_names_the_article_and_why_ours_is_higher(question: str) -> None:
    text = _reply(question)
    line = _ref_line(text)
    assert "一万网络" in line and "13B 26–30 GB" in line, text
    # ours is 34.2 GB: 4.2 GB over the article's top, and the parts are ours (weights 26.1, logits 3.1 ...)
    assert "34.2 GB" in line and "4.2 GB" in line, text
    assert "26.1" in line and "3.1" in line, text
    assert re.search(r"偏紧|tight", line) and re.search(r"分块 loss|chunked loss", line), text
    # gpuli's row is 14B's, and says so
    assert re.search(r"gpuli 14B (级|row) 34–42 GB", line), text
    assert len(text.strip().splitlines()) <= 20


@pytest.mark.parametrize("question", ["一张 a100 40g 能不能跑 13b 的 lora", "can one A100 40GB handle LoRA on a 13b model"])
def test_the_article_card_asked_gets_its_figure_and_the_verdict(question: str) -> None:
    text = _reply(question)
    first = text.splitlines()[0]
    assert "26–30 GB" in first and "一万网络" in first, text  # in the lead's reference figures
    assert "4.2 GB" in _ref_line(text), text


@pytest.mark.parametrize("question", ["qwen3-14b 做 lora 要多少显存", "LoRA on qwen3 14b, memory?"])
def test_a_fourteen_b_job_gets_no_thirteen_b_figure(question: str) -> None:
    text = _reply(question)
    assert "26–30" not in text and "一万网络 13B" not in text, text
    assert "14B 级" not in text and "14B row" not in text, text  # its own size: no label needed


@pytest.mark.parametrize("question", ["7b 跑 lora 显存要多大", "how much memory is LoRA on a 7b"])
def test_seven_b_lora_agrees_with_the_article(question: str) -> None:
    line = _ref_line(_reply(question))
    assert "7B 18–22 GB" in line and "RTX 3090" in line, line
    assert not re.search(r"比它高|above it", line), line  # 20.6 GB is inside 18–22: nothing to explain


@pytest.mark.parametrize("question", ["70b 的 lora 需要多少显存", "vram for lora on a 70b"])
def test_seventy_b_lora_weights_and_the_two_cards_it_names(question: str) -> None:
    line = _ref_line(_reply(question))
    assert re.search(r"70B (只算权重|weights alone) 140 GB", line), line
    assert "2×A100 80GB" in line and "20 GB" in line, line  # 160 GB expected, 20 over the weights
    assert re.search(r"装不下|does not hold it", line) and "85.7" in line, line  # per card on two, over 80


def test_article_figure_is_per_size_not_per_class() -> None:
    def at(b: float, method: str = "lora") -> object:
        return article_figure(size(TrainingRequest(params_b=b, method=method)))

    assert at(13) is not None and at(13.4) is not None
    assert at(14) is None and at(8) is None and at(72) is None
    assert at(7.6) is not None and at(70.6) is not None
    assert at(13, "qlora") is None and at(70, "qlora") is not None
    # at other settings than the seeds' the table line is not drawn, so the article is not either
    assert article_figure(size(TrainingRequest(params_b=13, method="lora", seq_len=4096))) is None


def test_seed_row_labels_the_fourteen_b_row_only_below_it() -> None:
    row13 = seed_row(size(TrainingRequest(params_b=13, method="lora")))
    row14 = seed_row(size(TrainingRequest(params_b=14, method="lora")))
    assert row13 is not None and row13["class_b"] == 14
    assert row14 is not None and row14["class_b"] is None and row14["article"] is None


@pytest.mark.parametrize(("question", "figure"), [
    ("13b 全参微调要多少显存", "一万网络按 16 字节 × 13B 算 ≈ 208 GB"),
    ("memory for full fine-tuning a 13b", "16 bytes × 13B, says ≈ 208 GB"),
    ("70b 全量微调显存", "一万网络按 16 字节 × 70B 算 ≈ 1,120 GB"),
])
def test_full_fine_tuning_names_the_article_rule(question: str, figure: str) -> None:
    text = _reply(question)
    assert figure in text.splitlines()[0], text


@pytest.mark.parametrize("question", ["7b 全参要多少显存", "full fine-tune of a 7b, how much VRAM"])
def test_seven_b_full_names_the_in_practice_band_ours_sits_in(question: str) -> None:
    first = _reply(question).splitlines()[0]
    assert "112 GB" in first and "130–160 GB" in first, first
    assert "152 GB" in first and not re.search(r"高出|above that", first), first  # 152 is inside 130–160


@pytest.mark.parametrize("question", ["qwen2.5-7b 全参显存多少", "full fine-tuning qwen2.5 7b, memory?"])
def test_a_named_seven_b_over_the_band_says_by_how_much_and_why(question: str) -> None:
    first = _reply(question).splitlines()[0]
    assert "130–160 GB" in first and "165 GB" in first and "5.1 GB" in first, first  # 7.62B counted
    assert "7.62B" in first, first


def test_an_eight_bit_optimizer_job_is_not_given_the_adamw_rule() -> None:
    text = _reply("7b 全参 用 8-bit 优化器 要多少显存")
    assert "16 字节 × 7B" not in text, text
