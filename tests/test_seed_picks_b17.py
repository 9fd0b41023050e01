"""Seed-true picks and counts (blind 17): a precision's digits are no card count, a bare memory asked of
one card is that card, the table's card is named beside a cheaper pick, a "how many cards" answer leads
with seed 000's fewer cards, and a stated count too small is answered with the count that holds the job."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import ChatUser


def _lead(reply_text: str, n: int = 3) -> str:
    return "\n".join(reply_text.splitlines()[:n])


@pytest.mark.parametrize("text", ["7b lora bf16 4090 稳吗", "14b lora fp16 4090 够不够", "qwen 7b lora bf16 4090 ok?",
                                  "7b lora, bf16, 4090 enough?", "8b lora int8 4090 能跑吗"])
def test_a_precision_before_the_card_is_no_count(text: str) -> None:
    request = parse(text).request
    assert request.gpu == "rtx-4090" and request.num_gpus is None, text


@pytest.mark.parametrize("text", ["7b lora 8 4090", "7b lora 8张 4090", "7b lora 8x 4090", "7b lora 2 4090s"])
def test_a_count_before_the_card_still_counts(text: str) -> None:
    assert parse(text).request.num_gpus in (2, 8), text


def test_seven_b_bf16_lora_on_a_4090_is_tight_not_sixteen_cards(chat: ChatUser) -> None:
    for text in ("兄弟们 7b lora bf16 4090 稳吗", "7b bf16 lora on a 4090, stable?"):
        chat.say(text)
        lead = _lead(chat.text)
        assert "16×" not in lead and "16× " not in lead, chat.text
        assert "⚠️" in lead and ("偏紧" in lead or "tight" in lead), chat.text


def test_fourteen_b_bf16_lora_on_a_24g_4090_does_not_fit(chat: ChatUser) -> None:
    for text in ("14b lora bf16 4090 24g 够吗", "14b bf16 lora on a 4090 24gb enough?"):
        chat.say(text)
        assert _lead(chat.text).startswith("❌") and "1×RTX 4090" in chat.text.replace("1× RTX", "1×RTX"), chat.text


@pytest.mark.parametrize("text", ["72b qlora 单卡 48g 够吗", "72b qlora 一张48G够不够", "72b qlora 48g 够吗",
                                  "72b qlora, is 48gb enough", "72b qlora on a single 48gb gpu?", "72b qlora one 48gb enough?"])
def test_a_bare_memory_asked_of_one_card_is_that_card(text: str) -> None:
    card = parse(text).unknown_card
    assert card is not None and card.bare and card.memory_gb == 48, text


def test_a_dataset_size_is_no_card() -> None:
    assert parse("7b lora 数据 20g 要多久").unknown_card is None
    assert parse("7b lora 2000G 存储卷 多少钱").unknown_card is None


def test_seventy_two_b_qlora_on_one_48g_card_does_not_fit(chat: ChatUser) -> None:
    for text in ("72b qlora 单卡 48g 够吗", "72b qlora, is 48gb enough?"):
        chat.say(text)
        assert chat.lines[0].startswith("❌") and "48 GB" in chat.lines[0], chat.text


def test_the_table_card_is_named_on_the_price_line_beside_a_cheaper_pick(chat: ChatUser) -> None:
    chat.say("14B lora bf16 用什么卡")
    lead = _lead(chat.text)
    assert "RTX A6000" in lead and "L40S" in lead and "₮649" in lead and "显存相同" in lead, chat.text
    chat.say("which card for a 14b bf16 lora?")
    lead = _lead(chat.text)
    assert "L40S" in lead and "₮649" in lead and "the same memory" in lead, chat.text


def test_the_table_card_is_priced_in_the_follow_up(chat: ChatUser) -> None:
    for first, then in (("14b lora 不量化 要啥卡", "那要花多少钱"), ("which gpu for 14b lora in bf16", "how much?")):
        chat.say(first)
        chat.say(then)
        assert "L40S" in chat.text and "₮649" in chat.text and "₮189" in chat.text, chat.text


def test_a_budget_enough_for_our_pick_says_the_table_card_is_over_it(chat: ChatUser) -> None:
    chat.say("budget is 400 usdt for the month. 14b lora in bf16 possible?")
    lead = _lead(chat.text)
    assert "enough" in lead and "L40S" in lead and "₮249 over" in lead, chat.text
    chat.say("预算 400u 一个月 14b lora bf16 够吗")
    lead = _lead(chat.text)
    assert "够" in lead and "L40S" in lead and "超出预算 ₮249" in lead, chat.text


def test_how_many_cards_leads_with_the_seed_one_card_answer(chat: ChatUser) -> None:
    for text in ("7b 全参一张卡行不行，要几张 a100", "7b 全参要几张 a100", "how many a100s for a 7b full finetune"):
        chat.say(text)
        lead = _lead(chat.text)
        assert ("1 张 A100" in lead or "1× A100" in lead) and "8-bit" in lead, chat.text
        assert ("勉强能跑" in lead or "can just run" in lead) and "80.7" in lead, chat.text
        assert "2 张" in chat.text or "2× A100" in chat.text, chat.text  # the count that is safe, said too


def test_how_many_h200s_gives_the_seed_roomy_one_card(chat: ChatUser) -> None:
    chat.say("how many h200 for 7b full ft")
    assert "1× H200" in chat.lines[1] and "8-bit" in chat.lines[1] and "roomy" in chat.lines[1], chat.text
    assert "₮2,599" in chat.text, chat.text


def test_a_count_the_seed_already_gives_is_unchanged(chat: ChatUser) -> None:
    chat.say("14b 全参要几张 a100")
    assert "需要 4 张" in chat.lines[1] and "参考表" not in chat.lines[1], chat.text


@pytest.mark.parametrize("text, count", [("32b 全参，六张 h100", "8×H100"), ("32b full finetune on 6 h100s?", "8× H100"),
                                         ("14b 全参 3 张 a100 行吗", "4×A100")])
def test_a_stated_count_too_small_names_the_count_that_holds_it(chat: ChatUser, text: str, count: str) -> None:
    chat.say(text)
    lead = _lead(chat.text, 2)
    assert lead.startswith("❌") and count in lead, chat.text


def test_the_recommended_zero3_over_pcie_is_said_slow(chat: ChatUser) -> None:
    for text in ("4090 多卡能跑 zero3 吗 14b 的", "can several 4090s run zero3 for a 14b?"):
        chat.say(text)
        assert "PCIe" in chat.text and "NVLink" in chat.text, chat.text


def test_a_stated_count_nobody_rents_prices_the_count_that_holds_it(chat: ChatUser) -> None:
    for text in ("32b 全参，六张 h100", "32b full finetune on 6 h100s?"):
        chat.say(text)
        assert "₮14,432" in chat.text and ("8×H100" in chat.text or "8× H100" in chat.text), chat.text
