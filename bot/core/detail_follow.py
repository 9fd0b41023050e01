"""A detail of the answer just given, asked in a word or two (bot/understand/detail_ask.py): "gpuli refund?" then
"within how long" is the refund window (1 hour), "qlora vs lora speed" then "how much slower" its 20–40%, "32b 全参
checkpoint 多大" then "存哪" the local NVMe, "72b full ft" then "and the throughput hit?" the offload's 20–50%.

The subject is the last answer's: a FAQ answer's own entry first, then the entries closest to its question with the
detail's words (its siblings on the topic); after a checkpoint or a sizing answer, the entries about that job. The
reply is that entry's answer, led by its clause that holds a figure of the kind asked, at the provider in play."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from collections.abc import Set as AbstractSet
from dataclasses import replace
from functools import cache, lru_cache

from bot.core.context import Context
from bot.messages import Reply, Turn
from bot.understand import faq_terms
from bot.understand.entities import find_provider, providers_named
from bot.understand.faq import CONFIDENT, Hit, faq_index, stem, tokenize
from bot.understand.faq import lookup as faq_lookup
from bot.understand.faq_verdict import verdict_for
from bot.understand.normalize import normalize
from bot.understand.parser import Parsed
from bot.views.faq_answer import SENTENCE_END

# a figure of each kind of detail, in a clause of an answer
FIGURES: dict[str, re.Pattern[str]] = {
    "time": re.compile(r"\d[\d.,]*(?:\s*[–-]\s*\d[\d.,]*)?\s*-?\s*(?:minutes?|mins?|hours?|hrs?|days?|weeks?|months?|seconds?|"
                       r"分钟|小时|天|周|秒|个月)", re.IGNORECASE),
    "amount": re.compile(r"\d[\d.,]*(?:\s*[–-]\s*\d[\d.,]*)?\s*(?:%|×|倍|x\b)|[₮$¥]\s*\d|\d\s*(?:GB|TB)\b|(?:10|[2-9]|[二三四五六七八九十])\s*倍",
                         re.IGNORECASE),
    "place": re.compile(r"nvme|\blocal\b|\bdisk\b|\bvolume\b|object storage|hugging\s*face|本地|[磁硬网]盘|存储卷|对象存储", re.IGNORECASE),
    "instead": re.compile(r"instead|is all you need|recommend|suggest|consider|go with|rather|better|prefer|switch to|"
                          r"就够|足够|建议|改用|换成|不如|而是|推荐|更稳", re.IGNORECASE),
}
CLAUSE_END = re.compile(r"(?<=[；;])\s*")
SIBLINGS = 3  # the closest entries weighed beside the one that answered
TOPIC_KINDS = ("checkpoint", "size")  # knowledge answers a detail may be asked of, besides a FAQ answer


def detail_reply(ctx: Context, parsed: Parsed, text: str, turn: Turn | None, last: Turn | None, asked: str | None,
                 answer: Callable[[Parsed], Reply]) -> Reply | None:
    """The reply to a detail of the last answer, led by its figure; None when the message asks no detail of it."""
    q = parsed.request
    if turn is None or q.model or q.params_b or q.gpu or q.method or q.num_gpus or parsed.parts or _reads_the_book(parsed):
        return None
    kind = parsed.cues.detail
    if kind is None or _asks_of_the_job(parsed, last if asked is not None else turn):
        return None
    provider = parsed.rental.provider or turn.data.get("provider") or None
    # a priced setup's figures are its prices, never a detail; its speed ("and the throughput hit?") is the job's
    job_topic = turn.kind in TOPIC_KINDS and (not turn.data.get("setup") or parsed.cues.speed_asked)
    subject = asked if asked is not None else job_words(turn) if job_topic else None
    if subject is None or (asked is None and not _asks_beyond_the_job(kind, parsed)):
        return None
    method = None if asked is not None else (turn.data.get("request") or {}).get("method")
    found = _best_clause(kind, subject, text, parsed.cues.detail_rest, provider, ctx.lang, own_first=asked is not None,
                         method=method, topic="checkpoints" if asked is None and turn.kind == "checkpoint" else None)
    if found is None:
        return None
    hit, clause = found
    own = _own_entry(parsed) if asked is not None else None  # after a job's answer, a detail of its plan ("吞吐掉多少")
    if own is not None and hit.entry.id not in (own, turn.data.get("entry")):
        return None  # "能退款吗" then "最少充多少": the top-up minimum asked whole, not a figure of another entry's
    if _a_subject_of_its_own(parsed.cues.detail_rest, hit, clause if asked is None else None, provider):
        return None
    reply = entry_led(parsed, hit, clause, provider, answer)
    if reply is None:
        return None
    under = last if asked is not None else turn
    reply.turn = Turn("faq", {"text": f"{subject} {text}", "provider": provider, "entry": hit.entry.id,
                              "prev": {"kind": under.kind, "data": under.data} if under else None})
    return reply


def _reads_the_book(parsed: Parsed) -> bool:
    """Whether the message reads the asker's own wallet ("我余额多少", "what's in my wallet", "我的月预算呢"): a look at
    the book, asked whatever answer came before, never a figure of that answer's."""
    w = parsed.wallet
    return parsed.intent == "wallet" and w is not None and w.kind in ("balance", "rentals", "history", "budget_show")


