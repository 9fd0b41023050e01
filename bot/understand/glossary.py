"""What a training term means: "QLoRA 是什么", "什么是 ZeRO-3", "offload 啥意思", "what is FSDP",
"what does 全参 mean vs lora", and a bare "LoRA 和 QLoRA 有什么区别".

Why apart from the FAQ's retrieval: a definition question shares almost nothing with any entry but
its asking words, so BM25 lets those decide ("QLoRA 是什么" met "₮ 是什么货币" on 是什), and an entry
about the term ("QLoRA 比 LoRA 慢多少") answers another question. The question is read by its shape
instead: an asking word right beside a term of catalogs/glossary.yaml ("X 是什么", "什么是 X", "what
is X", "what does X mean"), with nothing after it but the end of the question or another term set
against it; "qlora 7b 要多少显存" and "what is the cheapest card for qlora" ask something else.
The answer is the term's own (with the seeds' figures), one per term named, as a FAQ answer.
"""

from __future__ import annotations

import re
from functools import cache

from pydantic import BaseModel, ConfigDict

from bot.understand import faq_terms, one_message
from bot.understand.faq import PLAIN_WORDS, Bilingual, FaqEntry, Hit, Keywords
from catalogs import catalog_path
from engine.catalog_files import load_entries

ID_PREFIX = "term-"  # a definition's FAQ id: never one of faq.yaml's
MAX_TERMS = 3  # terms defined in one answer (the 15-line reply)


class Term(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)
    id: str
    name: Bilingual
    forms: list[str]
    zh: str
    en: str
    source: str


@cache
def terms() -> list[Term]:
    return load_entries(catalog_path("glossary.yaml"), "terms", Term)


@cache
def _forms() -> faq_terms.PhraseSet:
    return faq_terms.PhraseSet([(form, term.id) for term in terms() for form in term.forms])


def chinese_forms() -> set[str]:
    """The terms' forms written in Chinese ("全参", "梯度检查点"): a term, not the message's language."""
    return {f for t in terms() for f in t.forms if re.search(r"[\u3400-\u9fff]", f)}


@one_message.per_message
def mentions(folded: str) -> list[tuple[int, int, str]]:
    """(start, end, term id) of each term named in folded text, in order; where forms overlap the
    longest counts ("qlora" is not also "lora", "全参微调" not also "全参")."""
    return faq_terms.longest_first(_forms().finditer(folded))


# the asking words before a term ("什么是 QLoRA", "what's an 8-bit optimizer", "explain offload")
ASK_BEFORE = re.compile(r"(?:什么是|啥是|什么叫|啥叫|何为|何谓|解释一?下|科普一?下|介绍一?下|what\s+is|what\s+are|what['’]?s"
                        r"|define|explain|meaning\s+of|what\s+does|what\s+do)\s*(?:an?\s+|the\s+)?$")
# the asking words after one ("QLoRA 是什么", "ZeRO-3 啥意思", "what does FSDP mean")
ASK_AFTER = re.compile(r"^\s*(?:到底|究竟|又)?\s*(?:是什么意思|是啥意思|是什么东西|是什么|是啥|是个啥|是干什么的|是干嘛的|是做什么的|干嘛用的"
                       r"|什么意思|啥意思|指什么|指的是什么|mean|means|stand\s+for|stands\s+for)"
                       r"(?=$|[\s?？!！。，,、.]|呀|啊|呢|吗|来着|东西|玩意)")
# where the question ends after a term asked with "what is": the end, a mark, or another term set against it
ENDS = re.compile(r"^\s*(?:$|[?？!！。，,、.]|exactly\b|anyway\b|again\b|呀|啊|呢|吗|来着|"
                  r"(?:vs\.?|versus|and|or|和|跟|与|对比|比)\s*$)")
