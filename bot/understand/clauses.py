"""Clauses of one message read against each other: where one message asks two questions (`questions`); a clause
asking only the cost is about the job the others state, one naming only a length prices the setup before it, and a
FAQ clause naming no card asks of the card before it. Split from the parser to keep each module small."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING

from bot.understand import asks as ask_words
from bot.understand import fields as f
from bot.understand.card_counts import takes_back
from bot.understand.clause_marks import (
    ASKING,
    BARE_ASK,
    CLAUSES,
    COMMA,
    DIGIT,
    FILLER,
    FITS,
    MAX_CLAUSE_TEXT,
    MAX_CLAUSES,
    TERM_UNIT,
    UNMARKED,
    WISHED,
    YEAR_DAYS,
    YEARLY,
    numbered,
    unjoined,
)
from bot.understand.entities import find_gpus, find_provider
from bot.understand.fit_beside_price import card_priced, job_fit_on_card, priced_first
from bot.understand.lazy import lazy
from bot.understand.listed import after_faq_listed, changes_listed
from bot.understand.normalize import normalize
from bot.understand.options_named import named_options
from bot.understand.other_card import card_of_the_last, checkpoint_besides, job_on_other_card
from bot.understand.own_lengths import each_own_length, own_end
from bot.understand.setups import each_setup
from bot.understand.standing import currency_of_it, faq_of_its_own, on_memory, stands_alone, with_subject
from bot.understand.term_change import term_after
from bot.understand.unmarked_faq import read_once, unmarked_faq

if TYPE_CHECKING:
    from bot.understand.parser import Parsed


def cost_of_it(clause: str, p: Parsed) -> bool:
    """A clause that only asks what it costs (or how long), at most naming where: about the job the
    other clauses state ("…每步 1.2 秒，要训多久？cloudgpu 上多少钱？"). An add-on's price ("gpuli 存储卷多少钱一个
    GB") is a price of its own, not the job's."""
    q, norm = p.request, normalize(clause)
    if p.price.add_ons:
        return False
    named = find_provider(norm)
    bare = norm[:named.start] + norm[named.end:] if named else clause
    if named or len(" ".join(bare.split())) > BARE_ASK:
        # "what does it cost at cloudgpu (for 10 hours)", "monthly price?": the ask, the place and a length,
        # nothing of its own
        bare = FILLER.sub(" ", ask_words.without_asks(f.without_durations(normalize(bare))))
    return len(" ".join(bare.split())) <= BARE_ASK and p.asks.cost and not (q.model or q.params_b or q.gpu)


