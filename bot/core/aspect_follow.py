"""A short question about an aspect of the job or topic just discussed, answered about THAT subject: "full vs lora
cost gap?" then "why so big?" (the cost gap of LoRA against full), "gradient checkpointing" then "cost?" (its
20–30% in throughput, not how a run is priced), "7b qlora on a 4090" then "speed difference?" (QLoRA's 20–40%),
"fp16 or bf16?" then "why?" (bf16's range), "72b lora on one mi300x" then "any caveats?" / "有啥坑" (ROCm).

The message alone names no job, card or provider and reads as a fragment, so on its own it meets whichever FAQ
entry shares its one word ("cost?" the run-cost estimate, "why?" nothing at all). Read with the subject before it
(the FAQ question just asked, or the job just sized: its size, method and card), the entry answering is the one
closest to both that shares a word of the message itself, or, for a bare "why?" / "any caveats?", the entry
closest to the subject. After a job's answer, an ask of that job's own figures (its price, time or memory) is
left to the job's follow-ups."""

from __future__ import annotations

import re
from collections.abc import Callable

from bot.core.context import Context
from bot.core.detail_follow import clause_words, entry_led, entry_words, job_words, shared_weight, sharing_clause
from bot.messages import Reply, Turn
from bot.understand.clause_marks import ASKING
from bot.understand.faq import CONFIDENT, FaqEntry, Hit, faq_index, lookup
from bot.understand.lazy import lazy
from bot.understand.normalize import normalize
from bot.understand.parser import Parsed

ASPECT_TEXT = 32  # characters: "speed difference?", "有啥坑", "and quality?"
NEAR = 4  # the entries closest to the subject and the message weighed
JOB_KINDS = ("size", "cost", "price", "checkpoint")
# the reason of what was just said, asked alone: "why?", "why so big?", "how come", "为什么", "为啥这么大"
REASON = lazy(r"^\W*(?:and\s+|but\s+|那\s*)?(?:why|how\s+come|为什么|为啥|凭什么|怎么会)\s*(?:is\s+(?:it|that)\s+)?"
              r"(?:so\s+\w+|这么\w{1,2}|那么\w{1,2})?\W*$", re.IGNORECASE)
# what follows from what was just asked, asked alone: "会咋样", "那会怎么样", "然后呢", "what happens then?", "then what?"
CONSEQUENCE = lazy(r"^\W*(?:and\s+|so\s+|but\s+|那\s*|那么\s*|然后\s*)?(?:(?:会|将)?\s*(?:咋样|怎样|怎么样|咋办|怎么办|如何)|会有什么(?:后果|影响)|后果(?:是什么|呢)?"
                   r"|然后呢|之后呢|结果呢|what\s+happens(?:\s+(?:then|next|after(?:wards)?|now))?|then\s+what|and\s+then|what\s+then"
                   r"|what(?:'s|\s+is|\s+are)\s+the\s+consequences?|what\s+would\s+happen)\W*(?:呢|啊|吗)?\W*$", re.IGNORECASE)
def told_not_asked(asked: str) -> bool:
    """The message before was a statement of what happened ("my cloudgpu balance ran out", "到期了没续"): a bare "then
    what" after it asks what follows from it, never what to use instead (that is asked after a question answered no)."""
    return ASKING.search(normalize(asked)) is None


# an aspect of a method or technique asked alone: its cost, speed, quality ("cost?", "speed difference?", "效果呢")
ASPECT = lazy(r"\b(?:costs?|overhead|speed|slow\w*|fast\w*|throughput|quality|accuracy|precision)\b"
              r"|代价|成本|开销|速度|[慢快]多少|效果|质量|精度", re.IGNORECASE)
ASPECT_WORDS = 4  # words: an aspect asked alone ("and the speed difference?"), not a question of its own


def reason_reply(ctx: Context, parsed: Parsed, text: str, turn: Turn | None, asked: str | None,
                 answer: Callable[[Parsed], Reply]) -> Reply | None:
    """"why?" / "为什么这么大" after a FAQ answer: that answer again, led by its clause on what the question asked
    ("full vs lora cost gap?" then "why so big?": its 30–40× cost gap); None for any other message."""
    if turn is None or asked is None or not _bare(parsed) or not REASON.search(normalize(text).strip()):
        return None
    entry = next((e for e in faq_index().entries if e.id == turn.data.get("entry")), None)
    if entry is None:
        return None
    hit = Hit(entry, 1.0, 1.0)
    provider = turn.data.get("provider") or None
    # what the question asked beyond the entry's own subject ("cost gap") picks the clause; none: the answer opens
    found = sharing_clause(hit, clause_words(asked) - clause_words(f"{entry.question.en} {entry.question.zh}"), set(), ctx.lang, parsed.cues.detail)
    return _remembered(entry_led(parsed, hit, found[1] if found is not None else None, provider, answer),
                       f"{asked} {text}", provider, hit, turn.data.get("prev"))