def _own_entry(parsed: Parsed) -> str | None:
    """The entry a message asks on its own, confidently and on its own topic, in no follow-up's frame: a question
    that stands alone is a new question, whatever detail of a third entry its words come near (a detail of the
    answer just given, "should I offload the optimizer" then "ok how much slower then", is still that answer's)."""
    if parsed.intent != "faq" or not parsed.faq_confident or not parsed.own_topic or parsed.follow_up or not parsed.faq_answers:
        return None
    return parsed.faq_answers[0].entry.id


def _asks_of_the_job(parsed: Parsed, under: Turn | None) -> bool:
    """Whether the message asks something of the job or rental beneath instead: its memory or spec ("每卡显存多少"),
    the size of its weights ("how big is that" after which weights to download: bot.core.facts_follow), its price
    in a currency ("人民币多少"), or, over a rental, its price for another term ("年付多少", "一个月多少")."""
    a = parsed.asks
    if a.memory_figure or a.per_card_memory or a.per_card or a.sizing or a.spec or a.size_alone or a.weights or parsed.rental.currency:
        return True
    if parsed.cues.which_card and under is not None and under.kind in ("size", "cost"):
        return True  # "which card is roomy instead?" after a FAQ answer on top of a sizing: that job's card
    rental = under is not None and under.kind in ("size", "price", "cost")
    return rental and bool(a.cost or parsed.rental.duration_days or parsed.rental.duration_hours or parsed.cues.yearly)


def _a_subject_of_its_own(rest: str, hit: Hit, clause: str | None, provider: str | None) -> bool:
    """Whether the words beside the asking words name another entry's subject ("where are the datacenters" after
    where checkpoints go: the regions), sharing nothing with the question or keywords of the FAQ entry found
    ("slower" meets QLoRA's "how much slower", "能恢复" the failure entry's "多久恢复"); after a job's answer, with
    the clause found (`clause`: "SLA 是多少" after a sizing is the SLA, "throughput hit" meets the offload's cost);
    `rest` is what the message says beside its asking words (Cues.detail_rest)."""
    if not rest:
        return False
    other, _ = faq_lookup(rest, provider)
    if other is None or other.entry.id == hit.entry.id:
        return False
    e = hit.entry
    own = clause if clause is not None else " ".join([e.question.zh, e.question.en, *e.keywords.zh, *e.keywords.en])
    # a lone Chinese character shared is no shared subject: "gpuli 存储卷 多少钱" meets "存档" and "充钱" on 存 and 钱 only
    return not {w for w in clause_words(rest) & clause_words(own) if len(w) > 1 or w.isascii()}


def job_words(turn: Turn) -> str | None:
    """The job a checkpoint or sizing answer was about, as words a FAQ question would use ("32B full checkpoint")."""
    request = turn.data.get("request") or {}
    if not isinstance(request, dict) or not request.get("params_b"):
        return None
    words = [f"{float(request['params_b']):g}B", str(request.get("method") or "")]
    if turn.kind == "checkpoint":
        words.append("checkpoint")
    if request.get("gpu"):
        words.append(str(request["gpu"]))
    return " ".join(w for w in words if w)


def _asks_beyond_the_job(kind: str, parsed: Parsed) -> bool:
    """After a sizing, "how long" or "how much" alone asks the run's time or price, and so does an ask of its cost
    (answered elsewhere): a detail is taken only with a word of its own ("throughput hit", "存哪") or a provider
    asked for its advice."""
    if kind == "time" or parsed.asks.cost or parsed.rental.duration_days or parsed.rental.duration_hours:
        return False  # "how much does that run", "那租下来多少钱": that job's price
    if kind == "instead":
        return False  # "what does cloudgpu recommend" after a sizing: that job's pick at the provider, priced there
    return kind == "place" or bool(clause_words(parsed.cues.detail_rest))


