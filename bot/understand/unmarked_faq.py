"""A job or price and a service question typed with no mark between them: where the break falls, and the
two readings. Split from bot.understand.clauses."""

from __future__ import annotations

import copy
import itertools
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING

from bot.understand.breaks import breaks
from bot.understand.clause_marks import ASKING, DIGIT, FIGURE, JOB_TOPICS, MAX_CLAUSE_TEXT, UNMARKED
from bot.understand.entities import find_gpus, find_provider
from bot.understand.faq import faq_entries
from bot.understand.faq import lookup as faq_lookup
from bot.understand.faq_clauses import FIT_ONLY, STRONG_FAQ
from bot.understand.glossary import terms
from bot.understand.lazy import lazy
from bot.understand.normalize import normalize
from bot.understand.standing import currency_of_it, stands_alone, with_subject

if TYPE_CHECKING:
    from bot.understand.parser import Parsed


ASKED_COMMA = lazy(r"(?<=[吗么])\s*[,，]\s*")
# the cards of the job before, pointed at by their count ("这俩卡", "these two cards"): no figure of the question's own
POINTED = lazy(r"(?:这|那)\s*\d+\s*(?:张|块|个)?\s*(?:卡|显卡|gpu)|\b(?:these|those|both|the)\s+\d+\s+(?:cards?|gpus?)\b")


def unmarked_faq(text: str, whole: Parsed, now: datetime | None,
                 read: Callable[[str, datetime | None], Parsed]) -> list[Parsed]:
    """A job or price then a service question with no mark between them ("CloudGPU 4090 每小时多少 最少计费
    多久", "cloudgpu 4090 多少一小时 支持支付宝吗", "rent 8xh100 for a week — and is the price locked once I
    pay?"): the first ask, then the FAQ's answer. Tried at the common ends of a first question (UNMARKED),
    then at each space before a question may start (bot.understand.breaks). A message read whole as the
    FAQ counts when it names a card or a job and the part before the break prices it. [] otherwise."""
    if whole.intent not in ("price", "size", "cost", "faq") or whole.missing:
        return []
    if whole.intent == "faq" and not (whole.request.gpu or whole.request.params_b or whole.request.model):
        return []
    split = [c for c in UNMARKED.split(text[:MAX_CLAUSE_TEXT]) if len(c.strip()) >= 4]
    if len(split) != 2:  # a comma after the word that asks ("4090 多卡能训吗，gpuli 4090 周租多少") ends a question too
        split = [c for c in ASKED_COMMA.split(text[:MAX_CLAUSE_TEXT]) if len(c.strip()) >= 4]
    # at the common ends, a first part that does not stand alone is the whole message's ask; at any other
    # space it must stand alone ("how much | are the cards at cloudgpu per hour" is one question)
    tried = ([(split[0], split[1], False)] if len(split) == 2 else []) + [(h, t, True) for h, t in breaks(text[:MAX_CLAUSE_TEXT])]
    read = read_once(read)  # a part tried at two breaks ("…够不够 要开8比特优化器吗") is read once
    for head, tail, own in dict.fromkeys((h.strip(), t.strip(), own) for h, t, own in tried):
        if found := _faq_after(head, tail, whole, now, read, own or whole.intent == "faq") or (not own and _faq_before(head, tail, now, read)):
            return found
    return _faq_between(text[:MAX_CLAUSE_TEXT], whole, now, read)


def _faq_between(text: str, whole: Parsed, now: datetime | None,
                 read: Callable[[str, datetime | None], Parsed]) -> list[Parsed]:
    """A service question typed between a job and that job's own ask ("7b qlora on a 4090 at cloudgpu how long
    till it starts and how much for 3 hours", "cloudgpu 4090 跑 7b qlora 多久能开机 三小时多少钱"): the job with its
    ask, read without the question, then the FAQ's answer. The question lies between two neighbouring breaks
    (bot.understand.breaks) and is one `_faq_after` would take at the end. [] otherwise."""
    if whole.intent == "faq":
        return []
    for (head, rest), (_, tail) in itertools.pairwise(breaks(text)):
        middle, job_text = rest[:len(rest) - len(tail)].strip(), f"{head.strip()} {tail.strip()}"
        if not ASKING.search(middle.lower()) or not ASKING.search(tail.lower()) or DIGIT.search(_without_cards(normalize(middle))):
            continue  # a figure between ("A800 跑 8 小时多少钱 要多少人民币") is the job's own
        if find_provider(normalize(middle)) is not None or find_gpus(normalize(middle)):
            continue  # "70b qlora 要多少显存 租哪张 cloudgpu 多少钱": the place or card between is the job's
        hit, _ = faq_lookup(middle)
        if hit is None or _fit_only(middle):
            continue  # no question the FAQ answers, or only whether the job fits (a look-up costs microseconds, a reading a millisecond)
        if (between := read(middle, now)).asks.cost or between.request.stated():
            continue  # the price asked between, or a setting of it ("全参最低配置是啥"), is the job's
        if _faq_tail(middle, whole, now, read) is None:
            continue  # no answer `_faq_after` would give after any job: the job need not be read (a millisecond or more)
        job = read(job_text, now)  # the job and its ask, the question between taken out
        if job.intent == whole.intent and stands_alone(job) and (found := _faq_after(job_text, middle, whole, now, read, False)):
            return found
    return []


