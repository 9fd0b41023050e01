"""The words of a short follow-up that the follow-up readers of bot/core weigh against the last answer,
read once by the parser into `Cues` (bot.understand.cues): whether a fit is asked in a follow-up's frame
("够吗", "so one h100 works?"), which card is asked for ("那用啥卡", "which card then"), a cheaper one asked
("有更便宜的吗", "any cheaper option?"), which of two is cheaper ("哪个更划算", "which one is cheaper?"), a card's
memory said alone ("48g 跑 12 小时呢", "the 48 gb one"), an upgrade referred to ("升级后一个月多少", "with the
upgrade"), what else machines need ("除了卡还要准备啥", "what else do I pay for"), and the figures beside cards.

Why here: these used to be read again from the raw text in bot/core after the parse, each with its own
patterns; a phrasing could then be read one way by the parser and another way downstream. The answering
side now takes only the parsed value, and the turn before it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.understand.clause_marks import FITS
from bot.understand.entities import find_gpus, find_provider
from bot.understand.follow_frame import frame_only
from bot.understand.lazy import lazy
from bot.understand.normalize import normalize
from bot.understand.rental_extras import CURRENCY, NEEDS_ASKED

# a question of its own, not whether "it will do" ("what does a higher rank do?")
WH_QUESTION = lazy(r"\s*(?:what|how|why|which|who|when|where)\b|\s*(?:什么|为什么|为啥|怎么|如何)", re.IGNORECASE)
WORKS = lazy(r"\bworks?\b")
# room asked of a card in a follow-up's frame ("one h200 roomy?", "一张 h200 宽裕吗"): its fit, with the room it leaves
ROOMY = lazy(r"\broom(?:y|ier)\b|\benough\s+room\b|宽裕|宽松|富余|绰绰有余", re.IGNORECASE)
# what a yes-or-no on a fit says around the card and count: "will it", "单卡", "a single", "works"
FIT_AROUND = lazy(r"\bworks?\b|\bwill\b|\bwould\b|\bdoes\b|\bdo\b|\bcan\b|\bsingle\b|\bgpus?\b|\bcards?\b|单卡|单张|一张|一块"
                  r"|一卡|张|块|卡|吗|呢|了|就|那|所以|这样|\bthen\b|\bso\b|\bjust\b|\bthat\b", re.IGNORECASE)
# a fit's question typed with its tail clipped ("够不", "行么", "够没", "放得下不"): the same yes or no as "够吗";
# never "不够" (a word before the fit's, a statement)
CLIPPED_ASK = lazy(r"(?<=[够行下动])\s*(?:不|么|没|否)(?=\W*$)")
# the count beside a card, once the card is out ("8卡", "8 x", "2 张", "two …s", "8 gpus of"): the setup's own words
COUNTED = lazy(r"(?<![\w.])\d+\s*(?:x|×|\*)?(?![\w.])|(?<![\w.])\d+\s*(?=[张块卡台])|[张块台]|卡|\b(?:s|cards?|gpus?|of)\b", re.I)
BARE_FIGURE = lazy(r"(?<![\w.])\d+(?![\w.])")  # "so one h100 works?": the count, written as a figure by the normalizer
# a card asked for the job just sized: "which card then", "那用啥卡", "what gpu should i use instead"
# ... or what to use, alone ("那用啥", "该选什么", "what should we use then"): after a job, the card (setup) to use
WHICH_CARD = lazy(r"(?:什么|啥|哪张|哪种|哪款|哪个)\s*(?:卡|gpu|显卡)|\b(?:which|what)\s+(?:cards?|gpus?)\b"
                  r"|(?:用|选|上|租|换)\s*(?:什么|啥|哪个|哪种)\s*(?:卡|gpu|显卡)?|\bwhat\s+(?:should|do|would|can)\s+(?:we|i)\s+(?:use|pick|rent|get)\b"
                  r"|\bwhat\s+to\s+(?:use|pick|rent)\b", re.IGNORECASE)
AROUND_WHICH = lazy(r"应该|需要|要|得|该|推荐|\bneed\b|选|租|用|换|改|那|呢|吧|好|\bshould\b|\bwould\b|\bdo\b|\bcan\b|\bi\b|\bwe\b|\byou\b|\buse\b|\bpick\b"
                    r"|\b(?:choose|recommend|suggest|get|go\s+(?:for|with))\b|建议|挑|你们?|会"
                    r"|\brent\b|\bthen\b|\binstead\b|\bso\b|\bok\b|\bokay\b|\bfits?\b|\bworks?\b|\bholds?\b|\bit\b"
                    r"|\bis\b|\broom(?:y|ier)\b|宽裕|宽松|富余|\bfor\s+(?:that|this|it|the\s+job)\b|跑这个|训这个"  # "which card do I rent for that"
                    # "不行的话换啥", "if not, what should I get": the verdict before was no
                    r"|(?:不行|不够|装不下|放不下)的话|\bif\s+not\b|\botherwise\b", re.IGNORECASE)  # "which card is roomy instead?"
# what the card asked for may be asked with: where, and its price ("which card then and monthly price at gpuli",
# "那用啥卡 gpuli 包月多少"); the sizing that answers names the card's price
WHICH_WITH = lazy(r"\b(?:and|at|on|the|its|price|prices|cost|how\s+much|monthly|weekly|hourly|per\s+(?:month|week|hour))\b"
                  r"|还有|在|的|价格|多少钱|多少|包月|包周|月租|周租|一个月|一周", re.IGNORECASE)
# a cheaper one asked for, compared with the answer ("有更便宜的吗", "便宜点的呢", "有没有省钱点的", "any cheaper
# option?", "something less expensive"); never "便宜吗" (is it cheap) nor a length ("就用三天，有便宜点的吗": that span re-priced)
CHEAPER = lazy(r"更\s*(?:便宜|划算|省钱?)|(?<!最)便宜\s*(?:点|些|一点|一些)|(?<!最)便宜的|(?:省钱?|实惠)\s*(?:点|些|一点|一些)的?"
               r"|\bcheaper\b|less\s+expensive|lower[-\s]+priced|more\s+affordable|\bcheaper?\s+(?:option|card|one|setup)", re.I)
# whether one exists is asked ("is there a less expensive card", "有没有便宜点的"), not an option of the answer picked
EXISTS = lazy(r"有没有|还有|有.{0,8}[吗嘛么]|\b(?:is|are)\s+there\b|\bany(?:thing)?\b|\bsomething\b", re.I)
# which of the two cards just priced costs less ("哪个便宜", "哪个更划算", "which one is cheaper?", "which is the better
# deal"): the two side by side, the difference leading, like "差多少"
WHICH_CHEAPER = lazy(r"哪(?:个|张|一个|款|种)\s*(?:更|比较|最)?\s*(?:便宜|划算|实惠|省钱?|值|性价比高)"
                     r"|\bwhich\b(?:\s+(?:one|card|of\s+(?:the|them|those)(?:\s+two)?))?\s+(?:is|'s)\s+(?:the\s+)?"
                     r"(?:cheaper|cheapest|better\s+(?:deal|value)|less\s+expensive)"
                     r"|\bwhich\b(?:\s+(?:one|card))?\s+costs?\s+less\b", re.I)
# two providers set against each other ("gpuli or cloudgpu cheaper?", "cloudgpu 和 gpuli 哪个便宜", "gpuli 还是 cloudgpu
# 便宜", "gpuli vs cloudgpu"): which rents it for less is asked, once the providers are out of the words either a
# word weighing cost or nothing but the word joining them is left
WEIGH_COST = lazy(r"便宜|划算|实惠|省钱?|花得?少|少花|性价比|\bcheap(?:er|est)?\b|less\s+expensive|costs?\s+less|better\s+(?:deal|value)"
                  r"|(?:哪|谁|更|最|比较)\s*(?:家|个|间|边)?\s*平(?!台|均|摊|方|时|常|稳)"  # 平: cheap, in Cantonese ("边间平啲")
                  r"|\bsave\b", re.I)
# a comparison asked without a measure ("比一下", "对比下", "compare"): of providers, on what they charge
COMPARE = lazy(r"对比|比较|比一?下|比比|\bcompare[ds]?\b|\bcomparison\b|\bvs\.?\b|\bversus\b", re.I)
# the words beside such a comparison that ask nothing of their own ("帮我", "想", "这边", "please", "the")
# ("numbers", "the figures", "算一下", "差多少": the comparison's amounts asked, still on what they charge)
COMPARE_FILLER = lazy(r"帮我|帮忙|麻烦|请|想要?|要|看看?|一下|下|的|这边|那边|我们|咱们|价格?|价钱|费用|多少钱?|数字|算一?算|差价|差多少"
                      r"|\b(?:numbers?|figures?|(?:the\s+)?math|price\s+difference|show)\b"
                      r"|\b(?:please|pls|can|could|you|we|i|want|to|on|at|of|about|let'?s|me|us|the|a|for|price[sd]?|pricing|costs?)\b", re.I)
EITHER = lazy(r"\b(?:or|vs|versus|and|then|which(?:\s+one)?|one)\b|还是|和|跟|与|或者?|对比|比较?|哪(?:个|家)|选|呢|吗|[?？,，.。!！:：/\s]",
              re.I)
# each provider's own way of billing said beside it ("cloudgpu per-minute or gpuli weekly?", "cloudgpu 按分钟还是 gpuli
# 包周"): how each one charges, still the two set against each other
BILLING_WAY = lazy(r"\b(?:per|by\s+the)[\s-]*(?:minute|hour|week|month)\b|\b(?:hourly|weekly|monthly|minutely)\b"
                   r"|按(?:分钟|小时|周|月)(?:计费|算|付)?|包(?:周|月)|(?:周|月)租|时租", re.I)
# a card's memory said alone ("48g", "80GB 的", "the 48 gb one"): not a storage, host memory, data or weights
LONE_MEMORY = lazy(r"(?<![\d.])(\d{2,3})\s*(?:g|gb|gib)(?![a-z0-9])(?!\s*(?:的)?\s*(?:存储|内存|硬盘|磁盘|盘|对象|流量|数据|语料|权重|模型"
                   r"|ram\b|memory\b|storage\b|volume|disk|ssd|egress|data|corpus|weights|checkpoint|of\s+(?:ram|memory|storage|data)))",
                   re.I)
# a model series named without its size ("llama 3.3", "qwen2.5"): the job before's size decides the model
SERIES = lazy(r"(?<![a-z])(llama|qwen|gemma|internlm|yi|phi)[\s-]?(\d+(?:\.\d+)?)(?![\d.])(?![\s-]*\d*(?:\.\d+)?\s*b(?![a-z]))"
              r"(?![a-z0-9])", re.I)
# a card's form said alone ("the SXM version", "PCIe 的呢"): the other form of the card just named
LONE_FORM = lazy(r"(?<![a-z0-9])(sxm|pcie)\d?(?![a-z])", re.I)
# an upgrade referred to without naming it ("升级后", "加上之后", "with the upgrade", "upgraded"): the one just asked about
UPGRADE_REFERRED = lazy(r"升级|升了|加上|加了|扩容|\bupgrad(?:e|ed|ing)\b|\bwith\s+(?:that|it|those|them)\b", re.I)
CPU_WORDS = lazy(r"cpu|核|\bcores?\b|vcpu", re.I)
RAM_WORDS = lazy(r"内存|\bram\b|\bmemory\b", re.I)
# what else, or what more to pay, asked of a setup beside its cards
EXTRA_ASKED = lazy(r"除了|还要|还得|还需|额外|另外|多付|加钱|准备(?:啥|什么|哪些)"
                   r"|\bextras?\b|\bbesides\b|\bin\s+addition\b|\bon\s+top\b|\bwhat\s+else\b|\banything\s+else\b", re.I)
# a card pointed back at: "这张卡", "那块卡", "this card", "that GPU" (the card is the one the last turn named)
# the setup just shown named by its card count: "那个 8 卡的", "8卡那台", "the 8-card one", "the 8 gpu box"
SETUP_REF = lazy(r"(?:那|这)?\s*(?:个|台)?\s*\d+\s*(?:张)?卡\s*的?\s*(?:机器|机子|服务器|那台|那个)?"
                 r"|\b(?:the|that|this)\s+\d+[\s-]*(?:cards?|gpus?)\s*(?:one|box|machine|node|setup|server)?\b", re.IGNORECASE)
# an amount asked of the answer before, in nothing but asking words ("多少钱", "多少", "price?", "how much is it",
# "费用呢"), maybe in a currency said alone ("人民币吧?", "rmb pls", "算人民币"): that answer priced again (in it)
AMOUNT_WORDS = lazy(r"多少钱?|几多钱|价格|价钱|费用|报价|什么价|啥价|要花|花费|\bhow\s+much\b|\bprices?\b|\bcosts?\b|\bpricing\b"
                    r"|\bquote\b|\btotal\b", re.I)
# a currency's sign said alone is its name ("¥ 多少", "$?", "₮ 呢"): the figure again in that currency
CURRENCY_WORDS = lazy(r"(人民币|rmb|cny|美元|美金|usdt|usd|(?<![a-z])u(?![a-z])|dollars?|yuan|刀|[¥￥$₮]|(?<![美日欧港])元)", re.I)
SIGNS = {"¥": "CNY", "￥": "CNY", "元": "CNY", "$": "USD", "₮": "USDT"}
AMOUNT_FRAME = lazy(r"算|按|折合|换算成?|大概|大约|一共|总共|是|要|得|呢|吧|呀|啊|哦|嗯|那|那么|就|的|了|吗|么|嘛|给|用|付|计|我|我们|下"
                    r"|\b(?:what'?s|whats|what|is|it|that|this|the|in|so|then|ok|okay|pls|please|plz|and|would|be|will|do|does"
                    r"|roughly|about|approx|total|again|for|me|us|one|of|show|give|say)\b", re.I)
# a count of the card before said alone, beside a question of it ("两张的话 有 nvlink 吗", "with two of them, is there
# nvlink?", "2 cards of it, zero-3 ok?"): the setup the question is asked of, no word of its topic
COUNT_OF_CARD = lazy(r"(?:要是|如果|假如)?\s*(?:\d+|[两二三四五六七八九十])\s*(?:张|块|个|台)(?:卡|显卡)?\s*(?:的话|一起|一组|的)?"
                     r"|\b(?:with|for|if\s+(?:we|i)\s+(?:get|rent|use))?\s*(?:\d+|two|three|four|eight)\s+"
                     r"(?:of\s+(?:them|those|these|it)|(?:cards?|gpus?)(?:\s+of\s+(?:them|those|it))?)\b", re.IGNORECASE)
THIS_CARD = lazy(r"(?:这|那|该)(?:张|块|个)?(?:卡|显卡|gpu)|\b(?:this|that|the\s+same)\s+(?:card|gpu)\b", re.IGNORECASE)


@dataclass(frozen=True)
class CardFrames:
    """What is left of a message once the cards it names are taken out (a card's own digits state no change)."""

    figures: bool = False  # a figure is left ("那个 4090 跑 3 天"), so the message states something of its own
    frame: bool = False  # nothing but a follow-up's frame is left ("what if a100 sxm instead")
    fit: bool = False  # a fit asked in a frame ("4090 够吗", "so an h100 works?"), every figure kept
    fit_counted: bool = False  # the same with a bare figure taken as the count stated ("so one h100 works?")
    counted: bool = False  # nothing but a frame beside the cards and their count ("8卡h100的话", "two a100s then?")
    memory: bool = False  # no card named, a card's memory in a fit's or a change's frame ("一张 48G 的行不行", "what about one 48GB card?")


def without_cards(norm: str) -> str:
    """The normalized message with the cards it names taken out."""
    for g in sorted(find_gpus(norm), key=lambda g: -g.start):
        norm = norm[:g.start] + " " + norm[g.end:]
    return norm


def card_frames(norm: str, short: bool) -> CardFrames:
    """The frames of `norm` without its cards; the fit and frame readings only of a short message (a follow-up)."""
    if not short and not any(ch.isdigit() for ch in norm):
        return CardFrames()
    rest = without_cards(norm)
    figures = any(ch.isdigit() for ch in rest)
    if not short:
        return CardFrames(figures=figures)
    fit = fit_counted = False
    rest = CLIPPED_ASK.sub("吗", rest)
    if not WH_QUESTION.match(rest) and (FITS.search(rest) or WORKS.search(rest) or ROOMY.search(rest)):
        around = FIT_AROUND.sub(" ", FITS.sub(" ", ROOMY.sub(" ", rest)))
        fit, fit_counted = frame_only(around), frame_only(BARE_FIGURE.sub(" ", around))
    counted = figures and frame_only(COUNTED.sub(" ", rest))
    return CardFrames(figures=figures, frame=frame_only(rest), fit=fit, fit_counted=fit_counted, counted=counted,
                      memory=rest == norm and memory_frame(rest))


# what is said around a card given by its memory alone ("48G 的卡", "one 48GB card", "a 48 gig one")
EITHER_WAY = lazy(r"(够|行|可以)不\1")  # "够不够", "行不行": one fit asked both ways
MEMORY_AROUND = lazy(r"显存|显卡|的卡|卡|\b(?:cards?|gpus?|ones?|vram|gig)\b", re.IGNORECASE)


def memory_frame(rest: str) -> bool:
    """Whether `rest` names one card by its memory and asks nothing else of it than whether it holds the job or
    what of it ("一张 48G 的行不行", "48g 够吗", "what about one 48GB card?", "would a 48gb card do?")."""
    if len(LONE_MEMORY.findall(rest)) != 1:
        return False
    left = EITHER_WAY.sub(" 够 ", MEMORY_AROUND.sub(" ", LONE_MEMORY.sub(" ", rest)))
    if not (FITS.search(left) or WORKS.search(left) or ROOMY.search(left)):
        return frame_only(BARE_FIGURE.sub(" ", left))  # "what about one 48GB card?": the card put to the job, as a swap is
    return frame_only(BARE_FIGURE.sub(" ", FIT_AROUND.sub(" ", FITS.sub(" ", ROOMY.sub(" ", left)))))


def which_card(norm: str) -> bool:
    """"which card then", "那用啥卡": a card asked for, in nothing but a follow-up's frame."""
    if not WHICH_CARD.search(norm):
        return False
    where = find_provider(norm)
    rest = f"{norm[:where.start]} {norm[where.end:]}" if where is not None else norm
    return frame_only(WHICH_WITH.sub(" ", AROUND_WHICH.sub(" ", WHICH_CARD.sub(" ", rest))))


def cheaper_said(raw: str) -> tuple[bool, bool]:
    """(a cheaper one asked for, whether one exists asked) of the message's own words."""
    return bool(CHEAPER.search(raw)), bool(EXISTS.search(raw))


# a memory figure asked to be got under ("does it drop below 80 GB?", "能压到 24G 以下吗", "under 48gb?")
UNDER_GB = lazy(r"(?:\bbelow|\bunder|\bless\s+than|\bwithin|低于|小于|少于|不到|降到|压到|控制在)\s*(\d+(?:\.\d+)?)\s*(?:gb|gib|g)\b"
                r"|(\d+(?:\.\d+)?)\s*(?:gb|gib|g)\s*(?:以下|以内)", re.I)


def under_memory(norm: str) -> float | None:
    """The memory a job is asked to be got under, when one figure is named so; None otherwise."""
    found = {float(m.group(1) or m.group(2)) for m in UNDER_GB.finditer(norm)}
    return found.pop() if len(found) == 1 else None


def lone_memory(norm: str) -> str | None:
    """The one card memory size said alone ("48g 跑 12 小时呢": "48"), None for none or several."""
    sizes = {m.group(1) for m in LONE_MEMORY.finditer(norm)}
    return sizes.pop() if len(sizes) == 1 else None


def series_named(norm: str) -> str | None:
    """A model series named without its size ("llama 3.3", "qwen2.5 的", "gemma-3"), compacted ("llama3.3"); None
    for none, several, or one said with its size ("qwen2.5-7b": a model of its own)."""
    found = {f"{m.group(1)}{m.group(2)}".lower() for m in SERIES.finditer(norm)}
    return found.pop() if len(found) == 1 else None


def lone_form(norm: str) -> str | None:
    """The one card form said alone ("sxm", "pcie"), None for none or both."""
    forms = {m.group(1).lower() for m in LONE_FORM.finditer(norm)}
    return forms.pop() if len(forms) == 1 else None


def upgrades_named(question: str) -> dict[str, int]:
    """The upgrades a question about add-ons named ("cpu 要不要升级": the 16-core CPU; "内存能加吗": 128 GB RAM)."""
    named = normalize(question)
    return {k: 1 for k, words in (("cpu-16c", CPU_WORDS), ("ram-128g", RAM_WORDS)) if words.search(named)}


# whether one machine will do or the job must span several is asked ("单机 8 卡够还是得多机", "is one node enough",
# "do we need multi-node?"): more than one machine named as the alternative, or one machine with "enough"
MULTI_NODE = lazy(r"多机|多节点|多台(?:机器)?|跨机|跨节点|multi[\s-]*node|multiple\s+(?:nodes|machines|servers|boxes)|(?:more|several)\s+(?:nodes|machines)")
ONE_NODE_ENOUGH = lazy(r"(?:1机|[1一]\s*台|单节点|[1一]\s*个\s*节点|\b(?:one|single|a\s+single|1)\s+(?:node|machine|box|server)).{0,16}?(?:够|enough|suffice|do\b|ok\b)")


def one_node_asked(norm: str) -> bool:
    """Whether the message asks if one machine is enough or the job needs several."""
    return bool(MULTI_NODE.search(norm) or ONE_NODE_ENOUGH.search(norm))


# machines added to the setup just answered ("再加一个节点呢", "多加两台", "add another node?", "one more machine"): how many
# more; a node count said outright ("两台呢") is rental_extras.nodes, read as it stands
NODES_ADDED = lazy(r"(?:再|多)\s*(?:加|添|来|上)?\s*(\d)\s*(?:个)?\s*(?:节点|台)|(?:加|添)\s*(\d)\s*(?:个)?\s*(?:节点|台)"
                   r"|\b(?:add\s+|adding\s+|with\s+)?(another|an?\s+(?:extra|additional)|(\d|one|two|three)\s+(?:more|extra|additional))"
                   r"\s+(?:nodes?|machines?|box(?:es)?|servers?)\b|\b(?:add|adding|plus)\s+(?:a|1)\s+(?:nodes?|machines?|servers?)\b"
                   # "and a second node with IB?": a node, never a second machine bought (a repeat purchase)
                   r"|\b(?:a\s+)?(?:second|2nd)\s+(?:nodes?)\b")


# the machines stated as the whole ("两台一共", "一共两台", "2 nodes in total"): the count asked, nothing added to it
NODES_IN_ALL = lazy(r"(?:\d|两|二|三|四)\s*(?:个\s*)?(?:节点|台)\s*(?:一共|总共|合计|共)|(?:一共|总共|合计|共)\s*(?:\d|两|二|三|四)\s*(?:个\s*)?(?:节点|台)"
                    r"|\b\d\s+(?:nodes?|machines?)\s+(?:in\s+)?total\b")


def nodes_added(norm: str) -> int | None:
    """How many machines a short message adds to the setup just answered, or None ("那加两节点 IB 呢 两台一共"
    states the whole, two machines: nothing is added)."""
    m = NODES_ADDED.search(norm)
    if m is None or NODES_IN_ALL.search(norm):
        return None
    said = m.group(1) or m.group(2) or m.group(4)
    return {"one": 1, "two": 2, "three": 3}.get(said, 0) or int(said) if said else 1


def extra_asked(norm: str) -> bool:
    """"除了卡还要准备啥", "what else do I pay for": what a setup needs beside its cards is asked."""
    return bool(NEEDS_ASKED.search(norm) or EXTRA_ASKED.search(norm))


def amount_only(norm: str) -> tuple[bool, str | None]:
    """(nothing but an amount or a currency asked, the currency named): "多少" / "how much?" / "人民币吧?" ask the
    last answer's figure again; "多少张", "充值多少钱" keep words of their own and ask something else."""
    currencies = {m.group(1).lower() for m in CURRENCY_WORDS.finditer(norm)}
    asked = bool(AMOUNT_WORDS.search(norm))
    if len(currencies) > 1 or not (asked or currencies):
        return False, None
    rest = AMOUNT_FRAME.sub(" ", CURRENCY_WORDS.sub(" ", AMOUNT_WORDS.sub(" ", norm)))
    if not frame_only(rest):
        return False, None
    named = next(iter(currencies), None)
    return True, None if named is None else "USD" if named in ("dollar", "dollars", "刀") else SIGNS.get(named) or CURRENCY[named]


def without_card_pointer(text: str) -> str:
    """`text` with a pointer at the card before ("这张卡", "this card") taken out, for a FAQ lookup of its question."""
    return THIS_CARD.sub(" ", text)


def providers_weighed(frame: str, named: int) -> bool:
    """Whether a message naming `named` providers sets them against each other on cost; `frame` is its words
    with the providers taken out ("or cheaper?" of "gpuli or cloudgpu cheaper?", "还是 便宜" of "gpuli 还是 cloudgpu
    便宜", "or?" of "gpuli or cloudgpu?")."""
    if named < 2:
        return False
    if WEIGH_COST.search(frame) or not EITHER.sub("", BILLING_WAY.sub(" ", frame)).strip():
        return True
    # "gpuli 和 CloudGPU 比一下", "财务这边想对比下 gpuli 和 CloudGPU 的 4090", "compare gpuli and cloudgpu for the 4090"
    rest = COMPARE_FILLER.sub("", EITHER.sub(" ", COMPARE.sub(" ", without_cards(frame))))
    return bool(COMPARE.search(frame)) and not re.search(r"[a-z]{2}", rest) and len(re.sub(r"\s", "", rest)) <= 4


def weighed_only(rest: str) -> bool:
    """Whether `rest` (a message with its names taken out) sets what it named against each other and asks nothing
    else ("cloudgpu 4090 48g vs a6000", "gpuli a6000 or l40s?")."""
    if not EITHER.sub("", WEIGH_COST.sub("", rest)).strip():
        return True
    # "compare a6000 and 4090 48g on cloudgpu", "帮我对比下 cloudgpu 的 a6000 和 4090 48g": compared with no measure: their prices
    return bool(COMPARE.search(rest)) and not COMPARE_FILLER.sub("", EITHER.sub(" ", COMPARE.sub(" ", rest))).strip()
