"""Text clean-up before extraction: width, case, punctuation and Chinese numerals.

"８卡Ｈ１００，全参３２Ｂ" and "8卡h100, 全参32b" must read the same, and "八卡", "两张", "训三轮",
"十六张" must carry digits. Chinese numerals are converted only where a counter or unit follows
(卡, 张, 轮, 个, 天, 周, 万, 亿 ...), so names like 千问 and 一万网络 keep their characters.
"""

from __future__ import annotations

import re
import unicodedata
from decimal import Decimal
from functools import lru_cache

from bot.understand import (
    decimal_comma,
    event_days,
    formal_numerals,
    name_glyphs,
    numeral_provider,
    provider_words,
    spoken_chinese,
    spoken_english,
    spoken_names,
    stated_speed,
    typos,
)
from bot.understand.lazy import lazy

DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "俩": 2, "三": 3, "仨": 3, "四": 4, "五": 5,
          "六": 6, "七": 7, "八": 8, "九": 9}
SMALL_UNITS = {"十": 10, "百": 100, "千": 1000}
BIG_UNITS = {"万": 10_000, "亿": 100_000_000}
NUMERAL_CHARS = "".join(DIGITS) + "".join(SMALL_UNITS) + "".join(BIG_UNITS)
# What may follow a Chinese numeral for it to be read as a number.
COUNTERS = ("卡", "张", "块", "台", "个", "轮", "遍", "次", "天", "日", "周", "星期", "礼拜", "月", "年", "季",
            "小时", "钟头", "分钟", "条", "步", "节点", "机", "位", "元", "刀", "美元", "美金", "人民币", "万", "亿", "千", "百",
            "token", "epoch", "b", "k", "w", "u", "h")
PARAM_WORDS = ("参数", "的参数", "级", "规模", "的模型")
_NUMERAL_RUN = lazy(rf"[{NUMERAL_CHARS}]+")
_CJK = lazy(r"[\u4e00-\u9fff]")
_CARD_AFTER = lazy(r"\s*(?:rtx|[ahlbtv]\d{1,4}|[1-5]0[5-9]0)")
AMOUNT_AFTER = ("的", "够", "能", "可以", "就", "多", "来", "左右", "以内", "之内", "内", "预算", "美", "人民币", "刀", "也")
# an amount's unit, then a count of something else: "3万一个月" is ¥30,000 for 1 month, not the run "万一"
_UNIT_THEN_COUNT = lazy(r"(\d[万千百亿])(?=[一二两三四五六七八九十]{1,3}\s*(?:个|周|天|张|卡|台|小时|星期|礼拜))")
_COLLOQUIAL = lazy(r"([一二两三四五六七八九])([万千])([一二两三四五六七八九])")  # "一万五", "三千五"
# the same shorthand typed in digits: "1w5", "1万5", "2k5", "3千5" (one digit after the unit, none after it)
_COLLOQUIAL_DIGITS = lazy(r"(?<![a-z\d.])(\d{1,3})([万wk千])(\d)(?![\d.]|[万千百])")
# Chinese numerals that are part of names or idioms, never quantities.
PROTECTED = ("千问", "一万网络", "零一万物", "一下", "一点", "一起", "一般", "一直", "一样", "万一", "一些", "一次性", "统一",
             "第一", "一定", "唯一", "一句", "一条龙", "一对一", "一键", "一堆", "一半", "一趟", "一遍遍")
