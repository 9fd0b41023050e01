"""Several single-card instances, each running its own experiment: "4 张 4090 各跑一组实验 包月多少",
"four separate 4090 instances for a month, total?", "5 independent 8b qlora sweeps, one 3090 each",
"6 个 lora 实验 每个一张 l40s".

Why: the parse read the count as one machine of that many cards, which nobody rents for a 4090 (the
answer said so and listed the machines on offer), or as one card ("one 3090 each"), and the job was
sized on all of them together. Said with a word that the runs are independent, the count is that many
separate single-card rentals: the job is sized on one card and the rental priced once, and the answer
leads with that price times the count (bot.views.instances). Without such a word ("4 张 4090 包月多少")
the count stays one machine's, whose answer says that nobody rents it.
"""

from __future__ import annotations

import re

from bot.understand import one_message
from bot.understand.class_counts import class_counts
from bot.understand.lazy import LazyPattern, lazy
from engine.providers import providers

# a length ("5h", "3 小时", "90 min", "两周" normalized "2周")
_LENGTH = r"\d+(?:\.\d+)?\s*(?:小时|钟头|分钟|天|周|个?月|h\b|hrs?\b|hours?\b|mins?\b|minutes?\b|days?\b|weeks?\b|months?\b)"
_RUN_WORD = r"(?:runs|jobs|experiments|trainings|fine-?tunes|sweeps)\b"
_RUNS_N = r"(?<![\w.])(?:\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)"  # a count of runs: "4 parallel … runs"
# a word saying each card runs a job of its own: 各跑 / 各自 / 每张跑一个 / 每个一张 / separate / independent /
# one per card / one 3090 each / each card runs (a "1" that ends a name, "ZeRO-1 per card", is no count)
INDEPENDENT = lazy(
    r"各(?:跑|训|练|做|用|开|租)|各自|分别(?:跑|训|做)|分开(?:跑|训|租)|单独(?:跑|训)|独立(?:跑|训|的|实验|任务)"
    r"|每(?:张|块|台|卡|个|组)(?:卡|实验|任务)?\s*(?:各|都|单独)?\s*(?:跑|训|做|\d+\s*(?:个|组|张|块|台))"
    r"|\bseparate(?:ly)?\b|\bindependent(?:ly)?\b|\bindividual(?:ly)?\b"
    r"|(?<![\w.-])(?:one|1)\s+(?!(?:hours?|hrs?|h|days?|weeks?|months?|years?|epochs?|mins?|minutes?)\b)(?:[\w.-]+\s+){0,2}(?:each|apiece)\b|(?<![\w.-])(?:one|1)\s+(?:[\w.-]+\s+){0,2}per\s+(?:card|gpu|instance)\b"
    r"|\beach\s+(?:card|gpu|instance|one|of\s+them)\s+(?:runs?|running|does|doing|gets|training|trains|with)\b"
    r"|\b(?:its|their|our|my)\s+own\s+(?:[\w.-]+\s+){0,3}?(?:experiment|run|job|sweep)s?\b"
    # a card to each person: "一人一张", "每人一张 4090", "人手一张", "one card per person", "each of us gets a 4090"
    r"|(?:一|每)\s*(?:个)?\s*人\s*(?:各)?\s*(?:一|1)\s*(?:张|块|台|卡)|人手\s*(?:一|1)\s*(?:张|块|台)"
    r"|\bper\s+(?:person|head|user|member)\b|\beach\s+(?:of\s+us|person|member|user)\b"
    # a length for each card or run: "每张 5h", "每张跑 3 小时", "每次 3 小时", "2 hours each", "each for 90 min", "45 min apiece"
    rf"|每\s*(?:张|块|台|卡|次|轮|个)\s*(?:各|都)?\s*(?:跑|训|租|开)?\s*{_LENGTH}|各\s*(?:跑|训|租|开|用)?\s*{_LENGTH}"
    # a count of runs with the length of each: "5 次 3 小时", "6 runs x 90 min", "10 runs of 45 minutes"
    rf"|(?<![\w.])\d{{1,2}}\s*(?:次|轮|遍|\bruns?\b|\btimes\b|\btrials?\b)\s*(?:of\s+|x\s*|×\s*|\*\s*)?{_LENGTH}"
    rf"|{_LENGTH}\s*(?:each|apiece)\b|\beach\s+(?:for\s+)?{_LENGTH}|\b(?:for\s+)?{_LENGTH}\s+per\s+(?:run|card|gpu|seed|instance)\b"
    # runs said to go at once ("4 parallel 14b qlora runs", "3 runs in parallel", "同时跑 3 个 7b lora 实验", "两个实验并行"):
    # each a run of its own on a machine of its own, never one job's data parallelism ("4 卡并行训练" names no runs)
    rf"|{_RUNS_N}\s+(?:parallel|concurrent|simultaneous)\s+(?:[\w.-]+\s+){{0,4}}?{_RUN_WORD}"
    rf"|{_RUNS_N}\s+(?:[\w.-]+\s+){{0,4}}?{_RUN_WORD}\s+(?:in\s+parallel|at\s+once|at\s+the\s+same\s+time|concurrently|simultaneously)\b"
    r"|(?:同时|并行)\s*(?:跑|训|做|开)?\s*(?:\d{1,2}|[两二三四五六七八九十])\s*(?:个|组)\s*[^，,。？?；;]{0,16}?(?:实验|任务)"
    r"|(?:\d{1,2}|[两二三四五六七八九十])\s*(?:个|组)\s*[^，,。？?；;]{0,16}?(?:实验|任务)\s*(?:同时|并行)",
    re.IGNORECASE)

