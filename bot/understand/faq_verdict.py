"""The yes or no an FAQ entry settles for a yes/no question (catalogs/faq.yaml `verdicts`), in the polarity of
the question asked: "can I pay with Alipay at cloudgpu" asks whether a thing is taken (yes), "do I need a US bank
card for cloudgpu" whether it is required (no: cloudgpu asks for none), though both name a thing of the same
entry. A question asking whether one can do without it ("没有美国银行卡能付吗", "can I pay without a phone
number") asks what is allowed: yes."""

from __future__ import annotations

import re

from bot.understand import faq_terms, length_over, spoken_english
from bot.understand.faq import A_NOT_A, CONTRACTED_IS, POSSESSIVE, FaqEntry, Verdict, _fold, _plain, faq_entries
from bot.understand.lazy import lazy

NEED = lazy(r"需要|要不要|必须|一定要|非得|得(?:有|用|绑|填)|要求|要(?:有|提供|绑定?|填|验证|实名)"
            r"|\b(?:need(?:s|ed)?|requir(?:e|es|ed|ement)|have\s+to|has\s+to|must|mandatory|asks?\s+for)\b")
WITHOUT = lazy(r"(?<!有)没有|没(?!有)|不用|无需|不需要|(?<!要)不要|免|\bwithout\b|\bno\b|don'?t\s+(?:have|need)|do\s+not\s+(?:have|need)"
               r"|doesn'?t\s+need|no\s+need")


# what the asker says they hold ("我们只有一张 visa", "we only have a corporate Visa"): the thing after it is what
# they can pay or work with, so the question is whether that is taken, not whether the other thing is required
HAVE = lazy(r"只有|只剩|仅有|就只?有|手上有|手里有|\b(?:only|just)\s+(?:have|got|has)\b|\ball\s+(?:we|i)\s+(?:have|got)\b")


# what may stand between 要 and the thing asked of, naming which one or how many ("要国内手机号吗", "要一张美国卡吗")
OF_WHAT = r"(?:一[个张]|[个张]|国内的?|国外的?|大陆的?|中国的?|海外的?|境外的?|本地的?)?"


def asks_need(folded: str, terms: list[str]) -> bool:
    """Whether the question asks if a thing is required ("需要手机号吗", "要美国银行卡吗", "does it require a
    phone number"), not whether it is taken or can be done without."""
    if WITHOUT.search(folded):
        return False
    joined = folded.replace(" ", "")
    return bool(NEED.search(folded)) or any(re.search(f"要{OF_WHAT}{re.escape(t)}", joined) for t in terms)


FREE = lazy(r"免费|不收(?:费|钱)|不要钱|不花钱|不扣(?:费|钱)|不计费|\bfree\b|\bno\s+charge\b|\bat\s+no\s+cost\b|\bnot\s+(?:billed|charged)\b")


def _said(term: str, folded: str) -> bool:
    """Whether the folded question names `term`: a phrase as written, or a term of parts ("开机|启动+收|费|钱")
    whose every part (one of its "|" words) the question names wherever it puts it: "实例启动的时候扣费吗",
    "is the time it takes to boot up charged" ask whether the boot is billed as "开机收费吗" does. In a term of
    parts, a word that is a form of a concept (catalogs/faq_terms.yaml) is named by any form of it, in either
    language: "cloudgpu booting 的时候计费吗" names the boot in English and the billing in Chinese."""
    if "+" not in term:
        return _form(term) in folded
    concepts = {c for c, _ in faq_terms.mentions(folded)}
    return all(any(_form(word) in folded or _concept_of(word) in concepts for word in part.split("|"))
               for part in term.split("+"))


# what the catalog's verdict terms fold to, worked out once per reading of the FAQ catalog: a question of an entry
# with verdicts tried every term of each (some 375 folds, ~3 ms a message) though the terms never change
_folded: list[tuple[object, object, dict[str, str], dict[str, str | None]]] = []


