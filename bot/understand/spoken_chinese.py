"""Numbers as voice input writes them: card names and amounts spoken, not typed.

Speech-to-text writes what was said: "四零九零" for a 4090 (digit by digit), "a一百" for an A100, "h二百",
"a六千", "l四十s", "t四", "mi三百x" (a letter, then the number said as a number), "四十g" for 40 GB,
"一点五天", "零点三三刀", "百分之三十", "十六核", "批大小二". The general reader (normalize.py) converts
a Chinese numeral only before a counter it knows, so these stayed words and the request lost its card,
its memory or its amount. Read here, before that reader:

- a card: optional letters glued before a run of Chinese numerals, optional letters glued after it. The
  run is read digit by digit ("四零九零" 4090, "a一零零" a100) or as a number ("a一百" a100, "a六千" a6000),
  and the reading is kept only when letters + number + letters is a catalog card (entities.gpu_table), so
  "一万网络", "三千块" or "七十b" are never cards. A card may start inside a run ("两四零九零": a count, then
  the card) and end inside it ("四零九零一小时": the card, then one hour; "a一百四十g": A100, then 40 GB):
  what is left of the run stays apart, for the general reader;
- an amount of memory, cores or seconds: a Chinese numeral before g / gb / 核 / 比特 / 秒 ("四十八g",
  "一百二十八g内存", "九十秒");
- a decimal before a unit: "一点五天" 1.5 days, "零点三三刀" $0.33 ("一点" alone stays the idiom);
- digits said one by one: "序列长度一零二四" 1024, "二零四八" 2048;
- a number with 万 said in full: "两万一千八百六十四" 21864 (the idiom 万一 no longer cuts it);
- a percentage: "百分之三十" 30%;
- a training setting said with its value: "批大小二", "梯度累积八", "rank六十四";
- a sum, then a count of its period: "三万一个月" is 30,000 for one month (not the idiom 万一), "三千一个月"
  3,000 (as "3千一个月" typed is).

Every reading writes digits, so the message reads as the same message typed with digits.
"""

from __future__ import annotations

import re

from bot.understand import one_message
from bot.understand.lazy import lazy

