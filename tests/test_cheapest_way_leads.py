"""The cheapest way asked of a job leads with its price (issue 18, item 4, seed 000): "cheapest way to full finetune
72b on gpuli?" is 8×H100 with offload at ₮4,172 a week / ₮14,432 a month, its 20–50% throughput cost said and
8×H200 with an 8-bit optimizer (₮19,752) as the way without offload; "doesn't need offload" is no offload."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import ChatUser, conversation, lead_lines


@pytest.mark.parametrize("text", [
    "cheapest way to full finetune 72b on gpuli?",
    "72b full fine-tune, what's the cheapest option at gpuli",
    "72b 全参 gpuli 最便宜怎么租",
    "gpuli 上 72b 全参微调 最省钱的方案",
])
def test_the_cheapest_way_leads_with_its_price(text: str) -> None:
    reply = conversation(text)
    lead = lead_lines(reply, 3)
    assert "₮14,432" in lead
    assert "20–50%" in reply and "₮19,752" in reply


@pytest.mark.parametrize("text", [
    "cheapest that doesn't need offload?",
    "which one doesn't require cpu offload",
    "the cheapest one that won't need offload",
    "cheapest without needing offload",
    "不需要 offload 的最便宜方案",
])
def test_not_needing_offload_is_no_offload(text: str) -> None:
    assert parse(text).request.offload == "none"


@pytest.mark.parametrize("then", ["cheapest that doesn't need offload?", "不需要offload的 最便宜是哪个"])
def test_the_cheapest_without_offload_after_a_sizing(then: str) -> None:
    lead = lead_lines(conversation("72b full finetune on gpuli", then), 3)
    assert "₮19,752" in lead and "H200" in lead


@pytest.mark.parametrize("first, then, verdict", [
    ("14b 全参 gpuli", "单卡h200 开offload 不是更便宜吗", "未必"),
    ("14b 全参微调", "h200 一张 加 offload 会不会更省", "未必"),
    ("14b full finetune", "one h200 with offload, wouldn't that be cheaper?", "Not necessarily"),
    ("14b full ft at gpuli", "isn't a single h200 with cpu offload cheaper", "Not necessarily"),
])
def test_an_offload_plan_cheaper_on_the_sticker_only_is_no_safe_pick(first: str, then: str, verdict: str) -> None:
    """1×H200 with offload is ₮2,599 a month but runs 1.25–2× as long (₮3,249–5,198): the safe cheapest is 4×A100
    80GB without offload, ₮4,308 (seed 000)."""
    lead = lead_lines(conversation(first, then), 1)
    assert lead.startswith(verdict)
    assert "₮2,599" in lead and "₮3,249–5,198" in lead and "₮4,308" in lead and "20–50%" in lead


@pytest.mark.parametrize("first, then", [
    ("7b lora bf16 on 4090 ok?", "what does cloudgpu recommend"),
    ("7b lora 4090 够吗", "cloudgpu 推荐哪个"),
    ("8b lora on a 4090, fine?", "which one would you pick at cloudgpu"),
])
def test_a_providers_pick_after_a_tight_card_leads_with_a_safe_one(first: str, then: str) -> None:
    """7B bf16 LoRA is tight on a 24 GB 4090 (seed 002: 48 GB recommended): CloudGPU's safe pick is a 48 GB card
    (RTX A6000 $0.44/h), and the tight 4090 ($0.33/h) is an option below it, never the lead."""
    lead = lead_lines(conversation(first, then), 3)
    assert "A6000" in lead and "$0.44" in lead
    assert "$0.33" not in lead.splitlines()[1]


@pytest.mark.parametrize("text", ["14b full finetune, is offload the cheapest way?",
                                  "is zero-offload the cheapest option for a 14b full finetune?",
                                  "14b 全参 offload 是最省钱的吗"])
def test_offload_asked_as_the_cheapest_way_is_weighed_not_priced_alone(text: str) -> None:
    """Offload named with "cheapest" weighs both ways (the way without offload: 4×A100 80GB, ₮4,308 a month)."""
    lead = lead_lines(conversation(text), 2)
    assert "₮4,308" in lead and "offload" in lead


# a cheaper way asked in place of a setup named, or a way round offload said too slow (seed 000's rows)
@pytest.mark.parametrize("text", [
    "we're doing 32b full fine-tuning on 8x h100 but finance says it's too pricey, anything cheaper?",
    "32b 全参 用 8 张 h100 太贵了，有平替吗",
])
def test_a_cheaper_way_than_the_setup_named_leads(text: str) -> None:
    reply = conversation(text)
    lead = lead_lines(reply, 2)
    assert "A100" in lead and "₮8,352" in lead
    assert "₮6,080" in lead  # ₮14,432 − ₮8,352 saved against the 8 × H100 named
    assert "312" in lead and "989" in lead  # what it gives up: the slower card's bf16 TFLOPS


@pytest.mark.parametrize("text", [
    "planning a 72b full finetune, offload is way too slow for us, other options?",
    "72b 全参 offload 太慢了 有别的办法吗",
])
def test_offload_too_slow_leads_with_the_way_without(text: str) -> None:
    lead = lead_lines(conversation(text), 2)
    assert "H200" in lead and "₮19,752" in lead
    assert "₮5,320" in lead  # dearer than 8 × H100 with offload at ₮14,432
    assert "8-bit" in lead


@pytest.mark.parametrize("text", [
    "what's the cheapest proper setup for a 72b full finetune? offload is ok",
    "72b 全参 最便宜的正规配置，offload 也行",
])
def test_the_cheapest_with_offload_accepted_says_its_speed(text: str) -> None:
    lead = lead_lines(conversation(text), 5)
    assert "H100" in lead and "₮14,432" in lead and "20–50%" in lead
    assert "₮19,752" in lead  # the way that keeps the speed, beside it


def test_the_reader_of_the_alternative_asked() -> None:
    from bot.understand.alternative_asked import alternative_asked
    assert alternative_asked("32b full ft on 8x h100 is too expensive any cheaper") == "cheaper"
    assert alternative_asked("72b 全参 offload 太慢 换个方案") == "faster"
    assert alternative_asked("72b 全参 要多少显存") is None
    assert alternative_asked("72b full ft with offload how much memory") is None


@pytest.mark.parametrize("text", ["7b 全参 4090 开 offload 行不行，能省钱", "4090 加 offload 跑 7b 全参可以吗 想省钱"])
def test_a_setup_asked_yes_or_no_with_saving_as_its_reason_is_no_cheaper_ask(text: str) -> None:
    """Saving money given as the reason for one's own setup asks that setup's verdict, not a cheaper alternative
    (seed 000's cheapest row had led, and the 4090's "no" came after it)."""
    from bot.understand.alternative_asked import alternative_asked

    assert alternative_asked(text) is None
    chat = ChatUser()
    chat.say(text)
    assert "RTX 4090" in chat.lines[0] and ("装不下" in chat.lines[0] or "不行" in chat.lines[0]), chat.text
