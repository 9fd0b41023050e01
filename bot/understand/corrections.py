"""A message that corrects itself mid-sentence: "32b 哦不是 14b qlora", "a100 跑5个小时 不对 10个小时",
"the a100 no wait the a800", "lora 我说错了 全参", "3 days actually 5 days", "budget 5000 不对 8000".

Why: every reader took the first value of its kind (or both, as two questions), so the value taken
back was the one sized or priced. Voice input corrects itself this way all the time, for every kind
of value, so the rule is kept at the level of the values said, not of one field: a value said right
after a correction word supersedes the nearest value of the same kind said before it (a model or a
size, a card, a card count, a length of time, an amount, a provider, a method, a sequence length).
The value taken back and the correction word are dropped from the text, so every reader after this
sees one value. A correction word with no value of the same kind on both sides changes nothing ("不对
吧 这么贵", "A 还是 B" is a choice, not a correction), and neither does a question about a value
("对不对", "是不是").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import pairwise

from bot.understand import fields as f
from bot.understand import one_message
from bot.understand.cues import setting_alone
from bot.understand.entities import SIZE, find_gpus, find_models, find_provider
from bot.understand.lazy import lazy
from bot.understand.money_words import find_money
from bot.understand.normalize import normalize
from bot.understand.quoted import unquoted


@dataclass(frozen=True)
class Said:
    """One value said at [start, end) of the normalized text, and its kind."""

    kind: str  # model | card | count | span | money | provider | method | seq
    start: int
    end: int


# Words that take back the value before them. "对不对" and "是不是" ask; "算了一下" worked something out.
STRONG = (r"(?<!对)不对(?:\s*不对)*|[哦噢喔啊]\s*不(?:是|对)?(?![\u4e00-\u9fff])|不是\s+是|算了(?!\s*(?:一?下|算|多少|吗|么|没|了))"
          r"|我?(?:说|打|写|讲)错了?|\b(?:oops|whoops)\b|我是说|我的意思是|口误|更正(?:一下)?|纠正(?:一下)?"
          r"|\bno\s+wait\b|\bwait\s+no\b|\b(?:sorry|oops)\s+i\s+mean[t]?\b|\bi\s+mean[t]?\b|\bscratch\s+that\b"
          r"|\bno\s+sorry\b|\bsorry\b(?!\s+(?:for|to|about|if|but)\b)|\bcorrection\b|\bor\s+rather\b|\bnvm\b|\bnever\s*mind\b|\bmy\s+bad\b"
          r"|\bi\s+mis(?:spoke|typed|-typed)\b|\btypo\b")
# a hesitation or an "actually": only where the two values stand right beside it ("32b er 14b")
NEAR = r"\b(?:er|erm|uh|um|actually)\b|呃|额"
MARKER = lazy(rf"(?P<strong>{STRONG})|(?P<near>{NEAR})", re.IGNORECASE)
# what may stand between the correction word and the value meant ("不对 是 4张", "哦不对 包一个月", "no wait the a800",
# "sorry i mean make it 20 hours", "算了还是 a100 吧")
FILLER = lazy(r"(?:\s+|[,.:;!?]|改成|换成|改为|改用|应该是|其实是|是|就|还是|用|换|要|的|吧|呢|啊|哦|嗯|包|跑|租|训|买|上"
              r"|\b(?:the|a|an|make\s+(?:it|that)|it'?s|that'?s|to|for|on|with|like|just|only|let'?s\s+say|say|i\s+meant?)\b)*",
              re.IGNORECASE)
# between a correction word opening a message and its value ("不对, 是 4张", "no wait, it's 72b")
LEAD_FILLER = lazy(r"^(?:[\s,.:;!?…]|是|就是|应该是|\b(?:it'?s|that'?s|make\s+(?:it|that)|i\s+meant?)\b)*", re.IGNORECASE)
# the words a message correcting the last one opens with: correction words, with the interjections and apologies
# said around them ("oops, typo —", "sorry, i meant", "啊 不对", "不好意思 说错了", "抱歉 打错了"), at least one of
# them a correction word (MARKER)
OPENING = lazy(rf"(?:[\s,.:;!?…—–-]|\b(?:oops|whoops|ah|oh|ugh|hmm|sorry)\b|啊|哎|哦|噢|诶|呃|不好意思|抱歉|"
               rf"(?:{STRONG}))+", re.IGNORECASE)
NOT = lazy(r"\s*[,，]?\s*(?:而?不是|不要|\bnot\b|\brather\s+than\b|\binstead\s+of\b)\s*", re.IGNORECASE)
# before it, beside a value taken back by a hesitation: spaces, commas and "…" only
NEAR_GAP = lazy(r"[\s,.;:!?…]*")
# a count of cards, the cards marked § ("8张", "4 卡", "2 §", "§ x8"); a bare figure is no kind of its own
CARD_MARK = "§"
COUNT = lazy(rf"(?<![\d.a-z])\d{{1,3}}\s*(?:x\s*)?(?:张卡|张|块卡|块|卡|台|片|(?={CARD_MARK})|cards?\b|gpus?\b)"
             rf"|(?<={CARD_MARK})\s*[x×*]\s*\d{{1,3}}(?![\d.])", re.IGNORECASE)
METHOD = lazy(rf"{f.QLORA.pattern}|{f.LORA.pattern}|{f.FULL.pattern}|{f.PRETRAIN.pattern}", re.IGNORECASE)
# a size with the family said before it ("qwen 14b", "llama3 8b", "千问 7b"): one value, the model meant
FAMILY_SIZE = lazy(r"(?<![a-z])(?:qwen|llama|mistral|mixtral|gemma|phi|yi|chatglm|glm|internlm|deepseek(?:[\s-]*(?:r1|v\d|llm))?"
                   r"|通义千问|千问)\s*[-_]?\s*(?:\d+(?:\.\d+)?\s*[-_]?\s*)?$", re.IGNORECASE)
PLURAL = lazy(r"s(?![a-z0-9])")
BARE = lazy(r"(?<![\w.])\d+(?:\.\d+)?k?(?![\w.])")
FIGURE = lazy(r"\d+(?:\.\d+)?k?")


def said(norm: str) -> list[Said]:
    """Every value said in `norm`, left to right, without overlaps (the first kind to claim a span keeps it)."""
    found: list[Said] = []

    def add(kind: str, start: int, end: int) -> None:
        if start < end and not any(s.start < end and start < s.end for s in found):
            found.append(Said(kind, start, end))

    for name in find_models(norm):
        add("model", name.start, name.end)
    for m in SIZE.finditer(norm):
        family = FAMILY_SIZE.search(norm[:m.start()])
        add("model", family.start() if family else m.start(), m.end())
    cards = find_gpus(norm)
    for g in cards:  # with its plural ("8 h100s no wait 4 h100s")
        add("card", g.start, g.end + bool(PLURAL.match(norm, g.end)))
    rest = norm
    while (p := find_provider(rest)) is not None:
        add("provider", p.start, p.end)
        rest = rest[:p.start] + " " * (p.end - p.start) + rest[p.end:]
    for w in find_money(norm):
        add("money", w.start, w.end)
    for x in f._lengths(norm):
        add("span", x.start, x.end)
    for pattern in (f.SEQ_AFTER, f.SEQ_BEFORE):
        for m in pattern.finditer(norm):
            add("seq", m.start(), m.end())
    marked = list(norm)
    for g in cards:
        marked[g.start:g.end] = CARD_MARK * (g.end - g.start)
    for m in COUNT.finditer("".join(marked)):
        add("count", m.start(), m.end())
    for m in METHOD.finditer(norm):
        add("method", m.start(), m.end())
    return sorted(found, key=lambda s: s.start)


@one_message.per_message  # the router and the parser both settle the message: once
def settled(text: str) -> str:
    """`text` with every value taken back dropped, with the word that took it back; `text` itself when
    it takes nothing back (the normalized text otherwise: the readers after this normalize it again). An earlier
    answer quoted above the question is dropped first: it is no part of what is asked (bot.understand.quoted)."""
    text = unquoted(text)
    norm = normalize(text)
    if not MARKER.search(norm):
        return text
    values = said(norm)
    if _leading(norm, values) is not None:  # "no wait 72b", "说错了 是 lora": read by `opening` (the parse), the
        return text  # correction of the conversation's last job it is kept as, not a message of its own
    drop: list[tuple[int, int]] = []
    put: dict[int, str] = {}  # a figure replaced in place
    floor = 0
    for mark in MARKER.finditer(norm):
        if any(s.start < mark.end() and mark.start() < s.end for s in values):
            continue  # "er" inside a name
        change = _settle(norm, mark, values, floor)
        if change is None:
            continue
        dropped, placed = change
        drop += dropped
        put.update(placed)
        floor = mark.end()
    if not drop:
        return text
    out, i = [], 0
    for start, end in sorted(drop):
        if start < i:
            continue
        out.append(norm[i:start])
        if start in put:
            out.append(put[start])
        i = end
    out.append(norm[i:])
    return re.sub(r"\s+", " ", "".join(out)).strip()


Change = tuple[list[tuple[int, int]], dict[int, str]]  # the spans dropped; the text put where one starts
FIGURED = ("count", "span", "money", "seq")  # kinds whose figure a bare figure replaces ("8张 不对 4")


def _settle(norm: str, mark: re.Match[str], values: list[Said], floor: int) -> Change | None:
    """What one correction word drops and rewrites, or None when it corrects nothing."""
    near = mark.group("near") is not None
    after = _filled(norm, mark.end())
    before = [s for s in values if floor <= s.start and s.end <= mark.start()]
    if not before:
        return None
    last = before[-1]
    beside = bool(NEAR_GAP.fullmatch(norm, last.end, mark.start()) or FILLER.fullmatch(norm, last.end, mark.start()))
    if near and not beside:
        return None
    meant: list[Said] = []  # the values said right after it, each after the last with only fillers between
    for s in (s for s in values if s.start >= after):
        if FILLER.fullmatch(norm, after, s.start) is None:
            break
        meant.append(s)
        after = s.end
    if not meant:
        return _refigured(norm, mark, last) if beside else None
    dropped: list[tuple[int, int]] = []
    for s in meant:
        taken = next((b for b in reversed(before) if b.kind == s.kind), None)
        if taken is None or (near and taken is not last):
            continue
        size = SIZE.search(norm, taken.start, taken.end)
        if s.kind == "model" and SIZE.fullmatch(norm, s.start, s.end) and size is not None:
            dropped.append((size.start(), size.end()))  # "qwen 7b 不对 14b": the family stays, with the size meant
        else:
            dropped.append((taken.start, taken.end))
    return ([*dropped, (mark.start(), _filled(norm, mark.end()))], {}) if dropped else None


# a word closing the message that says what came before it was what was meant ("bf16 not quantized i mean", "bf16 不量化
# 我是说", "14b is what i meant", "lora 才对"), with the interjections and stops said around it
MEANT = (r"我是说|我的意思是|我说的是|我是指|我指的是|才对|\b(?:is\s+|that'?s\s+)?what\s+i\s+mean[t]?\b|\bi\s+mean[t]?\b")
CLOSING = lazy(rf"(?:[\s,.:;!?…—–-]|\b(?:sorry|oops|ah|oh)\b|啊|哦|嗯|呢|吧)*(?:{MEANT})(?:[\s,.:;!?…—–-]|啦|了|呢|吧|啊|哈|的)*$",
               re.IGNORECASE)
CLOSED = 40  # characters before the closing word: a follow-up's change of the job, not a question of its own


@one_message.per_message
def opening(text: str) -> tuple[str, bool]:
    """`text` without the correction word it opens with, and whether it opened with one that corrects the
    conversation ("不对，我们其实是 32b", "oops, typo — 72b", "sorry, I meant full fine-tuning, not QLoRA"): a
    value follows the word and none stands before it, so the value taken back was said in an earlier message and
    the message is a change of the last job, whatever else it says (bot.core.follow_ups keeps the rest of it)."""
    norm = normalize(text)
    if not (MARKER.search(norm) or CLOSING.search(norm)):
        return text, False
    rest = _leading(norm, said(norm)) or _closing(norm) or _settings_led(norm)
    return (rest, True) if rest is not None else (text, False)


def _closing(norm: str) -> str | None:
    """`norm` without the word closing it that says the rest was what was meant ("bf16 not quantized i mean", "bf16
    不量化 我是说"), when the rest is short and states values or settings of a job: a change of the last job, as a
    correction word opening it is ("i mean bf16, not quantized")."""
    close = CLOSING.search(norm)
    rest = norm[:close.start()].strip() if close else ""
    if not rest or len(rest) > CLOSED:
        return None
    led = _leading(rest, said(rest)) or _settings_led(rest)  # "sorry, bf16 i mean": a correction word at both ends
    return led if led is not None else rest if said(rest) or setting_alone(rest) else None


def _settings_led(norm: str) -> str | None:
    """`norm` without the correction word it opens with when only settings of a job follow it ("i mean bf16, not
    quantized", "我是说 bf16 不量化", "sorry, with 8-bit adam"): no value of `said`'s kinds, but a change of the last job."""
    head = OPENING.match(norm)
    if head is None or not MARKER.search(head.group(0)):
        return None
    rest = LEAD_FILLER.sub("", norm[head.end():], count=1).strip()
    return rest if rest and setting_alone(rest) else None


def _leading(norm: str, values: list[Said]) -> str | None:
    """`norm` without the correction word it opens with, when a value follows it and none stands before it: the
    message corrects the conversation's last job ("no wait 4张", "不对 72b", "说错了 是 lora 不是 qlora", "我是说
    h200"), so only the value it names changes and the rest of the job is kept by the follow-up readers."""
    head = OPENING.match(norm)
    if head is None or not MARKER.search(head.group(0)) or not any(s.start >= head.end() for s in values):
        return None
    if any(s.start < head.end() for s in values):
        return None
    rest = LEAD_FILLER.sub("", norm[head.end():], count=1)
    kept = said(rest)  # "lora 不是 qlora", "lora, not qlora": the value denied after the one meant goes
    for first, denied in pairwise(kept):
        gap = NOT.fullmatch(rest, first.end, denied.start)
        if first.kind == denied.kind and gap:
            rest = rest[:first.end] + rest[denied.end:]
            break
    return rest.strip() or None


def _filled(norm: str, at: int) -> int:
    """Where the fillers from `at` end."""
    gap = FILLER.match(norm, at)
    return gap.end() if gap else at


def _refigured(norm: str, mark: re.Match[str], last: Said) -> Change | None:
    """A figure said bare after the correction word: the value just before it with that figure ("8张 不对 4"
    is 4张, "seq 2048 说错了 4096", "跑5个小时 不对 10", "32b 不对 14")."""
    bare = BARE.match(norm, _filled(norm, mark.end()))
    if bare is None or not (last.kind in FIGURED or SIZE.fullmatch(norm, last.start, last.end)):
        return None
    figure = FIGURE.search(norm, last.start, last.end)
    if figure is None:
        return None
    new = norm[last.start:figure.start()] + bare.group(0) + norm[figure.end():last.end]
    return [(last.start, last.end), (mark.start(), bare.end())], {last.start: new}
