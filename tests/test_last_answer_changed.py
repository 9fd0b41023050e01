"""Short follow-ups that change or ask about the answer just given (issue 18, session 30 round 1): a variant of the
card just priced (its other form or memory), "same q" for another model, the price in a currency named by its sign,
the fewest cards of a card rented as single instances, a model series said without its size, and how much slower
the plan just priced runs. Figures: seed 000 (gpuli: A100 80GB PCIe ₮269 and SXM ₮319 a week, RTX 4090 ₮109 a week
and ₮369 a month, offload costs 20–50% of throughput), cloudgpu's list (RTX 4090 48G $0.65/h), the engine."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.core.price_terms_follow import variant_of
from bot.understand.follow_reads import amount_only, lone_form, series_named
from engine.catalog import gpus
from engine.planning import cards_needed
from engine.price_list import card_hour_rates, machine_count
from engine.request import TrainingRequest
from engine.sizing import size
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


# the fewest cards of a card rented as single instances
def test_fewest_4090s_for_14b_bf16_lora_in_chinese() -> None:
    me = said("14b bf16 lora 显存要多少", "那得几张 4090")
    assert "3 张 RTX 4090" in first_lines(me) and "₮327" in me.text  # 3 × ₮109 a week, three single-card instances


def test_fewest_4090s_in_english() -> None:
    me = said("how much memory does a 14b bf16 lora take?", "how many 4090s do I need?")
    assert "3× RTX 4090" in me.text or "3 RTX 4090" in me.text


JOBS = st.sampled_from([("qwen3-14b", "lora"), ("qwen3-8b", "full"), ("qwen3-32b", "lora"), ("qwen2.5-7b", "full")])
CARDS = st.sampled_from(["rtx-4090", "rtx-5090", "rtx-a6000", "l40s"])


@settings(max_examples=8, deadline=None)
@given(JOBS, CARDS)
def test_no_fewer_rentable_count_holds_it_as_safely(job: tuple[str, str], card: str) -> None:
    """Within one node, the count answered is the fewest rented as such that holds the job with room."""
    found = cards_needed(TrainingRequest(model=job[0], method=job[1]), card)
    plan = found.fit.estimate.plan
    if not found.fit.fits or found.fit.tight or plan.nodes > 1 or plan.offload != "none":
        return
    for n in range(2, plan.num_gpus):
        if card_hour_rates(card, n)[0] is None or machine_count(card, n) != n:
            continue
        fit = size(TrainingRequest(model=job[0], method=job[1], gpu=card, num_gpus=n)).fit
        assert fit is None or not fit.fits or fit.tight, (job, card, n)


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
