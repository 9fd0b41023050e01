"""Voice input writes numbers as they are said: "四零九零", "a一百", "h二百", "l四十s", "四十八g", "一点五天",
"两百刀", "十六核". A message with spoken numbers reads as the same message typed with digits: the card names
come from the catalog (every alias of the shape letters + number + letters, with or without its memory), the
amounts from a speller of Chinese numerals, and each message is parsed both ways (metamorphic property).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.understand.entities import gpus
from bot.understand.normalize import normalize
from bot.understand.parser import parse
from bot.understand.spoken_chinese import read
from tests.chat_user import ChatUser

ZH_DIGITS = "零一二三四五六七八九"


def said(n: int, two: str = "二") -> str:
    """`n` (0..99,999) said as a Chinese number: 40 四十, 128 一百二十八, 105 一百零五, 2000 两千, 15000 一万五千."""
    if n < 10:
        return ZH_DIGITS[n]
    if n < 20:
        return "十" + (ZH_DIGITS[n % 10] if n % 10 else "")
    out, zero = "", False
    for unit, size in (("万", 10_000), ("千", 1000), ("百", 100), ("十", 10)):
        digit = n // size % 10 if size < 10_000 else n // size
        if digit:
            if zero:
                out += "零"
            out += (two if digit == 2 and unit in "百千万" else ZH_DIGITS[digit]) + unit
            zero = False
        elif out:
            zero = True
    if n % 10:
        out += ("零" if zero else "") + ZH_DIGITS[n % 10]
    return out


def digit_by_digit(n: int) -> str:
    return "".join(ZH_DIGITS[int(d)] for d in str(n))


ALIAS = re.compile(r"([a-z]*)(\d{1,4})([a-z]*)(?: (\d{2,3})g)?")
MAKER = re.compile(r"^(?:(?:nvidia|amd|tesla|geforce|instinct)\s+)+")  # "NVIDIA H200", "AMD Instinct MI300X"


def spoken_cards() -> list[tuple[str, str, list[str]]]:
    """(card id, the alias typed, its spoken forms) for every catalog alias a voice can say: the letters, the
    number said as a number (after letters) or digit by digit, the memory said as a number before g (apart,
    or glued on: "a一百四十g" is an A100 40G)."""
    out: dict[str, tuple[str, str, list[str]]] = {}
    for card in gpus().entries:
        for alias in [card.name, *card.aliases]:
            m = ALIAS.fullmatch(MAKER.sub("", alias.lower()))
            if not m:
                continue
            letters, number, tail, memory = m[1], int(m[2]), m[3], m[4]
            numbers = [digit_by_digit(number)] + ([said(number), said(number, "两")] if letters else [])
            mems = [f" {said(int(memory))}g", f"{said(int(memory))}g"] if memory else [""]  # apart or glued
            forms = [f"{letters}{n}{tail}{mem}" for n in dict.fromkeys(numbers) for mem in mems]
            out.setdefault(m[0], (card.id, m[0], forms))
    return list(out.values())


CARDS = spoken_cards()


def test_the_speller_says_numbers_as_chinese_does() -> None:
    assert [said(n) for n in (4, 16, 40, 48, 105, 128, 141, 300, 2000, 6000, 30000, 15000)] == [
        "四", "十六", "四十", "四十八", "一百零五", "一百二十八", "一百四十一", "三百", "二千", "六千", "三万", "一万五千"]
    assert said(2000, "两") == "两千"


def test_the_catalog_gives_the_spoken_cards_of_the_class() -> None:
    typed = {alias for _, alias, _ in CARDS}
    assert {"4090", "3090", "5090", "a100", "h100", "h200", "a800", "a6000", "l40s", "t4", "mi300x", "a100 40g",
            "4090 48g", "h200 141g"} <= typed
    forms = {f for _, _, fs in CARDS for f in fs}
    assert {"四零九零", "a一百", "h二百", "a六千", "l四十s", "t四", "mi三百x", "h二百 一百四十一g", "a一百 四十g", "a一百四十g",
            "四零九零四十八g"} <= forms


@pytest.mark.parametrize(("ident", "typed", "forms"), CARDS, ids=[c[1] for c in CARDS])
def test_every_spoken_card_is_the_card_typed(ident: str, typed: str, forms: list[str]) -> None:
    want = parse(typed).fields().get("gpu")
    assert want is not None  # the typed alias names a card
    for form in forms:
        assert normalize(form) == normalize(typed), form
        assert parse(f"{form} 租一个月多少钱").fields().get("gpu") == want, form


@pytest.mark.parametrize(("text", "want"), [
    ("四零九零一小时多少钱", "4090 1小时多少钱"),  # the card, then one hour
    ("两张a一百", "2张a100"),  # a count glued before the card
    ("a一百四十g 包月", "a100 40g 包月"),  # the card, then its memory, in one run
    ("h一百八十g", "h100 80g"),
    ("三零九零ti", "3090ti"),
    ("rtx四零九零", "rtx4090"),
    ("cloudgpu四零九零", "cloudgpu 4090"),
    ("h幺零零", "h100"),  # 幺: one, in digits said one by one
    ("一点五天", "1.5天"),
    ("九十秒", "90秒"),
    ("零点三三刀一小时", "0.33刀1小时"),
    ("百分之三十", "30%"),
    ("十六核cpu 一百二十八g内存", "16核cpu 128g内存"),
    ("五百g 两千g", "500g 2000g"),
    ("批大小二 梯度累积八", "批大小 2 梯度累积 8"),
    ("序列长度二零四八", "序列长度2048"),
    ("预算三万一个月", "预算3万 1个月"),
    ("两千万token", "2000万token"),
    ("预算两万一千八百六十四块", "预算21864块"),  # 万一 is no idiom inside a number
    ("预算一万两千一个月", "预算12000 1个月"),
    ("一千两百一个月", "1200 1个月"),
    ("七十二b qlora", "72b qlora"),
])
def test_spoken_english_normalize_to_digits(text: str, want: str) -> None:
    assert normalize(text) == want


@pytest.mark.parametrize("text", [
    "一万网络 a100", "千问 7b", "零一万物", "一点点", "快一点", "两三天", "gpt四", "lora十六", "一二三",
    "a100 for 8 hours", "four 4090s for two days", "plan a, then b",
])
def test_words_that_are_no_spoken_card_or_amount_stay(text: str) -> None:
    assert read(text) == text


@pytest.mark.parametrize(("spoken", "typed", "fields"), [
    ("cloudgpu 四零九零 跑二十分钟 多少钱", "cloudgpu 4090 跑20分钟 多少钱",
     {"gpu": "rtx-4090", "provider": "cloudgpu", "duration_hours": 1 / 3}),
    ("一万网络 t四 包三个月 多少钱", "一万网络 t4 包3个月 多少钱", {"gpu": "t4", "provider": "yiwan", "duration_days": 90.0}),
    ("七b 全参 一张 h二百 gpuli 多少钱", "7b 全参 1张 h200 gpuli 多少钱",
     {"params_b": 7.0, "method": "full", "gpu": "h200", "num_gpus": 1, "provider": "gpuli"}),
    ("那个 四零九零 四十八g cloudgpu 跑两个小时", "那个 4090 48g cloudgpu 跑2个小时",
     {"gpu": "rtx-4090-48g", "provider": "cloudgpu", "duration_hours": 2.0}),
    ("cloudgpu 三零九零 跑一点五天 多少钱", "cloudgpu 3090 跑1.5天 多少钱",
     {"gpu": "rtx-3090", "provider": "cloudgpu", "duration_days": 1.5}),
    ("一万网络 八卡a一百 八十g 预算三万一个月", "一万网络 8卡a100 80g 预算3万 1个月",
     {"gpu": "a100-80g-sxm", "num_gpus": 8, "provider": "yiwan", "duration_days": 30.0}),
    ("gpuli l四十s 包周 多少", "gpuli l40s 包周 多少", {"gpu": "l40s", "provider": "gpuli", "duration_days": 7.0}),
    ("七b lora 批大小二 梯度累积八 四零九零", "7b lora 批大小2 梯度累积8 4090",  # 8 is the accumulation, not 8 cards
     {"params_b": 7.0, "method": "lora", "gpu": "rtx-4090", "micro_batch": 2, "grad_accum": 8}),
])
def test_a_spoken_message_reads_as_typed(spoken: str, typed: str, fields: dict[str, object]) -> None:
    read_spoken, read_typed = parse(spoken), parse(typed)
    assert read_spoken.fields() == pytest.approx(fields) and read_typed.fields() == pytest.approx(fields)
    assert read_spoken.intent == read_typed.intent


def test_a_spoken_budget_is_the_amount_typed() -> None:
    for spoken, amount in (("预算三千块 一万网络 a一百 四十g 包月 够吗", Decimal(3000)), ("我有两百刀 cloudgpu 四零九零 够租多久", Decimal(200)),
                           ("一千u 能租 gpuli 四零九零 几个月", Decimal(1000))):
        p = parse(spoken)
        assert p.rental.gpu is not None and p.asks.budget is not None, spoken
        assert p.asks.budget[0] == amount, spoken


def test_a_spoken_faq_question_finds_the_typed_ones_answer() -> None:
    spoken, typed = parse("四零九零 有nvlink吗 多卡能训吗"), parse("4090 有nvlink吗 多卡能训吗")
    assert spoken.intent == typed.intent == "faq"
    assert [h.entry.id for h in spoken.faq_answers] == [h.entry.id for h in typed.faq_answers] != []


# ------------------------------------------------------------------ the metamorphic property
# a message template: "{card}" a catalog card, "{decimal}" a number with a decimal point, "{n:a-b}" an amount
# ("{n:a-b/s}" a multiple of s) said as a Chinese number or typed in digits
TEMPLATES = [
    "{provider} {card} 跑{n:1-1000}个小时 要多少钱",
    "{provider} {card} 跑{n:10-90}分钟 多少钱",
    "{n:7-72}b qlora {n:1-8}张{card} 够吗",
    "预算{n:100-50000}块 {provider} {card} 包{n:1-6}个月 够不够",
    "我钱包里有{n:50-900}刀 {provider} {card} 够租多久",
    "{provider} {card} 加{n:4-64}核cpu 加{n:16-512}g内存 包月多少",
    "{n:7-70}b 全参 {card} 批大小{n:1-16} 梯度累积{n:1-32}",
    "嗯 那个 {card} {provider} 跑{decimal}天 大概多少钱",
    "{card}一小时多少钱 {provider}",
    "{n:1-20}万条样本 {n:1-5}轮 批大小{n:1-8} 梯度累积{n:1-16} 每步{decimal}秒 {provider} {card} 要多久 多少钱",
    "{provider} {card} 跑{n:30-600}秒 怎么算钱",
    "预算{n:1000-90000/100}一个月 {provider} {card} 够不够",  # a round sum: "五千四百六十一个月" is 5,461 months
]
PROVIDERS = ["cloudgpu", "gpuli", "一万网络"]
SLOT = re.compile(r"\{(n:(\d+)-(\d+)(?:/(\d+))?|\w+)\}")  # "{card}", "{n:a-b}" or "{n:a-b/step}"
Filler = Callable[[random.Random], tuple[str, str]]  # a slot said and typed, for slots a test adds


def spoken_and_typed(template: str, rng: random.Random, fillers: Mapping[str, Filler] | None = None) -> tuple[str, str]:
    """The template filled twice with the same values: said as voice input writes them, and typed.
    `fillers` adds slots of a test's own (a provider glued to a card, a sequence length)."""
    spoken, typed, last = [], [], 0
    for m in SLOT.finditer(template):
        spoken.append(template[last:m.start()])
        typed.append(template[last:m.start()])
        last = m.end()
        if fillers and m[1] in fillers:
            said_form, typed_form = fillers[m[1]](rng)
            spoken.append(said_form)
            typed.append(typed_form)
        elif m[1] == "card":
            _, alias, forms = rng.choice(CARDS)
            spoken.append(rng.choice(forms))
            typed.append(alias)
        elif m[1] == "provider":
            name = rng.choice(PROVIDERS)
            spoken.append(name)
            typed.append(name)
        elif m[1] == "decimal":  # "一点五", "零点三三": 1.5, 0.33
            whole, tenths = rng.randint(0, 9), rng.randint(1, 99)
            spoken.append(f"{said(whole)}点{digit_by_digit(tenths)}")
            typed.append(f"{whole}.{tenths}")
        else:
            step = int(m[4] or 1)
            n = rng.randint(int(m[2]) // step, int(m[3]) // step) * step
            spoken.append(said(n, rng.choice("二两")) if n >= 100 else said(n))
            typed.append(str(n))
    spoken.append(template[last:])
    typed.append(template[last:])
    return "".join(spoken), "".join(typed)


@settings(max_examples=300, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(TEMPLATES), st.integers(0, 2**32))
def test_a_message_with_spoken_english_parses_as_the_one_with_digits(template: str, seed: int) -> None:
    spoken, typed = spoken_and_typed(template, random.Random(seed))
    want, got = parse(typed), parse(spoken)
    assert want.rental.gpu is not None  # the card is read, so the two agreeing says something
    assert got.fingerprint() == want.fingerprint(), (spoken, typed)


# ------------------------------------------------------------------ a run of seconds, priced by the minute
@pytest.mark.parametrize(("text", "rounding"), [
    ("九十秒 三零九零 cloudgpu 怎么算钱", "1 分 30 秒 按 2 分钟计费"),
    ("cloudgpu 3090 跑90秒 多少钱", "1 分 30 秒 按 2 分钟计费"),
    ("cloudgpu 四零九零 跑四十秒 多少钱", "40 秒 按 1 分钟计费"),
    ("90 seconds on a 3090 at cloudgpu, how much?", "1 min 30 s is billed as 2 min"),
    ("cloudgpu 4090 for 40 seconds, what does it cost", "40 s is billed as 1 min"),
])
def test_a_run_of_seconds_says_the_minutes_it_is_billed_as(text: str, rounding: str) -> None:
    me = ChatUser()
    me.say(text)
    assert rounding in me.text, me.text


@pytest.mark.parametrize("text", ["cloudgpu 3090 跑100分钟 多少钱", "cloudgpu 4090 for 3 hours, how much"])
def test_whole_minutes_need_no_rounding_word(text: str) -> None:
    me = ChatUser()
    me.say(text)
    assert "取整" not in me.text and "rounded up" not in me.text, me.text
