"""Clauses of one message read against each other: where one message asks two questions (`questions`),
a clause that only asks what the job costs (at most naming where and how long) is about the job the
other clauses state, one that names only a length asks the price of the setup the clause before it
priced, and a FAQ clause naming no card asks about the card before it. Split from the parser to keep
each module small."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from itertools import pairwise
from typing import TYPE_CHECKING

from bot.understand import asks as ask_words
from bot.understand import fields as f
from bot.understand.breaks import breaks
from bot.understand.card_counts import takes_back
from bot.understand.entities import find_gpus, find_provider
from bot.understand.faq import lookup as faq_lookup
from bot.understand.lazy import lazy
from bot.understand.normalize import normalize

if TYPE_CHECKING:
    from bot.understand.parser import Parsed

MAX_CLAUSES = 4
MAX_CLAUSE_TEXT = 300
# A question ends at its mark or a new line; a comma joined to "and what / also how / 另外 / 顺便问下"
# starts another ("How much VRAM does 14B QLoRA need, and what's a 4090 a week?"). A plain comma, or
# "plus / 还有" adding storage to a rental, does not (COMMA: the parser's second try, for parts of
# different kinds); and the parts must each stand on their own.
# A word that adds a question starts one after a space too, as typed in a chat with no mark ("…有 nvlink 吗
# 另外能按小时租吗", "does the h100 have nvlink btw can I rent it hourly").
_NEXT_Q = r"(?=(?:what|how|which|is|are|can|could|do|does|will|would|should|where|when|why)\b)"
# a Chinese question ahead, before its mark ("…顺便 多久能 ssh 上")
_ASKS_AHEAD = r"(?=[^?？。!！\n]*?(?:吗|么|呢|多少|多久|多快|几|什么|啥|怎么|如何|哪|是否|有没有|能不能|要不要|需不需要|用不用|收不收|是不是|会不会))"
# a Chinese question's first word, right after a "+" ("… + 多久能 ssh 上"; "4090 + 存储卷 500G 多少钱" adds to the rental)
_ZH_Q_START = r"(?=多久|多快|多长时间|怎么|如何|能不能|可不可以|有没有|是否|会不会|要不要|什么时候|哪)"
CLAUSES = lazy(rf"[?？。!！;；\n]+|[,，、]\s*(?:and|also|and\s+also)\s+{_NEXT_Q}"
              r"|[,，、]\s*(?:另外|顺便(?:问一?下)?|再问一?下|还想问)"
              # after a bare space only when what follows asks ("…一周 顺便 加个存储卷 500G" adds to the rental)
              rf"|\s+(?:另外|顺便(?:问一?下)?|再问一?下|还想问){_ASKS_AHEAD}"
              rf"|\s+(?:also|btw|by\s+the\s+way)\s*,?\s+{_NEXT_Q}"
              # a "+" typed between two questions, as chats join them ("…at gpuli + how soon can I ssh in?")
              rf"|\s*[+＋&]\s*(?:and\s+|also\s*,?\s*|另外|顺便(?:问一?下)?)?(?:{_NEXT_Q}|{_ZH_Q_START})",
              re.IGNORECASE)
COMMA = lazy(r"[,，]+")
# the word that joins a second question, left at its start after a mark ("…呢？另外 有 nvlink 吗"): no
# part of it ("另外收费吗" is the FAQ's own wording for an extra charge)
JOINED = lazy(r"^\s*(?:(?:另外|顺便(?:问一?下)?|再问一?下|还想问)(?![收付计算加另])\s*[,，:：]?\s*|(?:also|btw|by\s+the\s+way)(?:\s*[,，:：]\s*|\s+))(?=\S)", re.IGNORECASE)


def _unjoined(clause: str) -> str:
    return JOINED.sub("", clause)
# Numbered questions typed on one line ("Two things: (1) does 14b qlora fit a 4090 (2) how fast is ssh
# ready", "两个问题 1、… 2、…", "① … ② …"): each number starts a question, whatever marks there are or not.
NUMBER = lazy(r"(?:^|(?<=[\s:：,，;；]))(?:[(（]\s*([1-9])\s*[)）]|([1-9])\s*(?:[)）、]|\.(?!\d))|([①②③④⑤⑥⑦⑧⑨]))")
CIRCLED = "①②③④⑤⑥⑦⑧⑨"
# Two asks typed without a mark between them: "…多少钱 包年有折扣吗" (a space after a Chinese ask word),
# "…qlora and how long till ssh is ready", "…要几张卡 多久能拿到ssh" (after a word asking for a card), "…for a week — and is the price locked" (a dash or a bare
# "and" before a question word). Tried only when no mark splits the message, and kept only when the
# part after it is a FAQ question of its own (`_faq_of_its_own`).
UNMARKED = lazy(r"(?<=[少久吗么啥几钱行够下])\s+(?=\S)|(?<=几张卡|什么卡|哪张卡|哪种卡|几块卡)\s+(?=\S)|\s*[—–]+\s*and\s+|\s+and\s+(?=[\u4e00-\u9fff])|\s+and\s+(?=(?:what|how|which|is|are|can|could|do|does"
                r"|will|would|should|where|when|why)\b)", re.IGNORECASE)
DIGIT = lazy(r"\d")
FIGURE = lazy(r"\d+(?:\.\d+)?")
# an A-not-A question ("要不要另外付流量费", "收不收押金") asks as 吗 does
ASKING = lazy(r"[?？吗么几]|([\u4e00-\u9fff])不\1|(?<=[\u4e00-\u9fff])不\s*$|多少|多久|多长时间|多快|什么|啥|怎么|怎样|如何|哪|是否|有没有|能不能|可不可以|"
              r"^\s*(?:what|how|which|does|do|is|are|can|could|will|would|should|why|when|where|any)\b")
FILLER = lazy(r"\b(?:what|does|do|would|will|it|that|this|the|at|on|in|be|there|is|for)\b|'s\b|[上在的呢]")
# FAQ topics about the training itself: a question on them right after a job asks of that job ("72b 全参
#最省钱的方案是啥 吞吐会掉多少"), not of the service
JOB_TOPICS = frozenset({"memory", "performance", "methods", "quantization", "precision", "sharding", "estimation"})
BARE_ASK = 10  # characters: "要多少钱", "cost?", "多久": an ask with nothing of its own


def cost_of_it(clause: str, p: Parsed) -> bool:
    """A clause that only asks what it costs (or how long), at most naming where: about the job the
    other clauses state ("…每步 1.2 秒，要训多久？cloudgpu 上多少钱？")."""
    q, norm = p.request, normalize(clause)
    named = find_provider(norm)
    bare = norm[:named.start] + norm[named.end:] if named else clause
    if named or len(" ".join(bare.split())) > BARE_ASK:
        # "what does it cost at cloudgpu (for 10 hours)", "monthly price?": the ask, the place and a length,
        # nothing of its own
        bare = FILLER.sub(" ", ask_words.without_asks(f.without_durations(normalize(bare))))
    return len(" ".join(bare.split())) <= BARE_ASK and p.asks.cost and not (q.model or q.params_b or q.gpu)


# a year paid up front, which the fields read as a billing term rather than a length: "年付呢", "and yearly?"
YEARLY = lazy(r"年付|年租|按年|\b(?:yearly|annually)\b|\b(?:per|a|by\s+the)\s+year\b", re.IGNORECASE)
YEAR_DAYS = 365.0  # what "包年" reads as: the provider's yearly cycle


def of_the_last(parts: list[Parsed], clauses: list[str] | None = None) -> list[Parsed]:
    """A clause naming no card, model or provider, only a length ("hourly price? and what's 8 hours?"),
    asks the price of the setup the clause before it priced, for that length. One naming only another
    provider asks that card's price there, in its own unit ("a100 80g 在 gpuli 周租多少，CloudGPU 按小时又是
    多少": the A100 at CloudGPU by the hour, not the FAQ on hourly billing)."""
    out = parts[:1]
    for i, p in enumerate(parts[1:], start=1):
        last, r = out[-1], p.rental
        own = p.request.model or p.request.params_b or p.request.gpu or r.provider or p.cards
        days, hours = r.duration_days, r.duration_hours
        if not (days or hours) and clauses is not None and YEARLY.search(clauses[i]) and _length_only(clauses[i]):
            days = YEAR_DAYS  # "月付多少 年付呢": the same rental paid by the year
        if not own and last.intent == "price" and last.request.gpu and (days or hours):
            p = replace(last, rental=replace(last.rental, duration_days=days, duration_hours=hours),
                        asks=replace(last.asks, hours=(), both_units=False), parts=[])
        elif clauses is not None and last.intent == "price" and last.request.gpu and place_only(clauses[i], clauses[:i]) \
                and r.provider not in (None, last.rental.provider):
            days, hours = f.duration(normalize(clauses[i]))
            if days is None and hours is None:
                days, hours = unit_length(clauses[i]) or (last.rental.duration_days, last.rental.duration_hours)
            p = replace(last, rental=replace(last.rental, provider=r.provider, duration_days=days, duration_hours=hours),
                        asks=replace(last.asks, hours=(), both_units=False), parts=[])
        out.append(p)
    return out


