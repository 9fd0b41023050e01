"""A short follow-up that asks one detail of the answer just given: how long ("within how long", "多久能恢复"),
how much ("how much slower", "赔几倍", "多少钱一个月"), where ("存哪", "where to"), or what to do instead ("what
then", "那用啥", "what does cloudgpu recommend"). It names no subject of its own: the subject is the last answer's,
and the reply leads with that answer's figure of the kind asked (bot/core/detail_follow.py).

A message says which detail it asks by its asking words; what is left once those, the fillers and a provider's
name are taken out must be a word or two ("slower", "能恢复", "throughput"), never a question of its own."""

from __future__ import annotations

import re

from bot.understand.entities import find_provider
from bot.understand.normalize import normalize

DETAIL_TEXT = 32  # characters: a detail asked is short ("and the throughput hit?", "那 gpuli 多久能恢复")
REST_WORDS = 2  # English words left beside the asking words ("slower", "throughput hit")
REST_HAN = 4  # Chinese characters left beside them ("能恢复", "钱一个月")

# the asking words of each detail, in the order tried: an alternative before an amount ("what then" asks no amount)
ASKS: dict[str, re.Pattern[str]] = {
    "instead": re.compile(
        r"what\s+then|then\s+what|what\s+instead|instead|what\s+else|alternatives?|recommend\w*|suggest\w*|"
        r"what\s+should\s+(?:i|we)\s+(?:use|do|go\s+with)|so\s+what\s+do\s+(?:i|we)\s+(?:use|do)|"
        r"怎么办|咋办|咋整|用什么|用啥|换什么|换啥|该用|替代|推荐|建议"
        # what does it then, after a no ("梯度累积能省显存吗" then "那啥能省", "so what does save memory?")
        r"|(?:啥|什么|哪个|哪些|哪种)\s*(?:才|就)?\s*(?:能|可以|管用|有用)|\bwhat\s+(?:does|will|can)\b(?=.{0,24}$)"),
    "time": re.compile(
        r"(?:within\s+)?how\s+long|how\s+soon|how\s+fast|how\s+many\s+(?:days|hours|minutes|weeks)|\bwhen\b|"
        r"多久|多长时间|多长|几天|几个?小时|几分钟|几周|什么时候|多快"),
    "place": re.compile(r"\bwhere\b|which\s+(?:disk|drive|storage)|哪里|哪儿|存哪|放哪|写哪|存到哪|放到哪|写到哪|哪个盘"),
    "amount": re.compile(
        r"how\s+much|how\s+many|by\s+how\s+much|what\s+percent(?:age)?|how\s+big|how\s+large|\bhit\b|"
        r"多少|多大|几成|百分之几|几倍|几x"),
}

FILLERS = re.compile(
    r"\b(?:and|the|so|ok|okay|then|it|that|this|they|them|is|are|does|do|did|would|will|can|could|what|about|"
    r"of|for|on|at|in|to|a|an|be|get|i|we|my|our|us|pls|please|hmm|um|uh|within|before|after|you|your)\b|"
    r"那么|那|的|呢|吗|啊|呀|吧|要|能|会|大概|一般|大约|所以|请问|这个|那个|再|还|得|是|可以"
    r"|(?<=\d)\s*个")  # a measure word after a count ("1个节点1个月多少": per node, per month) is grammar, not a subject


def detail_asked(text: str) -> tuple[str, str] | None:
    """(the detail a short follow-up asks: "time", "amount", "place" or "instead"; what it says beside its asking
    words and fillers: "slower" of "how much slower", "速度慢" of "那速度慢多少", the words that pick the clause
    answering it), or None when the message is longer, asks none of them, or says more than its asking words and
    a word or two. Read once by the parser (bot.understand.cues)."""
    if len(text.strip()) > DETAIL_TEXT:
        return None
    norm = normalize(text)
    provider = find_provider(norm)
    if provider is not None:
        norm = norm[:provider.start] + " " + norm[provider.end:]
    for kind, pattern in ASKS.items():
        if pattern.search(norm) is None:
            continue
        rest = FILLERS.sub(" ", pattern.sub(" ", norm))
        words = re.findall(r"[a-z][a-z0-9'-]*", rest)
        han = re.findall(r"[\u3400-\u9fff]", rest)
        if len(words) <= REST_WORDS and len(han) <= REST_HAN and not re.search(r"[02-9]|1\d", rest):
            return kind, " ".join(rest.split())
        return None
    return None