def consequence_reply(parsed: Parsed, text: str, turn: Turn | None, asked: str | None,
                      answer: Callable[[Parsed], Reply]) -> Reply | None:
    """"会咋样" / "what happens then?" after a FAQ question ("到期了没续" then "会咋样"): one question split over two
    messages, so the two read together; the entry they name confidently answers, else the answer just given again.
    None for any other message."""
    if turn is None or asked is None or not CONSEQUENCE.search(normalize(text).strip()):  # the message is the tail alone
        return None
    provider = turn.data.get("provider") or None
    hit, _ = lookup(f"{asked} {text}", provider)
    if hit is None:
        entry = next((e for e in faq_index().entries if e.id == turn.data.get("entry")), None)
        if entry is None:
            return None
        hit = Hit(entry, 1.0, 1.0)
    return _remembered(entry_led(parsed, hit, None, provider, answer), f"{asked} {text}", provider, hit, turn.data.get("prev"))


def setting_of_faq(ctx: Context, parsed: Parsed, text: str, turn: Turn | None, last: Turn | None, asked: str | None,
                   answer: Callable[[Parsed], Reply]) -> Reply | None:
    """A training setting alone after a FAQ question ("gpuli 4090", "多卡训练行吗", then "zero3 呢" / "and zero-3?"): no
    job sits beneath it to change (a card's price at most), so it asks that question of the setting; the entry the
    two name together answers, led by its clause on the setting. None for any other message."""
    q = parsed.request
    if turn is None or asked is None or len(text.strip()) > ASPECT_TEXT or (q.zero is None and not q.offload) \
            or q.model or q.params_b or q.method or q.gpu or q.num_gpus or last is None or last.kind != "price":
        return None
    provider = turn.data.get("provider") or None
    hit, _ = lookup(f"{asked} {text}", provider)
    if hit is None:
        return None
    found = sharing_clause(hit, clause_words(text), clause_words(asked), ctx.lang, parsed.cues.detail)
    lead = found[1] if found is not None and SETTING_NAMED.search(found[1]) else None  # a clause on the setting itself
    return _remembered(entry_led(parsed, hit, lead, provider, answer), f"{asked} {text}", provider, hit, turn.data.get("prev"))


SETTING_NAMED = lazy(r"zero|offload|卸载", re.IGNORECASE)


def aspect_reply(ctx: Context, parsed: Parsed, text: str, turn: Turn | None, asked: str | None,
                 answer: Callable[[Parsed], Reply]) -> Reply | None:
    """The FAQ reply to a fragment asked of the subject before it; None when the message is no such fragment."""
    if turn is None or len(text.strip()) > ASPECT_TEXT or not _bare(parsed) or _span_on_price_beneath(parsed, turn):
        return None
    subject = _subject(turn, asked)
    if subject is None:
        return None
    on_job = asked is None
    if on_job and _asks_of_the_job(parsed):
        return None
    provider = turn.data.get("provider") or None
    index = faq_index()
    mine = {w for w in clause_words(parsed.words or text) if len(w) > 1 or not w.isascii()}
    mine -= clause_words(subject)
    own = parsed.faq_answers[0] if parsed.intent == "faq" and parsed.faq_confident and parsed.faq_answers else None
    aspect = bool(ASPECT.search(text)) and len(parsed.words.split()) <= ASPECT_WORDS
    if not (aspect or parsed.asks.catch):
        # "换成宽裕的呢", "便宜点的呢" after a job change or weigh that job; "带宽多少" after a FAQ answer asks a detail
        # of that answer (detail_follow, topic_reply), no aspect of its subject
        return None
    ranked = index.search(f"{subject} {text}", limit=NEAR, provider=provider)  # (after the cheap test: a search costs ~1 ms)
    # a question of its own ("where are the datacenters" after where checkpoints go) is none of the subject's
    unrelated = own is not None and all(h.entry.id != own.entry.id for h in ranked)
    sharing = [] if unrelated and not aspect else [h for h in ranked if shared_weight(mine & entry_words(h)) > 0]
    before = next((e for e in index.entries if e.id == turn.data.get("entry")), None) if not on_job else None
    if before is not None and (parsed.asks.catch or (aspect and shared_weight(mine & _told(before)) > 0)):
        hit = Hit(before, 1.0, 1.0)  # "any downside?", "and the speed cost?": of the answer just given, when it says
    elif sharing:
        # the message's own confident entry, when it is among those sharing its words, answers it ("72b full ft 八卡
        # h100" then "那用什么精度": bf16 or fp16, not the entry nearest the job's words); else the one sharing most
        mine_too = [h for h in sharing if own is not None and h.entry.id == own.entry.id]
        hit = mine_too[0] if mine_too else max(sharing, key=lambda h: (shared_weight(mine & entry_words(h)), h.score))
    elif parsed.asks.catch and ranked and ranked[0].score >= CONFIDENT:
        hit = ranked[0]  # "any caveats?" after a job: the entry closest to that job
    elif aspect and before is not None and (own is None or unrelated):
        hit = Hit(before, 1.0, 1.0)  # "cost?" after gradient checkpointing: that technique's cost
    else:
        return None
    if own is not None and own.entry.id == hit.entry.id:
        return None  # the message asks that entry on its own: the ordinary FAQ answer
    found = sharing_clause(hit, mine, clause_words(subject), ctx.lang, parsed.cues.detail) if mine else None
    return _remembered(entry_led(parsed, hit, found[1] if found is not None else None, provider, answer),
                       f"{subject} {text}", provider, hit,
                       {"kind": turn.kind, "data": turn.data} if on_job else turn.data.get("prev"))