def _best_clause(kind: str, subject: str, text: str, rest: str, provider: str | None, lang: str, own_first: bool,
                 method: str | None, topic: str | None = None) -> tuple[Hit, str] | None:
    """(the entry, its clause) that best answers the detail: after a FAQ answer its own entry first, then its
    siblings on the topic; after a job's answer, the entries closest to the job with the detail's words (after a
    checkpoint's answer, those on checkpoints: `topic`)."""
    own = faq_lookup(subject, provider)[0] if own_first else None
    _, near = faq_lookup(f"{subject} {text}", provider)
    if topic is not None:
        index = faq_index()
        near = [h for h in index.search(f"{subject} {text}", limit=len(index.entries), provider=provider)
                if topic in h.entry.topics]
    candidates: list[Hit] = [own] if own is not None else []
    for h in near[:SIBLINGS]:
        if all(h.entry.id != c.entry.id for c in candidates) and (own is None or set(h.entry.topics) & set(own.entry.topics)):
            candidates.append(h)
    asked = clause_words(rest)
    best: tuple[float, Hit, str] | None = None
    for hit in candidates:  # the first entry holding a figure of that kind answers: its own before a sibling's
        for clause in _clauses(hit.entry.answer.zh if lang == "zh" else hit.entry.answer.en):
            if not FIGURES[kind].search(clause):
                continue
            score = 2.0 * len(asked & clause_words(clause)) + _provider_fit(clause, provider) \
                - (2.0 if _other_method(clause, method) else 0.0)
            if best is None or score > best[0]:
                best = (score, hit, clause)
        if best is not None:
            break
    if best is None and kind == "instead" and own is not None:
        # "梯度累积能省显存吗" then "那啥能省": the answer said no and names no other way; the closest entry on its topic
        # is the way that does (gradient checkpointing), answered whole
        return next(((c, "") for c in candidates if c is not own), None)
    if best is None:
        return None
    return best[1], _as_lead(best[2])


METHODS = {"full": re.compile(r"full|全参", re.IGNORECASE), "lora": re.compile(r"(?<!q)lora", re.IGNORECASE),
           "qlora": re.compile(r"qlora|4-bit|4 位", re.IGNORECASE)}


def _other_method(clause: str, method: str | None) -> bool:
    """Whether `clause` is about another method than the job's ("Full fine-tuning is another story" after a LoRA)."""
    if method not in METHODS:
        return False
    return not METHODS[method].search(clause) and any(p.search(clause) for m, p in METHODS.items() if m != method)


def _as_lead(clause: str) -> str:
    """A clause standing as a line of its own: its closing semicolon or comma dropped, a sentence's capital."""
    clause = clause.rstrip("；;，, ")
    if not clause:
        return clause
    if not clause.endswith(("。", ".")):
        clause = clause + ("。" if re.search(r"[\u3400-\u9fff]", clause) else ".")
    return clause[0].upper() + clause[1:] if clause[0].islower() and not providers_named(clause.split()[0]) else clause


def _clauses(answer: str) -> list[str]:
    return [c.strip() for s in SENTENCE_END.split(answer) if s and s.strip() for c in CLAUSE_END.split(s) if c.strip()]


def _provider_fit(clause: str, provider: str | None) -> float:
    if provider is None:
        return 0.0
    named = providers_named(normalize(clause))
    if not named:
        found = find_provider(normalize(clause))
        named = [found.ident] if found is not None and not found.fuzzy else []
    return -3.0 if named and provider not in named else 0.0


def entry_led(parsed: Parsed, hit: Hit, lead: str | None, provider: str | None,
               answer: Callable[[Parsed], Reply]) -> Reply | None:
    """The FAQ reply of `hit` at `provider`, led by `lead` (a clause of its answer) unless the answer opens with it;
    None when the FAQ handler answered with no entry."""
    reply = answer(replace(parsed, intent="faq", faq=[hit], faq_confident=True, faq_answers=[hit], missing=[],
                           follow_up=False, rental=replace(parsed.rental, provider=provider)))
    items = reply.data.get("items") if reply.kind == "faq" else None
    if not items:
        return None
    if lead and not str(items[0].get("answer") or "").startswith(lead.rstrip("。.")):
        items[0]["lead"] = lead
    return reply


