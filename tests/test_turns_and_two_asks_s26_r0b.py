"""Session 26 round 0 (blind 69 and 71 leftovers), fixed as behaviour:

- a question of its own after a price stays its own: one comparing two methods' cost ("lora 和全参成本差几倍":
  the FAQ's 30–40×, never the H200 month again), one opened with a "new question" marker ("再问个别的：",
  "different topic:"), and "别的" ("other") is no card ruled out;
- a bare count after a sizing about the count ("32b 全参要几张卡" then "那 4 张呢"; "…8 卡 per gpu memory" then
  "what if only 4 cards") is that many of the card the answer picked (4 × A100 80GB: 146 GB a card, does not
  fit), not any card that holds the job on four;
- a card's price and a job's fit in one message, the job named only in the fit clause ("l40s monthly 多少，能跑 14b
  lora 不"; "8 卡 A100 SXM 月租多少？32B 全参放得下吗？"): the fit on that card leads, the price beside it;
- one's own wallet asked after an answer ("我钱包有钱吗", "do I have any balance left?") is read, and renting with
  an empty wallet asked after a price ("钱包没钱能先租吗") is weighed against nothing: top up first;
- a yes/no about a rental unit beside a price ("可以按小时租吗？最少要花多少？") leads with gpuli's no;
- an adapter's size asked ("adapter 大概多大") is the save's size in MB, not a memory sizing;
- a how/why question naming a model size with a mixed-language term or a pinyin slip ("有必要上pipeline并行吗",
  "为撒一训练就爆显存") is the FAQ's, not a sizing;
- a one-minute charge cents would bend ($1.49/h ÷ 60 = $0.0248…) is shown to four decimals.

Seed figures: gpuli RTX 4090 ₮109 a week, ₮369 a month; L40S ₮649 a month; 8 × A100 SXM ₮8,352 a month; H200
₮2,599 a month (seed 000); CloudGPU A100 80GB $1.49/h by the minute (seed 002); LoRA vs full cost 30–40× (seed
003); seed 000's minimum for 32B full: 8 × 80 GB with ZeRO-3.
"""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import ChatUser, first_lines, said


@pytest.mark.parametrize("asked", [
    "lora和全参 成本差几倍",
    "全量微调跟lora 花费差多少",
    "LoRA vs full fine-tune, how much cheaper overall?",
])
def test_a_methods_cost_comparison_after_a_price_is_the_faqs(asked: str) -> None:
    me = said("h200 单卡包月", asked)
    assert "2,599" not in me.text and ("30–40" in me.text or "30-40" in me.text), me.text


@pytest.mark.parametrize(("first", "asked", "word"), [
    ("一万网络 A100 40G 年付多少？", "再问个别的：L40S 有没有 NVLink？", "NVLink"),
    ("一万网络 A100 40G 年付多少？", "另外问个其他的，L40S 有 NVLink 吗", "NVLink"),
    ("gpuli 4090 包月多少", "换个话题 4090 有没有 nvlink", "NVLink"),
    ("gpuli 4090 monthly?", "different topic: does the L40S have NVLink?", "NVLink"),
])
def test_a_new_question_marker_after_a_price_asks_anew(first: str, asked: str, word: str) -> None:
    me = said(first, asked)
    assert word in first_lines(me) and "26,880" not in me.text and "₮369" not in first_lines(me), me.text


@pytest.mark.parametrize("text", ["再问个别的：L40S 有没有 NVLink？", "问点别的 4090 支持 NVLink 吗", "个别 h100 机器会慢吗"])
def test_other_is_no_card_ruled_out(text: str) -> None:
    assert not parse(text).request.exclude, text


def test_ruling_out_still_reads() -> None:
    assert parse("别给我推 h100 7b lora").request.exclude == ("h100-sxm",)


@pytest.mark.parametrize(("turns", "lead"), [
    (("32b全参 要几张卡", "那4张呢"), "4×A100 80GB SXM"),
    (("32b 全参 需要几卡", "4张行不行"), "4×A100 80GB SXM"),
    (("32b全参 zero3 8卡 per gpu memory", "what if only 4 cards"), "4× A100 80GB SXM"),
    (("14b 全参 需要几张卡", "2张呢"), "2×A100 80GB SXM"),
])
def test_a_count_after_a_count_sizing_keeps_the_picked_card(turns: tuple[str, str], lead: str) -> None:
    me = said(*turns)
    top = first_lines(me, 1)
    assert lead in top and ("装不下" in top or "does not fit" in top), me.text
    assert "MI300X" not in top, me.text


