"""A card's vendor facts asked ("H100 SXM vs A100 SXM 的 NVLink 带宽多少", "what is the memory bandwidth of
an a100?", "4090 支持 FP8 吗", "H100 算力多少"): answered from the GPU catalog (catalogs/gpus.yaml), never
with a price list or an FAQ entry on network bandwidth.

Why its own reader: the message names cards and little else, so it parsed as those cards' prices; the
word "带宽" alone pulled the FAQ entry on egress traffic. Read once from the normalized text with the
other asks (bot.understand.asks); the answer needs a card named and no job (bot.core.router).
"""

from __future__ import annotations

import re

from bot.understand.entities import find_gpus, find_provider
from bot.understand.lazy import lazy

_BANDWIDTH = r"(?:带宽|bandwidth|\bbw\b|速度|速率|speed|多快|how\s+fast|gb/s)"
_LINK = r"(?:nvlink|nvswitch|xgmi|互联|互连|卡间|卡与卡之间|interconnect|gpu[\s-]*to[\s-]*gpu)"
_MEMORY = r"(?:显存|内存|访存|hbm\d?e?|gddr\d?x?|memory|mem|vram)"
# the facts a message can ask, in the order a reply gives them: (key, pattern)
SPECS = (
    # whether the card is one its vendor released or a third party's modification ("4090 48G 是官方的吗", "is the
    # 4090 48GB a genuine nvidia card", "这卡是不是魔改的"); a price or an image asked of it is not this ("官方价格")
    ("modded", lazy(r"(?:官方|原厂|原装|正版|公版|正规|原版)(?!\s*(?:价|报价|镜像|驱动|文档|网|渠道|售价|定价|教程|客服))"
                    r"|是不是\s*(?:魔改|改装|改版)|是\s*(?:魔改|改装|改版)|(?:魔改|改装|改版)\s*(?:的|过)?\s*(?:吗|么|嘛|不|没)"
                    r"|\b(?:official(?:ly)?|genuine|legit(?:imate)?|bootleg|counterfeit)\b|\b(?:real|stock|factory)\s+(?:nvidia|amd)\b"
                    r"|\b(?:made|released|sold)\s+by\s+(?:nvidia|amd)\b|\b(?:nvidia|amd)[\s-]made\b"
                    r"|\bis\s+(?:it|the|this|that)\b.{0,40}\b(?:modded|modified)\b|\b(?:modded|modified)\s*(?:\?|or\b)", re.IGNORECASE)),
    # its memory size ("4090 显存多大", "h100 的显存是多少G", "how much memory does a 4090 have", "vram of an a100"),
    # of each card named in turn as well ("a100 和 l40s 显存各是多少")
    # not its bandwidth ("显存带宽多少") nor a job's need (that names a model: bot.core.several.spec_asked)
    ("memory_gb", lazy(r"(?:显存|vram)\s*(?:容量|大小)?\s*(?:分别|各自|各)?\s*(?:是|有)?\s*(?:多大|多少\s*(?:g|gb)?(?!(?:的\s*)?(?:带宽|bandwidth))|几\s*g|容量|大小)"
                       r"|(?:多大|多少\s*g?b?|几\s*g)\s*(?:的)?\s*显存(?!\s*带宽)"
                       r"|how\s+much\s+(?:gpu\s+)?(?:memory|vram)\s+(?:does|do|is\s+(?:on|in)|on|in)\b(?!.*\b(?:need|needs|take|takes|use|uses)\b)"
                       # the amount alone, at the end of its clause ("does the l40s have nvlink and how much vram")
                       r"|how\s+much\s+(?:gpu\s+)?(?:memory|vram)\s*(?:[?？.]|$)"
                       r"|总\s*显存|显存\s*总(?:共|量|计|和)|\btotal\s+(?:gpu\s+)?(?:vram|memory)\b|\b(?:vram|gpu\s+memory)\s+(?:in\s+)?total\b"
                       r"|(?:memory|vram)\s+(?:size|capacity)|(?:what(?:'s|s|\s+is)|how\s+big\s+is)\s+(?:the\s+)?(?:vram|memory)\b(?!\s*bandwidth)", re.IGNORECASE)),
    ("interconnect_gbs", lazy(rf"{_LINK}\s*(?:的\s*)?{_BANDWIDTH}|{_BANDWIDTH}.{{0,6}}(?:of|for)?\s*{_LINK}"
                              rf"|{_LINK}\s*(?:的\s*)?(?:是|有)?\s*(?:多少|多快)|how\s+fast\s+is\s+(?:the\s+|its\s+)?{_LINK}", re.IGNORECASE)),
    ("bandwidth_gbs", lazy(rf"{_MEMORY}\s*(?:的\s*)?{_BANDWIDTH}|{_BANDWIDTH}\s*(?:of|for)?\s*(?:the\s+)?{_MEMORY}", re.IGNORECASE)),
    ("fp8_tflops", lazy(r"\bfp8\b", re.IGNORECASE)),
    # the card's compute, not "算力租赁 / 算力平台 / 算力预算" (renting compute: a price or budget question)
    ("bf16_tflops", lazy(r"算力(?!\s*(?:租|平台|资源|预算|费|成本|服务|供应|采购|券|中心|市场|池|开支|支出|经费))|t?flops\b|compute\s+power|\bbf16\s*(?:性能|吞吐|throughput|performance)", re.IGNORECASE)),
)


