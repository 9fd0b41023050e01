"""One message, two questions, both answered: a rental term's price with the run's time, an add-on's price
with a FAQ question, a card's price in a year and another term. Figures from the seeds: 8×H100 at gpuli
₮14,432 a month, 32B full over 20M tokens × 3 epochs about 1.5 h (seed 000); a gpuli volume ₮0.08 per
GB-month, egress unmetered at ₮0 (seed 000); 一万网络 A100 40G ¥2,800 a month, ¥26,880 a year (seed 003)."""

from __future__ import annotations

import re

import pytest

from bot.understand.parser import parse
from tests.chat_user import first_lines, said

TERM_AND_RUN = [
    "32b 全参 8卡h100 gpuli 一个月多少钱？2000 万 token 3 个 epoch 训一次要多久？",
    "2000万token跑3个epoch，32b全参在gpuli 8卡h100上要训多久，包月多少钱",
    "gpuli 八卡 h100 月租多少 32b 全参 2000万 token 3 epoch 要跑多久",
    "32b full ft on 8x h100 at gpuli: monthly price? and how long for one run of 20M tokens x 3 epochs?",
    "how long would a 32b full fine-tune of 20M tokens, 3 epochs take on 8 h100s at gpuli, and what's the monthly cost",
    "gpuli 8xH100 monthly price and how long for 32B full FT, 20M tokens, 3 epochs?",
    "32b full ft 8卡h100 gpuli monthly 多少? 2000万 token 3 epoch 要多久",
]


@pytest.mark.parametrize("text", TERM_AND_RUN)
def test_the_run_time_and_the_month_asked_are_both_answered(text: str) -> None:
    me = said(text)
    head = first_lines(me, 3)
    assert "1.5" in head and "14,432" in head, me.text  # the run's time, and the month (not the week's ₮4,172)
    assert "4,172" not in me.text, me.text
    assert len(me.lines) <= 20, me.text


@pytest.mark.parametrize("text", ["八卡H100包月啥价 32b全参跑一轮大概多久",
                                  "how long does one pass of a 32b full ft take on 8x h100 at gpuli, and what's the monthly price"])
def test_a_run_time_asked_without_a_dataset_says_the_speed_beside_the_month(text: str) -> None:
    me = said(text)
    head = first_lines(me, 3)
    assert "14,432" in head, me.text
    assert "4,500 万 token" in head or "45 million tokens" in head, me.text  # 20M × 3 in about 1.35 h
    assert "4,172" not in me.text, me.text


@pytest.mark.parametrize("text", ["一万网络 A100 40G 一个月多少钱？7b lora 训一次要多久？",
                                  "gpuli 4090 包月多少？8b qlora 跑一次大概多久？"])
def test_a_run_time_without_a_dataset_beside_a_card_s_month_is_both_answered(text: str) -> None:
    """The card named in one question and the job in the other are one job: its month priced (seed 003: ¥2,800; seed
    000: ₮369), led by the speed the run depends on and the trial that times it (seed 002: about 50 steps)."""
    me = said(text)
    head = first_lines(me, 3)
    assert ("¥2,800" in head or "₮369" in head) and "50 步" in head, me.text
    assert "📏" not in me.text, me.text  # never a sizing in place of the time asked


def test_a_rental_s_end_asked_beside_its_price_is_no_run_time() -> None:
    """"…多少钱？租到哪天？" asks when the week ends (12月8日 from Tue 12月1日), not how long a run takes."""
    me = said("gpuli 4090 包周跑 8b qlora 多少钱？租到哪天？")
    assert "₮109" in me.text and "12月8日" in me.text and "50 步" not in me.text, me.text


@pytest.mark.parametrize(("text", "trial"), [("7b lora 训一次要多久？", "50 步"),
                                             ("how long does one 7b lora run take on an a100 40g?", "50 steps")])
def test_a_job_s_run_time_asked_without_a_dataset_is_timed_on_the_example(text: str, trial: str) -> None:
    """A job's one run asked with no dataset is timed on the reference example (seed 000: 2,000 万 token × 3 epochs),
    said so with how to time the real run; it was a sizing that gave no time at all."""
    me = said(text)
    assert trial in me.lines[0] and ("2,000 万" in me.lines[0] or "20M" in me.lines[0]), me.text
    assert "⏱ 7B LoRA" in me.text, me.text


def test_a_run_that_outlasts_the_term_is_priced_for_the_run() -> None:
    me = said("7b 全参 a100 gpuli 一周多少钱？20 亿 token 3 个 epoch 训一次要多久？")
    assert "小时" in first_lines(me, 2), me.text
    assert "买 1周" not in me.text, me.text  # weeks of training: the run sets the rental, not the week asked


