"""The setup the user stated is the one its follow-ups price, and a card just priced is the card a following
sizing question is about (issue 18): "we have two 4090s" then "weekly cost for those" prices those two cards
(gpuli's RTX 4090, ₮109 a week and ₮369 a month each, as separate instances), not the tool's own pick;
"t4 多少钱" then "跑 7b qlora 行不行" judges the job on the 16 GB T4. Where no card was named, or the stated
setup misses the job, the recommended setup is still priced, and a provider that does not rent the stated
card is said so before what it does rent."""

from __future__ import annotations

import pytest

from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize("first, then, total", [
    ("14b qlora 我们有两张4090", "gpuli 包月多少", "₮738"),               # 2 × ₮369
    ("two rtx 4090, 14b qlora ok?", "monthly for those cards?", "₮738"),
    ("our box has 2x 4090, 7b qlora fine?", "weekly price of these at gpuli", "₮218"),  # 2 × ₮109
    ("32b qlora 两张 a6000 够吗", "这两张 gpuli 一周多少", "₮230"),          # 2 × ₮115
    ("4 张 a6000 跑 32b lora 可以吗", "这4张 每周多少钱", "₮460"),           # 4 × ₮115
    ("14b qlora 三张 3090 行吗", "这三张 一万网络 包月呢", "¥5,250"),         # 3 × ¥1,750
])
def test_a_price_after_a_stated_setup_prices_those_cards(first: str, then: str, total: str) -> None:
    lead = lead_lines(conversation(first, then), 3)
    assert total in lead
    assert "推荐" not in lead and "recommended" not in lead  # the user's cards, not the tool's pick
    assert "A100 80GB" not in lead  # never gpuli's 4-card A100 box the tool would pick


@pytest.mark.parametrize("first, then, said", [
    ("14b qlora 两张4090", "一万网络 一个月多少", "一万网络 不出租 RTX 4090"),
    ("our box has 2x 4090, 7b qlora fine?", "and at yiwan per month?", "一万网络 does not rent the RTX 4090"),
])
def test_a_provider_without_the_stated_card_says_so_first(first: str, then: str, said: str) -> None:
    lead = lead_lines(conversation(first, then), 5)
    assert said in lead.splitlines()[0] and ("2×RTX 4090" in lead or "2× RTX 4090" in lead)
    assert "¥25,000" in lead  # what it rents that holds the job: its 8 × A100 80GB box


@pytest.mark.parametrize("first, then, figure, setup", [
    ("7b qlora", "gpuli 一个月多少", "₮369", "推荐 1×RTX 4090"),          # no card named: the pick
    ("14b 全参 两张4090 行吗", "gpuli 一个月多少", "₮4,308", "4×A100 80GB SXM"),  # the stated setup misses
    ("14b full fine-tune on two 4090s?", "gpuli monthly?", "₮4,308", "4× A100 80GB SXM"),
])
def test_the_recommendation_is_priced_where_no_stated_setup_holds_the_job(first: str, then: str, figure: str,
                                                                          setup: str) -> None:
    text = conversation(first, then)
    assert figure in lead_lines(text, 4) and setup in text


@pytest.mark.parametrize("first, then, card, verdict", [
    ("t4 一个月多少", "跑 7b qlora 行不行", "1×T4", "可能装得下"),        # 10.4–17 GB on 16 GB
    ("how much for a T4 at yiwan", "can it handle 7b qlora?", "1× T4", "may fit"),
    ("a100 40g 包月价格", "14b lora 够不够", "1×A100 40GB SXM", "可能装得下"),  # 32.9–45.4 GB on 40 GB
    ("what's an a10 cost", "is that enough for 7b qlora", "1× A10", "fits"),
    ("t4 多少钱", "跑 7b lora 够不够", "1×T4", "装不下"),                  # 18.6–26.4 GB on 16 GB
])
def test_a_sizing_after_a_cards_price_is_judged_on_that_card(first: str, then: str, card: str, verdict: str) -> None:
    lead = lead_lines(conversation(first, then), 1)
    assert card in lead and verdict in lead


@pytest.mark.parametrize("first, then, card", [
    ("h100 多少钱", "那张卡跑 14b lora 行不行", "1×H100 SXM"), ("price of an l40s?", "could it take 14b lora", "1× L40S")])
def test_a_word_pointing_back_at_the_card_priced_sizes_on_it(first: str, then: str, card: str) -> None:
    assert card in lead_lines(conversation(first, then), 1)


@pytest.mark.parametrize("first, then, pick", [
    ("4090 多少钱", "7b qlora 用什么卡最便宜", "1×RTX 3090"),   # a pick asked: the cheapest card, not the 4090
    ("gpuli 4090 一周多少", "7b 全参 要多少显存", "A100 80GB"),   # the memory alone: the sizing as before
    ("4090 weekly at gpuli?", "how many gpus for 14b full?", "A100 80GB"),  # a count in general, not of 4090s
])
def test_a_pick_or_a_memory_question_after_a_price_stands_alone(first: str, then: str, pick: str) -> None:
    assert pick in lead_lines(conversation(first, then), 3)
