"""Blind-22/23 classes, as behaviour (figures from the seeds through the catalogs and the engine):

- what one memory lever saves, asked of a job ("8bit 优化器对 7b 全参能省多少显存"): the job sized with the
  lever off and on, the difference leading (seed 000: 16 → 10 bytes a parameter, 112 GB → 70 GB for 7B full);
- a step count from a dataset typed with thousands grouped ("10,000 samples"): read whole, so the count is
  answered (10,000 × 2 / (2 × 8 × 1) = 1,250), not the grad-accumulation FAQ;
- a sizing and a service question typed with no mark between them, the first ending on its card word
  ("…要几张卡 多久能拿到ssh"): both answered (gpuli: SSH in about 3 minutes, seed 000);
- a yes/no question the FAQ answers under a how-to entry ("can I pay with Alipay?"): the entry's verdict for
  what was named leads (cloudgpu: Alipay, Visa, no phone number or US bank card, seed 002);
- a deadline verdict leads with ✅ yes / ❌ no in both languages;
- a trial run's length ("先跑 50 步测速要多久"): the estimation entry, which opens with it: a few minutes of GPU
  time (seed 002);
- a budget over the card named, within another card for the same job: that card is named (seed 000: 14B full
  on 4×A100 SXM with ZeRO-3, ₮4,308 a month, where 4×H100 is ₮7,444).
"""

from __future__ import annotations

import pytest

from bot.understand.normalize import normalize
from bot.understand.switch_asks import saving_asked
from tests.chat_user import conversation as _reply
from tests.chat_user import lead_lines as _lead

# ---------------------------------------------------------------- what a lever saves on the job


@pytest.mark.parametrize("text", ["8-bit adam 在 7b 全参上能省多少显存", "7b 全参微调用 8bit 优化器可以省多少",
                                  "how much vram would an 8 bit optimizer save for a 7b full finetune?",
                                  "7b full ft: how much memory does 8-bit adamw save"])
def test_eight_bit_saving_on_the_job_leads_with_the_seed_figures(text: str) -> None:
    lead = _lead(_reply(text), 1)
    assert "16" in lead and "10" in lead and "112 GB" in lead and "70 GB" in lead, lead


@pytest.mark.parametrize(("text", "words"), [
    ("8b lora 开梯度检查点大概能省多少显存", ("梯度检查点", "→")),
    ("how much memory does gradient checkpointing save on an 8b lora?", ("checkpointing", "→")),
    ("14b 全参开 offload 能省掉多少显存", ("主机内存", "168 GB", "224 GB → 56 GB")),
    ("how much does cpu offload save for a 14b full fine-tune", ("host", "168 GB")),
    ("14b 全参 4 卡 zero3 能省多少显存", ("ZeRO-3", "224 GB → 56 GB")),
    ("how much vram does zero-3 save on 4 gpus for a 14b full fine-tune", ("ZeRO-3", "224 GB → 56 GB")),
])
def test_each_lever_saving_is_the_job_off_and_on(text: str, words: tuple[str, ...]) -> None:
    lead = _lead(_reply(text), 2)
    assert all(w in lead for w in words), lead


@pytest.mark.parametrize("text", ["7b 全参 要不要 8bit 优化器", "does 8-bit adam save memory on a 7b",
                                  "32b 全参 zero-3 比 zero-2 省多少"])
def test_a_saving_not_asked_as_an_amount_is_not_read_as_one(text: str) -> None:
    assert saving_asked(normalize(text)) is None


# ---------------------------------------------------------------- steps from a grouped dataset size


@pytest.mark.parametrize(("text", "steps"), [
    ("10,000 samples, 2 epochs, batch 2, grad accum 8, 1 GPU - how many steps?", "1,250"),
    ("24,000 examples 1 epoch batch 4 grad accum 2 on 2 gpus, total steps?", "1,500"),
    ("数据 12,000 条，3 个 epoch，batch 4，梯度累积 4，两张卡，一共多少步", "1,125"),
])
def test_steps_from_a_dataset_typed_with_thousands_grouped(text: str, steps: str) -> None:
    assert steps in _lead(_reply(text), 2)


# ---------------------------------------------------------------- a sizing and a service question, unmarked


@pytest.mark.parametrize("text", ["gpuli 跑 7b qlora 要几张卡 多久能连上ssh", "gpuli 14b lora 用哪张卡 开机要多久"])
def test_a_card_question_then_a_service_question_are_both_answered(text: str) -> None:
    reply = _reply(text)
    assert "3 分钟" in reply and ("RTX" in reply or "A6000" in reply), reply


# ---------------------------------------------------------------- a yes/no question to a how-to entry


@pytest.mark.parametrize(("text", "word"), [
    ("does cloudgpu accept mastercard?", "Yes"), ("is it possible to pay cloudgpu with apple pay", "Yes"),
    ("cloudgpu 支不支持支付宝付款", "可以"), ("没有美国银行卡能在 cloudgpu 充值吗", "可以"),
])
def test_a_yes_no_question_leads_with_the_entrys_verdict(text: str, word: str) -> None:
    first = _lead(_reply(text), 1)
    assert first.startswith("✅") and word in first, first


@pytest.mark.parametrize("text", ["how do I top up at cloudgpu", "cloudgpu 怎么充值"])
def test_a_how_question_gets_no_verdict(text: str) -> None:
    assert not _lead(_reply(text), 1).startswith("✅")


# ---------------------------------------------------------------- the deadline verdict's lead


@pytest.mark.parametrize(("turns", "mark", "word"), [
    (("cloudgpu a100 80g for 30 hours, cost?", "will it be done by friday?"), "✅", "Yes"),
    (("cloudgpu a100 80g for 100 hours, cost?", "can it finish by tomorrow?"), "❌", "No"),
    (("cloudgpu a100 80g 跑 30 小时多少钱", "周五前能跑完吗"), "✅", "来得及"),
    (("cloudgpu a100 80g 跑 100 小时多少钱", "明天能跑完吗"), "❌", "来不及"),
])
def test_a_deadline_verdict_leads_with_yes_or_no(turns: tuple[str, str], mark: str, word: str) -> None:
    first = _lead(_reply(*turns), 1)
    assert first.startswith(mark) and word in first, first


# ---------------------------------------------------------------- a trial run's length


@pytest.mark.parametrize(("text", "words"), [("试跑 50 步测一下速度要多久", "几分钟"),
                                             ("how long does the 50 step trial run take?", "few minutes")])
def test_a_trial_runs_length_is_a_few_minutes(text: str, words: str) -> None:
    answer = _reply(text).strip().splitlines()[1]  # under the entry's question: the trial's length is in its opening
    assert words in answer.split("。")[0].split(". ")[0], answer


# ---------------------------------------------------------------- a budget over the card named


@pytest.mark.parametrize("turns", [("14b full fine-tune, 4x h100, price for a month?", "we have $5000, is that enough?"),
                                   ("14b 全参 4 卡 h100 包月多少", "预算 5000 美元够吗")])
def test_a_budget_over_the_card_named_names_the_card_within_it(turns: tuple[str, str]) -> None:
    lead = _lead(_reply(*turns))
    assert "A100" in lead and "4,308" in lead, lead
