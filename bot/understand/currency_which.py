"""Which currency a price is in, asked of it ("人民币还是美元", "是美元吗", "用什么货币结算", "is that USD or RMB?",
"what currency is that in?"): a question about the figure just given, never a conversion ("人民币多少" asks the
price shown in yuan) nor the FAQ entry on gpuli's ₮ its words come near."""

from __future__ import annotations

import re

from bot.understand.lazy import lazy

# a currency named by its word, never an amount's unit ("3u 吧", "一万元吧", "20 刀吧" state money)
_NAMED = r"(?<![\d一二三四五六七八九十百千万两.])(?<![\d一二三四五六七八九十百千万两.]\s)(?:人民币|rmb|cny|(?<![a-z])元|美元|美金|usdt|usd|dollars?|yuan|泰达币)"
_CUR = r"(?:人民币|rmb|cny|元|美元|美金|刀|usd|dollars?|yuan|usdt|u|泰达币|₮|¥|\$)"
WHICH = lazy(
    rf"{_CUR}\s*(?:还是说?|或者?是?|or)\s*{_CUR}"  # "人民币还是美元", "USD or RMB", "rmb 还是 u"
    r"|(?:什么|哪种|哪个|啥)\s*(?:货币|币种?)|币种是?(?:什么|啥|哪)|(?:\bwhich|\bwhat)\s+currency|\bcurrency\s*\?"
    # the unit of the figure: "单位是啥", "什么单位", "钱的单位是哪个", "what unit is that in", "units?"
    r"|单位\s*(?:是|为)?\s*(?:什么|啥|哪个|哪种|多少)|(?:什么|啥|哪个|哪种)\s*单位|(?:\bwhich|\bwhat)\s+units?\b|^\s*units?\s*\?"
    rf"|是\s*{_CUR}\s*(?:吗|么|嘛|还是)|(?:按|用|以)\s*{_CUR}\s*(?:算|计价|结算|收)的?\s*(?:吗|么|嘛)"
    rf"|\b(?:is|are)\s+(?:that|this|it|those|these|the\s+prices?)\s+(?:in\s+)?{_CUR}\b"
    # a confirmation of the currency: "人民币对吧", "单位是元吧", "美元没错吧", "dollars, right?", "that's in yuan, correct?"
    rf"|{_NAMED}\s*(?:对吧|对吗|对么|对不对|是吧|是不是|没错吧)|(?:是|单位|币种)\s*{_NAMED}\s*吧"  # "rmb吧" alone asks it in yuan
    rf"|{_NAMED}\s*,?\s*(?:right|correct|yeah|yes|i\s+assume|i\s+guess)\s*\?"
    rf"|\b(?:that's|thats|those're|it's|its|they're|theyre)\s+(?:in\s+)?{_CUR}\b",
    re.I)


def which_currency(text: str) -> bool:
    """Whether `text` asks which currency a price is in."""
    return bool(WHICH.search(text))
