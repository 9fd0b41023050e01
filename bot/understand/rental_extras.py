"""What a price question adds to the cards: storage, several nodes, annual prepay, a repeat-purchase
discount, and the currency to show totals in.

Why separate from the training fields: these only change what a rental costs (engine.billing's
add-ons and discounts), never the memory, so they ride on the price and cost questions alone.
"""

from __future__ import annotations

import re

from bot.understand import one_message
from bot.understand.lazy import lazy
from engine.providers import provider as provider_entry

# a size with thousands separators ("10,000 GB") is one number, never its last group ("000 GB")
# "2万 GB", "1.5k GB", "2w G": a multiplier between the number and the unit counts in the size
SIZE = r"(?<![\d,.])(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:\s*[万千kw])?"
# what may stand between a size and the storage it sizes: "1000G 的那个对象存储", "2 TB of the volume"
_FILLER = r"(?:的|of)?\s*(?:(?:那|这)个?|the|that)?\s*"
# each storage's size, said after its word ("存储卷 2000G") or before it ("2000G 存储卷")
# 存 or "store" as the verb with its size right after ("存 5000G 数据集", "存放 2T", "store 5 TB"): data kept on the provider's disk, a volume;
# never 显存/内存 (a card's or a host's memory) nor 保存/缓存
_VOLUME_AFTER = (rf"(?:存储卷|持久化存储卷?|持久卷|数据盘|(?<!对象)存储(?!桶)|(?<![内显保缓库生共现依储儲])存(?:放|下)?(?=\s*\d)|\bstor(?:e|ed|ing)(?=\s*\d)|(?<![存内])卷(?!积)|volume|persistent\s+(?:volume|storage|disk)|storage(?:\s+volume)?|\bdisk\b)"
                 rf"\D{{0,6}}?({SIZE})\s*(gb|g|tb|t)\b")
_VOLUME_BEFORE = rf"({SIZE})\s*(gb|g|tb|t)\s*{_FILLER}(?:存储卷|持久化存储卷?|持久卷|数据盘|存储(?!桶)|卷(?!积)|volume|persistent\s+(?:volume|storage)|storage(?:\s+volume)?|disk)"
_OBJECT_AFTER = rf"(?:对象(?:存储)?|\bobjects?(?:\s+(?:storage|store))?|\bs3\b|\boss\b|存储桶|\bbuckets?\b)\D{{0,6}}?({SIZE})\s*(gb|g|tb|t)\b"
# after a size the short word is the storage too: "1000GB object", "1T 对象", "500G bucket", "2T 存储桶"
_OBJECT_BEFORE = rf"({SIZE})\s*(gb|g|tb|t)\s*{_FILLER}(?:对象(?:存储)?|objects?\b|s3|oss|buckets?\b|存储桶)"
VOLUME = lazy(f"{_VOLUME_AFTER}|{_VOLUME_BEFORE}", re.I | re.ASCII)
OBJECT = lazy(f"{_OBJECT_AFTER}|{_OBJECT_BEFORE}", re.I | re.ASCII)
_SAID_WAYS = (("volume", lazy(_VOLUME_AFTER, re.I | re.ASCII), lazy(_VOLUME_BEFORE, re.I | re.ASCII)),
              ("object-storage", lazy(_OBJECT_AFTER, re.I | re.ASCII), lazy(_OBJECT_BEFORE, re.I | re.ASCII)))
# the count may stand before the node's own setup: "two 8x H100 nodes", "2 个 8 卡 H100 节点", "2x 8xh100 nodes", "three 8-gpu boxes"
_NODE_SETUP = r"(?:\d+\s*(?:[x×*]|卡|-?gpus?)\s*(?:[a-z0-9-]+\s*){0,2})?"
NODES = lazy(rf"(\d+|{'|'.join(('two', 'three', 'four', 'five', 'six', 'seven', 'eight'))})\s*(?:个\s*|[x×*]\s*(?=\d))?{_NODE_SETUP}"
             r"(?:节点|台机器?|台|机(?=\s*\d+\s*(?:卡|张|gpus?))|nodes?|machines?|servers?|box(?:es)?)(?![a-z])|(双|两)\s*(?:节点|机)", re.I)
