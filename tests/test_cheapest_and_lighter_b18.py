"""Blind-18 classes in sizing and planning, as behaviour (figures from seed 000 through the catalogs):

- two setups named and the cheapest asked ("4卡h100 和 4卡a100 选哪个最便宜", "which is cheaper"): the
  cheapest one that holds the job leads with its price (14B full: 4×A100 SXM ZeRO-3, gpuli ₮4,308 a
  month; 4×H100 ₮7,444 follows);
- "is 8x H100 with offload the cheapest option" (a count written 8x): no, the seed's no-offload minimum is
  cheaper (32B full: 8×A100 SXM, ₮8,352 a month);
- "the cheapest without offload" after a sizing: the seed's no-offload setup (72B full: 8×H200 + 8-bit
  optimizer, ₮19,752 a month) leads, as "cheapest safe" does;
- a budget that cannot rent the full fine-tune, asked what to change to ("预算只有一万 换啥方案"): a
  question, not a wallet budget set; the verdict leads and a lighter method (LoRA / QLoRA) is priced beside it.
"""

from __future__ import annotations

import pytest

from tests.chat_user import conversation as _reply
from tests.chat_user import lead_lines


def _lead(*turns: str) -> str:
    return lead_lines(_reply(*turns))


@pytest.mark.parametrize("text", [
    "14b全参 4卡h100 和 4卡a100 选哪个最便宜",
    "14b 全参，4 张 a100 跟 4 张 h100 哪个更便宜",
    "14b full fine-tune: 4x h100 or 4x a100, which is cheaper?",
    "for a 14b full FT which one is cheapest, 4x a100 vs 4x h100",
    "14b 全参 4卡h100 和 4卡a100 哪个够用就行",
])
def test_the_cheapest_setup_that_fits_leads(text: str) -> None:
    lead = _lead(text)
    assert "A100" in lead.splitlines()[0] and "4,308" in lead.splitlines()[0]


@pytest.mark.parametrize("text", [
    "is 8x H100 with offload the cheapest safe option for 32B full FT?",
    "for 32b full fine-tuning, is 8x h100 + offload the cheapest way?",
])
def test_a_count_written_8x_asks_whether_it_is_the_minimum(text: str) -> None:
    lead = _lead(text)
    assert lead.startswith("No") and "8,352" in lead


@pytest.mark.parametrize("turns", [
    ("72b 全参 要什么配置", "最便宜又不 offload 的呢"),
    ("72b 全参需要几张卡", "不开 offload 的话最便宜用啥"),
    ("what do I need to full fine-tune a 72b?", "cheapest without offload?"),
])
def test_the_cheapest_without_offload_is_the_seeds_no_offload_setup(turns: tuple[str, str]) -> None:
    lead = _lead(*turns)
    assert "H200" in lead and "19,752" in _reply(*turns)


@pytest.mark.parametrize(("turns", "words"), [
    (("qwen 14b 全参 4卡h100 多少钱", "预算只有一万块人民币 换啥方案"), ("不够", "LoRA")),
    (("14b 全参 4 张 h100 一个月多少", "我们预算就一万块，有什么办法"), ("不够", "LoRA")),
    (("qwen 14b full FT on 4x h100, how much?", "our budget is only 10000 cny, what are my options?"), ("not enough", "LoRA")),
])
def test_a_budget_short_of_full_is_answered_with_a_lighter_method(turns: tuple[str, str], words: tuple[str, str]) -> None:
    lead = _lead(*turns)
    assert all(w in lead for w in words) and "预算已设置" not in lead and "Monthly budget set" not in lead