# the cards asked to work as one ("can 4 separate 4090s work as one machine?", "4 张单卡拼成一台"): one job
# over them, never separate runs (bot.understand.pooled answers it)
AS_ONE = lazy(r"\bas\s+(?:a\s+single\s+|a\s+|an\s+|one\s+|1\s+)?(?:machine|node|box|server|cluster)\b|\bone\s+(?:machine|node|box|server)\b"
              r"|\btogether\b|\bcombined?\b|\bpool(?:ed)?\b|拼|凑|合成|合在|当成|当作|(?:1|一)起|同(?:1|一)台|(?:1|一)个节点", re.IGNORECASE)

_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
          "twelve": 12, "sixteen": 16}
_N = r"(?<![\w.])(\d{1,2}|" + "|".join(_WORDS) + r")(?![\w.])"
# how many runs, where the count is of the experiments rather than beside the card: "5 independent ...
# sweeps", "6 个 lora 实验", "3 of them", "four separate 4090 instances"
RUNS = lazy(
    # (a model's size among the words: "3 个 7b lora 实验", "4 parallel 14b qlora runs")
    rf"{_N}\s*(?:个|组|次|套|条)?\s*(?:(?:\d{{1,3}}(?:\.\d)?b(?![a-z\d])|[^\s\d,，。;；:：?？]+)\s*){{0,4}}?(?:实验|任务|超参|\bruns?\b|\bexperiments?\b|\bsweeps?\b|\bjobs?\b|\btrials?\b|\bseeds?\b)"
    # a count of times or seeds: "跑 5 次", "5 轮", "5 个 seed", "3 times"
    rf"|{_N}\s*(?:次|轮|遍|\btimes\b)|{_N}\s*(?:个|组)?\s*(?:种子|\bseeds?\b)"
    rf"|{_N}\s*(?:台|个?实例|\binstances?\b|\bmachines?\b|\bservers?\b|\bboxes\b)|{_N}\s+of\s+(?:them|us)\b|{_N}\s+(?:separate|independent|individual|single[\s-]?(?:card|gpu))\b"
    # the people each renting one: "4 个人", "四个同事", "3 people", "five of us"
    rf"|{_N}\s*(?:个)?\s*(?:人|同学|同事|成员)|{_N}\s+(?:people|persons|users|members|researchers|students)\b", re.IGNORECASE)


# each of the people or runs counted takes one: "各一张", "各租两周", "每人", "每次 3 小时", "每个 cloudgpu a100",
# "one per person", "8 hours each", "apiece"; counted only beside a count of people or runs (PEOPLE, never a card's
# count: "8 张 4090 每个多少" asks one card's price)
EACH = lazy(r"各\s*(?:租|用|开|拿|要)?\s*\d*\s*(?:张|块|台|套|卡|个)|各租|(?:一|每|1)\s*(?:个)?\s*人\s*(?:一|1)\s*套|每\s*(?:个)?\s*人"
            r"|每\s*(?:次|轮|个|组)|\beach\b|\bapiece\b|\bper\s+(?:run|experiment|job|person|head|member)\b", re.IGNORECASE)
