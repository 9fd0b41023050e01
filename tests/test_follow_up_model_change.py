"""A follow-up that changes only the model ("那 14B 呢", "what about 32b", "换成 qwen3-14b") is the last
question about another model: the method stays (full fine-tuning is never re-sized as the LoRA
default), so do the cards, the dataset and the kind of question (a count of a named card is counted
again). A message that states a method of its own, or says more than a model without a follow-up
word, stands alone. A later cost of "that" prices the setup the answer led with.
Figures: seed 000 and catalogs (14B full: 4×A100 80GB SXM with ZeRO-3; 32B full: 8×; gpuli ₮8,352/month)."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser

ZH_CHANGES = ["那 14B 呢", "14b 呢", "那14B的呢？", "换成 14b", "那换成 qwen3-14b 呢", "14B?"]
EN_CHANGES = ["what about 14b", "and 14b?", "how about 14B", "what about qwen3 14b?", "14b?"]


@pytest.mark.parametrize("change", ZH_CHANGES)
def test_a_chinese_model_change_keeps_full_fine_tuning_and_its_card_count(change: str) -> None:
    chat = ChatUser()
    chat.say("32b 全参要几张卡")
    reply = chat.say(change)
    assert reply.kind == "sizing", chat.text
    assert "14" in chat.lines[0] and "全参微调" in chat.lines[0] and "LoRA" not in chat.lines[0], chat.text
    assert "4×A100 80GB SXM (ZeRO-3)" in chat.lines[1], chat.text  # 14B full: four 80 GB cards, not one
    assert "按最常见的 LoRA 估算" not in chat.text


@pytest.mark.parametrize("change", EN_CHANGES)
def test_an_english_model_change_keeps_full_fine_tuning_and_its_card_count(change: str) -> None:
    chat = ChatUser(lang="en")
    chat.say("how many cards for 32b full finetune")
    reply = chat.say(change)
    assert reply.kind == "sizing", chat.text
    assert "full fine-tune" in chat.lines[0] and "LoRA" not in chat.lines[0], chat.text
    assert "4× A100 80GB SXM (ZeRO-3)" in chat.lines[1], chat.text
    assert "sized as LoRA" not in chat.text


def test_without_the_change_a_bare_size_after_full_fine_tuning_was_the_lora_default() -> None:
    """The class the fix is for, seen from the other side: a fresh chat sizes a bare "14B" as LoRA."""
    chat = ChatUser()
    chat.say("14B?")
    assert "LoRA" in chat.lines[0]


@pytest.mark.parametrize(("first", "then", "lang"), [
    ("14b lora 两张 4090 够吗", "那 32b 呢", "zh"),
    ("14b lora on two 4090s, enough?", "what about 32b", "en"),
])
def test_the_cards_of_the_last_question_stay(first: str, then: str, lang: str) -> None:
    chat = ChatUser(lang=lang)
    chat.say(first)
    chat.say(then)
    head = chat.lines[0]
    assert "32B LoRA" in head and ("2×RTX 4090" in head or "2× RTX 4090" in head), chat.text  # asked on the same two cards


@pytest.mark.parametrize(("first", "then", "lang"), [
    ("how many H100s for 14b full", "and 32b?", "en"),
    ("14b 全参要几张 H100", "那 32B 呢", "zh"),
])
def test_a_count_of_a_named_card_is_counted_again_for_the_new_model(first: str, then: str, lang: str) -> None:
    chat = ChatUser(lang=lang)
    chat.say(first)
    assert "4×" in chat.text or "4× " in chat.text
    reply = chat.say(then)
    assert reply.kind == "planning", chat.text
    assert "32B" in chat.lines[0] and ("8× H100 SXM (ZeRO-3)" in chat.text or "8 张 H100 SXM" in chat.text), chat.text


@pytest.mark.parametrize(("first", "then", "lang"), [
    ("7b lora 1万条数据 A100 80G 多少钱", "那 14b 呢", "zh"),
    ("how much for 7b lora on 10k samples on an a100 80g", "what about 14b?", "en"),
])
def test_a_cost_question_stays_a_cost_question_with_its_dataset(first: str, then: str, lang: str) -> None:
    chat = ChatUser(lang=lang)
    chat.say(first)
    reply = chat.say(then)
    assert reply.kind == "cost", chat.text
    assert reply.turn is not None and reply.turn.data["request"]["samples"] == 10000
    assert reply.turn.data["request"]["params_b"] == 14.0


@pytest.mark.parametrize(("first", "then"), [
    ("32b 全参要几张卡", "7b qlora 要多少显存"),  # a model with its method: a question of its own
    ("32b 全参要几张卡", "qwen3 8b lora 一张 4090 够吗"),
    ("how many cards for 32b full finetune", "how much memory does 7b qlora need"),
])
def test_a_model_with_its_own_method_stands_alone(first: str, then: str) -> None:
    chat = ChatUser()
    chat.say(first)
    chat.say(then)
    assert "全参" not in chat.lines[0] and "full" not in chat.lines[0], chat.text
    assert "QLoRA" in chat.lines[0] or "LoRA" in chat.lines[0]


@pytest.mark.parametrize(("turns", "lang"), [
    (["how many cards for 14b full finetune", "what about 32b", "and monthly cost of that at gpuli"], "en"),
    (["14b 全参要几张卡", "那 32b 呢", "那在 gpuli 包月多少钱"], "zh"),
])
def test_a_cost_of_that_after_a_model_change_prices_the_setup_it_led_with(turns: list[str], lang: str) -> None:
    chat = ChatUser(lang=lang)
    for turn in turns:
        reply = chat.say(turn)
    assert reply.kind == "price", chat.text
    head = chat.lines[0]
    assert "32B" in head and "8×" in head.replace("8× ", "8×") and "A100 80GB SXM" in head, chat.text
    assert "₮8,352" in chat.text  # gpuli: 8 × A100 80GB SXM, one month


@pytest.mark.parametrize(("turns", "lang"), [
    (["what do i need to full-finetune qwen 7b on gpuli", "how much for a week?"], "en"),
    (["qwen 7b 全参在 gpuli 要什么卡", "租一周多少钱"], "zh"),
])
def test_a_rental_length_asked_of_a_sizing_prices_its_setup_and_the_seed_minimum(turns: list[str], lang: str) -> None:
    """Seed 000's minimum (one 80 GB card with the 8-bit optimizer) is the sizing's pick (at the edge of
    our estimate, within the seed's allowance for activations), so its week is the price asked."""
    chat = ChatUser(lang=lang)
    for turn in turns:
        reply = chat.say(turn)
    assert reply.kind == "price", chat.text
    assert "A100 80GB" in chat.lines[0], chat.text
    assert "gpuli 1×A100 80GB PCIe: ₮269" in chat.text.replace("1× ", "1×")  # seed 000's minimum, one gpuli week


@pytest.mark.parametrize(("then", "lang", "setup", "price"), [
    ("那 14B 呢，包月多少钱", "zh", "4×A100 80GB SXM", "₮4,308"),  # gpuli's month of 4 × A100 SXM
    ("what about 14b, how much a month?", "en", "4× A100 80GB SXM", "₮4,308"),
])
def test_a_model_change_with_a_cost_ask_prices_the_new_jobs_setup(then: str, lang: str, setup: str, price: str) -> None:
    chat = ChatUser(lang=lang)
    chat.say("32b 全参要几张卡")
    reply = chat.say(then)
    assert reply.kind == "price", chat.text
    assert "14B" in chat.lines[0] and setup in chat.lines[0] and price in chat.text, chat.text
