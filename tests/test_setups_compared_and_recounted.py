"""Setups compared, and follow-ups that change the count or the card of a setup just sized or priced.

- Several cards named for a job one of them holds with room ("8 张 4090 跑 7b qlora", "2x h100 for 70b qlora"):
  that one is enough is said right under the verdict, with the one card's figure.
- An adapter sharded over cards that barely hold it ("两张 a100 80g 做 70b lora"): the model states in all
  (the frozen 16-bit weights, 70B × 2 bytes ≈ 141 GB) beside their share per card.
- A budget, then "two of them" of a card the provider rents only singly (CloudGPU): the separate instances
  are judged against the budget (2 × 720 h × $1.49 = $2,145.60), not "nobody rents that machine".
- A job sized on one setup, then another card with "便宜多少" / "how much cheaper": the saving at one provider
  leads (gpuli: 8 × A100 ₮8,352 a month against 8 × H100 ₮14,432, ₮6,080 less), unless the job misses the card.
- Two cards sized side by side, then "cost for 8 h each?": both priced (CloudGPU: 4090 $2.64, A100 $11.92).
"""

from __future__ import annotations

import pytest

from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize(("turns", "said"), [
    (("gpuli 8x h100 for a 7b qlora",), "1 is enough (1× H100 SXM"),
    (("2x h100 for 70b qlora",), "1 is enough (1× H100 SXM"),
    (("4卡 a100 做 8b lora 行吗",), "1 张就装得下（1×A100 80GB SXM"),
    (("8张4090 跑 7b qlora 可以吗",), "1 张就装得下（1×RTX 4090"),
])
def test_several_cards_named_where_one_holds_the_job_says_one_is_enough(turns: tuple[str, ...], said: str) -> None:
    assert said in lead_lines(conversation(*turns))


def test_several_cards_one_cannot_hold_are_not_called_too_many() -> None:
    text = conversation("8卡 h100 做 32b 全参")
    assert "就装得下" not in text and "没必要" not in text


@pytest.mark.parametrize("turns", [("两张 a100 80g 跑 70b lora 行不行",), ("2x a100 80g for a 70b lora in bf16, does it fit?",)])
def test_an_adapter_sharded_over_cards_that_miss_it_names_the_states_in_all(turns: tuple[str, ...]) -> None:
    text = conversation(*turns)
    assert "142 GB" in text and "70.8 GB" in text


@pytest.mark.parametrize(("turns", "total"), [
    (("cloudgpu a100 80g 30天 预算3000刀", "两张呢"), "$2,145.60（2 × $1,072.80）"),
    (("预算 1000 美元，cloudgpu 4090 跑一个月够吗", "那三张呢"), "$712.80（3 × $237.60）"),
    (("$1500 budget: cloudgpu a6000 for a month?", "what about three of them"), "$950.40 (3 × $316.80)"),
])
def test_more_of_a_singly_rented_card_under_a_budget_is_judged_as_separate_instances(turns: tuple[str, ...], total: str) -> None:
    lead = lead_lines(conversation(*turns), 1)
    assert total in lead and ("够" in lead or "enough" in lead)


@pytest.mark.parametrize(("turns", "said"), [
    (("32b 全参 8卡 h100", "换成 a100 能省多少"), "8×A100 80GB SXM ₮8,352，比 8×H100 SXM ₮14,432 便宜 ₮6,080"),
    (("is 8x h100 enough for 32b full fine-tuning", "what about a100s, how much cheaper?"), "₮6,080"),
    (("8b lora on a100 80g", "how much cheaper on an l40s?"), "1× L40S at ₮649 is ₮946 cheaper than 1× A100 80GB SXM at ₮1,595"),
])
def test_another_card_for_the_job_sized_leads_with_the_saving(turns: tuple[str, ...], said: str) -> None:
    assert said in lead_lines(conversation(*turns), 2)


def test_no_saving_leads_on_a_card_the_job_misses() -> None:
    lead = lead_lines(conversation("14b lora 用 a100", "换 4090 便宜多少"), 1)
    assert "便宜 $" not in lead and "装不下" in lead


@pytest.mark.parametrize(("turns", "each"), [
    (("7b qlora: 4090 还是 a6000", "cloudgpu 各跑 10 小时分别多少钱"), ("$3.30", "$4.40")),
    (("14b lora, l40s or a100?", "each for a week at gpuli?"), ("₮189", "₮269")),
    (("4090 vs a100 for 7b qlora", "cost for 8 hours at cloudgpu each?"), ("$2.64", "$11.92")),
])
def test_each_after_two_cards_sized_side_by_side_prices_both(turns: tuple[str, ...], each: tuple[str, str]) -> None:
    lead = lead_lines(conversation(*turns), 1)
    assert all(x in lead for x in each)
