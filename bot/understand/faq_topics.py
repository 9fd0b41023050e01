"""What a message asks the FAQ beside the job, card or provider it names.

Why: a message that names a model or a card is not thereby a sizing or a price question. "32b 要不要
开张量并行" asks about parallelism, "一万网络 H100 机房在哪 延迟多少" about where the servers are and
how far, "cloudgpu 4090 开机收费吗" about the boot. The parser blanks the entities (model, card,
provider) it found; what is left, less the words that state the job and the words that only ask
"how much" or "how long", is the message's own topic. When an entry's own keyword is there, that
entry is what was asked.
"""

from __future__ import annotations

import re
from functools import cache

from bot.understand import asks as ask_words
from bot.understand import faq_terms, one_message, precision_words, symptoms
from bot.understand import fields as f
from bot.understand.entities import Compact, find_gpus, provider_names
from bot.understand.faq import FILLER, KEYWORD_CONFIDENT, FaqEntry, Hit, faq_index
from bot.understand.faq import lookup as faq_lookup
from bot.understand.faq_methods import about_other_methods, by_method, entry_methods, methodless_first
from bot.understand.lazy import lazy
from bot.understand.method_refused import without_refused
from bot.understand.normalize import normalize
from bot.understand.switch_asks import KEEP_SPEED_WORDS
from engine.lazy import per_object

# The words that state the job (what a sizing reads): taken out of the message before asking the FAQ
# whether the rest is a technical question of its own.
JOB_WORDS = lazy(
    r"继续预训练|增量预训练|预训练|continu\w*\s*pre[\s-]?train\w*|pre[\s-]?train\w*|q?lora|全参(?:微调)?|全量(?:微调)?|微调|fine[\s-]*tun\w*|finetun\w*|\bfull\b|\bft\b|sft|训练?|train\w*|继续预训练|预训练"
    r"|deepspeed|\bds\b|bf16|\d+\s*(?:x|\*|×|卡|张卡|张|块|台|gpus?|cards?)|[一两俩二三四八十]\s*(?:张|块|台)(?:卡)?"
    r"|(?:lora[\s_-]*)?(?:rank|秩)\s*[:=]?\s*\d+|batch(?:[\s_-]*size)?\s*[:=]?\s*\d+|seq\w*\s*[:=]?\s*\d+k?|\d+\s*k\b"
    r"|(?:no\s+|without\s+)?flash[\s_-]*\w*|eager|sdpa|offload|8[\s-]?bit|adamw\w*|优化器|optimizer|梯度检查点|epochs?"
    r"|单卡|多卡|模型(?!并行)|model|\bon\b|\bfor\b|(?<!并)行不行|(?<!并)行吗|够不够|能跑吗|能不能跑|可以吗|ok吗|\d+\s*g\b|" + KEEP_SPEED_WORDS
)
# The words that ask a price or name one (a card's price list answers them, not the FAQ)
PRICE_WORDS = lazy(
    r"\bwhat\s+(?:does|do|would|will)\b[^?]{0,40}?\bgo(?:es)?\s+for\b|\bgoing\s+rate\b|多少钱|多少|价格|单价|售价|标价|定价|租价|价钱|什么价|啥价|报价|租金|费用|收费|月租|周租|时租|(?<!实)时价|月付|年付|周付|包月|按月|按周|按小时|按天|贵不贵|便宜|how\s*much|price|pricing|(?<!learning )(?<!dropout )(?<!success )(?<!error )(?<!sample )(?<!frame )(?<!refresh )(?<!bit )\brates?\b(?!\s*limit)"
    r"|cost|\brent\w*|per\s+(?:hour|week|month)|/\s*(?:h|hr|hour|月|周|小时)\b|hourly|weekly|monthly|每小时|一小时"
)
# The words that ask an amount ("多少钱", "how much", "price", "what does it go for"): a billing rule asked with one of
# them of a card is that card's price ("4090 按分钟计费多少钱", "a6000, what does it go for per hour?")
MONEY_ASK = lazy(r"多少|价格|单价|价钱|什么价|啥价|报价|租金|费用|怎么卖|how\s*much|price|pricing|\bcosts?\b|\bwhat\s+(?:does|do|would|will)\b[^?]{0,40}?\b(?:go(?:es)?|sells?)\b(?!\s+(?:wrong|down|up|away|on|off))|\bgoing\s+rate\b")
# The words that ask whether something can be done ("4090 能按小时租吗", "can i rent an h100 hourly"): a
# billing mode asked that way is the rule's question, where a bare "H100 周租" is a rental to price
WHETHER = lazy(r"能不能|能否|可不可以|可以|支持|[能会]|吗|\bcan\b|\bcould\b|possible|\ballow|\bis\s+there\b|\bdo(?:es)?\s+(?:they|it|you)\b")
TOPIC_FLOOR = 0.2  # the least confidence for an entry whose own keyword the rest of the message names
TOPIC_METHOD_FLOOR = 0.1  # ... and for another entry naming it too, about the very methods the message names
# FAQ topics a sizing already answers: a hit on these is the sizing's question, not a question of its own
SIZING_TOPICS = frozenset({"memory", "hardware", "estimation", "billing", "optimizer", "offload", "checkpoints"})
# the entries a card's price list answers better than the FAQ does, with the card named
PRICE_TOPICS = frozenset({"prices"})
# what links the cards ("32b 全参 两台八卡 h100 要配啥互联"): a sizing states which cards and how many, never
# the interconnect between them, so an entry on it answers even though it is also about the hardware
LINK_TOPICS = frozenset({"interconnect"})
# the link itself named ("跨节点 zero3 走普通以太网行吗", "over plain ethernet?"): a question about how cards talk
LINK_WORDS = lazy(r"以太网|ethernet|nvlink|infiniband|\bib\b|跨节点|跨机|多机|节点|\bnodes?\b|pcie|网络|带宽|bandwidth|通信"
                  r"|communication|interconnect|互联", re.IGNORECASE)