# the unit a price is asked in, as the length it prices: "按小时", "hourly", "日租", "per week"
_UNITS = ((None, 1.0, lazy(r"按\s*小?时|每小时|时租|\bhourly\b|\bper\s+(?:hour|hr)\b|\bby\s+the\s+hour\b|一小时", re.IGNORECASE)),
          (1.0, None, lazy(r"按\s*天|每天|日租|\bdaily\b|\bper\s+day\b|\bby\s+the\s+day\b", re.IGNORECASE)),
          (7.0, None, lazy(r"按\s*周|每周|周租|周费|包周|\bweekly\b|\bper\s+week\b|\bby\s+the\s+week\b", re.IGNORECASE)),
          (30.0, None, lazy(r"按\s*月|每月|月租|月费|包月|\bmonthly\b|\bper\s+month\b|\bby\s+the\s+month\b", re.IGNORECASE)))


def unit_length(clause: str) -> tuple[float | None, float | None] | None:
    """(days, hours) of the unit a clause asks its price in, None when it names none."""
    return next(((d, h) for d, h, unit in _UNITS if unit.search(clause)), None)


def place_only(clause: str, before: list[str] | None = None) -> bool:
    """A clause that names a provider and no card, asking its price or only "呢" ("CloudGPU 按小时又是多少",
    "cloudgpu 呢", "and at cloudgpu, hourly?"): the question before it asked again there. With `before`
    (the clauses ahead of it), only when one of them names another provider: "…8 卡 H200 做 72B 全参，gpuli
    月租？" names where the one job is priced, not a second place."""
    norm = normalize(clause)
    named = find_provider(norm)
    if before is not None:
        earlier = {m.ident for m in map(find_provider, map(normalize, before)) if m is not None}
        if named is None or not earlier or earlier == {named.ident}:
            return False
    return bool(named and not find_gpus(norm) and not f.SIZE_B.search(norm)
                and (ASKING.search(clause.lower()) or "呢" in norm or unit_length(clause)
                     or re.search(r"\b(?:what|how)\s+about\b|\bat\b|\bon\b", norm)))


