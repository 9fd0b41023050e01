"""Planning questions: each answer is checked against the engine itself (the found value fits, the
next one does not), and deadline / budget filters keep exactly the options that meet them."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest

from bot.text.render import render_reply
from bot.understand.parser import parse, parse_cost
from bot.views.planning import budget_reply, cards_reply, deadline_reply, max_seq_reply, planning_for
from engine.calibration import band_for
from engine.errors import InvalidRequest
from engine.fit import Planner, ladder
from engine.planning import (
    SEQ_STEP,
    by_deadline,
    cards_needed,
    largest_micro_batch,
    longest_sequence,
    within_budget,
)
from engine.request import TrainingRequest
from engine.resolve import resolve
from engine.sizing import size

NOW = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
JOB = TrainingRequest(model="qwen3-32b", method="full", tokens=20_000_000, epochs=3)


def fits(req: TrainingRequest) -> bool:
    s = size(req)
    return s.fit is not None and s.fit.fits


@pytest.mark.parametrize("stated", [
    {"model": "qwen3-8b", "method": "qlora", "gpu": "rtx-4090"},
    {"model": "qwen2.5-7b", "method": "lora", "gpu": "a100-80g-sxm", "micro_batch": 4},
    {"model": "qwen3-32b", "method": "full", "gpu": "h200", "num_gpus": 8, "zero": 3},
])
def test_longest_sequence_is_the_boundary(stated: dict[str, object]) -> None:
    req = TrainingRequest.model_validate(stated)
    found = longest_sequence(req)
    assert found.value is not None and found.value % SEQ_STEP == 0
    assert found.sizing.request.seq_len == found.value and fits(req.model_copy(update={"seq_len": found.value}))
    if not found.at_limit:
        assert not fits(req.model_copy(update={"seq_len": found.value + SEQ_STEP}))
    else:
        assert found.value == resolve(req).spec.max_context


def test_qwen3_8b_qlora_on_a_4090() -> None:
    """Searched on the high end: the expected figure times the calibrated QLoRA one-card band's high
    ratio (catalogs/memory_calibration.yaml) fits the 24 GB card at the answer and not 128 tokens on,
    while the expected figure alone would allow far longer sequences."""
    req = TrainingRequest(model="qwen3-8b", method="qlora", gpu="rtx-4090")
    found = longest_sequence(req)
    ratio = band_for("qlora", "single", resolve(req).framework.id).high
    assert ratio > 1.3  # the QLoRA band's 95th percentile (×1.28) times the cross-conformal widening (×1.11)
    est = found.sizing.estimate
    assert found.value is not None and est.range.high_gb == pytest.approx((est.total_gb + est.version_margin_gb) * ratio)
    assert est.range.high_gb <= 24.0 < size(req.model_copy(update={"seq_len": found.value + SEQ_STEP})).estimate.range.high_gb
    assert 2048 <= found.value < 4096 and est.total_gb < 24.0 / ratio  # 3,072 tokens with the band of 2026-12-01
    batch = largest_micro_batch(TrainingRequest(model="qwen3-8b", method="qlora", gpu="rtx-4090"))
    assert batch.value == 1
    assert not fits(TrainingRequest(model="qwen3-8b", method="qlora", gpu="rtx-4090", micro_batch=2))


def test_nothing_fits_and_no_card_named() -> None:
    found = largest_micro_batch(TrainingRequest(model="qwen2.5-72b", method="full", gpu="rtx-4090"))
    assert found.value is None and found.sizing.fit is not None and not found.sizing.fit.fits
    with pytest.raises(InvalidRequest):
        longest_sequence(TrainingRequest(model="qwen3-8b", method="lora"))


def test_cards_needed_is_the_fewest_that_fit_with_its_stage_and_price() -> None:
    found = cards_needed(TrainingRequest(model="qwen2.5-72b", method="full", num_gpus=1), "h100")
    plan = found.fit.estimate.plan
    assert found.fit.fits and (plan.num_gpus, plan.zero, plan.offload) == (8, 3, "optimizer")
    r = resolve(TrainingRequest(model="qwen2.5-72b", method="full", gpu="h100-sxm"))
    fewer = [p for p in ladder(r) if p.num_gpus < plan.num_gpus]
    assert fewer and all(Planner(r).estimate(p).total_gb > 80 for p in fewer)
    assert {o.provider.id for o in found.options} == {"gpuli", "yiwan"}
    assert all(o.num_gpus == 8 and o.gpu.id == "h100-sxm" for o in found.options)
    lora = cards_needed(TrainingRequest(model="qwen2.5-14b", method="lora"), "rtx-4090")
    assert lora.fit.num_gpus == 4 and lora.fit.estimate.plan.zero == 3 and lora.options == ()  # 2 cards only may fit


def test_deadline_keeps_exactly_the_options_that_finish_in_time() -> None:
    due = NOW + timedelta(hours=2)
    c = by_deadline(JOB, due, NOW)
    assert c.meeting and len(c.meeting) < len(c.options)
    assert all(o.need <= timedelta(hours=2) for o in c.meeting)
    assert all(o.need > timedelta(hours=2) for o in c.options if o not in c.meeting)
    totals = [o.compare_range.low for o in c.meeting]
    assert totals == sorted(totals)
    assert {o.num_gpus for o in c.options} > {8}  # more cards are tried, as a deadline may need them
    assert c.meeting[0].provider.id == "gpuli" and c.meeting[0].num_gpus == 8  # the seed's ₮4,172 box
    with pytest.raises(InvalidRequest):
        by_deadline(JOB, NOW - timedelta(hours=1), NOW)
    with pytest.raises(InvalidRequest):
        by_deadline(TrainingRequest(model="qwen3-32b", method="full"), due, NOW)


def test_budget_keeps_exactly_the_options_within_it() -> None:
    c = within_budget(JOB, Decimal(5000), "CNY")
    assert c.currency == "CNY" and c.meeting
    assert all(o.compare_range.high <= 5000 for o in c.meeting)
    assert all(o.compare_range.high > 5000 for o in c.options if o not in c.meeting)
    assert within_budget(JOB, Decimal(10), "USD").meeting == ()


def test_replies_in_both_languages() -> None:
    q = TrainingRequest(model="qwen3-8b", method="qlora", gpu="rtx-4090")
    longest = f"{longest_sequence(q).value:,}"  # 3,072 with the calibration of 2026-12-01
    assert longest in render_reply(max_seq_reply(q, "en")) and f"序列最长 {longest}" in render_reply(max_seq_reply(q, "zh"))
    text = render_reply(cards_reply(TrainingRequest(model="qwen2.5-72b", method="full"), "h100", "zh"))
    assert "需要 8 张 H100 SXM（ZeRO-3+offload）" in text and "₮4,172" in text
    text = render_reply(deadline_reply(JOB, NOW + timedelta(hours=2), NOW, "en"))
    assert "Deadline 2026-12-01 11:00 UTC" in text and "gpuli 8×H100 SXM" in text
    text = render_reply(budget_reply(JOB, Decimal(10), "USD", "zh"))
    assert "没有方案在预算内；最便宜的是" in text


@pytest.mark.parametrize(("text", "title"), [
    ("how many 4090s do I need for Qwen2.5-14B LoRA", "how many cards"),
    ("Qwen3-8B QLoRA 4090 最长能跑多长的序列", "最长能跑多长的序列"),
    ("qwen3-8b lora on an h100: largest batch size?", "largest micro-batch"),
    ("32B 全参 2000万token 3轮，预算2万元", "预算内的方案"),
    ("cheapest way to train 32B full on 20M tokens by Dec 3", "finish in time"),
    ("32B full, 20M tokens, within 2 days", "finish in time"),
])
def test_planning_questions_from_chat_text(text: str, title: str) -> None:
    lang = "zh" if any("\u4e00" <= c <= "\u9fff" for c in text) else "en"
    reply = planning_for(parse(text, NOW).asks, parse_cost(text), lang, NOW)
    assert reply is not None and reply.kind == "planning" and title in render_reply(reply)


def test_a_plain_sizing_question_is_not_a_planning_one() -> None:
    for text in ("Qwen3-8B QLoRA 一张4090够吗", "7B LoRA 4090 2 days", "32B full on 8 H100 seq 4096 batch 2"):
        assert planning_for(parse(text, NOW).asks, parse_cost(text), "en", NOW) is None


@pytest.mark.parametrize(("text", "states"), [("70b 全参 一共要几张 h100", "1,120 GB"), ("13b 全参微调需要几张 a100 80g", "208 GB"),
                                              ("how many H100s does a 70B full fine-tune need", "1,120 GB"),
                                              ("13b full finetune, how many a100 80gb cards?", "208 GB")])
def test_how_many_cards_says_the_memory_the_count_splits(text: str, states: str) -> None:
    """How many cards: the model states of the whole job (16 bytes a parameter with AdamW: 70B → 1,120 GB,
    13B → 208 GB), more than one card holds, so the count is justified in the first lines."""
    from tests.chat_user import ChatUser

    me = ChatUser()
    me.say(text)
    assert any(states in line for line in me.lines[:3]), me.text


def test_a_count_one_card_holds_says_no_total() -> None:
    v = cards_reply(TrainingRequest(model="qwen2.5-7b", method="qlora"), "rtx-4090", "en")
    assert v.data["v"]["num_gpus"] == 1 and "unsplit" not in render_reply(v)
