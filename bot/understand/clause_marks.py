"""Where one message splits into questions, and the words that say a clause asks: the marks and joiners
(`CLAUSES`, `COMMA`, `UNMARKED`), numbered lists, and the asks every clause reader shares (a fit, a term,
a year). One split for every reader (the parser's clauses, the FAQ's clauses, the recap), so a message is
cut the same way wherever it is read."""

from __future__ import annotations

import re

from bot.understand import fields as f
from bot.understand import one_message
from bot.understand.entities import find_gpus
from bot.understand.lazy import lazy
from bot.understand.normalize import normalize

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
              # a dictated second question, joined by "then" ("…多久能 ssh 上 然后不满意能退吗"): a question ahead
              rf"|\s+然后(?:呢|的话|再)?\s*(?:[,，:：]\s*)?{_ASKS_AHEAD}"
              rf"|\s+(?:also|btw|by\s+the\s+way)\s*,?\s+{_NEXT_Q}"
              # a "+" typed between two questions, as chats join them ("…at gpuli + how soon can I ssh in?")
              rf"|\s*[+＋&]\s*(?:and\s+|also\s*,?\s*|另外|顺便(?:问一?下)?)?(?:{_NEXT_Q}|{_ZH_Q_START})"
              # a dash typed between two questions ("4090 on cloudgpu for 3 hours -- and what happens if …", "… —— 另外 …")
              # (with a joining word: "… 6 hours of training — what should I rent" asks of the whole)
              rf"|\s*(?:-{{2,}}|[—–]+)\s*(?:and\s+|also\s*,?\s*|另外|顺便(?:问一?下)?)(?:(?=(?:what|how|which|where|when|why)\b)|{_ZH_Q_START})",
              re.IGNORECASE)
COMMA = lazy(r"[,，]+")
# the word that joins a second question, left at its start after a mark ("…呢？另外 有 nvlink 吗"): no
# part of it ("另外收费吗" is the FAQ's own wording for an extra charge)
JOINED = lazy(r"^\s*(?:(?:另外|顺便(?:问一?下)?|再问一?下|还想问|然后)(?![收付计算加另])\s*[,，:：]?\s*|(?:also|btw|by\s+the\s+way)(?:\s*[,，:：]\s*|\s+))(?=\S)", re.IGNORECASE)


def unjoined(clause: str) -> str:
    return JOINED.sub("", clause)
# Numbered questions typed on one line ("Two things: (1) does 14b qlora fit a 4090 (2) how fast is ssh
# ready", "两个问题 1、… 2、…", "① … ② …"): each number starts a question, whatever marks there are or not.
# (lettered alike: "(a) … (b) …", "a) … b) …")
NUMBER = lazy(r"(?:^|(?<=[\s:：,，;；]))(?:[(（]\s*([1-9])\s*[)）]|([1-9])\s*(?:[)）、]|\.(?!\d))|([①②③④⑤⑥⑦⑧⑨])"
              r"|[(（]?\s*([a-e])\s*[)）](?=\s)|(?<![^\n])([a-e])\.(?=\s))")  # "a. …" on a line of its own too
CIRCLED = "①②③④⑤⑥⑦⑧⑨"
LIST_JOIN = lazy(r"[\s,，;；]*(?:\band|\bor|和|以及|还有|或者)\s*$", re.IGNORECASE)  # "(a) … and (b) …": the joiner before the next number
# Two asks typed without a mark between them: "…多少钱 包年有折扣吗" (a space after a Chinese ask word),
# "…qlora and how long till ssh is ready", "…要几张卡 多久能拿到ssh" (after a word asking for a card), "…for a week — and is the price locked" (a dash or a bare
# "and" before a question word). Tried only when no mark splits the message, and kept only when the
# part after it is a FAQ question of its own (`faq_of_its_own`).
# (never before what a 多少 / 几 counts: "实例带多少 vCPU 和内存")
UNMARKED = lazy(r"(?<=[久吗么啥钱行够下])\s+(?=\S)|(?<=[少几])\s+(?!(?:v?cpu|核|内存|显存|ram\b|硬盘|nvme|ssd|存储|带宽|gb\b|tb\b))(?=\S)|(?<=几张卡|什么卡|哪张卡|哪种卡|几块卡)\s+(?=\S)|\s*[—–]+\s*and\s+|\s+and\s+(?=[\u4e00-\u9fff])|\s+and\s+(?=(?:what|how|which|is|are|can|could|do|does"
                r"|will|would|should|where|when|why)\b)", re.IGNORECASE)