BILLING_TOPICS = frozenset({"billing"})
# whether a thing comes with the rental's price ("带宽含在月付里吗", "is bandwidth included in the monthly
# price?") asks what the FAQ says of that thing; the price word only names what it would be part of
INCLUDED = lazy(r"[含包]在|包含|含不含|[含包]括|\binclud(?:e|es|ed|ing)\b|\bcomes?\s+with\b", re.IGNORECASE)


# "minimum config", "什么配置" beside a job ask for the cards it runs on (a sizing), unless a tool is named
# whose config file that is ("llamafactory config 怎么写")
SETUP_WORDS = lazy(r"配置(?!文件)|\bconfig(?:uration)?s?\b(?!\s*files?)|\bsetups?\b|\bminimum\b|最低|最小")
# "the minimum", "最低" beside a job ask for its least setup even where a tool is named ("8x a100 with zero-3 the minimum
# for 32b full?"): the tool makes "config" its file, never "minimum" a topic of its own (the wallet's minimum top-up)
LEAST_WORDS = lazy(r"\bminimum\b|\bminimal\b|\bbare\s+minimum\b|最低|最小|最少")


# A ZeRO stage is the job's setting ("7b zero3 8卡"), and so is plain DDP ("用 2 张 l40s 做 ddp", "with ddp"),
# unless two are set against each other ("32b 全参 8卡 ZeRO-2 和 ZeRO-3 有啥区别", "7b zero-2 还是 ddp"): then
# they are what the message asks about.
STAGE = lazy(r"zero[\s_-]*(?:stage)?[\s_-]*([0-3])?|" + f.DDP_FORMS, re.ASCII)  # "ddp和zero": a word's edge beside Chinese

# DDP itself asked about ("ddp 能省显存吗", "ddp 和 zero 区别", "what is ddp"), not set as the job's way of running
DDP_ASKED = lazy(r"(?:" + f.DDP_FORMS + r")\s*(?:是|能|会|省|可以(?![吗么不]|\s*$)|有什么|有啥|和|跟|与|还是|vs\b|or\b|does\b|is\b|can\b|saves?\b|mean)"
                 r"|(?:what(?:'s|\s+is)|why|为什么|为啥|什么是)\s*(?:use\s+|用\s*)?(?:" + f.DDP_FORMS + ")"
                 r"|(?:还是|和|跟|\bvs\.?|\bor)\s*(?:plain\s+|普通的?\s*)?(?:" + f.DDP_FORMS + ")", re.ASCII)  # "zero 还是 ddp": set against it


def _stages_named(text: str) -> set[str]:
    """The distinct stages named, DDP as stage 0 (no sharding); a bare "zero" names none."""
    return {m[1] or "0" for m in STAGE.finditer(text) if m[1] or not m[0].startswith("zero")}


# a budget stated and nothing else ("budget 2k usd,", "我们预算 3w 人民币", "only $500 to spend"): its words and amount
BUDGET_WORDS = lazy(r"(?i)预算|经费|budget|grant|funding|funds|我们|我|只有|就|还剩|剩下|剩余|只剩|就剩|还有|大概|左右|一共|总共|(?:老师|导师|学校|公司|组里)?(?:批了|批下来|给了|拨了)|\b(?:we|i|have|has|got|only|left|remaining|a|an|the|of|to|spend|our|my|total|about|around|is|was)\b"
                    # whose money it is and that they want the card ("client budget's $300, wants …", "客户预算 2w，想要 …")
                    r"|\b(?:client|customer|boss|they|he|she|their|his|her|s|wants?|needs?|would\s+like)\b|['’]s\b|客户|甲方|老板|想要|想用|要用|想租|给的|要"
r"|[$¥₮]?\s*\d+(?:[.,]\d+)?\s*(?:k|w|万|千|块钱?|元|刀|美元|美金|人民币|usd|rmb|cny|usdt|u|bucks|dollars|yuan)?"
                    r"|[的在上,，.。?？!！:：;；、\-—]|\b(?:at|on|from|in|with|for)\b|\b(?:usd|rmb|cny|dollars|yuan)\b|美元|人民币")


def budget_only(topic: str) -> bool:
    """Whether `topic` (a message less its card, provider and job) is a budget and nothing else: what that budget
    rents on the card named is the question ("budget 2k usd, cloudgpu a100 80g": 1,342 hours)."""
    return not BUDGET_WORDS.sub(" ", topic).strip()