_NODE_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}
INFINIBAND = lazy(r"infiniband|\bib\b|ib\s*400|400g\s*ib", re.I | re.ASCII)
NO_INFINIBAND = lazy(r"(?:不要|不用|without|no|w/o)\s*(?:infiniband|ib)\b", re.I | re.ASCII)
ANNUAL = lazy(r"年付|包年|按年付?|一年|整年|1\s*年|12\s*个?月|annual(?:ly)?|yearly|a\s+year|one\s+year|per\s+year|prepay", re.I | re.ASCII)
# a repeat purchase, also said as the second machine bought ("那第二台 A100 月付多少", "a second server"); a renewal
# said not to happen ("到期了不续费的话 数据留几天") buys nothing again
REPEAT = lazy(r"复购|老客户|再次购买|续购|同\s*[一1]?\s*个?\s*账[户号]|(?<![不没])续费(?:后|之后|以后|的话)|renew(?:al|ing|ed)?\s+(?:on|with|under|from)\s+the\s+same\s+account"
              r"|same[\s-]account|after\s+(?:the\s+)?renewal|once\s+(?:we|i)\s+renew|repeat[\s-]+(?:purchases?|customers?|buyers?|orders?)|returning[\s-]+customers?"
              r"|第\s*(?:二|2)\s*台|再(?:买|租|下单|开)\s*(?:一|1)\s*台|\b(?:a\s+)?second\s+(?:machine|server|box|order)\b", re.I)
# a currency asked for in English, its country's adjective allowed ("in chinese yuan", "how many yuan",
# "in US dollars"): one fragment for the display currency here and the currency ask (bot.understand.asks)
IN_CURRENCY = (r"\b(?:in|how\s+(?:much|many))\s+(?:(?:chinese|china|us|u\.s\.|american)\s+)?"
               r"(rmb|cny|yuan|renminbi|usd|dollars|usdt)\b")
SHOW_CURRENCY = lazy(
    # "用 U 付吗", "能用美元付款吗": what is paid with (the payment methods), never the currency to show prices in
    r"(?:用|按|照|换算成|折合|换成|以)\s*(人民币|rmb|cny|美元|美金|usdt|usd|u)(?!\s*(?:付|支付|充|交钱|缴))\s*(?:算|计|显示|报价|来算|表示)?|"
    rf"{IN_CURRENCY}|(人民币|美元)\s*(?:算|计|报价)"
    # "人民币一个月大概多少", "美元每小时几钱": the currency, then the span priced, then the asking word
    r"|(人民币|rmb|cny|美元|美金)\s*(?:(?:一|1|每)\s*个?\s*)?(?:月|周|星期|天|小时|钟头)\s*(?:大概|大约|约|差不多)?\s*(?:要|是)?\s*(?:多少|几)"
    # "多少钱 要人民币", "给个人民币价": the currency wanted, not one paid in ("要人民币支付吗" asks about paying)
    r"|(?:要|给个?|报个?)\s*(人民币|rmb|cny|美元|美金|usd)(?!\s*(?:付|支付|结算|充值|付款))"
    # "RMB please", "convert to CNY", "converted into yuan"
    r"|\b(rmb|cny|yuan|usd)\s+please\b|\bconvert(?:ed)?\s+(?:it\s+|that\s+|this\s+)?(?:to|into)\s+(rmb|cny|yuan|usd|dollars)\b",
    re.I | re.ASCII,
)
CURRENCY = {"人民币": "CNY", "rmb": "CNY", "cny": "CNY", "yuan": "CNY", "renminbi": "CNY", "美元": "USD", "美金": "USD", "usd": "USD",
            "dollars": "USD", "usdt": "USDT", "u": "USDT"}


_SCALE = {"万": 10_000, "w": 10_000, "千": 1_000, "k": 1_000}


def size_gb(number: str, unit: str) -> int:
    """GB from a size as typed: "3T" is 3,000 GB (decimal terabytes, as the seeds price a GB-month),
    "2万 GB" 20,000."""
    number = number.replace(",", "").replace(" ", "").lower()
    scale = _SCALE.get(number[-1:], 1)
    value = float(number.rstrip("万千kw")) * scale
    return round(value * 1000) if unit.lower() in ("tb", "t") else round(value)


