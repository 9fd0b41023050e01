"""Voice input's numbers wherever they stand: glued to a provider's name ("cloudgpu四零九零", "gpuli三零九零"),
to a setting ("zero二", "bf十六"), after a card's digits ("a100四十g"), said with every place in full
("八千一百九十二", "四千零九十六") or as minutes and seconds ("一小时五十九分十秒"). The message reads as the same
message typed with digits (a metamorphic property over catalog cards and spoken numbers), and the words that
only contain number characters (一万网络, 快一点, 一下, 一起, 一般, 万一, 十分, 三思) keep their meaning.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.understand.normalize import normalize
from bot.understand.parser import parse
from tests.chat_user import ChatUser
from tests.test_spoken_chinese import CARDS, digit_by_digit, said, spoken_and_typed

# catalog cards named by digits alone ("4090", "3090"): the ones a voice glues to a provider's name
BARE_CARDS = [(ident, alias) for ident, alias, _ in CARDS if alias.isdigit()]
GLUED_PROVIDERS = ["cloudgpu", "gpuli"]


@pytest.mark.parametrize(("text", "want"), [
    ("cloudgpu四零九零 跑两个小时", "cloudgpu 4090 跑2个小时"),
    ("gpuli三零九零包月", "gpuli 3090包月"),
    ("cloudgpu4090 for 36 hours", "cloudgpu 4090 for 36 hours"),
    ("三十二b全参 开zero二 别上zero三", "32b全参 开zero2 别上zero3"),
    ("用bf十六还是fp十六 int四量化", "用bf16还是fp16 int4量化"),
    ("一万网络a100四十g 够吗", "一万网络a100 40g 够吗"),
    ("序列设八千一百九十二还是四千零九十六", "序列设8192还是4096"),
    ("跑了一小时五十九分十秒 收多少", "跑了1小时59分10秒 收多少"),
    ("一个钟头零十秒", "1个钟头零10秒"),
])
def test_spoken_numbers_glued_to_words_are_digits(text: str, want: str) -> None:
    assert normalize(text) == want


@pytest.mark.parametrize("text", [
    "快一点", "等一下", "一起算", "一般多久", "万一不够", "十分感谢", "三思", "一百分满意", "三千世界", "一万网络", "零一万物",
    "千问", "一点点", "gpu一下", "zero一下",
])
def test_words_with_number_characters_stay_words(text: str) -> None:
    assert normalize(text) == text


# ------------------------------------------------------------------ the metamorphic property
# "{glued}" a provider glued to a bare card; "{card}" any catalog card; "{n:a-b}" a number said or typed;
# "{seq}" a power-of-two sequence length
TEMPLATES = [
    "嗯那个{glued} 跑{n:2-99}个小时 大概多少钱",
    "{glued} 一小时多少钱",
    "预算{n:100-900}u {glued}能租多久",
    "{n:7-72}b全参 {n:2-8}张{card} 开zero{n:1-3} 放得下吗",
    "{n:7-32}b lora 序列{seq} 一张{card} 够吗",
    "{n:7-32}b lora 序列设{seq}还是{seq} 一张{card}",
    "cloudgpu {card} 跑了{n:1-9}小时{n:10-59}分{n:10-59}秒 收多少",
]


def _glued(rng: random.Random) -> tuple[str, str]:
    """A provider's name with a bare card right after it, the card's digits said one by one."""
    provider, (_, alias) = rng.choice(GLUED_PROVIDERS), rng.choice(BARE_CARDS)
    return provider + digit_by_digit(int(alias)), provider + alias


def _seq(rng: random.Random) -> tuple[str, str]:
    """A power-of-two sequence length, said positionally."""
    n = 2 ** rng.randint(8, 14)
    return said(n, rng.choice("二两")), str(n)


VOICE_SLOTS = {"glued": _glued, "seq": _seq}


@settings(max_examples=200, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(TEMPLATES), st.integers(0, 2**32))
def test_a_message_with_spoken_numbers_parses_as_the_one_with_digits(template: str, seed: int) -> None:
    spoken, typed = spoken_and_typed(template, random.Random(seed), VOICE_SLOTS)
    want, got = parse(typed), parse(spoken)
    assert want.rental.gpu is not None or want.fields().get("gpu")  # the card is read: the agreement says something
    assert got.fingerprint() == want.fingerprint(), (spoken, typed)


FILLERS = ["快一点", "一下", "一起", "一般", "万一", "十分", "三思"]
REQUESTS = ["14b lora 一张a100 80g 够吗", "cloudgpu 4090 跑3个小时 多少钱", "32b全参 8张h100 开zero3 放得下吗",
            "一万网络 8卡h100 包月多少"]


@settings(max_examples=60, derandomize=True, deadline=None)
@given(st.sampled_from(FILLERS), st.sampled_from(REQUESTS), st.booleans())
def test_words_with_number_characters_keep_the_request(filler: str, request: str, before: bool) -> None:
    text = f"{filler} {request}" if before else f"{request} {filler}"
    assert filler in normalize(text)
    assert parse(text).fields() == parse(request).fields(), text


# ------------------------------------------------------------------ whole replies, both languages
@pytest.mark.parametrize(("turns", "figure"), [
    # 36 h x $0.33 (CloudGPU RTX 4090 24G, seed 001) = $11.88
    (["cloudgpu四零九零 跑三十六个小时 多少美金"], "11.88"),
    (["cloudgpu4090 for thirty six hours, how much?"], "11.88"),
    # $50 / $0.21 an hour (CloudGPU RTX 3090) = about 238 hours
    (["cloudgpu三零九零 一小时多少钱", "预算五十美金 能跑多久"], "238"),
    # gpuli RTX 4090: ₮109 a week, ₮369 a month (seed 000): ₮500 buys a month and a week
    (["预算五百u gpuli四零九零能租多久"], "369"),
    (["gpuli四零九零包月", "再加一个五百g的存储卷呢"], "409"),
    # 32B full fine-tuning, ZeRO-2 on 8 x A100 80G: model states 120 GB a card, no fit
    (["三十二b全参 八张a一百八十g 开zero二 行不行"], "120"),
    (["32b full fine-tune on eight a100 80g with zero二, does it fit?"], "120"),
])
def test_spoken_numbers_give_the_typed_answer(turns: list[str], figure: str) -> None:
    me = ChatUser()
    for turn in turns:
        me.say(turn)
    assert figure in me.text, me.text