def entry_words(hit: Hit) -> frozenset[str]:
    """The words of an entry's questions and keywords, both languages: what a message naming it outright shares."""
    e = hit.entry
    return clause_words(" ".join([e.question.zh, e.question.en, *e.keywords.zh, *e.keywords.en]))


@lru_cache(maxsize=4096)
def clause_words(text: str) -> frozenset[str]:
    """The stemmed words of `text`: cached, as the same entries' clauses are read for every follow-up."""
    return frozenset(stem(w) for w in tokenize(text))


def topic_reply(ctx: Context, parsed: Parsed, turn: Turn | None, asked: str | None,
                answer: Callable[[Parsed], Reply]) -> Reply | None:
    """A short question about the topic of the FAQ answer just given, answered from that topic: "8-bit 优化器能省
    多少显存" then "长周期预训练也建议用吗" (its own answer's clause on long pretraining), "QLoRA 效果会掉吗" then
    "那训练慢多少" (its 20–40%, not the slow-training checklist), "余额不够会怎样" then "那 checkpoint 呢" (what
    is left after the instance is destroyed, not gradient checkpointing), "zero2 or zero3?" then "what's the comm cost
    vs ddp?" (ZeRO-3's traffic), "how long is data kept" then "do they warn us before that?" (the reminders).

    The entry answering is the one just given when a clause of it shares a word with the message, else the closest
    entry on its topics (its siblings) whose answer does; a message that confidently asks an entry off that topic
    and reads as no follow-up ("训练很慢怎么排查") is a question of its own. The reply leads with that clause."""
    q = parsed.request
    on_checkpoints = asked is None and turn is not None and turn.kind == "checkpoint"
    if on_checkpoints and turn is not None:  # "32b 全参 checkpoint 存哪" then "留几份合适": the entries on checkpoints
        asked = job_words(turn)
    if asked is None or turn is None or q.gpu or q.num_gpus or parsed.parts or len(parsed.words) > TOPIC_TEXT:
        return None
    if parsed.intent in ("wallet", "help", "export", "price") or (parsed.intent == "size" and parsed.asks.memory_figure) \
            or parsed.asks.size_alone or parsed.asks.weights \
            or (parsed.intent in ("size", "cost") and (
            not parsed.missing or q.model or q.params_b)) or (parsed.intent != "faq" and (q.model or q.params_b)):
        return None  # a job of its own; "7b 全参 能省多少" after the 8-bit optimizer asks that answer's 7B
    beneath = (turn.data.get("prev") or {}).get("kind") if turn is not None else None
    if parsed.cues.which_card and beneath in ("size", "cost"):
        return None  # "which card is roomy instead?": the job beneath's card (bot.core.fit_follow)
    changes = q.method or q.model or q.params_b or q.seq_len or q.zero is not None or q.offload or q.optimizer \
        or q.lora_rank or parsed.asks.sizing or parsed.asks.enough
    if parsed.rental.duration_hours or parsed.rental.duration_days or parsed.asks.budget is not None \
            or (parsed.cues.providers and parsed.asks.frame_only) or (beneath in ("size", "cost", "price") and changes) \
            or (on_checkpoints and changes):  # "那换成 LoRA 呢" after a checkpoint's size: that job's checkpoint, changed
        # "cloudgpu 8h 多少", "预算 1w 够吗", "where would the bf16 lora fit instead", "zero2 行不行", "24g 卡够吗": the job or
        # rental beneath, changed or weighed; "and at
        # cloudgpu?": the question just asked, asked there (bot.core.faq_context.asked_elsewhere)
        return None
    provider = parsed.rental.provider or turn.data.get("provider") or None
    index = faq_index()
    entry = next((e for e in index.entries if e.id == turn.data.get("entry")), None)
    own = Hit(entry, 1.0) if entry is not None else faq_lookup(str(asked), provider)[0]
    if on_checkpoints:
        own = next((h for h in index.search(f"checkpoint {parsed.words}", limit=len(index.entries), provider=provider)
                    if "checkpoints" in h.entry.topics), None)
    if own is None or asked is None:
        return None
    siblings = {e.id for e in index.entries if set(own.entry.topics) & set(e.topics)}
    mine = parsed.faq_answers[0] if parsed.intent == "faq" and parsed.faq_confident and parsed.faq_answers else None
    if mine is not None and mine.entry.id == own.entry.id:
        return None  # the same question again
    # a lone Chinese character ("天" of "今天吃啥") is no shared word: chatter never meets "7 天" in the answer just given
    words, context, kind = {w for w in clause_words(parsed.words) if len(w) > 1 or w.isascii()}, clause_words(asked), parsed.cues.detail
    if not words:
        return None
    found = sharing_clause(own, words, context, ctx.lang, kind)
    # a method named ("and for lora?") is a subject of its own, asked of that method: never an aspect of the last answer
    if found is not None and not parsed.request.method and aspect_alone(parsed.words, words, own):
        return _topic_led(parsed, own, found[1], provider, answer, asked, turn)  # "any minimum?" after the top-ups
    shared = (found or (0.0, ""))[0]
    if mine is not None and mine.entry.id in siblings and shared_weight(words & clause_words(f"{mine.entry.question.zh} {mine.entry.question.en}")) > shared:
        return None  # "那梯度检查点呢" after gradient accumulation: the sibling it names says more than that answer
    if mine is not None and mine.entry.id in siblings and not (parsed.follow_up or parsed.cues.refers_back or parsed.cues.compared) \
            and (shared_weight(words & entry_words(mine) - entry_words(own)) > shared or parsed.cues.meaning):
        # "能退款吗" then "cloudgpu 余额用完了实例会怎样": pointing at nothing, and the entry it asks names more of it
        # than any clause of the answer just given (or it asks what a word means, "预授权是啥意思"): a new question.
        # Words the entry just answered names too ("能省多少" after the 8-bit optimizer) single out neither
        return None
    if mine is not None and mine.entry.id not in siblings and not parsed.follow_up:
        # a question of its own off the topic just answered, unless the answer just given says more of it
        theirs, ours = sharing_clause(mine, words, set(), ctx.lang, kind), sharing_clause(own, words, context,
                                                                                           ctx.lang, kind)
        if ours is None or (theirs is not None and theirs[0] >= ours[0]):
            return None
    ranked = index.search(parsed.words, limit=len(index.entries), provider=provider, floor=0.0)
    near = {h.entry.id for h in ranked[:TOPIC_RANKED]}  # the siblings closest to the message, in the order of
    # the question just asked with it: "余额不够会怎样" then "那 checkpoint 呢" is what a destroyed instance keeps
    both = index.search(f"{own.entry.question.zh} {own.entry.question.en} {parsed.words}", limit=len(index.entries),
                        provider=provider, floor=0.0)
    others = [h for h in both if h.entry.id in siblings & near and h.entry.id != own.entry.id]
    if mine is None and ranked and ranked[0].score >= CONFIDENT and ranked[0].entry.id not in siblings:
        others.append(ranked[0])  # "do they warn us before that?": confident, wanting only a GPU word
    other = next(((h, c) for h in others if (c := sharing_clause(h, words, context, ctx.lang, kind)) is not None), None)
    if mine is not None and mine.entry.id not in siblings and shared_weight(words & entry_words(mine)) > max(
            found[0] if found is not None else 0.0, other[1][0] if other is not None else 0.0):
        # "不用的时候还扣钱吗" then "那 checkpoint 怎么保存": the entry the message names outright says more of it
        # than any clause on the topic just answered (a "保存" in the billing's time estimate): its own question
        return None
    if parsed.cues.yes_no and verdict_for(own.entry, parsed.words, provider) is not None:
        hit, lead = own, None  # "ib 多少钱" then "LAS-1 有吗": the answer just given settles it for that term (no, there)
    elif found is not None and (other is None or found[0] >= other[1][0]):
        hit, lead = own, found[1]  # the answer just given holds it: that clause leads
    elif other is not None:
        hit, lead = other[0], None  # a sibling's own answer leads with its verdict
    elif on_checkpoints and own.score >= CONFIDENT:
        hit, lead = own, None  # "要留几份" after a checkpoint's size: the entry on checkpoints it asks
    elif (sure := next((h for h in ranked[:TOPIC_RANKED] if h.entry.id in siblings and h.score >= CONFIDENT
                        and words & entry_words(h)), None)) is not None:
        hit, lead = sure, None  # "留几份合适" after where checkpoints go: the topic's entry it names outright
    else:
        return None
    return _topic_led(parsed, hit, lead, provider, answer, asked, turn)