# Taiwan's word for RAM, 記憶體 (记忆体 once folded to simplified characters), names the same upgrade
RAM = "(?:内存|记忆体)"
# an upgrade verb beside the part ("加cpu", "内存升级", "add more ram") asks the package's add-on, size unsaid
# ("add cpu offload" is DeepSpeed's offload to the CPU, no add-on)
CPU_UPGRADE = lazy(rf"16\s*-?\s*(?:核|c(?=\s*\d)|cores?|vcpus?)|cpu\s*(?:升|加|扩|upgrade)|cpu\s*(?:[和跟与、+/&]|and)\s*(?:{RAM}|ram|memory)\s*(?:的\s*)?(?:升级|扩容|upgrades?)|(?:加|升级|扩|扩容)\s*(?:个|点)?\s*(?:{RAM}\s*[和跟与、+/]\s*)?cpu(?![\s_-]*offload)"
                   r"|\b(?:add(?:ing)?|upgrad(?:e|ing))\s+(?:more\s+|extra\s+|the\s+)?(?:ram\s+(?:and|&|\+)\s+)?(?:cpus?|cores)\b(?![\s_-]*offload)|\bmore\s+(?:cpus?|cpu\s+cores)\b", re.I | re.ASCII)
# "16 核 128G", "16c128g": a core count then a size is a machine's spec, the size its memory
RAM_UPGRADE = lazy(rf"\d+\s*-?\s*(?:核|c|cores?|vcpus?)\s*[/,+]?\s*(?:和|加|\+|and)?\s*128\s*(?:g|gb)\b|128\s*(?:g|gb)\s*(?:的|of)?\s*(?:{RAM}|ram|memory)|(?:{RAM}|ram|memory)\s*(?:升到|加到|to)?\s*128\s*(?:g|gb)?(?![a-z0-9])|(?:{RAM}|ram|memory)[^\d,，;；]{{0,16}}?128\s*(?:g|gb)\b"
                   rf"|(?:加|升级|扩|扩容)\s*(?:个|点)?\s*(?:cpu\s*[和跟与、+/]\s*)?{RAM}|{RAM}\s*(?:升级|加|扩)|\b(?:add(?:ing)?|upgrad(?:e|ing))\s+(?:more\s+|extra\s+|the\s+)?(?:(?:cpus?|cores)\s+(?:and|&|\+)\s+)?ram\b"
                   rf"|\bram\s+upgrade|\bmore\s+ram\b", re.I | re.ASCII)


# "object storage 多少钱一个G", "volume price per GB": the price of one GB, with no size stated
PER_GB = lazy(r"(?:一|每|1)\s*个?\s*g(?:b)?(?![a-z0-9])|per[\s-]*gb\b|/\s*gb\b|\ba\s+gb\b", re.I | re.ASCII)
LONE_SIZE = lazy(rf"({SIZE})\s*(gb|g|tb|t)\b", re.I | re.ASCII)
MEMORY_NEAR = lazy(r"显存|内存|记忆体|vram|\bram\b|memory|\bgpu|卡", re.I)
# storage named by no kind ("存储怎么收费", "storage price?"): either of the two the seed prices
ANY_STORAGE = lazy(r"存储|存放|\bstorage\b|\bdisk\b|硬盘|网盘", re.I | re.ASCII)
# a dataset's size, said before or after its word ("200GB dataset", "数据集 300G", "300G 的训练数据")
_DATA = r"(?:训练)?数据集?|语料|\bdatasets?\b|\b(?:training\s+)?data\b|\bcorpus\b"
DATA_SIZE = lazy(rf"({SIZE})\s*(gb|g|tb|t)\b\s*(?:的|of)?\s*(?:{_DATA})|(?:{_DATA})\D{{0,8}}?({SIZE})\s*(gb|g|tb|t)\b", re.I | re.ASCII)
# where to keep it asked ("存哪里", "放哪儿", "where should we keep it")
KEPT_WHERE = lazy(r"(?:存|放)(?:在|到)?\s*哪|\bwhere\s+(?:do|should|can|to)\s+(?:i\s+|we\s+)?(?:keep|store|put|park)\b", re.I | re.ASCII)
# which storage or what it costs asked ("用什么存储 多少钱", "which storage and how much"); "is the disk enough" asks neither
WHICH_OR_COST = lazy(r"多少|几多|什么|啥|哪|\bhow\s+much\b|\bcosts?\b|\bprice|\bwhich\b|\bwhat\b|\bwhere\b|价|费|钱", re.I | re.ASCII)
# archiving is what the seed keeps object storage for ("归档 4T", "we'll archive 4TB": object storage at that size)
STORAGE_WORDS = (("object-storage", lazy(r"对象存储|object\s+storage|\bs3\b|归档|\barchiv(?:e|es|ed|ing)\b", re.I | re.ASCII)),
                 ("volume", lazy(r"存储卷|持久化存储|持久卷|数据盘|persistent\s+(?:volume|storage|disk)|\bvolumes?\b", re.I | re.ASCII)))


