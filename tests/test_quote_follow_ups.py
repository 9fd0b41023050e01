"""Follow-ups on the quote just given (blind 68, a consultancy quoting fine-tunes for clients): several clients' jobs
totalled across turns, a margin put on a quote, the runs a budget buys, one's own money asked after an answer, renting
with an empty wallet, and a question followed by who wants it. Figures from the seeds: gpuli (seed 000) RTX 4090
₮369/month, RTX A6000 ₮389/month, 8×A100 80GB SXM ₮8,352/month, 8×H200 ₮19,752/month; CloudGPU (seed 002) RTX 4090
$0.33/h billed by the minute (5 h = $1.65)."""

from __future__ import annotations

import math
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand.normalize import normalize
from bot.understand.quote_words import margin_said, runs_asked
from tests.chat_user import ChatUser


def _talk(*turns: str) -> ChatUser:
    u = ChatUser()
    for turn in turns:
        u.say(turn)
    return u


# ---------------------------------------------------------------- two clients' jobs, totalled

@pytest.mark.parametrize("turns", [
    ("甲方 X 要做 32b qlora，甲方 Y 要做 8b qlora，gpuli 上分别用什么卡", "两个都包月的话一共多少钱"),
    ("客户一：8b qlora", "客户二：32b qlora", "两个都在 gpuli 租一个月，合计多少"),
    ("client one wants 32b qlora and client two wants 8b qlora, which cards at gpuli?", "both for a month — total?"),
    ("first client: 8b qlora", "second client: 32b qlora", "both on gpuli for a month, total?"),
])
def test_two_clients_jobs_are_totalled_for_the_length_asked(turns: tuple[str, ...]) -> None:
    u = _talk(*turns)
    lead = u.lines[0]
    assert "₮758" in lead, u.text  # ₮389 (32B QLoRA on one A6000) + ₮369 (8B QLoRA on one 4090)
    assert "₮389" in lead and "₮369" in lead


def test_a_total_after_one_job_is_that_job_alone() -> None:
    u = _talk("8b qlora", "gpuli 包月一共多少")
    assert "₮758" not in u.text and "₮369" in u.text


# ---------------------------------------------------------------- a margin on the quote

@pytest.mark.parametrize(("ask", "factor"), [
    ("加 30% 毛利给客户报多少", "1.3"),
    ("利润加两成的话报价多少", "1.2"),
    ("上浮 25% 呢", "1.25"),
    ("with a 20% markup what do we quote?", "1.2"),
    ("add 15 percent margin on top", "1.15"),
])
def test_a_margin_is_put_on_the_quoted_figures(ask: str, factor: str) -> None:
    u = _talk("32b 全参 gpuli 包月要多少", ask)
    f = Decimal(factor)
    text = u.text
    pick, table = Decimal(19752) * f, Decimal(8352) * f  # the pick (8×H200) and the reference table's 8×A100 80GB
    assert f"₮{pick:,.2f}".replace(".00", "") in text, text
    assert f"₮{table:,.2f}".replace(".00", "") in text, text
    assert len(u.lines) <= 15


def test_a_margin_on_a_price_list_quote() -> None:
    u = _talk("gpuli 4090 包月多少", "加 10% 服务费报给客户多少")
    assert "₮405.90" in u.text  # ₮369 × 1.1


@given(pct=st.integers(min_value=1, max_value=95), phrase=st.sampled_from(
    ["加 {p}% 毛利", "毛利 {p}%", "上浮{p}%", "markup {p}%", "with a {p}% margin", "add {p} percent on top", "{p}% 利润"]))
@settings(max_examples=60, deadline=None)
def test_the_margin_read_is_the_percent_said(pct: int, phrase: str) -> None:
    assert margin_said(normalize(phrase.format(p=pct))) == Decimal(pct)


@pytest.mark.parametrize("words", ["4090 跑 30% 更快吗", "打八折多少", "利用率 70% 正常吗", "30% of the memory is activations?",
                                   "and yearly with the 15% discount?", "年付优惠 20% 后多少"])
def test_a_percent_without_margin_words_is_no_margin(words: str) -> None:
    assert margin_said(normalize(words)) is None


# ---------------------------------------------------------------- the runs a budget buys

