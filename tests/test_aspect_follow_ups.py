"""A short question about an aspect of the job or topic just discussed ("why?", "cost?", "speed difference?", "any
caveats?", "为啥", "代价呢", "有啥坑") is answered about THAT subject: the FAQ entry closest to it, led by what was
asked. It used to draw whichever entry shared the one word ("cost?": how a run is priced; "speed difference?": how
SFT and LoRA relate) or "outside what I do". And "bf16" asked with a card or a price after a LoRA/QLoRA job is that
job's 16-bit LoRA ("single card for bf16?" after 72B LoRA: the MI300X), not the FAQ entry on bf16 vs fp16.
Figures come from the seeds (000, 002, 003) through catalogs/faq.yaml and the price lists."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser


def said(turns: list[str]) -> tuple[ChatUser, str]:
    """The conversation after `turns`, and the first three lines of its last reply."""
    me = ChatUser()
    for turn in turns:
        me.say(turn)
    return me, "\n".join(me.lines[:3])

# (the turns, a figure or word the reply must hold in its first three lines, one it must not hold)
CASES = [
    (["full vs lora cost gap?", "why so big?"], "30–40×", None),
    (["全参和 lora 成本差多少", "为什么差这么多"], "30–40 倍", None),
    (["gradient checkpointing", "saves how much?", "cost?"], "20–30%", "50 steps"),
    (["gradient checkpointing", "and the speed cost?"], "20–30%", "offload"),
    (["梯度检查点能省多少", "代价呢"], "20–30%", None),
    (["7b lora on a 5090", "vs qlora on a 4090", "speed difference?"], "20–40%", None),
    (["7b qlora 一张 4090", "速度慢多少"], "20–40%", None),
    (["13b lora on 一万网络 a100 40g", "precision, fp16 or bf16?", "why?"], "NaN", "outside"),
    (["训练用 bf16 还是 fp16", "为啥"], "NaN", None),
    (["72b bf16 lora on one mi300x?", "price at gpuli?", "any caveats?"], "ROCm", "outside"),
    (["72b lora 一张 mi300x 行吗", "有啥坑"], "ROCm", None),
    (["what does an 8-bit optimizer save", "any downside?"], "fp32", "MI300X"),
]


@pytest.mark.parametrize(("turns", "must", "never"), CASES)
def test_an_aspect_asked_alone_is_of_the_subject_before(turns: list[str], must: str, never: str | None) -> None:
    me, head = said(turns)
    assert must in head
    if never is not None:
        assert never not in me.text


# (the turns, what the first lines must hold: the 16-bit LoRA's card or price)
SIXTEEN_BIT = [
    (["we fine-tune qwen2.5 72b with lora", "bf16 or qlora — memory?", "single card for bf16?"], ["MI300X", "192 GB"]),
    (["my advisor asks: 32b lora bf16 which card", "why not qlora?", "gpuli monthly for the bf16 one?"], ["₮899"]),
    (["14b qlora on a 4090", "and in bf16, which card?"], ["14B LoRA", "RTX A6000"]),
    (["7b qlora 一张4090", "bf16 的话要啥卡"], ["7B LoRA", "20.6 GB"]),
]


@pytest.mark.parametrize(("turns", "musts"), SIXTEEN_BIT)
def test_bf16_after_a_lora_job_is_its_16_bit_lora(turns: list[str], musts: list[str]) -> None:
    me, head = said(turns)
    for must in musts:
        assert must in head
    assert "QLoRA" not in me.lines[0]


def test_the_jobs_own_price_stays_the_jobs() -> None:
    """"cost?" after a sizing asks that job's price, never a FAQ entry."""
    me = ChatUser()
    me.say("7b qlora on a 4090")
    me.say("cost?")
    assert "$0.33" in me.text


def test_a_question_of_its_own_stays_its_own() -> None:
    """A named subject of its own after a FAQ answer is that subject's entry, not an aspect of the one before."""
    me = ChatUser()
    me.say("gradient checkpointing")
    me.say("does gpuli give refunds?")
    assert "1 hour" in me.text


# a yes/no question gets its verdict first: DDP saves no memory; two A6000s can be NVLink-bridged (in pairs)
VERDICTS = [
    (["ddp 省显存吗"], "❌ 不省", None),
    (["DDP 能降低显存吗"], "❌ 不省", None),
    (["does ddp save memory?"], "❌ No", None),
    (["will data parallel cut vram per gpu?"], "❌ No", None),
    (["zero3 省显存吗"], "ZeRO", "❌"),
    (["DDP 和 ZeRO 哪个省显存"], "ZeRO", "❌"),
    (["can two A6000s be nvlinked?"], "Yes, in pairs", None),
    (["32b qlora card?", "a6000 at gpuli", "can two of them be nvlinked?"], "Yes, in pairs", None),
]