@one_message.per_message
def topic_text(rest: str) -> str:
    """The message without the job it names (models, cards and providers are blanked already); a method it
    rules out ("不想用4bit", "no quantization") is a setting of that job too, never a question about the method."""
    rest = without_refused(rest)
    rest = SETUP_WORDS.sub(" ", rest) if not ask_words.config_tools(rest) else LEAST_WORDS.sub(" ", rest)
    saves = _asks_whether_it_saves(rest)  # "8b 全参 ddp 8 卡 能省显存吗": DDP asked whether it saves (it keeps a full copy)
    if len(_stages_named(rest)) < 2 and not stage_against_split(rest) and not DDP_ASKED.search(rest) \
            and not (saves and _stages_named(rest) == {"0"}):
        rest = STAGE.sub(" ", rest)
    if saves or symptoms.still_asked(rest) or switch_cost_asked(rest):
        # "14b 上 bf16 能省多少显存", "does bf16 halve memory for a 14b": the switch asked whether (or how much)
        # it saves is the topic, not a setting of the job; so is one after which a symptom stays ("开了 bf16 怎么还 oom")
        return " ".join(JOB_WORDS.sub(lambda m: m[0] if SWITCH.fullmatch(m[0]) or STAGE.fullmatch(m[0]) else " ", rest).split())
    if precision_words.precision_stated(rest):
        rest = precision_words.ANY.sub(" ", rest)  # "14b full in fp16 on 4 a100s": the job's precision, stated
    return " ".join(JOB_WORDS.sub(" ", rest).split())


# a difference in money ("price difference", "difference in cost", "hourly difference"): the setups priced apart
MONEY_DIFFERENCE = lazy(r"\b(?:price|cost|pricing|hourly|weekly|monthly|rate)\s+difference|\bdifference\s+in\s+(?:price|cost|rate)", re.I)


# the memory switches among the job's words: asked whether one saves memory, it is the question's topic
HOW_MUCH = lazy(r"多少|how\s+much", re.I)
SWITCH = lazy(r"bf16|8[\s-]?bit|offload|梯度检查点|梯度累[积加]|优化器|optimizer|adamw\w*|grad(?:ient)?[\s_-]*(?:accum\w*|checkpoint\w*)", re.I)


def technical_topic(topic: str, methods: frozenset[str] = frozenset()) -> Hit | None:
    """The FAQ entry the rest of the message asks about, when it is confident and not a sizing topic;
    `methods`: the methods the whole message names (the topic has them taken out), which decide
    between entries about different methods ("qlora 会不会比 lora 效果差" is QLoRA's quality)."""
    if len(topic) < 2 or MONEY_DIFFERENCE.search(topic):
        return None  # "…8x a100 vs 8x h100, price difference?": what the setups cost apart, not what the methods are
    # an entry's own term must be there: a few common words left over ("用 ok 吗") match anything
    named = [h for h in faq_index().keyworded(topic, TOPIC_METHOD_FLOOR, provider=None, concepts=True)
             if not about_other_methods(h, methods)]
    if not named or named[0].score < TOPIC_FLOOR:
        return None
    # every entry here names the topic's own term ("worse" ~ 效果): which of them answers is the methods'
    # call ("will qlora give worse results than lora": QLoRA's quality, not LoRA's against full)
    named = methodless_first(by_method(named, methods, TOPIC_METHOD_FLOOR, job=True), methods)
    if SIZING_TOPICS.intersection(named[0].entry.topics) and not LINK_TOPICS.intersection(named[0].entry.topics) \
            and not _asks_whether_it_saves(topic) and not (
            DIFFERENCE.search(topic) or CAVEAT.search(topic) or _stages_compared(topic) or _unsized_term(topic, named[0])):
        return None
    return named[0]


def topic_or(topic: str, methods: frozenset[str], answers: list[Hit]) -> list[Hit]:
    """The entry the topic names, else `answers`: a why-question naming a job ("32b 全参 ZeRO-3 为什么比
    ZeRO-2 慢") is about what is left once the job is out (the stages), not the entry the job's own
    words match best (full fine-tuning by size)."""
    if stage_against_split(topic):
        # "32b 全参 TP=8 还是 ZeRO-3": the stages' entry answers the choice (which stage holds the job), the
        # split's entry why not the other; each asked apart so neither dilutes the other
        stage, split = faq_lookup(" ".join(m[0] for m in STAGE.finditer(topic)))[0], technical_topic(STAGE.sub(" ", topic), methods)
        chosen = [h for h in (stage, split) if h is not None]
        return chosen if len(chosen) == 2 else answers
    if DDP_ASKED.search(topic) and len(STAGE.findall(topic)) > 1 and (ways := technical_topic(" ".join(m[0] for m in STAGE.finditer(topic)), methods)):
        return [ways]  # "ddp和zero到底选哪个 我们…": the two ways set against each other are asked, whatever words fill the rest
    about = symptoms.cause_asked(topic, bool(SWITCH.search(topic))) or split_asked(topic) or tradeoff_asked(topic, methods) \
        or technical_topic(topic, methods)
    return [about] if about is not None else answers  # a symptom's cause first (bot/understand/symptoms.py)


