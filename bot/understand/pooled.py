"""Single-card rentals asked to work as one multi-card machine: "8 台单卡 A100 拼成一台 8 卡机跑
ZeRO-3", "can I take 8 single A100 rentals and treat them as an 8-GPU node?".

Why its own reader: the message names a card, a count and often a price word, so it parsed as a
price question and got a price list; what it asks is whether separate machines make one node.
Read once from the normalized text with the other asks (bot.understand.asks).
"""

from __future__ import annotations

import re

from bot.understand.lazy import lazy

_SINGLE_EN = r"(?:single|separate|individual|single[\s-]*(?:gpu|card)|1[\s-]*(?:gpu|card))"
_THING_EN = r"(?:rentals?|instances?|machines?|servers?|boxes|vms?|nodes|cards?|gpus?)"
_VERB_EN = r"(?:treat|use|run|count|combine|pool|join|merge|stitch|glue|link|turn|make|work|act|behave|serve|function)\w*"
_ONE_EN = r"(?:as|into|like)\s+(?:a\s+single\s+|a\s+|an\s+|one\s+|1\s+)?"
_NODE_EN = r"(?:\d+[\s-]*(?:gpu|card)s?[\s-]*)?(?:node|machine|server|box|cluster)|\d+[\s-]*(?:gpu|card)s?[\s-]*(?:training\s+)?(?:run|job|setup)"
_SINGLE_ZH = r"(?:单卡|单张|单台|单机|1\s*卡|1\s*张卡|1\s*机|每台1张|独立的?)"
_JOIN_ZH = r"(?:拼|凑|组|合|当|连|并|用作|当作)(?:成|作|做|起来|在一起)?"
# a joining verb that says "together" by itself: "单卡拼起来跑 14b", "几台单卡凑在一起训"
_TOGETHER_ZH = r"(?:拼|凑|组|合|连|并|串|绑)\s*(?:起来|在一起|到一起)"
_TOGETHER_EN = r"(?:pool|combine|stitch|glue|link|join|merge|gang|chain)\w*\s+(?:them\s+|it\s+|those\s+|these\s+)?(?:all\s+)?together"
# joined into "N 卡" ("拼成 8 卡训练"): a count of cards after the joining verb is the multi-card machine asked for
_NODE_ZH = r"(?:1\s*台|整机|同1台|1个节点|节点|多卡机|\d+\s*卡(?:机|服务器|节点)?|\d+\s*张卡|集群|1组)"
# several instances rented apart and trained as one ("开 8 个 a100 实例一起训练"): the same ask without 单卡
_INSTANCES_ZH = r"(?:\d+|几)\s*(?:个|台)[^，,。;；]{0,16}?实例[^，,。;；]{0,6}?(?:一起|一块|合起来|拼起来|联合)\s*(?:训|跑)"
POOLED = lazy(
    rf"\b{_SINGLE_EN}\b.{{0,40}}?\b{_THING_EN}\b.{{0,60}}?\b{_VERB_EN}\b.{{0,40}}?{_ONE_EN}{_NODE_EN}"
    rf"|\b{_VERB_EN}\b.{{0,40}}?\b{_SINGLE_EN}\b.{{0,40}}?\b{_THING_EN}\b.{{0,30}}?{_ONE_EN}{_NODE_EN}"
    rf"|{_SINGLE_ZH}.{{0,24}}?{_JOIN_ZH}.{{0,12}}?{_NODE_ZH}"
    rf"|{_SINGLE_ZH}.{{0,24}}?{_TOGETHER_ZH}|\b{_SINGLE_EN}\b.{{0,60}}?\b{_TOGETHER_EN}\b|{_INSTANCES_ZH}", re.IGNORECASE)


_WORDS = {"two": 2, "three": 3, "four": 4, "six": 6, "eight": 8, "sixteen": 16}
RENTALS = lazy(rf"(?<![\d.])(\d{{1,2}}|two|three|four|six|eight|sixteen)\s*(?:台|个|x)?\s*(?:{_SINGLE_EN}|{_SINGLE_ZH})",
               re.IGNORECASE)


# a cheap first look: a word for one card or one machine apart (most messages stop here)
APART = lazy(r"single|separate|individual|单|独立|实例|1[\s-]*(?:gpu|card|卡|张|台|机)", re.IGNORECASE)
# the count of the machine they are to make, where none stands before the single ones ("单卡 4090 凑成 4 张卡",
# "into one 4-gpu training run")
NODE_COUNT = lazy(r"(?:成|作|into\s+(?:a\s+|an\s+|one\s+)?)\s*(\d{1,2})\s*(?:张卡|卡|[\s-]*gpus?\b|[\s-]*cards?\b)", re.IGNORECASE)


# a count of cards joined together, no word for single ones: "租4张a100 40g 拼起来做14b", "rent 4 a100 40g and pool
# them together": pooled only where no provider asked rents that many as one machine (bot.understand.parser)
_NUM = r"(?<![\d.])(\d{1,2}|two|three|four|six|eight|sixteen)"
# between the count and the joining word: no machine of several cards ("两台8卡h100 用 IB 连起来" joins machines)
_NO_BOX = r"(?:(?!台|节点|机器|\d\s*卡|\b(?:nodes?|machines?|servers?|box(?:es)?|instances?)\b|\d+\s*x\b|\d+[\s-]*(?:gpu|card))[^,，。.;；])"
JOINED = lazy(rf"{_NUM}\s*(?:张|块){_NO_BOX}{{0,24}}?{_TOGETHER_ZH}"
              rf"|{_NUM}\s*(?:x\s*)?(?!\d){_NO_BOX}{{0,40}}?\b{_TOGETHER_EN}\b", re.IGNORECASE)


def said_single(norm: str) -> bool:
    """The message calls the rentals single-card ones ("8 台单卡拼成一台 8 卡机")."""
    return bool(APART.search(norm) and POOLED.search(norm))


def pooled(norm: str) -> int | None:
    """How many separate single-card rentals the message asks to use as one multi-card machine (0
    when it gives no count); None when it asks nothing of the kind."""
    if not said_single(norm):
        # every branch of JOINED ends on its word for together: without one the search is not run
        joined = JOINED.search(norm) if "起来" in norm or "一起" in norm or "together" in norm.lower() else None
        if joined is None:
            return None
        word = (joined.group(1) or joined.group(2)).lower()
        return int(word) if word.isdigit() else _WORDS[word]
    m = RENTALS.search(norm) or NODE_COUNT.search(norm)
    if m is None:
        return 0
    word = m.group(1).lower()
    return int(word) if word.isdigit() else _WORDS[word]


def _family(gpu: str) -> str:
    return gpu.rsplit("-", 1)[0] if gpu.endswith(("-sxm", "-pcie")) else gpu


def rented_whole(gpu: str | None, count: int, provider: str | None) -> bool:
    """Whether the provider named (else any) rents `count` of `gpu` as one machine: "gpuli 4张a100 80g 拼起来"
    is its 4-card machine, no pooling; an unnamed card counts as rented whole (nothing to say it is not)."""
    from engine.providers import providers  # the catalog, read only when cards are joined

    if gpu is None or count < 2:
        return True
    return any(o.count == count and _family(o.gpu) == _family(gpu)
               for p in providers().entries if provider in (None, p.id) for o in p.offers)
