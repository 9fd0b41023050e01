"""Each card of one message with its own rental length ("一个月 4090 + 一周 a100"): which length goes
with which card. Split from bot.understand.clauses."""

from __future__ import annotations

from itertools import pairwise

from bot.understand import fields as f
from bot.understand.entities import find_gpus
from bot.understand.lazy import lazy

# what joins two rentals in one sum or list: "一个月 4090 + 一周 a100", "a week of 4090 and a month of a6000"
# ("先租一周 4090 跑通，然后 8 卡 h100 包一个月", "a week of a 4090 first, then a month of 8x h100": one rental after another)
# ("4090 包月加一周 L40S": a bare 加 before a length or a card joins them too; "加速", "增加" join nothing)
JOINER = lazy(r"[+＋,，;；/]|加上|外加|再加|(?<![增追附])加(?=\s*(?:[\d一两二三四五六七八九十]|[a-z]))|以及|然后|之后再|接着|\band\b|\bplus\b|\bwith\b|\bthen\b|\bafter\s+that\b|\bfollowed\s+by\b")


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


def each_own_length(words: str, starts: list[int]) -> list[tuple[float | None, float | None]]:
    """Each job of one message (its size at each of `starts`, in order) with its own (days, hours) when every
    job has one and they differ ("a 72b qlora box for a month and a 7b qlora box for a week", "72b qlora 包月 加上
    7b qlora 租一周"): read within the piece the joiners cut around each, else after each up to the next; []
    otherwise (one length for all)."""
    cuts = [0, *(m.end() for m in JOINER.finditer(words)), len(words)]
    pieces = [(a, b) for a, b in pairwise(cuts) if any(a <= s < b for s in starts)]
    spans = [(a, b) for a, b in pieces if sum(a <= s < b for s in starts) == 1]
    if len(spans) != len(starts) or len(pieces) != len(starts):
        spans = [(s, starts[i + 1] if i + 1 < len(starts) else len(words)) for i, s in enumerate(starts)]
    lengths = [f.duration(words[a:b]) for a, b in spans]
    if any(d is None and h is None for d, h in lengths) or len(set(lengths)) < 2:
        return []
    return lengths


# a join between two runs named one by one ("8b 全参 8bit 优化器 和 14b 全参", "7b full w/ 8-bit adam and 14b full")
RUN_JOIN = lazy(r"(?:和|与|跟|及|以及|加上|\band\b|\bplus\b|\bvs\.?|\bversus\b|\+)\s*$")
OWN_MOST = 24  # the most characters of settings a run may carry between its method and the join


def own_end(words: str, end: int, next_start: int | None) -> int:
    """Where a run's own words end, after its method at `end`: up to the join before the next run's size when
    only a few words of settings stand between ("8b 全参 8bit 优化器 和 14b 全参": the 8-bit optimizer is the 8B
    run's, never the 14B's); `end` itself when no join is there (the words are said once for every run)."""
    if next_start is None:
        return end
    m = RUN_JOIN.search(words, end, next_start)
    return m.start() if m is not None and m.start() - end <= OWN_MOST else end
