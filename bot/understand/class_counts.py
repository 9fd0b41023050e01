"""Groups, people and cards in one cost question, as a class renting cards asks it: "5 组学生，每组一张 T4 包月，按
30 人每人摊多少", "10 groups on A6000s for a 3-hour lab", "30 students share 5 A100s for 3 hours, per student?",
"12 students × A100 × 3h, total?", "30 个学生每人 4090 用 3 小时，人均多少".

Why: each count counts something of its own. Groups with a card each, a person with a card each ("每人 … 用 3 小时",
"12 students × A100") or the cards the people share are that many separate single-card rentals (the total is
their count times one rental); the people a total is shared among ("按 30 人每人摊", "per student", "人均") divide
the total, never multiply it. The readers before read the people as the rentals ("分到 30 个学生" priced 30 years
of an A100) or the share as one card's price (a 4090's $0.99 ÷ 30), and the groups were lost beside the people.
`class_counts` says how many rentals the message counts and among how many people their total is shared.
"""

from __future__ import annotations

import re

from bot.understand import one_message
from bot.understand.lazy import LazyPattern, lazy

_CN = {"一": 1, "两": 2, "二": 2, "俩": 2, "三": 3, "仨": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_EN = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
       "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50}
# a count in digits, English words, or Chinese numerals the normalizer keeps before 组 and 人 ("五组", "三十人")
_NUM = r"(?<![\w.])(\d{1,3}|" + "|".join(_EN) + r"|[一两二三四五六七八九十]{1,3})(?![\w.])"
_NUM_CJK = r"(?<![a-zA-Z\d.])(\d{1,3}|[一两二三四五六七八九十]{1,3})"  # before a CJK counter, no space needed
_WHO = r"人|同学|学生|学员|同事|成员|组员"
_WHO_EN = r"people|persons|students|learners|trainees|members|colleagues|participants|users"
# the groups counted: "6 组", "五个小组", "分成 6 组", "10 groups", "5 teams"
GROUPS = lazy(rf"{_NUM_CJK}\s*(?:个)?\s*(?:小)?组(?!合|员|织|件|数|里|内)|{_NUM}\s+(?:groups|teams)\b", re.IGNORECASE)
# a card to each group: "每组一张", "每组包月一张", "各租一张", "一组一张", "each group", "one per team",
# "10 groups on A6000s" (never "每组多少": that asks a group's share)
GROUP_EACH = lazy(r"每\s*(?:个)?\s*(?:小)?组(?!\s*(?:要|得|该|大概|平均)?\s*(?:多少|出|付|掏|交|摊|分摊|几|是|花))"
                  r"|各\s*(?:租|用|开|拿|要|跑)|(?:一|1)\s*组\s*(?:一|1)\s*(?:张|块|台)"
                  r"|\b(?:each|per)\s+(?:group|team)\b|\bone\s+(?:[\w.-]+\s+){0,2}per\s+(?:group|team)\b"
                  r"|\b(?:groups|teams)\s+(?:on|with|using|each\s+on|each\s+with|each\s+using|running)\b"
                  # the groups alone as a follow-up of a price: "十个组呢", "那 5 个组呢", "what about 8 groups?"
                  r"|^\s*(?:那|那么|换成|改成|要是)?\s*\S{1,3}\s*(?:个)?\s*(?:小)?组\s*(?:呢|的话|吧|多少)?\s*[?？]?\s*$"
                  r"|^\s*(?:and|what\s+about|how\s+about|for)?\s*\w+\s+(?:groups|teams)\s*(?:then|instead)?\s*\??\s*$", re.IGNORECASE)
# the groups themselves sharing one rental: "3 个组分摊", "split between 3 groups": then the groups divide it
GROUPS_SHARE = lazy(r"组\s*(?:来|一起|平)?\s*(?:分摊|平摊|均摊|aa|合租|共用)|\b(?:between|among|across)\s+\d+\s+(?:groups|teams)\b",
                    re.IGNORECASE)
# the people counted: "30 人", "三十个学生", "30 students"
PEOPLE = lazy(rf"{_NUM_CJK}\s*(?:个|位|名)?\s*(?:{_WHO})|{_NUM}\s+(?:{_WHO_EN})\b", re.IGNORECASE)
# a share of the total asked: "每人摊多少", "人均", "分到 … 每人", "每人多少", "per student", "per-person cost",
# "how much each", "split"
SHARE_ASKED = lazy(r"人均|分摊|平摊|均摊|摊|分到|每\s*(?:个)?\s*(?:人|学生|同学)\s*(?:要|得|该|大概|平均)?\s*(?:多少|出|付|掏|交|花|几)"
                   r"|\bper[\s-](?:student|person|head|learner|member)\b|\beach\s+(?:student|person)\s+(?:pays?|owes?|costs?)\b"
                   r"|\bhow\s+much\s+(?:is\s+(?:that|it)\s+)?(?:each|per)\b|\bsplit\b|\bshare\s+of\b", re.IGNORECASE)
# a card to each person: "每人 cloudgpu 4090 用 3 小时", "每人一张", "人手一张", "12 students × A100", "each student
# on a 4090", "one card per student" (never "每人多少": that asks a share)
PERSON_EACH = lazy(r"每\s*(?:个)?\s*(?:人|学生|同学)(?!\s*(?:要|得|该|大概|平均)?\s*(?:多少|出|付|掏|交|摊|分摊|几|是|花))"
                   rf"|人手\s*(?:一|1)|(?:{_WHO})\s*[×x*]|\b(?:{_WHO_EN})\s*[×x*]"
                   r"|\beach\s+(?:student|person|member)\s+(?:on|with|gets?|uses?|rents?|runs?|using|has)\b"
                   r"|\b(?:one|1|a)\s+(?:[\w.-]+\s+){0,2}(?:per|for\s+each)\s+(?:student|person|member)\b", re.IGNORECASE)
# the people sharing the cards counted: "30 students share 5 a100s", "30 人共用 5 张", "五张卡给 30 个学生合用"
CARDS_SHARED = lazy(r"\bshar(?:e|ed|ing)\s+(\d{1,2})\s+(?:[\w.-]+\s+){0,4}?(?:cards?|gpus?|[\w.-]*\d[\w.-]*s)\b"
                    r"|(?:共用|合用|共享|轮流用|分着用)\s*(\d{1,2})\s*(?:张|块|台)|(\d{1,2})\s*(?:张|块|台)\s*\S{0,12}?(?:共用|合用|共享|轮流用|分着用)",
                    re.IGNORECASE)
# how many share one card or form one group: "每 5 人一组", "5 个人一张卡", "if 5 share one card", "5 students per card"
# (the rentals are the people over it, rounded up: 30 students, 5 to a card, 6 cards)
TO_ONE = lazy(r"(?<![\d.])(\d{1,2})\s*(?:个|位|名)?\s*(?:人|学生|同学)\s*(?:一|1)\s*(?:组|张|块|台)"
              r"|\b(\d{1,2})\s+(?:students?\s+|people\s+|persons\s+)?(?:share|per)\s+(?:(?:one|a|each|1)\s+)?(?:card|gpu)\b"
              r"|\b(\d{1,2})\s+(?:students?|people|persons)\s+(?:to|per)\s+(?:a|one|each)\s+(?:card|gpu|group)\b",
              re.IGNORECASE)
_MOST = 500  # a count beyond this is no class's


def _value(word: str) -> int | None:
    if word.isdigit():
        return int(word)
    if word.lower() in _EN:
        return _EN[word.lower()]
    if "十" in word:  # "十", "三十", "十五", "二十四"
        tens, _, units = word.partition("十")
        head, tail = (_CN.get(tens, 0) if tens else 1), (_CN.get(units, 0) if units else 0)
        return head * 10 + tail if (not tens or tens in _CN) and (not units or units in _CN) else None
    return _CN.get(word) if len(word) == 1 else None


def _first(pattern: LazyPattern, norm: str) -> int | None:
    m = pattern.search(norm)
    if m is None:
        return None
    n = _value(next(g for g in m.groups() if g))
    return n if n is not None and 2 <= n <= _MOST else None


@one_message.per_message  # the instances and the split readers both ask it
def class_counts(norm: str) -> tuple[int, int | None] | None:
    """How many separate single-card rentals a class's message counts and among how many people their total is
    shared (None: no share asked, or the share is one rental's own): groups with a card each ("6 组每组一张 … 30 人
    每人摊": 6, 30), a card to each person ("每人 4090 用 3 小时 … 人均": 30, 30; "12 students × A100": 12, None), the
    cards the people share ("30 students share 5 A100s": 5, 30), the people over how many share one ("30 students if 5
    share one card": 6). None when the message counts none of these (the
    readers of bot.understand.instances then read it)."""
    people = _first(PEOPLE, norm)
    share = people if people is not None and SHARE_ASKED.search(norm) else None
    groups = _first(GROUPS, norm)
    if groups is not None and GROUP_EACH.search(norm) and not GROUPS_SHARE.search(norm):
        return groups, share if share != groups else None
    if people is None:
        return None
    size = TO_ONE.search(norm)
    if size is not None and 2 <= (k := int(next(g for g in size.groups() if g))) < people:
        return -(-people // k), share  # "30 个学生 每 5 人一组": 6 groups, a card each
    shared = CARDS_SHARED.search(norm)
    if shared is not None:
        cards = int(next(g for g in shared.groups() if g))
        return (cards, share) if 2 <= cards < people else None
    if PERSON_EACH.search(norm):
        return people, share
    return None


def people_counted(norm: str) -> int | None:
    """The people a class's message counts ("30 个学生", "thirty students"), kept with the answer so a share asked next
    with no count ("每人多少", "per student?") divides among them; None when it counts none."""
    return _first(PEOPLE, norm)


def share_asked(norm: str) -> bool:
    """Whether a message asks one person's share of a total ("每人多少", "人均", "那每个学生摊多少", "per student?") rather
    than giving each a card of their own ("每人一张")."""
    return bool(SHARE_ASKED.search(norm)) and not PERSON_EACH.search(norm)
