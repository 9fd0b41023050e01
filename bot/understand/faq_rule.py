"""An FAQ question naming a provider is answered by that provider's rule: the best entry may give other
providers' rules only (checkpoints surviving a hardware fault, at gpuli and Yiwan), where a question asked of
cloudgpu ("will I lose my checkpoints at cloudgpu") is answered by cloudgpu's own entry on the same topic (its disk
goes with the instance).

Beside it, the yes/no an entry settles: a question no entry answers confidently is answered, among the close
entries, by the one whose verdict (catalogs/faq.yaml `verdicts`) settles the very yes/no it asks ("gpuli 余额不够还能下单周租吗":
the balance rule's "no, the cycle is paid in full at the order", not the week-or-month advice that shares its words);
the verdict's term of parts, named whole, is two facts of the question, as a keyword is one."""

from __future__ import annotations

from bot.understand.clause_marks import ASKING
from bot.understand.faq import CONFIDENT, FaqIndex, Hit
from bot.understand.faq_methods import KEYWORD_SHARE, METHOD_FLOOR
from bot.understand.faq_verdict import settled_by_parts

RULE_RANKS = 8  # the named provider's own entry on the best one's topic is looked for among the first eight
RULE_FLOOR = 0.1  # ... from this confidence: the provider and the topic are two facts of the question beside its words


def providers_rule(index: FaqIndex, text: str, hits: list[Hit], provider: str | None) -> Hit | None:
    """The nearest entry whose main topic is the best entry's and that gives `provider`'s rule, when the best
    entry lists providers and leaves that one out; None otherwise."""
    if provider is None or not hits or not hits[0].entry.providers or provider in hits[0].entry.providers:
        return None
    topic = hits[0].entry.topics[0]
    searched = index.search(text, limit=RULE_RANKS, provider=provider)
    return next((h for h in searched[1:] if provider in h.entry.providers and h.entry.topics[0] == topic
                 and h.score >= RULE_FLOOR), None)


def settled(text: str, hits: list[Hit], provider: str | None) -> Hit | None:
    """Below confidence, the one entry among the close ones (the best, and the next two from METHOD_FLOOR within
    KEYWORD_SHARE of it) that settles the yes/no `text` asks with a verdict of parts; None when the best is confident, or
    when none or two of them settle it."""
    if not hits or hits[0].score >= CONFIDENT or hits[0].score < RULE_FLOOR or sum(1 for _ in ASKING.finditer(text)) > 1:
        return None  # two things asked ("剩下4天干啥 能退吗"): the entry answering the whole message stands
    close = [hits[0], *(h for h in hits[1:3] if h.score >= METHOD_FLOOR and h.score >= KEYWORD_SHARE * hits[0].score)]
    settling = [h for h in close if h.entry.verdicts and settled_by_parts(h.entry, text, provider)]
    return settling[0] if len(settling) == 1 else None
