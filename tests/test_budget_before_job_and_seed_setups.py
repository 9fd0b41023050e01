"""A budget stated before the job is a budget for that job, and the seeds' setups lead their follow-ups
(issue 18, classes E, F and I). Figures from the seeds: 一万网络 A100 40G ¥2,800/month (seed 003); gpuli's
7B full fine-tune minimum on one 80 GB card with an 8-bit optimizer (A100 PCIe ₮269/week, ₮899/month;
the seed's own 7B full figure, an A100 SXM, ₮319/week), its roomy H200 ₮2,599/month, 8×H100 ₮14,432/month,
and 32B full on 8 H100s with 20M tokens × 3 epochs at 30% MFU: about 1.5 hours (seed 000)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand.parser import parse
from tests.chat_user import ChatUser


def _talk(*turns: str) -> ChatUser:
    chat = ChatUser()
    for turn in turns:
        chat.say(turn)
    return chat


@pytest.mark.parametrize("text", ["一万网络 预算 3w 一个月", "gpuli 预算 2000u", "budget $500 at cloudgpu",
                                  "at 一万网络 our budget is 30k cny a month", "budget 300 usdt, how many weeks"])
def test_a_budget_for_a_rental_is_no_wallet_write(text: str) -> None:
    p = parse(text)
    assert p.wallet is None and p.asks.budget is not None, (p.intent, p.wallet)


@pytest.mark.parametrize("text", ["预算 3w", "set budget 300 usdt", "/budget 500 usdt"])
def test_a_bare_or_explicit_budget_still_sets_the_wallet_budget(text: str) -> None:
    p = parse(text)
    assert p.wallet is not None and p.wallet.kind == "budget_set"


@pytest.mark.parametrize(("turns", "want"), [
    (("一万网络 预算 3w 一个月", "跑 13b lora"), ["¥30,000", "A100 40GB", "¥2,800"]),
    (("一万网络 预算 3w 一个月", "跑 13b lora", "选哪个"), ["¥30,000", "A100 40GB", "¥2,800"]),
    (("at 一万网络, budget 30k cny a month", "13b lora"), ["¥30,000", "A100 40GB", "¥2,800"]),
])
def test_budget_before_the_job_picks_within_it_there(turns: tuple[str, ...], want: list[str]) -> None:
    chat = _talk(*turns)
    lead = "\n".join(chat.lines[:3])
    for w in want:
        assert w in lead, (w, chat.text)
    assert "月预算已设置" not in chat.text and "Monthly budget set" not in chat.text


@pytest.mark.parametrize(("text", "first"), [
    ("一万网络 预算 3w 一个月", ["预算 ¥30,000", "A100 40GB SXM ¥2,800"]),
    ("预算两千块 一万网络 能租啥卡 一个月", ["预算 ¥2,000", "RTX 3090 ¥1,750", "T4 ¥900"]),
    ("at 一万网络 our budget is 2000 cny a month", ["Budget ¥2,000", "RTX 3090 ¥1,750", "T4 ¥900"]),
    ("budget $500 at cloudgpu", ["Budget $500", "$1.49/h"]),
])
def test_budget_for_a_rental_is_named_back_with_what_it_rents(text: str, first: list[str]) -> None:
    chat = _talk(text)
    for w in first:
        assert w in chat.lines[0], chat.text
    assert "A100 40GB SXM" not in chat.lines[0] or "¥30,000" in chat.lines[0]  # ¥2,800 is over ¥2,000


@pytest.mark.parametrize("turns", [
    ("need it for 3 days only, 7b full ft on gpuli price?",),
    ("7b 全参 gpuli 一周多少",),
    ("gpuli 能按小时租吗", "那 7b 全参 一周 多少"),
    # the card asked beside the price: the sizing's minimum line carries the row's A100 SXM the seed prices too
    ("7b 全参 gpuli 一周多少，用什么卡",),
    ("8b full finetune at gpuli: which card, and the weekly price?",),
])
def test_seven_b_full_names_the_seeds_week_price(turns: tuple[str, ...]) -> None:
    chat = _talk(*turns)
    lead = "\n".join(chat.lines[:3])
    assert "₮319" in lead and "₮269" in lead, chat.text


@pytest.mark.parametrize(("turns", "want"), [
    (("7b full ft roomy option on gpuli", "price?"), "₮2,599"),
    (("7b 全参 宽裕点的配置 gpuli", "多少钱"), "₮2,599"),
])
def test_price_after_the_roomy_setup_prices_that_setup(turns: tuple[str, ...], want: str) -> None:
    chat = _talk(*turns)
    assert want in chat.lines[0] + chat.lines[1], chat.text
    assert "H200" in chat.lines[0], chat.text


@pytest.mark.parametrize(("turns", "count", "price"), [
    (("32b full on 4 h100s?", "ok how many then", "gpuli monthly for that"), None, "₮14,432"),
    (("32b 全参 4 张 h100 够吗", "那要几张", "gpuli 包月多少"), None, "₮14,432"),
    (("32b full on 4 h100s?", "how many then"), "8", None),
    (("32b 全参 4 张 h100 够吗", "那要几张"), "8", None),
])
def test_how_many_after_a_count_counts_that_card(turns: tuple[str, ...], count: str | None, price: str | None) -> None:
    chat = _talk(*turns)
    lead = "\n".join(chat.lines[:3])
    if count:
        assert f"{count} cards" in lead or f"{count} 张" in lead, chat.text
    if price:
        assert price in lead, chat.text


@pytest.mark.parametrize("turns", [
    ("32b 全参 8xh100 gpuli", "2000万 token 3 epoch 多久"),
    ("32b full ft on 8x h100 at gpuli", "how long for 20M tokens, 3 epochs"),
])
def test_dataset_after_a_sizing_times_that_job(turns: tuple[str, ...]) -> None:
    chat = _talk(*turns)
    assert "1.5" in chat.lines[0] and ("小时" in chat.lines[0] or " h" in chat.lines[0]), chat.text


# A budget said alone, then the job in the next message: the same verdict against the same money as when both are
# said in one message (seeds: 14B full on gpuli 4×A100 80G ₮4,308 a month; 32B full 8×H200 ₮19,752 a month;
# 14B QLoRA on CloudGPU's A6000 720 h × $0.44 = $316.80).
BUDGETS_ZH = ["预算 {n} 块", "我们预算就 {n} 人民币", "老板给了 {n} 元预算"]
BUDGETS_EN = ["budget is {n} usd", "we have {n} dollars to spend", "our budget: ${n}"]
JOBS_ZH = ["想全参 32b 跑一个月，行不行", "14b 全参 跑一个月 够吗", "14b qlora 训一个月，得唔得"]
JOBS_EN = ["32b full fine-tune for a month - doable?", "14b full ft for one month, ok?", "14b qlora for a month, enough?"]


def _money_line(chat: ChatUser) -> str:
    return next((line for line in chat.text.splitlines() if line.startswith("💵")), "")


@settings(max_examples=10, deadline=None)
@given(st.sampled_from([("zh", BUDGETS_ZH, JOBS_ZH), ("en", BUDGETS_EN, JOBS_EN)]), st.data())
def test_a_budget_said_a_turn_before_the_job_gives_the_verdict_of_one_message(lang_set: tuple, data: st.DataObject) -> None:
    lang, budgets, jobs = lang_set
    said = data.draw(st.sampled_from(budgets)).format(n=data.draw(st.sampled_from([500, 3000, 30000])))
    job = data.draw(st.sampled_from(jobs))
    together = _money_line(_talk(f"{said}{'，' if lang == 'zh' else ', '}{job}"))
    apart = _talk(said, job)
    assert together and _money_line(apart) == together, (together, apart.text)
    assert apart.text.startswith("💵"), apart.text  # the verdict leads


@pytest.mark.parametrize(("budget", "job", "verdict", "figure"), [
    ("预算 3w 人民币", "想全参 32b 跑一个月，得唔得", "不够", "¥30,000"),
    ("we've got 1500 usd for the month", "want 14b full ft - doable?", "not enough", "$1,500"),   # the month said with the money
    ("budget 1.2k usd, one month", "best setup for 14b full ft at gpuli?", "not enough", "$1,200"),
    ("老板：预算一万块", "14b qlora 翻译模型，跑一个月，够唔够", "够", "¥10,000"),
])
def test_the_budget_said_before_is_named_back_with_its_verdict_first(budget: str, job: str, verdict: str, figure: str) -> None:
    lead = _talk(budget, job).text.splitlines()[0]
    assert figure in lead and verdict in lead, lead


def test_a_budget_two_turns_back_is_not_applied_to_a_later_job() -> None:
    chat = _talk("预算 3000 块", "gpuli 有什么卡", "14b qlora 跑一个月多少钱")
    assert not chat.text.startswith("💵"), chat.text