_M = r"(?<![a-zA-Z\d.])(\d{1,2}|" + "|".join(_WORDS) + r")(?![a-zA-Z\d.])"  # "2个人", "包周2个人": no space by CJK
# a count of people or of runs: "5 个同事", "两个人", "3 个组", "team of 4", "four of us", "6 people", "10 个实验",
# "20 次实验", "3 runs"
_WHO = r"人|同学|学生|同事|成员|组员|队友|室友|伙伴|小伙伴|朋友|老师"  # the people a count counts: "三个学生", "四个同事"
PEOPLE = lazy(
    rf"{_M}\s*(?:个|位|名)?\s*(?:{_WHO}|组(?!合))|{_M}\s+(?:people|persons|users|members|researchers|students|colleagues|teammates)\b"
    rf"|{_M}\s+of\s+us\b|\b(?:team|group)\s+of\s+{_M}|{_M}[\s-]*(?:person|people|man)\s+(?:team|group)\b"
    rf"|{_M}\s*(?:个|次|组|轮)?\s*(?:实验|任务)|{_M}\s+(?:runs?|experiments?|jobs?|trials?|sweeps?)\b", re.IGNORECASE)
# a count of people alone ("gpuli 5090 4 个人", "5 people 呢"): a card to each, unless they share one machine
MEN = lazy(rf"{_M}\s*(?:个|位|名)?\s*(?:{_WHO})(?!\s*(?:团队|小组)?\s*(?:的)?\s*(?:组|团队))|{_M}\s+(?:people|persons|colleagues|teammates)\b"
           rf"|{_M}\s+of\s+us\b|\b(?:team|group)\s+of\s+{_M}"
           rf"|(?<!每){_M}\s*(?:次|遍)(?:实验|训练)?\s*(?:呢|吧|的话)|{_M}\s+(?:runs?|times)\s*(?:then|instead)?\s*\??$", re.IGNORECASE)
SHARED = lazy(r"分摊|平摊|均摊|合租|共用|共享|一起用|\baa\b|\bshar(?:e|ed|ing)\b|\bsplit\b", re.IGNORECASE)


# what a sweep is counted in: "3 seeds x 4 configs", "4 个配置 × 3 个 seed", "seed×3, 2 lrs": the runs are their product
_AXIS = (r"(?:种子|配置|超参|学习率|数据集|组|\bseeds?\b|\bconfigs?\b|\bconfigurations?\b|\bsettings?\b|\blrs?\b|\blearning\s+rates?\b"
         r"|\bdatasets?\b|\bvariants?\b|\bablations?\b|\bruns?\b)")
_COUNTED = rf"(?:{_N}\s*(?:个|组|套|种)?\s*{_AXIS}|{_AXIS}\s*[x×*]\s*{_N})"
SWEEP = lazy(rf"{_COUNTED}\s*(?:[x×*]|\bby\b|\btimes\b|乘以?)\s*{_COUNTED}", re.IGNORECASE)
_NUMBER = lazy(_N, re.IGNORECASE)
# a count of experiments, hyperparameter sets or sweeps (never epochs or passes): beside as many cards, one runs on each
ONE_RUN_EACH = lazy(rf"(?:{_N}|([两二三四五六七八九十]))\s*(?:个|组|套|种)?\s*(?:不同的?\s*)?(?:实验|超参数?|配置|学习率|\bexperiments?\b|\bsweeps?\b|\bconfigs?\b"
                    r"|\bhyperparam(?:eter)?s?(?:\s+(?:sets?|settings?|configs?))?\b|\bseeds?\b)", re.IGNORECASE)


def sweep_runs(norm: str) -> int | None:
    """The runs of a sweep said as a product ("3 seeds x 4 configs": 12); None without one."""
    m = SWEEP.search(norm)
    if m is None:
        return None
    a, b = (_value(n.group(1)) for n in _NUMBER.finditer(m.group(0)))
    return a * b


def _value(word: str) -> int:
    return int(word) if word.isdigit() else _WORDS[word.lower()]


