"""Blind sets 22 and 23's picks and comparisons, as behaviour: "no offload" in any wording is a
condition of the pick; cards side by side are each judged with the lever that makes them hold the job
(the 8-bit optimizer as seed 000 sizes 7B on one 80 GB card; no offload on a card that needs none),
an offload row says its throughput cost, and the pick (or the trade-off) leads; seed 000's minimum is
priced for the span asked and stands under the lead; the table's roomy one-card setup is named, with
by how much our estimate differs; a card ruled out is neither asked about nor recommended; two
providers asked which rents a setup cheaper are compared, a range on its high end."""

from __future__ import annotations

import pytest

from bot.understand import fields as f
from bot.understand.parser import parse
from tests.chat_user import T0, ChatUser, first_lines, said


@pytest.mark.parametrize("text", [
    "72b 全参 无 offload 最省的方案", "offload-free 72b full ft, cheapest?", "72b 全参 不需要 offload 怎么配",
    "non-offload setup for a 72b full fine-tune", "no-cpu-offload plan for 72b full finetune",
])
def test_no_offload_in_any_wording_is_a_condition_of_the_pick(text: str) -> None:
    assert f.offload(text) == "none", text
    me = said(text)
    assert "H200" in first_lines(me) and "19,752" in me.text and "8-bit" in me.text, me.text


@pytest.mark.parametrize(("text", "offload"), [
    ("72b full ft with offload", "optimizer"), ("需不需要 offload", None), ("要不要 offload", None),
])
def test_offload_stated_or_asked_stays_as_before(text: str, offload: str | None) -> None:
    assert f.offload(text) == offload


@pytest.mark.parametrize(("text", "slow"), [
    ("72b 全参 8卡h100 开 offload 和 8卡h200 怎么取舍", "20–50%"),
    ("8x h100 + offload or 8x h200 for 72b full finetune, which one?", "20–50%"),
])
def test_offload_in_a_comparison_says_its_cost_and_the_other_card_needs_none(text: str, slow: str) -> None:
    me = said(text)
    head = first_lines(me, 1)
    assert slow in head and "H200" in head and "8-bit" in head, me.text
    assert "19,752" in head and "14,432" in head, head  # both prices, gpuli by the month


@pytest.mark.parametrize(("text", "lever"), [
    ("7b 全参 a100 80g 还是 h200 哪个好", "8-bit 优化器"),
    ("7b full fine-tune: h200 or a100 80gb?", "8-bit optimizer"),
])
def test_cards_side_by_side_are_judged_with_the_lever_that_makes_them_fit(text: str, lever: str) -> None:
    me = said(text)
    assert "❌" not in me.text, me.text
    assert lever in first_lines(me, 1) and "899" in first_lines(me, 1) and "2,599" in first_lines(me, 1), me.text
    assert "152 GB" in me.text  # AdamW's own figure, said beside the lever


@pytest.mark.parametrize(("text", "lead"), [
    ("14b lora l40s 还是 a6000 选哪个", "选 1×RTX A6000"),
    ("7b qlora: 4090 or 5090, which one?", "Pick 1× RTX 4090"),
    ("7b qlora 5090 和 4090 哪个好", "选 1×RTX 4090"),
])
def test_a_comparison_leads_with_the_pick_and_why(text: str, lead: str) -> None:
    me = said(text)
    assert first_lines(me, 1).startswith(f"👉 {lead}"), me.text


@pytest.mark.parametrize(("text", "total"), [
    ("7b 全参 a100 sxm 租 10 天 gpuli 多少钱", "₮638"),
    ("7b full fine-tune on a100 sxm for 12 days at gpuli, cost?", "₮638"),
])
def test_the_seed_minimum_is_priced_for_the_span_asked(text: str, total: str) -> None:
    me = said(text)
    assert total in first_lines(me) and "80.7 GB" in first_lines(me), me.text


@pytest.mark.parametrize("text", ["cheapest way to full finetune 7b for a week at gpuli", "7b 全参 gpuli 租一周 最省怎么租"])
def test_the_seed_minimum_stands_under_the_lead(text: str) -> None:
    me = said(text)
    assert "₮269" in first_lines(me), me.text


@pytest.mark.parametrize(("text", "over"), [
    ("7b 全参 只用 adamw 不开 8bit 单卡 用什么卡", "多 10.8 GB"),
    ("one card for a 7b full fine-tune with plain adamw?", "10.8 GB over"),
])
def test_the_table_roomy_one_card_setup_is_named_with_how_far_we_differ(text: str, over: str) -> None:
    head = first_lines(said(text))
    assert "H200" in head and "141 GB" in head and over in head, head


