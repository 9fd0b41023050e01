"""An FAQ question naming a provider is answered by that provider's rule: the best entry may give other
providers' rules only (checkpoints surviving a hardware fault, at gpuli and Yiwan), where a question asked of
cloudgpu ("will I lose my checkpoints at cloudgpu") is answered by cloudgpu's own entry on the same topic (its disk
goes with the instance)."""

from __future__ import annotations

from bot.understand.faq import FaqIndex, Hit

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