def separate_runs(norm: str, count: int | None, kinds: int, job: bool = False) -> int | None:
    """How many single-card instances the message asks for, each running its own job, when it says so
    (`norm`: the normalized text; `count`: the card count the parse read; `kinds`: how many different
    cards it names, one at most for this reading). None without a word of independence, or under two."""
    if kinds <= 1 and (counted := class_counts(norm)) is not None and count in (None, 1, counted[0]):
        return counted[0]  # "6 组每组一张 … 30 人每人摊": six rentals, the people share their total
    if kinds > 1 or AS_ONE.search(norm) or split_among(norm):  # a total shared out is one rental, divided
        return None
    if not INDEPENDENT.search(norm):
        if count is not None and count >= 2 and count in (_value(m.group(1)) if m.group(1) else _CN_COUNT[m.group(2)] for m in ONE_RUN_EACH.finditer(norm)):
            return count  # "3张 3090 同时跑三组超参", "four 4090s for 4 experiments": as many runs as cards, one on each
        return people_each(norm, count, job)
    if count is not None and count >= 2:
        return count if count <= 64 else None
    if (swept := sweep_runs(norm)) is not None and 2 <= swept <= 64:
        return swept
    runs = [_value(next(g for g in m.groups() if g)) for m in RUNS.finditer(norm)]
    return next((n for n in runs if 2 <= n <= 64), None) or people_each(norm, count, job)


def _first(pattern: LazyPattern, norm: str) -> int | None:
    m = pattern.search(norm)
    return _value(next(g for g in m.groups() if g)) if m else None


def people_each(norm: str, count: int | None, job: bool) -> int | None:
    """How many people or runs each take a rental of their own, said with a word for each ("两个人各一台",
    "10 个实验 每个跑 3 小时", "3 runs of 8 hours each") or, with no job asked, a count of people alone
    ("gpuli 5090 4 个人"); None when they share a machine ("4 个人合租一台") or a card count of its own stands
    beside them ("3 个人 每人两张": several cards each)."""
    if SHARED.search(norm) or split_among(norm):
        return None
    # the people counted in characters ("我们仨一人一张", "咱俩各租一台") as well as in digits
    n = (_first(PEOPLE, norm) or _people(norm)) if EACH.search(norm) or ONE_EACH.search(norm) else None
    if n is None and not job:
        n = _first(MEN, norm)
    if n is None or not 2 <= n <= 64 or count not in (None, 1, n):
        return None
    return n


# a count said of the cards themselves ("2 张", "8卡", "x2", "4 gpus"): then 台 counts boxes of that many cards
CARD_COUNT = lazy(r"(?<![\w.])\d+\s*(?:张|卡|块|[x×*]|-?gpus?\b|cards?\b)|[x×*]\s*\d+(?![\d.])", re.IGNORECASE)
MACHINE_WORD = lazy(r"台|实例|\bmachines?\b|\bservers?\b|\bboxes\b|\binstances?\b", re.IGNORECASE)


def single_card_machines(norm: str, count: int | None, nodes: int | None, gpu: str | None, provider: str | None) -> int | None:
    """How many machines "两台3090", "two 3090 servers at yiwan" asks for when the card is rented one to a
    machine only (at the provider named, else everywhere): that many single-card rentals, never one box
    of the count times itself. None when a card count is said beside it ("两台 8 卡 h100": two nodes of
    eight) or the card comes in multi-card boxes (then the machines' size is the price view's to settle)."""
    if gpu is None or nodes is None or nodes < 2 or count not in (None, nodes) or CARD_COUNT.search(norm) \
            or not MACHINE_WORD.search(norm):
        return None
    sellers = [p for p in providers().entries if provider in (None, p.id)]
    counts = {o.count for p in sellers for o in p.offers_for(gpu)}
    return nodes if counts == {1} and nodes <= 64 else None