# a message that only sets terms against each other ("LoRA 和 QLoRA 有什么区别", "qlora vs lora?")
COMPARING = re.compile(r"是不是|是一个东西|一个东西|同一个东西|一回事|一样|\bthe\s+same(?:\s+thing)?(?:\s+as)?\b|\bsame\b|\bthing\b|vs\.?|versus|and|or|between|differences|difference|diffs|diff|what['’]?s|what|is|are|the|和|跟|与|对比|比较|区别|差别|不同|差在哪|差在|在哪|差啥"
                       r"|有什么|有啥|是什么|什么|啥|是|的|之间|呢|吗|[\s?？!！。，,、.:：]")


# a word asking what sets the terms apart ("啥区别", "what's the diff", "是一个东西吗", "the same thing?"): their definitions answer it, even where an
# entry's question names them all ("How do I estimate memory for LoRA and QLoRA" answers a bare "lora vs qlora")
DIFFERENCE = re.compile(r"区别|差别|不同|不一样|差在哪|差啥|一个东西|一回事|\bsame\s+thing\b|\bthe\s+same\s+as\b|\bdiff(?:erences?|s)?\b|\bdiffer\b")


# what stands between terms that are only listed, not set against each other: spaces and marks
BARE_MARKS = re.compile(r"[\s?？!！。，,、.:：;；]")


def _asked(folded: str, start: int, end: int, following: int) -> bool:
    """Whether the term at folded[start:end] is asked about: an asking word before it and the
    question's end (or another term, at `following`) after it, or an asking word after it."""
    after = ASK_AFTER.match(folded[end:])
    if after is not None:  # "QLoRA 是什么"; in English only "what does X mean" ("does qlora mean worse quality" asks more)
        return not after.group(0).strip()[0].isascii() or bool(re.search(r"what\s+do(?:es)?\s*$", folded[:start]))
    before = ASK_BEFORE.search(folded[:start])
    if before is None or re.match(r"what\s+do", before.group(0)):
        return False  # "what does qlora cost" asks a price
    return bool(ENDS.match(folded[end:following]))


def asked(text: str) -> Hit | None:
    """The definitions `text` asks for outright ("QLoRA 是什么", "what does 全参 mean vs lora") as one FAQ
    hit: every term it names, when an asking word stands beside one of them; else None."""
    folded = PLAIN_WORDS.sub(" ", faq_terms.fold(text))
    named = mentions(folded)
    ends = [s for s, _, _ in named[1:]] + [len(folded)]
    if not named or not any(_asked(folded, s, e, nxt) for (s, e, _), nxt in zip(named, ends, strict=True)):
        return None
    return _hit([t for *_, t in named])


def compared(text: str, faq_hit: Hit | None) -> Hit | None:
    """The definitions of the terms a message only sets against each other ("LoRA 和 QLoRA 有什么区别",
    "qlora vs full ft?"), unless the FAQ's answer `faq_hit` is an entry whose question names them all
    ("How do I estimate memory for LoRA and QLoRA?" answers "lora vs qlora" better), unless the message asks
    what sets them apart (DIFFERENCE)."""
    folded = PLAIN_WORDS.sub(" ", faq_terms.fold(text))
    named = mentions(folded)
    ids = set(t for *_, t in named)
    if len(ids) < 2:
        return None
    rest = _without(folded, named)
    if COMPARING.sub("", rest) or not BARE_MARKS.sub("", rest):
        return None  # words of their own, or none at all: "全参 8bit优化器, h100, 7b, 够吗" lists a job's settings
    if faq_hit is not None and not DIFFERENCE.search(rest) and ids <= {t for *_, t in mentions(faq_terms.fold(faq_hit.entry.question.zh + " " + faq_hit.entry.question.en))}:
        return None
    return _hit([t for *_, t in named])


# a follow-up that only names another term: "那 LoRA 呢", "and FSDP?", "what about offload"
FOLLOWING = re.compile(r"那么?|呢|还有|又|and|what|about|how|[\s?？!！。，,、.]")


