"""A short follow-up that points at one of the options the last answer listed: by its place ("第二个",
"the second one", "后者", "the latter", "最后那个") or by how it compares ("便宜的那个", "the cheaper one",
"贵的那个", "the pricier one", "the roomier one"). The reference is read once and taken out of the
message, so what is left ("跑 3 小时呢", "8 hours?", "包月呢") is read as the change it asks of that option.

Why: "a6000 和 4090 48g 各多少钱一小时" then "第二个跑 3 小时呢" asks the 4090 48G for three hours; read with
the ordinal left in, "第2个" became a card count and the hours went to the first card listed.
"""

from __future__ import annotations

import re

from bot.understand.lazy import lazy

# the first, second, third ... option, or the last one; Chinese ordinals are digits after normalizing
ORDINALS = {"first": "1", "1st": "1", "former": "1", "second": "2", "2nd": "2", "third": "3", "3rd": "3",
            "last": "last", "latter": "last", "一": "1", "二": "2", "两": "2", "三": "3", "四": "4",
            "1": "1", "2": "2", "3": "3", "4": "4", "前者": "1", "后者": "last", "最后": "last"}
KINDS = {"cheaper": "cheaper", "less expensive": "cheaper", "便宜": "cheaper",
         "pricier": "pricier", "more expensive": "pricier", "expensive": "pricier", "贵": "pricier",
         "roomier": "roomier", "bigger": "roomier", "larger": "roomier", "宽裕": "roomier", "大": "roomier",
         "cheap": "cheaper", "budget": "budget", "economy": "budget", "预算": "budget", "省钱": "budget",
         "经济": "budget", "实惠": "budget", "safer": "safer", "safe": "safer", "safest": "safer", "稳妥": "safer",
         "保险": "safer", "省": "budget"}
# the budget or safe one, as a reply or a price table labels its options ("预算型", "省钱的那档", "the budget pick")
ZH_KIND = r"便宜|贵|宽裕|预算|省钱|经济|实惠|稳妥|保险|省"
ZH_LABEL = r"(?:型|版|款|档)"
ONE = r"(?:one|option|choice|card|setup|config|box|gpu|pick|plan)"
ZH_ONE = r"(?:个|款|张|台|套|种|项|条|档|配置|方案)(?!\s*(?:月|星期|礼拜|周|小时|钟头|天|年|问))"  # "第一个月" is a month
REFERENCE = lazy(
    rf"第\s*(?P<zh_n>[一二两三四1234])\s*{ZH_ONE}|(?P<zh_end>前者|后者|最后(?:那|一)?\s*{ZH_ONE})"
    rf"|(?:那个|那款|那张|那台|那套)?\s*(?<!最)(?:比较|更)?(?P<zh_kind>{ZH_KIND})\s*{ZH_LABEL}?\s*(?:一?点|些)?\s*的?\s*那\s*{ZH_ONE}"
    rf"|(?:那个|那款|那张|那台|那套)\s*(?:比较|更)?(?P<zh_kind3>{ZH_KIND})\s*{ZH_LABEL}?\s*(?:一?点|些)?\s*的"
    rf"|(?<!最)(?:比较|更)?(?P<zh_kind2>{ZH_KIND})\s*{ZH_LABEL}?\s*(?:一?点|些)?\s*的\s*(?:那\s*)?{ZH_ONE}"
    rf"|(?<!最)(?P<zh_label>预算|省钱|经济|实惠|稳妥)\s*{ZH_LABEL}(?!\s*[的是])"
    rf"|\b(?:the\s+)?(?P<en_n>first|1st|second|2nd|third|3rd|last)\s+{ONE}\b"
    rf"|\bthe\s+(?P<en_end>former|latter)\b|\boption\s*#?\s*(?P<en_num>[1-4])\b"
    rf"|\b(?:the\s+)?(?P<en_kind>cheaper|less\s+expensive|pricier|more\s+expensive|roomier|bigger|larger)\s+{ONE}\b"
    rf"|\bthe\s+(?P<en_kind3>cheap|budget|economy|safer|safe|safest)\s+{ONE}\b"
    rf"|\bthe\s+(?P<en_kind2>cheaper|pricier|more\s+expensive|roomier|safer)\b(?!\s+than)")
# a superlative ("最便宜的方案", "cheapest gpu") asks for the cheapest plan of the job, a question of its own,
# never a pointer at one of the options listed
# a message that compares on its own ("which is the cheaper one, A100 or H100") asks a question, points at none
# and so does one that asks the best of the job ("最便宜又稳妥的方案", "便宜且稳妥的配置"): qualities joined, no pointer
COMPARES = lazy(r"哪个|哪一个|哪张|哪家|还是|\bor\b|\bvs\.?\b|\bversus\b|\bwhich\b|比较便宜吗|\bthan\b"
                r"|最\s*(?:便宜|省|划算|稳|安全|合适|实惠|经济)|[又且还也]\s*(?:更\s*)?(?:稳|安全|便宜|省|划算|实惠|保险)")
SHORT = 40  # characters: a pointer and a change ("the second one 呢 宽裕的那个多少"), never a question of its own


# "the other option", "and the other 80G one?", "另一个 80G 的", "另外那个": the option the last answer listed beside
# the one it led with; the card memory said with it stays in the message ("80G"), read by `other_memory`
OTHER = lazy(r"\bthe\s+other\b(?=\s+(?:\d{2,3}\s*g(?:b)?\s+)?(?:one|option|choice|card|setup|config|pick|plan)s?\b)"
             r"|另\s*一\s*(?:个|款|张|种|套|项)|另外\s*(?:一|那)\s*(?:个|款|张|种|套|项)")
OTHER_MEMORY = lazy(r"(?<![\d.])(\d{2,3})\s*g(?:b)?(?![a-z0-9])")


def other_memory(text: str) -> int | None:
    """The card memory said beside "the other" ("the other 80G option": 80), None when none is."""
    m = OTHER_MEMORY.search(text.lower()) if OTHER.search(text.lower()) else None
    return int(m.group(1)) if m else None


def option_chosen(text: str) -> tuple[str, str | None]:
    """The message without the words that point at a listed option, and which option they point at
    ("1", "2", "3", "4", "last", "cheaper", "pricier", "roomier"; words asking the roomier one stay, as they
    ask headroom too); the message as it is and None when it points at none, is long, or compares things
    of its own."""
    if len(text.strip()) > SHORT or COMPARES.search(text.lower()):
        return text, None
    m = REFERENCE.search(text.lower())
    if m is None:
        other = OTHER.search(text.lower())
        if other is None:
            return text, None
        return (text[:other.start()] + " " + text[other.end():]).strip(" ,，、") or "?", "other"
    word = next(v for v in m.groupdict().values() if v is not None)
    word = re.sub(r"\s+", " ", word)
    option = ORDINALS.get(word) or KINDS.get(word) or ORDINALS.get(word[:2])
    if option is None:
        return text, None
    if option == "roomier":  # "宽裕点的配置" also asks headroom of whatever job the message names: left in
        return text, option
    rest = (text[:m.start()] + " " + text[m.end():]).strip(" ,，、")
    return rest or "?", option