# the total shared out: "3 个组分摊", "3 个人 AA", "split between 4 of us", "split it 3 ways", "shared by five people"
SPLIT = lazy(r"分摊|平摊|均摊|分担|平分|均分|人均|凑钱|(?<![a-z])aa(?![a-z])|\bsplit(?:ting|s)?\b|\bshared?\s+(?:by|between|among)\b"
             r"|\bdivided?\s+(?:by|between|among)\b|\bchip\s+in\b|\bgo(?:ing)?\s+(?:halves|dutch)\b"
             # the people themselves sharing it out: "两个人分", "三个同学分一下", "我们仨分"
             rf"|(?:{_WHO}|[俩仨])\s*(?:来|一起|平)?\s*分(?!钟|开|别|布|析|配|辨|类|成|割|片|词|数|批|段|卡|步|阶|享)"
             # each one's payment asked: "每人出多少", "一人付多少", "each pays?", "how much per person", "what's that per head"
             r"|(?:每|一)\s*(?:个)?\s*人\s*(?:要|得|需要?|该)?\s*(?:出|付|掏|交|承担|摊)(?!去|来|现|门|错|差)"
             # shared out to people counted: "分到 30 个学生每人多少", "摊给 5 个人"
             rf"|(?:分|摊)(?:到|给)\s*{_M}\s*(?:个|位|名)?\s*(?:{_WHO})"
             r"|\beach\s+(?:of\s+us\s+)?(?:pays?|owes?|chips?\s+in|puts?\s+in)\b"
             r"|\b(?:how\s+much|what(?:'s|\s+is)?(?:\s+(?:that|it|this))?|cost|price|comes?\s+to)\s+(?:is\s+(?:that|it)\s+)?per\s+(?:person|head)\b"
             r"|\bper[\s-](?:person|head)\s+(?:cost|price|share)\b",
             re.IGNORECASE)
WAYS = lazy(rf"{_M}[\s-]*ways?\b|\bsplit\s+(?:it\s+|that\s+|the\s+(?:bill|cost)\s+)?(?:in(?:to)?\s+)?{_M}\b", re.IGNORECASE)
# shared in two halves, the count said with it: "50/50", "fifty-fifty", "对半分", "一人一半", "half each"
HALVES = lazy(r"(?<![\d.])50\s*[/:-]\s*50(?![\d.%])|\bfifty[\s-]*fifty\b|\bhalf\s+each\b|\bhalves\b|对半|(?:一|每)\s*人\s*一半|各(?:出|付|掏|摊|承担)?\s*一半",
              re.IGNORECASE)
_CN_COUNT = {"两": 2, "俩": 2, "二": 2, "三": 3, "仨": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}
# the people counted in characters the normalizer keeps (it turns numerals to digits only before a counter, and
# 人 is none): "俩人", "三人", "我俩", "我们仨", "咱们俩", "你们两个" (a digit there: "我们 3 个")
CN_PEOPLE = lazy(rf"([两俩二仨三四五六七八九十])\s*(?:个|位|名)?\s*(?:{_WHO})|(?:我|咱|你|他|她)们?\s*([俩仨])"
                 r"|(?:我|咱|你|他|她)们\s*(?:([两三四五六七八九十])|(\d{1,2}))\s*(?:个|位)(?!\s*(?:月|小时|钟头|星期|礼拜))")
# two people named without a number: "both of us", "the two of us" (read by _M: "two of us"), "us two"
BOTH = lazy(r"\bboth\s+of\s+us\b|\bus\s+two\b|\bus\s+both\b", re.IGNORECASE)
# a card each, never a share: "one 4090 per person", "each on a 4090", "一人一张", "各租", "人手一张"
ONE_EACH = lazy(r"\b(?:one|1|a)\s+(?!(?:hours?|hrs?|h|days?|weeks?|months?|years?|mins?|minutes?)\b)(?:[\w.-]+\s+){0,2}(?:per\s+(?:person|head)|each\b(?!\s+(?:pays?|owes?|chips?|puts?)\b))|\beach\s+(?:on|with|gets?|rents?|running|runs?)\b"
                r"|(?:一|每|1)\s*(?:个)?\s*人\s*(?:各)?\s*(?:一|1)\s*(?:张|块|台|卡|套)|人手\s*(?:一|1)|各\s*(?:租|用|开|拿|要|跑)", re.IGNORECASE)
