"""Metamorphic variants of chat requests: the same request typed the way a team types it.

Why: a test list of phrasings passes while the next phrasing breaks. Here each base request is a
few clauses with what it states (the fields the parser must read), and a variant changes only how it
is typed: the punctuation between clauses (Chinese or English), filler before and after, the order
of the clauses that carry facts, number words for counts, full-width digits, letter case, spaces, an
@mention, the common spellings of card names, and their misspellings (look-alike glyphs in a card's
number: "4O90", "Al00"; a model family misspelt: "Owen3", "Lama3.1"), and in Chinese what voice input writes
("千问三八b", "Q罗拉", "四零九零", "八比特") and Taiwan's words ("記憶體" for 显存). Every variant must parse to the same request and
intent as its base. `tests/test_parser_metamorphic.py` draws a fixed-seed sample through hypothesis;
`benchmarks/metamorphic.py` runs ten thousand and prints the ones that differ.

A clause may hold "{n}" (a count, written as digits or a number word) and "{card:<id>}" (a card,
written in one of its usual spellings). The last clause of a base is the question itself and stays
last; the others move.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

ZH_NUMBERS = {1: ["一", "1"], 2: ["两", "二", "2", "俩"], 3: ["三", "3"], 4: ["四", "4"], 8: ["八", "8"], 16: ["十六", "16"]}
EN_NUMBERS = {1: ["one", "1", "a single"], 2: ["two", "2"], 3: ["three", "3"], 4: ["four", "4"], 8: ["eight", "8"],
              16: ["sixteen", "16"]}
# Spellings a team uses for the same card (all read as the catalog card).
CARD_SPELLINGS = {
    "rtx-4090": ["4090", "rtx 4090", "RTX4090", "rtx-4090", "Rtx 4090", "RTX 4090"],
    "rtx-3090": ["3090", "rtx 3090", "RTX3090", "rtx-3090"],
    "h100-sxm": ["h100", "H100", "h-100", "H100 SXM", "h100sxm"],
    "a100-80g-sxm": ["a100 80g", "A100 80G", "a100-80g", "A100 80GB", "a100 80gb"],
    "h200": ["h200", "H200", "h-200"],
    "rtx-a6000": ["a6000", "A6000", "rtx a6000", "RTX A6000"],
    "l40s": ["l40s", "L40S", "l40 s"],
}
# Plural forms in English ("two 4090s"): added after the spelling when the count is more than one.
# Look-alike glyphs in a card's number, as OCR and hurried typing give them ("4O90", "Al00", "H1OO", "AI00")
DIGIT_LOOKALIKES = {"0": ["O", "o"], "1": ["l", "I"]}
# Model families misspelt the usual ways ("Owen3", "0wen", "Quen", "Qwne", "Lama", "Llma", "Ll ama", "LIama")
FAMILY_MISSPELLINGS = {"qwen": ["Owen", "0wen", "Quen", "Qwne", "qwen"], "llama": ["Lama", "Llma", "Ll ama", "LIama", "llama"]}
FAMILY_WORD = re.compile(r"(?<![a-z])(qwen|llama)(?=\d)")
# Voice input's spellings (zh): a family said with its version and size ("千问三八b" for qwen3 8b, "拉玛三点一八b"),
# LoRA as it sounds ("罗拉", "Q罗拉"), a card's number said ("四零九零", "H两百", "A一百 八十G"), "8bit" said ("八比特")
SPOKEN_FAMILY = {"qwen": ["千问", "通义千问", "千问"], "llama": ["拉玛", "拉马"]}
SPOKEN_CARDS = {"rtx-4090": ["四零九零", "rtx四零九零"], "rtx-3090": ["三零九零"], "h100-sxm": ["H一百", "h一百"],
                "a100-80g-sxm": ["A一百 八十G", "a一百 八十g"], "h200": ["H两百", "h二百"], "rtx-a6000": ["a六千", "A六千"],
                "l40s": ["l四十s", "L四十S"]}
SPOKEN_WORDS = (("qlora", ["Q罗拉", "q 罗拉", "Q罗拉"]), ("lora", ["罗拉", "洛拉"]), ("8bit", ["八比特"]))
SPOKEN_NAME = re.compile(r"(?<![a-z])(qwen|llama)(\d(?:\.\d)?) (\d+)b(?![a-z])")
# Taiwan's words for what the mainland names otherwise, typed before the traditional characters ("記憶體" is 显存 here)
TAIWAN_WORDS = {"显存": ["記憶體", "顯示卡記憶體"]}
ZH_FILLERS_BEFORE = ["帮我算下", "麻烦看下", "请问", "老板问", "咱们", "求问", "想问下", "hello，", "在吗，", "急，"]
ZH_FILLERS_AFTER = ["谢谢", "多谢", "麻烦了", "呀", "哈", "🙏"]
EN_FILLERS_BEFORE = ["hey", "quick question:", "pls", "hi team,", "so", "ok so", "question -", "hello!"]
EN_FILLERS_AFTER = ["thanks", "thx", "pls", "cheers", "?", "🙏"]
ZH_SEPARATORS = ["，", ",", " ", "、", "；", "。", " ， ", "，然后", "！"]
EN_SEPARATORS = [", ", ",", " ", "; ", " - ", ". ", " , "]
MENTIONS = ["@kasuan_bot ", "@KaSuanBot ", ""]
FULL_WIDTH = {ord(c): ord(c) + 0xFEE0 for c in "0123456789"}


@dataclass(frozen=True)
class Base:
    """A request as clauses, its language, the intent and the fields it states."""

    lang: str
    clauses: tuple[str, ...]
    intent: str
    fields: tuple[tuple[str, object], ...]
    count: int | None = None  # the value "{n}" stands for

    def plain(self) -> str:
        """The base written plainly: digits, the catalog spelling, one separator."""
        sep = "，" if self.lang == "zh" else ", "
        return sep.join(_fill(c, self, digits=True, rng=None) for c in self.clauses)


def _b(lang: str, clauses: str, intent: str, count: int | None = None, **fields: object) -> Base:
    return Base(lang, tuple(clauses.split(" | ")), intent, tuple(sorted(fields.items())), count)


BASES: tuple[Base, ...] = (
    # ---------------------------------------------------------------- zh sizing
    _b("zh", "qwen3 8b | lora | {card:rtx-4090} | 够不够", "size", model="qwen3-8b", method="lora", gpu="rtx-4090"),
    _b("zh", "qwen3 32b | 全参微调 | {n}张{card:h100-sxm} | 够吗", "size", 8, model="qwen3-32b", method="full",
       gpu="h100-sxm", num_gpus=8),
    _b("zh", "14b | lora | {n}张卡 | 能跑吗", "size", 2, params_b=14.0, method="lora", num_gpus=2),
    _b("zh", "7b | qlora | {card:rtx-4090} | 显存够吗", "size", params_b=7.0, method="qlora", gpu="rtx-4090"),
    _b("zh", "qwen2.5 72b | qlora | {n}张{card:a100-80g-sxm} | 行不行", "size", 2, model="qwen2.5-72b",
       method="qlora", gpu="a100-80g-sxm", num_gpus=2),
    _b("zh", "llama3.1 8b | 全参 | {n}卡{card:h100-sxm} | zero3 | 显存多少", "size", 4, model="llama-3.1-8b",
       method="full", gpu="h100-sxm", num_gpus=4, zero=3),
    _b("zh", "qwen3 14b | lora | 序列长度 4096 | {card:rtx-a6000} | 够不够", "size", model="qwen3-14b", method="lora",
       seq_len=4096, gpu="rtx-a6000"),
    _b("zh", "qwen3 8b | qlora | {card:rtx-3090} | 能不能训", "size", model="qwen3-8b", method="qlora", gpu="rtx-3090"),
    _b("zh", "32b | lora | {n}张{card:rtx-4090} | 需要多少显存", "size", 4, params_b=32.0, method="lora",
       gpu="rtx-4090", num_gpus=4),
    _b("zh", "qwen3 32b | qlora | 单卡 | 显存要多少", "size", model="qwen3-32b", method="qlora", num_gpus=1),
    _b("zh", "qwen2.5 7b | 全参 | 8bit优化器 | {card:h100-sxm} | 够吗", "size", model="qwen2.5-7b", method="full",
       optimizer="adamw-8bit", gpu="h100-sxm"),
    _b("zh", "qwen3 8b | lora | 开梯度检查点 | {card:l40s} | 够用吗", "size", model="qwen3-8b", method="lora",
       grad_checkpointing=True, gpu="l40s"),
    _b("zh", "70b | qlora | {n}张{card:h200} | 能训吗", "size", 2, params_b=70.0, method="qlora", gpu="h200",
       num_gpus=2),
    _b("zh", "qwen3 4b | 全参微调 | {card:rtx-4090} | 跑得动吗", "size", model="qwen3-4b", method="full", gpu="rtx-4090"),
    _b("zh", "qwen3 32b | lora | {n}张{card:rtx-a6000} | zero2 | 够不够", "size", 2, model="qwen3-32b", method="lora",
       gpu="rtx-a6000", num_gpus=2, zero=2),
    _b("zh", "qwen3 8b | lora | batch 4 | {card:rtx-4090} | 能跑吗", "size", model="qwen3-8b", method="lora",
       micro_batch=4, gpu="rtx-4090"),
    # a switch refused: the refusal turns it off, never on ("不想用8bit" is AdamW)
    _b("zh", "qwen2.5 7b | 全参 | 不想用8bit优化器 | {card:h100-sxm} | 够吗", "size", model="qwen2.5-7b", method="full",
       optimizer="adamw", gpu="h100-sxm"),
    _b("zh", "qwen3 8b | lora | 不打算开梯度检查点 | {card:l40s} | 够用吗", "size", model="qwen3-8b", method="lora",
       grad_checkpointing=False, gpu="l40s"),
    # ---------------------------------------------------------------- zh cost and price
    _b("zh", "qwen3 8b | lora | 2000万token | 训3轮 | 要多少钱", "cost", model="qwen3-8b", method="lora",
       tokens=20_000_000, epochs=3.0),
    _b("zh", "qwen3 14b | qlora | 5万条样本 | {card:rtx-4090} | 训多久", "cost", model="qwen3-14b", method="qlora",
       samples=50_000, gpu="rtx-4090"),
    _b("zh", "32b | 全参 | 1亿token | {n}张{card:h100-sxm} | 花多少钱", "cost", 8, params_b=32.0, method="full",
       tokens=100_000_000, gpu="h100-sxm", num_gpus=8),
    _b("zh", "{n}张{card:h100-sxm} | 租一个月 | 多少钱", "price", 8, gpu="h100-sxm", num_gpus=8, duration_days=30.0),
    _b("zh", "{card:rtx-4090} | 租一周 | 什么价", "price", gpu="rtx-4090", duration_days=7.0),
    _b("zh", "{n}张{card:a100-80g-sxm} | 包月 | 多少钱", "price", 8, gpu="a100-80g-sxm", num_gpus=8, duration_days=30.0),
    _b("zh", "{card:rtx-3090} | 租3天 | 要多少钱", "price", gpu="rtx-3090", duration_days=3.0),
    _b("zh", "{card:h200} | 48小时 | 多少钱", "price", gpu="h200", duration_hours=48.0),
    _b("zh", "qwen3 8b | lora | 1万条 | 预算 2000 元 | 够吗", "cost", model="qwen3-8b", method="lora", samples=10_000),
    _b("zh", "qwen3 14b | lora | 2万条数据 | 训2轮 | 多少钱", "cost", model="qwen3-14b", method="lora",
       samples=20_000, epochs=2.0),
    # ---------------------------------------------------------------- zh FAQ
    _b("zh", "gpuli | 按周和按月 | 哪个划算", "faq", provider="gpuli"),
    _b("zh", "余额用完了 | 会被停机吗", "faq"),
    _b("zh", "checkpoint | 实例销毁后 | 还在吗", "faq"),
    _b("zh", "bf16 和 fp16 | 选哪个", "faq"),
    _b("zh", "qlora | 效果会差很多吗", "faq", method="qlora"),
    _b("zh", "gpuli 的 sla | 掉线怎么赔", "faq", provider="gpuli"),
    _b("zh", "qwen3 8b | lora 加在 q_proj v_proj 上 | {card:rtx-4090} | 够吗", "size", model="qwen3-8b", method="lora",
       gpu="rtx-4090", lora_targets=("q", "v")),
    _b("zh", "qwen3 14b | lora | 所有线性层 | {card:rtx-a6000} | 能跑吗", "size", model="qwen3-14b", method="lora",
       gpu="rtx-a6000", lora_targets=("q", "k", "v", "o", "gate", "up", "down")),
    # ---------------------------------------------------------------- en sizing
    _b("en", "qwen3 8b | lora target q_proj k_proj v_proj o_proj | on {card:rtx-4090} | does it fit", "size",
       model="qwen3-8b", method="lora", gpu="rtx-4090", lora_targets=("q", "k", "v", "o")),
    _b("en", "qwen3 14b | all-linear lora | {card:l40s} | enough", "size", model="qwen3-14b", method="lora",
       gpu="l40s", lora_targets=("q", "k", "v", "o", "gate", "up", "down")),
    _b("en", "qwen3 8b | lora | on one {card:rtx-4090} | does it fit", "size", model="qwen3-8b", method="lora",
       gpu="rtx-4090", num_gpus=1),
    _b("en", "qwen3 32b | full fine-tune | on {n} {card:h100-sxm}s | enough", "size", 8, model="qwen3-32b",
       method="full", gpu="h100-sxm", num_gpus=8),
    _b("en", "14b | lora | {n} gpus | will it fit", "size", 2, params_b=14.0, method="lora", num_gpus=2),
    _b("en", "7b | qlora | {card:rtx-4090} | enough memory", "size", params_b=7.0, method="qlora", gpu="rtx-4090"),
    _b("en", "qwen2.5 72b | qlora | {n}x {card:a100-80g-sxm} | can I train it", "size", 2, model="qwen2.5-72b",
       method="qlora", gpu="a100-80g-sxm", num_gpus=2),
    _b("en", "llama3.1 8b | full | {n} {card:h100-sxm}s | zero 3 | how much vram", "size", 4, model="llama-3.1-8b",
       method="full", gpu="h100-sxm", num_gpus=4, zero=3),
    _b("en", "qwen3 14b | lora | seq 4096 | {card:rtx-a6000} | does it fit", "size", model="qwen3-14b", method="lora",
       seq_len=4096, gpu="rtx-a6000"),
    _b("en", "qwen3 8b | qlora | {card:rtx-3090} | can it run", "size", model="qwen3-8b", method="qlora",
       gpu="rtx-3090"),
    _b("en", "32b | lora | {n} {card:rtx-4090}s | memory needed", "size", 4, params_b=32.0, method="lora",
       gpu="rtx-4090", num_gpus=4),
    _b("en", "qwen3 32b | qlora | single gpu | how much memory", "size", model="qwen3-32b", method="qlora",
       num_gpus=1),
    _b("en", "qwen2.5 7b | full fine-tuning | 8-bit adam | {card:h100-sxm} | enough", "size", model="qwen2.5-7b",
       method="full", optimizer="adamw-8bit", gpu="h100-sxm"),
    _b("en", "qwen3 8b | lora | gradient checkpointing | {card:l40s} | fits", "size", model="qwen3-8b", method="lora",
       grad_checkpointing=True, gpu="l40s"),
    _b("en", "70b | qlora | {n} {card:h200}s | can I train", "size", 2, params_b=70.0, method="qlora", gpu="h200",
       num_gpus=2),
    _b("en", "qwen3 4b | full fine-tune | {card:rtx-4090} | will it run", "size", model="qwen3-4b", method="full",
       gpu="rtx-4090"),
    _b("en", "qwen3 32b | lora | {n} {card:rtx-a6000}s | zero 2 | enough", "size", 2, model="qwen3-32b",
       method="lora", gpu="rtx-a6000", num_gpus=2, zero=2),
    _b("en", "qwen3 8b | lora | batch size 4 | {card:rtx-4090} | fits", "size", model="qwen3-8b", method="lora",
       micro_batch=4, gpu="rtx-4090"),
    _b("en", "qwen2.5 7b | full fine-tuning | without the 8-bit optimizer | {card:h100-sxm} | enough", "size",
       model="qwen2.5-7b", method="full", optimizer="adamw", gpu="h100-sxm"),
    _b("en", "qwen3 8b | lora | we'd rather skip gradient checkpointing | {card:l40s} | fits", "size", model="qwen3-8b",
       method="lora", grad_checkpointing=False, gpu="l40s"),
    # ---------------------------------------------------------------- en cost and price
    _b("en", "qwen3 8b | lora | 20M tokens | 3 epochs | what does it cost", "cost", model="qwen3-8b", method="lora",
       tokens=20_000_000, epochs=3.0),
    _b("en", "qwen3 14b | qlora | 50k samples | {card:rtx-4090} | how long", "cost", model="qwen3-14b",
       method="qlora", samples=50_000, gpu="rtx-4090"),
    _b("en", "32b | full | 100M tokens | {n} {card:h100-sxm}s | total cost", "cost", 8, params_b=32.0, method="full",
       tokens=100_000_000, gpu="h100-sxm", num_gpus=8),
    _b("en", "{n}x {card:h100-sxm} | for a month | price", "price", 8, gpu="h100-sxm", num_gpus=8, duration_days=30.0),
    _b("en", "{card:rtx-4090} | for a week | how much", "price", gpu="rtx-4090", duration_days=7.0),
    _b("en", "{card:rtx-3090} | 3 days | how much", "price", gpu="rtx-3090", duration_days=3.0),
    _b("en", "{card:h200} | 48 hours | price", "price", gpu="h200", duration_hours=48.0),
    _b("en", "qwen3 14b | lora | 20k samples | 2 epochs | cost", "cost", model="qwen3-14b", method="lora",
       samples=20_000, epochs=2.0),
    _b("en", "qwen3 8b | lora | 10k samples | 36h | cost", "cost", model="qwen3-8b", method="lora", samples=10_000,
       duration_hours=36.0),
    # ---------------------------------------------------------------- en FAQ
    _b("en", "gpuli | weekly vs monthly | which is cheaper", "faq", provider="gpuli"),
    _b("en", "my balance runs out | will my instance stop", "faq"),
    _b("en", "bf16 or fp16 | which one should I use", "faq"),
    _b("en", "qlora | how much worse is the quality", "faq", method="qlora"),
    _b("en", "does cloudgpu | bill per minute", "faq", provider="cloudgpu"),
    _b("en", "gpuli sla | what do I get if it goes down", "faq", provider="gpuli"),
    _b("en", "zero-2 or zero-3 | what is the difference", "faq"),
)

CARD = re.compile(r"\{card:([a-z0-9-]+)\}(s?)")


def _number(n: int, lang: str, rng: random.Random | None, digits: bool) -> str:
    if digits or rng is None:
        return str(n)
    return rng.choice((ZH_NUMBERS if lang == "zh" else EN_NUMBERS)[n])


def _fill(clause: str, base: Base, *, digits: bool, rng: random.Random | None) -> str:
    def card(m: re.Match[str]) -> str:
        spellings = CARD_SPELLINGS[m.group(1)]
        word = spellings[0] if rng is None else rng.choice(spellings)
        if rng is not None and base.lang == "zh" and rng.random() < 0.1:
            word = rng.choice(SPOKEN_CARDS[m.group(1)])  # said aloud: "四零九零", "H两百"
        elif rng is not None and rng.random() < 0.25:
            word = garbled(word, rng)
        return word + m.group(2)

    out = CARD.sub(card, clause)
    if "{n}" in out:
        assert base.count is not None
        word = _number(base.count, base.lang, rng, digits)
        if base.lang == "en" and word == "a single":
            out = out.replace("{n} ", "a single ").replace("{n}x ", "a single ")
        out = out.replace("{n}", word if not word.isalpha() or base.lang == "zh" else word + " " if "{n}x" in clause else word)
        out = out.replace("  ", " ")
    return out


def garbled(word: str, rng: random.Random) -> str:
    """A card's spelling with look-alike glyphs in its number (the first run of digits only: a memory
    such as "80g" stays), each 0 or 1 swapped or not at random, at least one swapped."""
    run = re.search(r"\d+", word)
    if run is None or not any(c in DIGIT_LOOKALIKES for c in run.group(0)):
        return word
    digits = list(run.group(0))
    spots = [i for i, c in enumerate(digits) if c in DIGIT_LOOKALIKES]
    for i in rng.sample(spots, rng.randint(1, len(spots))):
        digits[i] = rng.choice(DIGIT_LOOKALIKES[digits[i]])
    return word[:run.start()] + "".join(digits) + word[run.end():]


def said(number: str) -> str:
    """A version or size as Chinese says it: "3" 三, "14" 十四, "72" 七十二, "2.5" 二点五."""
    digits = "零一二三四五六七八九"
    whole, _, part = number.partition(".")
    n = int(whole)
    word = digits[n] if n < 10 else ("" if n < 20 else digits[n // 10]) + "十" + (digits[n % 10] if n % 10 else "")
    return word + ("点" + "".join(digits[int(c)] for c in part) if part else "")


def spoken(text: str, rng: random.Random) -> str:
    """`text` (zh) as voice input writes it: the family's version and size said in one run of numerals
    ("千问三八b"), LoRA and 8bit said, Taiwan's word for memory. The request stays the same."""
    text = SPOKEN_NAME.sub(lambda m: rng.choice(SPOKEN_FAMILY[m.group(1)]) + said(m.group(2)) + said(m.group(3))
                           + rng.choice("bB"), text)
    for word, forms in SPOKEN_WORDS:
        pieces = re.split(rf"(?<![a-z]){word}(?![a-z])", text)
        text = pieces[0] + "".join(rng.choice(forms) + piece for piece in pieces[1:])
    for word, forms in TAIWAN_WORDS.items():
        text = text.replace(word, rng.choice(forms))
    return text