def tradeoff_asked(topic: str, methods: frozenset[str]) -> Hit | None:
    """The entry weighing a method's trade-off, when the topic asks whether that method is the better pick whatever
    the job ("Is QLoRA always the better choice since it uses less memory? 7B on an A100", "qlora 是不是一定更好"):
    asked with the method's own name, as the rest of the message alone (its memory words) meets the sizing entries
    about as well; only an entry whose own question is about those methods answers (not FP8's or a card's worth).
    None when no method is named, no such pick is asked, or no entry about the methods weighs them."""
    named = [words for c, words in faq_terms.mentions(faq_terms.fold(topic)) if c.removeprefix(faq_terms.CONCEPT_MARK) == "tradeoff"]
    if not named or not methods:
        return None
    said = " ".join(METHOD_WORDS.get(m, m) for m in sorted(methods))
    hits = by_method(faq_lookup(f"{said} {' '.join(named)}")[1], methods, TOPIC_METHOD_FLOOR)
    # an entry on what a job needs ("LoRA / QLoRA 的显存怎么估") weighs nothing: "家里4090 跑 7b qlora 还是租？值不值"
    # is that job sized on the card the user has, a sizing's answer
    return next((h for h in hits[:3] if h.score >= TOPIC_FLOOR and methods <= entry_methods(h.entry.id)
                 and not SIZING_TOPICS.intersection(h.entry.topics)), None)


METHOD_WORDS = {"full": "full fine-tuning"}  # a method's id as the FAQ's questions word it (the others are their names)


def split_asked(topic: str) -> Hit | None:
    """The entry on splitting the model across cards, when the topic names tensor or pipeline parallelism
    and no ZeRO stage ("70b 全参 用 pipeline parallel 能省显存吗 值得搞吗", "does TP save memory on 32b
    full?"): the split is the subject, and its entry answers whether it saves memory and is worth it;
    the saving words ("省显存") otherwise pick whichever lever lists them (the 8-bit optimizer), in
    either language."""
    named = [words for c, words in faq_terms.mentions(faq_terms.fold(topic)) if c.removeprefix(faq_terms.CONCEPT_MARK) in SPLITS]
    if not named or any(m[1] for m in STAGE.finditer(topic)):
        return None
    return faq_lookup(" ".join(named))[0]


# a choice asked between two things ("TP=8 还是 ZeRO-3", "tp or zero3?", "选哪个")
CHOICE = lazy(r"还是|或者|选哪|哪个|\bor\b|\bvs\.?(?!\w)|\bversus\b|\bwhich\b")
SPLITS = frozenset({"tensor-parallel", "pipeline-parallel"})


def stage_against_split(text: str) -> bool:
    """A ZeRO stage set against splitting the model (tensor or pipeline parallelism) as a choice ("for 32b
    full should we use TP=8 or zero3?"): the stage is then part of what is asked, not the job's setting."""
    split = {c.removeprefix(faq_terms.CONCEPT_MARK) for c, _ in faq_terms.mentions(faq_terms.fold(text))} & SPLITS
    return bool(split) and any(m[1] for m in STAGE.finditer(text)) and bool(CHOICE.search(text))


# "MI300X ROCm 有坑吗 72B LoRA", "any gotchas running ROCm for a 72b lora": the catch of a setup is
# something a sizing never states (it says whether the job fits, not what can go wrong on the card)
CAVEAT = lazy(r"坑|风险|缺点|弊端|代价|靠谱吗|副作用|伤(?:精度|效果|收敛)|影响(?:精度|效果|质量|收敛|稳定)|gotchas?|pitfalls?|\bcatch\b|downsides?|drawbacks?"
              r"|caveats?|\brisks?\b|\brisky\b|\bhurts?\b|\bharms?\b|\bdegrad\w*|\baffects?\s+(?:the\s+)?(?:quality|accuracy|convergence|stability)")


def switch_cost_asked(topic: str) -> bool:
    """A memory switch asked what it costs the run ("does 8-bit adam hurt long runs", "8bit 优化器有副作用吗"): the
    switch is what is asked about, never a setting of a job to size."""
    return bool(SWITCH.search(topic) and CAVEAT.search(topic)) and not METHOD_SET.search(topic)


# a fine-tuning method set against the switch ("does qlora hurt speed vs bf16 lora?"): the methods are what is asked
METHOD_SET = lazy(r"q-?lora|(?<![a-z])lora\b|全参|full\s*(?:fine|ft)")


def switch_cost(topic: str) -> Hit | None:
    """The entry on the switch whose cost is asked, met on the switch and the cost word alone: the rest of the
    message (how long the run is, what kind of run) says where it bites, and only dilutes the switch's own terms."""
    if not CAVEAT.search(topic) or METHOD_SET.search(topic):
        return None
    names = [m[0] for m in SWITCH_NAMED.finditer(topic)]
    for said in (" ".join(names), " ".join(re.sub(r"\s+(?=[\u4e00-\u9fff])", "", n) for n in names)):  # "8bit 优化器" as "8bit优化器"
        if named := faq_index().keyworded(said, TOPIC_FLOOR, provider=None, concepts=True):
            return named[0]
    return None


# a switch by the name it goes by ("8-bit adam", "8bit 优化器", "cpu offload", "梯度检查点")
SWITCH_NAMED = lazy(r"(?:cpu\s*)?(?:" + SWITCH.pattern + r")(?:\s*(?:adamw?|优化器|optimizer|adam))?", re.I)


def _stages_compared(topic: str) -> bool:
    """Two ZeRO stages left in the topic: `topic_text` keeps them only when the message sets one against
    the other ("ZeRO-3 为什么比 ZeRO-2 慢", "why is zero-3 slower than zero-2"), so the stages are the
    question, and the sizing of the job beside them does not answer it."""
    return len(_stages_named(topic)) >= 2


