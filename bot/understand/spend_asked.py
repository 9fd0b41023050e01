"""Spending over a period, asked of one's own book: a spending alert wished ("warn us once we go past $800 this
month", "一周花到 1500 就通知我"), a question about it ("is a spend alert on?"), or what was spent so far ("这周一共
烧了多少", "what did we spend this month").

Why its own reader: these name no card and no model, so every other reader took them for something else (a FAQ on
reminders, a price list, "outside what I do"). An alert over a period is the budget of that period with one threshold,
its amount (the wallet keeps budgets: bot/wallet/budget.py); spend so far is read from the ledger. The period is the
calendar month unless a week or a day is named; an alert is kept per month or per week only.
"""

from __future__ import annotations

import re
from decimal import Decimal

from bot.understand import amount
from bot.understand.fields import CUR, CURRENCY_WORDS
from bot.understand.lazy import lazy

WEEK = lazy(r"这周|本周|这一?个?星期|这个?礼拜|本星期|每周|每个?星期|每个?礼拜|(?<![\d.])[一1]\s*(?:周|个?星期|个?礼拜)|周度|(?<![a-z])(?:this|per|a|each|every)\s+week\b|\bweekly\b"
            r"|\bweek\s+so\s+far\b|\bthis\s+wk\b", re.I)
DAY = lazy(r"今天|今日|当天|每天|每日|\btoday\b|\bdaily\b|\bper\s+day\b|\ba\s+day\b", re.I)
MONTH = lazy(r"这个?月|本月|当月|每个?月|月度|(?<![\d.])[一1]\s*个?月|(?<![a-z])(?:this|per|a|each|every)\s+month\b|\bmonthly\b|\bmonth\s+so\s+far\b", re.I)
# money going out, in either language ("花", "烧", "消费", "spend", "burn", "cost us")
SPENDING = r"(?:花(?!样|生)|烧|消费|支出|开销|开支|花销|花费|用掉|用了|扣了|\bspen[dt]\w*|\bburn\w*|\bcost\s+us\b|\bspending\b|\bexpenses?\b)"
# a notice wished ("提醒我", "通知一声", "alert us", "give me a heads-up", "ping me")
NOTICE = (r"(?:提醒|通知|告警|预警|报个?警|吱一?声|知会|告诉我|叫我|喊我|\balert\w*|\bwarn\w*|\bnotify\w*|\bping\b|\btell\s+(?:me|us)\b|\blet\s+(?:me|us)\s+know\b"
          r"|\bheads[\s-]*up\b|\bflag\s+it\b)")
# past a line ("超过", "超出", "多于", "到了", "more than", "over", "above", "exceeds", "past")
OVER = (rf"(?:超过|超出|多于|高于|大于|过了|花到|烧到|达到|到了|{SPENDING}\s*一?\s*(?:到|达)(?!期|账)|(?<![不没])超(?!时|长|参|大)|\bmore\s+than\b|\bover\b|\babove\b|\bexceed\w*|\bpast\b"
        r"|\bbeyond\b|\bgets?\s+to\b|\bpass(?:es|ed)?\b|\btops?\b|\bhits?\b|\breach\w*|\bcross\w*|\bgo(?:es)?\s+(?:over|past|above)\b)")
ALERT_WISHED = lazy(rf"{NOTICE}.*{OVER}|{OVER}.*{NOTICE}", re.I)
# whether such an alert is set, asked ("有没有设花费提醒", "do we have a spend alert set?", "is the budget alert on?")
ALERT_ASKED = lazy(r"(?:有没有|有无|设(?:了|过|置了)?(?:没有|吗|么|没)|开(?:了|着)(?:吗|么|没)|还在吗)"
                   r"|\b(?:do|did|have)\s+(?:we|i)\s+(?:have\s+|got\s+)?(?:an?|any)?\s*(?:\w+\s+){0,2}alerts?\b"
                   r"|\b(?:is|are)\s+(?:there\s+)?(?:an?|any|the|our|my)?\s*(?:\w+\s+){0,2}alerts?\s+(?:set|on|active|enabled|configured)\b", re.I)
ALERT_NOUN = lazy(r"(?:预算|花费|消费|支出|开销|超支|spend\w*|budget|burn|cost)\s*(?:提醒|通知|告警|预警|报警|alerts?|warnings?|notifications?)"
                  r"|\balerts?\b.{0,20}\b(?:set|on|active|configured)\b|(?:提醒|告警|预警)\s*(?:设|开)", re.I)
