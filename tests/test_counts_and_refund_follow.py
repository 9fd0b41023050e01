"""Issue 18 (session 28, round 1, blind 78/79): follow-ups after an answer and card counts written before the
card. A bare count after a sizing is its cards ("and on 2?"); "how many cards" after a price is the job's
sizing on that card with the count said; the days left of a prepaid week asked back is the refund rule (seed
000: gpuli refunds only within 1 hour of creating the instance); "x8 h100" is eight H100s; a per-card figure
asked with a card's fit leads with that card's verdict. Figures from the engine and seed 000 (32B full, 524 GB
of states for Qwen3-32B, 65.5 GB a card over 8 with ZeRO-3; ZeRO-2 keeps 120 GB a card, over an 80 GB H100)."""

from __future__ import annotations

import re

import pytest

from bot.understand.parser import parse
from tests.chat_user import first_lines, said


@pytest.mark.parametrize(("first", "then", "count"), [
    ("what does a 14b lora need", "and on 4?", 4),
    ("qwen3 8b lora how much vram", "what about on two?", 2),
    ("14b lora 要多少显存", "那 4 呢", 4),
    ("7b qlora 4090 够吗", "2 呢", 2),
])
def test_a_bare_count_after_a_sizing_is_its_cards(first: str, then: str, count: int) -> None:
    me = said(first, then)
    assert re.search(rf"(?<!\d){count}\s*×", first_lines(me, 1)), me.text


def test_a_bare_number_after_an_hours_price_is_still_hours() -> None:
    me = said("a800 price for 3 hours", "and 8")
    assert "8.72" in me.text, me.text  # 8 h × $1.09 at CloudGPU (seed 002)


@pytest.mark.parametrize(("first", "then", "count"), [
    ("7b qlora 4090 一周多少钱", "要几张卡", r"1 张"),
    ("14b lora a6000 包月多少", "how many cards do I need?", r"one card"),
    ("32b full on a100 80g, monthly price?", "how many do we need", r"8 cards"),
])
def test_how_many_cards_after_a_price_says_the_count(first: str, then: str, count: str) -> None:
    me = said(first, then)
    assert re.search(count, first_lines(me, 3)), me.text


@pytest.mark.parametrize(("first", "then"), [
    ("gpuli 的 4090 按周租的 只跑了 2 天", "剩下 5 天的钱能退吗"),
    ("gpuli 4090 包月 用了 10 天", "剩下的 20 天退不退"),
    ("rented a 4090 weekly at gpuli, only needed 2 days", "can I get a refund for the other 5 days?"),
])
def test_the_days_left_asked_back_is_the_refund_rule(first: str, then: str) -> None:
    me = said(first, then)
    lead = first_lines(me, 1)
    assert "❌" in lead, me.text
    assert "1 小时" in lead or "1 hour" in lead, me.text


@pytest.mark.parametrize(("text", "count"), [
    ("qwen3 32b 全参，x8 h100 zero3，每卡多少", 8),
    ("32b full, x4 a100 80g, per card?", 4),
    ("14b lora ×2 4090 够吗", 2),
    ("rtx 4090 7b lora", None),
    ("8x h100 70b lora", 8),
])
def test_a_count_signed_before_the_card(text: str, count: int | None) -> None:
    assert parse(text).request.num_gpus == count


def test_x8_before_the_card_sizes_eight_cards() -> None:
    me = said("qwen3 32b full ft, x8 h100 zero3, how much per card")
    assert "8× H100" in first_lines(me, 1) and "65.5" in me.text, me.text


@pytest.mark.parametrize(("text", "card", "most"), [
    ("32b 全参 8卡 zero2 每卡要多少显存 h100 放得下吗", "H100", "150"),
    ("32b 全参 八卡 zero2 每张卡多少G 塞得进h100吗", "H100", "150"),
    ("14b 全参 2卡 zero2 每卡要多少 能塞进a100吗", "A100", "169"),
    ("14b full, 2 cards, zero2: GB per card, will it squeeze into an a100 80g?", "A100", "169"),
])
def test_a_per_card_figure_with_a_cards_fit_leads_with_its_verdict(text: str, card: str, most: str) -> None:
    me = said(text)
    lead = first_lines(me, 1)
    assert "❌" in lead and card in lead and most in lead, me.text


# a count of cards for a one-card LoRA / QLoRA names the seeds' figures beside ours, as a sizing does (seed 000's
# table: 14B LoRA 34–42 GB, 14B QLoRA 14–18 GB; seed 002's: 14B QLoRA 12–16 GB); a multi-card count, sized past
# the tables' one-card settings, names none
@pytest.mark.parametrize(("turns", "tables"), [
    (("14b lora 要几张 a100",), "参考表 gpuli 34–42 GB"),
    (("how many a100s for a 14b qlora?",), "reference tables gpuli 14–18 GB, CloudGPU 12–16 GB"),
    (("14b 全参 几张 a100 够", "换 lora 呢"), "参考表 gpuli 34–42 GB"),
    (("how many h100s does a 14b full fine-tune take?", "and with lora?"), "reference tables gpuli 34–42 GB"),
])
def test_a_count_of_one_card_names_the_seeds_figures(turns: tuple[str, ...], tables: str) -> None:
    me = said(*turns)
    assert tables in first_lines(me, 2), me.text


def test_a_count_of_several_cards_names_no_table() -> None:
    me = said("14b 全参 要几张 a100")
    assert "参考表" not in me.text and "4 张" in me.lines[1], me.text
