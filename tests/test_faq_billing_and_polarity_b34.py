"""Blind-34 FAQ paraphrases and questions sent to the wrong place, as behaviour (figures from the seeds):

- when a provider takes the money, asked in any words ("先付还是后付", "月底结算吗", "bill at month end or
  upfront", "prepaid or postpaid"): gpuli takes the whole 7/30-day cycle from the wallet at order time;
- how a provider bills, asked alone ("gpuli 怎么收费", "how does cloudgpu charge"): that provider's own billing
  rule, not the InfiniBand or traffic entry that lists a fee among its words;
- a yes/no lead follows the question's polarity: "do I need a US bank card" is answered no (cloudgpu asks for
  neither a phone number nor a US bank card), "can I pay with Alipay" yes;
- "QLoRA 效果差好多" asks QLoRA's quality, not why results are bad in general (data);
- a bandwidth asked of a provider's card ("一万网络 a100 40g 带宽多少") is the network that comes with it
  (100M BGP dedicated with Yiwan's A100 40G monthly plan), not the card's price list.
"""

from __future__ import annotations

import pytest

from bot.understand.faq import lookup
from tests.chat_user import conversation as _reply
from tests.chat_user import lead_lines as _lead


@pytest.mark.parametrize("text", [
    "finance asks: does gpuli bill at month end or charge upfront?", "is gpuli billing prepaid or postpaid",
    "do we pay gpuli in advance or at the end of the month?", "gpuli 是先付还是后付", "gpuli 月底结算吗",
    "财务问 gpuli 是预付的还是月结", "gpuli 用完再付还是提前扣",
    # no provider named: the words of when money is taken are on topic, and the one provider with prepaid cycles answers
    "是先付还是后付", "is it prepaid or postpaid?",
])
def test_when_gpuli_takes_the_money_is_its_upfront_wallet_rule(text: str) -> None:
    hit, _ = lookup(text)
    assert hit is not None and hit.entry.id == "gpuli-week-vs-month", (text, hit)
    lead = _lead(_reply(text))
    assert "余额一次扣清" in lead or "taken from your wallet balance at order time" in lead, lead


@pytest.mark.parametrize(("text", "entry", "words"), [
    ("gpuli 怎么收费", "gpuli-week-vs-month", ("7 天和 30 天", "一次扣清")),
    ("gpuli 的计费方式是什么", "gpuli-week-vs-month", ("7 天和 30 天", "一次扣清")),
    ("how does gpuli charge", "gpuli-week-vs-month", ("7-day and 30-day", "at order time")),
    ("how is gpuli billed?", "gpuli-week-vs-month", ("7-day and 30-day", "at order time")),
    ("cloudgpu 怎么收费", "per-minute-billing", ("分钟",)),
    ("how does cloudgpu bill", "per-minute-billing", ("minute",)),
    ("一万网络怎么计费", "hourly-rental", ("月付和年付",)),
    ("how does yiwan charge", "hourly-rental", ("monthly or yearly",)),
])
def test_how_a_provider_bills_is_its_own_billing_rule(text: str, entry: str, words: tuple[str, ...]) -> None:
    hit, _ = lookup(text)
    assert hit is not None and hit.entry.id == entry, (text, hit)
    reply = _reply(text)
    assert "InfiniBand" not in _lead(reply) and all(w in reply for w in words), reply


def test_a_fee_of_infiniband_asked_stays_infiniband() -> None:
    for text in ("gpuli IB怎么收费", "how does gpuli charge for infiniband"):
        hit, _ = lookup(text)
        assert hit is not None and hit.entry.id == "infiniband", (text, hit)


@pytest.mark.parametrize(("text", "mark", "word"), [
    ("do I need a US bank card for cloudgpu", "❌", "No"), ("does cloudgpu require a phone number?", "❌", "No"),
    ("cloudgpu 需要手机号吗", "❌", "不需要"), ("注册 cloudgpu 要不要手机号", "❌", "不需要"),
    ("cloudgpu 要美国银行卡吗", "❌", "不需要"),
    ("can I pay with Alipay at cloudgpu", "✅", "Yes"), ("cloudgpu 能用支付宝吗", "✅", "可以"),
    ("can I pay cloudgpu without a US bank card", "✅", "Yes"), ("没有手机号能在 cloudgpu 付款吗", "✅", "可以"),
])
def test_a_yes_no_lead_answers_the_question_asked(text: str, mark: str, word: str) -> None:
    first = _lead(_reply(text), 1)
    assert first.startswith(mark) and word in first, first


@pytest.mark.parametrize("text", [
    "QLoRA 效果差好多咩", "qlora 效果会差很多吗", "QLoRA 微调后效果差很多正常吗", "qlora 训出来效果差好多 是不是量化的锅",
    "does qlora hurt quality much", "is qlora quality much worse than bf16 lora",
])
def test_qloras_quality_asked_is_the_qlora_entry(text: str) -> None:
    hit, _ = lookup(text)
    assert hit is not None and hit.entry.id == "qlora-accuracy", (text, hit)


def test_bad_results_blamed_on_data_stay_the_data_entry() -> None:
    hit, _ = lookup("用 qlora 效果差了很多 是数据问题吗")
    assert hit is not None and hit.entry.id == "data-quality", hit


@pytest.mark.parametrize("text", [
    "一万网络 a100 40g 带宽多少", "一万网络的 a100 40g 给多少带宽", "what bandwidth comes with the a100 40g at 一万网络",
    "how much bandwidth does the a100 40g get at yiwan",
])
def test_a_providers_card_bandwidth_is_its_network(text: str) -> None:
    lead = _lead(_reply(text))
    assert "100M" in lead and "BGP" in lead and "¥2,800" not in lead, lead


@pytest.mark.parametrize(("text", "words"), [
    ("一万网络 a100 40g 多少", ("¥2,800",)), ("h100 显存带宽", ("3,350 GB/s",)), ("一万网络 h100 显存带宽多少", ("3,350 GB/s",)),
])
def test_a_price_or_a_cards_memory_bandwidth_stays_so(text: str, words: tuple[str, ...]) -> None:
    lead = _lead(_reply(text))
    assert all(w in lead for w in words), lead