@pytest.mark.parametrize(("turns", "must", "never"), VERDICTS)
def test_a_yes_or_no_leads_with_its_verdict(turns: list[str], must: str, never: str | None) -> None:
    me = ChatUser()
    for turn in turns:
        me.say(turn)
    assert must in "\n".join(me.lines[:2])
    if never is not None:
        assert never not in me.text


# a provider's how-to asked after a sizing, "we" or "I": the FAQ's answer, not the job priced again
HOWTO_AFTER_A_JOB = [
    (["sizing for 8b qlora pls", "4090 ok?", "ok and how do we top up at gpuli"], "USDT"),
    (["8b qlora on a 4090", "and how can we pay at cloudgpu?"], "Alipay"),
    (["8b qlora on a 4090", "and how do i top up at gpuli"], "USDT"),
]


@pytest.mark.parametrize(("turns", "must"), HOWTO_AFTER_A_JOB)
def test_a_providers_how_to_after_a_job_is_the_faqs(turns: list[str], must: str) -> None:
    me = ChatUser()
    for turn in turns:
        me.say(turn)
    assert must in "\n".join(me.lines[:3])
    assert "Cheapest" not in me.text


# "there" after a provider's price is that provider: its own FAQ answer, not "outside what I do"; chatter stays chatter
THERE = [
    (["8b qlora, cheapest card?", "cloudgpu 3090 hourly?", "can we get a multi-card box there?"], "single GPU"),
    (["cloudgpu 3090 一小时多少", "那边能租多卡机器吗"], "单卡"),
]


@pytest.mark.parametrize(("turns", "must"), THERE)
def test_there_is_the_provider_just_priced(turns: list[str], must: str) -> None:
    me = ChatUser()
    for turn in turns:
        me.say(turn)
    assert must in "\n".join(me.lines[:3])


@pytest.mark.parametrize("chatter", ["what's for lunch?", "今天吃啥"])
def test_chatter_after_a_price_is_no_providers_faq(chatter: str) -> None:
    me = ChatUser()
    me.say("gpuli 4090 weekly")
    me.say(chatter)
    assert "₮" not in me.text and "gpuli" not in me.lines[0]


# room asked of a card after a job ("one h200 roomy?", "宽裕吗"): that job sized on it, its spare memory said
ROOM = [
    (["full ft 7b needs how much", "with 8bit adam?", "one h200 roomy?"], ["fits 1× H200", "46.8 GB spare"]),
    (["7b full ft 8bit adam", "h200 roomy?"], ["fits 1× H200", "141 GB"]),
    (["7b 全参 8bit 优化器", "一张 h200 宽裕吗"], ["H200", "141 GB"]),
]


@pytest.mark.parametrize(("turns", "musts"), ROOM)
def test_room_asked_of_a_card_sizes_the_job_on_it(turns: list[str], musts: list[str]) -> None:
    me = ChatUser()
    for turn in turns:
        me.say(turn)
    for must in musts:
        assert must in me.lines[0]


# the roomy card asked after a job, a FAQ answer between or not: the reference table's roomy setup for that job
ROOMY_CARD = [
    (["we want to full-finetune qwen3 8b for a paper", "8-bit adam ok on one h100?", "which card is roomy instead?"],
     ["H200", "₮2,599"]),
    (["qwen3 8b 全参", "8bit 优化器能省多少", "那哪张卡宽裕点"], ["H200", "₮2,599"]),
    (["14b lora on a 4090?", "which card is roomy?"], ["With room to spare", "80 GB"]),
]


@pytest.mark.parametrize(("turns", "musts"), ROOMY_CARD)
def test_the_roomy_card_for_the_job(turns: list[str], musts: list[str]) -> None:
    _, head = said(turns)
    for must in musts:
        assert must in head


@pytest.mark.parametrize(("first", "then", "must"), [("帮我算下 14b lora 用啥卡", "bf16", "L40S"),
                                                     ("14b lora which card", "bf16", "L40S")])
def test_a_precision_alone_after_a_job_is_its_setting(first: str, then: str, must: str) -> None:
    """"bf16" alone after a sizing sets that job's precision: the job's card, never an aspect asked of the FAQ."""
    me = ChatUser()
    me.say(first)
    me.say(then)
    assert must in "\n".join(me.lines[:3])
