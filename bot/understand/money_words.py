"""Money as people type it in a chat, read once, by its context: "$800", "5000CNY", "¥2.5万", "一万块",
"预算 3w", "budget 2k".

Why one reader: "3w" is three weeks after 训 and thirty thousand after 预算; "2k" is a sequence
length after seq and two thousand after budget. The amount is decided by what surrounds it (a
currency symbol or word, or a budget word before it), and its span is handed back so no later
extractor reads the same digits as a duration, a sequence length or a card count.
A budget is money the user means as a ceiling: after 预算 / budget / within / 不超过 / 最多花, or
before 以内 / 够不够 / 够吗 / enough.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from functools import cache

from bot.understand import amount
from bot.understand.entities import find_gpus
from bot.understand.lazy import LazyPattern, gated

CURRENCY_WORDS = {
    "usdt": "USDT", "u": "USDT", "₮": "USDT",
    "usd": "USD", "$": "USD", "刀": "USD", "美元": "USD", "美金": "USD", "dollars": "USD", "dollar": "USD", "bucks": "USD",
    "元": "CNY", "块": "CNY", "块钱": "CNY", "人民币": "CNY", "rmb": "CNY", "cny": "CNY", "¥": "CNY", "yuan": "CNY",
}
# "四千块u", "500块刀", "2k元u": 块 or 元 as "units of", then the currency meant; read before 块 alone
CUR = (r"(?:(?:块钱?|元)\s*(?:usdt|u(?![a-z])|刀|美金|美元)|usdt|usd|dollars?|bucks|rmb|cny|yuan|人民币|美元|美金|块钱|块|元|刀"
       r"|u(?![a-z])|\$|¥|₮)")
NUM = r"\d[\d,]*(?:\.\d+)?"
MAX_CARDS_BY_BLOCK = 64  # "64 块 4090" is a count of cards; more of a card by 块 is money
# asked whether an amount rents something: "能不能租", "租得起", "够租", "can it rent"
RENTS = r"(?:能租|能不能租|能否租|可以租|可不可以租|租得起|租得了|够租|够不够租|\brents?\b|\bcan\s+rent\b)"
SCALE = r"(?:[kw](?![a-tv-z])|万|千)"  # "$5 which", "300, what's left": a word's first letter, no 万 ("2wu" is 2万 U)
# the span an amount is meant for, said between it and the question: "一个月", "每月", "/月", "a month", "per week"
PER_SPAN = r"(?:(?:一|1|每)?\s*个?\s*(?:月|周|星期)|/\s*(?:月|周)|(?:a|per|/)\s*(?:month|week))"
# a budget word may carry a few words of hedging before its amount: "预算就 500", "预算也就 2k", "budget is only 800"
BUDGET_BEFORE = (r"(?:预算(?:\s*(?:是|为|在|有|只有|就是|就有|就|只|才|也就|大概|大约|差不多|左右|一共|总共|顶多|撑死|约|(?:每|一|1)\s*个?\s*(?:月|周|星期)|每天))*|总预算|上限|最多花|最多|不超过|不要超过|控制在|花费?不超过"
                 r"|budget(?:'s|\s+(?:of|is|was|only|just|about|around|roughly|maybe|here|total|tops|like|kinda|approx(?:imately)?|~|tight|limited|small)"
                 r"|\s*(?:有限|不多|很紧|紧张|紧|大约|大概|差不多|就|只有|也就|约)|\s*" + PER_SPAN + r")*"
                 # money said short before it ("手头钱紧 差不多每个月就三千块", "money's tight, maybe 300 usd"): the amount is a ceiling
                 r"|(?:钱|预算|经费|资金|money(?:'s|\s+is))\s*(?:不多|有限|很紧|紧张|紧|不宽裕|tight|limited)(?:[^\d$¥₮]|" + PER_SPAN + r"){0,12}"
                 # money paired with the time it is for ("we've got three weeks and about 250 usdt")
                 r"|\b(?:weeks?|months?|days?|fortnight)\s+and(?:\s+(?:roughly|about|around|only|just|maybe|~))?"
                 r"|(?:grant|funding)(?:'s|\s+(?:of|is|was|only|just|about|around|roughly|total|tops))*"
                 r"|(?:钱包|余额|账户)\s*(?:里|中|上)?\s*(?:只有|还有|还剩|就剩|剩|有|是)?|\b(?:wallet|balance)\s+(?:has|is|of|holds)(?:\s+(?:only|just|about|around))?"
                 r"|(?:手上|手头|手里|兜里|账上)\s*(?:就|只|只有|有|还有|就有|剩)?|就剩|经费(?:就|只有|有)?|(?:批了|批下来|给了|拨了|凑了)"
                 r"|within|under|below|at\s+most|no\s+more\s+than|up\s+to|capped\s+at|cap\s+of|spend"
                 r"|\bapprov(?:e|ed|ing)(?:\s+(?:only|just|up\s+to))?|\bsign\s+off\s+on|\bcap(?:\s+it)?\s+at|\bcap\s+(?:is|was)|\b(?:finance|budget|spend(?:ing)?|cost|money)\s+(?:cap|ceiling|limit)(?:\s+(?:is|was|of|at))*"
                 r"|(?<![每分一])批(?:准|下|个|了)?(?!量|次|大小|处理)|审批(?:\s*(?:的\s*)?额度(?:\s*(?:是|有|为))?)?|(?:预算|经费|报销)\s*额度(?:\s*(?:是|有|为))?"
                 r"|\bwhat\s+fits|\bfits?\s+(?:in|into|within))")
# what money is said to get a rental ("2.5 万就能拿下一个月", "10 万能搞定吗"): asked whether it buys it, as 够 is
GETS = r"(?:就|也就)?\s*(?:能|可以)?\s*(?:拿下|搞定|租到|租下|拿到|租得下|租得到|拿得下|搞得定)"
# the same span said after an amount: one of it ("2.5万一个月", "3000 每月"); "4 个月" is a count of months, never money
PER_ONE = r"(?:(?:一|1|每)\s*个?\s*(?:月|周|星期)|/\s*(?:月|周)|(?:a|per|/)\s*(?:month|week))"
# the budget word may carry its period: "¥1000 monthly budget", "1000 的月预算"; or what the money is said to get
# a currency's name may stand between ("一万块人民币预算", "500 块 u 的预算", "2k usd budget")
BUDGET_AFTER = (r"(?:(?:人民币|美元|美金|rmb|cny|usdt?|u(?![a-z]))?\s*的?(?:每?[月周])?(?:预算|经费)|以内|之内|内|够不够|够吗|够用|够|能不能|enough"
                r"|(?:max|tops|at\s+most)\b|封顶|顶天"
                r"|" + GETS + r"|(?:(?:usdt?|rmb|cny)\s+)?(?:(?:monthly|weekly|daily)\s+)?budget"
                r"|(?:(?:research|lab|travel|compute)\s+)?(?:grant|funding)\b)")
# A unit of time, a count, a size or a share after the number: not money, whatever came before.
NOT_MONEY_AFTER = (r"(?!\s*(?:天|日|周|星期|礼拜|个?月(?![付费租])|年(?![付费租])|小时|钟头|分钟|h\b|hours?|hrs?|days?|d\b|weeks?|months?|mo\b|years?"
                   r"|张|卡|块卡|台|个|条|样本|samples?|tokens?|步|steps?|iters?|iterations?|epochs?|轮|gpus?|cards?|gb?\b|tb?\b|b\b|m\b"
                   # India's scale words ("2 lakh", "1.5 crore"): rupees, bot.understand.unrated_currency's to read
                   r"|%|percent\b|个百分点|倍|x(?![a-wyz])|[*×]|grand\b|lakhs?\b|lacs?\b|crores?\b))")  # "below 99%": a share, never an amount of money;
# "budget 8x a100": a count of cards, never $8


# money with its currency that the team says it holds ("we only have 1000 usdt", "手上只有 $800"): a ceiling
# (or holds in its wallet: "钱包里 ₮1000", "余额还有 $50", "my wallet has ₮120")
HELD = re.compile(r"(?:\b(?:have|has|got|holds?|with)(?:\s+(?:only|just|about|around|left))?|\bonly|\bjust|只有|就有|还有|剩(?:下|余)?|(?<!没)有"
                  r"|(?:^|(?<=[\s，,。们]))(?:就|才|也就)"
                  # money just put in ("充了 500 USDT，…还剩多少", "we topped up 500"): held, what a rental is weighed against
                  r"|充(?:值)?(?:了|过|好了)|\b(?:topped\s+up|deposited)(?:\s+(?:with|about|around))?"  # "咱们就8000块", "就 500 块 …能租啥": only that much, said first
                  r"|(?:钱包|余额|账户|账号)\s*(?:里|中|上)?\s*(?:有|还有|只有|还剩|剩|是)?|\b(?:wallet|balance)(?:\s+(?:is|of))?)\s*$")
# or said after it: "$2 left", "300 usdt remaining", "800 块还剩", "2k in the wallet"
# or named the balance after it: "$30 balance", "$10 of balance", "30 刀余额", "10 美元的余额"
HELD_AFTER = re.compile(r"^\s*(?:left|remaining|to\s+spend|in\s+(?:the\s+|our\s+|my\s+)?(?:wallet|account|balance)"
                        r"|(?:of\s+|in\s+)?balance(?!\s+(?:runs?|ran|goes|went|hits?)\b))\b"
                        r"|^\s*(?:还剩|剩下|剩余|在钱包|在账上|的?余额(?!\s*(?:用完|耗尽|不足|不够|没了|为零|扣光)))")
BUDGET_WORD = re.compile(r"预算|经费|budget|grant|funding")
# "three grand", "2 grand": thousands said in words
_WORD_NUMBERS = {"one": 1, "a": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                 "nine": 9, "ten": 10, "fifteen": 15, "twenty": 20}
GRAND = re.compile(rf"(?<![\w.])(?P<num>{NUM}|{'|'.join(_WORD_NUMBERS)})\s+grand\b(?:\s*(?P<cur>{CUR})(?![a-z]))?", re.ASCII)


# a count of data after a round number: "还剩 2k 数据没标", "剩下 3w 条" (the count's own word follows)
NOT_DATA_AFTER = r"(?!\s*(?:的\s*)?(?:数据|条|样本|图|张|行|句|对|问答|examples?|rows?|images?|pairs?|docs?|files?|文件|字|词))"
# a bare scaled number right after these is a length or a count ("seq 2k 够吗"), never money
NOT_BUDGET_BEFORE = re.compile(r"(?:seq\w*|序列|上下文|context|cutoff|长度|样本|samples?|tokens?|数据|steps?|步|rank|batch)\s*(?:len\w*)?\s*[:=]?\s*$")


@dataclass(frozen=True)
class MoneyWord:
    """An amount found at [start, end) of the normalized text, with its currency when stated."""

    start: int
    end: int
    value: Decimal
    currency: str | None
    budget: bool
    loose: bool = False  # "块": ¥ in everyday speech, but teams say it of USDT or dollars too
    held: bool = False  # money the team says it has ("钱包还有 800", "$2 left"): a fact about its funds, not an order


@cache
def _patterns() -> tuple[LazyPattern, ...]:
    """Compiled on first use, not at import: start-up time matters for `kasuan` one-shot commands; each
    behind the literal prefilter (bot.understand.lazy.gated): most messages name no money at all."""
    return tuple(map(gated, (
        re.compile(rf"(?P<cur>[$¥₮])\s*(?P<num>{NUM})\s*(?P<scale>{SCALE})?(?![a-z\d])", re.ASCII),
        # "1w5 的u", "3000 的刀": 的 may join an amount to its currency ("fifteen thousand of U")
        re.compile(rf"(?<![\w.])(?P<num>{NUM})\s*(?P<scale>{SCALE})?\s*(?:的\s*)?(?P<cur>{CUR})(?![a-z])", re.ASCII),
        # a scale said is never dropped to make the rest fit: "预算2.5万 年付" is ¥25,000, never ¥2.50
        re.compile(rf"{BUDGET_BEFORE}\s*:?\s*(?P<num>{NUM})(?:\s*(?P<scale>{SCALE})|(?!\s*{SCALE}))(?![\d.]){NOT_MONEY_AFTER}",
                   re.ASCII),
        # "2k 预算", "5000 的预算", "1k budget": a bare number the budget word follows
        re.compile(rf"(?<![\w.])(?P<num>{NUM})\s*(?P<scale>{SCALE})?\s*(?=的?\s*(?:预算|(?:(?:monthly|weekly|daily)\s+)?budget)|的\s*每?[月周]预算)", re.ASCII),
        # "5k 够不够", "2k 能租几周", "1.5w 能不能租 8 卡", "1万能撑几个月", "4万以内", "is 2k enough", "does 15k rent 8x a100":
        # a scaled amount asked what it buys; a plain number only when it is asked whether it rents ("15000 能不能租")
        # a span it is for may come between ("10万一个月 够不够", "3w/月稳吗"): read as the span, not consumed
        re.compile(rf"(?<![\w.])(?P<num>{NUM})\s*(?P<scale>{SCALE})\s*(?=(?:{PER_SPAN}\s*)?(?:够|稳|保险|靠谱|以内|之内|{RENTS}|{GETS}|能撑|能用|(?:be\s+)?enough|cover|last|buy|get\s+me))", re.ASCII),
        re.compile(rf"(?<![\w.])(?P<num>\d{{3,}}(?:\.\d+)?)(?P<scale>)\s*(?={RENTS})", re.ASCII),
        # "with 3k, how many weeks…", "I have 2k — is that enough": a scaled amount held, asked what it buys
        re.compile(rf"\b(?:with|have|got|only|just)\s+(?P<num>{NUM})\s*(?P<scale>k)\b"
                   r"(?=.{0,60}?(?:how\s+long|how\s+many\s+(?:weeks|months|days|hours)|enough|afford|\blast))", re.ASCII),
        # "cloudgpu 还剩 2k", "只剩 1.5w 了", "we have 2k left on gpuli": a round amount said to be what remains is money
        # held ("还剩 2k 步", "2k samples left": a count, its word between)
        re.compile(rf"(?:(?:还|只|就)剩|剩下|剩余)\s*(?P<num>{NUM})\s*(?P<scale>{SCALE})(?![a-z\d]){NOT_MONEY_AFTER}{NOT_DATA_AFTER}",
                   re.ASCII),
        re.compile(rf"(?<![\w.])(?P<num>{NUM})\s*(?P<scale>{SCALE})\s*(?=left\b|remaining\b)", re.ASCII),
        # a figure the cost is reckoned at, to be checked: "按 2.5 万一个月算", "按每月 3w 报", "figure 25k a month",
        # "assuming 25k/month": a ceiling weighed against the price, as a budget is
        re.compile(rf"(?:按|照|以)\s*(?:{PER_SPAN}\s*)?(?P<num>{NUM})\s*(?P<scale>{SCALE})?\s*(?:块|元)?\s*(?=(?:{PER_ONE}\s*)?(?:来|去)?\s*(?:算|报|估|计|核|做预算))",
                   re.ASCII),
        re.compile(rf"\b(?:figure|figuring|assume|assuming|reckon|at)\s+(?P<num>{NUM})\s*(?P<scale>k)\s*(?:cny|rmb|yuan)?\s*(?={PER_SPAN}|a\s+month)",
                   re.ASCII),
    )))


BUDGET_NEAR = 24  # characters before an amount a budget word may stand in, its hedging between ("budget is like 3k")


# money said to go in before what it is weighed against ("充 500u 进去 够开包月吗", "put 300 usdt into the wallet, enough
# for a week?"): where it goes stands between the amount and the words that make it the money to weigh
PUT_IN = r"(?:(?:进去|进来|进(?:账户|钱包|账上)|到(?:账户|钱包|账上)\s*里?)|\bin(?:to)?\s+(?:the\s+|our\s+|my\s+)?(?:wallet|account)\b|\bin\b)"


@cache
def _budget_words() -> tuple[re.Pattern[str], re.Pattern[str]]:
    return (re.compile(rf"{BUDGET_BEFORE}\s*:?\s*$", re.ASCII), re.compile(rf"^\s*(?:{PUT_IN}\s*,?\s*)?{BUDGET_AFTER}", re.ASCII))


def counts_cards(value: Decimal, norm: str, end: int, card_starts: frozenset[int] = frozenset()) -> bool:
    """Whether a number with 块 (ending at `end`) counts the cards named right after it ("4块a100", "8 块 h100", "两块卡"):
    a small whole number and a card (or 卡/显卡/GPU) next; "500块 a100 能租多久" is money. `card_starts`: where the
    cards the parser found begin, when it has blanked their names."""
    if value != value.to_integral_value() or not 0 < value <= MAX_CARDS_BY_BLOCK:
        return False
    after = norm[end:end + 16]
    if any(end <= s and not norm[end:s].strip() for s in card_starts) or re.match(r"\s*(?:卡|显卡|gpu|card)", after):
        return True
    cards = find_gpus(after)
    return bool(cards) and after[:cards[0].start].strip() == ""


def currency_of(word: str) -> str | None:
    """The currency a currency word names; "块u", "元刀": 块 or 元 only counts, the word after it names it."""
    word = re.sub(r"\s+", "", word.lower())
    if len(word) > 1 and word[0] in "块元" and word not in CURRENCY_WORDS:
        word = word.lstrip("块钱元")
    return CURRENCY_WORDS.get(word)


def _unrated_spans(text: str) -> list[tuple[int, int]]:
    from bot.understand.unrated_currency import unrated_spans  # (it reads the follow-up frames, which read amounts)

    return unrated_spans(text)


def unrated_taken(text: str, start: int, end: int) -> bool:
    """Whether [start, end) of `text` lies in an amount said in a currency the catalog has no rate for ("300만원")."""
    return any(s < end and start < e for s, e in _unrated_spans(text))


def find_money(norm: str, card_starts: frozenset[int] = frozenset()) -> list[MoneyWord]:
    """Every clear amount in `norm` (normalized text), left to right, without overlaps; an ambiguous
    or absurd number ("1,5", "1e99") is left to the wallet's reader, which asks back or refuses."""
    found: list[MoneyWord] = []
    before_word, after_word = _budget_words()
    taken = _unrated_spans(norm)  # "300만원", "S$300": a currency without a rate, never $ or ¥
    for i, pattern in enumerate(_patterns()):
        for m in pattern.finditer(norm):
            start, end = m.start("num") if i >= 2 else m.start(), m.end()
            if i >= 3 and NOT_BUDGET_BEFORE.search(norm[max(0, start - 14):start]):
                continue  # "seq 2k 够吗", "样本 5k 够不够": a length or a count, not money
            if any(s < end and start < e for s, e in taken):
                continue
            if i == 5 and find_gpus(norm[start:end]):
                continue  # "4090 能租吗": a card asked whether it can be rented, not ¥4,090
            read = amount.read_number(m.group("num"), m.group("scale"))
            if not isinstance(read, amount.Amount):
                continue
            cur_word = m.groupdict().get("cur")
            if cur_word in ("块", "块钱") and counts_cards(read.value, norm, end, card_starts):
                continue  # "4块a100-80g", "两块 4090": 块 counts the cards it stands before, not yuan
            currency = currency_of(cur_word) if cur_word else None
            # a budget word says a ceiling ("预算只有一万"), not money held
            said_held = bool(HELD.search(norm[max(0, start - 16):start]) or HELD_AFTER.search(norm[m.end():m.end() + 24]))
            held = said_held and not BUDGET_WORD.search(norm[max(0, start - 16):start])
            budget = i >= 2 or bool(before_word.search(norm[max(0, m.start() - BUDGET_NEAR):m.start()])
                                    or after_word.search(norm[m.end():m.end() + 18])) or (i < 2 and said_held)
            found.append(MoneyWord(start, end, read.value, currency, budget, loose=(cur_word or "") in ("块", "块钱"), held=held))
            taken.append((start, end))
    for m in GRAND.finditer(norm):
        if not any(s < m.end() and m.start() < e for s, e in taken):
            num = m.group("num")
            value = Decimal(_WORD_NUMBERS[num]) if num in _WORD_NUMBERS else Decimal(num.replace(",", ""))
            cur = currency_of(m.group("cur") or "")
            # "budget 2.5 grand", "two grand enough?": a ceiling by the same words as any amount
            ceiling = bool(before_word.search(norm[max(0, m.start() - 12):m.start()]) or after_word.search(norm[m.end():m.end() + 18]))
            found.append(MoneyWord(m.start(), m.end(), amount._plain(value * 1000), cur,
                                   ceiling or bool(HELD.search(norm[max(0, m.start() - 16):m.start()]))))
    return sorted(found, key=lambda w: w.start)


def budget(norm: str) -> tuple[Decimal, str | None] | None:
    """The first amount the message states as a ceiling, with its currency when stated."""
    return next(((w.value, w.currency) for w in find_money(norm) if w.budget), None)


# a count after it ("150k steps on 8x h100, how long", "15万步 8卡 h100 要多久") is no money
SCALED = re.compile(rf"(?<![\w.])(?P<num>{NUM})\s*(?P<scale>{SCALE})(?![a-z\d]){NOT_MONEY_AFTER}{NOT_DATA_AFTER}", re.ASCII)


def scaled_amount(norm: str) -> MoneyWord | None:
    """"3k 在 cloudgpu 能租 4090 多少个小时": a round amount (k, w, 万, 千) in a message that asks how
    long a card lasts, where it can be nothing else (no length, count or size word before it); the
    caller asks this only then."""
    for m in SCALED.finditer(norm):
        if NOT_BUDGET_BEFORE.search(norm[max(0, m.start() - 14):m.start()]):
            continue
        read = amount.read_number(m.group("num"), m.group("scale"))
        if isinstance(read, amount.Amount):
            return MoneyWord(m.start(), m.end(), read.value, None, True)
    return None