SPECIAL_COUNTS = {"双卡": "2卡", "单卡": "1卡", "单张": "1张", "双机": "2机", "单机": "1机"}
LONG_NUMBER = lazy(r"\d{13,}")
POWER_OF_TEN = lazy(r"(?<![\d.])10\s*\^\s*(\d{1,3})(?!\d)")
# a power of two written out ("2^20 tokens", "2**24 rows"): the number it is, as every other reader takes numbers
POWER_OF_TWO = lazy(r"(?<![\d.])2\s*(?:\^|\*\*)\s*(\d{1,2})(?![\d.])")
REPEATS = lazy(r"(\D)\1{3,}")
REPEATED_CHUNK = lazy(r"(\D.{1,7}?)\1{3,}")  # "[31m[31m[31m...": a pasted run says nothing more after three
PUNCT = lazy(r"[，。！？；：、“”‘’（）【】《》「」『』…~～|]+")
# After NFKC the Chinese marks are ASCII: a comma, colon, semicolon, bang or question mark between
# clauses is a separator; between two digits ("99,999", "13:00", "1,5") it is part of the number.
ASCII_PUNCT = lazy(r"(?<!\d)[,:]|[,:](?!\d)|\.(?=\s|$)|[;!?\"()\[\]{}]+")
# "12 个钟" is spoken Chinese for twelve hours: read as "12 个钟头" (never 几点钟, 分钟 or 钟表)
# a count of time typed with a multiplier ("1w 分钟", "2k minutes", "1.5万小时"): the number itself; "1w" alone is a week
_SCALED_TIME = lazy(r"(?<![a-z\d.])(\d+(?:\.\d+)?)\s*([kw万千])\s*(?=(?:个\s*)?(?:分钟|小时|钟头|秒|mins?\b|minutes?\b|hours?\b|hrs?\b|secs?\b|seconds?\b))")
SPOKEN_HOURS = lazy(r"(?<=\d)(\s*)个\s*钟(?![头点表])")
# "一个月多钱", "几多钱": spoken Chinese drops 少; read as 多少钱 so every price ask knows it ("很多钱" is an amount)
SPOKEN_PRICE = lazy(r"(?<![很好许太那这更挺差])多钱")
# "what's the damage?", "the damage per month": British slang for the bill, read as the cost it asks
# (never "the damage to/from/of/done" something, which is harm)
SLANG_COST = lazy(r"\bthe\s+damage\b(?!\s+(?:to|from|of|done|is\s+done)\b)")
# "week x2", "x2 周", "月租×3": a multiplier beside a rental's length multiplies that length ("2 week")
_PERIOD = r"(weeks?|months?|周租?|星期|月租?)"
PERIOD_TIMES = lazy(rf"(?<![a-z0-9])(?<!\d\s)(?:1\s*)?{_PERIOD}\s*[x×*]\s*(\d{{1,2}})(?![\d.])")
TIMES_PERIOD = lazy(rf"(?<![a-z0-9.])(?<![a-z\d]\s)[x×*]\s*(\d{{1,2}})\s*{_PERIOD}")  # "2 × 一周" a product, "h100 x8 weekly" a count
# "x2", "×3 呢", "2x?": a multiplier said alone, after a rental was priced, is that many of it: the cards
# ("L40S x2" is two L40S), each rented as the one just priced
TIMES_ALONE = lazy(r"^\s*(?:[x×*]\s*(\d{1,2})|(\d{1,2})\s*[x×])\s*(?:呢|吗|吧|呀|啊|then|please|pls)?\s*$")
MENTION = lazy(r"(?<![\w.])@[a-z0-9_]{2,32}\b")  # "@kasuan_bot": an address, not part of the question
# "two qs: 1) min config 2) monthly cost", "1、最低配置 2、月租": a numbered ask's number is no quantity
LIST_MARKER = lazy(r"[(（](\d{1,2})[)）]|([①-⑩])|(?:^|(?<=[\s:：,，;；。?？!！]))(\d{1,2})\s*(?:[)）、]|[.．](?![\d.．]))")
# "min" before what a setup is made of abbreviates minimum ("min config", "min vram"), never a minute
# "a 10-day run", "a 36-hour job", "the 2-week plan": a hyphenated length is that length (the hyphen a space,
# so every span keeps its place)
HYPHEN_LENGTH = lazy(r"(?<=\d)-(?=(?:days?|weeks?|months?|hours?|hrs?|h|minutes?|mins?)\b)")
MIN_AS_MINIMUM = lazy(r"\bmin\b\.?(?=\s*(?:config|configuration|setup|spec|specs|hardware|hw|requirements?|reqs?"
                      r"|vram|memory|mem|gpus?|cards?|card count|配置|显存|卡))")
# engineers' shorthand for a config file: "accelerate cfg", "ds conf", "cfg pls" read as "config"
CONFIG_SHORT = lazy(r"\b(?:cfgs?|confs?|cnf)\b")


def chinese_to_int(run: str) -> int | None:
    """"三十二" -> 32, "两" -> 2, "十六" -> 16, "三千" -> 3000, "一百二十八" -> 128; None if malformed."""
    total = section = digit = 0
    seen = False
    for ch in run:
        if ch in DIGITS:
            digit = DIGITS[ch]
            seen = True
        elif ch in SMALL_UNITS:
            section += (digit or 1) * SMALL_UNITS[ch]
            digit = 0
            seen = True
        elif ch in BIG_UNITS:
            total += (section + digit) * BIG_UNITS[ch]
            section = digit = 0
        else:
            return None
    if not seen:
        return None
    return total + section + digit