def _topic_led(parsed: Parsed, hit: Hit, lead: str | None, provider: str | None, answer: Callable[[Parsed], Reply],
               asked: str, turn: Turn) -> Reply | None:
    reply = entry_led(parsed, hit, lead, provider, answer)
    if reply is None:
        return None
    reply.turn = Turn("faq", {"text": f"{asked} {parsed.words}", "provider": provider, "entry": hit.entry.id,
                              "prev": turn.data.get("prev")})
    return reply


ASPECT_TEXT = 24  # characters: "is there a minimum?", "有最低吗", "上限呢" — an aspect asked, with no subject of its own


def aspect_alone(text: str, words: AbstractSet[str], own: Hit) -> bool:
    """Whether a short message asks only an aspect ("any minimum?", "有最低吗": a concept of the FAQ vocabulary and
    asking words) that the entry just answered speaks of: it asks that entry's, not another entry's that has the
    word too (a 7B's "最低方案", a minute's "minimum charge")."""
    folded = faq_terms.fold(text)
    named = faq_terms.mentions(folded)
    if len(text) > ASPECT_TEXT or not named:
        return False
    said = clause_words(f"{own.entry.answer.zh} {own.entry.answer.en}")
    if not {concept for concept, _ in named} <= said:
        return False
    for _, form in named:
        folded = folded.replace(form, " ")
    return all(w in ASPECT_ASKING for w in tokenize(folded) if len(w) > 1 or w.isascii())  # nothing of its own beside it