def of_the_last(parts: list[Parsed], clauses: list[str] | None = None) -> list[Parsed]:
    """A clause naming only a length ("hourly price? and what's 8 hours?") prices the setup before it for that length; one naming only another provider, that card there in its own unit ("a100 80g 在 gpuli 周租多少，CloudGPU 按小时又是多少")."""
    out = parts[:1]
    for i, p in enumerate(parts[1:], start=1):
        last, r = out[-1], p.rental
        own = p.request.model or p.request.params_b or p.request.gpu or r.provider or p.cards
        days, hours = r.duration_days, r.duration_hours
        if not (days or hours) and clauses is not None and YEARLY.search(clauses[i]) and _length_only(clauses[i]):
            days = YEAR_DAYS  # "月付多少 年付呢": the same rental paid by the year
        if not own and last.intent == "price" and last.request.gpu and (days or hours):
            # "…and is that cheaper than a month if we only need 2 days?": the span by both units
            p = replace(last, rental=replace(last.rental, duration_days=days, duration_hours=hours),
                        asks=replace(last.asks, hours=(), both_units=p.cues.other_unit), parts=[])
        elif clauses is not None and (moved := card_of_the_last(clauses[i], p, last)) is not None:
            p = moved  # "一万网络 3090 一个月多少？T4 呢？": the T4 there, for the month
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
_UNITS = ((None, 1.0, lazy(r"按\s*小?时|每小时|时租|(?<!实)时价|\bhourly\b|\bper\s+(?:hour|hr)\b|\bby\s+the\s+hour\b|一小时", re.IGNORECASE)),
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


def fit_then_cost(clauses: list[str], parts: list[Parsed], whole: Parsed) -> list[Parsed]:
    """"7b qlora 一张4090够吗？gpuli weekly 多少钱？": whether the job fits the card named, then what the
    whole message asks it to cost (the card, where and for how long); [] when no clause asks a fit, so
    the message is the one cost question it reads as."""
    fit = next((p for c, p in zip(clauses, parts, strict=True)
                if p.intent == "size" and not p.missing and p.request.gpu and FITS.search(normalize(c))), None)
    if fit is None and whole.intent == "cost" and not whole.missing and whole.request.gpu and whole.asks.budget is None and any(
            p.request.gpu == whole.request.gpu and not (p.request.model or p.request.params_b) and FITS.search(normalize(c))
            for c, p in zip(clauses, parts, strict=True)):
        # "32b lora，一张 a100 80g 够吗，月租多少": the fit clause names the card only, the job is the message's
        fit = replace(whole, intent="size", parts=[], missing=[], asks=replace(whole.asks, cost=False, sizing=True),
                      rental=replace(whole.rental, duration_days=None, duration_hours=None, term=False),
                      request=whole.request.model_copy(update={"hours": None, "days": None}))
    own = None if fit is not None else job_fit_on_card(clauses, parts, whole)  # "l40s 包月多少，能跑 14b lora 不": the price
    fit = fit or own  # clause's card; the answers in the order asked ("8卡h200 包月多少，能跑72b全参吗": the month first)
    if fit is None or whole.intent != "cost":
        return []
    cost = replace(whole, parts=[])
    q = whole.request
    if whole.asks.deadline is not None and (whole.rental.duration_days or whole.rental.duration_hours) \
            and not (q.tokens or q.samples or q.step_seconds or q.hours or q.days):
        # "周四要交 32b qlora 用 a6000 够吗 gpuli 一周多少": with no data the run's length is unknown, so the
        # deadline judges nothing; the fit and the week asked are the answers (the week is no run of a week)
        fit, cost = _undated(fit), _undated(cost)
    return [*([cost, fit] if own is not None and priced_first(clauses, parts) else [fit, cost]), *checkpoint_besides(clauses, parts, whole)]


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


def _term_price(clause: str, p: Parsed, whole: Parsed) -> bool:
    """A clause asking only a term's price: a unit ("周租", "weekly") and an ask, no job of its own and
    no other card ("顺便问下周租多少", "also what is the weekly rent", "4090 包月多少"); a price asked without a mark
    ("…feasible? and monthly price?": the mark went with the split) asks as well."""
    q = p.request
    return bool((p.rental.duration_days or p.rental.duration_hours) and TERM_UNIT.search(normalize(clause))
                and (ASKING.search(clause.lower()) or p.asks.cost) and not (q.model or q.params_b or q.tokens or q.samples)
                and q.gpu in (None, whole.request.gpu))


# a count of machines changed with 呢, then another question with or without a mark ("两台呢 要加 IB 吗", "3 台呢？需要 IB
# 吗"); "两台之间 IB 是多少 G 的" changes nothing: one question
NODES_THEN = lazy(r"^\s*((?:\d+|[两二三四五六七八九十])\s*(?:台|个\s*节点|台机器)\s*(?:的话)?\s*呢)\s*[,，?？!！\s]\s*(\S.{3,})$")


def questions(text: str, whole: Parsed, now: datetime | None, read: Callable[[str, datetime | None], Parsed]) -> list[Parsed]:
    """"H100 一个月多少钱？训一次 8B LoRA 要多久？": two questions that each stand on their own (a
    price with its card, a sizing or cost with its model, a confident FAQ answer) and ask different
    things are read one by one, so each gets its answer. One question split by a comma is not two.
    `read` is the parser's reading of one clause."""
    read = read_once(read)  # a clause tried by two rules below ("…下周一前能跑完吗？顺便问下周租多少") is read once
    if options := named_options(text, whole, now, read):  # "gpuli 4090 weekly, or cloudgpu 3090 for ~20h?": each as named
        return options
    if (whole.intent == "cost" and whole.asks.both_units and not whole.request.gpu) or (whole.intent == "price" and "volume" in whole.price.add_ons and not whole.request.gpu and whole.request.params_b):
        return []  # "72b qlora 一个月多少？能周租吗？": one job asked by the month and by the week, priced both ways; "a 500GB dataset for 32b full ft; which storage, what cost?": the volume
    if whole.intent == "price" and whole.asks.both_units and whole.request.gpu and whole.rental.duration_days \
            and whole.rental.duration_days not in (7.0, 30.0) and not whole.rental.term:
        return []  # "合同 28 天，8 卡 H100。按周租 4 次和直接包月哪个划算": that span bought by the week and by the month
    if (whole.intent == "price" and whole.asks.per_card_hour) or (whole.intent == "faq" and whole.asks.band and not re.search(r"多少|几多|\bhow\s+much\b|[?？。]\s*\S", text, re.I)):
        return []  # "gpuli 的 8 卡 H100，单卡每小时合多少": that setup's per-card rate; "yiwan 8x a100 price: list or estimate?" (asking no price) that price's kind
    if ((whole.run is not None and whole.run.step_seconds) or (whole.request.step_seconds and whole.request.samples)) and not whole.faq_confident:
        return []  # "48k samples … how many steps? and at 2.4 s/step how long?": one run, its steps and its time
    if whole.asks.budget is not None and whole.asks.how_long and whole.asks.enough and whole.cues.fit and not whole.rental.term and (
            whole.rental.duration_days or whole.rental.duration_hours):  # "周租能租几周 够跑 14b lora 吗": a unit, no length to cover
        return []  # "$50 能跑多久 够不够跑 30 小时": how long the money lasts and whether it covers that length, one rental
    if split := term_after(text, whole, now, read):
        return split  # "…年付多少 同账户复购呢": the price, then that price bought again
    clauses = (listed := numbered(text[:MAX_CLAUSE_TEXT])) or [c for c in map(unjoined, CLAUSES.split(text[:MAX_CLAUSE_TEXT])) if len(c.strip()) >= 4 or _length_only(c)][:MAX_CLAUSES]
    if len(clauses) < 2 and (nodes := NODES_THEN.match(text[:MAX_CLAUSE_TEXT])):
        clauses = [nodes.group(1), unjoined(nodes.group(2))]  # "两台呢 要加 IB 吗": the count changed, then a question of its own
    if len(clauses) < 2 and (joined := joined_asks(text, whole, now, read) or each_size(text, whole, now, read)
                             or each_setup(text, whole, now, read) or unmarked_faq(text, whole, now, read)):
        return joined
    by_comma = len(clauses) < 2  # "A100 40G 月付多少, 年付打几折?": a comma between two questions of different kinds
    if by_comma:
        if (whole.intent not in ("price", "size", "cost") and not _job_asked_first(text, whole)) or whole.versus \
                or whole.asks.methods_versus or whole.asks.cheaper:
            return []  # "32b qlora vs lora, how much difference?": the clause after the comma asks of the comparison
        clauses = length_clauses(text) or [c for c in COMMA.split(text[:MAX_CLAUSE_TEXT]) if len(c.strip()) >= 4 or _length_only(c)][:MAX_CLAUSES]
        if whole.asks.deadline is not None and whole.request.gpu and len(clauses) >= 2 and TERM_UNIT.search(normalize(text)) \
                and (split := deadline_then_term(clauses, [read(c, now) for c in clauses], whole)):
            return split  # "…周五前能训完吗，月租多少": the job against its deadline, and the term's price
        # each clause is read only when one of them, naming no figure, is a question the FAQ answers with
        # confidence (a look-up costs microseconds, a reading a millisecond): most commas join one question
        if not any(faq_of_its_own(c) or _length_only(c) or place_only(c, clauses[:i]) for i, c in enumerate(clauses) if i):
            return []
    if len(clauses) < 2 or (not listed and any(takes_back(normalize(c)) for c in clauses[1:])):
        return []  # "two h200s? no wait, one h200 per month": one question, the later value read (①… ②换成… is two)
    later = [_read_of_its_card(c, its, now, read) for c, its in zip(clauses[1:], _of_its_card(clauses)[1:], strict=True)]
    if by_comma and _faq_aside(clauses, later, whole):
        return []  # "…qlora on a 4090, how long?": the rules below say one question whatever the first clause reads as
    parts = of_the_last([read(clauses[0], now), *later], clauses)
    if whole.intent == "price" and whole.asks.unit and not any(p.intent == "faq" and p.faq_confident for p in parts):
        return []  # "can I rent a 4090 at gpuli by the day? only need 2 days": whether that unit is rented, for that length
    if len(whole.cards) > 1 and all(p.intent == "price" and p.cards == whole.cards and p.rental.provider == whole.rental.provider
                                    for p in parts) and sum(bool(p.rental.duration_days or p.rental.duration_hours) for p in parts) == 1:
        return []  # "hourly rate of the a800 and the a100 at cloudgpu; difference per 8-hour run?": one comparison, each card
    if _provider_of_the_job(clauses, parts) or _card_of_the_job(clauses, parts):
        return []  # "5 万预算，32B 全参一个月。在一万网络能租到什么配置？": the job's setup there, one question
    if not by_comma and (other := job_on_other_card(parts, clauses)):
        return other  # "14b lora 一张 L40S 够吗？另外 5090 能不能也跑": the job on each card
    if not by_comma and (_setup_of_the_job(clauses, parts) or _dataset_of_the_job(parts) or _deadline_of_the_job(parts)):
        return []  # "72b 全参要多少显存？8卡h100 不开 offload 放得下吗": one job, read whole
    if any(_run_time_of_it(c, p) for c, p in zip(clauses[1:], parts[1:], strict=True)) \
            and any(p.intent in ("size", "cost") and not p.missing for p in parts[:1]):
        return []  # "…一个月多少钱？2000 万 token 3 个 epoch 训一次要多久？": the job's run, read whole (priced and timed)
    if by_comma and not _faq_beside(parts) and not any(_length_only(c) or place_only(c, clauses[:i]) for i, c in enumerate(clauses) if i):
        return []  # "32b 全参，8 卡 h100，一个月多少钱", "8xH100 for a month, in USD please": one question in parts
    if split := deadline_then_term(clauses, parts, whole):  # "…下周一前能跑完吗？顺便问下周租多少"
        return split
    if any(cost_of_it(c, p) for c, p in zip(clauses, parts, strict=True)):  # "…7b lora，一万网络有合适的吗？要多少钱":
        return fit_then_cost(clauses, parts, whole)  # the cost of the job before it (after its fit, when asked)
    if change := _change_beside_faq(clauses, parts):
        return change  # "两周呢 另外要不要买 IB" after a price: that price for two weeks, then the FAQ's answer
    beside_faq = any(p.intent == "faq" and p.faq_confident for p in parts)
    if not all(stands_alone(p, beside_faq) or changes_listed(listed, parts[:i], p) for i, p in enumerate(parts)) or any(currency_of_it(p) for p in parts[1:]):
        return []  # "…for a full day, and what is that in yuan?": the currency of the question before it
    sized = [p for p in parts if p.intent in ("size", "cost") and not p.missing]
    if sized and any(p.intent == "faq" and p.faq_answers and "memory" in p.faq_answers[0].entry.topics
                     and not p.request.stated() for p in parts):
        # "memory requirement? for full FT of a 14B": the memory clause is the sizing's own question ("what's
        # the catch with offload?" names a lever of its own: a question beside the sizing)
        return []
    counts = {p.request.num_gpus for p in parts} - {None}  # "有人说 7b 全参用 4090 能跑…一张 4090 能全参 7B 吗": one job, its count said once
    kinds = {(p.intent, p.request.model, p.request.params_b, p.request.gpu, p.request.num_gpus if len(counts) > 1 else None,
              p.rental.duration_days, p.rental.duration_hours) for p in parts}
    if len(kinds) < 2 or {p.intent for p in parts} == {"faq"}:
        return []  # one question asked twice, or FAQ clauses (already answered one per clause)
    return with_subject(_compared_once(after_faq_listed(listed, parts, whole)))  # "…MI300X per month at gpuli, and does it have NVLink?": it is that card, there


# a later clause asking of "it" ("…mi300x monthly? and what is it good for", "…mi300x 月租多少？它适合干啥")
POINTS_AT_IT = lazy(r"\b(?:it|its|this\s+card|that\s+card|this\s+gpu|that\s+gpu)\b|它|这卡|这张卡|这款卡|那张卡", re.IGNORECASE)


def _of_its_card(clauses: list[str]) -> list[str]:
    """The clauses, each later one that asks of "it" and names no card and no figure of its own asked of the one card the
    first names, when that one names no job ("is a 4090 fine for 14b qlora? need it done by friday, 20 hours": "it" is
    the job)."""
    first = normalize(clauses[0])
    named = find_gpus(first)
    if len(named) != 1 or f.SIZE_B.search(first):
        return clauses
    card = first[named[0].start:named[0].end]
    return [clauses[0], *(f"{card} {c}" if POINTS_AT_IT.search(c) and not DIGIT.search(c) and not find_gpus(normalize(c)) else c
                          for c in clauses[1:])]


def _read_of_its_card(clause: str, of_card: str, now: datetime | None, read: Callable[[str, datetime | None], Parsed]) -> Parsed:
    """A clause asking of "it" read as of the first clause's card only where it has no confident reading of its own:
    "…and does it have NVLink?" or "…and does bandwidth come with it?" are questions of their own (the rental's
    terms, the card's interconnect), "…and what is it good for" means nothing without the card."""
    plain = read(clause, now)
    if of_card == clause or (plain.intent == "faq" and plain.faq_confident):
        return plain
    return read(of_card, now)


# whether the price covers something: "含不含存储", "包括公网 IP 吗", "存储另算吗", "does it include storage", "is storage extra"
INCLUDED_ASK = lazy(r"含不含|包不包(?:含|括)?|带不带|包含|包括|另算|另计|另外(?:收|算|付|加)|单独(?:收|算|付)|额外(?:收|付|算)"
                    r"|\binclud(?:e|es|ed|ing)\b|\bseparately\b", re.IGNORECASE)


def _faq_aside(clauses: list[str], later: list[Parsed], whole: Parsed) -> bool:
    """Two comma-joined clauses whose second is a FAQ reading on no subject of its own, naming no length,
    place, provider or run ("…qlora on a 4090, how long?"): `questions` finds one question in parts whatever
    the first clause reads as (of_the_last leaves such a clause as it is, and no rule before the comma's
    asks more of the first), so that clause need not be read to know it."""
    if len(clauses) != 2 or (whole.intent == "price" and whole.asks.unit):
        return False
    c, p = clauses[1], later[0]
    r = p.rental
    if r.provider or r.duration_days or r.duration_hours or (YEARLY.search(c) and _length_only(c)):
        return False  # of_the_last may make it the first clause's question again
    return p.intent == "faq" and not _own_subject(p) and not _run_time_of_it(c, p) \
        and not (_length_only(c) or place_only(c, clauses[:1]))


def _job_asked_first(text: str, whole: Parsed) -> bool:
    """"gpuli h100 包月多少，怎么充值", "cloudgpu h100 hourly price, when does billing start?": a message the FAQ answers
    whole may still open with a price or a sizing asked of its own card or model, before the comma; its clauses are
    then read (each answered, the figure first). A card named with no ask before the comma ("gpuli h100, does it
    have nvlink?") is the FAQ question's subject."""
    if whole.intent != "faq" or not (whole.request.gpu or whole.request.model or whole.request.params_b):
        return False
    first = COMMA.split(text[:MAX_CLAUSE_TEXT], maxsplit=1)[0]
    return bool(ASKING.search(first.lower()) or PRICE_WORD.search(first.lower())) and bool(DIGIT.search(normalize(first)) or find_gpus(normalize(first)))


# a price asked without a question word ("h100 hourly price", "4090 月租价格")
PRICE_WORD = lazy(r"\b(?:price|pricing|cost|rate)\b|价格|价钱|租金|费用")


def _compared_once(parts: list[Parsed]) -> list[Parsed]:
    """"what does a week of a 4090 cost, and is that cheaper than a month for 2 days?": the week priced is one
    line of the week-against-month comparison after it, so it is asked once, in that comparison."""
    out: list[Parsed] = []
    for p in parts:
        last = out[-1] if out else None
        if last is not None and p.asks.both_units and last.intent == p.intent == "price" and last.request.gpu \
                and last.request.gpu == p.request.gpu \
                and last.rental.duration_days in (7.0, 30.0) and not last.rental.duration_hours and not last.asks.both_units:
            out[-1] = p
        else:
            out.append(p)
    return out


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
        if fit_and_cost and any(cost_of_it(c, p) or (card_priced(p) and ASKING.search(c.lower())) for c, p in zip(clauses, parts, strict=True)) \
                and (found := fit_then_cost(clauses, parts, whole)):
            return found
        if two_jobs and (jobs := _own_jobs(clauses, parts, now, read)):
            return jobs
    return []


OWN_METHOD = lazy(r"\s*(?:q[\s-]?lora|lora|全参(?:微调)?|全量(?:微调)?|full(?:[\s-]*(?:fine[\s-]*tun\w*|ft|param\w*))?)(?![a-z])")


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
    # "14b lora + 7b qlora": a method typed right after each size is that size's own, blanked with it from the others
    # ("7b 和 14b 全参": a method after the last size only is said once for all)
    owns = [(m.start(), m.end(), OWN_METHOD.match(norm, m.end())) for m in f.SIZE_B.finditer(norm)]
    each_own = sum(1 for *_, own in owns if own) >= 2
    spans = [(a, own_end(norm, b + len(own[0]), owns[i + 1][0] if i + 1 < len(owns) else None)) if own and each_own else (a, b) for i, (a, b, own) in enumerate(owns)]
    parts = []
    kept = list(sizes.values())[:MAX_CLAUSES]
    lengths = each_own_length(norm, [m.start() for m in kept])  # "72b … for a month and 7b … for a week": each its own
    for n, keep in enumerate(kept):
        blanked = "".join(" " if any(a <= i < b for a, b in spans if a != keep.start()) else ch
                          for i, ch in enumerate(norm))
        part = read(blanked, now)
        if lengths:
            part = replace(part, rental=replace(part.rental, duration_days=lengths[n][0], duration_hours=lengths[n][1]),
                           asks=replace(part.asks, both_units=False))  # "包月" there is its length, no weekly-vs-monthly
        parts.append(part)
    if not all(p.intent in ("size", "cost") and stands_alone(p) for p in parts) \
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
    if not all(j.intent in ("size", "cost") and stands_alone(j) for j in jobs):
        return []
    return jobs


# a setup asked of a place, with no card of its own: "能租到什么配置", "有什么方案", "what setup can we get there"
SETUP_ASKED = lazy(r"(?:什么|啥|哪些|哪种|怎样的?)\s*(?:配置|方案|机器|组合|卡)|租到?(?:什么|啥|哪些)|能租到|怎么配"
                   r"|\b(?:what|which)\s+(?:\w+\s+)?(?:setup|config\w*|machines?|hardware|options?|box(?:es)?|rigs?)\b", re.IGNORECASE)


def _provider_of_the_job(clauses: list[str], parts: list[Parsed]) -> bool:
    """A job stated in one clause (model, method, a length or budget) and, in a later one, only a provider asked
    which setup it rents for it: where the job is to be rented, not the FAQ on a provider's machines."""
    first = parts[0]
    if first.intent not in ("size", "cost") or not (first.request.model or first.request.params_b) or first.rental.provider:
        return False
    return any(p.rental.provider and not (p.request.model or p.request.params_b or p.request.gpu or p.cards)
               and SETUP_ASKED.search(normalize(c)) for c, p in zip(clauses[1:], parts[1:], strict=True))


# a job clause that asks something of its own ("qwen3 8b lora 显存多大", "does 14b lora fit"): no background
_JOB_ASKED = lazy(r"多大|多高|\b(?:how|what|which|whether)\b|显存|vram|memory|够|放得下|装得下|能跑|\bfits?\b|\benough\b")


def _card_of_the_job(clauses: list[str], parts: list[Parsed]) -> bool:
    """A job stated as background and a later clause pricing a card, no model ("32B 全参项目…8 卡 H100 包一个月多少钱"): one."""
    first = parts[0]
    if first.intent not in ("size", "cost") or not (first.request.model or first.request.params_b) or first.request.gpu \
            or ASKING.search(clauses[0].lower()) or _JOB_ASKED.search(clauses[0].lower()):
        return False
    return any(p.intent == "price" and p.request.gpu and not (p.request.model or p.request.params_b) for p in parts[1:])


def _setup_of_the_job(clauses: list[str], parts: list[Parsed]) -> bool:
    """"72b 全参要多少显存？8卡h100 不开 offload 放得下吗": a later clause naming only how the job runs (card, count, offload,
    ZeRO) and asking whether it fits asks of the job before it: one question, read whole (every setting reaches the verdict)."""
    for i, (clause, p) in enumerate(zip(clauses, parts, strict=True)):
        if i == 0 or p.request.model or p.request.params_b or p.intent == "price" or not p.request.stated():
            continue
        said = normalize(clause)  # "…单张 H100 撑得住吗？不开 8-bit 优化器": a setting stated after the question, asking nothing
        if (FITS.search(said) or WISHED.search(said) or not (ASKING.search(said) or ASKED_OF.search(said))) and any(q.intent in ("size", "cost") and (q.request.model or q.request.params_b) for q in parts[:i]):
            return True
    return False


# a clause asking, with no asking word of the kind ASKING holds: "要是不想 offload 呢", "and what does checkpointing cost"
ASKED_OF = lazy(r"呢\s*$|^\s*(?:要是|如果|假如|那)|\b(?:what|how|which|why|when|where|does|do|is|are|can|could|will|would)\b", re.IGNORECASE)


def _dataset_of_the_job(parts: list[Parsed]) -> bool:
    """"can we do 32b full ft by friday? 8x h100 at gpuli, 20M tokens, 3 epochs": a later clause naming no model, only
    the job's dataset (with its card or provider), is the data of the job asked before it, whatever FAQ entry its
    figures resemble (an entry's answer never uses the user's dataset): one question, read whole, so the deadline
    is judged on that run."""
    for i, p in enumerate(parts):
        q = p.request
        if i and (q.tokens or q.samples) and not (q.model or q.params_b) \
                and any(b.intent in ("size", "cost") and (b.request.model or b.request.params_b) for b in parts[:i]):
            return True
    return False


def _deadline_of_the_job(parts: list[Parsed]) -> bool:
    """"32b 全参 … 8 卡 H100 大概要多久？周五之前能训完吗？", "…how long on 8 h100s? done by friday?": later clauses that
    only ask whether the job is done by a day (no model, card, data or rental length of their own) are the deadline
    of the job asked first: one question, read whole, so the verdict on that deadline leads."""
    first, rest = parts[0], parts[1:]
    return first.intent in ("size", "cost") and bool(first.request.model or first.request.params_b) and bool(rest) and all(
        p.asks.deadline is not None and not (p.request.model or p.request.params_b or p.request.gpu or p.request.tokens
                                             or p.request.samples or p.rental.duration_days or p.rental.duration_hours)
        for p in rest)


def _run_time_of_it(clause: str, p: Parsed) -> bool:
    """A clause that states a dataset and asks how long, naming no model, size or card ("2000 万 token 3 个
    epoch 训一次要多久", "how long for one run of 20M tokens x 3 epochs?"): the run of the job the clause
    before it states, not a question of its own (the FAQ on estimating a run)."""
    q = p.request
    return bool(q.tokens or q.samples) and not (q.model or q.params_b or q.gpu) \
        and ask_words.asks_how_long(normalize(clause))


# "两周呢", "一个月的呢", "what about two weeks", "and for a month": a clause asking the same again for another length
# "跑一整天呢", "要用两天呢", "and if we run it a full day?": the verb of running or renting it may stand before the length
OTHER_LENGTH = lazy(r"^(?:那么?|如果|要是|改成|换成)?\s*(?:要|就|只)?\s*(?:跑|用|租|训练?|开)?\s*的?\s*(?:呢|多少钱?|怎么算)?\s*呢?$"
                    r"|^(?:and|or|then)?\s*(?:(?:what|how)\s+about)?\s*(?:if\s+(?:we|i)\s+)?(?:(?:run|rent|use|keep)(?:\s+it)?\s*)?"
                    r"(?:for|a|an)?$", re.IGNORECASE)


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
    return len(parts) == 2 and len(faq) == 1 and _own_subject(faq[0])


def _own_subject(p: Parsed) -> bool:
    """A FAQ reading on a subject of its own that states nothing a job or price beside it could use."""
    if not (p.own_topic or (p.faq_confident and INCLUDED_ASK.search(p.words))):
        return False  # "…包月什么价，含不含存储？": what the price covers is a subject of its own, the FAQ's
    r = p.rental
    # "…for a year, repeat purchase": a rental term (add-on, discount, length, currency) is the price's own
    # ("年付打几折" asks what the yearly discount is: the FAQ's; "…at Yiwan, annual?", the term alone, is the price's)
    return not (p.request.stated() or r.provider or r.currency or r.duration_days or r.duration_hours or p.asks.budget
                or p.cues.term_frame or replace(p.price, annual=False) != type(p.price)() or any(on_memory(h.entry.topics, normalize(p.words)) for h in p.faq_answers))


# a clause that only changes the last question: "两周呢", "a6000 呢", "what about two weeks?" (not "那 gpuli
# 能开发票吗", a question of its own)
CHANGE_ONLY = lazy(r"^(?:what|how)\s+about\b|^(?![^呢]*(?:[吗么?？]|多少|几|什么|怎么|如何|能|可以))[^呢]*呢\s*$", re.IGNORECASE)


def _change_beside_faq(clauses: list[str], parts: list[Parsed]) -> list[Parsed]:
    """"两周呢 另外要不要买 IB", "what about two weeks? also, do we need InfiniBand": a change to the last
    question (a length, a card, a count with "呢" / "what about", standing on nothing of its own) and a
    question the FAQ answers on its own. Read as one, the change made it a follow-up and the second
    question was lost; it is two: the change, which the core applies to the last turn (`stands_alone`
    false, `follow_up` true), and the FAQ's answer. [] for any other shape."""
    if len(parts) != 2 or not parts[0].follow_up or stands_alone(parts[0]) or parts[0].intent in ("faq", "smalltalk", "wallet") \
            or not CHANGE_ONLY.search(normalize(clauses[0]).strip()) or parts[1].intent != "faq" or not faq_of_its_own(clauses[1]):
        return []
    first, r = parts[0], parts[0].rental
    if not (first.request.stated() or r.duration_days or r.duration_hours or r.provider or r.gpu or first.price.nodes):
        return []
    return with_subject(parts)

