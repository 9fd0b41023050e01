"""Which currency a price is in, asked of it ("人民币还是美元", "是美元吗", "用什么货币结算", "is that USD or RMB?",
"what currency is that in?"): a question about the figure just given, never a conversion ("人民币多少" asks the
price shown in yuan) nor the FAQ entry on gpuli's ₮ its words come near."""

from __future__ import annotations

import re

from bot.understand.lazy import lazy

_CUR = r"(?:人民币|rmb|cny|元|美元|美金|刀|usd|dollars?|yuan|usdt|u|泰达币|₮|¥|\$)"
WHICH = lazy(
    rf"{_CUR}\s*(?:还是说?|或者?是?|or)\s*{_CUR}"  # "人民币还是美元", "USD or RMB", "rmb 还是 u"
    r"|(?:什么|哪种|哪个|啥)\s*(?:货币|币种?)|币种是?(?:什么|啥|哪)|(?:\bwhich|\bwhat)\s+currency|\bcurrency\s*\?"
    rf"|是\s*{_CUR}\s*(?:吗|么|嘛|还是)|(?:按|用|以)\s*{_CUR}\s*(?:算|计价|结算|收)的?\s*(?:吗|么|嘛)"
    rf"|\b(?:is|are)\s+(?:that|this|it|those|these|the\s+prices?)\s+(?:in\s+)?{_CUR}\b",
    re.I)


def which_currency(text: str) -> bool:
    """Whether `text` asks which currency a price is in."""
    return bool(WHICH.search(text))
