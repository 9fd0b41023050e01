"""好多 where it asks "how much / how many", and 好久 where it asks "how long", read as 多少 / 多久 before anything
else reads the message.

Why: in Sichuan and Chongqing speech 好多 is the question word itself ("要好多显存", "那要花好多钱", "速度掉好多",
"好多钱嘛"), while in Mandarin the same two characters state "a lot" ("省了好多", "好多人用"). Every reader of
ours knows 多少; a question asked with 好多 went unread (a price asked came back as the last sizing, a slowdown
asked opened an unrelated FAQ entry). The word asks when nothing else in its clause asks (吗, 多少, 几 ...), it
does not follow what makes it a statement (了 / 很 / 有 / a comparison with 比), and it closes the clause or comes
right before the figure asked (money, memory, cards, time, a share). Cantonese's 几多 is read as 多少 already
(bot.understand.script).
"""

from __future__ import annotations

import re

from bot.understand.lazy import lazy

# the clause a word belongs to: marks and spaces divide a chat message into its clauses
_CLAUSE = lazy(r"[^\s,，。.?？!！;；:：、]+")
# 好多 and what follows it: the clause's end, a sentence particle, or the figure it asks of
_HAODUO = lazy(
    r"好多(?=$|[嘛哦喃噻哇啊呀哈]|钱|块|元|刀|美元|美金|人民币|显存|内存|g(?![a-z])|gb|张|卡|台|节点|天|小时|钟头|时间"
    r"|个月|个星期|周|步|tokens?|%|分钟)",  # never 倍: "差好多倍", "快好多倍" exclaim
    re.IGNORECASE,
)
# what states an amount rather than asking it: "省了好多", "很好多", "有好多", "这么好多", "的好多"
_STATES_BEFORE = "了很有么的"
# another ask word in the same clause already asks (so 好多 is "much": "QLoRA 效果差好多吗")
_OTHER_ASK = lazy(r"吗|么|咩|多少|几|是不是|会不会|能不能|够不")
# a comparison earlier in the sentence states the difference ("A100 比 H100 便宜好多"); spaces do not end it
_COMPARED = lazy(r"比(?!较|例|如|赛|方)[^,，。.?？!！;；]*$")


def how_much(text: str) -> str:
    """`text` with each asking 好多 read as 多少 ("要好多显存" -> "要多少显存"); a stating one is left."""
    if "好多" not in text:
        return text
    return _CLAUSE.sub(_clause, text)


def _clause(m: re.Match[str]) -> str:
    clause = m.group(0)
    if "好多" not in clause or _OTHER_ASK.search(clause.replace("好多", "")):
        return clause
    start = m.start()
    return _HAODUO.sub(lambda h: h.group(0) if _states(m.string, start + h.start()) else "多少", clause)


def _states(text: str, at: int) -> bool:
    before = text[at - 1:at]
    return (bool(before) and before in _STATES_BEFORE) or _COMPARED.search(text, 0, at) is not None


# 好久 closing a clause asks "how long" ("充 500u 够租 4090 好久"); after 了 / 很 / 没 ("等了好久", "好久没用了") it states
# "a long time"
_HAOJIU = lazy(r"(?<![了很太没不那这有等好])好久(?=\s*(?:$|[,，。.?？!！呢啊哦嘛]))")


def regional_asks(text: str) -> str:
    """`text` with each asking 好多 read as 多少 and each asking 好久 as 多久; stating ones are left."""
    return how_much(_HAOJIU.sub("多久", text) if "好久" in text else text)