ADD_ON_AND_FAQ = [
    "gpuli 存储卷多少钱一个 GB，出口流量收费吗",
    "存储卷 gpuli 每GB每月多少 流量要钱吗",
    "gpuli 出口流量收费吗？存储卷一个G多少钱",
    "gpuli volume storage price per GB? is egress free?",
    "how much is gpuli's storage volume per GB, and is egress charged?",
    "gpuli 存储卷 price per GB? 出口流量要钱吗",
]


@pytest.mark.parametrize("text", ADD_ON_AND_FAQ)
def test_an_add_on_price_and_the_egress_question_are_both_answered(text: str) -> None:
    me = said(text)
    assert "0.08" in me.text, me.text
    assert re.search(r"₮0(?![.\d])", me.text), me.text  # egress: unmetered, ₮0 on the bill
    assert len(me.lines) <= 20, me.text


def test_an_add_on_price_is_no_cost_of_the_job_beside_it() -> None:
    parts = parse("gpuli 存储卷多少钱一个 GB，出口流量收费吗").parts
    assert [p.intent for p in parts] == ["price", "faq"]


YEAR_AND_MONTH = [
    ("8x h100 at gpuli, monthly and yearly price?", ["14,432", "173,184", "a year is 12 months"]),
    ("8卡h100 gpuli 月付和年付各多少", ["14,432", "173,184", "一年按 12 个月算"]),
    ("a100 40g at yiwan, monthly and yearly price?", ["2,800", "26,880"]),
    ("一万网络 a100 40g 年付和月付分别多少", ["26,880", "2,800"]),
]


@pytest.mark.parametrize(("text", "figures"), YEAR_AND_MONTH)
def test_a_year_and_a_month_are_both_priced(text: str, figures: list[str]) -> None:
    me = said(text)
    for figure in figures:
        assert figure in me.text, me.text
    # the two prices in the order asked (a leading line weighing both, "按月付 12 × ¥2,800 … 年付 ¥26,880", comes first)
    body = me.text.split("\n\n", 1)[-1] if me.lines[0].startswith("💡") else me.text
    assert body.index(figures[0]) < body.index(figures[1]), me.text


@pytest.mark.parametrize("text", ["what's the weekly and the monthly rate for a 4090 at gpuli",
                                  "gpuli 4090 周租和月租分别多少", "a 4090 at gpuli, how much by the month and by the week"])
def test_a_week_and_a_month_stay_one_price_list(text: str) -> None:
    me = said(text)
    assert "₮109" in me.text and "₮369" in me.text, me.text
    assert len(parse(text).parts) == 0


@pytest.mark.parametrize("text", ["32b qlora a6000 周租多少 月租多少", "14b lora 用 l40s，周租和月租各多少"])
def test_a_job_s_two_terms_asked_are_priced_not_timed(text: str) -> None:
    """A job with its card's week and month asked is a price question: the terms lead (seed 000: gpuli A6000 ₮115 a
    week, ₮389 a month), never the run's time on the reference example."""
    me = said(text)
    assert not first_lines(me, 1).startswith("⏱"), me.text
    assert "💰" in first_lines(me, 3), me.text


@pytest.mark.parametrize(("text", "hours"), [("gpuli 8张h100 一个月多少钱？训一次 32b 全参要多久？", "小时"),
                                             ("gpuli 8×H100 monthly price? and how long is one 32B full run?", " h)")])
def test_the_speed_beside_a_month_carries_the_reference_run_s_time(text: str, hours: str) -> None:
    """With no dataset the setup's speed leads, and the reference table's own run (seed 000: 32B full, 20M tokens × 3
    epochs on 8×H100, 6·N·D at 30% utilisation, about 1.3–1.5 h) is timed beside it, so the answer has a time."""
    me = said(text)
    head = first_lines(me, 1)
    assert ("2,000 万 token × 3" in head or "20 million tokens × 3" in head) and hours in head, me.text
    hours_said = float(re.search(r"(\d+(?:\.\d+)?) (?:小时|h\))", head.split("×")[-1])[1])
    assert 1.2 <= hours_said <= 1.6, me.text


@pytest.mark.parametrize(("text", "size"), [("llama 3.3 70b 4bit 基座多大 下载要多久先算体积", r"4-bit 约 (3[5-9]|4[0-2])(\.\d)? GB"),
                                            ("qwen 72b 4-bit weights how big, and how long to download?",
                                             r"4-bit is about (3[5-9]|4[0-2])(\.\d)? GB")])
def test_the_weights_asked_with_their_download_time_lead_not_a_run_time(text: str, size: str) -> None:
    """"多久" beside the weights' size asks how long they take to download, never the training run's time: the 4-bit
    base weights lead (seed 000: about 0.55 bytes a parameter, 70B ≈ 38.8 GB)."""
    me = said(text)
    assert re.search(size, me.lines[0]), me.text
    assert "⏱" not in first_lines(me, 2), me.text