@pytest.mark.parametrize(("text", "out"), [
    ("预算 8000 一万网络 7b lora 选什么卡 不要 h100", "h100-sxm"),
    ("7b lora 除了 a6000 还能用啥", "rtx-a6000"),
    ("14b lora on anything but an a6000?", "rtx-a6000"),
    ("7b qlora, 4090s are out, what else", "rtx-4090"),
    ("recommend a card for 7b lora, not the h100", "h100-sxm"),
])
def test_a_card_ruled_out_is_neither_asked_about_nor_recommended(text: str, out: str) -> None:
    p = parse(text, T0)
    assert p.request.gpu is None and p.request.exclude == (out,), (p.request.gpu, p.request.exclude)
    head = first_lines(said(text), 2)
    assert ("RTX A6000" if out == "rtx-a6000" else "RTX 4090" if out == "rtx-4090" else "H100") not in head, head


def test_a_card_ruled_out_at_a_provider_leaves_its_cheaper_cards() -> None:
    me = said("预算 ¥1万 一万网络 7b lora 推荐什么 别给我推 h100 整机")
    assert "A100 40GB" in first_lines(me) and "¥2,800" in me.text and "¥1,750" in me.text, me.text


@pytest.mark.parametrize("text", ["4090 和 5090 分别多少钱", "4090 和 5090 有什么区别"])
def test_words_that_only_look_like_ruling_out_rule_nothing_out(text: str) -> None:
    assert parse(text, T0).request.exclude is None


@pytest.mark.parametrize(("text", "words"), [
    ("32b 全参 gpuli 和 一万网络 的 8 卡 a100 哪家便宜", ("一万网络 更便宜", "₮8,352", "¥40,000", "预估")),
    ("which is cheaper for an 8x a100 box, yiwan or gpuli?", ("一万网络 is cheaper", "₮8,352", "¥40,000", "estimated")),
])
def test_two_providers_are_compared_on_the_setup_asked(text: str, words: tuple[str, ...]) -> None:
    head = first_lines(said(text), 1)
    assert all(w in head for w in words), head


@pytest.mark.parametrize("text", ["7b 全参 一周多少 两周呢", "7b full ft, gpuli or cloudgpu cheaper for a week?", "7b full ft: weekly and monthly price?"])
def test_the_seed_minimum_is_named_in_a_cost_priced_several_ways(text: str) -> None:
    me = said(text)
    assert "₮269" in me.text and "8-bit" in me.text, me.text


@pytest.mark.parametrize(("text", "words", "never"), [
    ("7b 全参 用 a100 还是 h200 各多少钱一个月", ("1×H200 SXM ₮2,599", "1×A100"), "8×H200"),
    ("72b full ft: 8x h100 or 8x h200, how much each per month?", ("₮14,432 (offload, 20–50% slower)", "₮19,752"), "32×"),
    ("72b 全参 8卡 h100 还是 8卡 h200 各多少钱一个月", ("₮14,432（offload，吞吐降 20–50%）", "₮19,752"), "32×"),
])
def test_cards_priced_each_are_priced_with_their_lever(text: str, words: tuple[str, ...], never: str) -> None:
    me = said(text)
    assert all(w in me.text for w in words) and never not in me.text, me.text


@pytest.mark.parametrize(("asked", "ruled_out"), [
    ("8b lora bf16 gpuli 哪张卡", "8b lora bf16 gpuli 哪张卡，不要 4090"),
    ("8b lora bf16 at gpuli which card", "8b lora bf16 at gpuli which card, not the 4090"),
])
def test_the_cheaper_may_fit_card_is_never_one_ruled_out(asked: str, ruled_out: str) -> None:
    """8B bf16 LoRA at gpuli: the A6000 holds it, the 24 GB 4090 only may (₮109 a week, high end 28.1 GB):
    named beside the pick, unless the user ruled the 4090 out."""
    def edge_lines(text: str) -> list[str]:
        return [line for line in text.splitlines() if line.startswith(("⚠️ 更省但偏紧", "⚠️ Cheaper but tight"))]

    plain, ruled = ChatUser(), ChatUser()
    plain.say(asked)
    ruled.say(ruled_out)
    assert any("RTX 4090" in line and "109" in line for line in edge_lines(plain.text)), plain.text
    assert not any("RTX 4090" in line for line in edge_lines(ruled.text)), ruled.text
