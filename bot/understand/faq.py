"""The pricing FAQ: entries from catalogs/faq.yaml and retrieval that works in zh and en.

Retrieval is lexical and bilingual: latin words, digits and Chinese character bigrams are scored with BM25 over
each entry's questions, keywords and answers (keywords weigh most: they are the words users type; a keyword phrase's
pieces only where the entry writes them or the question types the whole phrase, bot/understand/faq_phrases.py).
Paraphrase is bridged by the catalogs, not by patterns here: a concept written another way or in the other language
(catalogs/faq_terms.yaml: "payment" and 付款) is one token, counted once per mention, and an entry's own keyword phrase
found in the question (inflected too) is evidence for it. A provider named rules out the entries about another provider.

Confidence (`lookup`): the share of the query's weight the best entry explains, with a margin; below it, two buttons.
"""

from __future__ import annotations

import itertools
import math
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass
from functools import cache

from pydantic import BaseModel, ConfigDict, Field

import bot.understand.faq_methods as methods
from bot.understand import faq_phrases, faq_terms, one_message, provider_words, spoken_chinese, spoken_english, typos
from bot.understand.asks import asks_which_card, methods_named
from bot.understand.entities import find_gpus, find_provider
from bot.understand.faq_methods import KEYWORD_SHARE, METHOD_FLOOR, by_method, compares_asked, entry_methods, method_fit
from bot.understand.lazy import lazy  # scanned first for the words a match needs (bot.understand.prefilter)
from bot.understand.model_facts import zero_stages
from bot.understand.normalize import normalize
from bot.understand.split_verbs import joined
from catalogs import catalog_path
from engine import yamlcache
from engine.catalog_files import load_entries
from engine.lazy import per_object

CONFIDENT = 0.45  # below this the reply says "not sure" and offers the two closest questions
KEYWORD_CONFIDENT = 0.35  # ... unless an entry whose own keyword the question names scores this much
PROVIDER_SHARE = 0.75  # an entry about the provider named, whose own term is named too, leads from this share of a general best
FIELD_WEIGHTS = {"question": 2.0, "keywords": 3.0, "answer": 0.3}
K1, B = 1.6, 0.3  # BM25: short documents, so length normalization is mild
STOP = {
    "the", "a", "an", "is", "are", "do", "does", "i", "my", "me", "you", "your", "it", "to", "of", "for", "on", "in",
    "and", "or", "what", "how", "can", "which", "should", "use", "would", "will", "with", "if", "be", "at", "by", "this", "that", "there", "any", "we", "our",
    "they", "them", "their", "its", "am", "was", "were", "been", "us",  # "us" the pronoun: "do you bill us", no US bank card
    "s",  # the plural left of a card or a count ("a100s", "4090s"): the card is read, the "s" names nothing; 什(么) as "what"
    "吗", "的", "啥", "什", "支", "持", "了", "呢", "啊", "吧", "么", "是", "我", "你", "有", "在", "要", "会", "能", "不", "个", "这", "那", "和", "怎么",
    "anything", "something", "offer", "offers", "provide", "provides",  # "does X offer anything hourly": the ask, not its topic
    "hey", "hi", "hello", "quick", "question", "q", "qq", "please", "thanks", "thank", "thx", "cheers", "ok", "okay", "so", "team",
    # chat filler and the verbs of asking for a thing ("is it possible to have IB"): the ask, not its topic ("get"
    # stays: "how soon do I get SSH" is about receiving it),
    # like the Chinese asking pairs below (a container word, "h100 box", is a machine: catalogs/faq_terms.yaml shorthand)
    "have", "has", "just", "really", "actually", "wondering", "wonder", "curious", "describe", "explain", "elaborate",
    "possible", "able", "could", "might", "kinda", "btw", "guys", "folks",
    "why",  # asks for a cause, of any topic ("why OOM", "why so slow"): the topic is the words after it
    "policy", "policies", "rule", "rules", "questions", "qs",  # "refund policy", "two qs:": the topic is the refund
    # a way of renting named by its container ("an hourly plan instead", "有按小时的套餐吗"): the topic is the unit
    "plan", "plans", "option", "options", "instead", "套餐",
}
# Chinese character pairs that only ask ("有哪些", "有什么", "是不是"): in nearly every question, so
# they say nothing of its topic (an A-not-A ask: "要不要", "用不用", "需不需要" too; "能不能" is folded to 能: A_NOT_A), and a question worded like an entry's must not win on them alone
ASKING = {"问题", "哪些", "有哪", "什么", "有什", "要什", "哪个", "是不", "不是", "支持", "要不", "用不", "需不", "为啥", "为什", "啥会", "东西", "么东"}  # 什么东西: "what thing"
# Asking for plain words says how to answer, never what ("lora 和 qlora 有啥区别 说人话", "lora vs qlora in plain english").
PLAIN_ZH = r"说人话|讲人话|(?:用)?(?:大白话|白话|通俗的话)(?:点|一点)?(?:讲讲|说说|讲|说|解释)?(?:一下)?|通俗(?:一点|点)?(?:地|的)?(?:讲讲|说说|讲|说|解释)?(?:一下)?|简单(?:讲讲|说说|讲|说)(?:一下)?"
PLAIN_WORDS = lazy(PLAIN_ZH + r"|\bin\s+plain\s+(?:english|words|terms)\b|\bin\s+simple\s+(?:terms|words)\b|\bin\s+layman'?s\s+terms\b"
                   r"|\bexplain\s+like\s+i'?\s*a?m\s+(?:5|five)\b|\beli5\b|\bsimply\s+put\b|\bdumb\s+it\s+down\b")