# what has gone out, asked, in the past ("一共花了多少", "烧掉了几多", "本月消费多少", "how much have we spent", "what did we
# burn"): a cost still to come ("一个月要花多少") is a price question, never a read of the book
SPENT_ASKED = lazy(r"(?:花|烧|用|扣|消费|支出)\s*(?:了|掉了?|出去了|过)\s*(?:的钱)?\s*(?:多少|几多|啥|什么)"
                   r"|(?:一共|总共|合计|累计)\s*(?:花|烧|用|扣|消费|支出)\s*(?:了|掉)"
                   r"|(?:消费|支出|开销|开支|花销|花费)\s*(?:了)?\s*(?:一共|总共)?\s*(?:多少|是多少|几多)"
                   r"|\bhow\s+much\s+(?:money\s+)?(?:have|did|has)\s+(?:we|i|the\s+team)\s+(?:already\s+|actually\s+)?(?:spen[dt]|burn\w*|used?)\b"
                   r"|\bwhat\s+(?:have|did|has)\s+(?:we|i)\s+(?:already\s+)?(?:spent|spend|burn\w*)\b|\b(?:total\s+)?spend(?:ing)?\s+so\s+far\b"
                   r"|\bspent\s+(?:so\s+far|to\s+date)\b|\b(?:our|my)\s+(?:total\s+)?(?:spend|spending|expenses)\s+(?:this|so)\b", re.I)
# spend named with its period and nothing else ("本月消费", "这周开销?", "spend this month", "this week's spend")
SPENT_NOUN = lazy(r"^\s*(?:我的|我们的?|咱们的?)?\s*(?:这个?月|本月|当月|这周|本周|今天|今日)\s*(?:的|一共|总共)?\s*(?:消费|花费|支出|开销|开支|花销)\s*(?:多少|是多少|情况)?\s*(?:呢|吗)?\s*$"
                  r"|^\s*(?:our\s+|my\s+)?(?:spend|spending|expenses?)\s+(?:this|for\s+the)\s+(?:month|week)\s*$"
                  r"|^\s*(?:this|the)\s+(?:month|week)'?s?\s+(?:spend|spending|expenses?)\s*$", re.I)
# someone else's money or a rule: "如果花超过预算会怎样", "what happens when we exceed the budget" stay the FAQ's
RULE = lazy(r"会怎样|会怎么样|怎么办|会不会|会被|\bwhat\s+happens\b|\bwhat\s+if\b|如果|要是|假如|\bif\s+(?:i|we)\s+(?:go|run|exceed)\b.*\?\s*$", re.I)


# the line itself, after the word that says past it ("超过 5k", "more than $300", "花到 1500 块"): money with no
# budget word before it, which the field reader leaves alone
LINE = lazy(rf"{OVER}\D{{0,6}}?(?P<pre>[$¥₮])?\s*(?P<num>{amount.NUMBER})\s*(?P<scale>[kw万千](?![a-tv-z]))?\s*(?P<cur>{CUR}(?![a-z]))?"
            rf"{amount.NOT_COUNTED}", re.I)


def line_of(text: str) -> tuple[Decimal, str | None] | None:
    """The amount a spending alert is to go off past, with its currency when one is said."""
    m = LINE.search(text)
    if m is None:
        return None
    read = amount.read_number(m["num"], m["scale"])
    if not isinstance(read, amount.Amount):
        return None
    word = m["pre"] or m["cur"]
    return read.value, CURRENCY_WORDS.get(word.lower()) if word else None


def span_of(text: str) -> str | None:
    """The period named: "week", "day", "month", or None when none is."""
    if WEEK.search(text):
        return "week"
    if DAY.search(text):
        return "day"
    if MONTH.search(text):
        return "month"
    return None


def _line_said(text: str) -> bool:
    """Whether a line is said at all, clear or not: "over 1.000 USDT" is 1 or 1,000, which the wallet asks back
    (bot.understand.amount.Ambiguous) rather than let the wish fall to another topic."""
    m = LINE.search(text)
    return m is not None and isinstance(amount.read_number(m["num"], m["scale"]), (amount.Amount, amount.Ambiguous))


def alert_wished(text: str) -> bool:
    """A notice wished once spending over a period goes past an amount (line_of reads the amount)."""
    if not _line_said(text) or RULE.search(text) or not ALERT_WISHED.search(text):
        return False
    return bool(re.search(SPENDING, text, re.I) or span_of(text))


def alert_asked(text: str) -> bool:
    """Whether a spending alert is set, asked (no amount)."""
    return bool(ALERT_NOUN.search(text) and ALERT_ASKED.search(text))


def spent_asked(text: str) -> bool:
    """What was spent so far, asked of one's own book (the period: span_of, the month by default)."""
    if RULE.search(text):
        return False
    return bool(SPENT_NOUN.search(text) or (SPENT_ASKED.search(text) and (span_of(text) or re.search(
        r"一共|总共|合计|累计|至今|到现在|so\s+far|to\s+date|in\s+total|altogether", text, re.I))))