# asks whether the job fits: "够吗", "放得下", "行不行", "可以吗", "does it fit", "can 8 a100s run it", "will it work"
FITS = lazy(r"够|\bfits?\b|enough|装得下|放得下|塞得下|跑得动|能跑|能训|行吗|行不行|行不|能行|可以吗|可以不|可不可以|\bok\s*[?？吗]"
            r"|\bhandle\b|\bwork\b|\bsuffice\b|\bbe\s+fine\b|\b(?:would|will|does|do|can)\b.{0,30}\bdo\s*$|\b(?:can|could|will|would)\b.{0,40}\b(?:run|train|hold|take)\b")


def fit_then_cost(clauses: list[str], parts: list[Parsed], whole: Parsed) -> list[Parsed]:
    """"7b qlora 一张4090够吗？gpuli weekly 多少钱？": whether the job fits the card named, then what the
    whole message asks it to cost (the card, where and for how long); [] when no clause asks a fit, so
    the message is the one cost question it reads as."""
    fit = next((p for c, p in zip(clauses, parts, strict=True)
                if p.intent == "size" and not p.missing and p.request.gpu and FITS.search(normalize(c))), None)
    if fit is None or whole.intent != "cost":
        return []
    cost = replace(whole, parts=[])
    q = whole.request
    if whole.asks.deadline is not None and (whole.rental.duration_days or whole.rental.duration_hours) \
            and not (q.tokens or q.samples or q.step_seconds or q.hours or q.days):
        # "周四要交 32b qlora 用 a6000 够吗 gpuli 一周多少": with no data the run's length is unknown, so the
        # deadline judges nothing; the fit and the week asked are the answers (the week is no run of a week)
        fit, cost = _undated(fit), _undated(cost)
    return [fit, cost]


def _undated(p: Parsed) -> Parsed:
    return replace(p, asks=replace(p.asks, deadline=None, deadline_span=False, start=None, until=None))


def deadline_then_term(clauses: list[str], parts: list[Parsed], whole: Parsed) -> list[Parsed]:
    """"14b qlora，4090，数据 5 万条，下周一前能跑完吗？顺便问下周租多少", "…done by Monday? also, weekly rent?":
    a job asked against a deadline, and a clause asking only what a term costs. Read as one, the term
    became the job's rental and its price went unanswered; it is two questions: the job against the
    deadline (no rental length of its own), and the job's card priced for that term (where the clause
    names, else where the job does). [] when the message is not of that shape."""
    if whole.asks.deadline is None or not whole.request.gpu or whole.intent not in ("size", "cost") or whole.missing:
        return []
    term = next((p for c, p in zip(clauses, parts, strict=True) if _term_price(c, p, whole)), None)
    if term is None:
        return []
    q, r = whole.request, whole.rental
    # a provider the term's clause names is where the term is priced, not a limit on the job
    where = next((p.rental.provider for p in parts if p is not term), None) if term.rental.provider else r.provider
    job = replace(whole, rental=replace(r, provider=where, duration_days=None, duration_hours=None), parts=[],
                  request=q.model_copy(update={"hours": None, "days": None}))
    card = type(q)(gpu=q.gpu, num_gpus=q.num_gpus)
    price = replace(whole, intent="price", request=card, asks=ask_words.Asks(cost=True), parts=[], missing=[],
                    rental=replace(r, provider=term.rental.provider or r.provider, duration_days=term.rental.duration_days,
                                   duration_hours=term.rental.duration_hours))
    return [job, price]