# Chat filler around a question: it carries no meaning, so it must not dilute the confidence (nor "什么时候该开" of X: X).
FILLER = lazy(r"想知道|想了解一?下|想了解|哪几款|哪几种|哪几个|帮我算一?下|帮我算算|帮我看一?下|帮我看看|麻烦看一?下|麻烦问一?下|麻烦了|麻烦|请问|老板问|领导问|咱们|求问|想问一?下|问一?下"
              r"|(?:直接|就)?告诉我(?:一下|下)?|给我说一?下|(?:不用|别|不要)给?(?:我)?(?:命令|指令)"  # "不用给命令，直接告诉我…": how to answer
              r"|(?:什么|啥)时候\s*(?:should\s+|(?:应该|需要|该|要|得)\s*)?(?:开启|启用|打开|开(?![始机通票户])|用(?![完了]))|在吗|谢谢|多谢|感谢|急急急|急|哈哈|哈|呀|🙏|" + PLAIN_ZH)  # English plain-words forms: glossary only
# an order asked for the answer ("rank by price", "按价格排"): how to list it, never a topic (LoRA's rank is a keyword)
ORDERED = lazy(r"\b(?:rank|sort|order|list)(?:ed)?\s+(?:them\s+|it\s+|these\s+)?(?:by|on)\b(?!\s+default)(?:\s+(?:price|cost)\b)?|按(?:价格|价钱|价)(?:从低到高|从高到低)?(?:排序|排)")


class Bilingual(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)
    zh: str
    en: str


class Keywords(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)
    zh: list[str] = Field(default_factory=list)
    en: list[str] = Field(default_factory=list)


class CardPart(BaseModel):
    """An entry's answer for some cards only ("does the H200 have NVLink": yes, for the SXM parts), at one provider."""
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)
    cards: list[str]  # card ids (catalogs/gpus.yaml)
    provider: str
    zh: str
    en: str


class Verdict(BaseModel):
    """A yes or a no the entry settles for a yes/no question naming one of `terms` ("can I pay with
    Alipay": yes, at cloudgpu), though the entry's own question asks how; `say` is that verdict as
    the reply's first line (bot/core/faq.py)."""
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)
    affirms: bool  # yes (a "yes" key would read as YAML's true)
    needed: bool = False  # answers whether the thing is required ("do I need a US bank card": no), not whether it is taken
    free: bool = False  # answers whether the thing is free ("is booting free": yes), not whether it is billed
    over_data: bool = False  # holds only where the question's sequence limit is far above its samples (length_over.py)
    provider: str | None = None
    terms: Keywords
    say: Bilingual


