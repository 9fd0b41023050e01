"""Corrections and several changes in one follow-up keep every other fact of the conversation's job.

- A message opening with a correction ("哦不对，打错了，是 32b", "oops, my bad — 7b", "抱歉 说错了 14b") is a change of
  the last job: only the value it names changes; the method, the cards, the model family stay.
- A bare size after a named model keeps its family (Qwen2.5-7B, then "14b": Qwen2.5-14B).
- Two changes said at once ("make it 14b and zero-2 at the same time", "模型改成 7b，zero 改成 2", "换成 5090 租三周",
  "序列改成 8192，rank 改 32") change both, at any length a follow-up is read at; a rental said as a change is no order.
- A job rented on a named card, changed so the card no longer holds it, says so and prices the card that does.
- The least setup, an earlier stage's figure, or a stage after a count question are asked of the job before.

Figures (seed 000): 7B full fine-tuning's minimum is one 80 GB card with an 8-bit optimizer (70 GB of model states);
32B full on 8 × 80 GB with ZeRO-3 holds 64 GB of model states a card (ZeRO-2: 120 GB a card, over 80 GB); 32B QLoRA
sits on a 48 GB RTX A6000 at gpuli ₮389 a month; gpuli's RTX 5090 rents at ₮149 a week; 一万网络's A100 40GB at
¥2,800 a month."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.understand.corrections import opening
from bot.understand.parser import parse
from tests.chat_user import ChatUser


def last_reply(turns: list[str]) -> str:
    me = ChatUser()
    for turn in turns:
        me.say(turn)
    return me.text


# (turns, what the last reply holds)
KEPT = [
    # an opening correction changes the size, the method stays (full: seed 000's minimum on one 80 GB card, 8-bit)
    (["14b full finetune memory?", "oops, my bad — 7b", "what's the minimum config?"], ["7B full", "8-bit", "80"]),
    (["qwen2.5 7b 全参要多少显存", "抱歉 说错了 14b"], ["Qwen2.5-14B", "全参"]),
    (["qwen2.5 7b lora 要多少显存", "哦不对，打错了，是 32b"], ["Qwen2.5-32B LoRA"]),
    (["qwen2.5 7b qlora", "typo, I meant 72b", "export the llamafactory config"], ["qwen2.5-72b", "quantization_bit"]),
    # a bare size keeps the family named before
    (["qwen2.5 7b qlora 用啥卡", "那 14b 呢"], ["Qwen2.5-14B QLoRA"]),
    # two changes at once: both applied, the cards and the method kept
    (["32b full on 8 h100s zero3, memory per card?", "make it 14b and zero-2 at the same time, same cards"],
     ["14B full", "8× H100", "ZeRO-2"]),
    (["14b 全参 8 张 h100 zero3 每卡多少", "模型改成 7b，zero 也改成 2"], ["7B 全参", "8×H100", "ZeRO-2"]),
    # a rental changed in two ways is priced, never booked: gpuli's 5090 at ₮149 a week
    (["gpuli 4090 一周多少", "换成 5090 租三周"], ["447"]),
    (["gpuli 4090 weekly price", "switch to the 5090, two weeks", "total?"], ["298"]),
    (["一万网络 3090 一个月多少", "换 a100 40g，租两个月"], ["5,600"]),
    # a job rented on a named card, changed past what the card holds: the card that does, priced for the new span
    (["7b qlora 4090 包周", "模型换成 32b，周期改包月"], ["RTX A6000", "389"]),
    # then its price asked again: the span kept, the table's card for the new job named (14B bf16 LoRA: L40S, ₮189 a week)
    (["14b qlora 4090 包月", "换成 bf16 lora，租期改成一周", "那卡和价钱呢"], ["L40S", "189", "1 周"]),
    # the least setup, asked of the job before
    (["7b 全参微调", "那最低配置呢"], ["8-bit", "80"]),
    # an earlier stage's figure recalled: 64 GB of model states a card at ZeRO-3
    (["32b 全参 8 张 h100 zero3 每卡显存", "zero1 呢", "zero3 的是多少来着"], ["64 GB", "ZeRO-3"]),
    # a stage after a count question: on the count given (8), at ZeRO-2 it does not fit (120 GB of states a card)
    (["32b full fine-tune", "how many h100s would it take?", "what about zero-2 instead?"], ["8× H100", "120 GB"]),
    # a count asked of 7B full with the 8-bit optimizer stated: seed 000's one card
    (["7b full finetune with 8-bit adam", "how many a100 80g do we need?"], ["1× A100"]),
    # two settings changed at once, then exported: the config carries both
    (["qwen3 8b lora, seq 1024", "seq 改成 8192，rank 改 32", "出配置 llamafactory 的"],
     ["cutoff_len: 8192", "lora_rank: 32", "qwen3-8b"]),
]


@pytest.mark.parametrize(("turns", "held"), KEPT)
def test_corrections_and_several_changes_keep_the_job(turns: list[str], held: list[str]) -> None:
    text = last_reply(turns)
    for part in held:
        assert part.lower() in text.lower(), (part, text)


def test_a_rental_said_as_a_change_is_no_order() -> None:
    for text in ("换 5090，租两周", "换成 a100 40g 租三个月", "switch to the 5090, rent it two weeks"):
        assert parse(text).intent != "wallet", text
    assert parse("租一张 4090 两周").intent == "wallet"  # an order said plainly is still one


def test_a_billing_cycle_is_no_week() -> None:
    p = parse("周期改包月")
    assert p.rental.duration_days == 30 and not p.asks.both_units


OPENERS = ["不对，", "不对 是", "哦不对，打错了，", "抱歉 说错了 ", "说错了，是 ", "oops, typo — ", "sorry, I meant ",
           "oops, my bad, ", "no wait, ", "correction: "]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(OPENERS), st.sampled_from(["7b", "14b", "32b", "72b"]))
def test_an_opening_correction_is_a_change_of_the_last_job(opener: str, size: str) -> None:
    rest, corrects = opening(opener + size)
    assert corrects and rest.strip() == size
    assert parse(opener + size).follow_up


def test_a_correction_inside_the_message_is_not_an_opening() -> None:
    assert opening("32b 不对 14b qlora") == ("32b 不对 14b qlora", False)
    assert opening("不对吧 这么贵")[1] is False  # nothing said after it