# what asks of an aspect without naming one ("有没有最低", "is there any minimum?", "上限是多少")
ASPECT_ASKING = {"有没", "没有", "是多", "多少", "少呢", "少吗", "是否", "否有", "有吗", "吗", "呢", "any", "is", "there", "a", "the",
                 "what", "s", "how", "much", "it", "do", "they", "have", "an"}


TOPIC_TEXT = 60  # characters: a follow-up on the topic is a short question ("what's the comm cost vs ddp?")
TOPIC_RANKED = 4  # the entries closest to the message weighed, when on the topic just answered


def sharing_clause(hit: Hit, words: AbstractSet[str], context: AbstractSet[str], lang: str,
                    kind: str | None) -> tuple[float, str] | None:
    """(the weight of the message's `words` it shares (rare words weigh more: shared_weight), the clause of the entry's answer sharing the most) as a lead,
    a clause with a figure of the `kind` asked ("how much slower": its 20–40%) first, ties going to a ratio or share
    ("1.5× DDP's traffic"), then to the clause sharing most with the conversation's `context`, then to any figure; the
    answer read in
    both languages, the clause given in the reply's; None when none shares a word."""
    zh, en = _clauses(hit.entry.answer.zh), _clauses(hit.entry.answer.en)
    own = zh if lang == "zh" else en
    best: tuple[tuple[bool, float, bool, int, bool], int, int] | None = None
    for clauses in (zh, en):
        for i, clause in enumerate(clauses):
            cw = clause_words(clause)
            n = shared_weight(words & cw)
            key = (bool(kind and FIGURES[kind].search(clause)), n, bool(FIGURES["amount"].search(clause)),
                   len(context & cw), bool(re.search(r"\d", clause)))
            if n > 0 and (best is None or key > best[0]):
                best = (key, i, len(clauses))
    if best is None or not own:
        return None
    i = best[1] if best[2] == len(own) else min(best[1], len(own) - 1)
    return best[0][1], _as_lead(own[i])

def answered(reply: Reply) -> str | None:
    """The id of the FAQ entry a reply answers with first, remembered for a follow-up on its topic."""
    items = reply.data.get("items") or []
    return str(items[0].get("id")) if items and items[0].get("id") else None


# words of a follow-up that ask, of any topic ("how much extra headroom should we plan", "going to 8k")
# and the Chinese asking words with their bigrams ("那训完怎么办": 怎么 / 么办 shared with "存储卷怎么收费" is no topic)
ASKING_ONLY = {"much", "many", "going", "plan", "planning", "need", "needed", "k",
               "怎么", "么办", "怎么办", "如何", "咋办", "怎样", "么样", "怎么样", "什么", "为什么"}


def shared_weight(shared: AbstractSet[str]) -> float:
    """How much the words shared with a clause say: each by how few FAQ entries use it (a rare word like
    "headroom" says more than "extra"); numbers and asking words say nothing."""
    df = _entry_counts()
    n = len(faq_index().entries)
    return sum(math.log(n / (1 + df.get(w, 0))) for w in shared
               if w not in ASKING_ONLY and len(w) > 1 and not w.isdigit())


@cache
def _entry_counts() -> dict[str, int]:
    counts: dict[str, int] = {}
    for e in faq_index().entries:
        for w in clause_words(" ".join([e.question.zh, e.question.en, e.answer.zh, e.answer.en])):
            counts[w] = counts.get(w, 0) + 1
    return counts