def _catalog_forms() -> tuple[dict[str, str], dict[str, str | None]]:
    entries, concepts = faq_entries(), faq_terms._concepts()
    if not _folded or _folded[0][0] is not entries or _folded[0][1] is not concepts:  # a catalog read anew: folded anew
        _folded[:] = [(entries, concepts, {}, {})]
    return _folded[0][2], _folded[0][3]


def _form(term: str) -> str:
    """A catalog term folded as the question is, its spaces single."""
    forms = _catalog_forms()[0]
    form = forms.get(term)
    if form is None:
        form = forms[term] = " ".join(_fold(term).split())
    return form


def _concept_of(word: str) -> str | None:
    """The concept `word` is a form of, whole ("开机": ~boot), None for a word that is no form of one."""
    concepts = _catalog_forms()[1]
    if word not in concepts:
        folded = faq_terms.fold(word)
        found = faq_terms.mentions(folded)
        concepts[word] = found[0][0] if len(found) == 1 and found[0][1] == folded else None
    return concepts[word]


def _unfilled(text: str) -> str:
    """`text` folded as the FAQ reader folds it, its chat filler kept: "还在吗" asks whether a thing is still there,
    where the reader drops 在吗 as a greeting ("在吗 cloudgpu 怎么付款")."""
    folded = spoken_english.spoken(_plain(text))
    return " ".join(POSSESSIVE.sub("", CONTRACTED_IS.sub(r"\1 is", A_NOT_A.sub(r"\1", folded))).split())


def verdict_for(entry: FaqEntry, text: str, provider: str | None) -> Verdict | None:
    """The verdict of `entry` that a yes/no question `text` asks: the one whose terms it names (at the
    provider named, when one is), of the question's polarity (whether the thing is required, or taken),
    and only when all the verdicts it names agree (a yes for one thing and a no for another asked together
    is no single verdict). A method no seed lists ("支持微信吗") has a "no, not listed" per provider and one
    for all; with no provider named, a yes at one of them leads. None when it names none of them."""
    folded = _unfilled(text)
    named_terms = {t for v in entry.verdicts for t in (*v.terms.zh, *v.terms.en) if _said(t, folded)}  # each term tried once
    said = [t for v in entry.verdicts for t in (*v.terms.zh, *v.terms.en) if "+" not in t and t in named_terms]
    need = asks_need(folded, [_form(t).replace(" ", "") for t in said])
    if need and (have := HAVE.search(folded)) is not None and any(
            _said(t, folded[have.end():]) for v in entry.verdicts if not v.needed for t in (*v.terms.zh, *v.terms.en)):
        # "need a US card? we only have a Visa from India": what they hold is asked of, whether it is taken
        need = False
    # "is booting free" asks the opposite of "is booting billed": where the entry answers both, the one asked
    free = bool(FREE.search(folded)) if any(v.free for v in entry.verdicts) else None
    over = length_over.limit_over_data(text) if any(v.over_data for v in entry.verdicts) else False
    named = [v for v in entry.verdicts if v.needed == need and (over or not v.over_data) and (provider is None or v.provider in (None, provider))
             and (free is None or v.free == free) and any(term in named_terms for term in (*v.terms.zh, *v.terms.en))]
    if provider is not None:  # the provider asked about answers, not every provider's "no" at once
        named = [v for v in named if v.provider == provider] or named
    elif any(v.provider is None for v in named):
        named = [v for v in named if v.provider is None]
    else:  # "能用支付宝吗", no provider named: a yes at one of them answers "can I" (it says where)
        named = [v for v in named if v.affirms] or named
    return named[0] if named and len({v.affirms for v in named}) == 1 else None


def settled_by_parts(entry: FaqEntry, text: str, provider: str | None) -> bool:
    """Whether `entry` settles the yes/no `text` asks by a verdict whose term of parts the question names whole
    ("下单|租+余额不够": the order and the short balance, two facts), not by one word it shares with others."""
    v = verdict_for(entry, text, provider)
    folded = _unfilled(text)
    return v is not None and any("+" in t and _said(t, folded) for t in (*v.terms.zh, *v.terms.en))