def misspelt_family(text: str, rng: random.Random) -> str:
    """A model family's name as it is often misspelt ("Owen3 8b", "Lama3.1 8b"); the version and size stay."""
    return FAMILY_WORD.sub(lambda m: rng.choice(FAMILY_MISSPELLINGS[m.group(1)]), text)


@lru_cache(maxsize=1)
def _to_traditional() -> Any:
    from opencc import OpenCC

    return OpenCC("s2t")


def traditional(text: str) -> str:
    """The same words in traditional characters (OpenCC's phrase tables, as a Taiwanese or Hong Kong team types)."""
    return str(_to_traditional().convert(text))


def variant(base: Base, rng: random.Random) -> str:
    """One way of typing `base`: every transformation drawn at random, the meaning unchanged."""
    clauses = [_fill(c, base, digits=False, rng=rng) for c in base.clauses]
    facts, ask = clauses[:-1], clauses[-1]
    if base.intent != "faq":  # a FAQ question's words belong together; a request's facts do not
        rng.shuffle(facts)
    parts = [*facts, ask]
    if base.lang == "zh" and rng.random() < 0.25:
        parts = [spoken(part, rng) for part in parts]
    elif rng.random() < 0.25:
        parts = [misspelt_family(part, rng) for part in parts]
    seps = ZH_SEPARATORS if base.lang == "zh" else EN_SEPARATORS
    text = parts[0]
    for part in parts[1:]:
        text += rng.choice(seps) + part
    if rng.random() < 0.5:
        text = rng.choice(ZH_FILLERS_BEFORE if base.lang == "zh" else EN_FILLERS_BEFORE) + " " + text
    if rng.random() < 0.5:
        glue = rng.choice(["", " "]) if base.lang == "zh" else " "  # Chinese runs on; English words do not
        text = text + glue + rng.choice(ZH_FILLERS_AFTER if base.lang == "zh" else EN_FILLERS_AFTER)
    if base.lang == "zh" and rng.random() < 0.25:
        text = traditional(text)  # typed in Taipei or Hong Kong: "4 張 A100 做 14B 全參 可以嗎"
    if rng.random() < 0.3:
        text = text.translate(FULL_WIDTH)
    case = rng.random()
    if case < 0.2:
        text = text.upper()
    elif case < 0.4:
        text = text.lower()
    if rng.random() < 0.3:
        text = re.sub(r" ", lambda _: " " * rng.randint(1, 3), text)
    if rng.random() < 0.3:
        text = rng.choice(MENTIONS) + text
    if rng.random() < 0.3:
        text = text + rng.choice(["?", "？", "!", "。", "??"])
    return text


def reading(text: str) -> tuple[str, dict[str, object], str | None]:
    """(intent, the stated fields, the FAQ entry answered) as the parser reads `text`: what the
    variants must keep."""
    from bot.understand.parser import parse

    p = parse(text)
    fields = {k: v for k, v in p.fields().items() if k not in ("currency", "amount")}
    answered = p.faq_answers[0].entry.id if p.intent == "faq" and p.faq_answers else None
    return p.intent, fields, answered


def check(base: Base, text: str) -> str | None:
    """None when `text` reads as `base` states (for a FAQ question: the same entry as the base
    written plainly; its incidental fields do not matter); else what differs."""
    intent, fields, answered = reading(text)
    if intent != base.intent:
        return f"intent {intent} != {base.intent}"
    if base.intent == "faq":
        want = reading(base.plain())[2]
        return None if answered == want else f"faq entry {answered} != {want}"
    stated = dict(base.fields)
    missing = {k: v for k, v in stated.items() if fields.get(k) != v}
    extra = {k: v for k, v in fields.items() if k not in stated}
    if missing or extra:
        return f"fields: wanted {missing}, extra {extra}"
    return None