def _faq_before(head_text: str, tail_text: str, now: datetime | None,
                read: Callable[[str, datetime | None], Parsed]) -> list[Parsed]:
    """A service question then a price or job of its own ("gpuli 能按小时租吗 不能的话 2 天的任务 4090 怎么买最便宜",
    "can gpuli rent by the hour if not how do I buy 2 days of a 4090"): the FAQ's answer (its yes or no) first,
    then the price. The first part is a confident FAQ question naming no figure, on the service; the second
    stands alone. [] otherwise."""
    norm = normalize(head_text)
    bare = _without_cards(norm)  # a card's own digits ("4090 多卡能训吗") are its name, no figure
    if DIGIT.search(bare) or not ASKING.search(head_text.lower()) or not ASKING.search(tail_text.lower()):
        return []
    head = read(head_text, now)
    carded = bare != norm
    if head.intent != "faq" or not head.faq_confident or not (head.own_topic or carded) or head.asks.cost:
        return []  # "how much | is a 4090 per month": a price asked in two words is no service question
    # a question on the training asks of the job beside it, unless it is asked of a card and a card's price follows
    # ("4090 多卡能训吗 gpuli 4090 周租多少": whether that card trains across several, then its week)
    of_training = any(JOB_TOPICS & set(h.entry.topics) for h in head.faq_answers)
    if of_training and not carded:
        return []
    tail = read(tail_text, now)
    if tail.intent not in ("price", "size", "cost") or not stands_alone(tail) or (of_training and tail.intent != "price"):
        return []
    return [head, tail]


def _without_cards(norm: str) -> str:
    """`norm` with every card name blanked: its digits are a name, not a figure of the question."""
    for g in sorted(find_gpus(norm), key=lambda g: -g.start):
        norm = f"{norm[:g.start]} {norm[g.end:]}"
    return norm


def read_once(read: Callable[[str, datetime | None], Parsed]) -> Callable[[str, datetime | None], Parsed]:
    """`read` answering a text it has read already from that first reading (a reading is a function of
    its text alone; no caller here changes a reading in place: `replace` makes new ones). Why: the rules
    of bot.understand.clauses.questions try one clause in several shapes, each reading it (a millisecond
    or more a reading); the answers last one message's splitting, never longer. A text read again gets
    a shallow copy: two clauses of the same words stay two readings to a rule that tells them apart by
    identity (bot.understand.clauses.deadline_then_term's `p is not term`), as when each was read."""
    found: dict[tuple[str, datetime | None], Parsed] = {}

    def reread(text: str, now: datetime | None) -> Parsed:
        if (text, now) not in found:
            found[text, now] = read(text, now)
            return found[text, now]
        return copy.copy(found[text, now])
    return reread


_figures_said: list[tuple[object, object, tuple[frozenset[str], ...]]] = []


def _answers_figures() -> tuple[frozenset[str], ...]:
    """The numbers each FAQ answer states, and every number the term definitions state (a reading's
    confident answer is one of those entries, or definitions joined one a line): a clause whose numbers
    no one answer states all of is never a FAQ question that only says its answer's figures back, so it
    need not be read to know it."""
    entries, defined = faq_entries(), terms()
    if not _figures_said or _figures_said[0][0] is not entries or _figures_said[0][1] is not defined:
        texts = [t.zh for t in defined] + [t.en for t in defined] \
            + ["\n".join(t.zh for t in defined) + " " + "\n".join(t.en for t in defined)]
        definitions = frozenset(n for t in texts for n in FIGURE.findall(normalize(t)))
        each = tuple(frozenset(FIGURE.findall(normalize(f"{e.answer.zh} {e.answer.en}"))) for e in entries)
        _figures_said[:] = [(entries, defined, (*each, definitions))]
    return _figures_said[0][2]


def _figures_of_its_answer(text: str, read: Parsed) -> bool:
    """Whether every number in `text` is one its confident FAQ answer states itself ("开机那两分钟收费吗":
    the boot entry's own 2 minutes, said back), so the clause is still the FAQ's question; a clause with no
    number is too. A number the answer does not state is the user's own figure, of a job or a rental."""
    numbers = FIGURE.findall(normalize(text))
    if not numbers:
        return True
    if read.intent != "faq" or not read.faq_confident or not read.faq_answers:
        return False
    entry = read.faq_answers[0].entry
    said = set(FIGURE.findall(normalize(f"{entry.answer.zh} {entry.answer.en}")))
    return all(n in said for n in numbers)


