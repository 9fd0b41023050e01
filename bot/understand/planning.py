"""Field extractors for the planning questions (zh and en), as small functions the router can call:

- `wants_longest_seq`, `wants_largest_batch`: "longest sequence that fits", "最长能跑多长的序列", "batch 最大能开多少";
- `deadline`: "by 2026-12-15", "before Dec 15", "within 3 days", "12月15日前", "3天内";
- `budget`: "within $500", "budget 5000 CNY", "预算 2万元", "不超过 3000 块";
- `how_many_card`: "how many 4090s", "需要几张 H100".

Each returns None (or False) when the message does not ask that, so it can be tried on any text.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from decimal import Decimal

from bot.understand import batch_raise, one_message, overnight
from bot.understand.amount import Amount, read_token
from bot.understand.bare_clock import today_or_next
from bot.understand.cycle_end import without_expiry
from bot.understand.due_day import CATCH_ZH, DUE_ZH
from bot.understand.due_near import last_day, nearest_day
from bot.understand.entities import find_gpus
from bot.understand.lazy import lazy
from bot.understand.money_words import NOT_MONEY_AFTER, counts_cards, unrated_taken
from bot.understand.normalize import normalize
from bot.understand.rule_window import rule_window
from bot.understand.today_said import without_today
from bot.understand.zones import stated_zone
from engine.providers import Currency, currencies

LONGEST_SEQ = lazy(
    r"(?:longest|max(?:imum)?|largest|biggest|how\s+long)\s+(?:a\s+)?(?:seq(?:uence)?|context|cutoff)(?:[\s_-]*len(?:gth)?)?"
    r"|max[\s_-]*seq[\s_-]*len|(?:最长|最大|最多)\s*(?:能\s*)?(?:跑|开|用|支持|到)?\s*(?:多长\s*的?\s*)?(?:序列|上下文|seq|context|cutoff)"
    r"|(?:序列|上下文|seq|context)\s*(?:长度)?\s*(?:最长|最大|最多)\s*(?:能|可以)?"
    r"|(?:序列|上下文)\s*(?:能|可以)\s*(?:开|跑|到)\s*多长",
    re.IGNORECASE,
)
LARGEST_BATCH = lazy(
    r"(?:largest|max(?:imum)?|biggest|how\s+big\s+(?:a\s+)?)\s*(?:micro[\s_-]*)?batch(?:[\s_-]*size)?"
    r"|max[\s_-]*(?:micro[\s_-]*)?(?:bs|batch)\b"
    r"|(?:最大|最多)\s*(?:能\s*)?(?:开|跑|用)?\s*(?:多大\s*的?\s*)?(?:micro[\s_-]*)?(?:batch|批|批次|批大小)"
    r"|(?:micro[\s_-]*)?(?:batch|批大小|批次)\s*(?:size)?\s*(?:最大|最多|能开多大|能开多少|可以开多大)",
    re.IGNORECASE,
)
# the biggest model a budget (or a card) trains, asked: "biggest full finetune I can run", "largest model",
# "the biggest qlora we can do", "what can I fine-tune with ¥5000", "最大能训多大的", "能训多大", "全参最大几B" (never a batch or a sequence)
LARGEST_MODEL = lazy(
    r"(?:biggest|largest|max(?:imum)?)\s+(?:(?:full|qlora|lora|\d+\s*-?bit)\s+)*(?:model|fine[\s-]?tune|finetune|ft|size|one|llm)s?\b"
    r"|(?:biggest|largest)\s+(?:full|q?lora)(?:\s+(?:fine[\s-]?tune|finetune|run|job))?\s+(?:that\s+)?(?:(?:we|i|you)\s+(?:can|could)|fits?)\b"
    r"|how\s+big\s+(?:a\s+)?(?:model|of\s+a\s+model)|(?:what|which)\s+(?:model\s+)?size\s+(?:model\s+)?(?:can|could)\b"
    r"|(?:what|which)\s+(?:model|models)\s+(?:can|could)\s+(?:i|we)\s+(?:fine[\s-]?tune|finetune|train|run|afford)"
    r"|what\s+can\s+(?:i|we)\s+(?:fine[\s-]?tune|finetune|train)\b"
    r"|最大\s*(?:能|可以)?\s*(?:训|跑|微调|练|做|上)?\s*(?:多大|几\s*b\b|几个?\s*b\b|什么模型|啥模型)"
    r"|(?:能|可以)\s*(?:训|跑|微调|练|做)\s*(?:到)?\s*(?:多大|几\s*b\b|什么模型|啥模型|哪个模型)|多大的?\s*模型",
    re.IGNORECASE,
)
HOW_MANY = lazy(
    r"how\s+many\s+(?P<en>[\w\s.-]{1,24}?)(?:s\b|\s+cards?|\s+gpus?|\s+do|\s+would|\s+are|\s+for|\?|$)"
    r"|(?:几|多少)\s*(?:张|块|台|个|片)\s*(?P<zh>[\w\s.-]{1,24})",
    re.IGNORECASE,
)
ISO_DATE = lazy(r"(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?(?:[ t](\d{1,2}):(\d{2}))?", re.IGNORECASE)
MONTH_DAY_ZH = lazy(r"(\d{1,2})\s*月\s*(\d{1,2})\s*[日号]")
WEEKDAY_ZH = lazy(r"(下+|这|本)?\s*(?:周|星期|礼拜)\s*([一二三四五六日天1-7])")
WEEKDAY_EN = lazy(r"\b(next|this)?\s*(mon|tue|wed|thu|fri|sat|sun)(?:day|sday|s|nesday|rsday|urday|rs)?\b",
                        re.IGNORECASE)
ZH_WEEKDAYS = "一二三四五六日"
EN_WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
# the last day of a year, a month or a week, this one or the next: "年底", "下个月底", "end of next month",
# "下周末", "end of next week", "this weekend" (a week ends on its Sunday, as a month on its last day)
PERIOD_END = lazy(r"(?P<year>年底|年末|\bend\s+of\s+(?:the\s+|this\s+)?year\b|\byear[\s-]end\b)"
                  r"|(?P<month>(?P<next_month>下个?)?月[底末]|\bend\s+of\s+(?:the\s+|this\s+)?(?P<next_month_en>next\s+)?month\b"
                  r"|\bmonth[\s-]end\b)"
                  r"|(?P<week>(?P<next_week>下+)?(?:这|本)?\s*个?\s*(?:周|星期|礼拜)末"
                  r"|\bend\s+of\s+(?:the\s+|this\s+)?(?P<next_week_en>next\s+)?week\b|\b(?:the\s+|this\s+|(?P<next_weekend>next\s+))?weekend\b)",
                  re.IGNORECASE)
# "12/15", "by 12/20": a month and a day with a slash (a day over 12 first is the day: "20/12")
SLASH_DATE = lazy(r"(?<![\d/.])(\d{1,2})/(\d{1,2})(?![\d/%.])")
# a day said with its part ("今晚", "明早", "tonight") is that day: "今晚12点前" is due today
RELATIVE_DAY = lazy(r"(今天|明天|后天|大后天|今晚|今夜|今早|明晚|明早|\btoday\b|\btonight\b|\btomorrow\b|\bday after tomorrow\b)",
                    re.IGNORECASE)
RELATIVE_OFFSET = {"今天": 0, "明天": 1, "后天": 2, "大后天": 3, "今晚": 0, "今夜": 0, "今早": 0, "明晚": 1, "明早": 1,
                   "today": 0, "tonight": 0, "tomorrow": 1, "day after tomorrow": 2}
MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
MONTH_DAY_EN = lazy(r"\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)(?:uary|ruary|ch|il|e|y|ust|t|tember|ober|ember)?\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b",
                          re.IGNORECASE)  # a month by its short or full name only: "maybe 10 days", "decide 3" name no date
DAYS = (PERIOD_END, RELATIVE_DAY, WEEKDAY_ZH, WEEKDAY_EN, ISO_DATE, MONTH_DAY_ZH, MONTH_DAY_EN, SLASH_DATE)  # a day named
DEADLINE_EN = lazy(r"\b(?:by|before|until|till|no\s+later\s+than|deadline(?:\s+is)?:?)\s+(.{1,40})", re.IGNORECASE)
WITHIN_EN = lazy(r"\b(?:within|in)\s+(?:the\s+next\s+)?(\d+(?:\.\d+)?)\s*(days?|d|hours?|hrs?|h|weeks?|w)\b",
                       re.IGNORECASE)
WITHIN_ZH = lazy(r"(\d+(?:\.\d+)?)\s*(天|小时|个?钟头|周|个?星期)\s*(?:之?内|以内|里|完成|跑完|训完)")
# the time left said as what remains ("还有两小时", "只剩 3 天", "we have 2 hours left", "1 day to go"): a span from now
LEFT_ZH = lazy(r"(?:还有|还剩|只剩下?|就剩下?|剩下?|(?<![a-z])(?:deadline|ddl)\s*(?:is|是|为|[:：])?|工期\s*(?:是|为|[:：])?)\s*(?:不到|约|大概|大约)?\s*(\d+(?:\.\d+)?)\s*(天|小时|个?钟头|周|个?星期|days?|hours?|weeks?)(?!\s*的)", re.IGNORECASE)  # "deadline 10 天", "ddl: 2 weeks": a span too
LEFT_EN = lazy(r"(\d+(?:\.\d+)?)\s*(days?|hours?|hrs?|h|weeks?)\s+(?:left|remaining|to\s+go)\b", re.IGNORECASE)
BEFORE_ZH = lazy(r"(?:截止|之前|以前|前)")
# "due Friday", "due the day after tomorrow"; asked as "will it finish (on) Wednesday?", "done tomorrow?"; a day the
# work is shown ("demo on monday", "the pitch is friday", "下周一要 demo", "周五路演") is its deadline too
DUE_EN = lazy(r"\bdue\s+(.{1,40})|\b(?:finish(?:ed|es)?|done|ready|complete[ds]?|demo(?:\s+day)?|pitch|presentation|review|ends|closes"
              r"|in\s+time\s+for(?:\s+the)?|make(?:\s+it\s+(?:by|for))?(?:\s+the)?)\s+(?:is\s+)?(?:(?:on|over|during|in|set\s+for|scheduled\s+for)\s+)?"
              r"((?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b.{0,30}|(?:the\s+)?day\s+after\s+tomorrow\b.{0,30}|tomorrow\b.{0,30}|today\b.{0,30}|(?:the\s+|this\s+)?weekend\b.{0,30})",
              re.IGNORECASE)
# A time of day: "6pm", "9:30 am", "18:00", "noon"; "下午6点", "早上九点半", "中午", "晚上8点".
TIME_EN = lazy(r"\b(\d{1,2})(?::(\d{2}))?\s*(am|pm)\b|\b(\d{1,2}):(\d{2})\b|\b(noon|midday|midnight)\b|\b(morning|afternoon|evening)\b",
               re.IGNORECASE)
# a part of the day alone, at the hour its Chinese word is read at (上午 9, 下午 14, 晚上 20): "tomorrow evening"
# is the evening in both languages, not the end of the day
EN_PART_OF_DAY = {"morning": 9, "afternoon": 14, "evening": 20}
TIME_ZH = lazy(r"(凌晨|早上|早晨|上午|中午|下午|傍晚|晚上|夜里|今晚|今夜|明晚|今早|明早)?\s*(\d{1,2}|[零一二两三四五六七八九十]{1,3})\s*[点时](半|\d{1,2}\s*分?)?"
               r"|(凌晨|早上|早晨|上午|中午|下午|傍晚|晚上|今晚|明晚|今早|明早)")
ZH_HOUR_WORDS = {"零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}
ZH_PART_OF_DAY = {"凌晨": 3, "早上": 8, "早晨": 8, "上午": 9, "中午": 12, "下午": 14, "傍晚": 18, "晚上": 20, "夜里": 22,
                  "今晚": 20, "今夜": 22, "明晚": 20, "今早": 8, "明早": 8}
AFTERNOON_WORDS = ("下午", "傍晚", "晚上", "夜里", "今晚", "今夜", "明晚")
NIGHT_WORDS = ("晚上", "夜里", "今晚", "今夜", "明晚")  # 晚上12点 is the day's last instant, not its noon
DAY_END = time(23, 59, 59)
# When the run starts, if not now: "we start thursday 9am", "starting tomorrow", "周三中午开始", "明早九点开跑".
START_EN = lazy(r"\b(?:start|begin|kick\s*off|launch)(?:s|ing)?\b\s*(?:it\s+|the\s+run\s+|training\s+)?"
                r"(?:on\s+|at\s+|from\s+)?"
                r"(?P<when>(?:(?!\b(?:deadline|due|by|before|until|till|and|but|so|ok)\b)[^,.;!?]){1,30})", re.IGNORECASE)
# the verb first, then the words before it (a search from every position for "words then verb" cost 4 ms on
# a 2,000-character paste); they stop at a clause mark or a deadline word (前, 截止, 交)
START_VERB_ZH = lazy(r"(?:才\s*)?(?:开始|开跑|开训|起跑|动手|启动|开工)")
START_WORDS_ZH = lazy(r"[^，,。；;！!？?前截交]{1,12}$")
# a deadline's word and its date ("deadline 12/15", "截止 12月15号"), which the start's words never reach back over
DEADLINE_HEAD = lazy(r"(?:deadline|due|\bby|截止)(?:\s*(?:is|是|:))?\s*(?:\d{4}[-/.年]\d{1,2}[-/.月]\d{1,2}日?"
                     r"|\d{1,2}\s*月\s*\d{1,2}\s*[日号]?|\d{1,2}/\d{1,2})?", re.IGNORECASE)
UNIT_HOURS = {"d": 24, "day": 24, "days": 24, "h": 1, "hour": 1, "hours": 1, "hr": 1, "hrs": 1, "w": 168, "week": 168,
              "weeks": 168, "天": 24, "小时": 1, "钟头": 1, "个钟头": 1, "周": 168, "星期": 168, "个星期": 168}
BUDGET_EN = lazy(
    r"(?:budget(?:\s+(?:of|is))?|within|under|below|at\s+most|max(?:imum)?|no\s+more\s+than|up\s+to|cap(?:ped)?\s+at)"
    r"\s*:?\s*(?P<amount>[¥￥$₮]?\s*\d[\d,]*(?:\.\d+)?\s*(?:k|w|万|千)?)\s*(?P<cur>usdt|usd|cny|rmb|dollars?|元|块|u\b)?",
    re.IGNORECASE,
)
BUDGET_ZH = lazy(
    r"(?:预算|不超过|不要超过|最多花|最多|控制在|花费?不超过)\s*(?:(?:每|一|1)\s*个?\s*(?:月|周|星期)|每天|月|周)?\s*(?:是|为|在|有|就|只有)?\s*"
    r"(?P<amount>[¥￥$₮]?\s*\d[\d,]*(?:\.\d+)?\s*(?:k|w|万|千)?)\s*(?P<cur>usdt|usd|cny|rmb|美元|美金|元|块|u\b)?"
    r"|(?P<amount2>[¥￥$₮]?\s*\d[\d,]*(?:\.\d+)?\s*(?:k|w|万|千)?)\s*(?P<cur2>usdt|usd|cny|rmb|美元|美金|元|块|u\b)?\s*(?:以内|之内|内)",
    re.IGNORECASE,
)
CURRENCY_WORDS = {"dollar": "USD", "dollars": "USD", "美元": "USD", "美金": "USD", "元": "CNY", "块": "CNY", "rmb": "CNY",
                  "u": "USDT"}

HEADROOM = lazy(r"roomy|roomier|roomiest|more\s+room|headroom|room to spare|plenty of (?:room|memory)|comfortabl[ey]|not too tight|宽裕|宽松|余量[大多足]|"
                      r"留足?余量|富余|别太紧|不要太紧|不想太紧|稳一点|稳妥", re.IGNORECASE)

CHEAPEST = lazy(r"最省|最便宜|最划算|cheapest|least\s+expensive", re.IGNORECASE)


# "是最省钱的吗", "是不是最低配置", "够用就行", "is that the minimum?", "is this overkill", a claim put for a yes ("…应该最便宜吧",
# "should be the cheapest, right?"): whether the setup the message names is the least that does the job (seed 000's minimum)
MINIMUM_ASKED = lazy(r"是(?:不是|否)?\s*(?:最省钱?|最便宜|最低|最少|最划算|最小)|(?:最低|最少|最小)(?:配置|要求|的)?\s*了?\s*(?:吗|么|嘛)"
                     r"|(?:应该|肯定|估计|算|就)\s*(?:是)?\s*(?:最省钱?|最便宜|最划算)|(?:最省钱?|最便宜|最划算)\s*(?:的)?\s*了?\s*(?:吧|对吧|对不对|没错吧)|\b(?:cheapest|minimum)\b[^?.!]{0,20}\b(?:right|correct|yeah)\s*[?？]*\s*$"
                     r"|够用就(?:行|好|可以)|有必要(?:上|用|租)?\s*(?:这么|那么)|(?:用|上)得着\s*(?:这么|那么)"
                     r"|\b(?:is|are)\s+(?:that|this|it|these|those)\s+(?:really\s+)?(?:the\s+)?(?:bare\s+)?(?:minimum|cheapest|least|lowest|smallest)"
                     r"|\b(?:is|are)\s+(?:a|an|one|two|\d+(?:\s*[x×])?)\b[^?]{0,40}?\bthe\s+(?:bare\s+)?(?:minimum|cheapest)\b"
                     r"|\boverkill\b|\bjust\s+enough\b|\bdo\s+(?:i|we)\s+(?:really\s+)?need\s+(?:that\s+many|all\s+(?:of\s+)?(?:that|those|these))",
                     re.IGNORECASE)


def minimum_asked(text: str) -> bool:
    """Whether the message asks if the setup it names is the least that does the job ("8卡h100 是最省钱的吗",
    "two a100 for 7b full, is that the minimum?", "4卡h100 和 4卡a100 哪个够用就行"): the answer is yes or
    no against the seed's minimum for the class, not only whether the named setup fits."""
    return bool(MINIMUM_ASKED.search(text))


