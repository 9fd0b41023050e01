"""A settled answer said back, then a new question: "收到 a6000 就它了 顺便问 gpuli 下单之后还能退吗",
"明白 72b qlora 用 a100 对了 cloudgpu 开机多久能用", "got it, 4090 then. btw can I pay with alipay?".

Why here: the words before the joining word ("另外", "顺便", "对了", "btw", "one more thing") state a job,
a card or a verdict the chat has settled; read with the rest, they made the reply a sizing again and the
question after the joiner went unanswered. The recap asks nothing and says it is settled (an
acknowledgement, "…了", "…对吧", "… then"): the message is the question after the joiner. A head that
asks ("7b qlora 4090 够吗 另外 gpuli 怎么充值") is a question of its own (bot.understand.clause_marks)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from bot.understand.clause_marks import ASKING
from bot.understand.lazy import lazy
from bot.understand.talk import THANKS

if TYPE_CHECKING:
    from bot.understand.parser import Parsed

# the word that starts the new question, after a mark or a space
_ASK = r"(?:再|还)?(?:想)?(?:问一?下|问个问题|问问|请教一?下|问)?"  # "另外想问下", "顺便再问问": the asking, no question of its own
JOINER = lazy(rf"(?:[,，。.!！;；~～]+\s*|\s+)(?:另外{_ASK}|顺便{_ASK}|对了{_ASK}|还有(?:个|一个)?问题"
              r"|还有|再问一?下|还想问(?:一?下)?|现在(?:想|再)?问(?:一?下|问)?|\bnow\s+(?:i\s+)?(?:want|wanted|need)\s+to\s+ask\b|\bbtw\b|\bby\s+the\s+way\b|\balso\b|\bone\s+more\s+(?:thing|question)\b|\boh\s+and\b"
              r"|\banother\s+question\b|\bseparately\b|\bunrelated\b)\s*[,，:：]?\s*", re.IGNORECASE)
# a head that says the matter is settled: an acknowledgement opening it ("收到", "明白", "好", "ok", "got it"),
# or a close that settles ("…就它了", "…ok 了", "…对吧", "…then", "…it is", "…sounds good")
SETTLED = lazy(rf"^[\s,，]*(?:{THANKS}|了解|知道了|好(?:嘞|吧)?|行(?:吧)?|嗯+|noted|understood|perfect|alright|sounds\s+good|makes\s+sense"
               r"|so)(?:(?<=[a-z])\b|(?=[\s,，。.!！~～]|$))"
               rf"|(?:了|对吧|是吧|没错|就这样|就这么定|定了|\bthen|\bit\s+is|\bsounds\s+good|\bworks(?:\s+for\s+(?:me|us))?|\bsettled|\bdone"
               rf"|(?<![a-z])(?:{THANKS}))[\s,，。.!！~～]*$"
               # a recap of what was worked out before ("我们之前算过 14b qlora 用 4090", "we already sized 14b on a 4090")
               r"|(?:之前|上次|刚才|前面|已经)\s*(?:已经)?\s*(?:算|问|估|聊|看|讨论|定)过|\b(?:we|i)\s+(?:already\s+|earlier\s+)?"
               r"(?:worked\s+out|sized|priced|figured\s+out|settled\s+on|went\s+with)\b",
               re.IGNORECASE)


def after_recap(text: str) -> str | None:
    """The question after a settled recap and the word that joins them, None when the message is not of
    that shape (no joiner, a head that asks something, or one that does not say it is settled)."""
    m = JOINER.search(text)
    if m is None:
        return None
    head, rest = text[:m.start()], text[m.end():]
    if not head.strip() or len(rest.strip()) < 2 or re.search(r"[?？]", head) or ASKING.search(head.lower()):
        return None
    return rest if SETTLED.search(head.strip()) else None


# the question and a sentence after it that asks nothing ("年付呢？我们单位习惯签年度合同。", "两个月呢？contract 想签两个月。")
_LAST_ASK = lazy(r"^(.*[?？])\s*([^?？]+)$", re.DOTALL)


def context_after(text: str) -> tuple[str, str] | None:
    """(the question, the words after it) when the message ends in a sentence that asks nothing after its last
    question mark: the reason or background said after a short question. None for any other shape."""
    m = _LAST_ASK.match(text.strip())
    if m is None:
        return None
    head, tail = m.group(1), m.group(2).strip(" \t,，。.!！;；~～")
    if len(tail) < 2 or not head.strip(" ?？") or ASKING.search(tail.lower()):
        return None
    return head, tail


def adds_nothing(tail: Parsed, asked: Parsed) -> bool:
    """Whether words said after a question state nothing of their own: no card, model, count, provider, money,
    deadline, dataset, step time or setting of the job, and no length other than the question's ("contract 想签两个月" after "两个月呢")."""
    q, r = tail.request, tail.rental
    own_length = (r.duration_days or r.duration_hours) and (r.duration_days, r.duration_hours) != (
        asked.rental.duration_days, asked.rental.duration_hours)
    # a setting of the job said after it ("… fit? zero-2 would be nice, zero-3 is slow for us") is the job's too
    setting = q.zero is not None or q.method or q.offload or q.optimizer or q.seq_len or q.precision
    return not (q.gpu or q.model or q.params_b or q.num_gpus or q.samples or q.tokens or q.step_seconds or tail.cards
                or r.provider or tail.asks.budget or tail.asks.deadline or own_length or setting)


# a remark that reports who wants or asked it ("客户想要两张卡一起跑", "客户问能不能用", "老板说下周要", "the client wants two
# cards", "our client asked about it"): said after a question, it is where the question came from, not one of its own
REPORTED = lazy(r"^(?:(?:我们|我的|我们的|这个|那个|有个|有一个|一个)?\s*(?:客户|甲方|老板|领导|用户|同事|对方|业务方)(?:[a-z]|那边|方面)?"
                r"|(?:the|our|my|a|one)\s+(?:client|customer|boss|manager|team\s+lead)s?(?:\s+[a-z])?)\s*"
                r"(?:说|问|想|要|希望|想要|需要|打算|在问|担心|关心|觉得|\b(?:wants?|asks?|asked|needs?|says?|said|would\s+like|is\s+asking|is\s+worried))",
                re.IGNORECASE)


def reported_after(text: str) -> tuple[str, str] | None:
    """(the question, the remark after it) when the message ends in who wants or asked the question (REPORTED),
    even where that remark quotes a question ("客户问能不能用"); None for any other shape."""
    m = _LAST_ASK.match(text.strip())
    if m is None:
        return None
    head, tail = m.group(1), m.group(2).strip(" \t,，。.!！;；~～")
    return (head, tail) if head.strip(" ?？") and REPORTED.search(tail) else None


def remark_only(tail: Parsed) -> bool:
    """Whether a reported remark names nothing the question must take on: no model, size, card, provider or money."""
    q, r = tail.request, tail.rental
    return not (q.gpu or q.model or q.params_b or r.gpu or r.provider or tail.asks.budget or tail.asks.deadline or q.samples or q.tokens)