# a rental term named as a unit, the way its price is asked: "周租多少", "包月呢", "weekly rent?", "per month?"
TERM_UNIT = lazy(r"(?:周|月|年)(?:租|付)|包\s*(?:个\s*)?(?:周|月|年)|按\s*(?:周|月|年)|\b(?:weekly|monthly)\b|\bper\s+(?:week|month)\b")


def _term_price(clause: str, p: Parsed, whole: Parsed) -> bool:
    """A clause asking only a term's price: a unit ("周租", "weekly") and an ask, no job of its own and
    no other card ("顺便问下周租多少", "also what is the weekly rent", "4090 包月多少")."""
    q = p.request
    return bool((p.rental.duration_days or p.rental.duration_hours) and TERM_UNIT.search(normalize(clause))
                and ASKING.search(clause.lower()) and not (q.model or q.params_b or q.tokens or q.samples)
                and q.gpu in (None, whole.request.gpu))


def with_subject(parts: list[Parsed]) -> list[Parsed]:
    """A FAQ clause naming no card and no provider asks about those of the clause before it ("How much
    is an MI300X per month at gpuli, and does it have NVLink?": the MI300X at gpuli), so its answer can
    lead with that card's and that provider's part."""
    out: list[Parsed] = []
    for p in parts:
        r = p.rental
        before = next((q for q in reversed(out) if q.rental.gpu or q.rental.provider), None)
        if p.intent == "faq" and before is not None and not (r.gpu or r.provider or p.request.gpu):
            p = replace(p, rental=replace(r, gpu=before.rental.gpu, provider=before.rental.provider))
        out.append(p)
    return out


def _faq_of_its_own(clause: str) -> bool:
    """A clause naming no figure that the FAQ answers with confidence, on no memory question (one
    about memory asks of the job beside it): "年付打几折", "does it have NVLink"."""
    if DIGIT.search(normalize(clause)) or not ASKING.search(clause.lower()):
        return False  # a figure belongs to a job; a clause asking nothing ("然后lora") adds to the one before
    hit, _ = faq_lookup(clause)
    return hit is not None and "memory" not in hit.entry.topics


def questions(text: str, whole: Parsed, now: datetime | None, read: Callable[[str, datetime | None], Parsed]) -> list[Parsed]:
    """"H100 一个月多少钱？训一次 8B LoRA 要多久？": two questions that each stand on their own (a
    price with its card, a sizing or cost with its model, a confident FAQ answer) and ask different
    things are read one by one, so each gets its answer. One question split by a comma is not two.
    `read` is the parser's reading of one clause."""
    if whole.intent == "cost" and whole.asks.both_units:
        return []  # "72b qlora 一个月多少？能周租吗？": one job asked by the month and by the week, priced both ways
    clauses = numbered(text[:MAX_CLAUSE_TEXT]) or [c for c in map(_unjoined, CLAUSES.split(text[:MAX_CLAUSE_TEXT])) if len(c.strip()) >= 4 or _length_only(c)][:MAX_CLAUSES]
    if len(clauses) < 2 and (joined := joined_asks(text, whole, now, read) or each_size(text, whole, now, read)
                             or _unmarked_faq(text, whole, now, read)):
        return joined
    by_comma = len(clauses) < 2  # "A100 40G 月付多少, 年付打几折?": a comma between two questions of different kinds
    if by_comma:
        if whole.intent not in ("price", "size", "cost") or whole.versus or whole.asks.methods_versus or whole.asks.cheaper:
            return []  # "32b qlora vs lora, how much difference?": the clause after the comma asks of the comparison
        clauses = length_clauses(text) or [c for c in COMMA.split(text[:MAX_CLAUSE_TEXT]) if len(c.strip()) >= 4 or _length_only(c)][:MAX_CLAUSES]
        if whole.asks.deadline is not None and whole.request.gpu and len(clauses) >= 2 and TERM_UNIT.search(normalize(text)) \
                and (split := deadline_then_term(clauses, [read(c, now) for c in clauses], whole)):
            return split  # "…周五前能训完吗，月租多少": the job against its deadline, and the term's price
        # each clause is read only when one of them, naming no figure, is a question the FAQ answers with
        # confidence (a look-up costs microseconds, a reading a millisecond): most commas join one question
        if not any(_faq_of_its_own(c) or _length_only(c) or place_only(c, clauses[:i]) for i, c in enumerate(clauses) if i):
            return []
    if len(clauses) < 2 or any(takes_back(normalize(c)) for c in clauses[1:]):
        return []  # "two h200s? no wait, one h200 per month": one question, the later value read (card_counts)
    parts = of_the_last([read(c, now) for c in clauses], clauses)
    if not by_comma and _setup_of_the_job(clauses, parts):
        return []  # "72b 全参要多少显存？8卡h100 不开 offload 放得下吗": one job, read whole
    if by_comma and not _faq_beside(parts) and not any(_length_only(c) or place_only(c, clauses[:i]) for i, c in enumerate(clauses) if i):
        return []  # "32b 全参，8 卡 h100，一个月多少钱", "8xH100 for a month, in USD please": one question in parts
    if split := deadline_then_term(clauses, parts, whole):  # "…下周一前能跑完吗？顺便问下周租多少"
        return split
    if any(cost_of_it(c, p) for c, p in zip(clauses, parts, strict=True)):  # "…7b lora，一万网络有合适的吗？要多少钱":
        return fit_then_cost(clauses, parts, whole)  # the cost of the job before it (after its fit, when asked)
    if change := _change_beside_faq(clauses, parts):
        return change  # "两周呢 另外要不要买 IB" after a price: that price for two weeks, then the FAQ's answer
    beside_faq = any(p.intent == "faq" and p.faq_confident for p in parts)
    if not all(_stands_alone(p, beside_faq) for p in parts) or any(_currency_of_it(p) for p in parts[1:]):
        return []  # "…for a full day, and what is that in yuan?": the currency of the question before it
    sized = [p for p in parts if p.intent in ("size", "cost") and not p.missing]
    if sized and any(p.intent == "faq" and p.faq_answers and "memory" in p.faq_answers[0].entry.topics
                     and not p.request.stated() for p in parts):
        # "memory requirement? for full FT of a 14B": the memory clause is the sizing's own question ("what's
        # the catch with offload?" names a lever of its own: a question beside the sizing)
        return []
    kinds = {(p.intent, p.request.model, p.request.params_b, p.request.gpu, p.rental.duration_days, p.rental.duration_hours)
             for p in parts}
    if len(kinds) < 2 or {p.intent for p in parts} == {"faq"}:
        return []  # one question asked twice, or FAQ clauses (already answered one per clause)
    return with_subject(parts)  # "…MI300X per month at gpuli, and does it have NVLink?": it is that card, there


