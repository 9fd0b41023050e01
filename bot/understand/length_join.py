"""What joins two rental lengths into one total: "包个月，再加两周", "1 month plus 2 weeks", "3天+12小时", and a
renewal said with its condition ("先租一周，不行再续一周", "跑不完的话再续两周", "then extend by another week if
needed"): the second length is bought after the first, so the total is asked of both (bot.understand.fields)."""

from __future__ import annotations

from bot.understand.lazy import lazy

# what joins two lengths into one total: "包个月，再加两周", "1 month plus 2 weeks", "3天+12小时"
# "先跑一周，之后再包月": a plan bought one after the other, its lengths added
# "先租一周，不行再续一周", "跑不完的话再续两周", "then extend by another week if needed": a renewal adds its length
# the time beside the run, named between the joiner and its length ("训 12 小时，加上下载半小时"): still added
_SIDE = (r"(?:下载|上传|拷贝|传数据|数据处理|预处理|处理数据|装环境|配环境|搭环境|环境|准备|调试|部署|评测|评估|推理|测试|收尾|开机|启动)"
         r"\s*(?:模型|权重|数据集?|镜像)?\s*(?:的|要|用|花|需要)?\s*(?:时间)?\s*(?:大概|大约|约)?")
JOIN = lazy(r"^\s*(?:(?:如果|要是)?\s*(?:不行|不够用?|没跑完|跑不完|没训完|训不完|不满意)\s*(?:的话)?\s*[,，]?\s*)?"
            rf"(?:(?:然后|之后|另外|再|又)\s*)*(?:加上?|续租?|外加|多租)\s*(?:{_SIDE})?\s*$|^\s*(?:再|又|零)\s*$|^\s*(?:然后|之后|接着|随后)\s*(?:再|又)?\s*(?:包|租|买|续)?\s*$"
            # "12 hours of training plus half an hour": what the first length is for, said before the joiner
            r"|^\s*(?:(?:of|for)\s+(?:the\s+)?(?:training|train|fine[\s-]?tuning|the\s+run|running|run|compute|work)\s*,?\s*)?"
            r"(?:plus|and(?:\s+then)?(?:\s+another)?|then(?:\s+another)?|\+|&)\s*$"
            r"|^\s*(?:,\s*)?(?:and\s+|then\s+)*(?:if\s+(?:needed|necessary|it'?s\s+not\s+(?:done|enough))\s*,?\s*)?"
            r"(?:renew(?:ed)?|extend(?:ed)?)(?:\s+(?:it|for|by))*(?:\s+another|\s+one\s+more)?\s*$")

# a length said and then multiplied ("8 卡 h100 一周 x2", "4090 周租 ×4", "a month times 3", "包月 乘以 2"): that
# many of the length, one after the other (a weekly rental four times is four weeks, ₮109 × 4)
TIMES_AFTER = lazy(r"\s*(?:[x×*]|乘以?|\btimes\b)\s*(\d{1,2})(?![\d.]|\s*(?:卡|张|块|台|gpus?\b|cards?\b|nodes?\b|节点))")


# the unit a rental is billed by, as a command line or a config states it ("--cycle week", "cycle=month") or as its
# price is asked ("4090 week 多少", "a100 month price?"): that unit's length (two groups of bot.understand.fields.A_PERIOD)
UNIT_PRICED = (r"\bcycle\s*[=:]?\s*(week|month)\b|(?<!this\s)(?<!next\s)(?<!last\s)(?<!that\s)(?<!each\s)(?<!same\s)(?<!the\s)"
               r"(?<![\d.]\s)(?<![\d.a-z])\b(week|month)\b(?=\s*(?:(?:要\s*)?(?:多少|几\s*(?:u|usdt|刀|块|元))|什么价|啥价|价格|price|cost|how\s+much|rate|[?？]"
               r"|,\s*(?:多少|price|cost|how\s+much)))")

# a count of runs said before the length ("3 x 8h runs", "2 × 一周"; "3 次" counts instances): that many of the length, as after it
TIMES_BEFORE = lazy(r"(?<![\d.])(\d{1,2})\s*(?:[x×*]|\btimes\b)\s{0,2}$")  # "3 x 8h"; never "4x <a card> monthly", the card blanked


def times_before(text: str, start: int, cards: list[tuple[int, int]], term: bool) -> int | None:
    """How many of the length starting at `start` a count before it says, None without one or for under two.
    A count right after a card ("a100 4x monthly", "h100 8x 包月") counts that card, never runs of the length: a
    card still in the text is in `cards`; in text whose names were blanked, a week or month (`term`) counted right
    after a blank is taken the same way (runs are counted in hours: "cloudgpu 4090 3 x 8h" stays 24 h)."""
    m = TIMES_BEFORE.search(text, max(0, start - 12), start)
    if not m or int(m.group(1)) < 2:
        return None
    if any(e <= m.start() and not text[e:m.start()].strip() for _, e in cards):
        return None
    return None if term and text[:m.start()].endswith("   ") else int(m.group(1))


def times_after(text: str, end: int) -> tuple[int, int] | None:
    """(how many, where it ends) when a multiplier follows the length ending at `end`; None without one
    or for a count under two."""
    m = TIMES_AFTER.match(text, end)
    return (int(m.group(1)), m.end()) if m and int(m.group(1)) >= 2 else None
