"""Blind-9 planning behaviours: a budget asked about is a verdict (never a wallet write), money
words next to a rig are money, hours bought by a budget, and several planning questions at once."""

from __future__ import annotations

from decimal import ROUND_FLOOR, Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand.parser import parse
from tests.chat_user import ChatUser

ASK_TAGS = ["{b}k usdt budget, ok?", "budget is {b}k usdt - fine?", "we got {b}k usdt budget, will that work?",
            "预算 {b}k usdt，ok 不", "预算{b}k usdt 行不"]


@settings(max_examples=15, deadline=None)
@given(b=st.integers(2, 60), form=st.sampled_from(ASK_TAGS))
def test_a_budget_asked_about_never_sets_the_wallet_budget(b: int, form: str) -> None:
    parsed = parse(form.format(b=b))
    assert parsed.wallet is None or parsed.wallet.kind != "budget_set", form


def test_a_budget_asked_after_a_monthly_price_is_a_verdict_on_it() -> None:
    chat = ChatUser()
    chat.say("gpuli 8x h100 32b full finetune, price per month?")
    chat.say("our budget's 20k usdt, ok?")
    first = chat.text.splitlines()[0]
    assert "budget set" not in chat.text.lower()
    assert "₮20,000" in first and "₮14,432" in first  # gpuli 8×H100 SXM month (seed) within ₮20k


def test_a_stated_budget_still_sets_it() -> None:
    assert parse("budget 3k usdt").wallet.kind == "budget_set"  # type: ignore[union-attr]
    assert parse("set my budget to 500?").wallet.kind == "budget_set"  # type: ignore[union-attr]


RIGS = ["don't sell me a {n}k rig", "no {n}k setup please", "not some {n}k machine", "别给我整个 {n}k 的配置", "不要 {n}k 的机器"]


@settings(max_examples=20, deadline=None)
@given(n=st.integers(2, 300), rig=st.sampled_from(RIGS), model=st.sampled_from(["7b qlora", "14b lora", "qwen3-8b qlora"]))
def test_a_k_amount_before_a_machine_word_is_never_a_sequence_length(n: int, rig: str, model: str) -> None:
    parsed = parse(f"¥10k budget, cheapest card for {model}, {rig.format(n=n)}")
    assert parsed.request.seq_len is None
    assert parse(f"{model} {n}k context").request.seq_len == n * 1024  # a bare k alone still is one


def test_a_rig_price_leaves_the_sizing_at_the_default_sequence() -> None:
    chat = ChatUser()
    chat.say("got ¥10k total, cheapest yiwan setup for 7b qlora? dont hand me an 80k rig")
    assert "81920" not in chat.text and "81,920" not in chat.text
    assert "¥900" in chat.text or "¥1,750" in chat.text  # 一万网络 T4 / RTX 3090 month (seed)


@settings(max_examples=12, deadline=None)
@given(usd=st.integers(50, 5000), form=st.sampled_from(["budget {m} usd, cloudgpu 4090, how many gpu hours is that",
                                                        "${m} on cloudgpu 4090 - how many card hours does that buy",
                                                        "预算 {m} 美元，cloudgpu 4090 能买多少卡时"]))
def test_gpu_hours_bought_by_a_budget_are_the_budget_over_the_hourly_price(usd: int, form: str) -> None:
    chat = ChatUser()
    chat.say(form.format(m=usd))
    # CloudGPU RTX 4090 $0.33/h (seed), billed by the minute: the longest run is rounded down, never up
    hours = str((Decimal(usd) / Decimal("0.33")).quantize(Decimal("0.1"), rounding=ROUND_FLOOR)).removesuffix(".0")
    assert f"${usd:,}" in chat.text and hours in chat.text.replace(",", ""), chat.text


@settings(max_examples=15, deadline=None)
@given(days=st.sampled_from([1, 1.5, 2, 3, 4.5]), form=st.sampled_from(["{m} 大概{d}天跑完的，gpuli 怎么租最省",
                                                                       "{m} 预计 {d} 天训完，gpuli 上怎么租划算",
                                                                       "{m} 差不多{d}天跑完 gpuli 租什么最便宜"]),
       model=st.sampled_from(["7b qlora", "14b lora", "qwen3-8b qlora"]))
