"""An add-on taken out of the rental just priced: "gpuli 8卡h100 每卡每小时多少" then "不含存储呢", "what about
without storage?", "excluding storage?". The price said is the cards' rental alone (₮14,432 a month, ₮2.51 per
card-hour): the same rental again, with a line saying nothing was added, never the storage FAQ's answer.
"""

from __future__ import annotations

import re
from dataclasses import replace

from bot.messages import Turn
from bot.understand.lazy import lazy
from bot.understand.normalize import normalize
from bot.understand.parser import Parsed

SHORT = 32  # characters: "不含存储呢", "what about without storage?"
# storage left out: 不含 / 不包括 / 不算 / 去掉 / without / excluding, then the storage
LEFT_OUT = lazy(r"(?:不含|不包含|不包括|不算|不加|不要|去掉|除去|刨去|扣掉|排除)\s*(?:存储卷?|硬盘|磁盘|数据盘|对象存储)"
                r"|\b(?:without|excluding|not\s+counting|minus|ex)\s+(?:the\s+|any\s+)?(?:storage|disks?|volumes?)\b", re.IGNORECASE)


def left_out(parsed: Parsed, last: Turn | None, text: str) -> Parsed:
    """`parsed` as the last rental priced again, when it only takes an add-on out of it; else as it is."""
    q = parsed.request
    if last is None or last.kind != "price" or not last.data.get("gpu") or len(text.strip()) > SHORT \
            or q.gpu or q.model or q.params_b or q.num_gpus:
        return parsed
    if not LEFT_OUT.search(normalize(text)):
        return parsed
    data = {**last.data, "add_ons": {}, "left_out": "storage"}
    return replace(parsed, intent="price", follow=data, follow_up=True, missing=[], faq=[], faq_answers=[],
                   faq_confident=False)