# "ZeRO-2 和 ZeRO-3 有啥区别", "what's the difference between zero2 and zero3": what the things named are,
# a concept the entry explains, even where it is about memory (a sizing of the job would not say it)
DIFFERENCE = lazy(r"区别|差别|不同|异同|\bdifferences?\b|\bdiffer\b")


# Concepts a sizing never states (catalogs/faq_terms.yaml): methods set against each other with one of
# these asked ("does QLoRA hurt quality vs full", "32b qlora 比 lora 速度差多少") is the FAQ's question,
# not the two methods sized side by side (which answers memory and cost); and a job named beside one
# of them ("销毁实例后 7b 的 checkpoint 还在吗", "70b qlora 要先下什么权重",
# "14b 开了 tp=4 反而慢了", "pretraining across nodes, do I need infiniband") asks that, not its sizing,
# even where the entry that answers it is also about memory or checkpoints
# (host RAM is not one: a sizing with offload states whether the host memory is enough)
UNSIZED = frozenset({"quality", "slowdown", "destroy", "retention", "weights-download", "infiniband",
                     "multi-node", "communication", "tensor-parallel", "pipeline-parallel",
                     # what the provider's engineers set up, what a dying machine does to the run, whether FP8 pays:
                     # "跑 14b 的话工程师能帮忙装环境吗", "72b 跑一半实例挂了 checkpoint 会丢吗", "32b 用 fp8 值不值"
                     "setup-env", "hardware-fault", "downtime", "fp8"})


# a fit or a per-card figure asked: FP8 said with it is the precision the job trains in, which a sizing states
# ("fp8 训练 qwen3 8b 一张 h100 够吗"), not whether FP8 pays ("32b 用 fp8 值不值")
FIT_ASKED = lazy(r"够吗|够不够|够用|放得下|装得下|塞得下|能跑吗|跑得动|多少显存|显存多少|每卡多少|\bfits?\b|\benough\b|how\s+much\s+(?:vram|memory)")


def _unsized(topic: str) -> set[str]:
    found = {c for c, _ in faq_terms.mentions(faq_terms.fold(topic)) if c.removeprefix(faq_terms.CONCEPT_MARK) in UNSIZED}
    return {c for c in found if c.removeprefix(faq_terms.CONCEPT_MARK) != "fp8"} if FIT_ASKED.search(topic) else found


def asks_unsized(topic: str) -> bool:
    """Whether `topic` (the message without its job) names a concept a sizing does not answer."""
    return bool(_unsized(topic))


def _unsized_term(topic: str, hit: Hit) -> bool:
    """Whether `topic` names a concept a sizing does not answer that is `hit`'s own term too (销毁 of the
    destroyed instance's entry): an entry about memory or checkpoints that answers just that. A concept one of its
    keywords states within a phrase counts ("检查点慢多少", "checkpointing slower": how much slower it runs)."""
    index = faq_index()
    own = next(c for e, c in zip(index.entries, index.keyword_concepts, strict=True) if e is hit.entry)
    return bool(_unsized(topic) & (own | _within(hit.entry)))


@per_object(maxsize=1024)  # an entry's keywords are the catalog's: folded once, not each message (five to ten of them)
def _within(entry: FaqEntry) -> frozenset[str]:
    """The concepts an entry's keywords name, whole or within a phrase."""
    return frozenset(c for kw in [*entry.keywords.zh, *entry.keywords.en] for c, _ in faq_terms.mentions(faq_terms.fold(kw)))


def unsized_of_entry(topic: str, hit: Hit) -> bool:
    """Whether `topic` names a concept a sizing does not answer that `hit`'s entry is about ("效果" of QLoRA's quality)."""
    return _unsized_term(topic, hit)


# "grad accumulation saves vram on a 7b full ft, right?", "梯度累积能省显存吗", "does bf16 shrink the optimizer memory
# for a 14b full ft": whether a lever saves memory is a yes-or-no the lever's entry answers; a sizing would not say it
SAVES = lazy(r"省|\bsaves?\b|\bsaving\b|\breduces?\b|\bcuts?\b(?!\s+it\b)|\bhalve[sd]?\b|\bshrinks?\b|\bshrunk\b|\blowers?\b|\bdecreases?\b"
              r"|减少|降低|减半|缩小|压缩|变小")
# (an A-not-A ask is whether too: "省不省显存", Cantonese "悭唔悭" read as it)
WHETHER_ASKED = lazy(r"[吗么?？]|([\u3400-\u9fff])[不没]\1|\bright\b|\bdoes\b|\bdo\b|\bwill\b|\bwould\b|\bcan\b|\bcould\b|\bis\b|是不是|对吧|是吧")


def asks_what_a_switch_saves(topic: str) -> bool:
    """"14b 上 bf16 能省多少显存", "does 8-bit adam save memory on a 7b": what a memory switch saves is asked,
    a question for the FAQ's entry on that switch, though the message names a job and a memory amount."""
    return bool(SWITCH.search(topic) or _stages_named(topic) == {"0"}) and _asks_whether_it_saves(topic)  # DDP: stage 0


