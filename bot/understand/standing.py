"""Whether a clause's reading is a question of its own or changes the one before it, and what a FAQ
clause borrows from the clause before it. Split from bot.understand.clauses, which weighs clauses against
each other with these."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from bot.understand.clause_marks import ASKING, DIGIT, FITS, MEMORY_ASKED
from bot.understand.faq import lookup as faq_lookup
from bot.understand.faq_charge import CHARGE_ASKED
from bot.understand.normalize import normalize

if TYPE_CHECKING:
    from bot.understand.parser import Parsed


def with_subject(parts: list[Parsed]) -> list[Parsed]:
    """A FAQ clause naming no card and no provider asks about those of the clause before it ("How much
    is an MI300X per month at gpuli, and does it have NVLink?": the MI300X at gpuli), so its answer can
    lead with that card's and that provider's part."""
    out: list[Parsed] = []
    for p in parts:
        r = p.rental
        before = next((q for q in reversed(out) if q.rental.gpu or q.rental.provider), None)
        if p.intent == "faq" and before is not None and not (r.gpu or r.provider or p.request.gpu):
            p = at_provider(replace(p, rental=replace(r, gpu=before.rental.gpu, provider=before.rental.provider)))
        out.append(p)
    return out


def at_provider(p: Parsed) -> Parsed:
    """A FAQ clause whose answer is about other providers only, asked of the provider the clause before named
    ("cloudgpu a100 一小时多少？什么时候开始计费": cloudgpu's per-minute meter, not gpuli's cycle charged at order
    time): that provider's own entry, when the FAQ answers the clause there with confidence."""
    where = p.rental.provider
    answer = p.faq_answers[0].entry if p.faq_answers else None
    if where is None or answer is None or not answer.providers or where in answer.providers:
        return p
    hit, hits = faq_lookup(p.words, where)
    if hit is None or hit.entry.id == answer.id:
        return p
    return replace(p, faq=hits, faq_answers=[hit], faq_confident=True)


def faq_of_its_own(clause: str) -> bool:
    """A clause naming no figure that the FAQ answers with confidence, on no memory question (one
    about memory asks of the job beside it): "年付打几折", "does it have NVLink". Whether something is
    charged may carry its figure ("开机那两分钟算钱吗", "are the 2 boot minutes billed?"): the billing
    entry's question still, not the job's."""
    figure = DIGIT.search(norm := normalize(clause))
    if (figure and not CHARGE_ASKED.search(norm)) or not ASKING.search(clause.lower()):
        return False  # a figure belongs to a job; a clause asking nothing ("然后lora") adds to the one before
    hit, _ = faq_lookup(clause)
    return hit is not None and not on_memory(hit.entry.topics, norm) and (not figure or "billing" in hit.entry.topics)


def on_memory(topics: list[str], norm: str) -> bool:
    """Whether a FAQ answer on `topics` answers a memory question, one that asks of the job beside it. A card's
    hardware entry that also speaks of memory is not asked of memory by a clause with no word of memory or fit
    ("rocm 有坑吗", "any gotchas with rocm?" beside an MI300X's price: the card's own catch)."""
    return "memory" in topics and not ("hardware" in topics and not MEMORY_ASKED.search(norm) and not FITS.search(norm))



def currency_of_it(p: Parsed) -> bool:
    """A clause that names a currency and nothing else to price asks the clause before it in that
    currency, whatever FAQ entry its words also match (the ₮ entry answers "what is ₮ in yuan")."""
    r = p.rental
    return bool(r.currency) and not (p.request.stated() or r.gpu or r.provider or r.amount or r.duration_days
                                     or r.duration_hours)


def asked_whole(p: Parsed, own_topic: bool = True) -> bool:
    """A FAQ question the message asks surely, on a topic of its own, pointing at nothing before it ("ZeRO-3 跟
    ZeRO-2 区别是啥", "cloudgpu 能不能直接开 multi-GPU 的机器，比如 4 卡"): a new question after any answer, never
    a framework or a count changing the files just exported. `own_topic=False`: its topic need not be keyworded
    (a yes/no asked of a provider, "cloudgpu 能不能开 4 卡的多卡机器", weighed where it asks no fit)."""
    return p.intent == "faq" and p.faq_confident and (p.own_topic or not own_topic) and not (p.follow_up or p.cues.refers_back)


def stands_alone(p: Parsed, beside_faq: bool = False) -> bool:
    """A reading that is a whole question by itself: a job with what it needs, a card's price, a confident
    FAQ answer; one that is not ("两周呢", "4090 呢") changes the question before it. An add-on's price with no card ("storage volume
    price per GB?") is one only beside a FAQ question ("gpuli refund policy? and …"); beside a rental it
    adds to that rental ("8卡 h100 包月 另外加 2000G 存储卷 多少钱")."""
    q = p.request
    if q.exclude and not (q.gpu or q.model or q.params_b):
        return False  # "…which card? not the 4090", "不要 4090 呢": a card ruled out of the question before
    if p.intent in ("size", "cost", "checkpoint", "inference"):
        return not p.missing
    if p.intent == "price":
        return bool(p.request.gpu or (beside_faq and p.price.add_ons))
    if p.price.add_ons and p.cues.add_on_added and not (q.gpu or p.rental.provider):
        return False  # "…能租几个月？要加 CPU 16 核", "we need the 16-core upgrade": added to the rental, not asked of
    return p.intent == "faq" and p.faq_confident
