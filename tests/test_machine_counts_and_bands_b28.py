"""Blind 28's picks against the seeds (issue 18, item 4), by behaviour:

- how many of a card for a full fine-tune that AdamW holds there only with offload: seed 000's setup without
  offload leads (72B: 8 × H200 with the 8-bit optimizer, about 107 GB a card of 141, gpuli ₮19,752 a month),
  AdamW's way is said at that count with its throughput cost (20–50%), never as single-card instances summed;
- one big card named for a full fine-tune it holds only with offload (14B on one H200: 303 GB expected, the
  8-bit states alone 140 GB): the offload way carries its throughput cost and seed 000's minimum is named
  (4 × A100 80GB with ZeRO-3, ₮4,308 a month at gpuli);
- a multi-card setup offered as another way is one some provider rents as one machine: 2 × A100 80GB (gpuli
  rents the card singly) is no "also fits" beside 7B full's minimum (one 80 GB card, 8-bit optimizer, ₮899);
- an estimated price band is a price like any range, compared at its high end: 一万网络's 8 × A100 80G box
  (¥2.5–4 万 a month) is the cheapest safe 70B LoRA there, not the ¥8–12 万 8 × H100, and a ¥3 万 budget is
  "not guaranteed" against its ¥40,000 high end;
- a span asked (two days): the seed's card for the class is priced for that span beside its hourly price
  (CloudGPU's RTX 4090: 48 h × $0.33 = $15.84), so it compares with the pick's total.
"""

from __future__ import annotations

import pytest

from engine.advice import advise
from engine.request import TrainingRequest
from engine.sizing import size
from tests.chat_user import ChatUser


def _chat(*turns: str) -> ChatUser:
    chat = ChatUser()
    for turn in turns:
        chat.say(turn)
    return chat


@pytest.mark.parametrize("text", [
    "麻烦问下 72b 全参 几张 h200", "72B 全量微调 要多少张 H200", "qwen2.5 72b full ft, how many h200s?",
    "how many H200 for a 72B full finetune?",
])
def test_the_count_without_offload_on_one_machine_leads(text: str) -> None:
    chat = _chat(text)
    head = "\n".join(chat.lines[:3])
    assert ("8 张 H200" in head or "8× H200" in head) and "8-bit" in head, chat.text
    assert "₮19,752" in head, chat.text
    assert "20%–50%" in chat.text or "20–50%" in chat.text, chat.text  # AdamW's offload way, with its cost
    assert "4 张" not in chat.text and "4×H200" not in chat.text and "分开租" not in chat.text, chat.text
    assert "separate" not in chat.text, chat.text


@pytest.mark.parametrize("text", [
    "14b full finetune on a single H200?", "单张 H200 做 14B 全量微调 行不行", "14b 全参 一张h200 能跑吗",
    "can one H200 handle a 14B full fine-tune",
])
def test_one_big_card_names_the_seeds_minimum_and_the_offload_cost(text: str) -> None:
    chat = _chat(text)
    head = "\n".join(chat.lines[:3])
    assert "4×A100 80GB SXM (ZeRO-3)" in head.replace("4× A100", "4×A100") and "₮4,308" in head, chat.text
    offload = next(line for line in chat.lines if "ZeRO-3+offload" in line and "H200" in line)
    assert "20%–50%" in offload or "20–50%" in offload, chat.text


def test_a_card_count_in_other_ways_is_one_some_provider_rents_as_one_machine() -> None:
    a = advise(size(TrainingRequest(params_b=7, method="full")))
    assert all(not (f.gpu.id.startswith("a100-80g") and f.num_gpus == 2) for f in a.others), a.others


@pytest.mark.parametrize("text", ["7b 全参 gpuli 最便宜的配置是啥", "cheapest setup for 7b full finetune on gpuli?",
                                  "gpuli 上 7B 全参 最省的配法"])
def test_the_cheapest_7b_full_at_gpuli_is_the_seeds_minimum_alone(text: str) -> None:
    chat = _chat(text)
    head = "\n".join(chat.lines[:3])
    assert "A100 80GB" in head and "8-bit" in head and "₮899" in head, chat.text
    assert "2×A100" not in chat.text and "2× A100" not in chat.text, chat.text


@pytest.mark.parametrize("text", ["一万网络 70b lora 一个月多少钱", "yiwan 70b lora for a month, cost?"])
def test_an_estimated_band_is_picked_on_its_high_end(text: str) -> None:
    chat = _chat(text)
    assert "8×A100 80GB SXM" in chat.lines[0] and "¥25,000–40,000" in chat.lines[0], chat.text
    assert "按最高价比较" in chat.text or "compared at its high end" in chat.text, chat.text


@pytest.mark.parametrize(("text", "word"), [
    ("预算 3w 一个月 一万网络 70b lora 够吗", "不一定"), ("一万网络 70b lora 一个月 预算3万够不够", "不一定"),
    ("yiwan 70b lora, budget 30k cny a month, enough?", "not guaranteed"),
])
def test_a_budget_inside_the_picks_band_is_not_sure(text: str, word: str) -> None:
    lead = _chat(text).lines[0]
    assert word in lead and "¥40,000" in lead and "¥25,000" in lead and "¥120,000" not in lead, lead


@pytest.mark.parametrize(("turns", "total"), [
    (["帮我算下 14b qlora cloudgpu", "跑两天"], "$15.84"),
    (["14B QLoRA on cloudgpu for 3 days, cost?"], "$23.76"),
    (["cloudgpu 上 14b qlora 跑 48 小时多少钱"], "$15.84"),
])
def test_the_tables_card_is_priced_for_the_span_too(turns: list[str], total: str) -> None:
    chat = _chat(*turns)
    line = next(x for x in chat.lines if x.startswith("📌") and "RTX 4090" in x)
    assert "$0.33" in line and total in line, chat.text


@pytest.mark.parametrize("text", ["7b qlora 租 8卡 h100 是不是更快更好", "7b qlora 要 8 张 h100 吗，一张够不够"])
def test_one_card_enough_names_the_tables_card_for_the_class(text: str) -> None:
    # 8 × RTX 4090 (eight single-card instances) is no "also fits"; "one is enough" names the table's 4090
    chat = _chat(text)
    line = next(x for x in chat.lines if x.startswith("👉"))
    assert "RTX 4090" in line and "₮369" in line, chat.text