def switch_needed(norm: str) -> Hit | None:
    """The FAQ's entry on a switch whose need or cost is asked with no model named ("32k 上下文做 lora 梯度检查点
    必须开吗", "is gradient checkpointing needed at 32k", "开梯度检查点代价多大"): the knowledge asked, not a
    sizing that asks which model (with a model, whether the job needs it is that job's sizing)."""
    named = [m[0] for m in SWITCH.finditer(norm)]
    if not named or not (SWITCH_NEEDED.search(norm) or SWITCH_COST.search(norm)) or WEIGHED.search(norm):
        return None  # "qlora 比 bf16 lora 慢多少": two ways weighed, the slower one's entry (not the switch's)
    return faq_lookup(" ".join(named))[0]


# whether a switch must be on asked of it; what it costs
SWITCH_NEEDED = lazy(r"要不要|需不需要|必须|必要|必开|得开|一定要|值不值|值得"
                     r"|\bneeded\b|\bnecessary\b|\brequired\b|\bmust\b|\bworth\b"
                     r"|\b(?:do|does)\s+(?:i|we|it)\s+need\s+(?:to\s+)?(?:turn|use|enable|have|it\b|grad|gradient|8|bf16|offload)"
                     r"|\bshould\s+(?:i|we)\s+(?:turn|use|enable|switch)", re.I)
WEIGHED = lazy(r"比|相比|对比|\bvs\.?(?!\w)|\bthan\b|\bcompared\b", re.I)
SWITCH_COST = lazy(r"代价|慢多少|慢几成|\bslower\b|\boverhead\b|\bcost\s+(?:in\s+)?(?:speed|throughput)", re.I)


def _asks_whether_it_saves(topic: str) -> bool:
    """Whether (or how much: "能省多少显存") a setting saves memory is asked."""
    return bool(SAVES.search(topic) and (WHETHER_ASKED.search(topic) or HOW_MUCH.search(topic)))


# a price word that asks money: "多少" and "how much" alone are amounts ("出口带宽多少", "how much bandwidth")
MONEY_WORDS = lazy(r"多少钱|价格|单价|价钱|什么价|啥价|报价|租金|月租|周租|月付|年付|how\s*much(?!\s+(?!(?:money|does|do|is|are|would|will|for)\b)[a-z])"
                   r"|price|pricing|\bcosts?\b|\brent|weekly|monthly"
                   # an amount asked in a currency ("多少 U", "几刀", "how many bucks"): money, whatever it is of
                   r"|(?:多少|几)\s*(?:u|usdt|刀|美元|美金|块钱?|元|人民币|rmb|cny|usd)(?![a-z])|\bhow\s+many\s+(?:dollars|bucks|usdt|u)\b", re.I)


def money_asked(norm: str) -> bool:
    """Whether a provider's machine named by its count ("gpuli 8 卡机器") is asked its price: only a
    money word asks it; "出口带宽多少 限量吗" asks the FAQ about that machine's bandwidth."""
    return bool(MONEY_WORDS.search(norm))


def across_cards(answers: list[Hit], hits: list[Hit], count: int | None, nodes: int | None = None) -> list[Hit]:
    """The answers fit for the number of cards and machines stated: one card has no interconnect, so an
    entry about the links between cards ("why is it so slow" read as a multi-GPU slowdown) gives way, for a
    job on one card, to the entry on what else slows a card down: its data pipeline (seed 003: a slow run
    is most often the data not reaching the GPU). Across two machines or more the link asked is the one
    between them ("两台八卡 h100 要配啥互联"): NVLink stays inside a node, so the entry on the cross-node
    network (InfiniBand, seed 000) answers instead of an entry on NVLink; one already about the nodes stays."""
    index = faq_index()
    concepts = dict(zip((e.id for e in index.entries), index.keyword_concepts, strict=True)) if nodes is not None and nodes >= 2 else {}
    if nodes is not None and nodes >= 2 and answers and f"{faq_terms.CONCEPT_MARK}nvlink" in concepts.get(answers[0].entry.id, set()):
        between = [Hit(e, answers[0].score, answers[0].raw) for e in index.entries
                   if LINK_TOPICS.intersection(e.topics) and f"{faq_terms.CONCEPT_MARK}infiniband" in concepts[e.id]]
        return between[:1] + [a for a in answers[1:] if a.entry.id not in {b.entry.id for b in between}] if between else answers
    if count != 1 or not answers or "interconnect" not in answers[0].entry.topics or "methods" in answers[0].entry.topics:
        return answers  # an entry on a training route (continued pretraining's setup) answers whatever one card is said
    pipeline = [Hit(e, answers[0].score, answers[0].raw) for e in faq_index().entries if {"pipeline", "performance"} <= set(e.topics)]
    return pipeline[:1] + answers[1:] if pipeline else answers


