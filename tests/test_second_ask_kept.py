"""Issue 18 (class F, blind set 40): a message's second question is answered, not dropped. A term's price
asked after a deadline with its mark split off ("feasible? and monthly price?"); a card count after a
setting whose value came first ("3 epochs, 8 H100s"); a short second question the FAQ is sure of behind a
runway ("能撑多久 用完会咋样"); and whether a rental can be bought by the day or hour, answered yes or no from
the provider's own terms. Figures from the seeds: gpuli 8×H100 ₮14,432/month, RTX 4090 ₮109/week,
weekly and monthly cycles only; CloudGPU per minute, A100 80GB $1.49/h, the instance destroyed when the
balance runs out (seeds 000, 002)."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import first_lines, said


@pytest.mark.parametrize("text", [
    "need a 32b full run done by friday: 20M tokens, 3 epochs, eight H100s. feasible? and monthly price?",
    "32b full on 8 h100s, 20M tokens x 3 epochs, done by friday? and the monthly price",
    "32b 全参 8卡h100 2000万token 3个epoch 周五前能训完吗？月租价格",
])
def test_deadline_and_a_term_price_both_answered(text: str) -> None:
    me = said(text)
    assert "14,432" in me.text, me.text  # the month of 8×H100 at gpuli
    assert "1.5" in me.text, me.text  # the run's time against the deadline


@pytest.mark.parametrize(("text", "count"), [
    ("3 epochs, 8 H100s", 8), ("3 epochs, eight h100", 8), ("2 epochs，4 张 a100 80g", 4), ("batch 4 4090 14b lora", None),
])
def test_a_count_after_a_valued_setting_is_the_cards(text: str, count: int | None) -> None:
    assert parse(text).request.num_gpus == count


@pytest.mark.parametrize(("text", "destroyed"), [
    ("cloudgpu 余额只剩 10 刀 跑 a100 80g 能撑多久 用完会咋样", "销毁"),
    ("cloudgpu 上还剩 \\$10 a100 80g 能跑多久 用完会怎样", "销毁"),
    ("i've got $10 left on cloudgpu, how long will an a100 80g last and what happens when it runs out?", "destroy"),
])
def test_runway_then_what_happens_at_zero(text: str, destroyed: str) -> None:
    me = said(text.replace("\\$", "$"))
    assert "6.7" in first_lines(me), me.text
    assert destroyed in me.text, me.text


@pytest.mark.parametrize(("text", "lead", "price"), [
    ("gpuli 的 4090 我只要用 3 天 能按天租吗", "不能", "₮109"),
    ("gpuli 4090 用两天 可以按天租不", "不能", "₮109"),
    ("can I rent a 4090 at gpuli by the day? only need 2 days", "No", "₮109"),
    ("need a 4090 for two days, does gpuli do daily rentals?", "No", "₮109"),
    ("cloudgpu 的 4090 能按天租吗 跑两天", "可以", "$15.84"),
])
def test_a_unit_asked_yes_or_no_leads(text: str, lead: str, price: str | None) -> None:
    me = said(text)
    assert me.lines[0].lstrip("❌✅ ").startswith(lead), me.text
    if price:
        assert price in me.text, me.text


def test_a_unit_the_faq_answers_keeps_its_answer() -> None:
    me = said("gpuli h100 hourly rental possible?")  # the FAQ's own answer for gpuli leads, no line above it
    assert "gpuli has no hourly" in first_lines(me) and "❌" not in me.text, me.text


def test_a_unit_price_asked_is_no_yes_or_no() -> None:
    me = said("gpuli 4090 按天多少钱")
    assert "不能" not in me.text and "₮109" in me.text, me.text


# "what's the catch" of a plan: what it costs in throughput leads (seed 000: offload 20–50% slower).
@pytest.mark.parametrize(("text", "cost"), [
    ("72b full ft on 8x H100 with offload, what's the catch?", "20–50%"),
    ("72b 全参 8卡h100 开 offload 有啥代价", "20–50%"),
    ("8x a100 80g, 72b full finetune w/ zero3 offload — downsides?", "20–50%"),
    ("72b 全参微调 8张h100 开offload 缺点是啥", "20–50%"),
    ("14b qlora on a 4090 any downside?", "20–40%"),
])
def test_the_catch_of_a_plan_leads_with_its_speed(text: str, cost: str) -> None:
    me = said(text)
    assert cost in me.lines[0], me.text
    assert "MI300X" not in me.lines[0], me.text


def test_a_plan_that_does_not_fit_leads_with_that() -> None:
    me = said("14b 全参 4张4090 zero3 有什么代价")
    assert me.lines[0].startswith("❌"), me.text


# "需要 zero3 吗" on one card: no leads (ZeRO-3 shards across cards), then the job sized without it.
@pytest.mark.parametrize(("text", "no"), [
    ("13b 用 a100 40g 跑 lora 需要 zero3 吗", "不需要"),
    ("14b lora 单卡 a100 80g 要不要开 zero3", "不需要"),
    ("do I need zero3 for 7b lora on one 4090?", "No"),
    ("7b qlora on a single 4090, is zero-3 required?", "No"),
])
def test_zero3_on_one_card_is_not_needed(text: str, no: str) -> None:
    me = said(text)
    assert me.lines[0].startswith(no), me.text
    assert "ZeRO-3)" not in me.lines[1], me.text  # sized as one card without sharding


def test_zero3_on_several_cards_is_the_sizing() -> None:
    """The need for ZeRO-3 is answered with the job's own figures (one 80 GB card holds 14B LoRA), and the
    sizing on the cards named follows: never a FAQ entry's "no" about something else."""
    me = said("14b lora on 2 a100 80g, do I need zero3?")
    assert "ZeRO-3" in me.lines[0] and "36.4 GB" in me.lines[0], me.text
    assert "2× A100 80GB" in me.text, me.text