def dataset_storage(text: str) -> bool:
    """Whether the storage asked is for a dataset whose size is stated, no storage kind named ("200GB dataset for a
    32B full fine-tune, what storage and how much", "300G 数据集 用什么存储"): the volume at that size is the
    answer, the job named only frames it."""
    return bool((ANY_STORAGE.search(text) or KEPT_WHERE.search(text)) and DATA_SIZE.search(text) and WHICH_OR_COST.search(text)) \
        and not any(w.search(text) for _, w in STORAGE_WORDS)


def per_gb(text: str, stated: dict[str, int]) -> bool:
    """Whether one GB's price is what is asked of the storages named ("对象存储多少钱一个 G", "volume per GB?")."""
    storages = [v for k, v in stated.items() if k in dict(STORAGE_WORDS)]
    return bool(storages) and all(v == 1 for v in storages) and bool(PER_GB.search(text))


def lone_sizes(text: str) -> tuple[int, ...]:
    """Every size stated in GB ("3T", "500G", "2万 GB"), less those beside a card's or a host's memory."""
    return tuple(size_gb(m[1], m[2]) for m in LONE_SIZE.finditer(text)
                 if not MEMORY_NEAR.search(text, max(0, m.start() - 4), m.end() + 4))


def _storage_sizes(text: str) -> dict[str, int]:
    """Each storage's own stated size. The message says its sizes one way, each after its storage ("存储卷 2000G 对象存储
    1000G") or each before it ("2000G 存储卷 1000G 对象存储"): the way that sizes more storages is read, so a size
    is never taken from the storage beside it (the leftmost match gave object storage the volume's 2000G)."""
    after = {key: size_gb(m[1], m[2]) for key, way, _ in _SAID_WAYS if (m := way.search(text))}
    before = {key: size_gb(m[1], m[2]) for key, _, way in _SAID_WAYS if (m := way.search(text))}
    if len(after) != len(before):
        return after if len(after) > len(before) else before
    leftmost: dict[str, int] = {}
    for key, pattern in (("volume", VOLUME), ("object-storage", OBJECT)):
        if m := pattern.search(text):
            leftmost[key] = size_gb(*((m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))))
    return leftmost


# data sent to a store of one's own ("push 2TB of checkpoints to our own S3", "每月传 2T 到自己的 OSS"): the size is
# traffic leaving the machine, a bill of its own (the egress entry), never storage rented from the provider
SENT_OUT = lazy(r"\b(?:push|upload|send|copy|sync|transfer|move|ship|export|back\s*up|dump)\w*\b[^.?!;。？！；]{0,40}?"
                r"\b(?:to|into|onto)\s+(?:our|my|their|your)\s+own\b"
                r"|(?:传|推|同步|拷|上传|备份|导出|搬)(?:到|回|去)\s*(?:我们|我|公司)?\s*自己的?", re.I)


def add_ons(text: str) -> dict[str, int]:
    """{"volume": GB, "object-storage": GB, "cpu-16c": 1, "ram-128g": 1} as stated ("2000G 存储卷",
    "1 TB of object storage", "加 16核CPU 和 128G 内存"); a storage priced per GB with no size is one GB."""
    out: dict[str, int] = {}
    if CPU_UPGRADE.search(text):
        out["cpu-16c"] = 1
    if RAM_UPGRADE.search(text):
        out["ram-128g"] = 1
    if SENT_OUT.search(text):
        return out
    out.update(_storage_sizes(text))
    named = [k for k, words in STORAGE_WORDS if words.search(text)]
    if len(named) == 1 and named[0] not in out:
        sizes = [m for m in LONE_SIZE.finditer(text) if not MEMORY_NEAR.search(text, max(0, m.start() - 4), m.end() + 4)]
        if len(sizes) == 1:
            # "存储卷多少钱一个月，2000G 要多少", "how much is a volume per month? I need 2 TB": one storage named
            # and one size stated elsewhere in the message (not a card's or a host's memory) is that storage's size
            out[named[0]] = size_gb(sizes[0][1], sizes[0][2])
    if not any(k in out for k, _ in STORAGE_WORDS) and dataset_storage(text) and (data := DATA_SIZE.search(text)):
        # "200GB dataset … what storage and how much", "300G 数据集 用什么存储": a dataset kept on the provider's
        # disk is what the seed puts on a volume (remounted by the next instance), at the dataset's size
        out["volume"] = size_gb(*((data.group(1), data.group(2)) if data.group(1) else (data.group(3), data.group(4))))
    sized = [out[k] for k, _ in STORAGE_WORDS if k in out]
    if len(sized) == 1:
        # "存储卷 2000g 一个月多少 还有 对象存储呢", "a 2 TB volume … and what about object storage": the other
        # storage named is asked at the same size
        out.update({k: sized[0] for k, words in STORAGE_WORDS if k not in out and words.search(text)})
    if not any(k in out for k, _ in STORAGE_WORDS) and PER_GB.search(text):
        # every storage named is priced ("存储卷多少钱一个G 对象存储呢" asks both), not the first alone
        out.update({k: 1 for k, words in STORAGE_WORDS if words.search(text)})
    return out