@pytest.mark.parametrize(("text", "card", "price"), [
    ("l40s monthly多少，能跑14b lora bf16不", "L40S", "₮649"),
    ("a6000 weekly 多少钱，跑得了 32b qlora 吗", "RTX A6000", "₮115"),
    ("what's an a6000 per week, can it run 32b qlora", "RTX A6000", "₮115"),
    ("4090 周租多少？7b qlora 跑得动吗？", "RTX 4090", "₮109"),
])
def test_a_fit_asked_beside_a_cards_price_is_judged_on_that_card(text: str, card: str, price: str) -> None:
    me = said(text)
    assert ("✅" in me.text or "装得下" in me.text or "fits" in me.text) and card in me.text, me.text
    assert price in first_lines(me, 3), me.text  # the price was asked first: its answer first


def test_a_fit_asked_first_is_answered_first() -> None:
    me = said("能跑14b lora bf16不, l40s monthly多少")
    assert "✅" in first_lines(me, 1) and "L40S" in first_lines(me, 1) and "₮649" in me.text, me.text


def test_a_fit_asked_after_a_setups_month_keeps_the_month_first() -> None:
    me = said("8卡h200 gpuli 包月多少，能跑72b全参吗")
    assert "₮19,752" in first_lines(me, 1) and "装得下" in me.text, me.text


def test_a_fit_question_after_a_price_question_leads_on_the_cards_priced() -> None:
    me = said("周租/月租那家 8 卡 A100 SXM 月租多少？32B 全参放得下吗？")
    lead = first_lines(me, 3)
    assert "8×A100 80GB SXM" in lead and "放得下" in lead and "₮8,352" in lead, me.text


@pytest.mark.parametrize("asked", ["我钱包有钱吗", "账上还有余额没", "do I have any balance left?", "is my wallet empty?"])
def test_ones_own_wallet_asked_after_an_answer_is_read(asked: str) -> None:
    me = said("14b全参 4卡a100 zero3 行吗", asked)
    lead = first_lines(me, 2)
    assert "0" in lead and ("空" in lead or "empty" in lead), me.text


@pytest.mark.parametrize("asked", ["钱包没钱能先租吗", "余额为0的话能下单吗", "账上空了 还能租不", "if our wallet is empty can we still rent it?"])
def test_renting_with_an_empty_wallet_after_a_price_says_top_up_first(asked: str) -> None:
    me = said("gpuli 4090 包个月", asked)
    lead = first_lines(me, 1)
    assert ("先充值" in lead or "top up first" in lead) and "₮369" in lead, me.text


def test_an_empty_wallet_supposed_is_weighed_as_nothing_whatever_is_held() -> None:
    me = ChatUser()
    me.say("/topup 1000 USDT gpuli")
    me.say("gpuli 4090 包个月")
    me.say("钱包没钱能先租吗")
    assert "先充值" in first_lines(me, 1), me.text


@pytest.mark.parametrize(("text", "no"), [
    ("您好，我们 QLoRA 任务大概 1.5天跑完，用 gpuli 的 4090。可以按小时租吗？最少要花多少？", "不能"),
    ("gpuli 4090 能按天租吗 最便宜多少钱", "不能"),
    ("can I rent an a100 at gpuli by the hour? and what's the least it costs for 20 hours", "No"),
])
def test_a_unit_asked_yes_or_no_beside_a_price_leads(text: str, no: str) -> None:
    me = said(text)
    assert no in first_lines(me, 1), me.text


def test_a_units_price_stays_a_price() -> None:
    assert parse("gpuli 4090 按小时多少钱").asks.unit is None


@pytest.mark.parametrize(("text", "mb"), [
    ("32B QLoRA 训完的 adapter 大概多大", "268 MB"),
    ("how big is the adapter of a 14b lora", "128 MB"),
    ("7b lora adapter 文件有多大", "81 MB"),
])
def test_an_adapters_size_is_the_saves(text: str, mb: str) -> None:
    me = said(text)
    assert mb in me.text and "📏" not in me.text, me.text


def test_a_price_and_an_adapters_size_both_answered() -> None:
    me = said("A6000 在周租月租那家 weekly 多少钱？另外 32B QLoRA 训完的 adapter 大概多大，我们要评估归档空间。")
    assert "₮115" in me.text and "268 MB" in me.text, me.text