# the cheapest with no offload is the cheapest at full speed: seed 000's no-offload minimum, as "safe" is
SAFE = lazy(r"\bsafe(?:st|ly)?\b|\breliabl[ey]\b|\bwithout\s+(?:an?\s+)?oom|\bno\s+oom|稳|靠谱|保险|不(?:会)?\s*(?:爆显存|oom|爆)"
            r"|(?:不|别|无需|不需要)\s*(?:开|要|用|做|上)?\s*(?:offload|卸载)|\b(?:no|without|not|skip(?:ping)?)\s+(?:any\s+)?(?:cpu\s+)?offload",
            re.IGNORECASE)


def cheapest_safe(text: str) -> bool:
    """"cheapest safe way to full-finetune a 72b", "32b 全参最便宜又稳的配置", "最省的稳妥方案": the cheapest
    setup that runs the job at full speed without risk, not the roomiest one (seed 000's minimum without
    offload, engine.advice)."""
    return bool(CHEAPEST.search(text) and (SAFE.search(text) or HEADROOM.search(text))) or bool(CHEAP_AND_SAFE.search(text))


# "又便宜又稳", "便宜点但要稳", "cheap but safe": both asked together, the same as the cheapest safe setup
CHEAP_AND_SAFE = lazy(r"便宜\s*(?:点|些)?\s*(?:又|还|而且|且|但|但是)?\s*(?:要|得)?\s*(?:稳|靠谱|保险)|(?:稳|靠谱|保险)\s*(?:又|还|而且|且)\s*便宜"
                      r"|\bcheap(?:er)?\s+(?:but|and|yet)\s+(?:safe|reliable)|\b(?:safe|reliable)\s+(?:but|and|yet)\s+cheap",
                      re.IGNORECASE)