# storage included in a rental ("含存储", "加上存储卷", "with storage", "plus object storage"), its size unsaid
INCLUDED = lazy(r"(?:含|包含|包括|加上?|带上?|连同?|算上|另加|including|incl\.?|with|plus|\+|and)\s*(?:个|点|上|the|some)?\s*"
                r"(?:存储|持久化存储|对象存储|storage|volumes?|object\s+storage|persistent\s+(?:volume|storage)|s3|disk)"
                r"|(?:storage|存储)\s*(?:included|在内|也算上?)", re.I | re.ASCII)


# storage left out, said just before it: "不含存储", "没加存储卷", "without storage", "excluding storage"
LEFT_OUT = lazy(r"(?:不|没|没有|未|无|\bwithout|\bexcluding|\bexcl\.?|\bno|\bnot)\s*$", re.I)


def storage_unsized(text: str, stated: dict[str, int]) -> tuple[str, ...]:
    """The storages a rental is asked with but no size stated ("8卡h100 整月 含存储 的账单", "8x h100 monthly
    with storage"): both when storage is named by no kind, none when any size is stated."""
    if any(k in stated for k, _ in STORAGE_WORDS) or LONE_SIZE.search(text) \
            or not any(not LEFT_OUT.search(text[:m.start()]) for m in INCLUDED.finditer(text)):
        return ()
    named = tuple(k for k, words in STORAGE_WORDS if words.search(text))
    return named or ("volume", "object-storage")


@one_message.per_message  # the parser asks it of the message three times (the setup, the extras, the count)
def nodes(text: str) -> int | None:
    """How many nodes the setup spans; the machine a repeat purchase buys ("同账户再买一台", "第二台") is the same
    setup bought again, not a node of this one."""
    m = NODES.search(REPEAT.sub(" ", text) if "台" in text else text)
    if not m:
        return None
    if m.group(2):
        return 2
    return _NODE_WORDS.get(m.group(1).lower()) or int(m.group(1))


# what else a setup needs, asked: "要加啥", "还需要什么", "得加什么", "what else do I need", "anything extra"
NEEDS_ASKED = lazy(r"(?:要|需要|得|还要|还得|另外)\s*(?:加|配|买|添)?\s*(?:啥|什么|哪些|点啥)|加\s*(?:啥|什么|点啥)"
                   r"|what\s+else|anything\s+(?:else|extra)|what\s+(?:do\s+)?(?:i|we)\s+(?:also\s+)?need|what\s+(?:needs|has)\s+to\s+be\s+added"
                   r"|what\s+(?:to|should\s+(?:i|we))\s+add|extras?\s+needed", re.I)


# a price asked with it: "要加啥 多少钱" prices what is added; "要配啥互联" alone asks which link (the FAQ's answer)
PRICE_WORDS = lazy(r"多少钱|多钱|啥价|什么价|价格|价钱|费用|花多少|how\s+much|cost|price", re.I)


def infiniband(text: str, nodes: int | None = None) -> bool | None:
    """True when InfiniBand is asked for, False when refused, None when not said. Asked what else two
    nodes or more need and what it costs ("双节点8卡h100 要加啥 多少钱"), the link between them is priced too."""
    if NO_INFINIBAND.search(text):
        return False
    needs_priced = (nodes or 0) > 1 and NEEDS_ASKED.search(text) and PRICE_WORDS.search(text)
    return True if INFINIBAND.search(text) or needs_priced else None