# the money shared out beyond doubt, so a share without a count is still one: "AA", "平摊", "每人出", "each pays",
# "split the bill", "split it … how much each" (a bare "split" or "分担" may split a model or its memory)
MONEY_SHARED = lazy(r"(?<![a-z])aa(?![a-z])|分摊|平摊|均摊|凑钱|(?:每|一)\s*(?:个)?\s*人\s*(?:要|得|需要?|该)?\s*(?:出|付|掏|交|承担)(?!去|来|现|门|错|差)"
                    r"|\beach\s+(?:of\s+us\s+)?(?:pays?|owes?|chips?\s+in|puts?\s+in)\b|\bchip\s+in\b|\bgo(?:ing)?\s+(?:halves|dutch)\b"
                    r"|\bsplit(?:ting)?\s+(?:it|that|this|the\s+(?:bill|cost|price|rent|total))\b"
                    r"|\bsplit(?:ting)?\b.*\b(?:how\s+much\s+(?:each|per)|each|per\s+(?:person|head))\b"
                    r"|\b(?:how\s+much|what(?:'s|\s+is)?(?:\s+(?:that|it|this))?|cost|price|comes?\s+to)\s+(?:is\s+(?:that|it)\s+)?per\s+(?:person|head)\b",
                    re.IGNORECASE)
# a total spread over time, not people: "按天平摊", "摊到每个月", "split per day", "spread over the weeks" (bot.understand.asks)
OVER_TIME = lazy(r"按\s*(?:天|日|周|星期|礼拜|月|小时|年)\s*(?:来)?\s*(?:平摊|分摊|均摊|摊|算|分)|(?:摊|分)\s*(?:到|在|给)?\s*(?:每|各)\s*(?:个)?\s*(?:天|日|周|星期|月|小时|年)"
                 r"|每\s*(?:天|日|周|月|小时)\s*(?:合|摊)|\b(?:split|spread|divided?|shared?)\s+(?:it\s+|that\s+)?(?:per|by|over|across)\s+(?:the\s+)?(?:\d+\s+)?(?:days?|weeks?|months?|hours?|years?)\b",
                 re.IGNORECASE)
GUESSED_SHARE = 2  # shared out with no count said ("我们 AA", "split it, how much each?"): two, and the answer says so


def _people(norm: str) -> int | None:
    m = CN_PEOPLE.search(norm)
    if m is None:
        return 2 if BOTH.search(norm) else None
    word = next(g for g in m.groups() if g)
    return int(word) if word.isdigit() else _CN_COUNT[word]


@one_message.per_message  # the share and the split readers both ask it
def split_reading(norm: str) -> tuple[int, bool] | None:
    """Among how many people or groups the message shares the total out ("3 个组分摊 一组多少": the total ÷ 3,
    "俩人 AA": ÷ 2, "50/50": ÷ 2), and whether that count was guessed (True: a share asked with no count said,
    "我们 AA 每人多少", read as two and said so). None when it shares nothing, a card goes to each person ("one
    4090 per person"), or the count said is under two."""
    if (counted := class_counts(norm)) is not None:  # groups, people and cards counted apart (bot.understand.class_counts)
        return (counted[1], False) if counted[1] else None
    halves = HALVES.search(norm)
    if not (SPLIT.search(norm) or halves) or ONE_EACH.search(norm):
        return None
    n = _first(WAYS, norm) or _first(PEOPLE, norm) or _people(norm) or (2 if halves else None)
    if n is None:
        return (GUESSED_SHARE, True) if MONEY_SHARED.search(norm) and not OVER_TIME.search(norm) else None
    return (n, False) if 2 <= n <= 64 else None


def split_among(norm: str) -> int | None:
    """Among how many the message shares the total out (split_reading's count); None when it shares nothing."""
    read = split_reading(norm)
    return read[0] if read else None


# a count of runs, not of people: "10 个实验", "20 次", "3 runs", "5 experiments"
RUN_COUNT = lazy(rf"{_M}\s*(?:个|次|组|轮)?\s*(?:实验|任务)|{_M}\s*(?:次|遍|轮)|{_M}\s+(?:runs?|experiments?|jobs?|trials?|sweeps?|times)\b",
                 re.IGNORECASE)


def runs_on_one(norm: str, n: int | None, provider: str | None, hours: float | None) -> tuple[int, float] | None:
    """`n` runs of `hours` each at a provider renting whole weeks or months ("gpuli 4090 10 次实验 每次 3 小时"):
    run back to back on one card they are its total hours (30 h, one week), not ten rentals; (n, hours) then.
    None for people each renting, a provider billing by the minute (each run is its own bill), or no length."""
    if not n or not provider or not hours or not RUN_COUNT.search(norm) or MEN.search(norm) \
            or providers().find(provider) is None or not providers().get(provider).billing.cycles:
        return None
    return n, hours
