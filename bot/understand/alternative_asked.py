"""What a full fine-tuning question asks in place of a setup it names or rules out: a cheaper way ("老板嫌 8 卡 h100
贵，有没有便宜点的", "the cheapest legit setup, offload is fine"), or another way because offload is too slow ("offload
太慢了，有别的办法吗", "reckon offload's too slow - alternative?").

Why: such a message was sized as the job alone (8 × H100 again, or an offload setup on cards rented one by one), or
sent to the FAQ on slow multi-GPU runs, so the cheaper or faster setup it asked for never led."""

from __future__ import annotations

import re
from typing import Literal

from bot.understand.lazy import lazy
from bot.understand.switch_asks import OFFLOAD_WORD, keeps_speed

# (never a bare 省钱: "4090 开 offload 行不行，能省钱" gives its own setup's reason and asks that setup's yes or no)
CHEAPER = lazy(r"便宜(?:点|些|一点|一些|的|点儿)|更便宜|最便宜|最省钱?|最平|最抵|平替|更省钱|省钱(?:点|些|一点)的|嫌[^，,。？?]{0,16}贵|太贵|贵了|好贵|划不来"
               r"|\bcheap(?:er|est)\b|less\s+expensive|too\s+(?:pricey|expensive|much)|\bpricey\b|costs?\s+less|\bbudget\s+(?:option|setup|way)",
               re.ASCII)
OTHER_WAY = lazy(r"替代|平替|别的(?:办法|方案|路|选择|配置)|其他(?:办法|方案|选择|配置)|还有(?:什么|啥)(?:办法|方案|选择)|换个(?:办法|方案|配置)"
                 r"|有没有别的|\balternatives?\b|\bother\s+(?:options?|ways?|setups?)\b|\binstead\b|\bworkaround\b",
                 re.ASCII)
ACCEPTED = lazy(r"^\W{0,3}(?:也|都|亦)?\s*(?:行|可以|得|ok|没问题|无所谓|能接受|接受)|^\W{0,3}(?:is|are|'?s)?\s*(?:also\s+)?"
                r"(?:ok(?:ay)?|fine|acceptable|allowed|can|also\s+can|good)\b", re.ASCII)
SLOW = lazy(r"太慢|好慢|很慢|慢了|慢死|掉速|降速|\btoo\s+slow\b|\bslow\b|\bslower\b|\bthroughput\b", re.ASCII)


def alternative_asked(words: str) -> Literal["cheaper", "faster"] | None:
    """"faster": offload said too slow (or speed made the job's condition) and another way asked; "cheaper": a
    cheaper setup asked; None when neither is asked."""
    text = words.lower()
    offload = OFFLOAD_WORD.search(text)
    slow = offload is not None and SLOW.search(text[offload.start():]) is not None
    # speed kept as a condition of the cheapest ("最便宜的配置 速度别太差") is the cheapest way's own answer, which says
    # what the condition rules out (bot.core.answers); another way is asked only beside offload said slow, or in words
    if (slow and (OTHER_WAY.search(text) or CHEAPER.search(text) or re.search(r"[?？]|吗|呢", text))) \
            or (keeps_speed(text) and OTHER_WAY.search(text)):
        return "faster"
    if CHEAPER.search(text) or (OTHER_WAY.search(text) and re.search(r"贵|expensive|pricey|cost", text)):
        return "cheaper"
    return None


# a comparative asks for another, cheaper setup ("有没有便宜点的", "anything cheaper?", "嫌贵"); a superlative beside a
# setup named asks whether that setup is the cheapest ("is 8x H100 + offload the cheapest?": its own yes or no)
COMPARATIVE = lazy(r"便宜(?:点|些|一点|一些|点儿)|更便宜|更省|平替|嫌[^，,。？?]{0,16}贵|太贵|贵了|好贵|划不来|\bcheaper\b|less\s+expensive"
                   r"|too\s+(?:pricey|expensive|much)|\bpricey\b|costs?\s+less|替代|别的|其他|\balternatives?\b|\binstead\b", re.ASCII)


def cheaper_than_named(words: str) -> bool:
    """Whether a cheaper setup than the one named is asked (a comparative), not whether that one is the cheapest."""
    return COMPARATIVE.search(words.lower()) is not None


def offload_accepted(words: str) -> bool:
    """Offload named as acceptable ("offload also can", "offload 也行", "offload is fine"), not asked about."""
    text = words.lower()
    return any(ACCEPTED.search(text[m.end():]) for m in OFFLOAD_WORD.finditer(text))