# A question about the card just priced, naming no card: that card's answer (seed 000: MI300X 192 GB, 72B work).
@pytest.mark.parametrize("turns", [
    ("gpuli mi300x 包月", "适合干啥"),
    ("mi300x at gpuli monthly?", "what's it good for?"),
    ("gpuli mi300x 一周多少", "这卡适合用来干什么"),
])
def test_what_the_card_just_priced_is_suited_for(turns: tuple[str, ...]) -> None:
    me = said(*turns)
    assert "192" in me.text and "72B" in me.text, me.text


# NVLink asked of the setup just recommended, named by its count: yes, for that setup (seed 000: SXM parts).
@pytest.mark.parametrize(("turns", "setup", "yes"), [
    (("gpuli 32b 全参 配置", "多少钱", "那个 8 卡的有 nvlink 吗"), "8×A100 80GB SXM", "有"),
    (("gpuli 32b 全参 配置", "多少钱", "does the 8-card one have nvlink?"), "8×A100 80GB SXM", "Yes"),
    (("gpuli 8卡h100 包月多少", "这台 8 卡的机器有 nvlink 吗"), "8×H100 SXM", "有"),
])
def test_nvlink_of_the_setup_just_shown(turns: tuple[str, ...], setup: str, yes: str) -> None:
    me = said(*turns)
    assert setup in first_lines(me) and yes in first_lines(me), me.text


def test_a_count_alone_still_changes_the_setup() -> None:
    me = said("gpuli 32b 全参 配置", "多少钱", "那 4 卡的呢")
    assert "4×A100" in me.lines[0] and "NVLink" not in me.text, me.text


# How long a run of the job just sized or priced takes, its dataset stated: the run's time leads, not the FAQ
# on estimating, nor the sizing again (32B full on 8×H100, 20M tokens × 3 epochs: about 1.5 h).
@pytest.mark.parametrize(("turns", "hours"), [
    (("32b 全参 8卡h100 一个月多少", "训一次要多久 2000万token 3个epoch"), "1.5"),
    (("32b full on 8 h100s monthly price", "how long for one run, 20M tokens x 3 epochs"), "1.5"),
    (("7b qlora 4090", "训 1000万 token 要多久"), "1.5"),
    (("7b qlora 4090", "how long to train on 10M tokens"), "1.5"),
])
def test_the_run_of_the_job_before_is_timed(turns: tuple[str, ...], hours: str) -> None:
    me = said(*turns)
    assert me.lines[0].startswith("⏱") and hours in me.lines[0], me.text


# "with offload how much slower" of the plan just given keeps that plan (8×H100 SXM, ZeRO-3+offload), so its
# monthly price next is the plan's (gpuli ₮14,432), not a 4-card machine nobody rents.
def test_speed_of_the_plan_keeps_the_plan() -> None:
    me = said("72b full finetune plan", "with offload how much slower")
    assert "20–50%" in me.lines[0] and "8× H100 SXM" in me.text, me.text
    me.say("and monthly cost")
    assert "14,432" in first_lines(me) and "Nobody rents" not in me.text, me.text


def test_the_catch_of_a_card_is_its_own_entry() -> None:
    me = said("72B LoRA on MI300X — what's the catch?")  # the card's pitfalls (ROCm), not a sizing
    assert "ROCm" in me.text, me.text


# a sizing and a fact of its cards asked in one message, the cards pointed at by their count ("这俩卡", "these two
# cards") or asked 有…没: both answered; the 4090 has no NVLink (PCIe only), the 3090 takes a two-card bridge
@pytest.mark.parametrize(("text", "card_fact"), [
    ("8b qlora 两张4090跑ddp 行不行 这俩卡有nvlink没", "4090 这张卡本身就不带 NVLink"),
    ("8b qlora 两张4090跑ddp 行不行？这两张卡之间有nvlink吗", "4090 这张卡本身就不带 NVLink"),
    ("7b lora on two 3090s with ddp, ok? do these two cards have nvlink", "3090 itself takes an NVLink bridge"),
])
def test_a_sizing_and_its_cards_link_both_answered(text: str, card_fact: str) -> None:
    me = said(text)
    assert me.text.lstrip().startswith(("✅", "⚠️", "📏")) and "DDP" in first_lines(me, 4), me.text
    assert card_fact in me.text and "PCIe" in me.text, me.text