def annual(text: str) -> bool:
    return bool(ANNUAL.search(text))


# a rental's total shared out per month ("年付一年多少 平均每月多少", "折合每月", "月均", "yearly, and per month on
# average?", "what does that work out to a month"); "合计" is a total, never a share
MONTH_AVERAGE = lazy(r"(?:平均|折合|均摊|平摊|摊)(?:到|下来)?\s*(?:每个?月|(?:一|1)\s*个月|每月|月)|(?:每个?月|(?:一|1)\s*个月)\s*(?:平均|折合|摊|合(?!计))|月均"
                     r"|按月\s*(?:摊|平摊|均摊|折合?|平均)"
                     r"|\b(?:per|a|each)\s+month\s+(?:on\s+average|equivalent)\b|\bon\s+average\b[^.?!]{0,20}?\b(?:per|a|each)\s+month\b"
                     r"|\baverage[sd]?\b[^.?!]{0,20}?\b(?:per|a|each|by)\s+(?:the\s+)?month\b|\bmonthly\s+(?:average|equivalent)\b"
                     r"|\beffective(?:ly)?\s+(?:monthly|(?:per|a|each)\s+month)\b|\b(?:per|a|each)\s+month\s+effective(?:ly)?\b"
                     r"|\b(?:works?\s+out|comes?\s+to|spread|amorti[sz]\w*|broken\s+down)\b[^.?!]{0,30}?\b(?:per|a|each)\s+month\b"
                     # the same total said again per month ("即系每个月几多", "也就是每月多少", "so per month?", "i.e. monthly?")
                     r"|(?:即系|即是|也就是|就是说|相当于|等于|算下来|算起来)\s*(?:说)?\s*(?:每个?月|(?:一|1)\s*个月|月)"
                     r"|^\W*(?:so|i\.?e\.?|that'?s|that\s+is|which\s+is)\b[^.?!]{0,20}?(?:\b(?:per|a|each)\s+month\b|\bmonthly\b)",
                     re.I)


def month_average(text: str) -> bool:
    """Whether a rental's total is asked shared out per month (an annual prepay ÷ 12)."""
    return bool(MONTH_AVERAGE.search(text))


def repeat_purchase(text: str) -> bool:
    return bool(REPEAT.search(text))


def display_currency(text: str) -> str | None:
    """The currency the user wants totals in ("用人民币算", "in USD")."""
    m = SHOW_CURRENCY.search(text)
    if not m:
        return None
    word = next(g for g in m.groups() if g).lower()
    return CURRENCY.get(word)


# What is left of a message that only names a term once the term, the currency and the asking words
# are out: "呢", "那", "how about", "then" (a follow-up's frame, no subject of its own).
# "大概多少", "roughly": an estimate asked is still only asking ("年付呢 大概多少")
_FRAME = lazy(r"^(?:[\s,.;:!?，。；：！？、]|呢|那|那么|的话|要|是|按|在|大概|大约|大致|估计|多少|\broughly\b|\bapprox\w*|\babout\b|\baround\b"
              r"|how\s+about|what\s+about|and|then|instead|for\s+(?:it|that)|一共|总共|总计|\bin\s+total\b|\btotal\b|\bprepaid\b"
              r"|\bat\b|\bon\b|\bthe\b|\bestimated?\b|预估|估算|估计下?)*$", re.I)  # "at", "on", "在": where a provider was named ("monthly at gpuli?")


# a discount stated with its rate, or the discounted price asked ("年付85折的话", "打八五折", "折后", "with 15% off",
# "at the 15% discount", "discounted"): how the term is paid, priced with the discount the provider gives that term
STATED_DISCOUNT = lazy(r"(?:打(?:完|了)?\s*)?(?:\d{1,2}(?:\.\d)?|[一二三四五六七八九]{1,2})\s*折(?:优惠)?(?:\s*(?:之后|以后|后))?"
                       r"|打(?:完|了)?折(?:之后|以后|后)?|折后|优惠(?:之后|以后|后)|按折扣"
                       r"|(?:once|when|with)\s+(?:the\s+)?discount(?:'s|\s+is)?\s+applied"
                       r"|(?:with|at|after|minus)?\s*(?:the|a)?\s*\d{1,2}(?:\.\d+)?\s*(?:%|percent)\s*(?:off|discount)"
                       r"|(?:with|after)\s+(?:the\s+)?discount|discounted", re.I)