def _faq_after(head_text: str, tail_text: str, whole: Parsed, now: datetime | None,
               read: Callable[[str, datetime | None], Parsed], own: bool) -> list[Parsed]:
    """The two readings when `tail_text` is a confident FAQ question naming no figure, on the service
    rather than the training (JOB_TOPICS: that one asks of the job); the first part keeps its own reading
    when it stands alone, else the whole message's ("rent 8xh100 for a week" alone reads as a rental to
    weigh; `own`: it must stand alone). [] otherwise."""
    if not ASKING.search(tail_text.lower()) or (own and not ASKING.search(head_text.lower())):
        return []  # each side asks: "Qwen3-32B 全参要什么配置" has one question, its model before it
    if (tail := _faq_tail(tail_text, whole, now, read)) is None:
        return []
    head = read(head_text, now)
    if not stands_alone(head) or head.intent == "faq":
        if own:
            return []  # the part before asks nothing of its own
        head = replace(whole, parts=[])
    return with_subject([head, tail])


def _faq_tail(tail_text: str, whole: Parsed, now: datetime | None,
              read: Callable[[str, datetime | None], Parsed]) -> Parsed | None:
    """`tail_text`'s reading when it is a confident FAQ question naming no figure of its own, on the service
    (`_faq_after`'s test of the second part, which needs nothing of the first: a caller that would read the
    first part only for it asks this first). None otherwise."""
    tail_text = POINTED.sub(lambda m: "these cards" if m.group(0).isascii() else "这些卡", normalize(tail_text))
    if (numbers := set(FIGURE.findall(normalize(tail_text)))) and not any(numbers <= said for said in _answers_figures()):
        return None  # a figure no answer states: the user's own (below), known before the clause is read
    if _fit_only(tail_text):
        return None
    tail = read(tail_text, now)
    if not _figures_of_its_answer(tail_text, tail):
        return None  # a figure of its own belongs to a job ("2 天的任务"), not to the FAQ's question
    if currency_of_it(tail):  # "A800 跑 8 小时多少钱 要多少人民币": that price in yuan, not what ₮ is
        return None
    if tail.asks.cost and (whole.intent == "cost" or (whole.run is not None and whole.run.step_seconds)):
        return None  # the cost of the job (or the timed run: "1000 steps at 6 s each: how much?") the message states
    if tail.asks.cost and tail.rental.term and whole.intent == "price" and whole.request.gpu \
            and not (tail.request.gpu or tail.request.model or tail.request.params_b):
        return None  # "gpuli 4090 月租多少 周租多少", "h100 weekly how much monthly how much": the card's other term
    if tail.cues.fit and tail.request.gpu and whole.intent in ("size", "cost") and (whole.request.model or whole.request.params_b):
        return None  # "32b 全参 8卡 每卡多少G 能塞进h100吗": whether the job fits that card, the job's own question
    if _place_only(tail_text):
        return None  # "what's the H100 price | at 一万网络?": the place the question before it is asked at
    tail = _sure_of_its_own(tail)
    # after a price, a question on the training that names a method and no job of its own ("还有 吞吐比 bf16 lora
    # 慢多少") is its own question; else it asks of the job before it ("72b 全参最便宜的方案是啥 速度会慢多少")
    own_method = whole.intent in ("price", "cost") and tail.request.method and not (tail.request.model or tail.request.params_b)
    if tail.intent != "faq" or not tail.faq_confident or (
            not own_method and any(JOB_TOPICS & set(h.entry.topics) for h in tail.faq_answers)):
        return None
    return tail


def _fit_only(text: str) -> bool:
    """"够不够", "行不行", "enough?": a part that only asks whether the job beside it fits asks it of that job, never a
    service question of its own (bot.understand.faq_clauses' rule for the FAQ's clauses), known before it is read."""
    return FIT_ONLY.fullmatch(normalize(text).strip()) is not None


def _place_only(tail_text: str) -> bool:
    """Whether `tail_text` names a provider and asks nothing the FAQ answers once the name is taken out ("at
    一万网络?", "在 gpuli 呢"): its FAQ reading came from the name alone, so it says where the part before it is
    asked, not a service question of its own ("cloudgpu 支持支付宝吗" still asks of payments without the name)."""
    norm = normalize(tail_text)
    named = find_provider(norm)
    if named is None:
        return False
    return faq_lookup(f"{norm[:named.start]} {norm[named.end:]}")[0] is None


def _sure_of_its_own(tail: Parsed) -> Parsed:
    """A second question too short to stand alone as a message ("用完会咋样", "then what happens?": alone it
    would ask of the answer before it) whose FAQ entry is near certain: behind a first question in the
    same message it is that entry's question, answered after the first."""
    if tail.intent != "unknown" or not tail.faq or tail.faq[0].score < STRONG_FAQ or tail.request.stated():
        return tail
    return replace(tail, intent="faq", faq_confident=True, faq_answers=[tail.faq[0]], follow_up=False, missing=[])