def follow_up(before: str, text: str) -> Hit | None:
    """"QLoRA 是什么" then "那 LoRA 呢": the definition of the term the follow-up names, alone (the two
    read together would define both)."""
    folded = faq_terms.fold(text)
    named = mentions(folded)
    if not named or FOLLOWING.sub("", _without(folded, named)) or asked(before) is None:
        return None
    return _hit([t for *_, t in named])


def _without(folded: str, named: list[tuple[int, int, str]]) -> str:
    for s, e, _ in reversed(named):
        folded = folded[:s] + " " + folded[e:]
    return folded


def _hit(ids: list[str]) -> Hit:
    return Hit(_entry(tuple(dict.fromkeys(ids))[:MAX_TERMS]), 1.0, 1.0)


def is_definition(hit: Hit) -> bool:
    return hit.entry.id.startswith(ID_PREFIX)


def defines(answers: list[Hit]) -> bool:
    """The answers are a definition (a question about a term, whatever size or job it mentions)."""
    return bool(answers) and is_definition(answers[0])


@cache
def _entry(ids: tuple[str, ...]) -> FaqEntry:
    """The definitions of `ids` as a FAQ entry: asked as "X 是什么？" (or "X 和 Y 分别是什么？"), answered one term a paragraph."""
    by_id = {t.id: t for t in terms()}
    chosen = [by_id[i] for i in ids]
    zh_names, en_names = [t.name.zh for t in chosen], [t.name.en for t in chosen]
    gap = " " if zh_names[-1][-1].isascii() else ""  # "QLoRA 是什么", "梯度检查点是什么"
    question = Bilingual(
        zh=f"{zh_names[0]}{gap}是什么？" if len(chosen) == 1 else f"{'、'.join(zh_names)}{gap}分别是什么？",
        en=f"What is {en_names[0]}?" if len(chosen) == 1 else f"What are {', '.join(en_names[:-1])} and {en_names[-1]}?")
    answer = Bilingual(zh="\n".join(t.zh for t in chosen), en="\n".join(t.en for t in chosen))
    return FaqEntry(id=ID_PREFIX + "-".join(ids), topics=["terms"], question=question, answer=answer,
                    keywords=Keywords(), source="; ".join(t.source for t in chosen))


LEVER_FLOOR = 0.2  # the least confidence of the named lever's own entry (FAQ's METHOD_FLOOR)


def lever_named(text: str, hit: Hit | None, hits: list[Hit]) -> Hit | None:
    """The FAQ entry of a memory lever the message names ("8bit优化器 每参数几个字节 全参", "full ft with
    8-bit adam, bytes per param?"), when the leading entry is about the same subject but never mentions
    that lever: its figures assume the lever off (16 bytes a parameter), the lever's own entry gives them
    with it on (10)."""
    lead = hit or (hits[0] if hits else None)
    if lead is None:
        return None
    named = {t for *_, t in mentions(faq_terms.fold(text))}
    if not named & {h.entry.id for h in hits}:
        return None  # no entry ranked is a lever the message names: nothing to weigh (most messages)
    lead_terms = _terms_of(lead.entry)
    for h in hits:
        if h is lead or h.entry.id not in named or h.entry.id in lead_terms or h.score < LEVER_FLOOR:
            continue
        if set(h.entry.topics) & set(lead.entry.topics):
            return h
    return None


_ENTRY_TERMS: dict[str, frozenset[str]] = {}  # by entry id: a FaqEntry holds lists, so it is no cache key


def _terms_of(entry: FaqEntry) -> frozenset[str]:
    """The terms an entry's question and answer name, in both languages (read once per entry: entries do not change)."""
    if entry.id not in _ENTRY_TERMS:
        text = " ".join((*entry.question.model_dump().values(), *entry.answer.model_dump().values()))
        _ENTRY_TERMS[entry.id] = frozenset(t for *_, t in mentions(faq_terms.fold(text)))
    return _ENTRY_TERMS[entry.id]