# the card's memory named in one clause and its amount asked of the card in another ("whats vram and how much does an
# a6000 have", "显存是啥 a6000 有多少"): how much the card has of what the message is about
_MEMORY_WORD = lazy(r"显存|\bvram\b|\bgpu\s+memory\b", re.IGNORECASE)
_HAS_HOW_MUCH = lazy(r"how\s+much\s+(?:does|do|did)\s+(?:an?\s+|the\s+|each\s+)?[\w\s-]{1,24}?\s+(?:have|has|get|come\s+with)\b"
                     r"|(?:有|带)\s*(?:多少|多大|几\s*g)(?!\s*(?:钱|块|刀|元))", re.IGNORECASE)


# bandwidth asked with no word of memory or links: a card's own bandwidth is its memory's ("4090 显存多大 带宽多少",
# "4090 带宽多少"), unless the network is what is asked (egress, public uplink, Gbps: the FAQ's)
_BARE_BANDWIDTH = lazy(r"带宽|\bbandwidth\b|\bbw\b", re.IGNORECASE)
_NETWORK = lazy(r"流量|出口|公网|网络|网速|上行|下行|独享|共享|收费|计费|egress|ingress|internet|network|traffic|upload|download"
                r"|\d\s*[gm]bps|\b[gm]bps\b|\bbgp\b|charge|\bbill", re.IGNORECASE)

# the machine's own memory (host RAM), not the card's: "gpuli 8卡 h100 那台机器 内存多大", "实例内存", "ram of the server"
_HOST = lazy(r"机器|实例|服务器|整机|主机|节点|内存|\b(?:machine|instance|server|node|host|box|ram|system\s+memory)\b", re.IGNORECASE)


# how two cards differ, no fact named ("a800 跟 a100 有啥区别", "what's the difference between the h800 and h100"):
# every catalog fact, the largest difference first (bot.views.card_spec); only with two cards named (bot.core.several)
_DIFFERENCE = lazy(r"区别|差别|差异|不同|不一样|有啥差|有什么差|差在(?:哪|什么|啥)|差哪|\bsets?\b.{1,30}\bapart\b|\bdiffer(?:ence|ences|ent)?\b|\bvs\.?\s*$|\bcompare[ds]?\b", re.IGNORECASE)
DIFFERENCE_SPECS = ("memory_gb", "bandwidth_gbs", "interconnect_gbs", "bf16_tflops", "fp8_tflops")
_NOT_CARDS = lazy(r"价|钱|租|费|小时|包周|包月|cost|price|rent|hour|\bday|week|month|\$|¥|₮|lora|全参|微调|训练|fine[\s-]*tun|train|推理|serv|infer", re.IGNORECASE)


# a price's own standing ("official list price or an estimate?", "官方报价"): the prices' question, not the card's origin
_PRICED = lazy(r"价|钱|费|租|估|\b(?:price[ds]?|pricing|list|estimated?|quote[ds]?|rates?|cost|rent\w*|image|driver|docs?|site|website)\b", re.IGNORECASE)


# whether a precision is worth using ("is FP8 worth it for finetuning?", "微调值得上 fp8 吗"): advice, not a card's figure
_WORTH = lazy(r"值得|值不值|要不要|有没有必要|有必要|划算|\bworth\b|\bbother\b|\bshould\s+(?:we|i)\b|\bis\s+it\s+(?:a\s+good|wise)", re.IGNORECASE)


def specs_asked(norm: str) -> tuple[str, ...]:
    """The catalog facts the message asks of a card, by their catalog field ("memory_gb", "interconnect_gbs",
    "bandwidth_gbs", "fp8_tflops", "bf16_tflops"); () when it asks none."""
    asked = tuple(key for key, pattern in SPECS if pattern.search(norm) and not (key == "memory_gb" and _HOST.search(norm))
                  and not (key == "fp8_tflops" and _WORTH.search(norm)) and not (key == "modded" and _PRICED.search(norm)))
    if "memory_gb" not in asked and _MEMORY_WORD.search(norm) and _HAS_HOW_MUCH.search(norm) and not _HOST.search(norm):
        asked = ("memory_gb", *asked)
    # a bare bandwidth at a provider is the network it sells ("how much bandwidth does the a100 40g get at yiwan"):
    # the card's memory bandwidth is the same wherever it is rented
    if not {"bandwidth_gbs", "interconnect_gbs"} & set(asked) and _BARE_BANDWIDTH.search(norm) and not _NETWORK.search(norm) \
            and find_provider(norm) is None:
        asked = (*asked, "bandwidth_gbs")
    if not asked and _DIFFERENCE.search(norm) and not _NOT_CARDS.search(norm) and find_provider(norm) is None \
            and len({g.ident for g in find_gpus(norm)}) >= 2:
        asked = DIFFERENCE_SPECS
    return asked


# the machine's RAM asked (not the card's memory): "内存多大" (显存 is the card's), "how much RAM", "system memory"
_HOST_RAM = lazy(r"(?<!显)内存|\bram\b|\b(?:system|host|cpu)\s+memory\b", re.IGNORECASE)


def host_ram_asked(norm: str) -> bool:
    """Whether the message asks the RAM of the machine the cards sit in ("一万网络 h100 8卡 机器 内存多大")."""
    return bool(_HOST_RAM.search(norm))