def _convert_numerals(text: str) -> str:
    protected: dict[str, str] = {}
    for i, word in enumerate(PROTECTED):
        if word in text:
            key = f"\x00{i}\x00"
            protected[key] = word
            text = text.replace(word, key)

    def repl(m: re.Match[str]) -> str:
        run = m.group(0)
        after = text[m.end():m.end() + 6].lower().lstrip()
        before = text[max(0, m.start() - 1):m.start()]
        digit_before = text[:m.start()].rstrip(" ")[-1:]  # "8 千 u": the digit is the number's, a space apart
        if (digit_before.isdigit() or before == ".") and all(ch in BIG_UNITS or ch in SMALL_UNITS for ch in run):
            return run  # "2000万", "1.5亿", "3千", "8 千": a digit already carries the number; the unit stays
        short = _COLLOQUIAL.fullmatch(run)
        if short:  # "一万五" is 15,000 and "三千五" 3,500: the digit after the unit counts its next place down
            head, unit, tail = DIGITS[short[1]], short[2], DIGITS[short[3]]
            gap = " " if before.isascii() and before.isalnum() else ""
            return f"{gap}{head}.{tail}万" if unit == "万" else f"{gap}{head * 1000 + tail * 100}"
        counted = after.startswith(COUNTERS) or (run[-1] in BIG_UNITS and len(run) > 1 and after.startswith(PARAM_WORDS))
        # an amount standing alone: at the end, before a space ("预算一万 想全参 7b") or a non-Chinese word
        spaced = not text[m.end():m.end() + 1].strip()
        alone = len(run) > 1 and (run[0] in DIGITS or run[0] == "十") and ("万" in run or "千" in run or "百" in run) and (
            spaced or not after or not _CJK.match(after) or after.startswith(AMOUNT_AFTER))
        if not counted and not alone:
            # "七十亿参数": a count of 亿 before 参数 needs no counter; "一万", "五千", "三百" are numbers
            # alone, but not inside a word ("零一万物")
            return run
        # keep a trailing 万/亿 as a unit when the run is digits + big unit ("两万" -> "2万")
        unit = ""
        if run[-1] in BIG_UNITS and len(run) > 1:
            run, unit = run[:-1], run[-1]
        value = chinese_to_int(run)
        if value is None:
            return run + unit
        gap = " " if before.isascii() and before.isalnum() else ""  # "4090一周" -> "4090 1周", "l40s一张" -> "l40s 1张"
        # "俩h100", "两a100": a count glued to a card's name stays apart from it, never "2h100"
        apart = " " if not unit and _CARD_AFTER.match(text, m.end()) else ""
        return f"{gap}{value}{unit}{apart}"

    text = _NUMERAL_RUN.sub(repl, text)
    for key, word in protected.items():
        text = text.replace(key, word)
    return text


def _colloquial_digits(m: re.Match[str]) -> str:
    """"1w5" is 15,000 and "2k5" 2,500, as "一万五" is: the digit after the unit counts its next place
    down (written "1.5w" so the money and number readers, which know "1.5w", read it once)."""
    head, unit, tail = m.group(1), m.group(2), m.group(3)
    return f"{head}.{tail}{unit}" if unit in "万wk" else str(int(head) * 1000 + int(tail) * 100)


def _scaled_time(m: re.Match[str]) -> str:
    """"1w 分钟" -> "10000 分钟": a multiplied count of minutes or hours in plain digits."""
    value = Decimal(m.group(1)) * {"k": 1000, "千": 1000}.get(m.group(2), 10_000)
    return f"{value.normalize():f} "


@lru_cache(maxsize=1)
def _provider_glued() -> re.Pattern[str]:
    """A provider's latin name glued to a card's digits ("cloudgpu4090", "gpuli4090"): the names from the
    catalogs (entities.provider_names), longest first."""
    from bot.understand.entities import provider_names  # entities imports this module

    names = sorted({key for _, keys in provider_names() for key in keys if key.isascii() and key.isalpha()},
                   key=len, reverse=True)
    return re.compile(rf"(?<![a-z0-9])({'|'.join(map(re.escape, names))})(?=\d)")


def _unnumber(text: str) -> str:
    """The numbers of a numbered list ("1) … 2) …", "1、… 2、…", "①…②…") dropped: left in, "2) monthly
    cost" reads as two months and "1) min config" as one minute. Only markers counting 1, 2, 3… make a
    list: "batch 2、梯度累积 8、单卡" is an enumeration of amounts, and a lone "2)" may be one in brackets."""
    found = list(LIST_MARKER.finditer(text))
    numbers = [int(m[1] or m[3]) if (m[1] or m[3]) else ord(m[2]) - ord("①") + 1 for m in found]
    if len(numbers) < 2 or numbers != list(range(1, len(numbers) + 1)):
        return text
    return LIST_MARKER.sub(" ", text)


