"""A card said alone after a FAQ answer about a card's feature asks the same feature of that card: "多卡能 nvlink
吗" (the 4090s' part) then "那 a6000 呢" is the A6000's NVLink, not an entry that merely names the A6000;
"一万网络 a100 40g 带宽多少" then "8卡 a100 80g 那台呢" is that machine's bandwidth, in the answer just given.
The subject is the entry answered, or an entry sharing its topics that has a part for the card."""

from __future__ import annotations

import re
from dataclasses import replace

from bot.core.faq_context import FAQ_FOLLOW_UP, reprices_beneath
from bot.messages import Reply, Turn
from bot.understand.classify import asks_billing
from bot.understand.entities import find_gpus
from bot.understand.faq import FaqEntry as Entry
from bot.understand.faq import Hit, faq_index
from bot.understand.lazy import lazy
from bot.understand.normalize import normalize
from bot.understand.parser import Parsed

# what a card said alone may carry beside the card: its count, a pointer to it, a follow-up's frame
CARD_FRAME = lazy(
    r"\d+\s*(?:x|×|卡|张|台|块|个)?|[x×]\s*\d+|那套|这套|那台|这台|那张|这张|那个|这个|那款|那种|那|呢|的|吗|嗯|哦|好|换成?|用|"
    r"\b(?:and|the|a|an|what|how|about|with|for|then|ok|okay|one|box|machine|node|rig|setup|server|gpus?|cards?|s)\b|[?？,，.。!！\s]",
    re.IGNORECASE)
MACHINE = lazy(r"\d+\s*(?:x|×|卡|张|台)|[x×]\s*\d+|那台|这台|那套|这套|\b(?:box|machine|node|server|rig|one|setup)\b",
               re.IGNORECASE)
SAID_ALONE = 24  # characters: "8卡 a100 80g 那台呢", "and the 8x h100 box?"
# a question setting two things side by side ("pcie 和 sxm 差在哪", "lora vs full ft", "a800 or a100"), and one
# asking which of them ("zero3 用哪个", "which one for zero-3?")
SIDE_BY_SIDE = lazy(r"\S\s*(?:和|跟|与|还是|对比|vs\.?|versus|or)\s*\S", re.IGNORECASE)
WHICH_OF_THEM = lazy(r"(?:用|选|挑|要)?\s*哪(?:个|一个|种|款|样)|\bwhich\s+(?:one|of\s+(?:them|the\s+two))\b|\bwhich\b.*\bbetter\b",
                     re.IGNORECASE)


def subject_of_faq(parsed: Parsed, text: str, turn: Turn | None) -> Parsed | None:
    """The FAQ entry just answered (or its neighbour with that card's part) asked of the card the message says
    alone; None when the message is more than a card, no FAQ answer is on top, or no entry on that subject
    speaks of the card."""
    q = parsed.request
    if turn is None or turn.kind != "faq" or turn.data.get("unsure") or not q.gpu or q.model or q.params_b or q.method:
        return None
    entry_id = turn.data.get("entry")
    entries = {e.id: e for e in faq_index().entries}
    before = entries.get(str(entry_id)) if entry_id else None
    if before is None or not _card_alone(text):
        return None
    asked = str(turn.data.get("text") or "")
    beneath = turn.data.get("prev")
    last = Turn(beneath["kind"], beneath["data"]) if isinstance(beneath, dict) else None
    named = bool(find_gpus(normalize(asked)))  # "一万网络 a100 40g 带宽多少": a card's own question, asked of the next
    if not named and (asks_billing(asked) or parsed.rental.duration_days or parsed.rental.duration_hours
                      or reprices_beneath(asked, last)):
        return None  # "能按小时租卡吗" then "4090": that card's price (bot.core.router); a rental beneath repriced
    provider = parsed.rental.provider or turn.data.get("provider")
    card = q.gpu
    # an answer that only names the card (no part of its own) speaks of a machine, when the message points at one
    # ("8卡 a100 80g 那台呢", "h100 那套"): a bare "4090" is no machine of the ₮ currency's example
    if _has_part(before, card, provider) or (not before.by_card and MACHINE.search(text) and card in _cards_named(before)):
        entry = before
    else:
        near = [e for e in entries.values() if e.id != before.id and set(e.topics) & set(before.topics)
                and _has_part(e, card, provider) and _shares_card_subject(e, before)]
        if not near:
            return None
        entry = max(near, key=lambda e: len(set(e.topics) & set(before.topics)))
    hit = Hit(entry, 1.0, 1.0)
    return replace(parsed, intent="faq", faq=[hit], faq_confident=True, faq_answers=[hit], missing=[], follow_up=False,
                   rental=replace(parsed.rental, gpu=card, provider=provider,
                                  num_gpus=parsed.rental.num_gpus or q.num_gpus))