# digit-by-digit reading (幺 is how 1 is said in a string of digits)
SAID_DIGITS = {"零": 0, "〇": 0, "幺": 1, "一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_NUM = "零〇幺一二两俩三四五六七八九十百千"
_NUM_SET = frozenset(_NUM)
LONGEST = 6  # a card's number is said in at most six characters ("三千零九十"): a longer span is never one
_PLAIN = str.maketrans("两俩〇幺", "二二零一")
# letters glued before a run, the run, letters glued after it
_CARD = lazy(rf"(?<![a-z0-9.])([a-z]*)([{_NUM}]+)([a-z]*)")
# memory, cores and seconds: "四十g", "一百二十八 gb", "十六核", "八比特", "九十秒"
# (a minute count before its seconds, "五十九分十秒", is one too; "一个钟头零十秒": the 零 joins two lengths)
_AMOUNT = lazy(rf"(零?)([{_NUM}]+)(?=\s?(?:gb?|tb?)(?![a-z])|核|比特|秒(?!杀)|分\s?(?:[{_NUM}]+|\d+)\s?秒)")
# a setting glued to its value: "zero二", "stage三", "fp十六", "bf十六", "int四", "int八" (voice input's "zero2", "fp16")
_GLUED_SETTING = lazy(rf"(?<![a-z])(zero|stage|fp|bf|int)[\s-]?([{_NUM}]+)(?![{_NUM}万亿点下些起般直样定半])")
# a number said with its places in full, wherever it stands: "八千一百九十二", "四千零九十六", "一百二十八" (two
# places said, or a 零 between them: never "三千", "一百" alone, which may be part of a phrase)
_FULL_PLACES = lazy(rf"(?<![{_NUM}万亿点])[{_NUM}]{{3,}}(?![{_NUM}万亿点])")
# a decimal: "一点五天", "零点三三刀", "两点五个小时"
_DECIMAL = lazy(rf"(?<![{_NUM}\d])([{_NUM}]+)点([零〇一二三四五六七八九]+)(?=\s?(?:天|日|小时|个小时|钟头|个钟头|分钟|秒|周|个星期|星期"
                r"|个月|月|年|刀|块|元|美元|美金|万|亿|倍|b(?![a-z])|k(?![a-z])|w(?![a-z])|u(?![a-z])|h(?![a-z])))")
# digits said one by one: "一零二四" (a length of 1,024), "二零二六年"; the general reader, which reads
# numbers said with units, would keep only the last digit ("两三天" and "三四张" are two guesses, and stay)
_SAID_DIGITS = lazy(r"(?<![零〇幺一二两俩三四五六七八九十百千万亿点])[零〇幺一二三四五六七八九]{3,}(?![零〇幺一二两俩三四五六七八九十百千万亿])")
# a number with 万 and the places after it said in full: "两万一千八百六十四" is 21,864 (the general reader keeps the
# idiom 万一 apart, which cut it in two), "三万零五百" 30,500
_ONE_PERIOD = r"一\s?(?:个|周|天|年|张|卡|台|小时|星期|礼拜)"  # "一个月", "一周": one of a period, after a sum
_FULL_WAN = lazy(rf"(?<![{_NUM}万])[{_NUM}]+万(?:[一二两三四五六七八九][千百十]|零[一二三四五六七八九])[{_NUM}]*?"
                 rf"(?=(?![{_NUM}])|{_ONE_PERIOD})")
_PERCENT = lazy(rf"百分之([{_NUM}]+|\d+(?:\.\d+)?)")
# a setting's name, then its value said as a Chinese numeral
_SETTING = lazy(rf"(批大小|批次大小|批量大小|batch\s?size|batch|梯度累积(?:步数)?|累积步数|rank|秩|轮数|epochs?)"
                rf"\s?(?:是|为|设为|设成|开|=)?\s?([{_NUM}]+)(?=$|[^{_NUM}\u4e00-\u9fffa-z]|[吧呢吗啊呀的步])")
# a sum, then "一个月", "一周": the period's count, never the idiom 万一 nor a units digit
_SUM_THEN_ONE = lazy(rf"(?<![{_NUM}])([{_NUM}]+万|[{_NUM}]+)(?={_ONE_PERIOD})")


def said(n: int) -> str:
    """`n` (0..9,999) as Chinese says it: 40 四十, 16 十六, 105 一百零五, 128 一百二十八, 6000 六千."""
    if n < 10:
        return "零一二三四五六七八九"[n]
    if n < 20:
        return "十" + said(n % 10) * (n % 10 > 0)
    out, gap = "", False
    for unit, size in (("千", 1000), ("百", 100), ("十", 10), ("", 1)):
        digit = n // size % 10
        if digit:
            out += "零" * gap + said(digit) + unit
            gap = False
        elif out:
            gap = True
    return out


def _value(run: str) -> int | None:
    """A run said as a number ("一百二十八" 128, "四十" 40, "八" 8, "两百" 200), or None when it is not one
    as Chinese says numbers: digits in a row ("四零九零") are said one by one, and "四零九零四十" or "一百四"
    (a hundred and forty, said short) are no number this reading can trust."""
    from bot.understand.normalize import chinese_to_int  # normalize imports this module

    if len(run) > 1 and not any(ch in "十百千" for ch in run):
        return None  # digits in a row: said one by one
    value = chinese_to_int(run)
    plain = run.translate(_PLAIN)
    plain = plain[1:] if plain.startswith("一十") else plain
    return value if value is not None and value < 10_000 and said(value) == plain else None


def _readings(run: str) -> list[int]:
    """The numbers a run may stand for: said digit by digit, and said as a number."""
    out = []
    if all(ch in SAID_DIGITS for ch in run):
        out.append(int("".join(str(SAID_DIGITS[ch]) for ch in run)))
    value = _value(run)
    if value is not None and value not in out:
        out.append(value)
    return out


def _card_in(letters: str, run: str, tail: str) -> tuple[int, int, str, str] | None:
    """(start, end, the card's digits, the letters after them it took) of the first catalog card in
    `run`, longest first; letters before count only for a card starting the run, after only for one
    ending it."""
    from bot.understand.entities import gpu_table  # the catalog's names (entities imports normalize)

    keys = gpu_table().by_key
    for start in range(len(run)):
        for end in range(min(len(run), start + LONGEST), start, -1):
            for number in _readings(run[start:end]):
                digits = str(number)
                befores = [letters, ""] if start == 0 and letters else [""]
                afters = [tail[:n] for n in range(len(tail), -1, -1)] if end == len(run) else [""]
                for before in befores:
                    if not before and (len(digits) < 4 or not all(ch in SAID_DIGITS for ch in run[start:end])):
                        continue  # a bare card is four digits said one by one: "四零九零", never "四千"
                    for after in afters:
                        if before + digits + after in keys:
                            return start, end, digits, after
    return None


def _card(m: re.Match[str]) -> str:
    letters, run, tail = m[1], m[2], m[3]
    found = _card_in(letters, run, tail)
    if found is None:
        return m[0]
    start, end, digits, took = found
    before, after = run[:start], run[end:]
    head = letters + before
    if letters and not before:
        from bot.understand.entities import gpu_table

        if letters + digits + took not in gpu_table().by_key:
            head += " "  # "cloudgpu四零九零", "gpuli四零九零": a name glued before the card is no part of it
    rest = (" " + after if after else "") + tail[len(took):]
    if not rest and m.string[m.end():m.end() + 1] in _NUM_SET:
        rest = " "  # "l四十s四十八g": the card, then its memory said after it
    return f"{head}{digits}{took}{rest}"


def _amount(m: re.Match[str]) -> str:
    if m[2] == "一" and not m[1]:
        return m[0]  # "多少钱一g": a price per gigabyte, not one gigabyte
    value = _value(m[2])
    if value is None:
        return m[0]
    gap = " " if m.string[m.start() - 1:m.start()].isdigit() else ""  # "a100四十g": the card, then 40 GB
    return f"{gap}{m[1]}{value}"


def _glued_setting(m: re.Match[str]) -> str:
    value = _value(m[2])
    return m[0] if value is None else f"{m[1]}{value}"


def _full_places(m: re.Match[str]) -> str:
    run = m[0]
    places = sum(ch in "十百千" for ch in run)
    if places < 2 and not (places == 1 and "零" in run[1:]):
        return run
    value = _value(run)
    if value is None:
        return run
    before, after = m.string[m.start() - 1:m.start()], m.string[m.end():m.end() + 1]
    gap = " " if before.isascii() and before.isalnum() else ""
    return f"{gap}{value}{' ' if after.isascii() and after.isdigit() else ''}"


def _decimal(m: re.Match[str]) -> str:
    whole = _value(m[1])
    if whole is None:
        return m[0]
    return f"{whole}.{''.join(str(SAID_DIGITS[ch]) for ch in m[2])}"


def _said_digits(m: re.Match[str]) -> str:
    """"一零二四" 1024, "二零四八" 2048: with a zero in it or four long, a run of digits is a number said
    digit by digit ("一二三" may be counting, and stays)."""
    run = m[0]
    if len(run) < 4 and not any(ch in "零〇幺" for ch in run):
        return run
    return "".join(str(SAID_DIGITS[ch]) for ch in run)


def _full_wan(m: re.Match[str]) -> str:
    from bot.understand.normalize import chinese_to_int

    value = chinese_to_int(m[0])
    if value is None:
        return m[0]
    return f"{value} " if m.string.startswith("一", m.end()) else str(value)  # "一万两千 一个月": apart from the period


def _percent(m: re.Match[str]) -> str:
    said = m[1]
    value = said if said[0].isdigit() else _value(said)
    return m[0] if value is None else f"{value}%"


def _setting(m: re.Match[str]) -> str:
    value = _value(m[2])
    return m[0] if value is None else f"{m[1]} {value}"


def _sum_then_one(m: re.Match[str]) -> str:
    """"三万一个月", "三千一个月", "六千七百八十九一个月": a sum, then one of a period, when the numeral with the 一
    is no number as Chinese says it ("十一个月" and "一百零一天" are eleven months and 101 days, and stay)."""
    if m[1].startswith(("零", "〇")):  # "一年零一个月", "两周零一天": 零 joins two lengths, it is no sum
        return m[0]
    if m[1].endswith("万"):
        value = _value(m[1][:-1])
        return m[0] if value is None else f"{value}万 "
    if _value(m[1] + "一") is not None:
        return m[0]
    value = _value(m[1])
    return m[0] if value is None else f"{value} "


@one_message.per_message
def read(text: str) -> str:
    """`text` (lower case, after NFKC) with spoken card names and spoken amounts written in digits."""
    if not any(ch in _NUM for ch in text):
        return text
    text = _CARD.sub(_card, text)
    text = _DECIMAL.sub(_decimal, text)
    text = _SAID_DIGITS.sub(_said_digits, text)
    text = _FULL_WAN.sub(_full_wan, text)
    text = _PERCENT.sub(_percent, text)
    text = _SETTING.sub(_setting, text)
    text = _SUM_THEN_ONE.sub(_sum_then_one, text)
    text = _GLUED_SETTING.sub(_glued_setting, text) if "zero" in text or "stage" in text or "fp" in text or "bf" in text or "int" in text else text
    text = _AMOUNT.sub(_amount, text)
    return _FULL_PLACES.sub(_full_places, text)
