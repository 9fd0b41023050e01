"""A FAQ answer that covers several providers, led by the one the question names.

Why: "gpuli 能 hourly 租吗" asks about gpuli; the entry's answer compares gpuli, cloudgpu and
一万网络, and a reader on a phone should meet gpuli's part first ("no hourly rentals, only weeks
and months"), with the others after it for comparison. The catalog's answers are written provider
by provider, so the parts are found, not listed twice: each sentence belongs to the provider it
names first, and a sentence naming none continues the part before it (one before any provider's
part is the answer's opening). Nothing is dropped and nothing is reworded; only the order changes.

An entry whose answer differs card by card ("which GPUs have NVLink") also gives each card's own
answer (`by_card`): "does the H200 at gpuli have NVLink" is answered yes for the H200 at gpuli, not
with the whole list, where other cards' "no NVLink" reads like the answer to the card asked.
"""

from __future__ import annotations

import re

from bot.understand.entities import find_provider
from bot.understand.faq import CardPart
from bot.understand.normalize import normalize

# a sentence ends at a Chinese full stop (or ! ?), or at an English one before the next word ("gpuli"
# starts a sentence in lower case), never inside "e.g." or "i.e."
SENTENCE_END = re.compile(r"(?<=[。！？])|(?<=[.!?])(?<!e\.g\.)(?<!i\.e\.)\s+(?=[A-Za-z(])")


def lead_with(answer: str, provider: str | None, covers: list[str], lang: str) -> str:
    """`answer` with `provider`'s part first, when the answer is written provider by provider
    (`covers`: the entry's `by_provider` list) and covers it and at least one other."""
    if provider is None or provider not in covers or len(covers) < 2:
        return answer
    opening: list[str] = []
    parts: dict[str, list[str]] = {}
    owner: str | None = None
    for sentence in (s for s in SENTENCE_END.split(answer) if s and s.strip()):
        found = find_provider(normalize(sentence))
        if found is not None and not found.fuzzy:
            owner = found.ident
        (parts.setdefault(owner, []) if owner is not None else opening).append(sentence.strip())
    if provider not in parts or len(parts) < 2 or (next(iter(parts)) == provider and not opening):
        return answer
    ordered = [*parts[provider], *opening, *(s for p, ss in parts.items() if p != provider for s in ss)]
    return ("" if lang == "zh" else " ").join(ordered)


def card_answer(parts: list[CardPart], card: str | None, provider: str | None, lang: str) -> str | None:
    """The answer for `card` alone (at `provider`, when one is named and has a part for it; at every
    provider that has one otherwise), or None when the entry has no part for it."""
    if card is None:
        return None
    mine = [p for p in parts if card in p.cards]
    if provider is not None and any(p.provider == provider for p in mine):
        mine = [p for p in mine if p.provider == provider]
    if not mine:
        return None
    return _one_verdict([p.zh if lang == "zh" else p.en for p in mine], "" if lang == "zh" else " ")


# a card part's opening verdict: "有。", "没有。", "Yes. ", "Yes, in pairs. "
VERDICT = re.compile(r"^[^。.!！？?]{1,16}?[。.!！](?:\s+|(?=\S))")


def _one_verdict(texts: list[str], sep: str) -> str:
    """The parts of several providers joined, the verdict they share said once: "有。在 gpuli …。有。一万网络 …"
    reads as a stutter; "有。在 gpuli …。一万网络 …" answers once and then names each provider's part."""
    m = VERDICT.match(texts[0])
    first = m.group(0).strip() if m else None
    out = [texts[0]]
    for text in texts[1:]:
        v = VERDICT.match(text)
        out.append(text[v.end():] if v and first and v.group(0).strip() == first else text)
    return sep.join(out)


# a card's answer opening on whether it has the thing ("有。", "没有。"), for a question asked with 是 ("是 NVLink 全互联吗"):
# Chinese answers a yes or no with the question's own verb, so 是 or 不是 comes first
_HAS = re.compile(r"(^|：)(没有|有)。")


def echo_copula(answer: str) -> str:
    """`answer` opened with 是的 or 不是 before the card's own 有 or 没有."""
    return _HAS.sub(lambda m: f"{m[1]}{'不是，没有' if m[2] == '没有' else '是的，有'}。", answer, count=1)
