"""Issue 18, money and time read by context (blind set 7 classes): a length with a card and an amount
asked is that length's price even with training words; a length said again in parentheses is one
length; a price naming nodes, a length and InfiniBand is a price. Figures from the seeds: CloudGPU by
the minute (seed 002: 3090 $0.21/h, 4090 $0.33/h, A800 $1.09/h); gpuli 8×H100 ₮14,432/month and
InfiniBand ₮600 per node per month (seed 000)."""

from __future__ import annotations

import pytest

from bot.understand import fields as f
from bot.understand.normalize import normalize
from bot.understand.spans import spans_against
from tests.chat_user import ChatUser


def _talk(*turns: str) -> ChatUser:
    me = ChatUser()
    for turn in turns:
        me.say(turn)
    return me


@pytest.mark.parametrize(("text", "total"), [
    ("36h 的 qlora 任务，3090 on cloudgpu 多少", "$7.56"),
    ("qlora fine-tune job of 36 hours on a 3090 at cloudgpu, how much?", "$7.56"),
    ("微调任务 48 小时，a800 cloudgpu 要多少", "$52.32"),
    ("lora training, 20h on a 4090 at cloudgpu — cost?", "$6.60"),
])
def test_a_length_with_a_card_and_an_amount_asked_is_its_price(text: str, total: str) -> None:
    assert total in _talk(text).text


@pytest.mark.parametrize(("text", "hours"), [
    ("跑半天（12小时）", 12.0), ("half a day (12h)", 12.0), ("1天（24小时）", 24.0), ("two days (48h)", 48.0),
])
def test_a_length_said_again_in_parentheses_is_one_length(text: str, hours: float) -> None:
    days, read = f.duration(normalize(text))
    assert (days or 0) * 24 + (read or 0) == pytest.approx(hours)


def test_a_compound_length_still_adds() -> None:
    assert f.duration(normalize("1天12小时")) == (None, 36.0)


@pytest.mark.parametrize(("text", "total"), [
    ("跑半天（12小时）A800 cost? cloudgpu", "$13.08"),
    ("A800 at cloudgpu for half a day (12 hours), how much?", "$13.08"),
])
def test_a_restated_length_is_priced_once(text: str, total: str) -> None:
    me = _talk(text)
    assert total in me.text and "$26.16" not in me.text


@pytest.mark.parametrize("text", [
    "continued pretraining on two 8x H100 nodes at gpuli for a month, incl. InfiniBand — total?",
    "pretrain on 2 8xH100 nodes at gpuli for one month with infiniband, what's the total cost?",
    "两个 8 卡 H100 节点 在 gpuli 做继续预训练 租一个月 带 IB 总共多少",
])
def test_nodes_a_length_and_infiniband_are_priced_with_training_words(text: str) -> None:
    assert "₮30,064" in _talk(text).text


@pytest.mark.parametrize(("text", "weeks", "month"), [
    ("3 weeks of a 4090 on gpuli vs one month — which is cheaper?", "₮327", "₮369"),
    ("gpuli 上 4090 租 3 周和租一个月哪个便宜", "₮327", "₮369"),
    ("gpuli 4090：两周还是一个月划算？", "₮218", "₮369"),
    ("on gpuli, a 4090 for one month or for 2 weeks — which costs less?", "₮218", "₮369"),
])
def test_a_span_set_against_another_unit_gives_both_totals(text: str, weeks: str, month: str) -> None:
    me = _talk(text)
    head = "\n".join(me.lines[:3])
    assert weeks in head and month in head and "₮545" not in me.text


def test_two_spans_in_one_unit_are_not_a_unit_comparison() -> None:
    assert spans_against(normalize("3 weeks vs 4 weeks")) is None
    assert spans_against(normalize("3 周和一个月")) == 21 * 24


@pytest.mark.parametrize(("text", "verdict", "price"), [
    ("gpuli 钱包里 ₮1000，能开 8 卡 H100 一周吗", "不够", "₮4,172"),
    ("my gpuli wallet has ₮120 — can I rent a 4090 for a week?", "enough", "₮109"),
    ("gpuli 钱包余额 ₮100，够租一周 4090 吗", "不够", "₮109"),
    ("账户里还有 ₮400，gpuli 4090 包月租得起吗", "够", "₮369"),
    ("got about three grand CNY a month, 一万网络的 A100 40G 租得起吗?", "够", "¥2,800"),
    ("my wallet balance is ₮300, can I afford a 4090 at gpuli for a month?", "not enough", "₮369"),
])
def test_money_held_in_a_wallet_is_a_budget_against_the_setup(text: str, verdict: str, price: str) -> None:
    me = _talk(text)  # seed 000: 4090 ₮109/week, ₮369/month, 8×H100 ₮4,172/week; seed 003: A100 40G ¥2,800/month
    assert verdict in me.lines[0] and price in me.lines[0]