def numbered(text: str) -> list[str]:
    """The questions of a message that numbers them 1, 2 … in order ("(1) … (2) …", "1. … 2. …", "① … ②
    …"), each with the words before the first number when those state something of the job ("7b qlora:
    (1) 4090 够吗 (2) 多少钱"), not when they only announce the list ("Two things:", "两个问题："); [] when
    fewer than two numbers, or numbers out of order (a figure, not a list)."""
    marks = list(NUMBER.finditer(text))
    numbers = [int(m[1] or m[2]) if not m[3] else CIRCLED.index(m[3]) + 1 for m in marks]
    if len(marks) < 2 or numbers != list(range(1, len(marks) + 1)):
        return []
    items = [text[m.end():nxt.start() if nxt else len(text)].strip(" \t,，;；") for m, nxt in zip(marks, [*marks[1:], None], strict=True)]
    head = text[:marks[0].start()].strip(" \t:：,，")
    states_job = bool(find_gpus(normalize(head)) or f.SIZE_B.search(normalize(head)))
    return [f"{head} {item}" if states_job else item for item in items if len(item) >= 4][:MAX_CLAUSES]


# a word that puts one ask to every job named ("7b 和 14b 全参各要几卡", "each", "both"): one question
EACH = lazy(r"各|分别|都|\beach\b|\bboth\b|\brespectively\b")


def joined_asks(text: str, whole: Parsed, now: datetime | None, read: Callable[[str, datetime | None], Parsed]) -> list[Parsed]:
    """Two asks joined by a comma or a bare space instead of a question mark: whether the job fits the
    card named, then its price ("8张a100 跑 32b 全参 行吗，，月租多少", "does 32b full fit 8 a100s, monthly
    cost?"), or a second job of its own ("8b 全参 h200 一个月多少，还有 14b 全参要几卡"). Each gets its
    answer, the fit first. [] when the message is one question; the clauses are read only when the whole
    message asks a fit and a cost, or names two model sizes (a reading costs a millisecond)."""
    if whole.intent not in ("size", "cost") or whole.missing or whole.versus or whole.asks.methods_versus \
            or whole.asks.cheaper or whole.asks.difference:
        return []
    norm = normalize(text[:MAX_CLAUSE_TEXT])
    fit_and_cost = whole.intent == "cost" and bool(FITS.search(norm))
    two_jobs = len({m.group(1) for m in f.SIZE_B.finditer(norm)}) >= 2 and not EACH.search(norm)
    if not (fit_and_cost or two_jobs):
        return []
    for splitter in (COMMA, UNMARKED):
        clauses = [c for c in splitter.split(text[:MAX_CLAUSE_TEXT]) if len(c.strip()) >= 4][:MAX_CLAUSES]
        if len(clauses) < 2:
            continue
        parts = [read(c, now) for c in clauses]
        if fit_and_cost and any(cost_of_it(c, p) for c, p in zip(clauses, parts, strict=True)) \
                and (found := fit_then_cost(clauses, parts, whole)):
            return found
        if two_jobs and (jobs := _own_jobs(clauses, parts, now, read)):
            return jobs
    return []