# a roomy setup asked as another option beside the cheapest: "宽裕的呢", "和宽裕的配置", "and the roomy one",
# "cheapest vs roomy" (never "最省的稳妥方案" / "cheapest safe setup": one setup, both words of it)
ROOM_AS_OTHER = lazy(r"(?:宽裕|宽松|富余)\s*(?:一?点|些)?\s*的?\s*(?:方案|配置|配法|那套|那个)?\s*(?:呢|的话|又?是?多少|怎么样|怎么配)"
                     r"|(?:和|跟|与|还有|以及|再|另外)\s*(?:一个|一套)?\s*(?:最|比较|更)?\s*(?:宽裕|宽松|富余)"
                     r"|\b(?:and|vs\.?|versus|or|plus|also|then)\s+(?:the\s+|a\s+|one\s+)?(?:more\s+)?(?:roomy|roomier|comfortable)\b"
                     r"|\b(?:roomy|roomier|comfortable)\s+(?:one|option|setup|config(?:uration)?)\s+(?:too|as\s+well)\b", re.IGNORECASE)


def room_too(text: str) -> bool:
    """The cheapest setup and a roomy one both asked ("14b 全参 gpuli 最便宜方案多少钱 宽裕的呢", "cheapest setup
    for 14b full at gpuli, and the roomy one?"): the cheapest leads, the reference table's roomy setup is priced under it."""
    return bool(CHEAPEST.search(text) and ROOM_AS_OTHER.search(text))


