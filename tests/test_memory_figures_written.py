"""Memory figures are written the way a person writes them (issue 18, class J): a whole number of GB has no
".0" that says nothing ("模型状态 70 GB", not "70.0 GB"; "16 GB", not "16.0 GB"), the same in every sizing line
of a reply, and a real decimal is never lost (80.7 GB stays 80.7). One rule (bot.text.figures.fmt_gb) serves the
templates' `gb` filter, the catalog's `{x:gb}` spec and the views that build a line in code. A second question
beside a sizing (what gradient checkpointing costs in speed: 20–30%, seed 000) is answered too."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.text.figures import fmt_gb
from bot.text.i18n import t
from tests.chat_user import said

WHOLE_WITH_ZERO = re.compile(r"(?<![\d.])\d[\d,]*\.0\s*GB")


@given(st.integers(min_value=1, max_value=5000))
def test_a_whole_number_of_gb_prints_without_a_trailing_zero(n: int) -> None:
    shown = fmt_gb(float(n))
    assert not shown.endswith(".0") and float(shown.replace(",", "")) == n


@given(st.integers(min_value=10, max_value=999).filter(lambda k: k % 10))
def test_a_real_decimal_is_kept(tenths: int) -> None:
    value = tenths / 10  # 1.1 .. 99.9 with a non-zero tenth
    assert fmt_gb(value) == f"{value:.1f}"


def test_small_and_large_figures_keep_their_precision() -> None:
    assert (fmt_gb(0.35), fmt_gb(4.5), fmt_gb(80.7), fmt_gb(79.96), fmt_gb(1152.0)) == ("0.35", "4.5", "80.7", "80", "1,152")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_catalog_lines_write_gb_by_the_same_rule(lang: str) -> None:
    line = t("warn.seed_minimum", lang, states_gb=70.0, extra_gb=10.7, total_gb=80.7, high_gb=94.2, card_gb=80.0)
    assert "70 GB" in line and "80.7 GB" in line and "94.2 GB" in line and "70.0" not in line
    assert "16 GB" in t("warn.does_not_fit", lang, short_gb=16.0)


@pytest.mark.parametrize(("text", "figures"), [
    ("咱们 7b 全参 单卡h100 80g 8bit优化器 行吗", ["模型状态 70 GB", "80.7 GB"]),
    ("7b 全参，一张 a100 80g，adamw 8bit，够不够？", ["70 GB", "80.7 GB"]),
    ("hey 7b full ft on one 80gb h100 w/ 8bit adam?", ["(70 GB)", "80.7 GB"]),
    ("can a 7B full fine-tune with an 8-bit optimizer fit a single H100?", ["70 GB", "80.7 GB"]),
    ("32b 全参 8卡 zero-offload 每卡压到多少", ["16 GB"]),
    ("32B full FT on 8 GPUs with zero3 + cpu offload, how low per card?", ["16 GB on the card"]),
    ("14b full ft 4 cards zero3, per gpu memory?", ["56 GB"]),
    ("每张卡要多少显存：32B 全参，8 卡 ZeRO-3", ["64 GB"]),
])
def test_a_sizing_reply_writes_whole_gb_without_zero(text: str, figures: list[str]) -> None:
    me = said(text)
    assert all(f in me.text for f in figures), me.text
    assert not WHOLE_WITH_ZERO.search(me.text), me.text


@pytest.mark.parametrize("turns", [
    ("7b full 单卡 h100 adamw", "加 8bit optimizer 呢"),
    ("7b full fine-tune on one h100", "with 8-bit adam then?"),
])
def test_a_follow_up_sizing_writes_them_the_same_way(turns: tuple[str, str]) -> None:
    me = said(*turns)
    assert "70 GB" in me.text and not WHOLE_WITH_ZERO.search(me.text), me.text


@pytest.mark.parametrize("text", [
    "does 7b full fit one 80g card with 8bit adam? and what does grad checkpointing cost in speed?",
    "7b full ft, one 80gb card, 8-bit adam: fits? also how much slower is grad checkpointing",
    "7b 全参 单卡 80g 8bit adam 够吗？另外梯度检查点会慢多少",
])
def test_a_second_question_on_checkpointing_speed_is_answered_beside_the_sizing(text: str) -> None:
    me = said(text)
    assert "70 GB" in me.text and "20–30%" in me.text, me.text


@pytest.mark.parametrize("text", ["what does grad checkpointing cost in speed?", "how much slower is grad checkpointing?",
                                  "梯度检查点会慢多少"])
def test_checkpointing_speed_alone_is_its_faq_not_accumulation(text: str) -> None:
    me = said(text)
    assert "20–30%" in me.text and "accumulation" not in me.text and "累积" not in me.text, me.text