def service_topics(topic: str, provider: str | None, asks_money: bool) -> list[Hit]:
    """The FAQ entries, best first, a message naming a card asks about once the card, the job and
    every word asking a price or a length are taken out: where the servers are and their latency,
    the payment methods, the boot, the SLA, a server's CPU and RAM. Empty when the best is a price
    list (the card's prices answer that) or about memory (a sizing); never another provider's entry;
    a billing rule only when no price is asked at all ("cloudgpu 4090 开机收费吗" is the boot's rule;
    "4090 按分钟计费多少钱" is the 4090's price)."""
    rule = not MONEY_ASK.search(topic) and bool(WHETHER.search(topic))
    # asked whether a billing mode is offered, its words ("hourly", "按小时") are the topic; else they
    # state the rental, and go with the words that only ask something of an answer
    bare = f.without_durations(RENEWED_ON.sub(" ", WORTH.sub(" ", topic)) if asks_money and not rule else topic)
    rest = " ".join(FILLER.sub(" ", MONEY_ASK.sub(" ", bare) if rule else _price_words_out(ask_words.without_asks(bare))).split())
    if asks_money and not rule:  # "8 卡 a100 整机 月租多少": the whole machine is the setup priced, no topic of its own
        rest = " ".join(WHOLE_MACHINE.sub(" ", rest).split())
        # "gpuli create --gpu 4090 --region DFW-1 这个多少钱", "LAS-1，pytorch-2.5-cu124 镜像，4090 week，多少 U": the
        # region, image and flags are the rental's settings as pasted, no question about regions or software
        rest = " ".join(SETTING_VALUES.sub(" ", rest).split())
    if len(rest) < 2:
        return []
    # failing its own words, an entry's term in another of its forms counts ("给多少内存": the price word
    # gone, 内存 is the RAM of "内存多大")
    named = [h for h in (faq_index().keyworded(rest, TOPIC_FLOOR, provider=provider)
                         or faq_index().keyworded(rest, TOPIC_FLOOR, provider=provider, concepts=True))
             if provider is None or not about_other(h, provider)]
    if not named or PRICE_TOPICS.intersection(named[0].entry.topics) or "memory" in named[0].entry.topics:
        return []  # a price list is the card's prices; a memory question is a sizing of the job
    if (asks_money and not rule and not INCLUDED.search(topic)) and BILLING_TOPICS.intersection(named[0].entry.topics):
        return []
    return named


# whether a price is worth paying ("renting even worth it? cloudgpu 4090 多少一小时", "4090 一小时多少 值不值"): beside a
# price asked it weighs that price, no topic of its own (asked alone, "h100 值不值", it is the cards' comparison)
WORTH = lazy(r"\bworth\s*(?:it|the\s+(?:money|price|cost))?\b|\bworthwhile\b|值不值得?|值得吗|值得不|值吗|划不划算|划算吗|合算吗|合不合算")


# a rental's settings stated as values (a command line or a config fragment pasted): a region's code ("DFW-1",
# "las-1"), an image's name ("pytorch-2.5-cu124 镜像"), a flag with its value ("--region x", "cycle=week"), a create verb
SETTING_VALUES = lazy(r"(?<![\w-])[a-z]{3}-?\d(?![\w.])(?:\s*(?:机房|region|区))?"
                      r"|(?<![\w-])(?:pytorch|torch|cuda|cu)[\w.]*-[\w.-]*\d[\w.-]*(?:\s*(?:镜像|image))?|(?:pytorch|torch|cuda)\s*(?:镜像|image)"
                      r"|(?<![\w-])--?[a-z][\w-]*(?:[\s=]+[\w.-]+)?|\b(?:image|region|cycle|gpu)\s*[=:]\s*[\w.-]+"
                      r"|(?<![\w-])(?:gpuli|cloudgpu)\s+(?:create|deploy|launch|run)\b", re.I)


# the setup named as one whole machine (a count's box), not a question about renting several cards
WHOLE_MACHINE = lazy(r"整机|整台(?:机器|服务器)?|一整台|\bwhole\s+(?:machine|server|box|node)\b|\bfull\s+(?:machine|server|box|node)\b")


# a span's price asked "renewing monthly" / "按月续租" / "连续租": how the span is bought, cycle after cycle, no
# question about renewals (their reminders are asked with no price: "按月续租到期会提醒吗")
RENEWED_ON = lazy(r"\b(?:if\s+(?:we|i|you)\s+)?(?:renew(?:ed|ing|s)?|extend(?:ed|ing|s)?)(?:\s+it)?\s+(?:monthly|weekly|each\s+(?:month|week)"
                  r"|every\s+(?:month|week)|by\s+the\s+(?:month|week)|month\s+(?:by|to|after)\s+month|(?:each|every)\s+cycle)\b"
                  r"|按\s*(?:个\s*)?[月周]\s*续(?:租|费|期)?|连续\s*(?:租|续)|(?:每|逐)\s*(?:个\s*)?[月周]\s*续(?:租|费|期)?")


# "多少" before a thing that is not money ("给多少内存", "多少核") asks that amount, not a price
AMOUNT_OF = lazy(r"[\u4e00-\u9fff](?<![钱块元刀万千百])")


def _price_words_out(text: str) -> str:
    """`text` without its price words, except a 多少 that asks the amount of a thing: the entry whose
    term is "多少内存" (a server's RAM) is what "8 卡 h100 给多少内存" asks, not the card's prices."""
    return PRICE_WORDS.sub(lambda m: m[0] if m[0] == "多少" and AMOUNT_OF.match(text, m.end()) else " ", text)