def wants_room_over_price(text: str) -> bool:
    """Room asked for its own sake ("宽裕一点"), not a "cheapest safe" setup ("最省的稳妥方案"): the
    seed's 宽裕 column answers the first only."""
    return wants_headroom(text) and not CHEAPEST.search(text)


LEAST_SETUP = lazy(r"\b(?:minimum|minimal|smallest|least|lowest)\s+(?:viable\s+|possible\s+|gpu\s+|hardware\s+)?"
                   r"(?:config(?:uration)?|setup|spec|hardware|requirements?|gpus?|cards?)\b"
                   r"|最低(?:配置|要求|配)|最小(?:配置|可行配置|可行)|最少(?:要|需要|得)?(?:什么|啥|哪些)?(?:配置|卡)"
                   r"|最少(?:要|需要|得|用)?\s*(?:几|多少)\s*(?:张|块)|\b(?:fewest|fewer)\s+(?:gpus|cards)\b"
                   r"|\bhow\s+few\s+(?:gpus|cards)\b|\b(?:minimum|least)\s+(?:number\s+of\s+)?(?:gpus|cards)\b", re.IGNORECASE)


def least_setup_asked(text: str) -> bool:
    """"min config for 7b full ft", "最低配置 月租多少": the least setup that does the job is asked for
    (seed 000's 最小可行配置 column), so a cost answer leads with that setup priced, not with whatever
    the ranking finds cheapest among the setups that fit with room (which may be a bigger card)."""
    return bool(LEAST_SETUP.search(text))