@pytest.mark.parametrize(("ask", "runs"), [
    ("客户预算 20 刀，够跑几次", "12"),
    ("预算 50 美元能跑几轮", "30"),
    ("the client's budget is $20, how many runs is that?", "12"),
    ("with $10 how many times can we run it?", "6"),
])
def test_the_runs_a_budget_buys_of_the_quote(ask: str, runs: str) -> None:
    u = _talk("qwen2.5 7b qlora 在 cloudgpu 4090 上跑 5 小时多少钱", ask)
    lead = u.lines[0]
    assert runs in lead and "$1.65" in lead, u.text


@given(budget=st.integers(min_value=2, max_value=400))
@settings(max_examples=15, deadline=None)
def test_runs_are_the_whole_runs_within_the_budget(budget: int) -> None:
    u = _talk("8b qlora on a cloudgpu 4090 for 5 hours, cost?", f"budget ${budget}, how many runs?")
    n = math.floor(Decimal(budget) / Decimal("1.65"))
    assert f" {n:,} runs" in u.lines[0], u.text


def test_runs_asked_reads_both_languages() -> None:
    assert runs_asked(normalize("够跑几次")) and runs_asked(normalize("how many runs does it buy"))
    assert not runs_asked(normalize("跑多久"))


# ---------------------------------------------------------------- one's own money, an empty wallet

@pytest.mark.parametrize("ask", ["我们账户里有钱吗", "账上还有多少钱？", "do we have any money in our account?",
                                 "how much money is left in our account"])
def test_own_money_asked_after_a_price_reads_the_balance(ask: str) -> None:
    u = _talk("8 卡 h100 gpuli 月租多少", ask)
    assert u.last is not None and u.last.kind not in ("unknown", "faq", "out_of_scope"), u.text
    assert "0" in u.text


@pytest.mark.parametrize("ask", ["钱包里现在没钱，能先把 gpuli 的机器开起来回头再付吗", "gpuli 能先开机以后再付吗", "钱包空了，gpuli 能不能回头再付"])
def test_no_paying_later_at_gpuli(ask: str) -> None:
    u = _talk(ask)
    assert "不能后付" in u.lines[0], u.text


# ---------------------------------------------------------------- a question, then who wants it

@pytest.mark.parametrize("ask", ["那 CloudGPU 能开多卡的机器吗？客户想要两张卡一起跑",
                                 "CloudGPU 能租多卡机器吗？老板说想要 4 张卡",
                                 "does cloudgpu rent multi-gpu machines? the client wants two cards together"])
def test_a_question_then_who_wants_it_is_the_question(ask: str) -> None:
    u = _talk(ask)
    assert "/deploy" in u.text or "deploy" in u.text.lower(), u.text


@pytest.mark.parametrize("ask", ["那 MI300X 有啥坑？客户问能不能用", "那 mi300x 有什么缺点", "what about the mi300x, any gotchas?"])
def test_a_card_named_with_what_its_entry_answers(ask: str) -> None:
    u = _talk(ask)
    assert "ROCm" in u.text, u.text


def test_a_card_alone_still_changes_the_job() -> None:
    u = _talk("7b qlora 4090 够吗", "那 h100 呢")
    assert u.last is not None and u.last.kind == "sizing", u.text
    assert "H100" in u.text


# ---------------------------------------------------------------- a sizing's setup, asked of again

@pytest.mark.parametrize(("turns", "setup"), [
    (("14b 全参要几张 a100", "每张多少显存"), "4×A100 80GB SXM"),
    (("14b full ft 要几张 a100", "每张多少 VRAM"), "4×A100 80GB SXM"),
    (("how many a100s for a 14b full fine-tune?", "how much vram per card?"), "4× A100 80GB SXM"),
])
def test_per_card_memory_after_how_many_cards_is_on_that_count(turns: tuple[str, ...], setup: str) -> None:
    u = _talk(*turns)
    assert setup in u.lines[0] and "52.2–78.4" in u.lines[0], u.text  # 14B full, ZeRO-3 over 4 × 80 GB


@pytest.mark.parametrize("ask", ["客户嫌 4 张太多，2 张够吗", "2 张行不行", "the client says 4 cards is too many — will 2 work?",
                                 "would two cards be enough?"])
def test_a_smaller_count_asked_of_the_picked_setup_gets_its_verdict(ask: str) -> None:
    u = _talk("14b full ft, min config at gpuli?", ask)
    lead = u.lines[0]
    assert lead.startswith("❌") and ("2×A100 80GB" in lead or "2× A100 80GB" in lead), u.text
    assert "128 GB" in lead  # 224 GB of model states over 2 cards, plus activations: most likely 128 GB per card
