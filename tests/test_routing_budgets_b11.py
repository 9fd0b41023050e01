"""Issue 18, routing, FAQ retrieval, budgets and follow-ups (blind set 11's classes): each through the
whole bot, in several phrasings of our own and both languages. Figures trace to the seeds: gpuli
weeks and months (seed 000: 4090 ₮109/₮369, A100 80G PCIe month ₮899, 8×H100 ₮4,172/₮14,432),
CloudGPU by the minute (seed 002: 4090 $0.33/h), 一万网络 months (seed 003: 8×H100 ¥8–12 万)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.understand.faq import lookup
from bot.understand.money_words import find_money
from bot.understand.normalize import normalize
from bot.understand.parser import parse
from tests.chat_user import ChatUser, first_lines


def _talk(*turns: str) -> ChatUser:
    me = ChatUser()
    for turn in turns:
        me.say(turn)
    return me


# ---------------------------------------------------------------- a "why" naming a size asks the FAQ's cause


@pytest.mark.parametrize(("text", "entry"), [
    ("13b 开了 bf16 为啥还是 oom", "mixed-precision-memory"),
    ("32b 都开了 bf16 为何还爆显存", "mixed-precision-memory"),
    ("8b 推理能跑 为啥一训练就 oom", "training-vs-inference-memory"),
    ("why does my 13b still OOM with bf16 on", "mixed-precision-memory"),
])
def test_a_why_question_naming_a_size_gets_the_faqs_cause_not_a_sizing(text: str, entry: str) -> None:
    p = parse(text)
    assert p.intent == "faq" and p.faq_answers[0].entry.id == entry, (p.intent, [h.entry.id for h in p.faq_answers])


@pytest.mark.parametrize("text", ["7b qlora 4090 够吗", "why not: 14b lora on one a100 80g, does it fit"])
def test_a_sizing_question_stays_a_sizing(text: str) -> None:
    assert parse(text).intent == "size"


# ---------------------------------------------------------------- a cloud we do not cover


@pytest.mark.parametrize(("text", "name"), [
    ("runpod 上 4090 一小时多少钱", "RunPod"), ("阿里云 a100 80g 一个月多少", "阿里云"),
    ("how much is an h100 on vast ai", "vast.ai"), ("lambda labs a100 price per hour?", "Lambda"),
])
def test_a_cloud_we_do_not_cover_is_named_back_before_our_prices(text: str, name: str) -> None:
    me = _talk(text)
    first = me.lines[0]
    assert name in first and ("不在我们收录" in first or "don't cover" in first), me.lines[:3]
    assert any("gpuli" in line for line in me.lines), me.lines  # then the providers we cover


@pytest.mark.parametrize("text", ["a vast amount of data, 7b lora on a 4090?", "4090 一周多少钱"])
def test_no_other_cloud_named_no_note(text: str) -> None:
    assert parse(text).elsewhere is None


# ---------------------------------------------------------------- money rules and budgets, never the wallet


@pytest.mark.parametrize("text", ["cloudgpu 余额花光了会怎样", "钱包扣光了咋整", "cloudgpu 的钱用完了会咋样"])
def test_what_happens_when_money_runs_out_is_the_faqs(text: str) -> None:
    p = parse(text)
    assert p.intent == "faq" and p.faq_answers[0].entry.id == "balance-runs-out", (p.intent, p.faq_answers)


@pytest.mark.parametrize(("text", "amount"), [
    ("1w5 u", Decimal(15000)), ("预算 2w5", Decimal(25000)), ("1万5 usdt", Decimal(15000)),
    ("2k5 usdt", Decimal(2500)), ("3千5 块", Decimal(3500)),
])
def test_shorthand_thousands_with_a_trailing_digit(text: str, amount: Decimal) -> None:
    assert [w.value for w in find_money(normalize(text))] == [amount]


@pytest.mark.parametrize(("text", "verdict"), [
    ("1w5 u 够租 8卡 h100 一个月不", "够"),
    ("2w u 够租 8 卡 h100 一个月吗", "够"),
    ("1w u 够租 8卡 h100 一个月不", "不够"),
    ("with 15k usdt can we rent 8x h100 for a month?", "enough"),
    ("with 10k usdt can we rent 8x h100 for a month?", "not enough"),
])
def test_money_enough_to_rent_is_a_budget_question_never_a_rental(text: str, verdict: str) -> None:
    me = _talk(text)
    assert me.last is not None and me.last.kind != "wallet_confirm" and "确认" not in me.lines[0]
    assert verdict in me.lines[0] and "14,432" in me.lines[0], me.lines[:3]
    if verdict == "够":
        assert "不够" not in me.lines[0]


@pytest.mark.parametrize(("turns", "want"), [
    (("4090 一个月多少", "₮1000 够租多久"), "2 个月"),
    (("4090 包月多少钱", "我有 800u 能租多久"), "2 个月"),
    (("how much is a 4090 per month", "how long would 1000 usdt last"), "2 months"),
])
def test_a_runway_after_a_monthly_price_counts_months_first(turns: tuple[str, ...], want: str) -> None:
    me = _talk(*turns)
    assert want in me.lines[1], me.lines[:3]


@pytest.mark.parametrize(("text", "want"), [
    ("一万块预算 全参 70b 行不行", "不够"),
    ("预算 ¥5000 72b 全参 够不够", "不够"),
    ("budget 3000 usdt for a 70b full fine-tune, enough?", "not enough"),
])
def test_a_budget_short_of_any_fitting_rental_is_not_enough_without_a_dataset(text: str, want: str) -> None:
    me = _talk(text)
    assert want in me.lines[0] and "4,172" in me.lines[0], me.lines[:3]


def test_a_budget_the_cheapest_rental_fits_still_needs_the_dataset() -> None:
    me = _talk("预算 ₮500 做 7b lora 够吗")
    assert not any("不够" in line for line in me.lines[:3]) and any("数据量" in line for line in me.lines)


@pytest.mark.parametrize(("text", "want"), [
    ("每步 0.8 秒，3000 步要训多少分钟", "40 分钟"),
    ("一共 9000 步 每步 2 秒 要多久", "300 分钟"),
    ("3000 steps at 0.8 s per step, how long is that", "40 min"),
])
def test_steps_times_seconds_per_step_is_answered(text: str, want: str) -> None:
    me = _talk(text)
    assert want in me.lines[0], me.lines[:3]


# ---------------------------------------------------------------- a rental weighed against the wallet


@pytest.mark.parametrize(("turns", "want"), [
    (("记一下 钱包充了 ₮1000", "租一个月 a100 80g 之后还剩多少"), ("够", "101")),
    (("钱包充值 500 usdt gpuli", "现在能租一个月 a100 80g 吗"), ("不够", "399")),
    (("please record a top-up of 200 USDT to my wallet", "can i rent an a100 80g for a month now"), ("Not enough", "699")),
    (("record a 1000 usdt top-up at gpuli", "can we afford a 4090 for a week now?"), ("Yes", "891")),
])
def test_after_a_top_up_a_rental_is_weighed_against_the_balance(turns: tuple[str, ...], want: tuple[str, str]) -> None:
    me = _talk(*turns)
    assert all(w in me.lines[0] for w in want), me.lines[:3]


def test_without_money_in_the_wallet_the_price_alone() -> None:
    me = _talk("can i rent an a100 80g for a month now")
    assert "wallet" not in me.lines[0] and "899" in "\n".join(me.lines)


# ---------------------------------------------------------------- FAQ retrieval


@pytest.mark.parametrize(("text", "entry"), [
    ("qlora 会掉点吗 训出来效果差很多不", "qlora-accuracy"),
    ("qlora 的效果会比 lora 差很多吗", "qlora-accuracy"),
    ("how much worse is qlora", "qlora-accuracy"),
    ("lora 比全参效果差多少", "lora-vs-full-quality"),
])
def test_a_quality_question_is_answered_for_the_method_it_names(text: str, entry: str) -> None:
    hit, _ = lookup(text)
    assert hit is not None and hit.entry.id == entry, hit


@pytest.mark.parametrize(("text", "entry"), [
    ("一万网络的 h100 能配 ib 吗", "infiniband"),  # the InfiniBand entry (session 11) answers 一万网络 first
    ("gpuli 是按什么计费的", "gpuli-week-vs-month"),
    ("gpuli 怎么计费", "gpuli-week-vs-month"),
])
def test_a_providers_name_is_not_an_entrys_topic(text: str, entry: str) -> None:
    p = parse(text)
    assert p.intent == "faq" and p.faq_answers[0].entry.id == entry, (p.intent, [h.entry.id for h in p.faq_answers])


@pytest.mark.parametrize(("turns", "want"), [
    (("一万网络 a100 40g 多少钱", "折合 usdt 呢"), "₮394"),
    (("一万网络 a100 40g 多少钱 换成usdt",), "₮394"),
])
def test_usdt_is_read_whole_in_a_currency_ask(turns: tuple[str, ...], want: str) -> None:
    me = _talk(*turns)
    assert want in first_lines(me), me.lines[:3]


@pytest.mark.parametrize("text", ["quick q: 14b qlora, does a 24gb card cut it", "will a 32gb gpu handle 14b lora",
                                  "14b qlora 24g 的卡行不行"])
def test_a_card_of_some_memory_asked_whether_it_will_do_is_a_sizing(text: str) -> None:
    assert parse(text).intent == "size"


@pytest.mark.parametrize("turns", [
    ("7b qlora 4090 够吗", "qlora 训出来质量会比 lora 差很多吗"),
    ("is a 4090 enough for 7b qlora", "does qlora lose much quality vs lora?"),
])
def test_a_quality_question_after_a_sizing_is_the_faqs_not_the_sizing_again(turns: tuple[str, ...]) -> None:
    me = _talk(*turns)
    assert "QLoRA" in me.lines[0] and ("效果" in me.lines[0] or "accuracy" in me.lines[0]), me.lines[:3]


@pytest.mark.parametrize(("text", "entry"), [
    ("how to estimate vram for qlora", "memory-estimate"), ("which gpu for qlora on a 32b", "lora-gpu-by-size"),
])
def test_an_entry_covering_lora_and_qlora_answers_a_qlora_question(text: str, entry: str) -> None:
    hit, _ = lookup(text)
    assert hit is not None and hit.entry.id == entry, hit


@pytest.mark.parametrize(("turns", "total"), [
    (("gpuli 4090 月租多少", "包月再加个 500g 存储卷 一共多少"), "₮409"),
    (("一万网络 a100 40g 多少", "包月 加 128g 内存 一共"), "¥3,400"),
    (("how much is a 4090 per month at gpuli", "plus a 500gb volume, total?"), "₮409"),
])
def test_an_add_on_joined_to_the_rental_just_priced_is_added_to_it(turns: tuple[str, ...], total: str) -> None:
    me = _talk(*turns)
    assert total in first_lines(me), me.lines[:3]


def test_an_add_on_asked_alone_is_priced_alone() -> None:
    me = _talk("gpuli 4090 月租多少", "500g 存储卷一个月多少")
    assert "₮40" in me.lines[0] and "₮409" not in first_lines(me), me.lines[:3]


@pytest.mark.parametrize(("text", "want"), [
    ("一万网络 3090 一个月多少 换成美元呢", "$246"), ("gpuli 4090 一周多少 换成人民币呢", "¥774"),
])
def test_a_card_priced_and_asked_in_another_currency_is_a_price_not_a_change(text: str, want: str) -> None:
    me = _talk(text)
    assert want in first_lines(me), me.lines[:3]