def wants_headroom(text: str) -> bool:
    """"想要 roomy 一点的 setup", "with plenty of headroom": a roomy setup over the cheapest tight one."""
    return bool(HEADROOM.search(text))


def wants_longest_seq(text: str) -> bool:
    """The message asks for the longest sequence (context) that still fits."""
    return LONGEST_SEQ.search(text) is not None


def wants_largest_batch(text: str) -> bool:
    """The message asks for the largest micro-batch that still fits."""
    return LARGEST_BATCH.search(text) is not None or batch_raise.batch_raised(text)  # "能开大点 batch 吗": the same


def wants_largest_model(text: str) -> bool:
    """The message asks for the biggest model it can train (with a budget: what that money buys)."""
    return LARGEST_MODEL.search(text) is not None


def how_many_card(text: str) -> str | None:
    """The catalog card a "how many <card>" question names ("how many 4090s" -> rtx-4090)."""
    m = HOW_MANY.search(text)
    if m is None:
        return None
    # the card counted is the one the question counts ("how many 4090s"), not one named later in the
    # message ("how many FLOPs and how long on 8 H100" counts FLOPs)
    found = find_gpus(normalize(m.group("en") or m.group("zh") or ""))
    return found[0].ident if found else None


def undated(text: str) -> str:
    """`text` with every calendar date it names ("12月15号", "2026-12-15", "2026年12月15日", "Dec 20") blanked
    to spaces (same length): a date is a day, never a length, so the duration reader sees none of it
    ("deadline 12月15号" is no 12-month rental)."""
    for pattern in (ISO_DATE, MONTH_DAY_ZH, MONTH_DAY_EN):
        text = pattern.sub(lambda m: " " * len(m.group(0)), text)
    return text


# a weekday in digits as the normalizer leaves it ("周2", "星期5"): a day, never "2 周" with the number before it
WEEKDAY_DIGIT = lazy(r"(?<![每一两二三四五六七八九十\d\s])(?:周|星期|礼拜)[1-7](?![\d.]|\s*(?:天|次|小时|钟头|个|回|晚))")


def unweekdayed(text: str) -> str:
    """`text` with each weekday written in digits blanked (same length): "今天周2 周五前" names no two-week span."""
    return WEEKDAY_DIGIT.sub(lambda m: " " * len(m.group(0)), text)


def without_days(text: str) -> str:
    """`text` with its dates and named period ends ("12月5号", "月底", "end of next week") blanked: the
    week or month of a day is no rental unit ("12月5号前，周租多少" asks one unit, not both)."""
    return PERIOD_END.sub(lambda m: " " * len(m.group(0)), undated(text))


def date_spans(text: str) -> list[tuple[int, int]]:
    """Where `text` names calendar dates, "12/15" included: a date's day is never a card count ("due Dec
    20, 4090 at gpuli" is one 4090)."""
    return [m.span() for p in (ISO_DATE, MONTH_DAY_ZH, MONTH_DAY_EN, SLASH_DATE) for m in p.finditer(text)]


def _end_of_day(d: date, tz: tzinfo) -> datetime:
    return datetime.combine(d, time(23, 59, 59), tzinfo=tz)


def _upcoming(month: int, day: int, now: datetime) -> date | None:
    """Month/day without a year: this year's, or next year's when it has passed."""
    try:
        d = date(now.year, month, day)
        return d if d >= now.date() else date(now.year + 1, month, day)
    except ValueError:
        return None