@pytest.mark.parametrize("text", [
    "7b lora 有必要上pipeline并行吗",
    "7b lora 需要 pipeline 并行吗",
    "14b 全参要开 tp 并行吗",
    "13b 推理能跑 为撒一训练就爆显存",
])
def test_a_how_or_why_naming_a_size_is_the_faqs(text: str) -> None:
    assert parse(text).intent == "faq", text


@pytest.mark.parametrize(("text", "exact"), [
    ("cloudgpu a100 80g 跑 1 分钟多少钱", "$0.0248"),
    ("What does a single minute on the A100 80G cost at cloudgpu?", "$0.0248"),
])
def test_a_minute_cents_would_bend_is_shown_to_four_decimals(text: str, exact: str) -> None:
    assert exact in first_lines(said(text)), text


def test_a_total_cents_barely_move_stays_rounded() -> None:
    lead = first_lines(said("cloudgpu a100 80g 跑 7 分钟多少钱"))
    assert "$0.17" in lead and "$0.1738" not in lead, lead


@pytest.mark.parametrize("text", [
    "14b全参 单张h100 + zero offload 因该最便宜吧",
    "14b full ft on one h100 with offload should be the cheapest, right?",
])
def test_a_claim_of_cheapest_put_for_a_yes_is_answered_against_the_seed_minimum(text: str) -> None:
    lead = first_lines(said(text), 1)
    assert ("不是" in lead or "No" in lead) and "4×A100 80GB SXM" in lead.replace("4× A100", "4×A100") and "₮4,308" in lead, lead


@pytest.mark.parametrize(("text", "total"), [
    ("8卡h100做72b全参 直接zero3不offload能行吗", "640 GB"),  # 8 × 80 GB against 1,152 GB of states (72B × 16 B)
    ("72b full ft on 4 a100 80g zero3 no offload?", "320 GB"),
])
def test_a_setup_smaller_than_the_model_states_says_its_total(text: str, total: str) -> None:
    me = said(text)
    assert total in me.text and "1,152 GB" in me.text, me.text


def test_a_setup_holding_the_states_says_no_total() -> None:
    me = said("qwen2.5 7b 全参 两张 a100 80g zero2 行吗")  # ~122 GB of states against 2 × 80 GB: the per-card share misses
    assert "装不下" in me.text and "一共才" not in me.text, me.text


@pytest.mark.parametrize(("text", "precision"), [
    ("deepspeed 配置导出下 要开bf16 zero2", '"bf16": {"enabled": true}'),
    ("导出个ds配置 用fp16 zero3", '"fp16": {"enabled": true}'),
    ("export the deepspeed json, bf16, zero2", '"bf16": {"enabled": true}'),
])
def test_a_precision_glued_to_chinese_goes_into_the_export(text: str, precision: str) -> None:
    assert precision in said(text).text


@pytest.mark.parametrize("turns", [
    ("训练配置要导出 用哪个框架你们支持",),
    ("which formats can I export?",),
    ("训练配置要导出 用哪个框架你们支持", "llamafactory"),
])
def test_an_export_asked_with_no_model_says_what_exports(turns: tuple[str, ...]) -> None:
    me = said(*turns)
    assert "LLaMA-Factory" in me.text and "ds_config.json" in me.text, me.text


@pytest.mark.parametrize(("text", "count"), [
    ("qwen 14b full ft,4块a100-80g能跑不", 4),
    ("32b 全参 8块h100 够吗", 8),
    ("7b lora 两块 4090 行不行", 2),
    ("14b lora 4块卡够吗", 4),
])
def test_kuai_before_a_card_counts_cards(text: str, count: int) -> None:
    reading = parse(text)
    assert reading.request.num_gpus == count and reading.asks.budget is None, text


@pytest.mark.parametrize(("text", "budget"), [("500块 a100 能租多久", 500), ("预算 4000 块 7b lora 够吗", 4000)])
def test_kuai_as_money_stays_money(text: str, budget: int) -> None:
    got = parse(text).asks.budget
    assert got is not None and got[0] == budget, text


@pytest.mark.parametrize(("text", "lead"), [
    ("2k预算 想在gpuli训qwen2.5 7b qlora 一个月 够吗", "₮2,000：够"),  # ₮369 a month for the 4090 (seed 000)
    ("budget 300, 7b qlora at gpuli for a month, enough?", "₮300: not enough"),
])
def test_a_job_budget_with_no_currency_at_a_named_provider_is_in_its_currency(text: str, lead: str) -> None:
    me = said(text)
    assert lead in first_lines(me, 1) and "₮369" in first_lines(me, 2), me.text