def term_only(rest: str) -> bool:
    """Whether `rest` (a message with its lengths, annual words and asks taken out) is only a
    follow-up's frame: "年付呢，要多少人民币", "weekly?", "how about yearly, in CNY", "年付85折的话一年多少" change
    the term of the last answer; "年付有折扣吗" keeps a subject (折扣, with no rate) and is a question of its own."""
    return bool(_FRAME.match(STATED_DISCOUNT.sub(" ", ANNUAL.sub(" ", rest))))


def rents_count(provider_id: str, count: int) -> bool:
    """Whether the provider rents a setup of `count` cards as one machine."""
    return any(o.count == count for o in provider_entry(provider_id).offers)


# What is left of a message that only changes the rental's length, once the length and the asking words
# are out: "only need", "就用", "我们只需要", "anything cheaper", "有没有更便宜的" (how long it is needed, and
# whether that length rents for less), a trial said of it ("先 try 一周", "先试一周", "try a week first"), no subject
# of its own.
_LENGTH_FRAME = lazy(
    r"^(?:[\W_]|呢|那|那么|就|只|只要|只需|只需要|需要|要|用|租|我们|我|其实|实际上?|够了|就够了|的话|的|了|跑|训练|一下|如果|要是|假如|假设"
    r"|有没有|还有|有|更|比较|便宜|便宜点|便宜些|划算|省钱?|点|些|方案|选择|选项|吗|么|嘛|先|试试?|试用|试一?下|试水"
    r"|only|just|need|needs|we|i|it|actually|then|so|ok|okay|for|rent|renting|use|using|run|try|trial|first|test|let'?s|we'?ll|i'?ll|will|gonna"
    r"|anything|something|any|options?|choices?|deals?|cheaper|cheapest|less|expensive|a|the|instead|what|about|how|and|to|if|say|suppose)*$",
    re.I)


def length_only(rest: str) -> bool:
    """Whether `rest` (a message with its lengths and asks taken out) only says how long the rental is
    now needed and maybe asks for something cheaper: "only need two days, anything cheaper?", "就用三天，
    有便宜点的吗", "just 36 hours" re-price the last answer for that length; "两天能训完吗" keeps a
    subject (训完) and is a question of its own."""
    return bool(_LENGTH_FRAME.match(rest))


# "30 GPU-hours", "100 卡时", "200 card hours": an amount of card time, not a rate asked ("每卡时多少")
CARD_HOURS = lazy(r"(?<![\d.])(\d+(?:\.\d+)?)\s*(?:个\s*)?(?:(?:gpu|card)[\s-]*(?:hours?|hrs?|h)\b|卡时|卡小时|(?:gpu|显卡)\s*小时)")


def card_hours(text: str, count: int | None) -> float | None:
    """The rental's hours when the length is stated as card time: "Need ~30 GPU-hours on an A6000" is 30
    hours on one card, "4 张 4090 一共 200 卡时" 50 hours on each of four; None when none is stated."""
    m = CARD_HOURS.search(text)
    return float(m.group(1)) / (count or 1) if m else None


# what an add-on adds, asked: "每月加多少", "要多花多少", "贵多少", "how much extra", "how much more a month",
# "what does it add" (never "加多少张卡": a count, which names no add-on)
ADDED_ASKED = lazy(r"加\s*(?:多少|几)(?!\s*[张块台卡个])|多\s*(?:花|出|付|掏|收)\s*(?:多少|几)|贵\s*(?:多少|几)|额外\s*(?:多少|要|花|收)"
                   r"|\bhow\s+much\s+(?:more|extra)\b|\bextra\s+(?:cost|charge|per\s+month|a\s+month)\b|\badds?\s+how\s+much\b"
                   r"|\bwhat\s+(?:does|would|do)\s+(?:it|that|they|the\s+\w+(?:\s+\w+)?)\s+add\b|\bhow\s+much\s+(?:does|would|do)\s+(?:it|that|they|the\s+\w+(?:\s+\w+)?)\s+add\b", re.I)


def asks_added(text: str) -> bool:
    """Whether `text` asks what its add-ons add to the rental (see ADDED_ASKED)."""
    return bool(ADDED_ASKED.search(text))