class FaqEntry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)
    id: str = Field(pattern=r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
    topics: list[str]
    providers: list[str] = Field(default_factory=list)
    # the providers whose parts the answer gives one after another, when it is written that way: a
    # question naming one of them gets its part first (bot/views/faq_answer.py)
    by_provider: list[str] = Field(default_factory=list)
    # where the answer differs card by card, each card's own answer: a question naming one card gets
    # that card's answer, not a list where most cards are someone else's (bot/views/faq_answer.py)
    by_card: list[CardPart] = Field(default_factory=list)
    question: Bilingual
    answer: Bilingual
    keywords: Keywords
    source: str
    # what a yes/no question asked of this entry is answered (payment by Alipay: yes), led by the reply
    verdicts: list[Verdict] = Field(default_factory=list)
    # the answer is an hour of a card's price held while it runs (a pre-authorization): a question naming a
    # card gets that card's own hour at the entry's provider (bot/core/faq.py hold_line)
    holds_hour: bool = False


@dataclass(frozen=True)
class Hit:
    entry: FaqEntry
    score: float  # confidence in [0, 1]
    raw: float = 0.0  # BM25 score: the amount of evidence behind the confidence


def stem(word: str) -> str:
    """A light English stemmer: billing/billed/bills -> bill, hourly -> hour, boxes -> box, and a
    word's own final "e" goes too, so price/prices/pricing and node/nodes meet ("es" is a suffix of
    its own only after a hissing sound; elsewhere the "e" is the word's)."""
    for suffix in ("ing", "ism", "ly", "ed", "es", "s"):
        if len(word) > len(suffix) + 2 and word.endswith(suffix) and not word.endswith("ss"):
            if suffix == "es" and not word.endswith(("ses", "xes", "zes", "ches", "shes")):
                continue
            word = word[: -len(suffix)]
            break
    return word[:-1] if len(word) > 2 and word.endswith("e") and not word.endswith("ee") else word


# "gpuli's", "cloudgpu’s": a possessive names nothing of the topic; "it's up", "what's": a contracted "is"
CONTRACTED_IS = lazy(r"\b(it|that|what|there|here|who|where|how)['’]s\b")
POSSESSIVE = lazy(r"(?<=[a-z0-9])['’]s\b")
# around the clock in figures ("24/7", "7×24") in a question: no 24 and no 7 ("4090 running 24/7 for a month" met the
# 7B entries); nor a when-clause's 的时候 ("跑着的时候": while running, no topic; an entry's "不用的时候" keeps it); nor
# the day something happened ("one node died last night", "昨晚挂了"): when, not what about (its "night" met support hours)
ROUND_THE_CLOCK = re.compile(r"(?<![\d.])(?:24\s*[/x×*]\s*7|7\s*[/x×*]\s*24)(?![\d.])|的时候"
                             r"|\b(?:last\s+night|yesterday|this\s+morning|earlier\s+today)\b|昨晚|昨天|昨夜|前天|今早|今天早上")
POSSESSIVE_TAIL = re.compile(r"^['’]s\b")  # the possessive left at the start of what follows a name taken out
# a Chinese A-not-A ask ("能不能上", "可不可以", "行不行"): one verb asked both ways, read as the verb once,
# so its negative half ("不能") is no word of the topic, as "can I" is none in English ("有没有" stays: the entries
# list it with its object, "有没有NVLink")
A_NOT_A = re.compile(r"([\u3400-\u9fff])不\1")


@one_message.per_message
def _plain(text: str) -> str:
    """`text` folded (width, case, typos), spoken numbers in digits ("四零九零": 4090), split verbs joined (上传)."""
    plain = joined(spoken_chinese.read(provider_words.named(typos.fix(unicodedata.normalize("NFKC", text).lower())).lower()))
    return ORDERED.sub(" ", plain) if "by" in plain or "按" in plain else plain


@one_message.per_message  # a search folds its text twice (its terms, the phrases typed whole)
def _fold(text: str) -> str:
    # "four 4090s" is "4 4090s" and "forty ninety" 4090: a count or a card is the same, whatever its spelling
    folded = spoken_english.spoken(_plain(text))
    folded = A_NOT_A.sub(r"\1", folded) if "不" in folded else folded  # (no 不, nothing to fold: the scan skipped)
    return FILLER.sub(" ", POSSESSIVE.sub("", CONTRACTED_IS.sub(r"\1 is", folded)))


CHINESE = re.compile(r"[\u3400-\u9fff]")


def _words(text: str) -> list[str]:
    """Latin words (stemmed, shorthand expanded), numbers, Chinese characters and their bigrams."""
    synonyms = faq_terms.shorthand()
    out: list[str] = []
    for word in re.findall(r"[a-z]+\d*|\d+(?:\.\d+)?|[\u3400-\u9fff]+", text):
        if word[0] >= "\u3400":
            out.extend(pair for a, b in itertools.pairwise(word) if (pair := a + b) not in ASKING)
            out.extend(c for c in word if c not in STOP)
        elif word[0].isdigit():
            out.append(word)
        else:
            letters = word.rstrip("0123456789")
            digits = word[len(letters):]
            letters = synonyms.get(letters, letters)
            if letters not in STOP:
                out.append(stem(letters))
            if digits:
                out.append(digits)
                out.append(letters + digits)  # "a100", "h100", "zero3": the name whole, as well as its parts
    return out


def tokenize(text: str) -> list[str]:
    """An entry's tokens: its words, and the concepts (catalogs/faq_terms.yaml) it names in any of
    their forms, so a message using another form of the same thing still meets it."""
    folded = _fold(text)
    return [concept for concept, _ in faq_terms.mentions(folded)] + _words(folded)


@one_message.per_message  # the same text searched again (keyworded after _searched): its terms read once
def query_terms(text: str) -> list[tuple[str, ...]]:
    """A message's terms, each a set of alternatives scored by the best one an entry has: a plain
    word is itself; a concept's mention is its concept or its own words ("per hour" counts once,
    as ~hourly or as per + hour, never as both, so an entry sharing the very form gains nothing over
    one that uses another)."""
    folded = ROUND_THE_CLOCK.sub(" ", _fold(text))
    found = faq_terms.mentions(folded)
    words = Counter(_words(folded))
    terms: list[tuple[str, ...]] = []
    chinese = CHINESE.search(folded) is not None and CHINESE.search(unnamed(text)) is not None  # a provider's Chinese name is no Chinese question
    for concept, span in found:
        own = [w for w in _words(span) if words[w] > 0]
        words.subtract(own)  # a word spanning the mention's edge ("效果会" -> 果会) stays a word
        if chinese and own and not CHINESE.search(span) and (native := faq_terms.native_forms().get(concept)) \
                and set(own) <= faq_index().postings.keys() and not set(own) & faq_index().latin_in_chinese:
            # "snapshot" in a Chinese question, a word only the English answers write: scored as its Chinese form (快照)
            # would be; one the Chinese answers write too ("checkpoint"), or none writes ("ctx"), meets them as it is
            own = _words(native)
        terms.append((concept, *(f" {w}" for w in own)))
    terms[:0] = [(w,) for w, n in words.items() for _ in range(n)]
    return terms


phrase_pattern = faq_terms.phrase_pattern  # how a keyword phrase is found in a question
FIND = "?"  # a provider argument that says: find it in the text (a caller that parsed it passes it)


def provider_of(text: str) -> str | None:
    """The provider `text` names, if any (the entity reader's, on the normalized text)."""
    found = find_provider(normalize(text))
    return found.ident if found is not None else None


def _first_word(keyword: str) -> str:
    return unicodedata.normalize("NFKC", keyword).lower().strip().split()[0]


class FaqIndex:
    """BM25 over weighted fields, with per-token postings precomputed so a query costs microseconds."""

    def __init__(self, entries: list[FaqEntry]) -> None:
        self.entries = entries
        # (the phrase's first word, as a plain substring check that rules most phrases out cheaply; its pattern)
        self.phrases = [[(_first_word(kw), p) for kw in [*e.keywords.zh, *e.keywords.en]
                         if (p := phrase_pattern(kw)) is not None] for e in entries]
        # each phrase under its first word: one substring test per distinct word, then the phrase's pattern
        self.by_first_word: dict[str, list[tuple[int, re.Pattern[str]]]] = {}
        for i, patterns in enumerate(self.phrases):
            for word, pattern in patterns:
                self.by_first_word.setdefault(word, []).append((i, pattern))
        # the first words under their first two characters: a message is checked only for the words that can start
        # at one of its character pairs (the same answer as testing every word, at a fraction of the substring scans)
        self.words_by_char: dict[str, list[str]] = {}
        for word in self.by_first_word:
            self.words_by_char.setdefault(word[:2], []).append(word)
        self.word_starts = frozenset(self.words_by_char)
        # the concepts each entry's keywords are forms of (扣费 is ~billed): a message naming the concept in
        # another form ("按什么计费") names that keyword too
        # (only a keyword that is itself one of the concept's forms: "先开机后付款" is not a form of ~boot)
        self.keyword_concepts = [{c for kw in [*e.keywords.zh, *e.keywords.en]
                                  for c, said in faq_terms.mentions(faq_terms.fold(kw)) if said == faq_terms.fold(kw)}
                                 for e in entries]
        # the provider each entry's question is about ("cloudgpu 有哪些卡"), None for a general one
        self.about = {e.id: provider_of(f"{e.question.zh} {e.question.en}") for e in entries}
        # the Latin words the Chinese side of the entries writes ("checkpoint", "LoRA"): said in a Chinese question they
        # meet the entries as they are (query_terms)
        self.latin_in_chinese = {w for e in entries for w in _words(_fold(" ".join([e.question.zh, e.answer.zh, *e.keywords.zh])))
                                 if w.isascii() and not w.isdigit()}
        self.allowed_for: dict[str | None, list[int]] = {}
        docs: list[Counter[str]] = []
        wholes: list[Counter[str]] = []
        for e in entries:
            tf: Counter[str] = Counter()
            for name, text in {"question": f"{e.question.zh} {e.question.en}", "answer": f"{e.answer.zh} {e.answer.en}"}.items():
                for tok in tokenize(text):
                    tf[tok] += FIELD_WEIGHTS[name]  # type: ignore[assignment]
            wholes.append(faq_phrases.add_keywords(tf, [*e.keywords.zh, *e.keywords.en], tokenize, _fold, FIELD_WEIGHTS["keywords"]))
            docs.append(tf)
        n = len(docs)
        df: Counter[str] = Counter(t for d in docs for t in d)
        self.idf = {t: math.log(1 + (n - c + 0.5) / (c + 0.5)) for t, c in df.items()}
        lengths = [sum(d.values()) for d in docs]
        avg = sum(lengths) / n if n else 1.0
        self.postings: dict[str, list[tuple[int, float]]] = {}
        for i, d in enumerate(docs):
            norm = K1 * (1 - B + B * lengths[i] / avg)
            for tok, f in d.items():
                self.postings.setdefault(tok, []).append((i, self.idf[tok] * f * (K1 + 1) / (f + norm)))
        self.whole, self.part = ([{t: self.idf[t] * f * (K1 + 1) / (f + K1 * (1 - B + B * n / avg)) for t, f in d.items()} for d, n in zip(ds, lengths, strict=True)] for ds in (wholes, docs))
        self.typed = faq_phrases.Whole([[*e.keywords.zh, *e.keywords.en] for e in entries], _words, _fold)

    def keyworded(self, text: str, floor: float, ranked: list[Hit] | None = None, provider: str | None = FIND, concepts: bool = False) -> list[Hit]:
        """The entries whose own keyword phrases ("NaN", "以太网", "张量并行") `text` contains, best
        first among those scoring at least `floor`: a term the user typed that an entry lists is
        evidence for it however loosely the rest of the question is worded. `concepts`: a keyword
        named in another of its concept's forms counts too ("按什么计费" names the keyword 扣费)."""
        folded = _plain(text)
        named = self._named(folded)
        if concepts:
            said = {c for c, _ in faq_terms.mentions(folded)}
            named |= {e.id for e, own in zip(self.entries, self.keyword_concepts, strict=True) if own & said}
        if not named:
            return []
        if ranked is None:
            ranked = self.search(text, limit=len(self.entries), provider=provider_of(text) if provider == FIND else provider, floor=floor)
        return [h for h in ranked if h.score >= floor and h.entry.id in named]

    @one_message.per_message
    def _named(self, folded: str) -> set[str]:  # the entries whose own keyword phrases folded text names
        return {self.entries[i].id for start in faq_terms.starts_among(self.word_starts, folded) for word in self.words_by_char[start]
                if word in folded for i, p in self.by_first_word[word] if p.search(folded)}

    def _allowed(self, provider: str | None) -> list[int]:
        """The entries a question naming `provider` may get (all, when it names none)."""
        if provider not in self.allowed_for:
            self.allowed_for[provider] = [i for i, e in enumerate(self.entries)
                                          if provider is None or self.about[e.id] in (None, provider)]
        return self.allowed_for[provider]

    @one_message.per_message  # keyworded searches again what _searched searched: the same ranking, a list of its own
    def search(self, text: str, limit: int = 3, provider: str | None = None, floor: float = 0.0) -> list[Hit]:
        """Best entries first, each with a confidence in [0, 1]; past the first three, only those with
        a confidence of at least `floor` (beyond the top, confidence falls with rank, so the list stops
        at the first one under it).

        The confidence multiplies how much of the query's weight the entry explains by how
        clearly it beats the runner-up, so a vague question spread over several entries scores low.
        A question naming a provider is never answered by an entry about another one ("gpuli 有
        哪些卡" is not cloudgpu's price list): those are not ranked at all, nor count as runner-up.
        """
        query = query_terms(text)
        if not query or not self.entries:
            return []
        scores = [0.0] * len(self.entries)
        ceiling = 0.0
        for term in query:
            if len(term) == 1:  # a word
                for i, value in self.postings.get(term[0], ()):
                    scores[i] += value
                ceiling += self.idf.get(term[0], 0.0) * (K1 + 1)
                continue
            # a concept's mention: per entry, the better of the concept and the mention's own words
            best: dict[int, float] = dict(self.postings.get(term[0], ()))
            own: dict[int, float] = {}
            for word in term[1:]:
                for i, value in self.postings.get(word[1:], ()):
                    own[i] = own.get(i, 0.0) + value
            for i, value in own.items():
                best[i] = max(best.get(i, 0.0), value)
            for i, value in best.items():
                scores[i] += value
            ceiling += max(self.idf.get(term[0], 0.0), sum(self.idf.get(w[1:], 0.0) for w in term[1:])) * (K1 + 1)
        for i, only in self.typed.typed(query, _fold(text)).items():  # an entry's keyword phrase (or asking words) typed whole
            scores[i] += faq_phrases.raised(query, self.whole[i], self.part[i], only)
        ceiling = ceiling or 1.0
        allowed = self._allowed(provider)
        ranked = sorted(allowed, key=scores.__getitem__, reverse=True)[: max(limit, 2)]  # stable: ties keep the entries' order
        top, second = scores[ranked[0]], scores[ranked[1]] if len(ranked) > 1 else 0.0
        margin = (top - second) / top if top else 0.0
        hits = []
        for rank, i in enumerate(ranked[:limit]):
            coverage = scores[i] / ceiling
            sharpness = 0.5 + margin if rank == 0 else 0.5
            confidence = round(min(1.0, coverage * sharpness * 2), 3)
            if rank >= 3 and confidence < floor:
                break
            hits.append(Hit(self.entries[i], confidence, scores[i]))
        return hits


@cache
def faq_entries() -> list[FaqEntry]:
    return load_entries(catalog_path("faq.yaml"), "faqs", FaqEntry)


@cache
def faq_index() -> FaqIndex:
    return FaqIndex(faq_entries())


@cache
def domain_terms() -> tuple[str, ...]:
    """Words that show a message is about GPUs, training or renting (faq.yaml + entry keywords)."""
    raw = yamlcache.load(catalog_path("faq.yaml"))
    terms = {t.lower() for lang in ("zh", "en") for t in raw.get("domain_terms", {}).get(lang, [])}
    terms.update(k.lower() for e in faq_entries() for k in [*e.keywords.zh, *e.keywords.en])
    return tuple(sorted(terms, key=len, reverse=True))


@cache
def _domain_terms_by_char() -> tuple[frozenset[str], dict[str, tuple[str, ...]]]:
    """Every domain term filed under its first two characters (and those keys): a message is tested only against the terms
    starting with one of its pairs. Why: one alternation of ~1,600 terms at every position cost ~50 µs a call."""
    by_char: dict[str, list[str]] = {}
    for term in domain_terms():
        if term:
            by_char.setdefault(term[:2], []).append(term)
    return frozenset(by_char), {ch: tuple(terms) for ch, terms in by_char.items()}


@one_message.per_message  # asked up to five times of one message by lookup and the core
def on_topic(text: str) -> bool:
    """Whether a domain term (domain_terms) occurs in the folded message (only terms whose first two characters do)."""
    folded = _plain(text)
    keys, by_char = _domain_terms_by_char()
    return any(term in folded for ch in faq_terms.starts_among(keys, folded) for term in by_char[ch])


def unnamed(text: str) -> str:
    """`text` without the provider it names: "一万网络" says where the question is asked, not what about, so an entry
    listing the name among its keywords ("一万网络的价格") gains nothing from it."""
    found = find_provider(norm := normalize(text))
    if found is None:
        return text
    return f"{norm[:found.start]} {POSSESSIVE_TAIL.sub('', norm[found.end:])}"  # "yiwan's": the "'s" goes with the name


def _card_part_named(index: FaqIndex, text: str, hits: list[Hit], provider: str | None) -> Hit | None:
    """A runner-up with its own answer for the card the question names, whose own term the question names too
    and that scores near the best ("gpuli 上 MI300X 多卡是 nvlink 互联吗": NVLink of that card, not the
    card's entry on 72B): the card's name weighs in both, the topic's term only in this one."""
    if len(hits) < 2 or not any(h.entry.by_card for h in hits[1:]):
        return None
    norm = normalize(text)
    found = find_gpus(norm)
    cards = {m.ident for m in found}
    near = [h for h in hits[1:] if h.score >= KEYWORD_SHARE * hits[0].score
            and any(cards & set(part.cards) for part in h.entry.by_card)]
    if not near:
        return None
    rest = norm
    for m in sorted(found, key=lambda m: -m.start):  # the card's name out: what is asked of it is left
        rest = f"{rest[:m.start]} {rest[m.end:]}"
    if _own_term_named(index, rest, hits[:1], provider):
        return None
    return next((h for h in near if _own_term_named(index, rest, [h], provider)), None)


def _providers_own(index: FaqIndex, text: str, hits: list[Hit], provider: str | None) -> Hit | None:
    """The question names a provider and a runner-up is that provider's own entry, near a general best, whose own
    term the question names ("cloudgpu 有 8卡 h100 吗": cloudgpu's multi-card entry, not A100-vs-H100): what the
    user asks of a provider is answered by that provider's rule, the card's name weighing in the general one."""
    if provider is None or len(hits) < 2 or index.about[hits[0].entry.id] is not None \
            or provider in hits[0].entry.by_provider:  # the best answers per provider, this one too ("pay with usdt at gpuli")
        return None
    near = [h for h in hits[1:] if index.about[h.entry.id] == provider and h.score >= PROVIDER_SHARE * hits[0].score
            and h.score >= KEYWORD_CONFIDENT]
    named = {h.entry.id for h in index.keyworded(unnamed(text), KEYWORD_CONFIDENT, near, provider, concepts=True)}
    return next((h for h in near if h.entry.id in named), None)


def _named_over_unnamed(index: FaqIndex, text: str, hits: list[Hit], provider: str | None) -> Hit | None:
    """A runner-up near the best whose own keyword phrase the question types, when the best's own terms go
    unnamed ("能加 IB 吗": InfiniBand's "加 IB", not Yiwan's CPU and RAM add-ons, met on 能加 alone): the
    term the user typed names the topic, the asking words around it do not."""
    if len(hits) < 2 or index.keyworded(unnamed(text), 0.0, hits[:1], provider, concepts=True):
        return None
    near = [h for h in hits[1:] if h.score >= PROVIDER_SHARE * hits[0].score and h.score >= KEYWORD_CONFIDENT]
    rest = unnamed(text)  # a card says which hardware, not what is asked: "1 A100 80G on cloudgpu" types no "80G" topic
    for card in reversed(find_gpus(rest)):
        rest = f"{rest[:card.start]} {rest[card.end:]}"
    named = {h.entry.id for h in index.keyworded(rest, KEYWORD_CONFIDENT, near, provider)}
    return next((h for h in near if h.entry.id in named), None)


def _own_term_named(index: FaqIndex, text: str, hits: list[Hit], provider: str | None) -> bool:
    return bool(index.keyworded(unnamed(text), 0.0, hits, provider))


MODEL_SIZE = re.compile(r"\d+(?:\.\d+)?\s*[bB]")  # an entry keyword that is a model size ("32B")


def _on_own_term(index: FaqIndex, text: str, searched: list[Hit], provider: str | None) -> bool:
    """The best entry is about no method, answers confidently and the question names its own term ("ZeRO-3 vs
    ZeRO-2 选哪个 for 32b full", "7b 全参 8 卡 DDP 能省显存吗"): the question is about that term, and the
    methods it names are the job's, not its topic; unless an entry about the method asked, near the top, has a
    term of its own besides the method's name named too ("QLoRA 效果差好多": 效果 is QLoRA's quality, not bad data);
    a model size is the job's, no term ("my 32b qlora run … balance runs out" asks the balance rule)."""
    if not searched or searched[0].score < CONFIDENT or entry_methods(searched[0].entry.id):
        return False
    asked, folded = methods_named(normalize(text)), _plain(text)
    if any(compares_asked(h, asked) and h.score >= METHOD_FLOOR for h in searched[1:3]):
        return False  # "全参和lora 先上哪个": two methods named together are what is weighed, not the job's
    if any(method_fit(h, asked) > 0 and h.score >= METHOD_FLOOR and any(p.search(folded) for p in _own_terms(h.entry))
            for h in searched[1:3]):
        return False
    return bool(index.keyworded(unnamed(text), CONFIDENT, searched[:1], provider))


@per_object(maxsize=1024)  # an entry's keywords are the catalog's: their patterns are made once, not per message
def _own_terms(entry: FaqEntry) -> tuple[re.Pattern[str], ...]:
    """The patterns of an entry's own terms: its keywords that name no method and are no model size."""
    return tuple(p for kw in [*entry.keywords.zh, *entry.keywords.en]
                 if not methods_named(normalize(kw)) and not MODEL_SIZE.fullmatch(kw.strip()) and (p := phrase_pattern(kw)))


@one_message.per_message  # the core and the clause readers look the same text up again: once a message
def lookup(text: str, provider: str | None = FIND) -> tuple[Hit | None, list[Hit]]:
    """(the confident hit or None, the closest entries) for a user's question. A question asking what
    a term means ("QLoRA 是什么", "lora 和 qlora 有什么区别") is answered by its definition
    (bot/understand/glossary.py): it shares little with any entry but its asking words ("QLoRA 是什么"
    met "₮ 是什么货币" on 是什)."""
    from bot.understand import faq_link, faq_memory_gap, glossary  # imported here, not in a cycle
    from bot.understand.faq_charge import billing_model_entry, charge_entry
    term = glossary.asked(text)
    if term is not None:
        return term, [term]
    hit, hits = _lookup(text, provider)
    # "然后咋算钱" about the conversation's provider; "怎么收费" of none: its billing word is the domain's word
    billing = billing_model_entry(text, provider_of(text), said=provider_of(text) is not None) if provider == FIND \
        else billing_model_entry(text, provider, said=False)
    lever = billing or glossary.lever_named(text, hit, hits) or charge_entry(text, hit, hits) or faq_link.link_entry(text, hit, hits) or faq_memory_gap.memory_gap_entry(text, hit, hits)
    if lever is not None and (on_topic(text) or lever is billing):
        hit, hits = lever, [lever, *[h for h in hits if h.entry.id != lever.entry.id]]
    term = glossary.compared(text, hit)
    return (term, [term, *hits]) if term is not None else (hit, hits)


def _searched(index: FaqIndex, text: str, provider: str | None) -> list[Hit]:
    """Every entry ranked for `text`. The provider's name only says where the question is asked: when the best
    entry wins on that name alone (none of its own terms is in the rest) and the rest, read without the name,
    confidently names another entry's own term, that ranking stands ("一万网络 客服几点有人" is its support,
    "一万网络 h100 能上 IB 吗" its InfiniBand, neither a question about its prices, whose entry lists the name)."""
    searched = index.search(text, limit=len(index.entries), provider=provider, floor=KEYWORD_CONFIDENT)
    if provider is None or not searched:
        return searched
    rest = unnamed(text)
    if rest == text or index.keyworded(rest, 0.0, searched[:1], provider, concepts=True):
        return searched
    bare = index.search(rest, limit=len(index.entries), provider=provider, floor=KEYWORD_CONFIDENT)
    return bare if bare and index.keyworded(rest, CONFIDENT, bare[:1], provider, concepts=True) else searched


def _stages_compared(ranked: list[Hit], stages: tuple[int, ...]) -> list[Hit]:
    """ZeRO stages set against each other ("zero2 和 zero3 差在哪", "zero-2 vs zero-3"): among the top three, the entry
    whose question names every stage asked leads one that only shares the comparing words (差在哪: PCIe against SXM)."""
    if not stages:
        return ranked
    best = next((h for h in ranked[:3] if set(stages) <= set(zero_stages(normalize(f"{h.entry.question.zh} {h.entry.question.en}")))), None)
    return ranked if best is None or best is ranked[0] else [best, *[h for h in ranked if h is not best]]


def _lookup(text: str, provider: str | None) -> tuple[Hit | None, list[Hit]]:
    """The FAQ's own rule: the best entry at CONFIDENT; below that, an entry whose own keyword the
    question names, from KEYWORD_CONFIDENT and within KEYWORD_SHARE of the best; and only on a
    message about GPUs at all."""
    from bot.understand.faq_rule import providers_rule, settled  # it ranks Hits: imported here, not in a cycle
    index = faq_index()
    # searched once: the top three, and the keyword check
    provider = provider_of(text) if provider == FIND else provider
    searched = _searched(index, text, provider)
    asked = methods_named(normalize(text))
    ranked = by_method(searched, asked, job=_on_own_term(index, text, searched, provider), text=text)
    if ranked[:1] != searched[:1] and len(entry_methods(ranked[0].entry.id)) > 1 and asks_which_card(normalize(text)):
        ranked = searched  # "先用啥卡把 lora 跑通 再决定上不上全参": a card asked, not the methods compared
    ranked = _stages_compared(ranked, zero_stages(normalize(text)))
    hits = ranked[:3]
    from bot.understand.faq_topics import card_subject  # it reads Hits: imported here, not in a cycle
    carded = _card_part_named(index, text, hits, provider) or card_subject(text, hits)  # "4090 多卡训练靠谱吗"
    if carded is not None and on_topic(text):
        return carded, [carded, *[h for h in hits if h is not carded]]
    own = _providers_own(index, text, hits, provider) or providers_rule(index, text, hits, provider) or settled(text, hits, provider)
    if own is not None and on_topic(text):
        return own, [own, *[h for h in hits if h is not own]]
    termed = None if asked else _named_over_unnamed(index, text, hits, provider)  # methods: by_method ranked them
    if termed is not None and on_topic(text):
        return termed, [termed, *[h for h in hits if h is not termed]]
    if hits and hits[0].score >= CONFIDENT and on_topic(text):
        return hits[0], hits
    if hits and ((alone := hits[:1] == searched[:1] and methods.method_alone(text, hits[0], asked)) or hits[0].score >= METHOD_FLOOR) and on_topic(text) and (
            compares_asked(hits[0], asked) or ((alone or hits[0] is not searched[0]) and hits[0].entry.id in {
                h.entry.id for h in index.keyworded(unnamed(text), 0.0 if alone else METHOD_FLOOR, hits[:1], provider, concepts=True)})):
        # "qlora 训出来质量会比 lora 差很多吗": the entry about the very method asked, whose own term (质量 ~
        # 效果) the question names too, or that compares the very methods compared ("qlora 和 lora 差多少"):
        # two signals the chat's other words dilute, so a lower floor (none for one first on the words too, `alone`)
        return hits[0], hits
    if hits and on_topic(text):
        # below the usual confidence, an entry whose own keyword the question names ("流量费", "存储卷",
        # "续费") and that scores near the best is the answer: the user typed that entry's term
        named = index.keyworded(unnamed(text), KEYWORD_CONFIDENT, ranked, provider, concepts=True)
        if named and named[0].score >= KEYWORD_SHARE * hits[0].score:
            best = named[0]
            return best, [best, *[h for h in hits if h.entry.id != best.entry.id]]
    return None, hits