def test_grand_is_thousands() -> None:
    from bot.understand.money_words import find_money
    assert [(w.value, w.currency) for w in find_money(normalize("got about three grand CNY a month"))] == [(3000, "CNY")]
    assert [w.value for w in find_money(normalize("I have 2 grand"))] == [2000]


@pytest.mark.parametrize(("text", "hourly", "total"), [
    ("A800 on cloudgpu: hourly price? and what's 8 hours?", "$1.09", "$8.72"),
    ("cloudgpu a800 每小时多少？跑 8 小时呢？", "$1.09", "$8.72"),
    ("4090 at cloudgpu, price per hour? and for 20 hours?", "$0.33", "$6.60"),
])
def test_a_second_clause_with_only_a_length_prices_the_first_clause_setup(text: str, hourly: str, total: str) -> None:
    me = _talk(text)  # seed 002: A800 $1.09/h × 8 = $8.72; 4090 $0.33/h × 20 = $6.60
    assert hourly in me.text and total in me.text


@pytest.mark.parametrize(("text", "total"), [
    ("5万条数据，3 个 epoch，batch 4，累积 4，单卡 4090 实测每步 1.2 秒，要训多久？cloudgpu 上多少钱？", "$1.03"),
    ("50k samples, 3 epochs, batch 4, grad accum 4, one 4090 at 1.2 s per step — how long? what does it cost at cloudgpu?", "$1.03"),
])
def test_the_cost_asked_after_a_measured_run_prices_that_run(text: str, total: str) -> None:
    me = _talk(text)  # 9,375 steps × 1.2 s = 187.5 min, billed 188 min × $0.33/h = $1.03
    assert "9,375" in me.text and total in me.text


@pytest.mark.parametrize(("first", "then", "count"), [
    ("Qwen2.5-7B full fine-tune on a single A100 80GB with plain AdamW?", "what about two of them?", "2×"),
    ("Qwen3-8B LoRA on one 4090?", "and 4 of those?", "4×"),
    ("Qwen2.5-7B 全参 单张 A100 80G AdamW 够吗", "那两张呢", "2×"),
])
def test_a_count_of_them_after_a_sizing_is_the_same_job_on_that_many(first: str, then: str, count: str) -> None:
    me = _talk(first, then)
    assert count in me.lines[0] and ("fit" in me.lines[0] or "装得下" in me.lines[0])


def test_of_them_is_a_count() -> None:
    assert f.num_gpus(normalize("what about two of them?")) == 2
    assert f.num_gpus(normalize("8 of those")) == 8


@pytest.mark.parametrize(("first", "then", "rental"), [
    ("gpuli 4090 price?", "job takes 36h, what should I buy?", "₮109 — 1 week"),
    ("gpuli 4090 多少钱", "我的任务大概要 36 小时，应该买哪种？", "₮109 — 1 周"),
    ("gpuli 4090 price?", "the run needs 10 days — which rental should I get?", "₮218 — 2 weeks"),
    ("cloudgpu a800 hourly?", "training takes 12 hours, what should I rent?", "$13.08"),
])
def test_a_length_asked_what_to_buy_after_a_price_is_that_rental(first: str, then: str, rental: str) -> None:
    me = _talk(first, then)  # seed 000: gpuli 4090 ₮109 a week (36 h and 10 d bought by the week)
    assert rental in me.text


@pytest.mark.parametrize("text", [
    "出一份 deepspeed zero3 offload 的 json，72b 全参用",
    "生成一个 deepspeed zero3 加 optimizer offload 的配置文件，70b 全参",
    "give me a deepspeed zero-3 with cpu offload json for 72b full fine-tuning",
])
def test_an_export_with_its_tool_and_options_before_the_file_word(text: str) -> None:
    me = _talk(text)
    assert "offload_optimizer" in me.text and "ds_config.json" in me.text


@pytest.mark.parametrize("text", ["导出训练配置：qwen3-8b qlora，lora_target 全部线性层",
                                  "export the training config for qwen3-8b lora on all linear layers"])
def test_an_adapter_export_names_its_lora_target(text: str) -> None:
    assert "lora_target: all" in _talk(text).text


def test_a_full_fine_tune_export_names_no_lora_target() -> None:
    assert "lora_target" not in _talk("导出 qwen3-8b 全参 配置").text
