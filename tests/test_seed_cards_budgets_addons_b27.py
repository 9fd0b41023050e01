"""Blind set 27's classes, as behaviour: an add-on's price asked in another currency leads with that
currency (converted at the catalog's rates, said as approximate, the provider's own price beside it); a
provider whose own seed names a cheaper card for a LoRA class (一万网络's article: one RTX 3090, ¥1,750 a
month, for 7B LoRA) has that card named right under the safe pick, with our figures against its memory,
in a sizing and in a budget that only that card fits; a budget short of the span asked says what it does
rent of that setup in a shorter unit; a multi-card price answer says how the cards share the job."""

from __future__ import annotations

import pytest

from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize(("text", "asked", "own"), [
    ("gpuli 存储卷 500G 一个月 换成人民币多少", "≈ ¥284", "₮40"),
    ("gpuli 1tb volume for a month, in cny?", "≈ ¥568", "₮80"),
    ("一万网络 cpu 升级 16核 多少美元", "≈ $56.34", "¥400"),
    ("gpuli 存储卷 2T 加 对象存储 1T 三个月 多少人民币", "≈ ¥3,728", "₮525"),
])
def test_an_add_on_asked_in_another_currency_leads_with_it(text: str, asked: str, own: str) -> None:
    """₮0.08 a GB-month is ₮80 for 1,000 GB, about ¥568 at the catalog's rate (7.1 CNY per USDT): the
    currency asked comes first, marked approximate, and the provider's own price stays beside it."""
    reply = conversation(text)
    lead = lead_lines(reply, 3)
    assert asked in lead and own in lead, reply
    assert lead.index(asked) < lead.index(own), reply


@pytest.mark.parametrize("text", [
    "在一万网络做 7b lora，最便宜能用什么卡",
    "what's the cheapest card for a 7b lora on yiwan",
    "一万网络 7b lora 最少用什么配置",
])
def test_a_provider_seeds_lora_card_stands_under_the_safe_pick(text: str) -> None:
    """The pick ranks on the high end (issue 19): 26.4 GB is over the 3090's 24 GB, so the A100 40G
    (¥2,800) leads; seed 003's own card for the class, the 3090 at ¥1,750, stands on the price line with
    our expected and high figures, so the reader sees the seed's answer and why ours differs."""
    reply = conversation(text)
    lead = lead_lines(reply, 3)
    assert "A100 40GB" in lead and "¥2,800" in lead, reply
    assert "RTX 3090" in lead and "¥1,750" in lead, reply
    assert "20.6 GB" in lead and "26.4 GB" in lead and "24 GB" in lead, reply


@pytest.mark.parametrize(("text", "left"), [
    ("at yiwan, budget ¥1800 a month for a 7b lora: which card?", "¥50 left"),
    ("一万网络 每月预算 1900 块 7b lora 用什么卡", "剩 ¥150"),
])
def test_a_budget_only_the_seeds_lora_card_fits_says_so(text: str, left: str) -> None:
    """Over at the safe A100 40G (¥2,800), within at seed 003's 3090 (¥1,750), tight by our estimate: both."""
    reply = conversation(text)
    lead = lead_lines(reply, 2)
    assert "¥2,800" in lead.splitlines()[0], reply
    assert "RTX 3090" in lead and "¥1,750" in lead and left in lead, reply
    assert "26.4 GB" in lead and "24 GB" in lead, reply


@pytest.mark.parametrize(("text", "rents"), [
    ("budget 250 usdt, 7b qlora, a month on a gpuli 4090 - enough?", ["2 weeks", "₮109 a week", "₮218"]),
    ("预算 ₮200 在 gpuli 用 4090 跑一个月 7b qlora 够吗", ["1 周", "每周 ₮109"]),
    ("7b qlora 一个月 gpuli 4090，手上只有 ₮330 够不够", ["3 周", "₮327"]),
])
def test_a_budget_short_of_the_span_says_what_it_rents(text: str, rents: list[str]) -> None:
    """A month of gpuli's 4090 is ₮369; the week is ₮109, so ₮250 rents 2 weeks (₮218), ₮330 three (₮327)."""
    reply = conversation(text)
    lead = lead_lines(reply, 2)
    assert "₮369" in lead.splitlines()[0], reply
    assert all(word in lead for word in rents), (text, reply)


@pytest.mark.parametrize("text", [
    "how much for the minimum setup of a 14b full fine-tune?",
    "14b 全参 最低配置 租金多少",
])
def test_a_multi_card_price_says_how_the_cards_share_the_job(text: str) -> None:
    """Seed 000's 14B full row is 4 × A100 SXM with ZeRO-3 (₮4,308 a month): the sharding is named too."""
    reply = conversation(text)
    lead = lead_lines(reply, 3)
    assert "4×" in lead.replace("4× ", "4×") and "ZeRO-3" in lead and "₮4,308" in lead, reply