def named_service(answers: list[Hit], topic: str, provider: str | None) -> list[Hit]:
    """`answers` for a message naming no card, unless the best is an entry about a card's rental matched on
    the asking words alone ("存储卷多少钱一个月" met "8 卡 H100 租一个月一共多少钱" on 多少钱一个月) while the
    topic, its price and length words out, names another entry's own term (存储卷): that entry answers."""
    if not answers or not _question_cards(answers[0].entry.id):
        return answers
    rest = " ".join(_price_words_out(ask_words.without_asks(f.without_durations(topic))).split())
    keyed = faq_index().keyworded(rest, TOPIC_FLOOR, provider=provider) if len(rest) >= 2 else []
    if any(h.entry.id == answers[0].entry.id for h in keyed):
        return answers  # "ROCm 兼容性如何": the best entry's own term is named too (the MI300X's ROCm), it stays
    named = [h for h in keyed if not _question_cards(h.entry.id)]
    return named[:1] if named else answers


def on_card(hit: Hit, gpu: str | None) -> bool:
    """Whether `hit` is an entry whose own question is about the card `gpu` ("多张 4090 能一起训练吗"):
    there the card is the topic, not only the thing priced."""
    return gpu is not None and gpu in _question_cards(hit.entry.id) and not PRICE_TOPICS.intersection(hit.entry.topics)


def on_cards(hit: Hit, cards: list[str]) -> bool:
    """Whether `hit`'s own question sets the very cards `cards` (two or more) against each other ("a100 跟 h100 微调选哪个",
    "h100 or a100 for fine-tuning?"): the cards are the subject, so the message stands on its own."""
    return len(set(cards)) >= 2 and set(cards) <= _question_cards(hit.entry.id) and not PRICE_TOPICS.intersection(hit.entry.topics)


CARD_SUBJECT_FLOOR = 0.2  # an entry about the card named leads entries about other cards from this confidence


def card_subject(text: str, hits: list[Hit]) -> Hit | None:
    """The entry whose own question is about the card named, when the best is about another card or is that entry
    ("4090 多卡训练靠谱吗": several 4090s together, not whether the MI300X suits 72B, met on 靠谱吗; "多张 4090 一起训
    靠谱吗", its own entry under the usual confidence but with no rival about that card): the card is the subject."""
    if len(hits) < 2 or not _question_cards(hits[0].entry.id):
        return None
    cards = {m.ident for m in find_gpus(normalize(text))}
    if not cards:
        return None
    about = [h for h in hits if h.score >= CARD_SUBJECT_FLOOR  # its question's card, or a card it answers for itself
             and cards & (_question_cards(h.entry.id) | {c for part in h.entry.by_card for c in part.cards})]
    others = [h for h in hits if _question_cards(h.entry.id) and not cards & _question_cards(h.entry.id)]
    return about[0] if len(about) == 1 and (about[0] is not hits[0] or others) else None


@cache
def _question_cards(entry_id: str) -> frozenset[str]:
    e = next(e for e in faq_index().entries if e.id == entry_id)
    return frozenset(g.ident for g in find_gpus(normalize(f"{e.question.zh} {e.question.en}")))


def about_other(hit: Hit, provider: str) -> bool:
    """Whether `hit` is an entry about a provider other than `provider`."""
    about = faq_index().about.get(hit.entry.id)
    return about is not None and about != provider


def named_too(hit: Hit, norm: str) -> bool:
    """Whether the provider `hit` is about is named somewhere in the normalized message `norm`
    (a message asking one question of each of two providers)."""
    about = faq_index().about.get(hit.entry.id)
    if about is None:
        return False
    compact = Compact.of(norm).text
    return any(key in compact for ident, keys in provider_names() if ident == about for key in keys)


# a method as a FAQ entry's question names it (bot.core.faq_context.method_of_faq: "那 lora 呢" after a FAQ answer)
METHOD_NAMED = {"lora": re.compile(r"(?<![qQ])lora", re.IGNORECASE), "qlora": re.compile(r"qlora", re.IGNORECASE),
                "full": re.compile(r"全参|full[\s-]*fine|full\s+ft", re.IGNORECASE)}


def offered_with_feature(norm: str, provider: str | None) -> Hit | None:
    """The FAQ entry a question about the cards on offer asks, when it asks the cards with a feature ("gpuli 有哪些卡
    是 nvlink 全互联的", "which cards does gpuli have that are nvlinked"): what is left once the listing ask and
    the provider are taken out names an entry's own term and answers confidently, with an entry on the hardware that
    is no price list. None for a bare "有哪些卡", "都有什么卡能租" or a memory asked ("有哪些卡显存 80G 以上")."""
    rest = ask_words.cards_offered_pattern().sub(" ", norm)
    for _, names in provider_names():
        for name in names:
            rest = rest.replace(name, " ")
    if not re.search(r"[a-z\u4e00-\u9fff]{2}", rest):
        return None
    hit, hits = faq_lookup(rest, provider)
    if hit is not None and _on_hardware(hit):
        return hit if faq_index().keyworded(rest, 0.0, [hit], provider) else None  # its own term named ("nvlink")
    # the best entry may be one that only mentions the feature in passing ("nvlink 全互联" in the slow multi-GPU
    # advice): the hardware entry whose own term the question names answers which cards have it, at the
    # keyword floor, whatever a keyword added elsewhere does to the ranking between them
    near = [h for h in hits if _on_hardware(h)]
    named = faq_index().keyworded(rest, KEYWORD_CONFIDENT, near, provider)
    return named[0] if named else None


def _on_hardware(hit: Hit) -> bool:
    """Whether `hit` is an entry on the hardware that is no price list."""
    return "hardware" in hit.entry.topics and "prices" not in hit.entry.topics
