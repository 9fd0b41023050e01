"""Blind-15 classes, as behaviour (never the set's text; figures from the seeds through the catalogs):

- a LoRA / QLoRA memory question at the seeds' settings carries the seed tables' figure for the class
  in the line that leads, beside ours, each seed's figure named by its provider (seed 000 is gpuli's table,
  seed 002 CloudGPU's: 8B QLoRA 8–12 / 6–10 GB, 14B QLoRA 14–18 / 12–16, 72B QLoRA 46–58 / 45–55, 32B LoRA
  72–86), never one merged band no seed states, and not only in the 📚 line further down;
- the setup a sizing picks is priced before the line saying which model the size stands for, so "the
  cheapest setup" leads with its price (seed 000: 7B full, 1× A100 80GB + 8-bit optimizer, ₮269/week,
  ₮899/month);
- a job sized at a provider that rents no setup holding it leads with that provider's answer (seed 002:
  CloudGPU plans per single GPU, multi-card only as the /deploy page's live stock), then what the job
  needs and who rents it;
- an exported DeepSpeed JSON whose precision is "auto" says the precision the trainer fills it with.
"""

from __future__ import annotations

import re

import pytest

from tests.chat_user import conversation as _reply
from tests.chat_user import lead_lines as _lead

# ---------------------------------------------------------------- the seeds' figure where the answer leads

ADAPTER_FIGURES = [
    ("qwen 8b 用 qlora 显存占多少", "gpuli 8–12 GB、CloudGPU 6–10 GB"),
    ("QLoRA an 8B model: how much VRAM do I need?", "gpuli 8–12 GB, CloudGPU 6–10 GB"),
    ("14B 跑 qlora 显存够不够 大概要几个G", "gpuli 14–18 GB、CloudGPU 12–16 GB"),
    ("vram estimate for a 14b qlora run", "gpuli 14–18 GB, CloudGPU 12–16 GB"),
    ("72b 模型 qlora 显存要多少", "gpuli 46–58 GB、CloudGPU 45–55 GB"),
    ("how much gpu memory does qlora on 72b take", "gpuli 46–58 GB, CloudGPU 45–55 GB"),
    ("32b lora 需要多大显存", "gpuli 72–86 GB"),
    ("memory for LoRA on a 32B?", "gpuli 72–86 GB"),
    ("72b lora 显存大概多少", "gpuli 155–175 GB"),
]


@pytest.mark.parametrize(("question", "figure"), ADAPTER_FIGURES)
def test_an_adapter_sizing_leads_with_the_seed_tables_figure(question: str, figure: str) -> None:
    text = _reply(question)
    lead = _lead(text)
    assert figure in lead, text
    assert re.search(r"参考表|reference tables", lead.splitlines()[0]), text  # said as the tables' figure
    assert len(text.strip().splitlines()) <= 15


@pytest.mark.parametrize("question", ["8b qlora 在一张 4090 上显存够吗", "does an 8b qlora fit on a 4090?"])
def test_a_named_card_verdict_carries_it_too(question: str) -> None:
    first = _lead(_reply(question), 1)
    assert "8–12 GB" in first and "6–10 GB" in first and ("✅" in first or "⚠️" in first), first


# ---------------------------------------------------------------- the pick's price before the model line

@pytest.mark.parametrize("question", ["7b 全量微调 最省钱的配法", "cheapest setup for a full finetune of a 7b?",
                                      "7B 全参 最低配置多少钱", "what's the minimum setup to fully fine-tune 7b"])
def test_the_cheapest_full_setup_leads_with_its_price(question: str) -> None:
    text = _reply(question)
    lead = _lead(text)
    assert "A100 80GB" in lead and "₮899" in lead and "₮269" in lead, text


# ---------------------------------------------------------------- a provider that rents no setup holding the job

@pytest.mark.parametrize("question", ["cloudgpu 上能租 8 卡机器跑 32b 全参吗", "在 CloudGPU 做 14b 全量微调要几张卡",
                                      "does cloudgpu have an 8 gpu box for a 32b full finetune",
                                      "full fine-tune 14B at CloudGPU: how many GPUs?"])
def test_a_single_card_provider_says_so_first(question: str) -> None:
    text = _reply(question)
    first = text.strip().splitlines()[0]
    assert "CloudGPU" in first and re.search(r"单卡|single GPU", first) and "/deploy" in first, text
    assert "gpuli" in text  # who rents the setup it needs
    assert len(text.strip().splitlines()) <= 15


@pytest.mark.parametrize("question", ["8b qlora 在 cloudgpu 要多少显存", "8b qlora on cloudgpu, how much memory"])
def test_a_provider_that_rents_the_job_is_not_told_otherwise(question: str) -> None:
    text = _reply(question)
    assert "/deploy" not in text and "CloudGPU" in text, text


# ---------------------------------------------------------------- the exported DeepSpeed JSON's precision

@pytest.mark.parametrize("question", ["export a deepspeed json for 8b full ft on 2 h100",
                                      "给我 14b 全参 4 张 a100 的 deepspeed 配置文件",
                                      "deepspeed config for qwen 7b full finetune please",
                                      "导出 deepspeed json，32b 全参 8卡 h100"])
def test_the_deepspeed_settings_quoted_state_the_precision(question: str) -> None:
    text = _reply(question)
    keys = next(line for line in text.splitlines() if "ds_config.json" in line and "zero_optimization" in line)
    assert "bf16" in keys and '"stage"' in keys, text