def _card_alone(text: str) -> bool:
    norm = normalize(text)
    if len(text.strip()) > SAID_ALONE:
        return False
    rest = norm
    for m in sorted(find_gpus(norm), key=lambda m: -m.start):
        rest = rest[:m.start] + " " + rest[m.end:]
    return not CARD_FRAME.sub("", rest).strip()


def _has_part(entry: Entry, card: str, provider: object) -> bool:
    return any(card in part.cards and (not provider or part.provider == provider) for part in entry.by_card)


def _cards_named(entry: Entry) -> set[str]:
    return {g.ident for g in find_gpus(normalize(f"{entry.answer.zh} {entry.answer.en}"))}


def _shares_card_subject(entry: Entry, before: Entry) -> bool:
    """Whether `entry` answers card by card about the thing `before` answered (its by-card parts stand for cards
    `before`'s parts also name, or `before` has none): an entry about the same feature, not one about a job size."""
    mine = {c for part in entry.by_card for c in part.cards}
    theirs = {c for part in before.by_card for c in part.cards}
    return not theirs or bool(mine & theirs)


def subject_reply(reply: Reply, parsed: Parsed, asked: str, turn: Turn) -> Reply:
    """The FAQ answer for the card, remembered as the question asked of it, on top of the same job the FAQ
    answer before it sat on ("那 4090 48g 呢" next still asks the feature; "回到刚才" still finds the job)."""
    reply.reading = parsed
    if reply.turn is None:
        reply.turn = Turn("faq", {"text": asked, "provider": parsed.rental.provider,
                                  "entry": parsed.faq_answers[0].entry.id, "prev": turn.data.get("prev")})
    return reply


def choice_of_faq(parsed: Parsed, text: str, turn: Turn | None) -> Parsed | None:
    """"8卡 a100 pcie 和 sxm 差在哪" then "zero3 用哪个": which of the two just compared, for that use, is what
    the comparison's answer says of it (SXM: ZeRO-3 is dragged down over PCIe), not a general entry on ZeRO-3;
    None unless a FAQ answer comparing two things is on top and the message asks which, naming neither a card,
    a model nor a provider."""
    q = parsed.request
    if turn is None or turn.kind != "faq" or turn.data.get("unsure") or len(text.strip()) > FAQ_FOLLOW_UP:
        return None
    if q.gpu or q.model or q.params_b or parsed.cues.providers or not WHICH_OF_THEM.search(text):
        return None
    entry_id, asked = turn.data.get("entry"), str(turn.data.get("text") or "")
    entry = next((e for e in faq_index().entries if e.id == entry_id), None)
    if entry is None or not SIDE_BY_SIDE.search(normalize(asked)):
        return None
    hit = Hit(entry, 1.0, 1.0)
    return replace(parsed, intent="faq", faq=[hit], faq_confident=True, faq_answers=[hit], missing=[], follow_up=False,
                   rental=replace(parsed.rental, provider=parsed.rental.provider or turn.data.get("provider")))
