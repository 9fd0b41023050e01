"""A card count or a budget given as a follow-up to a price keeps the provider, the term and the job, and never
contradicts the answer before it. Seed 000 (gpuli): RTX 4090 ₮109 a week, ₮369 a month, several 4090s train one
job data-parallel or with ZeRO-2 over PCIe; 8×H100 ₮14,432 a month, InfiniBand ₮600 per node per month; the
32B LoRA row's A100 80GB at ₮899 a month (the PCIe card; the SXM card is priced by the week, ₮319). Seed 002
(CloudGPU): A800 $1.09 an hour. Seed 003 (一万网络): RTX 3090 ¥1,750 a month, A100 40G ¥2,800, the 16-core
upgrade ¥400 and 128G of RAM ¥600 a month."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.chat_user import first_lines, said

# ---------------------------------------------------------------- a count after a price: the same card, summed


@pytest.mark.parametrize(("turns", "total"), [
    (("gpuli 4090 包周多少", "两张呢"), "₮218"),
    (("gpuli 4090 weekly", "two of them?"), "₮218"),
    (("gpuli 4090 weekly", "two of them?", "and monthly for both"), "₮738"),
    (("gpuli 4090 包周", "改包月", "两张呢"), "₮738"),
    (("4090 在 gpuli 一个月多少钱", "那 3 张呢"), "₮1,107"),
    (("how much is a 5090 a week at gpuli", "and 2 of them"), "₮298"),
])
def test_a_count_after_a_gpuli_consumer_card_price_is_that_card_summed(turns: tuple[str, ...], total: str) -> None:
    me = said(*turns)
    assert total in first_lines(me, 2), me.text
    assert not me.text.startswith(("没有哪家把", "Nobody rents")), me.text


# a count and its total with words of their own around it ("month-end", "我们这边", "财务结账", "the invoice"): the
# rental priced, that many times, however long the message runs (3 × ₮369 = ₮1,107), never "outside what I do"
@pytest.mark.parametrize(("turns", "total"), [
    (("4090 包月多少钱", "我们要 3 台，month-end total 多少"), "₮1,107"),
    (("4090 包月多少钱", "我们这边要 3 台，月底财务结账一共多少钱"), "₮1,107"),
    (("gpuli 4090 包月", "三台的话，到月底一共要付多少"), "₮1,107"),
    (("4090 monthly price?", "3 of them, month-end total?"), "₮1,107"),
    (("4090 monthly price?", "4 of those please, what does the invoice come to at the end of the month?"), "₮1,476"),
])
def test_a_count_with_its_total_asked_at_any_length_is_the_rental_priced_that_many_times(turns: tuple[str, ...],
                                                                                        total: str) -> None:
    me = said(*turns)
    assert total in first_lines(me, 2), me.text


@settings(max_examples=12, deadline=None)
@given(st.integers(2, 6), st.sampled_from([("4090 包月多少钱", "我们要 {n} 台，month-end total 多少"),
                                           ("4090 包月多少钱", "我们这边要 {n} 台，月底一共多少钱"),
                                           ("4090 monthly price?", "we'll need {n} of them, what's the month-end bill?"),
                                           ("4090 monthly price?", "{n} of those please, what does it come to?")]))
def test_any_count_with_its_total_is_that_count_of_the_month_priced(n: int, turns: tuple[str, str]) -> None:
    me = said(turns[0], turns[1].format(n=n))
    assert f"₮{n * 369:,}" in first_lines(me, 2), me.text


@pytest.mark.parametrize(("turns", "lead", "total"), [
    (("gpuli 4090 包周多少", "两张呢", "预算 300 够不"), "够", "₮218"),
    (("gpuli 4090 weekly", "what about two cards?", "is 300 usdt enough?"), "enough", "₮218"),
    (("gpuli 4090 包周多少", "四张呢", "预算 300 够吗"), "不够", "₮436"),
])
def test_a_budget_after_that_count_weighs_the_same_sum(turns: tuple[str, ...], lead: str, total: str) -> None:
    me = said(*turns)  # the budget path agrees with the price path: no "nobody rents 2× RTX 4090"
    assert lead in me.lines[0] and total in me.lines[0], me.text
    assert "做成一台机器" not in me.text and "as one machine" not in me.text, me.text


@pytest.mark.parametrize(("turns", "total"), [
    (("7b qlora 用啥卡", "gpuli 包月多少", "4 张呢"), "₮1,476"),
    (("7b qlora which card", "gpuli monthly?", "what about 4 of them"), "₮1,476"),
    (("帮我看下 8b qlora 要啥卡", "gpuli 一周多少钱", "那三张呢"), "₮327"),
    (("which gpu for an 8b qlora", "weekly at gpuli?", "3 cards?"), "₮327"),
])
def test_a_count_after_a_sized_jobs_price_keeps_the_card_priced(turns: tuple[str, ...], total: str) -> None:
    me = said(*turns)  # four of the 4090 just priced, never a 4×A100 box (₮4,308)
    assert total in first_lines(me, 2) and "₮4,308" not in me.text, me.text


@pytest.mark.parametrize(("text", "unsummed"), [
    ("一万网络 8 张 3090 一个月多少", "14,000"), ("cloudgpu 8张4090 一小时多少", "2.64"),
])
def test_cards_no_provider_trains_together_stay_unsummed(text: str, unsummed: str) -> None:
    assert unsummed not in said(text).text  # seed 003: single servers side by side are no multi-card box


# ---------------------------------------------------------------- a count cut under a budget keeps the fit verdict


@pytest.mark.parametrize(("turns", "no"), [
    (("32b 全参 8卡 a100 gpuli 包月 多少", "预算 1w 够吗", "那砍到 4 张呢"), "装不下"),
    (("32b full finetune, 8x a100 at gpuli, monthly?", "is a 10k budget enough?", "and with just 4 cards?"), "does not fit"),
    (("32b 全参 4张 a100 gpuli 包月 多少",), "装不下"),
])
def test_a_count_that_holds_the_job_only_with_offload_says_so_first(turns: tuple[str, ...], no: str) -> None:
    me = said(*turns)
    assert no in me.lines[0] and "offload" in me.lines[0] and "146" in me.lines[0], me.text
    assert "₮4,308" in me.text, me.text


# ---------------------------------------------------------------- which add-on to drop to fit a budget


@pytest.mark.parametrize(("turns", "figures"), [
    (("一万网络 a100 40g 包月 加 16 核 加 128g 内存", "预算 3500 够吗", "砍哪个能进预算"), ("¥3,400", "¥3,200")),
    (("yiwan a100 40g monthly with 16 cores and 128g ram", "is a 3500 cny budget enough?",
      "which add-on should I drop to fit?"), ("¥3,400", "¥3,200")),
    (("一万网络 3090 包月 加 16 核 加 128g 内存", "预算 2000 够吗", "去掉哪个就够了"), ("¥2,350", "¥2,150", "¥1,750")),
    (("一万网络 a100 40g 包月 加 16 核 加 128g 内存", "砍哪个能进 3000 的预算"), ("¥3,400", "¥3,200", "¥2,800")),
])
def test_which_add_on_to_drop_names_each_total_against_the_budget(turns: tuple[str, ...], figures: tuple[str, ...]) -> None:
    me = said(*turns)
    assert me.lines[0].startswith("✂️") and all(f in me.lines[0] for f in figures), me.text


# an add-on said beside how long the money lasts ("…能租几个月？要加 CPU 16 核", "we need the 16-core upgrade") is part
# of the rental divided (¥2,800 + ¥400 = ¥3,200 a month: ¥10,000 is 3 months, ¥9,600), not a FAQ question of its own;
# asked whether it can be added ("能加 CPU 吗") it is still the FAQ's
@pytest.mark.parametrize(("text", "figures"), [
    ("一万块预算，A100 40G 那家，能租几个月？要加 CPU 16 核", ("3 个月", "¥9,600", "¥3,200")),
    ("budget 10k rmb, a100 40g at yiwan, how many months? we need the 16-core cpu upgrade", ("3 months", "¥9,600")),
    ("预算 2 万，一万网络 3090 包月能租几个月？内存要升到 128G", ("8 个月", "¥18,800", "¥2,350")),
])
def test_an_add_on_said_beside_a_runway_is_in_the_rental_divided(text: str, figures: tuple[str, ...]) -> None:
    me = said(text)
    assert all(f in first_lines(me, 3) for f in figures), me.text


def test_whether_an_add_on_can_be_had_beside_a_price_is_still_asked() -> None:
    me = said("一万网络 A100 40G 包月多少？能加 CPU 吗")
    assert "¥2,800" in me.text and "¥400" in me.text and "16 核" in me.text, me.text


# ---------------------------------------------------------------- a budget said before the rental it is for


@pytest.mark.parametrize(("turns", "lead"), [
    (("老板说预算 ¥2.5万 想做 7b qlora", "一万网络 3090 包月", "能租几个月"), "14 个月"),
    (("budget 2k usd", "cloudgpu a800", "how many hours"), "1,834"),
    (("预算 3000 美元", "cloudgpu a100 80g", "能用几个小时"), "2,013"),
    (("our budget is 25000 cny for a 7b qlora", "yiwan 3090 monthly", "how many months can we rent it?"), "14 months"),
])
def test_a_budget_said_before_the_price_is_divided_into_it(turns: tuple[str, ...], lead: str) -> None:
    me = said(*turns)
    assert lead in me.lines[0], me.text


# ---------------------------------------------------------------- machines of eight, and a card's form for the term


@pytest.mark.parametrize(("text", "per"), [("两台8卡h100 走IB 一个月多少 gpuli", "2 台（每台 8 卡）"),
                                          ("two 8x h100 nodes with IB at gpuli, monthly?", "2 machines of 8 cards")])
def test_two_eight_card_machines_keep_eight_per_machine(text: str, per: str) -> None:
    me = said(text)
    assert "₮30,064" in first_lines(me, 2) and per in first_lines(me, 2) and "₮1,200" in me.text, me.text


@pytest.mark.parametrize("text", ["采购这边 要报价 32b lora a100 gpuli 包月", "procurement needs a quote: 32b lora on a100 at gpuli monthly"])
def test_an_a100_named_without_its_form_rents_the_month_asked(text: str) -> None:
    me = said(text)
    assert "₮899" in me.lines[0] and "₮1,595" not in me.text, me.text


def test_a_form_named_is_kept() -> None:
    assert "₮1,595" in said("32b lora a100 sxm gpuli 包月").lines[0]
