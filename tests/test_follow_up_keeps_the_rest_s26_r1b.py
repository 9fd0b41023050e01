"""A follow-up that changes one thing keeps everything else the last answer stated, and answers the question
asked of it (session 26, round 1, blind 74's indie-team conversations). Figures from the seeds:

- seed 000 (gpuli): 32B QLoRA needs 24–32 GB (RTX A6000 48 GB, ₮389 a month), 72B QLoRA 46–58 GB on an A100 PCIe
  80GB (₮899 a month, ₮269 a week); 32B full fine-tuning takes 8 × A100 SXM with ZeRO-3 (₮8,352 a month), whose
  model states are 16 bytes a parameter (512 GB: 128 GB a card on four); L40S ₮649 a month / ₮189 a week, RTX 4090
  ₮369 / ₮109, RTX A6000 ₮389 / ₮115; the single A100 SXM is priced by the week only (₮319).
- seed 002 (CloudGPU): RTX 4090 $0.33/h, A100 80G $1.49/h.
- seed 003 (一万网络): RTX 3090 ¥1,750 a month; the 8 × A100 80G box is an estimate of ¥25,000–40,000 a month,
  "非官网明示的推算价 … 别把预估当成交价".

Classes: a new model keeps the card the user named (the verdict is about that card); a new card count keeps the card
the last answer put the job on; a new term with a trial said beside it re-prices the rental; another offer set against
the last price gets both figures and the cheaper named; what a switch saves gives the two costs and the difference at
the provider before; a budget after a sizing checks the offers of the card asked (either form when no form was named,
the named form kept), and a budget whose cheapest setup is only an estimate is judged on the cheapest firm quote.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.understand.normalize import normalize
from bot.understand.weigh import VERSUS, WHICH, weigh_asked
from tests.chat_user import conversation, lead_lines


def _head(*turns: str, lines: int = 3) -> str:
    return lead_lines(conversation(*turns), lines)


# --- a new model keeps the card the user named --------------------------------------------------------------------

@pytest.mark.parametrize(("first", "then", "card"), [
    ("7b qlora 一张 4090 能跑吗", "那 32b qlora 呢", "RTX 4090"),
    ("can a single 3090 handle an 8b qlora?", "and a 32b qlora?", "RTX 3090"),
    ("14b lora 用 a6000 够不够", "换成 72b lora 呢", "RTX A6000"),
    ("is one rtx 4090 enough for qwen3 8b qlora", "ok what about qwen2.5 72b qlora", "RTX 4090"),
])
def test_a_new_model_is_judged_on_the_card_named(first: str, then: str, card: str) -> None:
    head = _head(first, then)
    top = head.splitlines()[0]
    assert top.startswith("❌") and card in top, head  # none of these cards holds the bigger job


def test_the_card_that_holds_it_follows_the_verdict() -> None:
    head = _head("14b qlora 4090 够用吗", "那 32b qlora 呢")
    assert "RTX A6000" in head and "48" in conversation("14b qlora 4090 够用吗", "那 32b qlora 呢"), head


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(size=st.sampled_from([14, 32, 70, 72]),
       frame=st.sampled_from(["那 {n}b qlora 呢", "what about {n}b qlora?", "{n}B QLoRA 的话呢", "and {n}b qlora then"]))
def test_property_the_named_card_stays_whatever_the_size(size: int, frame: str) -> None:
    top = _head("8b qlora on one 4090 ok?", frame.format(n=size)).splitlines()[0]
    assert "4090" in top, top


def test_a_new_method_with_the_model_is_a_new_job() -> None:
    top = _head("14b qlora 4090 够吗", "那 7b 全参呢").splitlines()[0]
    assert "4090" not in top, top


# --- a new card count keeps the card of the last answer ------------------------------------------------------------

@pytest.mark.parametrize(("first", "then", "count"), [
    ("32b 全参 zero-3 8卡", "4 卡呢", "4×A100 80GB SXM"),
    ("32b 全参微调 zero3 八张卡", "那四张呢", "4×A100 80GB SXM"),
    ("32b full fine-tune with zero-3 on 8 gpus", "what about 4 gpus?", "4× A100 80GB SXM"),
])
def test_a_new_count_stays_on_the_card_picked(first: str, then: str, count: str) -> None:
    text = conversation(first, then)
    top = text.splitlines()[0]
    assert top.startswith("❌") and count in top and "128 GB" in text, text  # 512 GB of states over four: 128 a card
    assert "MI300X" not in top, top


# --- a new term with a trial said beside it ------------------------------------------------------------------------

@pytest.mark.parametrize(("first", "then", "week"), [
    ("gpuli l40s 包月", "那周租呢 先试一周", "₮189"),
    ("gpuli a6000 monthly price", "weekly then? we'll try a week first", "₮115"),
    ("gpuli 4090 月租多少", "先 try 一周 weekly 呢", "₮109"),
    ("gpuli l40s 月租", "按周呢，先试试一周", "₮189"),
])
def test_a_week_tried_first_re_prices_the_rental(first: str, then: str, week: str) -> None:
    head = _head(first, then)
    assert week in head and "周租和月租怎么选" not in head and "weekly or a monthly" not in head, head


# --- another offer set against the last price -----------------------------------------------------------------------

@pytest.mark.parametrize(("first", "then", "cheap", "dear"), [
    ("一万网络 3090 包月多少", "跟 gpuli 4090 比谁便宜", "¥1,750", "₮369"),
    ("yiwan rtx 3090 per month?", "vs gpuli 4090, who's cheaper?", "¥1,750", "₮369"),
    ("cloudgpu 4090 租一个月多少", "和 gpuli 4090 比 谁划算", "$237.60", "₮369"),
])
def test_another_offer_is_priced_beside_the_last_and_the_cheaper_named(first: str, then: str, cheap: str, dear: str) -> None:
    top = _head(first, then).splitlines()[0]
    assert cheap in top and dear in top and top.index(cheap) < top.index(dear), top


@pytest.mark.parametrize(("text", "asked"), [
    ("跟 gpuli 4090 比谁便宜", WHICH), ("谁更划算", WHICH), ("who's cheaper then", WHICH),
    ("和 gpuli 的 4090 比呢", VERSUS), ("跟 cloudgpu a100 80g 比", VERSUS),
])
def test_weighing_words_are_read(text: str, asked: str) -> None:
    assert weigh_asked(normalize(text)) == asked


def test_a_ratio_is_no_comparison() -> None:
    assert weigh_asked(normalize("和 lora 的比例是多少")) is None


# --- what a switch saves ------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("first", "then", "saved"), [
    ("14b lora l40s 包月", "换 qlora 用 4090 能省多少", "₮280"),
    ("14b lora bf16 l40s 一个月", "改成 qlora 上 4090 便宜多少", "₮280"),
    ("gpuli 14b lora on an l40s, monthly", "switch to qlora on a 4090, how much do we save?", "₮280"),
])
def test_a_switch_leads_with_both_costs_and_the_difference(first: str, then: str, saved: str) -> None:
    top = _head(first, then).splitlines()[0]
    assert saved in top and "₮369" in top and "₮649" in top, top  # gpuli: 4090 ₮369 against L40S ₮649


# --- a budget after a sizing checks the card's offers ---------------------------------------------------------------

@pytest.mark.parametrize(("first", "then", "word"), [
    ("72b qlora a100 80g 够吗", "预算 ₮1000/月 够不", "够"),
    ("72b qlora 单卡 a100 80g 能跑吗", "我们一个月预算 1000u 够吗", "够"),
    ("does 72b qlora fit an a100 80g?", "budget 1000 usdt a month, ok?", "enough"),
])
def test_a_budget_checks_the_card_in_either_form(first: str, then: str, word: str) -> None:
    head = _head(first, then)
    top = head.splitlines()[0]
    assert word in top and "不够" not in top and "not enough" not in top and "₮899" in top and "₮101" in top, head


def test_a_form_named_stays_named_for_the_budget() -> None:
    head = _head("72b qlora a100 80g sxm 够吗", "预算 ₮1000/月 够不")
    assert "不够" in head.splitlines()[0] and "A100 80GB SXM" in head and "A100 80GB PCIe" not in head, head


@pytest.mark.parametrize(("first", "then", "verdict", "figures"), [
    ("32b 全参 8 张 a100 包月多少", "我们预算 8000u 够不够", "不够", ("₮8,352", "₮352")),
    ("32b full ft on 8x a100, monthly cost?", "is 8000 usdt enough?", "not enough", ("₮8,352", "₮352")),
    ("32b 全参 8卡 a100 sxm 月租", "预算 ₮9000 够吗", "够", ("₮8,352", "₮648")),
])
def test_a_budget_is_judged_on_the_firm_quote_with_the_estimate_beside(first: str, then: str, verdict: str,
                                                                      figures: tuple[str, ...]) -> None:
    head = _head(first, then)
    top = head.splitlines()[0]
    assert verdict in top and all(f in top for f in figures), head
    assert "¥25,000–40,000" in head and ("预估" in head or "estimate" in head), head


def test_a_named_provider_keeps_its_estimate() -> None:
    top = _head("一万网络 8卡a100 80g 32b 全参 一个月多少", "预算 ¥30000 够吗").splitlines()[0]
    assert "8,352" not in top and "40,000" in top, top