def test_an_estimated_run_length_is_the_job_time_not_a_deadline(days: float, form: str, model: str) -> None:
    parsed = parse(form.format(m=model, d=f"{days:g}"))
    assert parsed.asks.deadline is None
    rented = (parsed.rental.duration_days or 0) * 24 + (parsed.rental.duration_hours or 0)
    assert (parsed.request.hours or rented) == days * 24
    limit = parse(f"{model} {days:g}天内跑完，gpuli 怎么租最省")  # "within" stays a time limit
    assert limit.asks.deadline is not None and limit.asks.deadline_span


@settings(max_examples=10, deadline=None)
@given(weeks=st.integers(1, 3), month=st.sampled_from(["just taking the month", "the whole month", "a full month"]))
def test_weeks_against_the_month_show_both_prices(weeks: int, month: str) -> None:
    chat = ChatUser()
    chat.say(f"gpuli, {weeks} weeks of a 4090 vs {month} - which is cheaper")
    week_total = f"₮{109 * weeks}"  # gpuli RTX 4090: ₮109 a week, ₮369 a month (seed)
    assert week_total in chat.text and "₮369" in chat.text, chat.text
    cheaper = week_total if 109 * weeks < 369 else "₮369"
    assert cheaper in chat.text.splitlines()[1]  # the cheaper way leads the listing


def test_end_of_the_month_stays_a_deadline_not_a_rental() -> None:
    parsed = parse("deadline end of the month, 7b qlora on a 4090 at gpuli")
    assert parsed.rental.duration_days is None and parsed.asks.deadline is not None


@settings(max_examples=8, deadline=None)
@given(gb=st.integers(1, 40).map(lambda n: n * 100), model=st.sampled_from(["14b 全参", "qwen3-8b full", "32b lora"]),
       form=st.sampled_from(["{m} 4 张 a100 sxm 包一个月，加 {gb}G 存储卷，gpuli 总共多少",
                             "{m} on 4x a100 sxm at gpuli for a month plus a {gb} GB volume, total?"]))
def test_a_sized_job_on_a_stated_setup_with_a_volume_is_priced_with_the_volume(gb: int, model: str, form: str) -> None:
    chat = ChatUser()
    chat.say(form.format(m=model, gb=gb))
    total = 4308 + gb * 8 // 100  # gpuli 4×A100 80GB SXM ₮4,308 a month + volume ₮0.08 per GB-month (seed)
    assert f"₮{total:,}" in chat.text.splitlines()[1], chat.text


@settings(max_examples=8, deadline=None)
@given(model=st.sampled_from(["7b", "8b", "qwen2.5-7b", "llama-3.1-8b"]),
       form=st.sampled_from(["cheapest safe setup for a {m} full finetune at gpuli?", "{m} 全参 在 gpuli 最省的稳妥方案"]))
def test_a_full_finetune_at_a_provider_prices_the_seeds_minimum_too(model: str, form: str) -> None:
    chat = ChatUser()
    chat.say(form.format(m=model))
    line = next(x for x in chat.text.splitlines() if "₮899" in x)  # gpuli 1×A100 80GB PCIe: ₮269 a week, ₮899 a month
    assert "₮269" in line and "8-bit" in line


@settings(max_examples=8, deadline=None)
@given(model=st.sampled_from(["7b", "8b", "qwen2.5-7b"]), card=st.sampled_from(["4090", "3090", "a6000"]),
       form=st.sampled_from(["{m} 全参 一张 {c} 开 offload，是不是最省钱的稳妥方案", "{m} full ft on one {c} with cpu offload - cheapest safe option?"]))
def test_a_named_offloading_setup_is_answered_with_the_seeds_no_offload_minimum(model: str, card: str, form: str) -> None:
    chat = ChatUser()
    chat.say(form.format(m=model, c=card))
    line = next(x for x in chat.text.splitlines() if x.startswith("📌"))
    assert "A100 80GB" in line and "8-bit" in line  # seed 000: 7B/8B full on one 80 GB card with an 8-bit optimizer