def _weekday(weekday: int, next_weeks: int, now: datetime) -> date:
    """A weekday (0 = Monday) without a date: the coming one (today counts); "下周五" / "next
    Friday" is that day in the following week (weeks start on Monday, as in a Chinese calendar)."""
    today = now.date()
    if next_weeks:
        monday = today - timedelta(days=today.weekday())
        return monday + timedelta(days=7 * next_weeks + weekday)
    return today + timedelta(days=(weekday - today.weekday()) % 7)


def _period_end(m: re.Match[str], now: datetime) -> date:
    """The last day of the year, month or week PERIOD_END matched: this one, or the next one named."""
    today = now.date()
    if m["year"]:
        return date(today.year, 12, 31)
    if m["month"]:
        ahead = 2 if m["next_month"] or m["next_month_en"] else 1  # the first of the month after it, less a day
        first = date(today.year + (today.month + ahead - 1) // 12, (today.month + ahead - 1) % 12 + 1, 1)
        return first - timedelta(days=1)
    weeks = len(m["next_week"] or "") or int(bool(m["next_week_en"] or m["next_weekend"]))
    return _weekday(6, weeks, now)


def _named_day(text: str, now: datetime) -> date | None:
    """"明天", "后天", "tomorrow", "周五", "下周一", "next Friday", "月底", "end of the month", "年底":
    days named instead of dated."""
    m = PERIOD_END.search(text)
    if m:
        return _period_end(m, now)
    m = RELATIVE_DAY.search(text)
    if m:
        return now.date() + timedelta(days=RELATIVE_OFFSET[m[1].lower()])
    m = WEEKDAY_ZH.search(text)
    if m:
        index = 6 if m[2] in "日天7" else (int(m[2]) - 1 if m[2].isdigit() else ZH_WEEKDAYS.index(m[2]))
        return _weekday(index, (m[1] or "").count("下"), now)
    m = WEEKDAY_EN.search(text)
    if m:
        return _weekday(EN_WEEKDAYS.index(m[2].lower()), 1 if (m[1] or "").lower() == "next" else 0, now)
    return None


def _absolute(text: str, now: datetime, tz: tzinfo) -> datetime | None:
    m = ISO_DATE.search(text)
    if m and m[4]:
        try:
            return datetime.combine(date(int(m[1]), int(m[2]), int(m[3])), time(int(m[4]), int(m[5])), tzinfo=tz)
        except ValueError:
            return None
    found = _dated(text, now) or _named_day(text, now)
    return _end_of_day(found, tz) if found else None


def _dated(text: str, now: datetime) -> date | None:
    """The calendar date `text` names: "2026-12-15", "Dec 15", "12月15号", "12/15" (without a year, the
    coming one); None when it names none (or no real day)."""
    m = ISO_DATE.search(text)
    if m:
        try:
            return date(int(m[1]), int(m[2]), int(m[3]))
        except ValueError:
            return None
    m = MONTH_DAY_EN.search(text)
    if m:
        return _upcoming(MONTHS.index(m[1].lower()[:3]) + 1, int(m[2]), now)
    m = MONTH_DAY_ZH.search(text) or SLASH_DATE.search(text)
    if m:
        month, day = (int(m[1]), int(m[2])) if int(m[1]) <= 12 else (int(m[2]), int(m[1]))
        return _upcoming(month, day, now)
    return None


def time_of_day(text: str) -> time | None:
    """The first time of day `text` names: "6pm" 18:00, "9:30am", "18:00", "noon", "evening" 20:00; "下午6点" 18:00,
    "早上九点半" 09:30, "中午" 12:00 (a part of the day alone is its usual hour)."""
    en, zh = TIME_EN.search(text), TIME_ZH.search(text)
    if en and (not zh or en.start() <= zh.start()):
        if en[7]:
            return time(EN_PART_OF_DAY[en[7].lower()])
        if en[6]:
            return time(0) if en[6].lower() == "midnight" else time(12)
        hour, minute = (int(en[1]), int(en[2] or 0)) if en[1] else (int(en[4]), int(en[5]))
        if en[3]:
            hour = hour % 12 + (12 if en[3].lower() == "pm" else 0)
        return time(hour, minute) if hour < 24 and minute < 60 else None
    if zh is None:
        return None
    if zh[4]:
        return time(ZH_PART_OF_DAY[zh[4]])
    number = zh[2]
    spoken = int(number) if number.isdigit() else _zh_hour(number)
    if spoken is None:
        return None
    hour = spoken
    if zh[1] in NIGHT_WORDS and hour == 12 and not zh[3]:
        return DAY_END
    if (zh[1] in AFTERNOON_WORDS and hour < 12) or (zh[1] == "中午" and hour < 6):  # 下午6点, 中午1点
        hour += 12
    minute = 30 if zh[3] == "半" else int(re.sub(r"\D", "", zh[3])) if zh[3] else 0
    return time(hour, minute) if hour < 24 and minute < 60 else None


def _zh_hour(word: str) -> int | None:
    """一 .. 二十四 as an hour ("十二" 12, "十" 10, "两" 2)."""
    if "十" in word:
        tens, _, ones = word.partition("十")
        value = (ZH_HOUR_WORDS.get(tens, 0) if tens else 1) * 10 + (ZH_HOUR_WORDS.get(ones, 0) if ones else 0)
        return value if not (tens and tens not in ZH_HOUR_WORDS) else None
    return ZH_HOUR_WORDS.get(word)


@one_message.per_message  # the start and the deadline readers both look for it
def _start_match(text: str) -> tuple[int, int, str] | None:
    """Where the words that say when the run starts are (start, end) and what they say, if they name a
    day or a time: "we start thursday 9am", "周三中午开始"."""
    en = START_EN.search(text)
    if en and (_names_a_day(en["when"]) or time_of_day(en["when"])):
        return en.start(), en.end(), en["when"]
    verb = START_VERB_ZH.search(text)
    if verb is None:
        return None
    low = max(0, verb.start() - 12)
    before = START_WORDS_ZH.search(text[low:verb.start()])
    if before is None:
        return None
    begin = low + before.start()
    heads = [h.end() for h in DEADLINE_HEAD.finditer(text, max(0, begin - 12), verb.start()) if h.end() > begin]
    words = last_day(text[max([begin, *heads]):verb.start()], DAYS)  # "deadline 12/15 今天开始": the date is the deadline's
    if not (_names_a_day(words) or time_of_day(words)):
        return None
    return verb.start() - len(words), verb.end(), words


def _names_a_day(text: str) -> bool:
    return any(p.search(text) for p in DAYS)


def start(text: str, now: datetime, tz: tzinfo | None = None) -> datetime | None:
    """When the run starts, if the message says it is not now: a day ("周三", "tomorrow") at a time
    ("中午", "9am"); a day alone starts at its first hour, a time alone is today's, in the zone the
    message states, else `tz`, else now's. None when not said."""
    m = _start_match(text)
    if m is None:
        return None
    zone = stated_zone(text) or tz or now.tzinfo
    assert zone is not None, "now must be timezone-aware"
    local_now = now.astimezone(zone)
    when = m[2]
    day = _dated(when, local_now) or _named_day(when, local_now) or local_now.date()
    at = datetime.combine(day, time_of_day(when) or time(0), tzinfo=zone)
    return at if at > now else None


def deadline(text: str, now: datetime, tz: tzinfo | None = None) -> datetime | None:
    """When the job must be done: a date after "by / before / 前 / 截止" (the end of that day in `tz`,
    default now's zone, or the time of day named with it: "friday 6pm", "周五下午6点前"), or a span
    from now ("within 3 days", "48小时内"). The words saying when the run starts are not the deadline's.
    A zone the message states ("Thursday noon Beijing time", "周五 18:00 PST") beats `tz` and now's
    (bot.understand.zones). None when not stated."""
    zone = stated_zone(text) or tz or now.tzinfo
    assert zone is not None, "now must be timezone-aware"
    local_now = now.astimezone(zone)
    text = without_expiry(text)  # "到期前几天会提醒": the rental's expiry, not the user's deadline
    text = re.sub(r"(?<![a-z])ddl(?![a-z])", "deadline", without_today(overnight.as_morning(text)), flags=re.I)  # "今天周二，周五前"; "周五中午 ddl"
    started = _start_match(text)
    if started is not None:  # "周三中午开始，周五前": the 周三 is the start's, not the deadline's
        begin, end, _ = started
        text = text[:begin] + " " * (end - begin) + text[end:]
    m = _within_en(text) or _within_zh(text) or LEFT_EN.search(text) or LEFT_ZH.search(text)
    if m:
        hours = float(m[1]) * UNIT_HOURS[m[2].lower()]
        return now + timedelta(hours=hours)
    en = DEADLINE_EN.search(text) or DUE_EN.search(text)
    if en:
        words = nearest_day(en[1] or en[2], (0, 0), (PERIOD_END, RELATIVE_DAY, WEEKDAY_EN, MONTH_DAY_EN))  # after "due"/"by"
        due = _at_time(_absolute(words, local_now, zone) or today_or_next(local_now, time_of_day(words)), words)  # "before 5pm": today
        if due is not None or "deadline" not in text.lower():
            return due  # "周五中午 deadline，…": the day is before the word, read below
    if BEFORE_ZH.search(text) or DUE_ZH.search(text) or CATCH_ZH.search(text) or "deadline" in text.lower():
        return _at_time(_absolute(_zh_due_words(text), local_now, zone) or _absolute(text, local_now, zone) or today_or_next(local_now, time_of_day(_zh_due_words(text))), _zh_due_words(text))
    return None


def _at_time(day_end: datetime | None, words: str) -> datetime | None:
    """The deadline's day at the time of day its own words name, else the end of that day."""
    at = time_of_day(words)
    if day_end is None or at is None or at == time(0) or day_end.time() != DAY_END:
        return day_end  # "by midnight friday": friday's end, not its first instant
    return datetime.combine(day_end.date(), at, tzinfo=day_end.tzinfo)


def _zh_due_words(text: str) -> str:
    """The words just before 前 / 截止 / a due verb, and after 截止 ("截止周四中午"): where a deadline says its time."""
    m = BEFORE_ZH.search(text) or DUE_ZH.search(text) or CATCH_ZH.search(text) or re.search("deadline", text, re.IGNORECASE)
    if m is None:
        return ""
    low = max(0, m.start() - 10)  # "周五中午 deadline", "deadline 明天下午6点", "截止周四中午": the time is on either side
    words = text[low:m.end() + (16 if m[0].lower() in ("deadline", "截止") else 0)]
    return nearest_day(words, (m.start() - low, m.end() - low), (PERIOD_END, RELATIVE_DAY, WEEKDAY_ZH, MONTH_DAY_ZH))


def deadline_is_span(text: str) -> bool:  # "3天内", "within 48 hours": the time left, so the words are no run length
    return span_said(text) is not None


@one_message.per_message  # the deadline and its span both look for it
def span_said(text: str) -> re.Match[str] | None:  # the deadline's words as a span from now ("还剩 5 天"); None without
    return _within_en(text) or _within_zh(text) or LEFT_EN.search(text) or LEFT_ZH.search(text)


# "大概1.5天跑完的", "预计 3 天训完": an estimate of how long the run takes, not a time limit ("3天内跑完")
RUN_ESTIMATE = lazy(r"(?:大概|大约|约|预计|估计|差不多|需要|要|得|能|一般|通常|左右)\s*$")


def _within_en(text: str) -> re.Match[str] | None:  # "within 3 days"; a rule's window ("a refund within 1 hour") is none
    return next((m for m in WITHIN_EN.finditer(text) if not rule_window(text, m)), None)


def _within_zh(text: str) -> re.Match[str] | None:
    """A span the work must finish in; a run length after an estimate word is none, nor a rule's window ("下单后 1 小时内")."""
    for m in WITHIN_ZH.finditer(text):
        if rule_window(text, m):
            continue
        ends_done = not re.search(r"[内里]$", m[0])
        estimate = RUN_ESTIMATE.search(text[max(0, m.start() - 6):m.start()]) or text[m.end():m.end() + 1] == "的"
        # "1.5天跑完 总共多少": a run's length with its price asked after it, and no "能…吗" asked of a limit
        priced = PRICE_AFTER.search(text[m.end():]) and not LIMIT_ASKED.search(text)
        if not (ends_done and (estimate or priced)):
            return m
    return None


PRICE_AFTER = lazy(r"多少|费用|价格|花费|要花|几块|\bcost\b")
LIMIT_ASKED = lazy(r"[吗么前]|能不能|来得及|来不及|赶得上|能否|截止")


def budget(text: str) -> tuple[Decimal, str | None] | None:
    """(amount, currency id or None) a budget phrase states: "within $500", "预算2万元". A number with no
    currency counts only after the word budget (预算): "within 3 days" is a deadline, not money."""
    for pattern in (BUDGET_ZH, BUDGET_EN):
        for m in pattern.finditer(text):
            raw = (m.groupdict().get("amount") or m.groupdict().get("amount2") or "").replace(" ", "")
            word = (m.groupdict().get("cur") or m.groupdict().get("cur2") or "").lower()
            parsed = parse_amount(raw) if raw else None
            if parsed is None:
                continue
            amount, currency = parsed
            if word:
                currency = CURRENCY_WORDS.get(word) or (found.id if (found := find_currency(word)) else currency)
            said_budget = any(w in m.group(0).lower() for w in ("budget", "预算", "花")) and not unrated_taken(text, *m.span())
            if (currency is None and not said_budget) or (word in ("块", "块钱") and counts_cards(amount, text, m.end())) \
                    or not (word or NOT_MONEY.match(text, m.end())):  # "预算 1周": a length, never ¥1
                continue  # "within 3 days", "under 500 steps" (money only after "budget"); "4块a100" counts cards
            return amount, currency
    return None


NOT_MONEY = lazy(NOT_MONEY_AFTER)
SPAN = lazy(r"^(\d+(?:\.\d+)?)\s*(d|days?|h|hours?|hrs?|w|weeks?|天|小时|周)$", re.IGNORECASE)


def deadline_value(text: str, now: datetime) -> datetime | None:
    """A deadline as a flag value: a span from now ("3d", "48h", "2w", "3天") or an ISO date or
    date-time ("2026-12-15" = the end of that day; no offset = UTC). None if it is neither."""
    s = text.strip()
    m = SPAN.match(s)
    if m:
        return now + timedelta(hours=float(m[1]) * UNIT_HOURS[m[2].lower()])
    try:
        if len(s) == 10:
            return _end_of_day(date.fromisoformat(s), now.tzinfo or UTC)
        at = datetime.fromisoformat(s)
    except ValueError:
        return _absolute(s, now, now.tzinfo or UTC)
    return at if at.tzinfo is not None else at.replace(tzinfo=UTC)


def parse_amount(token: str) -> tuple[Decimal, str | None] | None:
    """A clear amount (bot.understand.amount's reader) with the currency its symbol names; an
    ambiguous or absurd amount is not a budget."""
    found = read_token(token)
    if found is None or not isinstance(found[0], Amount):
        return None
    return found[0].value, found[1]


def find_currency(token: str) -> Currency | None:
    return currencies().find(token) if token else None


def budget_value(text: str) -> tuple[Decimal, str | None] | None:
    """A budget as a flag value: "5000CNY", "5000 CNY", "¥5000", "$800", "2万", "500USDT"."""
    m = re.fullmatch(r"\s*([¥￥$₮]?\s*\d[\d,]*(?:\.\d+)?\s*(?:k|w|万|千)?)\s*([a-zA-Z]+|元|块|美元)?\s*", text)
    if m is None:
        return None
    parsed = parse_amount(m[1].replace(" ", ""))
    if parsed is None:
        return None
    amount, currency = parsed
    if m[2]:
        word = m[2].lower()
        found = find_currency(word)
        currency = CURRENCY_WORDS.get(word) or (found.id if found else None)
        if currency is None:
            return None
    return amount, currency
