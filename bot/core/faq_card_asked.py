"""A card or a card count said alone after a FAQ answer on training practice asks that answer of it: "fp16 老 nan"
(bf16, which A100 and H100 support natively) then "a100 支持吗" / "does the h100 support it?" is whether that card
supports the practice just recommended, not the A100-or-H100 entry the card's name alone meets; "微调要开张量并行
吗" (no: DDP plus ZeRO-2 on one 8-card machine) then "8卡呢" / "and with 8 gpus?" is that answer for eight cards, not
a sizing that asks which model.

The subject is the entry just answered, when its answer itself speaks of that card (or that many cards): it answers
again, led by its clause on the card or the count. Only with no job beneath the FAQ answer: there a card or a count
changes the job ("32b 全参" then "bf16 还是 fp16" then "8卡呢" sizes the job on eight cards)."""

from __future__ import annotations

import re
from collections.abc import Callable

from bot.core.detail_follow import entry_led
from bot.messages import Reply, Turn
from bot.understand.classify import asks_billing
from bot.understand.entities import find_gpus
from bot.understand.faq import FaqEntry, Hit, faq_index
from bot.understand.normalize import normalize
from bot.understand.parser import Parsed

SAID_ALONE = 28  # characters: "a100 支持吗", "does the h100 support it?", "那 8 卡呢", "and with 8 gpus?"
JOB_KINDS = ("size", "cost", "price", "checkpoint", "export")
SENTENCE = re.compile(r"(?<=[。！？；;])|(?<=[.!?])\s+")
COUNT_WORDS = {2: ("two", "两", "二", "双"), 4: ("four", "四"), 8: ("eight", "八")}


def asked_of_faq(parsed: Parsed, turn: Turn | None, last: Turn | None, asked: str | None, lang: str,
                 answer: Callable[[Parsed], Reply]) -> Reply | None:
    """The FAQ answer just given, asked again of the card or the count the message says alone and led by its clause
    on it; None when the message says more, a job sits beneath the FAQ answer, or that answer never speaks of it."""
    if turn is None or asked is None or turn.kind != "faq" or parsed.cues.chars > SAID_ALONE:
        return None
    if last is not None and last.kind in JOB_KINDS:
        return None  # "8卡呢" changes the job beneath the FAQ detour
    q = parsed.request
    if q.model or q.params_b or q.method or q.seq_len or q.zero is not None or q.offload or q.optimizer \
            or parsed.rental.duration_days or parsed.rental.duration_hours or parsed.asks.budget is not None \
            or parsed.cues.providers or parsed.cues.how_much:
        return None
    entry = next((e for e in faq_index().entries if e.id == turn.data.get("entry")), None)
    if entry is None:
        return None
    if q.gpu and parsed.cues.yes_no and not asks_billing(asked):  # "能按分钟租吗" then "the 4090 there?": its price (router)
        lead = _clause(entry, lang, lambda s: any(g.ident == q.gpu for g in find_gpus(normalize(s))))
    elif not q.gpu and (count := q.num_gpus or parsed.cues.lone_count) and count > 1:
        # the answer's conclusion on that many cards: its last sentence about them, one setting them against another
        # count ("8 卡只剩 2 卡") only when no other speaks of them
        lead = _clause(entry, lang, lambda s: _counts(s, count) and not _other_count(s, count), last=True) \
            or _clause(entry, lang, lambda s: _counts(s, count), last=True)
    else:
        return None
    if lead is None:
        return None
    hit = Hit(entry, 1.0, 1.0)
    provider = turn.data.get("provider") or None
    reply = entry_led(parsed, hit, lead, provider, answer)
    if reply is not None:
        reply.reading = parsed
        reply.turn = Turn("faq", {"text": asked, "provider": provider, "entry": entry.id, "prev": turn.data.get("prev")})
    return reply


def _clause(entry: FaqEntry, lang: str, speaks_of: Callable[[str], bool], last: bool = False) -> str | None:
    """The first (or `last`) sentence of the entry's answer (in the reply's language) that speaks of it."""
    text = entry.answer.zh if lang == "zh" else entry.answer.en
    found = [s.strip() for s in SENTENCE.split(text) if s.strip() and speaks_of(s)]
    return (found[-1] if last else found[0]) if found else None


def _counts(sentence: str, count: int) -> bool:
    """Whether the sentence speaks of `count` cards: "8 卡", "8-card", "8 GPUs", "eight cards", "八卡"."""
    low = sentence.lower()
    if re.search(rf"(?<![\d.]){count}\s*(?:-\s*)?(?:卡|张|块|x\b|×|cards?\b|gpus?\b)", low):
        return True
    return any(re.search(rf"(?<![a-z]){w}\s*(?:-\s*)?(?:卡|张|块|cards?\b|gpus?\b)", low) for w in COUNT_WORDS.get(count, ()))


def _other_count(sentence: str, count: int) -> bool:
    """Whether the sentence also speaks of a card count other than `count`."""
    return any(_counts(sentence, n) for n in range(1, 17) if n != count)


def next_on_the_topic(parsed: Parsed, turn: Turn | None, asked: str | None,
                      answer: Callable[[Parsed], Reply]) -> Reply | None:
    """A short question naming nothing of its own after a FAQ answer, which on its own clearly meets another entry on
    the same topic ("lora 和全参效果差多少" then "那先咋做": start small, one RTX 4090 for a week at gpuli, ₮109): that
    entry. It has no word of the domain, so alone it is no confident FAQ question; the topic just answered is its
    context. None when the message names anything, its best entry is the one just answered, or shares no topic."""
    q = parsed.request
    if turn is None or asked is None or turn.kind != "faq" or parsed.cues.chars > SAID_ALONE or parsed.faq_confident:
        return None
    if q.model or q.params_b or q.method or q.gpu or q.num_gpus or parsed.cues.providers or parsed.cues.figures \
            or parsed.intent not in ("unknown", "faq"):
        return None
    r, a = parsed.rental, parsed.asks
    if r.duration_days or r.duration_hours or r.term or parsed.cues.how_much or a.cost or a.total:
        return None  # "t4 行吗" then "那一个月多少": an amount of what was named, never another entry (bot.core.faq_context)
    index = faq_index()
    before = next((e for e in index.entries if e.id == turn.data.get("entry")), None)
    ranked = index.search(parsed.words, limit=2)
    if before is None or not ranked or ranked[0].score < CLEAR or ranked[0].entry.id == before.id \
            or (len(ranked) > 1 and ranked[1].score > RUNNER_UP) or not set(ranked[0].entry.topics) & set(before.topics):
        return None
    provider = turn.data.get("provider") or None
    reply = entry_led(parsed, ranked[0], None, provider, answer)
    if reply is not None:
        reply.reading = parsed
        reply.turn = Turn("faq", {"text": f"{asked} {parsed.words}", "provider": provider, "entry": ranked[0].entry.id,
                                  "prev": turn.data.get("prev")})
    return reply


CLEAR = 0.9  # the message's own best entry, clearly ahead of the rest (its confidence weighs the runner-up's lead)
RUNNER_UP = 0.7  # ... and the next one this far behind: "今天吃啥" meets two rental entries alike (1.0, 0.8), so neither