def _period_word(word: str) -> str:
    """A length's word as a count reads it: "月租" is "个月" (a lone "2 月" would be February)."""
    return {"月": "个月", "月租": "个月", "周租": "周"}.get(word, word)


def _multiplied(text: str) -> str:
    """"week x2" -> "2 week", "x2 周" -> "2 周", a lone "x2" -> "2 cards": the multiplier read as a count."""
    text = PERIOD_TIMES.sub(lambda m: f" {m.group(2)} {_period_word(m.group(1))} ", text)
    text = TIMES_PERIOD.sub(lambda m: f" {m.group(1)} {_period_word(m.group(2))} ", text)
    alone = TIMES_ALONE.match(text)
    return f"{alone.group(1) or alone.group(2)} cards" if alone else text


@lru_cache(maxsize=4096)  # one message is normalized by several readers: the first pays, the rest look it up
def normalize(text: str) -> str:
    """NFKC (full-width to ASCII), lower case, Chinese punctuation to spaces, numerals to digits.

    The Chinese marks become spaces before NFKC: folded first, "$50，3090" would read as one
    thousands-grouped number "50,3090" (a Chinese comma never groups digits)."""
    text = _unnumber(text)
    text = PUNCT.sub(" ", text)
    text = unicodedata.normalize("NFKC", text)
    text = "".join(ch for ch in text if unicodedata.category(ch)[0] != "C" or ch in "\n\t")
    text = typos.fix(text.lower())  # "冲值" -> 充值: a homophone typo reads as the word meant
    text = stated_speed.spelled(text)  # "tokens=12b mfu=0.35": a job spec's values said before their keys
    text = decimal_comma.read(text)  # "2,5 days", "0,33 $/h": a decimal comma where nothing else can be meant
    for word, digits in SPECIAL_COUNTS.items():
        text = text.replace(word, f" {digits}")  # "h200单卡" -> "h200 1卡", never "h2001卡"
    text = MENTION.sub(" ", text) if "@" in text else text  # (each pattern gated by a character it cannot match without)
    text = name_glyphs.repaired(text)  # "h1OO", "AI00", "4O90", "7ob": look-alike glyphs in a name read as digits
    text = MIN_AS_MINIMUM.sub("minimum", text) if "min" in text else text
    text = CONFIG_SHORT.sub("config", text) if "cfg" in text or "conf" in text or "cnf" in text else text
    text = HYPHEN_LENGTH.sub(" ", text) if "-" in text else text
    text = PUNCT.sub(" ", text)
    text = ASCII_PUNCT.sub(" ", text)
    text = provider_words.named(text).lower()  # "周租月租那家", "the per-minute provider": read as the provider's name
    text = _provider_glued().sub(r"\1 ", text) if "gpu" in text or "yiwan" in text else text
    text = event_days.dated(text)  # "双十二前", "by double 12": the festival as its date
    text = formal_numerals.fold(text)  # "壹万伍仟元": the formal numerals of a finance note, as the ordinary ones
    text = spoken_names.read(text)  # "千问三八b", "拉玛factory", "q罗拉": voice input's names (Qwen3-8B, LLaMA-Factory, QLoRA)
    text = spoken_chinese.read(text)  # "四零九零", "a一百", "四十g", "一点五天": voice input's numbers in digits
    text = numeral_provider.read(text) if "万" in text else text  # "一万 3090": 一万网络's short name, not ¥10,000
    text = _UNIT_THEN_COUNT.sub(r"\1 ", text)
    text = _convert_numerals(text)
    text = _COLLOQUIAL_DIGITS.sub(_colloquial_digits, text)
    text = _SCALED_TIME.sub(_scaled_time, text)
    text = SPOKEN_HOURS.sub(r"\1个钟头", text) if "钟" in text else text
    text = SPOKEN_PRICE.sub("多少钱", text) if "多钱" in text else text
    text = SLANG_COST.sub("the cost", text) if "damage" in text else text
    text = spoken_english.spoken(text)  # English number words, card names spelled out included, as digits
    text = POWER_OF_TEN.sub(r"1e\1", text) if "^" in text else text  # "10^20" -> "1e20"
    text = POWER_OF_TWO.sub(lambda m: str(2 ** int(m.group(1))), text) if "^" in text or "**" in text else text
    text = LONG_NUMBER.sub(" 1e99", text)  # 13+ digits: far out of every range; kept short so no pattern slows
    text = _multiplied(text) if "x" in text or "×" in text or "*" in text else text
    text = REPEATS.sub(lambda m: m.group(1) * 3, text)
    text = REPEATED_CHUNK.sub(lambda m: m.group(1) * 3, text)  # "((((((((" or "😂😂😂😂": three are enough
    return re.sub(r"[ \t]+", " ", text).strip()