def each_size(text: str, whole: Parsed, now: datetime | None, read: Callable[[str, datetime | None], Parsed]) -> list[Parsed]:
    """"7b 和 14b 全参各要几卡", "how many cards do 7b and 14b full finetunes each need": one ask put to
    several bare sizes is one reading per size, in the order named (the message with the other sizes
    blanked out), each keeping the method, card and settings stated once for all. [] unless every
    reading stands alone; a named model, a comparison of prices or methods keep their own readings."""
    if whole.intent not in ("size", "cost") or whole.missing or whole.request.model or whole.versus \
            or whole.asks.cheaper or whole.asks.difference or whole.asks.methods_versus or whole.unknown_card:
        return []  # "昇腾910B 能跑 72b 吗": a card's name is no size
    norm = normalize(text[:MAX_CLAUSE_TEXT])
    cards = [(g.start, g.end) for g in find_gpus(norm)]
    sizes: dict[str, re.Match[str]] = {}
    for m in f.SIZE_B.finditer(norm):
        if not any(a < m.end() and m.start() < b for a, b in cards):
            sizes.setdefault(m.group(1), m)
    if len(sizes) < 2:
        return []
    spans = [m.span() for m in f.SIZE_B.finditer(norm)]
    parts = []
    for keep in list(sizes.values())[:MAX_CLAUSES]:
        blanked = "".join(" " if any(a <= i < b for a, b in spans if (a, b) != keep.span()) else ch
                          for i, ch in enumerate(norm))
        parts.append(read(blanked, now))
    if not all(p.intent in ("size", "cost") and _stands_alone(p) for p in parts) \
            or len({p.request.params_b for p in parts}) < len(parts):
        return []
    return parts


def _own_jobs(clauses: list[str], parts: list[Parsed], now: datetime | None,
              read: Callable[[str, datetime | None], Parsed]) -> list[Parsed]:
    """The clauses grouped by the job they state: a clause naming a model or size other than the one
    before it starts a new job ("qwen3 8b 全参，h200 单卡，一个月多少，还有 14b 全参要几卡": 8B on an H200
    priced, then 14B sized); each job read on its own, kept only when every one stands alone ("7b lora，
    14b 呢" changes the one job: no method of its own)."""
    groups: list[list[str]] = []
    current: tuple[object, object] | None = None
    for clause, p in zip(clauses, parts, strict=True):
        own = (p.request.model, p.request.params_b) if p.request.model or p.request.params_b else None
        if own is not None and current is not None and own != current:
            groups.append([clause])
        elif groups:
            groups[-1].append(clause)
        else:
            groups.append([clause])
        current = own or current
    if len(groups) < 2:
        return []
    jobs = [parts[clauses.index(g[0])] if len(g) == 1 else read("，".join(g), now) for g in groups]
    if not all(j.intent in ("size", "cost") and _stands_alone(j) for j in jobs):
        return []
    return jobs


def _setup_of_the_job(clauses: list[str], parts: list[Parsed]) -> bool:
    """"72b 全参要多少显存？8卡h100 不开 offload 放得下吗", "vram for 72b full? will 8 h100s hold it without
    offload?": a later clause naming no model, only how the job runs (the card, its count, offload, ZeRO),
    and asking whether it fits, asks about the job before it. The message is one question, read whole, so
    every setting stated reaches the verdict (a FAQ match on "offload" would drop "不开")."""
    for i, (clause, p) in enumerate(zip(clauses, parts, strict=True)):
        if i == 0 or p.request.model or p.request.params_b or p.intent == "price" or not p.request.stated():
            continue
        if FITS.search(normalize(clause)) and any(q.intent in ("size", "cost") and (q.request.model or q.request.params_b)
                                                  for q in parts[:i]):
            return True
    return False


