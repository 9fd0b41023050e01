"""Short follow-ups that change or ask about the answer just given (issue 18, session 30 round 1): a variant of the
card just priced (its other form or memory), "same q" for another model, the price in a currency named by its sign,
a model series said without its size, and how much slower the plan just priced runs. Figures: seed 000 (gpuli: A100
80GB PCIe ₮269 and SXM ₮319 a week, RTX 4090 ₮109 a week and ₮369 a month, offload costs 20–50% of throughput),
cloudgpu's list (RTX 4090 48G $0.65/h), the engine."""

from __future__ import annotations

from bot.core.price_terms_follow import variant_of
from bot.understand.follow_reads import amount_only, lone_form, series_named
from engine.catalog import gpus
from tests.chat_user import conversation, first_lines, said


# a card's other form, said alone after its price
def test_sxm_said_alone_after_a_family_price_is_that_form_there() -> None:
    me = said("what would one A100 80G cost me for a week on gpuli?", "what about the SXM version then?")
    assert "₮319" in first_lines(me) and "SXM" in first_lines(me)
    assert "CUDA" not in me.text


def test_pcie_said_alone_in_chinese() -> None:
    me = said("gpuli 上 A100 80G 租一周多少", "PCIe 版本的呢")
    assert "₮269" in first_lines(me) and "PCIe" in first_lines(me)
    assert "驱动" not in me.text


def test_form_variant_of_a_card() -> None:
    assert variant_of("h100-sxm", None, "pcie") == "h100-pcie"
    assert variant_of("a100-80g-pcie", None, "sxm") == "a100-80g-sxm"
    assert variant_of("a100-80g-sxm", None, "sxm") is None  # that card itself: no change


# another memory size, with "version" / "same q" words around it
def test_other_memory_version_in_english() -> None:
    text = conversation("hourly rate for a 24G 4090 at cloudgpu?", "same q but the 48G version?")
    assert "$0.65" in text and "CUDA" not in text and "14B" not in text


def test_other_memory_version_in_chinese() -> None:
    text = conversation("cloudgpu 的 4090 24G 每小时多少", "一样，但是要 48G 版本")
    assert "$0.65" in text and "驱动" not in text


# "same q" for another model keeps the method, card, provider and term
def test_same_q_for_another_size_keeps_the_job_in_english() -> None:
    me = said("weekly price for 7b qlora on a gpuli 4090?", "same question for 14b")
    assert "14B QLoRA" in first_lines(me) and "₮109" in first_lines(me)


def test_same_q_for_another_size_keeps_the_job_in_chinese() -> None:
    me = said("gpuli 4090 跑 7b qlora 租一周多少", "同问 14b")
    assert "14B QLoRA" in first_lines(me) and "₮109" in first_lines(me)


# the price again in a currency named by its sign
def test_yuan_sign_after_a_usdt_price() -> None:
    me = said("gpuli 4090 包月多少", "￥呢")
    assert "₮369 ≈ ¥2,620" in me.text  # ₮369 at the catalog's reference rates ($1 ≈ ₮1, $1 ≈ ¥7.1)


def test_yuan_sign_in_english() -> None:
    me = said("what's a month of a 4090 at gpuli", "and in ¥?")
    assert "≈ ¥2,620" in me.text


def test_currency_signs_read() -> None:
    assert amount_only("¥ 多少") == (True, "CNY")
    assert amount_only("多少元") == (True, "CNY")
    assert amount_only("in $ then") == (True, "USD")
    assert amount_only("₮ 呢") == (True, "USDT")
    assert amount_only("$300") == (False, None)  # an amount of its own, not a currency asked


# a model series said without its size
def test_series_alone_after_a_70b_job_in_chinese() -> None:
    me = said("70b qlora 大概吃多少显存", "用 llama 3.3")
    assert "Llama-3.3-70B QLoRA" in first_lines(me)


def test_series_alone_after_a_70b_job_in_english() -> None:
    me = said("vram for a 70b qlora?", "it'd be llama 3.1")
    assert "Llama-3.1-70B QLoRA" in first_lines(me)


def test_series_read() -> None:
    assert series_named("llama 3.3") == "llama3.3"
    assert series_named("qwen2.5 的") == "qwen2.5"
    assert series_named("qwen2.5-7b") is None and series_named("llama3.3 70b") is None
    assert lone_form("and the sxm one?") == "sxm" and lone_form("sxm or pcie?") is None


# how much slower the plan just priced runs
def test_throughput_cost_of_an_offloaded_plan_in_chinese() -> None:
    me = said("72b 全参 8 张 H100 开 offload 包月多少钱", "速度会掉多少")
    assert "20–50%" in first_lines(me) and "QLoRA" not in me.text


def test_throughput_cost_of_an_offloaded_plan_in_english() -> None:
    me = said("monthly cost of a 72b full fine-tune on 8 h100 with offload?", "how much slower does that run?")
    assert "20–50%" in first_lines(me) and "QLoRA" not in me.text


def test_every_catalog_card_with_both_forms_has_its_variant() -> None:
    ids = {g.id for g in gpus().entries}
    for pcie in [i for i in ids if i.endswith("pcie")]:
        sxm = variant_of(pcie, None, "sxm")
        assert sxm is None or sxm in ids