def _remembered(reply: Reply | None, text: str, provider: str | None, hit: Hit, prev: object) -> Reply | None:
    if reply is not None:
        reply.turn = Turn("faq", {"text": text, "provider": provider, "entry": hit.entry.id, "prev": prev})
    return reply


def _told(entry: FaqEntry) -> frozenset[str]:
    """The words of an entry's question and answer, both languages."""
    return clause_words(" ".join([entry.question.zh, entry.question.en, entry.answer.zh, entry.answer.en]))


def _bare(parsed: Parsed) -> bool:
    """Whether the message names nothing of its own: no model, size, method, card, count or provider, no setting."""
    q = parsed.request
    if q.model or q.params_b or q.method or q.gpu or q.num_gpus or q.seq_len or q.zero is not None or q.offload \
            or q.optimizer or q.lora_rank or parsed.parts or parsed.cards or parsed.rental.provider or parsed.rental.gpu:
        return False
    if parsed.cues.which_card or parsed.asks.mixed_precision or parsed.asks.names_only or parsed.asks.frame_only:
        return False  # "bf16" alone after a sizing sets the job's precision; "那 4090 呢" changes the job  # "which card is roomy instead?": the job's card (bot.core.fit_follow)
    if parsed.cues.providers or parsed.rental.duration_days or parsed.rental.duration_hours or parsed.asks.budget is not None:
        return False
    return parsed.intent in ("faq", "unknown")


def _asks_of_the_job(parsed: Parsed) -> bool:
    """After a job's answer, its own figures: its price ("cost?"), time, memory, fit or spec."""
    a = parsed.asks
    return bool(a.cost or a.memory_figure or a.per_card_memory or a.sizing or a.spec or a.size_alone or a.weights
                or a.enough or parsed.rental.currency or parsed.cues.detail == "time")


def _subject(turn: Turn, asked: str | None) -> str | None:
    """The words of the subject just discussed: the FAQ question asked with its entry's question, or the job sized."""
    if asked is not None:
        entry = next((e for e in faq_index().entries if e.id == turn.data.get("entry")), None)
        return f"{asked} {entry.question.en} {entry.question.zh}" if entry is not None else asked
    if turn.kind not in JOB_KINDS:
        return None
    return job_words(turn)


def _span_on_price_beneath(parsed: Parsed, turn: Turn) -> bool:
    """"8 卡 H100 月付多少", "年付有折扣吗", then "annual cost then?" / "一年多少": a span's cost asked of the rental
    priced beneath the FAQ detour (bot.core.faq_context.span_on_priced), never an aspect of that question."""
    r, prev = parsed.rental, turn.data.get("prev")
    spanned = bool(r.duration_days or r.duration_hours or parsed.price.annual)
    return spanned and turn.kind == "faq" and isinstance(prev, dict) and prev.get("kind") == "price"