def _unmarked_faq(text: str, whole: Parsed, now: datetime | None,
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
    # at the common ends, a first part that does not stand alone is the whole message's ask; at any other
    # space it must stand alone ("how much | are the cards at cloudgpu per hour" is one question)
    tried = ([(split[0], split[1], False)] if len(split) == 2 else []) + [(h, t, True) for h, t in breaks(text[:MAX_CLAUSE_TEXT])]
    for head, tail, own in dict.fromkeys((h.strip(), t.strip(), own) for h, t, own in tried):
        if found := _faq_after(head, tail, whole, now, read, own or whole.intent == "faq") or (not own and _faq_before(head, tail, now, read)):
            return found
    return []


def _faq_before(head_text: str, tail_text: str, now: datetime | None,
                read: Callable[[str, datetime | None], Parsed]) -> list[Parsed]:
    """A service question then a price or job of its own ("gpuli 能按小时租吗 不能的话 2 天的任务 4090 怎么买最便宜",
    "can gpuli rent by the hour if not how do I buy 2 days of a 4090"): the FAQ's answer (its yes or no) first,
    then the price. The first part is a confident FAQ question naming no figure, on the service; the second
    stands alone. [] otherwise."""
    if DIGIT.search(normalize(head_text)) or not ASKING.search(head_text.lower()) or not ASKING.search(tail_text.lower()):
        return []
    head = read(head_text, now)
    if head.intent != "faq" or not head.faq_confident or not head.own_topic or head.asks.cost \
            or any(JOB_TOPICS & set(h.entry.topics) for h in head.faq_answers):
        return []  # "how much | is a 4090 per month": a price asked in two words is no service question
    tail = read(tail_text, now)
    if tail.intent not in ("price", "size", "cost") or not _stands_alone(tail):
        return []
    return [head, tail]


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
    tail = read(tail_text, now)
    if not _figures_of_its_answer(tail_text, tail):
        return []  # a figure of its own belongs to a job ("2 天的任务"), not to the FAQ's question
    if _currency_of_it(tail):  # "A800 跑 8 小时多少钱 要多少人民币": that price in yuan, not what ₮ is
        return []
    if tail.asks.cost and whole.intent == "cost":  # "…要跑多久 多少钱(不算下载)", "…and what's the cost?":
        return []  # the cost of the job the message states
    if tail.intent != "faq" or not tail.faq_confident or any(JOB_TOPICS & set(h.entry.topics) for h in tail.faq_answers):
        return []
    head = read(head_text, now)
    if not _stands_alone(head) or head.intent == "faq":
        if own:
            return []  # the part before asks nothing of its own
        head = replace(whole, parts=[])
    return with_subject([head, tail])


# "两周呢", "一个月的呢", "what about two weeks", "and for a month": a clause asking the same again for another length
OTHER_LENGTH = lazy(r"^(?:那么?|如果|要是|改成|换成)?\s*租?\s*的?\s*(?:呢|多少钱?|怎么算)?\s*呢?$"
                    r"|^(?:and|or|then)?\s*(?:(?:what|how)\s+about)?\s*(?:for|a|an)?$", re.IGNORECASE)


UNIT_CHOICE = lazy(r"\b(?:hourly|daily|weekly|monthly|yearly|annually)\b|按(?:小时|天|周|月|年)|[周月年]付|还是|\bor\b", re.IGNORECASE)


def _has_length(norm: str) -> bool:
    return f.duration(norm) != (None, None) or YEARLY.search(norm) is not None


def _length_only(clause: str) -> bool:
    """A comma-joined clause that names a length and nothing else but "呢" / "what about" ("8卡h100一周多少，
    两周呢", "月付多少 年付呢"): the price before it asked again for that length (`of_the_last`), its own question."""
    norm = normalize(clause)
    if not _has_length(norm) or not ("呢" in norm or re.search(r"\b(?:about|and|or)\b", norm)):
        return False
    if len(UNIT_CHOICE.findall(norm)) >= 2:
        return False  # "weekly or monthly?", "按周还是按月呢": which unit to buy the length in, asked of the price
    return OTHER_LENGTH.match(" ".join(YEARLY.sub(" ", f.without_durations(norm)).split())) is not None


def length_clauses(text: str) -> list[str]:
    """A question then other lengths asked of it, split by a comma or typed after a bare space ("a6000
    一周多少，两周呢", "32b qlora 一周多少 两周呢", "a week of an a6000, and what about two weeks"): the
    clauses, the first with its own length; [] when the message is not of that shape."""
    for splitter in (CLAUSES, COMMA, UNMARKED):
        clauses = [c for c in splitter.split(text[:MAX_CLAUSE_TEXT]) if c.strip()][:MAX_CLAUSES]
        if len(clauses) >= 2 and all(_length_only(c) and not takes_back(normalize(c)) for c in clauses[1:]) \
                and _has_length(normalize(clauses[0])):
            return clauses
    return []


def _faq_beside(parts: list[Parsed]) -> bool:
    """Two comma-joined parts that are two questions: a job or price, and a FAQ question on a subject of
    its own that states nothing the first could use (no card, field, currency or money: "年付打几折")."""
    faq = [p for p in parts if p.intent == "faq"]
    if len(parts) != 2 or len(faq) != 1 or not faq[0].own_topic:
        return False
    p, r = faq[0], faq[0].rental
    # "…for a year, repeat purchase": a rental term (add-on, discount, length, currency) is the price's own
    # ("年付打几折" asks what the yearly discount is: the FAQ's)
    return not (p.request.stated() or r.provider or r.currency or r.duration_days or r.duration_hours or p.asks.budget
                or replace(p.price, annual=False) != type(p.price)() or any("memory" in h.entry.topics for h in p.faq_answers))


# a clause that only changes the last question: "两周呢", "a6000 呢", "what about two weeks?" (not "那 gpuli
# 能开发票吗", a question of its own)
CHANGE_ONLY = lazy(r"^(?:what|how)\s+about\b|^(?![^呢]*(?:[吗么?？]|多少|几|什么|怎么|如何|能|可以))[^呢]*呢\s*$", re.IGNORECASE)


def _change_beside_faq(clauses: list[str], parts: list[Parsed]) -> list[Parsed]:
    """"两周呢 另外要不要买 IB", "what about two weeks? also, do we need InfiniBand": a change to the last
    question (a length, a card, a count with "呢" / "what about", standing on nothing of its own) and a
    question the FAQ answers on its own. Read as one, the change made it a follow-up and the second
    question was lost; it is two: the change, which the core applies to the last turn (`stands_alone`
    false, `follow_up` true), and the FAQ's answer. [] for any other shape."""
    if len(parts) != 2 or not parts[0].follow_up or _stands_alone(parts[0]) or parts[0].intent in ("faq", "smalltalk", "wallet") \
            or not CHANGE_ONLY.search(normalize(clauses[0]).strip()) or parts[1].intent != "faq" or not _faq_of_its_own(clauses[1]):
        return []
    first, r = parts[0], parts[0].rental
    if not (first.request.stated() or r.duration_days or r.duration_hours or r.provider or r.gpu):
        return []
    return with_subject(parts)


def _currency_of_it(p: Parsed) -> bool:
    """A clause that names a currency and nothing else to price asks the clause before it in that
    currency, whatever FAQ entry its words also match (the ₮ entry answers "what is ₮ in yuan")."""
    r = p.rental
    return bool(r.currency) and not (p.request.stated() or r.gpu or r.provider or r.amount or r.duration_days
                                     or r.duration_hours)


def stands_alone(p: Parsed) -> bool:
    """A reading that is a whole question by itself: a job with what it needs, a card's price, a confident
    FAQ answer; one that is not ("两周呢", "4090 呢") changes the question before it."""
    return _stands_alone(p)


def _stands_alone(p: Parsed, beside_faq: bool = False) -> bool:
    """A clause read on its own is a question of its own. An add-on's price with no card ("storage volume
    price per GB?") is one only beside a FAQ question ("gpuli refund policy? and …"); beside a rental it
    adds to that rental ("8卡 h100 包月 另外加 2000G 存储卷 多少钱")."""
    q = p.request
    if q.exclude and not (q.gpu or q.model or q.params_b):
        return False  # "…which card? not the 4090", "不要 4090 呢": a card ruled out of the question before
    if p.intent in ("size", "cost", "checkpoint", "inference"):
        return not p.missing
    if p.intent == "price":
        return bool(p.request.gpu or (beside_faq and p.price.add_ons))
    return p.intent == "faq" and p.faq_confident


# what joins two rentals in one sum or list: "一个月 4090 + 一周 a100", "a week of 4090 and a month of a6000"
JOINER = lazy(r"[+＋,，;；/]|加上|外加|再加|以及|\band\b|\bplus\b|\bwith\b")


def own_lengths(words: str) -> dict[str, tuple[float | None, float | None]]:
    """Each card with its own (days, hours) when every card has one and they differ; {} otherwise (one
    length for all the cards named). Read first within the pieces the joiners cut the message into
    ("一个月 4090 + 一周 a100 sxm": the month is the 4090's, whichever side of it), else after each card up
    to the next ("cloudgpu 3090 跑 8 小时 + 4090 跑 3 小时", "a 4090 for a week plus an a6000 for two weeks")."""
    found = find_gpus(words)
    if len(found) < 2:
        return {}
    cuts = [0, *(m.end() for m in JOINER.finditer(words)), len(words)]
    pieces = [(a, b) for a, b in pairwise(cuts) if any(a <= g.start < b for g in found)]
    spans = [(a, b) for a, b in pieces if sum(a <= g.start < b for g in found) == 1]
    if len(spans) != len(found) or len(pieces) != len(found):  # not one card to a piece: what follows each card
        spans = [(g.end, found[i + 1].start if i + 1 < len(found) else len(words)) for i, g in enumerate(found)]
    lengths: dict[str, tuple[float | None, float | None]] = {}
    for g, (a, b) in zip(found, spans, strict=True):
        days, hours = f.duration(words[a:b])
        if days is None and hours is None:
            return {}
        lengths[g.ident] = (days, hours)
    return lengths if len(set(lengths.values())) > 1 else {}