DIGIT = lazy(r"\d")
FIGURE = lazy(r"\d+(?:\.\d+)?")
# an A-not-A question ("要不要另外付流量费", "收不收押金") asks as 吗 does
# "有 nvlink 没", "有没" at the end: 有…没 asks as 有没有 does
ASKING = lazy(r"[?？吗么几]|([\u4e00-\u9fff])不\1|有[^，。,.!?？！]{1,30}没有?\s*$|(?<=[\u4e00-\u9fff])不\s*$|(?<=[a-z0-9])\s+不\s*$|多少|多久|多长时间|多快|什么|啥|咋|怎么|怎样|如何|哪|是否|有没有|能不能|可不可以|"
              r"^\s*(?:what|how|which|does|do|is|are|can|could|will|would|should|why|when|where|any)\b")
FILLER = lazy(r"\b(?:what|does|do|would|will|it|that|this|the|at|on|in|be|there|is|for)\b|'s\b|[上在的呢]")
# FAQ topics about the training itself: a question on them right after a job asks of that job ("72b 全参
#最省钱的方案是啥 吞吐会掉多少"), not of the service
JOB_TOPICS = frozenset({"memory", "performance", "methods", "quantization", "precision", "sharding", "estimation"})
BARE_ASK = 10  # characters: "要多少钱", "cost?", "多久": an ask with nothing of its own


# a year paid up front, which the fields read as a billing term rather than a length: "年付呢", "and yearly?"
YEARLY = lazy(r"年付|年租|按年|\b(?:yearly|annually)\b|\b(?:per|(?<!half\s)a|by\s+the)\s+year\b", re.IGNORECASE)
YEAR_DAYS = 365.0  # what "包年" reads as: the provider's yearly cycle


# asks whether the job fits: "够吗", "放得下", "行不行", "可以吗", "does it fit", "can 8 a100s run it", "will it work"
FITS = lazy(r"够|\bfits?\b|enough|装得下|放得下|塞得下|跑得动|跑得(?:了|起来)|带得动|能跑|能训|行吗|行不行|行不|能行|可以吗|可以不|可不可以|\bok\s*[?？吗]"
            r"|\bhandle\b|\bwork\b|\bsuffice\b|\bbe\s+fine\b|\b(?:would|will|does|do|can)\b.{0,30}\bdo\s*$|\b(?:can|could|will|would)\b.{0,40}\b(?:run|train|hold|take)\b")

# a rental term named as a unit, the way its price is asked: "周租多少", "包月呢", "weekly rent?", "per month?"
# a clause on memory or on fitting: "显存够吗", "how much vram", "放得下吗", "oom" (a memory entry answers it for the job beside)
MEMORY_ASKED = lazy(r"显存|内存|\b(?:v?ram|memory|gb|gib|oom)\b|爆显存|\d\s*g\b", re.IGNORECASE)
TERM_UNIT = lazy(r"(?:周|月|年)(?:租|付)|包\s*(?:个\s*)?(?:周|月|年)|按\s*(?:周|月|年)|\b(?:weekly|monthly)\b|\bper\s+(?:week|month)\b")


@one_message.per_message  # the clause splitter and the FAQ reader both ask it of the message
def numbered(text: str) -> list[str]:
    """The questions of a message that numbers them 1, 2 … in order ("(1) … (2) …", "1. … 2. …", "① … ②
    …"), each with the words before the first number when those state something of the job ("7b qlora:
    (1) 4090 够吗 (2) 多少钱"), not when they only announce the list ("Two things:", "两个问题："); [] when
    fewer than two numbers, or numbers out of order (a figure, not a list)."""
    marks = list(NUMBER.finditer(text))
    numbers = [CIRCLED.index(m[3]) + 1 if m[3] else ord(m[4] or m[5]) - ord("a") + 1 if m[4] or m[5] else int(m[1] or m[2]) for m in marks]
    if len(marks) < 2 or numbers != list(range(1, len(marks) + 1)):
        return []
    items = [LIST_JOIN.sub("", text[m.end():nxt.start() if nxt else len(text)].strip(" \t,，;；"))
             for m, nxt in zip(marks, [*marks[1:], None], strict=True)]
    head = text[:marks[0].start()].strip(" \t:：,，")
    states_job = bool(find_gpus(normalize(head)) or f.SIZE_B.search(normalize(head)))
    return [f"{head} {item}" if states_job else item for item in items if len(item) >= 4][:MAX_CLAUSES]


# a setting wished for, said and not asked ("zero-2 would be nice, zero-3 is slow for us", "ideally no offload", "最好用 zero2")
WISHED = lazy(r"\bwould\s+be\s+(?:nice|great|good|ideal|better|preferred)\b|\b(?:we'?d|i'?d)\s+(?:like|prefer|rather)\b|\bideally\b"
              r"|\bprefer(?:ably)?\b|最好|希望|倾向", re.IGNORECASE)
