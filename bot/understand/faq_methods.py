"""Which FAQ entry a question naming a method is about: the methods an entry's own question names, ranked
against the methods asked ("qlora 会掉点吗" is about QLoRA's entry, not LoRA against full fine-tuning). Kept
apart from the index (bot/understand/faq.py) because it ranks hits the index already scored."""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING

from bot.understand.asks import methods_named
from bot.understand.entities import find_gpus
from bot.understand.normalize import normalize

if TYPE_CHECKING:
    from bot.understand.faq import Hit

KEYWORD_SHARE = 0.85  # an entry leads from this share of the best entry's score (faq.py's confidence rule uses it too)
METHOD_FLOOR = 0.2  # an entry about the very methods asked leads (among the top three) from this confidence,
# and answers from it when the question also names its own term, or compares the very methods it compares


@cache
def entry_methods(entry_id: str) -> frozenset[str]:
    """The methods an entry's question is about ("LoRA 和全参微调，效果差多少": lora and full)."""
    from bot.understand.faq import faq_entries  # the index imports this module: read its entries when first asked

    e = next((e for e in faq_entries() if e.id == entry_id), None)
    if e is None:
        return frozenset()  # a definition (bot/understand/glossary.py) is no entry of the index
    return methods_named(normalize(f"{e.question.zh} {e.question.en}"))


def by_method(ranked: list[Hit], asked: frozenset[str], floor: float = METHOD_FLOOR, job: bool = False,
              text: str | None = None) -> list[Hit]:
    """A question naming a method ("qlora 会掉点吗") is about that method: among the top three, an
    entry whose question names the methods asked (and no other) leads one about others ("LoRA 和全参效果
    差多少") from METHOD_FLOOR. Words alone cannot tell QLoRA's quality from LoRA's: the entry about
    LoRA against full fine-tuning shares more of "qlora 会比 lora 效果差很多吗" than QLoRA's own entry
    does, so the methods named, a fact of the question, rank before the share of words.

    `job`: the methods are the job's, named beside a question on another topic ("14b 全参 zero3 通信开销
    太大"): an entry about no method in particular is about that topic, and keeps the lead; so does a best entry
    that answers confidently, is about every method asked, and whose own term `text` names alone (term_of_its_own)."""
    if not asked or not ranked or (job and not entry_methods(ranked[0].entry.id)) or (text and term_of_its_own(ranked, asked, text)):
        return ranked
    best = max((h for h in ranked[:3] if h.score >= floor), key=lambda h: method_fit(h, asked), default=ranked[0])
    if method_fit(best, asked) <= method_fit(ranked[0], asked):
        return ranked
    return [best, *[h for h in ranked if h is not best]]


def term_of_its_own(ranked: list[Hit], asked: frozenset[str], text: str) -> bool:
    """The best entry answers confidently, is about every method asked (beside others), and `text` names a term of its
    own (faq._own_terms) that no entry about those methods near the top lists ("SFT vs full fine-tuning memory-wise":
    SFT is the SFT entry's, full fine-tuning's memory entry has none of it; "lora rank 设多少" names rank, which LoRA's
    defaults list too, "default rank"): the question is about that entry's term, whatever its methods' own entries."""
    from bot.understand.faq import CONFIDENT, _own_terms, _plain  # the index imports this module: read when asked

    if ranked[0].score < CONFIDENT or not asked <= entry_methods(ranked[0].entry.id):
        return False
    folded = _plain(text)
    rivals = [_plain(" ".join([*h.entry.keywords.zh, *h.entry.keywords.en, h.entry.question.zh, h.entry.question.en]))
              for h in ranked[1:3] if method_fit(h, asked) > 0 and h.score >= METHOD_FLOOR]
    return any(p.search(folded) and not any(p.search(r) for r in rivals) for p in _own_terms(ranked[0].entry))


def methodless_first(ranked: list[Hit], asked: frozenset[str]) -> list[Hit]:
    """With no method named, an entry about no method in particular that scores near the best one
    (KEYWORD_SHARE) leads an entry about two methods: "14b 开了 tp=4 速度反而慢了" shares 速度 and 慢
    with "QLoRA 比 LoRA 慢多少" as much as TP with the tensor-parallel entry, but names no QLoRA."""
    if asked or not ranked or not entry_methods(ranked[0].entry.id):
        return ranked
    plain = next((h for h in ranked[1:3] if not entry_methods(h.entry.id) and h.score >= KEYWORD_SHARE * ranked[0].score), None)
    return ranked if plain is None else [plain, *[h for h in ranked if h is not plain]]


def method_fit(h: Hit, asked: frozenset[str]) -> int:
    """1 for an entry about a method asked, less one for each method it names that was not asked."""
    kinds = asked | ({"lora"} if "qlora" in asked else set())  # QLoRA is a LoRA: an entry on both covers it
    own = entry_methods(h.entry.id)
    return int(bool(own & kinds)) - len(own - kinds)


def about_other_methods(h: Hit, asked: frozenset[str]) -> bool:
    """The entry's question is about methods, none of them asked ("QLoRA 比 LoRA 慢多少" for "72b 全参
    会慢多少"): it answers another job."""
    kinds = asked | ({"lora"} if "qlora" in asked else set())
    own = entry_methods(h.entry.id)
    return bool(asked and own and not own & kinds)


def compares_asked(h: Hit, asked: frozenset[str]) -> bool:
    """The entry's question sets the very methods asked against each other ("qlora 和 lora 差多少" and
    "QLoRA 比普通 LoRA 慢多少"): the pair compared is the question's own term; QLoRA set against another method is
    a LoRA set against it, where the entry names no QLoRA ("qlora 效果会比全参差很多吗": LoRA against full)."""
    own = entry_methods(h.entry.id)
    return len(asked) >= 2 and (own == asked or ("qlora" not in own and own == {"lora" if m == "qlora" else m for m in asked}))


SIZE_SAID = re.compile(r"(?<![\w.])\d+(?:\.\d+)?\s*b\b", re.IGNORECASE)


def method_alone(text: str, hit: Hit, asked: frozenset[str]) -> bool:
    """A question about the very method asked and nothing else: `hit`'s question names exactly those methods and the
    message names no card and no model size ("qlora 会不会让写出来的文案质量变差"); a job stated with its method ("7b 全参
    一张 H100 能装下吗") is a sizing, whatever FAQ entry shares its method."""
    norm = normalize(text)
    return bool(asked) and entry_methods(hit.entry.id) == asked and not find_gpus(norm) and not SIZE_SAID.search(norm)
