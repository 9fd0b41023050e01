"""Two card counts for one job, one of them asked whether it is enough: "真的要两张 4090 吗，一张够不够",
"do I need two 4090s or is one fine?", "3 张 a100 够吗 还是要 4 张".

Why: the parse reads one count, the first one next to the card, and sized that; the question was
about the other count (the one "够 / enough / fine" is said of). The count a sufficiency word is
said of is the one to size, and the other is named back so the reply can say whether it is needed.
Read from the normalized text with the model and money spans blanked and each card name marked, so
"70b", "80g" or a price is never a count.

A count taken back is the other case of two counts: "sixteen H100s... nvm, eight", "本来想租16张，算了
8 张", "8 卡，不对，是 4 卡": the count after the correction word is the one meant (`corrected`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from bot.understand.lazy import lazy


class Named(Protocol):
    """A card name found in the text: which card, and where."""

    @property
    def ident(self) -> str: ...
    @property
    def start(self) -> int: ...
    @property
    def end(self) -> int: ...

GPU_MARK = "§"
_WORDS = {"one": 1, "a single": 1, "single": 1, "just one": 1, "only one": 1, "two": 2, "three": 3,
          "four": 4, "six": 6, "eight": 8}
_N = r"(?<![a-z0-9.])(\d{1,2}|one|two|three|four|six|eight|a\s+single|single|just\s+one|only\s+one)"
_UNIT = r"(?:\s*(?:张卡|张|块卡|块|卡|台|片))"
# "one 80GB card", "两张 80G 的卡": the card's memory may stand between the count and the card
_CARD = (rf"(?:\s*\d{{2,3}}\s*(?:gb|gib|g)(?![a-z0-9])(?:\s*的)?(?:\s*(?:{GPU_MARK}+s?|cards?\b|gpus?\b|卡))?"
         rf"|\s*(?:x\s*)?(?:{GPU_MARK}+s?|cards?\b|gpus?\b))")
# a count with its unit or its card; a bare number word only where a sufficiency word or "need" holds it
_COUNTED = rf"{_N}(?:{_UNIT}{_CARD}?|{_CARD})"
_ENOUGH = r"(?:就|是否|能|可以|也)?\s*(?:够|足够|行|可以吗|装得下|放得下|跑得动|enough|fine|ok\b|okay|suffice|sufficient|do\b|work|be\s+(?:enough|fine|ok|sufficient))"
SAID_ENOUGH = lazy(
    rf"{_COUNTED}\s*{_ENOUGH}"  # 1张够不够, 1 card 就够, 3 张 § 够吗, 1 § enough
    rf"|\b(?:is|will|would|can|could|does)\s+{_N}(?:{_UNIT}|{_CARD})?\s+(?:be\s+)?(?:enough|fine|ok|okay|do|suffice|sufficient|work)\b"
    rf"|{_N}\s+(?:is|would\s+be|will\s+be)\s+(?:enough|fine|ok)", re.IGNORECASE)
NAMED = lazy(rf"{_COUNTED}|(?:need|要|必须|得|需要)\s*{_N}\b(?!\s*(?:[bgk万天周月小季年]|days?\b|weeks?\b|months?\b|hours?\b|hrs?\b|years?\b|quarters?\b|min))"
             # "or should I just go with two", "one 4090 or straight to two?": the other count, its card understood
             rf"|\b(?:go\s+(?:with|for|to)|straight\s+to|jump\s+to|step\s+up\s+to)\s+(?:just\s+)?{_N}\b(?!\s*[a-z0-9.|])", re.IGNORECASE)


# "h100，8", "4090, 2 够吗": a bare 1–8 after the card is its count (a larger one its memory, "8 小时" no count)
# or a price asked of it ("a100 sxm，4 包月价格", "h100, 8 一周多少", "4090, 2 monthly price")
BARE_COUNT_AFTER = lazy(r"\s+([1-8])(?![\d.])\s*(?=$|够|行|能|可以|吗|呢|\?|enough\b|ok\b|fine\b|fits?\b|work"
                        r"|包月|包周|月租|周租|租|多少|价|报价|怎么卖|费用|price|cost|how\s+much|(?:monthly|weekly)(?!\s+(?:billing\s+)?(?:cycles?|rentals?|renewals?|terms?|periods?)\b)|per\s+(?:month|week)\b)",
                        re.IGNORECASE)


# a count of rentals said around the card rather than next to it: "2 weekly 4090 rentals", "two monthly a6000s", "rented a
# 4090 twice", "a 4090 3 times": that many of the card, each rented for its term ("俩 4090" is a pair word, read the same)
RENTALS_BEFORE = lazy(r"(?<![\w.])(\d{1,2}|one|two|three|four|six|eight)\s+(?:weekly|monthly|hourly)\s*$", re.IGNORECASE)
TIMES_AFTER = lazy(r"\s*(?:(twice)|(\d{1,2})\s*times)\b", re.IGNORECASE)
PAIR_WORDS = {"两": 2, "俩": 2, "双": 2, "单": 1, "一": 1}


def said_around(before: str, after: str) -> int | None:
    """The count a pair word ("俩4090") or a count of rentals around the card says; None when they say none."""
    if before.rstrip()[-1:] in PAIR_WORDS:
        return PAIR_WORDS[before.rstrip()[-1]]
    if m := RENTALS_BEFORE.search(before):
        return int(m.group(1)) if m.group(1).isdigit() else _WORDS[m.group(1).lower()]
    if m := TIMES_AFTER.match(after):
        return 2 if m.group(1) else int(m.group(2))
    return None


# a cheap first look: no sufficiency word, no comparison (most messages stop here)
ENOUGH_WORD = lazy(r"够|行|可以|装得下|放得下|跑得动|enough|fine|\bok|suffic|\bdo\b|\bwork", re.IGNORECASE)


# "两张4090 有必要吗", "租 8 卡 h100 是不是更快更好", "do I need two 4090s", "is 8x h100 overkill": whether
# the count named is needed at all, which one card answers (the count is compared with one)
NEEDED = lazy(r"有必要|必要吗|需不需要|用得着|一定要|一定得|非要|非得|必须要|必须用|真的要|真要|"
              r"\b(?:really|absolutely)\s+need\b|\b(?:have|has)\s+to\s+(?:be|use|have|rent)\b|\bmust\s+(?:i\s+)?(?:use|have|rent)\b|是不是更快|更快吗|更快更好|更好吗|值得吗|值不值|浪费吗|多余吗|大材小用"
              r"|overkill|necessary|worth\s+it|\bdo\s+i\s+(?:really\s+)?need\b|\b(?:is|would)\s+(?:it|that)\s+(?:be\s+)?(?:faster|better)\b",
              re.IGNORECASE)


def read(text: str, blank: list[tuple[int, int]], cards: list[tuple[int, int]]) -> tuple[int, int] | None:
    """`compared` on the normalized message, with the model spans blanked and the card names marked;
    else, asked whether the one count named (two or more) is needed, that count against one card."""
    pair = compared(marked(text, blank, cards)) if ENOUGH_WORD.search(text) else None
    return pair if pair is not None or not NEEDED.search(text) else needed(marked(text, blank, cards))


def needed(text: str) -> tuple[int, int] | None:
    """(the count named, 1) when the message names one count of two or more cards: asked whether that
    many are needed, one card is what the reply weighs it against."""
    counts = {v for m in NAMED.finditer(text) if (v := _value(next(g for g in m.groups() if g))) is not None}
    return (counts.pop(), 1) if len(counts) == 1 and max(counts) >= 2 else None


def _tail_value(word: str) -> int:
    """A count after a correction: its digits ("8 卡", up to 1024) or its word ("just one")."""
    return int(word) if word.isdigit() else _WORDS[word.lower()]


def _value(word: str) -> int | None:
    word = " ".join(word.lower().split())
    if word.isdigit():
        value = int(word)
        return value if 0 < value <= 64 else None
    return _WORDS.get(word)


def marked(text: str, blank: list[tuple[int, int]], cards: list[tuple[int, int]]) -> str:
    """`text` with the `blank` spans (model, money) overwritten by "|" and each card name by §."""
    chars = list(text)
    for spans, fill in ((blank, "|"), (cards, GPU_MARK)):
        for start, end in spans:
            chars[start:end] = fill * (end - start)
    return "".join(chars)


def compared(text: str) -> tuple[int, int] | None:
    """(the count asked whether it is enough, the other count named), when the message names two
    different counts and says "enough" of one of them; None otherwise."""
    said = SAID_ENOUGH.search(text)
    if said is None:
        return None
    asked = _value(next(g for g in said.groups() if g))
    if asked is None:
        return None
    for m in NAMED.finditer(text):
        other = _value(next(g for g in m.groups() if g))
        if other is not None and other != asked and not (said.start() <= m.start() < said.end()):
            return asked, other
    return None


# ---------------------------------------------------------------- a count corrected
# Words that take back what came before: "nvm, 8 h100s", "算了 8 张", "不对，是 4 卡", "actually make it 4".
# "算了一下" is "I worked it out", not a retraction.
CORRECTION = lazy(
    r"\b(?:nvm|never\s*mind|nevermind|scratch\s+that|i\s+meant?|actually|make\s+(?:it|that)|change\s+(?:it|that)\s+to"
    r"|correction|no\s+wait|oops|my\s+bad)\b|不对|算了(?!一?下)|改成|换成|改为|改用|其实是|应该是|说错了|更正|哦不|纠正",
    re.IGNORECASE)
# after the correction: a count with its unit or card (4 卡, 8 §s, § x8), or a bare small number the
# correction word itself holds ("make it 4", "改成 4", "是 4") that no other unit claims ("make it 16-bit",
# "改成 16 位" name a precision)
_TAIL_COUNT = lazy(
    rf"(?<![a-z0-9.|])(\d{{1,3}})\s*(?:x\s*)?(?:张卡|张|块卡|块|卡|台|片|{GPU_MARK}+|cards?\b|gpus?\b)|{GPU_MARK}+s?\s*[x×*]\s*(\d{{1,3}})"
    r"|^\s*(?:to\s+|是\s*|成\s*)?(\d{1,2})(?![\d.])(?!\s*(?:-\s*)?(?:[a-z|]|个?月|小时|天|周|轮|遍|万|千|条|步|分|秒|年|号|位|比特|机|节点))"
    r"|^\s*(?:to\s+)?(?:just\s+|only\s+)?(one|two|three|four|six|eight)\b(?!\s*(?:hours?|days?|weeks?|months?|years?|of\b|more\b|other\b|last\b|thing\b|question\b|sec\w*\b|moment\b|min\w*\b))",
    re.IGNORECASE)


# a training setting named right before the correction word: "梯度累积改成 8", "rank 改成 64" change that
# setting, so the bare number after it is the setting's, not a card count
_SETTING_BEFORE = lazy(r"(?:rank|秩|\bmicro|per[\s_-]*device|batch(?:[\s_-]*size)?|\bbs|\bmbs|累积|累加|accum\w*|steps?|seq\w*|cutoff\w*|长度|epochs?|轮数|学习率|\blr"
                       r"|alpha|warmup|预热|zero|stage|阶段)\s*(?:也|都)?\s*$", re.IGNORECASE)


def corrected(text: str, blank: list[tuple[int, int]], cards: list[tuple[int, int]], first: int | None) -> int | None:
    """The card count the user settled on: the count said after the last correction word that is
    followed by one ("sixteen H100s... nvm, eight H100s" is 8), else `first`, the count read as usual.

    Why: the parse takes the count next to the first card name; a message that corrects itself means
    the later count, whichever words it corrects with."""
    if not CORRECTION.search(text):
        return first
    text = marked(text, blank, cards)
    for mark in reversed(list(CORRECTION.finditer(text))):
        if _SETTING_BEFORE.search(text[:mark.start()]):
            continue
        if (m := _TAIL_COUNT.search(text[mark.end():])) and 0 < (value := _tail_value(next(g for g in m.groups() if g))) <= 1024:
            return value
    return first


def near_card(text: str, found: Sequence[Named], near: Callable[[str, int, int], int | None]) -> int | None:
    """The count written next to the first card named, at whichever of its mentions has one: "how
    many H100s to be safe? would a single H100 do?" counts the second mention (one card).

    Why: the count was read only beside the first mention, so a count said where the card is named
    again was lost (and the question about it answered as if no count was named)."""
    return next((c for g in found if g.ident == found[0].ident and (c := near(text, g.start, g.end)) is not None), None)


N = TypeVar("N", bound=Named)


def settled(text: str, found: list[N]) -> list[N]:
    """The cards named, those after the last correction word that is followed by a card first:
    "8 张 h100，不对，是 8 张 h200" and "4 a100 40g, nvm, 2 h100" rent the card corrected to.

    Why: the parse takes the first card named; a message that corrects itself means the later one."""
    if len({g.ident for g in found}) < 2 or not CORRECTION.search(text):
        return found
    after = next((m.end() for m in reversed(list(CORRECTION.finditer(text))) if any(g.start >= m.end() for g in found)), None)
    if after is None:
        return found
    return [g for g in found if g.start >= after] + [g for g in found if g.start < after]


# ---------------------------------------------------------------- a count asked whether it is needed
# "那要 2 张吗", "需要两张吗", "是不是得上 4 张", "do we need two?", "2 gpus needed?": whether that many cards are
# needed at all (yes or no, against the setup just sized), which is not whether they are enough
# ("两张够吗", "will two do?": that count is sized).
NEED_ASKED = lazy(
    r"(?:要不要|需不需要|是不是(?:要|得)|一定要|非得|真(?:的)?要|需要|必须|要|得)\s*(?:上|用|租|买|配|开)?\s*(?:\d{1,2}|[一两二三四五六八])\s*(?:张|块|台|卡|片)"
    r"|有必要|用得着|\bneed(?:s|ed)?\b|\bnecessary\b|\brequired\b|\bhave\s+to\s+(?:use|rent|get)\b", re.IGNORECASE)
SUFFICES = lazy(r"够|行不行|行吗|可以吗|装得下|放得下|跑得动|\benough\b|\bfine\b|suffic|\bok\b|\bokay\b|\bwork\b|\bdo\s*\??$",
                re.IGNORECASE)
_ZH_COUNT = {"一": 1, "两": 2, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "八": 8}


def need_asked(text: str, stated: int | None) -> int | None:
    """The one card count `text` asks is needed ("那要 2 张吗": 2), `stated` being the count the parse read;
    None when it asks whether a count is enough, asks how many, or names no single count."""
    if not NEED_ASKED.search(text) or SUFFICES.search(text) or re.search(r"几|多少|how\s+many", text, re.I):
        return None
    if stated is not None:
        return stated
    counts = {v for m in NAMED.finditer(text) if (v := _value(next(g for g in m.groups() if g))) is not None}
    counts |= {_ZH_COUNT[m.group(1)] for m in re.finditer(r"([一两二三四五六八])\s*(?:张|块|台|卡|片)", text)}
    return counts.pop() if len(counts) == 1 else None


# what may stand before a correction word that opens a clause ("ok no wait, …", "哦 不对，…")
_OPENER = lazy(r"(?:[\W_]|\b(?:ok|okay|oh|hmm|uh|um|sorry|wait)\b|呃|啊|哦|嗯|等等|等下)*", re.IGNORECASE)


# a value said right after it: a figure or a count's word ("no wait, one h200", "不对 是 2 张", "make it 4"),
# not "one more thing" (a question of its own follows)
_NEW_VALUE = lazy(r"^\W*(?:[a-z\u4e00-\u9fff]+\W*){0,2}?(?:\d|(?:one|two|three|four|six|eight)\b"
                  r"(?!\s*(?:more|other|last|thing|question|sec\w*|moment|min\w*)\b))", re.IGNORECASE)


def takes_back(clause: str) -> bool:
    """Whether a clause opens by taking back what came before it with a new value ("no wait, one h200 per
    month", "不对，一张 4090", "actually make it 4"): the message is one question with the later value, not
    two questions."""
    m = CORRECTION.search(clause)
    return m is not None and bool(_OPENER.fullmatch(clause[:m.start()])) and bool(_NEW_VALUE.match(clause[m.end():]))


CARDS_PER_NODE_MAX = 8  # the most cards any catalog provider's machine holds (8-card boxes)


def nodes_cards(m: re.Match[str]) -> int:
    """The cards of "N 机 M 卡": M a machine each ("2 机 8 卡" is 16) unless no machine holds M, then M in all
    ("2 机 16 卡" is two 8-card machines, 16 cards, never 32)."""
    nodes, cards = int(m.group(1)), int(m.group(2))
    return cards if cards > CARDS_PER_NODE_MAX and nodes and cards % nodes == 0 else nodes * cards


# an article before the card ("fits in an h100?", "on a 4090"): the kind of card, one only when nothing else counts them
ARTICLE = lazy(r"\ban?\s*$")


def stated(near: int | None, rest: str, norm: str, found: Sequence[Named], counted: Callable[[str], int | None]) -> int | None:
    """The card count: the one next to the card (`near`), else the one said apart (`counted` of `rest`). A card after
    an article with a count of several said apart ("14b full, 2 cards, zero2, will it fit an a100?") is the kind of
    card those several are, not one of it."""
    if near is None:
        return counted(rest)
    if near == 1 and found and ARTICLE.search(norm[:found[0].start]) and (many := counted(rest)) is not None and many > 1:
        return many
    return near
