"""Whether a FAQ entry is about a card: the card is named in its question or its keywords ("MI300X 有啥坑" and the
MI300X entry). A follow-up naming that card alone ("那 MI300X 有啥坑？") asks the entry, not a sizing of the job on it."""

from __future__ import annotations

from functools import lru_cache

from bot.understand.entities import find_gpus
from bot.understand.faq import Hit
from bot.understand.faq_clauses import faq_answers
from bot.understand.normalize import normalize


@lru_cache(maxsize=512)
def _cards_of(entry_id: str, words: str) -> frozenset[str]:
    return frozenset(m.ident for m in find_gpus(normalize(words)))


def entry_names_card(hit: Hit, gpu: str | list[str] | None, norm: str) -> bool:
    """Whether the entry of `hit` names the card `gpu` (an ident, or a card's form variants) in its question or keywords,
    and the words of `norm` (the normalized message) beside the card still ask that entry ("有啥坑"; "那 h100 呢" asks
    nothing beside its card: a change of the job before)."""
    if not gpu:
        return False
    rest = norm
    for m in reversed(find_gpus(norm)):
        rest = rest[:m.start] + " " + rest[m.end:]
    answers, _ = faq_answers(rest, None)
    if not answers or answers[0].entry.id != hit.entry.id:
        return False
    e = hit.entry
    words = " ".join([e.question.zh, e.question.en, *e.keywords.zh, *e.keywords.en])
    wanted = {gpu} if isinstance(gpu, str) else set(gpu)
    return bool(wanted & _cards_of(e.id, words))
