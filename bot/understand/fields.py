"""Training and rental fields from normalized chat text, one small extractor per field.

Each extractor reads the normalized text (see normalize.py) and returns a value or None. Spans
already used by an entity (a model or GPU name) are blanked first, so "qwen3 8b" never also
reads as 8 of something. A k after a sequence length means 1,024 ("seq 2k" = 2048); after a
count of tokens, samples or money it means 1,000.
"""

from __future__ import annotations

import math
import re
from decimal import Decimal
from typing import NamedTuple

from bot.understand import amount, one_message, planning, used_time, weekend
from bot.understand.card_counts import BARE_COUNT_AFTER, nodes_cards, said_around
from bot.understand.cards import CARD_SHAPE
from bot.understand.lazy import lazy
from bot.understand.length_join import JOIN, UNIT_PRICED, times_after, times_before
from bot.understand.method_refused import without_refused
from bot.understand.numbers import COUNT_NUMBER, COUNT_UNIT, NUMBER, PERIOD_LEAD, RIG_WORDS, SEQ_UNITS, to_number
from bot.understand.rule_window import ruled_out, unwindowed
from bot.understand.switch_asks import ZERO3_WORD, asked_about, keeps_speed, zero3_asked
from bot.understand.switches import EIGHT_BIT, OFFLOAD_OFF, attention, grad_checkpointing, optimizer  # noqa: F401 (read here by the parser)

NUM = NUMBER


def _int(value: float) -> int:
    """Exact for any finite value (an absurd one reaches the engine's range check, never a silent
    clamp); infinity becomes a number beyond every range."""
    return round(value) if math.isfinite(value) else 10**30


# ---------------------------------------------------------------- method
QLORA = lazy(r"q[\s-]?lora|qlroa|qlrao|qloar|4[\s-]?bit|4\s*比特|4\s*位|\bnf4\b|\bint4\b|量化底座|底座量化|量化微调|量化训练", re.ASCII)
EIGHT_BIT_BASE = lazy(r"8[\s-]?bit\s*(?:base|底座|量化)|load_in_8bit|int8\s*(?:base|底座)|8\s*位\s*(?:底座|量化)", re.ASCII)
PRETRAIN = lazy(r"继续预训练|增量预训练|二次预训练|continu(?:ed|al)\s*pre[\s-]?train\w*|\bcpt\b|\bpre[\s-]?train\w*|预训练", re.ASCII)
LORA = lazy(r"(?<![q\w])lora|(?<![q\w])lroa|(?<![q\w])lora|\blra\b|低秩", re.ASCII)
FULL = lazy(r"全参|全量|全部参数|所有参数|\bfull(?![\s-]+(?:days?|weeks?|months?|years?|hours?|nights?)\b)(?:[\s-]*(?:ft|fine[\s-]*tun\w*|finetun\w*|params?|parameters?|training|sft))?\b"
    r"|\bfully[\s-]+(?:fine[\s-]*tun\w*|finetun\w*|train\w*)|\ball\s+(?:the\s+)?(?:weights|parameters)\b"
    r"|\bfft\b|full[\s-]*param", re.ASCII)
SFT = lazy(r"\bsft\b|监督微调", re.ASCII)


def method(text: str) -> str | None:
    """full / lora / qlora / pretrain; None when absent or when two are compared ("LoRA 和全参").
    "bf16 LoRA (not QLoRA)" is LoRA: a method named only to be ruled out does not count."""
    text = without_refused(text)
    if QLORA.search(text):
        return "qlora"
    if PRETRAIN.search(text) and not re.search(r"预训练好|pretrained", text):
        return "pretrain"
    lora, full = bool(LORA.search(text)), bool(FULL.search(text))
    if lora and full:
        return None
    if lora or EIGHT_BIT_BASE.search(text):
        return "lora"
    if full or SFT.search(text):
        return "full"
    return None


# ---------------------------------------------------------------- counts of cards
COUNT_WORD = r"(?:x|\*|×|卡|张卡|张|块|台|个|片|次)?"  # "两次 4090 周租": two rentals of it
NOT_AFTER_LETTERS = r"(?<![a-wyz])"  # glued to letters before it a number is a precision or a name ("bf16 卡"), never a count; "x8" is one
NODES_X_CARDS = lazy(rf"{NOT_AFTER_LETTERS}(\d+)\s*(?:台|机|节点|nodes?)\s*(?:的\s*)?{NOT_AFTER_LETTERS}(\d+)\s*(?:卡|张|gpus?|x)", re.ASCII)
NOT_A_COUNT = r"(?!月|小时|钟头|星期|礼拜|epoch|轮|遍|token|条|天|周|样本)"
TRAILING_X = r"[x×](?![a-z0-9])(?!\s*\d)(?!\s*(?:faster|slower|cheaper|more|less|as\b|the\b|speed|倍|快|慢|性能|速度|价|便宜|贵))"  # "a100 4x": after the card; "2 x 10h" is a product of runs
MAX_COUNT = 1024  # more cards than this in one chat line is a sequence length or a price
STANDALONE_COUNT = lazy(
    r"(?<![\d.,a-wyz])(\d{1,3}(?:,\d{3})+|\d+)\s*(?:-\s*)?(?:卡|张卡|张|块卡|gpus?|cards?|片)(?![a-z]|时|小时|[\s-]*(?:hours?|hrs?)\b)|\bon\s+(\d+)\s*(?:x\s*)?(?:gpus?|cards?)", re.ASCII
)
OF_THEM = lazy(r"\b(\d+|two|three|four|six|eight)\s+of\s+(?:them|those|these|the\s+same)\b", re.ASCII)  # "two of them"
ONE_WORDS = lazy(r"(?:\ba|\ban|\bone|\bsingle|(?<![那这哪])个|一)\s*$", re.ASCII)  # "那个 t4": that T4, no count


def count_near(text: str, start: int, end: int) -> int | None:
    """A card count written next to a GPU name: 8x h100, 8卡h100, 16 h100s, h200 x8, h100 8张, 俩4090."""
    nodes = NODES_X_CARDS.search(text[max(0, start - 16):start])
    if nodes:
        return nodes_cards(nodes)
    before = text[max(0, start - 12):start]
    if start > 12 and text[start - 13].isalnum():
        before = re.sub(r"^\w+", "", before)  # the window began inside a word ("qlor|a 4090"): not a count word
    after = text[end:end + 24]  # room for the word after "a100 2x" ("cheaper": no count)
    m = re.search(rf"(?<![\d.a-z])(?:[x×*]\s*)?(\d+)\s*{COUNT_WORD}\s*$", before)  # "8x h100", and "x8 h100" signed before
    if m and not re.search(r"\d\s*(?:b|k|g|gb|w|万|亿)\s*$", before) and not keyed(text[:start - len(before) + m.start()]):
        return _count(m.group(1))
    m = re.match(r"\s*(?:s\b)?\s*(?:x|\*|×)\s*(\d+)(?![\d.])(?!\s*(?:h\b|hrs?\b|hours?\b|mins?\b|days?\b|weeks?\b|months?\b|小时|钟头|分钟|天|周|个?月))", after) or re.match(rf"\s*(?:(?:包|按)[月周年]|[月周年][租付])?\s*(\d+)\s*(?:张|块|卡|台|个{NOT_A_COUNT}|片|{TRAILING_X})", after)
    if m:
        return _count(m.group(1))
    if m := BARE_COUNT_AFTER.match(text, end):
        return int(m.group(1))
    if (said := said_around(before, after)) is not None:  # "俩4090", "2 weekly 4090 rentals", "a 4090 twice"
        return said
    if ONE_WORDS.search(before):
        return 1
    return None


# A number right after one of these keys is theirs ("batch 4 4090", "梯度累积8 4090" are not four or eight 4090s).
OTHER_KEY = lazy(r"(?:batch(?:[\s_-]*size)?|\bbs|seq(?:uence)?(?:[\s_-]*len(?:gth)?)?|zero|rank|\br|epochs?|长度|序列|轮|\bga|accum\w*"
                 r"|(批大小|批次大小|批量大小|梯度累积(?:步数)?|累积(?:步数)?|累加))\s*[:=]?\s*$", re.ASCII)


def keyed(before: str) -> bool:
    """The number after `before` is a setting's value: "batch 4 4090" is no count. A key whose value came
    first ("3 epochs, 8 h100s", "3轮 8卡") holds it already, so the number after it is its own; a Chinese
    batch or accumulation key is always said before its value ("批大小2 梯度累积8 4090")."""
    m = OTHER_KEY.search(before)
    return m is not None and (m[1] is not None or not re.search(r"\d\s*$", before[:m.start()]))
PER_CARD_BATCH = lazy(r"\s*(?:的\s*)?(?:micro[\s_-]*)?(?:batch|bs\b|批)", re.ASCII)  # "单卡 batch 4": a batch per card
SINGLE = lazy(r"\b(?:a\s+)?single[\s-]+(?:\d{2,3}\s*gb?\s+)?(?:gpu|card)\b|\b(?:one|1)\s+(?:\d{2,3}\s*gb?\s+)(?:gpu|card)\b|\bone\s+(?:gpu|card)\b", re.ASCII)  # "a single 80g card": its memory between


def _count(digits: str) -> int | None:  # "0 cards" stays: the engine refuses it with a clear line
    value = int(digits)
    return value if 0 <= value <= MAX_COUNT else None


def num_gpus(text: str) -> int | None:
    """A card count not attached to a name: 8卡, 8 cards, 两台八卡 (16), on 8 gpus."""
    m = NODES_X_CARDS.search(text)
    if m:
        return nodes_cards(m)
    if SINGLE.search(text):
        return 1
    if m := OF_THEM.search(text):  # "what about two of them?": a count of the card just named
        return {"two": 2, "three": 3, "four": 4, "six": 6, "eight": 8}.get(m.group(1)) or _count(m.group(1))
    counts = list(STANDALONE_COUNT.finditer(text))
    for m in counts:
        if len(counts) > 1 and PER_CARD_BATCH.match(text, m.end()) and (m.group(1) or m.group(2)) == "1":
            continue  # "单卡 batch 4，8 卡": the batch is per card, the count is the one stated apart
        digits = (m.group(1) or m.group(2)).replace(",", "")
        value = _count(digits)
        if value is not None:
            return value
        if re.search(r"卡|gpu|card", m.group(0)):
            return int(digits)  # "99,999,999,999 cards": the engine answers with the allowed range
    return None


# ---------------------------------------------------------------- sequence, batch, accumulation
SEQ_KEY = (
    r"(?:seq(?:uence)?(?:[\s_-]*len(?:gth)?)?|ctx|context(?:[\s_-]*(?:len(?:gth)?|window))?|max[\s_-]*(?:seq[\s_-]*)?len(?:gth)?"
    r"|max_length|cutoff(?:[\s_-]*len(?:gth)?)?|model_max_length|max[\s_-]*seq[\s_-]*length|截断长度|截断|序列长度|序列长|序列|上下文长度|上下文|窗口|长度|文本长度|token\s*长度|token长)"
)
SEQ_AFTER = lazy(
    rf"{SEQ_KEY}\s*(?:(?:is|was|now|should\s+be|will\s+be|becomes|goes|set|changed|bumped|raised|increased|at|of|to|[:=]|->|→)\b\s*)*(?:[:=]|->|→|[\u4e00-\u9fff]{{1,3}})?\s*(?:{NUM}\s*k?\s*(?:->|→|to|到|调到|改到|改成|调成)\s*(?=\d))?({NUM})\s*(k)?(?![a-z0-9])(?!\s*(?:卡|张|台|个|x\b|gpus?|cards?))", re.ASCII
)
SEQ_BEFORE = lazy(rf"(?<![\d.])({NUM})\s*(k)?\s*(?:tokens?\s*)?(?:的\s*)?{SEQ_KEY}", re.ASCII)


BARE_K = lazy(r"(?<![\d.$¥₮₹€£])(\d{1,4})\s*k(?![a-z0-9])(?!\s*(?:tokens?\b|samples?|条|样本|个|行|steps?|步|usd|usdt|u\b|元|刀|rmb|块|\$|inr\b|rupees?\b|rs\b|₹|eur\b|euros?\b|€|gbp\b|£|[a-z]{3}\b(?<=hkd|sgd|aud|cad|jpy|twd|krw|myr|chf)|港币|新币|卢比|欧元|日元))" rf"(?!\s*{RIG_WORDS})", re.ASCII)


def seq_len(text: str) -> int | None:
    """"seq 4096", "4096 长度", "上下文 8k", "cutoff_len=4096", "cutoff 4096", "截断长度 4096", "ctx 16k"; a bare "8k" is a sequence
    length too when nothing else claims it (dataset sizes and money are read before this)."""
    for pattern in (SEQ_AFTER, SEQ_BEFORE):
        m = pattern.search(text)
        if m:
            value = _int(to_number(m.group(1), m.group(2) or "", SEQ_UNITS))
            if value >= 64 or value == 0:
                return value
    m = BARE_K.search(text)
    if m and 1 <= int(m.group(1)) <= 1024:
        return int(m.group(1)) * 1024
    return None


# a setting changed to a value: "rank 改 64", "梯度累积改成 16", "set grad accum to 8", "rank -> 64"; from one value to another, the new one ("micro-batch 1 → 4", "batch 从 1 调到 4"); "batch 开到 4", "bump batch to 4"
TO = r"\s*(?:从|from\b)?\s*(?:[:=]|->|→|(?:改|调|设|换)(?:成|为|到)?|(?:开|加|提|拉|增|升|放)(?:高|大)?(?:成|为|到)|(?:(?:set|bump(?:ed)?|rais(?:e|ed)|increas(?:e|ed)|go|up)\s+)?to\b|of\b)?\s*(?:\d+\s*(?:->|→|(?:改|调|设|换)?(?:成|为|到)|to\b)\s*(?=\d))?"
MICRO_BATCH = lazy(r"(?:\bmicro(?:[\s_-]*batch(?:[\s_-]*size)?)?|\bmbs|(?<![\d.]\s)(?<![\d.])\bmb(?=\s*[:=]?\s*\d)|per[\s_-]*device(?:[\s_-]*train)?(?:[\s_-]*batch(?:[\s_-]*size)?)?|batch[\s_-]*size|\bbs"
    r"|批大小|批次大小|批量大小|batch)" + TO + r"(\d+)", re.ASCII)
GRAD_ACCUM = lazy(r"(?:grad(?:ient)?[\s_-]*acc(?:um(?:ulation)?)?(?:[\s_-]*steps)?|\bga|\baccum(?:ulation)?(?:[\s_-]*steps)?|梯度累积(?:步数)?|累积(?:步数)?|累加)" + TO + r"(\d+)", re.ASCII)


def micro_batch(text: str) -> int | None:
    m = MICRO_BATCH.search(text)
    return int(m.group(1)) if m else None


def grad_accum(text: str) -> int | None:
    m = GRAD_ACCUM.search(text)
    return int(m.group(1)) if m else None


# ---------------------------------------------------------------- switches
# plain data parallelism ("ddp", "做数据并行", "data parallel"): no sharding; never FSDP's (完全分片数据并行)
DDP_FORMS = r"\bddp\b|(?<!分片)数据并行|(?<!sharded\s)(?<!sharded-)\b(?:distributed\s+)?data[\s-]+parallel(?:ism)?\b"
ZERO = lazy(r"zero[\s_-]*(?:stage)?[\s_-]*([0-3])(?!\d)|\bz([0-3])\b|\bfsdp\b|" + DDP_FORMS
            + r"|(?:deepspeed|\bds)\s*(?:stage|阶段)\s*([0-3])(?!\d)|zero[\s_-]*(?:stage)?\s*(?:也|都)?\s*"  # "zero 也改成 2"
            r"(?:改成|换成|改为|改到|调成|调到|换到|\bto\b|->|→)\s*(?:stage\s*)?([0-3])(?!\d)|"  # a bare "stage 2" but "stage 2 sft"
            r"(?<![\w-])stage[\s_-]*([1-3])(?![\w.])(?!\s*(?:of\b|pre|sft|rl|dpo|train|fine|微调|训练|预训练))", re.ASCII)


# a stage ruled out right before it ("不开 zero3 只开 zero2", "zero2 instead of zero3", "not zero-3, zero-2"): the
# stage stated is the other one; an A-not-A ("开不开", "要不要") rules nothing out
ZERO_NOT = lazy(r"(?:(?<!开)不开|(?<!用)不用|(?<!要)不要|不上|没开|别开|别用|关掉|而不是|不是|\bnot|\bno|without|instead\s+of|rather\s+than)"
                r"\s*(?:开\s*|用\s*|the\s+|an?\s+|deepspeed\s*)?$", re.ASCII)


# "why not zero 2?", "为什么不用 zero2": that stage asked about, not ruled out
WHY_NOT = lazy(r"(?:\bwhy|为什么|为啥|怎么)\s*(?:\bnot|不)")


def _ruled_out(before: str) -> bool:
    return bool(ZERO_NOT.search(before)) and not WHY_NOT.search(before)


def zero(text: str) -> int | None:
    """The ZeRO stage stated; a stage 3 only asked about ("要开 zero3 吗", "zero3?") is left to the plan."""
    m = next((z for z in ZERO.finditer(text) if not _ruled_out(text[max(0, z.start() - 16):z.start()])
              and not ((s3 := ZERO3_WORD.match(text, z.start())) and zero3_asked(text, s3))), None)
    if not m:
        return None
    digit = m.group(1) or m.group(2) or m.group(3) or m.group(4) or m.group(5)
    return int(digit) if digit else 3 if m.group(0) == "fsdp" else 0  # DDP: no sharding


def sharding(text: str) -> str | None:
    """"with FSDP": parameters sharded the way PyTorch FSDP does it (its memory mechanism, and the
    export's main plan); None leaves it to the framework's profile (DeepSpeed for most)."""
    m = ZERO.search(text)
    return "fsdp" if m is not None and m.group(0) == "fsdp" else None


_asked = asked_about  # "要不要 offload", "还需要 offload 吗": asked, not stated (bot/understand/switch_asks.py)
# "不开/不加/别上 offload", "without cpu offload", "skip offload", "refuse to offload", "拒绝 offload"; an A-not-A ("用不用", "要不要") negates nothing
OFFLOAD_NEG = lazy(r"(?:(?<![要用开需加上])不(?![要用开加])|\bno|\bnon|\bnot|without|w/o|(?<!用)不用|(?<!开)不开|(?<!加)不加|不想|(?<!要)不要|别|关闭?|关掉|去掉|无|免"
                   r"|\bskip(?:ping)?|\bavoid(?:ing)?|(?:don|doesn|won|needn)'?t(?:\s+want)?(?:\s+to)?|\brefus(?:e|es|ed|ing)\s+to|\brather\s+not|\bnever|\bcan'?t|\bcannot|拒绝|不愿意?|不打算|不希望|不能)"  # "no-offload", "无 offload", "offload-free"
                   r"(?:[\s-]*(?:需要?|做|开|加|用|上|带|靠|搞|弄|走|依赖|依靠|\brel(?:y|ies|ying)\s+on\b|\bdepend(?:s|ing)?\s+on\b|\buse\b|\busing\b|\bdo\b|\bdoing\b|\bany\b|\bthe\b|\ban?\b|\bneed(?:s|ing)?\b|\brequir(?:e|es|ing)\b)){0,2}[\s-]*(?:cpu[\s-]*|optimizer[\s-]*|zero[\s-]*)?offload|offload[\s-]*free", re.ASCII)
OFFLOAD_ALL = lazy(r"offload[\s_]*(?:param\w*|参数|all|全部|everything)|(?:param(?:eter)?s?|参数|权重)\s*(?:也|都|too|as\s+well)?\s*(?:offload|卸载)|zero[\s-]*infinity|(?:offload|卸载到?\s*(?:cpu|内存)?)\s*(?:both\s+)?(?:the\s+)?(?:optimizer|optim|优化器)(?:[\s_]*states?|状态)?\s*(?:and|和|与|及|跟|\+|&|/|、|,|，)\s*(?:the\s+)?(?:param\w*|参数(?!量)|权重|weights)|(?:the\s+)?(?:param\w*|参数(?!量)|权重|weights)\s*(?:and|和|与|及|跟|\+|&|/|、|,|，)\s*(?:the\s+)?(?:optimizer|optim|优化器)(?:[\s_]*states?|状态)?\s*(?:也|都|both)?\s*(?:offload|卸载)", re.ASCII)
OFFLOAD = lazy(r"offload|卸载到(?:cpu|内存)", re.ASCII)


def offload(text: str) -> str | None:
    if OFFLOAD_NEG.search(text) or OFFLOAD_OFF.search(text) or (keeps_speed(text) and not OFFLOAD.search(text)):  # "不想掉速": no offload
        return "none"
    m = OFFLOAD_ALL.search(text)
    if m and not _asked(text, m):
        return "all"
    m = OFFLOAD.search(text)
    if m and not _asked(text, m):
        return "optimizer"
    return None


LORA_RANK = lazy(r"(?:lora[\s_-]*)?(?:rank|秩)" + TO + r"(\d+)|(?<![a-z0-9])r\s*=\s*(\d+)|lora[\s_-]*r\s*[:=]?\s*(\d+)", re.ASCII)


def lora_rank(text: str) -> int | None:
    m = LORA_RANK.search(text)
    return int(next(g for g in m.groups() if g)) if m else None


# ---------------------------------------------------------------- data set and schedule
TOKENS = lazy(rf"({COUNT_NUMBER})\s*({COUNT_UNIT})\s*(?:个\s*)?(?:tokens?|toks?)(?![a-z])", re.ASCII)
YI_TOKENS = lazy(rf"({NUM})\s*(亿|千万|百万)(?!\s*(?:参数|的?模型|params?|条))", re.ASCII)
SAMPLES = lazy(rf"({COUNT_NUMBER})\s*([kmw万千]?)\s*"
                  r"(?:条|samples?|examples?|rows|conversations|对话|样本|instructions?"
                  r"|(?:listings|records|items|documents|docs|entries|dialog(?:ue)?s|prompts|pairs|reviews|tickets)(?![a-z]))", re.ASCII)
SAMPLES_BEFORE = lazy(rf"(?:数据|样本|data(?:set)?)\s*(?:量|集)?\s*(?:有|是|约|大概)?\s*({COUNT_NUMBER})\s*([kmw万千]?)\s*条"
                      rf"|(?:样本|samples?)\s*(?:数|量|数量|count)?\s*(?:[:=：]|有|是|约|大概)?\s*({COUNT_NUMBER})\s*([kmw万千]?)(?![\d.kmw万千]|\s*(?:tok|字|b\b|个?\s*token))",
                      re.ASCII)
AVG_LEN = lazy(r"(?:平均(?:长度|长)?(?:每条|每个样本|每样本)?|avg(?:\.|erage)?(?:[\s_-]*(?:len(?:gth)?|seq(?:uence)?))?|mean\s*len(?:gth)?)\s*[:=]?\s*(\d+)\s*(k)?|(\d+)\s*(k)?\s*(?:tokens?|toks?)\s*(?:avg\b|average\b|on\s+average|each\b|per\s+(?:sample|example|row|item)\b)", re.ASCII)  # "512 tokens avg"
EPOCHS = lazy(rf"(?<!\de-)(?<![A-WYZa-wyz\d.])({NUM})\s*(?:个\s*)?(?:epochs?|ep\b|轮|遍)|(?:epochs?|num_train_epochs|训练轮数|轮数)(?:{TO})({NUM})", re.ASCII)  # "epochs to 3", "epoch 改成 3"


def tokens(text: str) -> int | None:
    m = TOKENS.search(text)
    if m:
        return _int(to_number(m.group(1), m.group(2) or ""))
    return None


def yi_tokens(text: str) -> int | None:
    """A bare "1.5亿" / "2000万" in a training question: a token count (see the parser)."""
    m = YI_TOKENS.search(text)
    return _int(to_number(m.group(1), m.group(2))) if m else None


def samples(text: str) -> int | None:
    m = SAMPLES.search(text)
    if m is not None:
        return _int(to_number(m.group(1), m.group(2) or ""))
    m = SAMPLES_BEFORE.search(text)  # "数据 5000 条", "样本 3 万", "samples: 12k"
    if m is None:
        return None
    number, scale = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
    return _int(to_number(number, scale or ""))


def avg_len(text: str) -> int | None:
    m = AVG_LEN.search(text)
    return _int(to_number(m.group(1) or m.group(3), m.group(2) or m.group(4) or "", SEQ_UNITS)) if m else None


def epochs(text: str) -> float | None:
    m = EPOCHS.search(text)
    if not m:
        return None
    return float(m.group(1) or m.group(2))


# ---------------------------------------------------------------- model size
# "7blora" too; "14 billion" / "14bn" as "14b" (a count of tokens or samples in billions is no model size)
# a family written glued to its size ("qwen14b", "llama8b", "Qwen14B") that names no catalog model is that size,
# as "qwen 14b" is: the lookbehinds let the size start right after the family word
FAMILY_GLUED = "".join(f"|(?<=(?<![a-z]){brand})" for brand in (
    "qwen", "llama", "gemma", "mistral", "deepseek", "internlm", "chatglm", "glm", "phi", "yi", "baichuan", "falcon"))
# "(?=\d)": NUM starts with a digit; asserted first, the dozen lookbehinds are tried only where one stands
SIZE_B = lazy(rf"(?=\d)(?:(?<![a-z0-9.]){FAMILY_GLUED})({NUM})\s*(?:b|bn|billion)(?:(?![a-z])|(?=q?lora|full|sft))"
              r"(?!\s*(?:tokens?|samples?|examples?|rows?|dollars?|usd)\b)", re.ASCII)
SIZE_YI = lazy(rf"(?<![a-z0-9.])({NUM})\s*(亿)(?=\s*(?:参数|的?模型|params?|的))", re.ASCII)


def params_b(text: str) -> float | None:
    """A bare model size: 32b, 1.5b, 70亿参数, 320亿的模型."""
    m = SIZE_B.search(text)
    if m:
        return float(m.group(1))
    m = SIZE_YI.search(text)
    if m:
        return to_number(m.group(1), m.group(2)) / 1e9
    return None


# ---------------------------------------------------------------- rental and money
# a number is never read from inside another one: "0.5 year" is half a year, not five years
_N = r"(?<![\d.])(\d+(?:\.\d+)?)"
# "周6日" is Saturday and Sunday (bot/understand/weekend.py), never six days; "1周1天" is a week and a day
DAYS = lazy(r"(?!(?<=[周拜期])6)" + _N + r"[\s-]*(?:个\s*)?(?:(?:working|business|work)\s+|工作)?(?:天|日|days?|d)(?![a-z])", re.ASCII)
WEEKS = lazy(_N + r"[\s-]*(?:个\s*|次\s*(?=周租))?(?:周(?!末|期|[六日天]|6\s*(?:日|周|[+和加、到]))|星期|礼拜|(?:weeks?|wks?|w|weekly\s+(?:billing\s+)?(?:cycles?|rentals?|renewals?|terms?|periods?))(?![a-z0-9]))", re.ASCII)  # "5 weekly rentals", "5 次周租": weeks
# "seq 2048，月租多少": 月租 / 月付 / 月费 name the monthly term, so a figure before them counts no months ("3 个月租" still does)
MONTHS = lazy(_N + r"\s*(?:个\s*月|月(?!\s*(?:租|付|费))|months?|mo|(?:monthly\s+)?(?:billing\s+)?cycles?|monthly\s+(?:rentals?|renewals?|terms?|periods?)|次\s*月租|(?:个\s*)?(?:月度|计费|续费)?\s*周期)(?![a-z])", re.ASCII)
QUARTERS = lazy(r"(?:" + _N + r"|\b(?:a|one)(?=\s+quarter)|(?<![\d.a-z])(?=季度|quarter))\s*(?:个\s*)?(?:季度|季(?![度节])|quarter(?:s|ly)?)(?![a-z])(?!\s+of\b)", re.ASCII)  # "租一季", "for a quarter": 3 months
YEARS = lazy(_N + r"\s*(?:个\s*)?(?:年|years?|yrs?)(?![a-z])", re.ASCII)
# a Chinese unit may be followed by digits ("2小时10分钟"); a Latin "h" may not ("h100" is a card)
HOURS = lazy(_N + r"[\s-]*(?:个\s*)?(?:小时|钟头|(?:hours?|hrs?|h)(?![a-z0-9]))", re.ASCII)
# a used time with seconds ("1h 2m 30s", "61 分 12 秒", "61m12s"): every part counts, billing rounds it up
_SECONDS = r"(?:\s*(?:and\s+)?(\d+)\s*(?:秒钟?|secs?|seconds?|s))?(?![a-z0-9])"
HOURS_MINUTES = lazy(r"(\d+)\s*(?:个\s*)?(?:小时|钟头|hours?|hrs?|h)\s*(?:and\s+)?(\d+)\s*(?:分钟|分|mins?|minutes?|m)" + _SECONDS, re.ASCII)
MINUTES_SECONDS = lazy(r"(?<![\d.])(\d+)\s*(?:分钟|分|mins?|minutes?|m)\s*(?:and\s+)?(\d+)\s*(?:秒钟?|secs?|seconds?|s)(?![a-z0-9])", re.ASCII)
# "半年" / "半个月" / "半周" / "半天" / "半小时": half of the unit
HALF = lazy(r"半\s*(?:个\s*)?(年|月|周|星期|礼拜|天|日|小时|钟头)")
AND_A_HALF = lazy(r"(\d+)\s*个?\s*(天|日|周|星期|礼拜|月|小时|钟头|分钟|分)\s*半|(?<!\d)(\d+)\s*个半\s*(小时|钟头|月|星期|礼拜|周)")
UNIT_DAYS = {"天": 1.0, "日": 1.0, "周": 7.0, "星期": 7.0, "礼拜": 7.0, "月": 30.0}
HALF_DAYS = {"年": 180.0, "月": 15.0, "周": 3.5, "星期": 3.5, "礼拜": 3.5, "天": 0.5, "日": 0.5}
A_PERIOD = lazy(rf"{PERIOD_LEAD}\s+(?:(?:full|whole|entire)\s+)?(week|month|day|year)\b(?!\s+(?:after|before)\b)(?:(?<!the\sweek)(?<!the\smonth)(?<!the\sday)(?<!the\syear)|(?!\s+of\b))|/\s*(月|周|month|week|mo|wk)(?![a-z])|每\s*(?:个)?\s*(月|周)|(?<![上本这当该])(月|周)(?:租|付|费)|(?:包|按(?=\s*[月周]))\s*(?:个\s*)?(月|周|年)(?:付|租)?|\b(monthly|weekly|yearly|annually)\b|(?<![\d.])(?:1|一)?\s*整\s*(?:个\s*)?(天|周|星期|月|年)"
                r"|(?<![a-z]\s)(?<![a-z])\b(?<!next\s)(week|month)(?=\s*[?!.]*\s*$)"
                # "8x a100 month on gpuli", "h100 week at cloudgpu?": the bare unit before where it is rented is the length
                r"|(?<!this\s)(?<!next\s)(?<!last\s)(?<!that\s)(?<!each\s)(?<!same\s)(?<!the\s)(?<![\d.]\s)(?<![\d.])\b(week|month)\b(?=\s+(?:on|at|from|via)\s)"
                rf"|{UNIT_PRICED}", re.ASCII)  # "a full day", "一整天"; "8xh100 gpuli week?": the unit
PERIOD_DAYS = {"year": 365, "年": 365, "week": 7, "周": 7, "星期": 7, "天": 1, "wk": 7, "weekly": 7, "month": 30, "月": 30, "mo": 30, "monthly": 30, "day": 1, "yearly": 365, "annually": 365}
MAX_JOIN_GAP = 20  # characters between two lengths joined: "，然后再加", " and then another ", " of training plus "


def _years(value: float) -> float:
    """A whole year is 365 days (an annual prepay); a fraction counts billing months ("half a year": 6 × 30 days)."""
    return value * 365 if value == int(value) else value * 12 * 30


class Length(NamedTuple):
    """One length of time stated: where, how long, and whether it may be added to another (a rate
    such as "/月", "每月", "月租", "per month", "weekly" is a length, never one to add up)."""

    start: int
    end: int
    days: float
    hours: float
    addable: bool
    unit_hours: float  # the size of its unit ("3个月": 720), so "1个月1周" reads largest unit first
    times: int = 1  # "一周 x2", "周租 ×4": the length said multiplied (days and hours hold the product)


@one_message.per_message
def _lengths(text: str) -> list[Length]:
    """Every length of time stated, left to right and without overlaps."""
    found: list[Length] = []
    cards = [(c.start(), c.end()) for c in CARD_SHAPE.finditer(text)]  # "4090 周租", "a100 周租": a card's digits count no weeks

    def add(m: re.Match[str], days: float, hours: float, unit_hours: float, addable: bool = True) -> None:
        if not any(x.start < m.end() and m.start() < x.end for x in found) and not any(s <= m.start() < e for s, e in cards):
            n, end = times_after(text, m.end()) or (times_before(text, m.start(), cards, unit_hours >= 168) or 1, m.end())  # "一周 x2", "3 x 8h": that many
            found.append(Length(m.start(), end, days * n, hours * n, addable or n > 1, unit_hours, n))

    for m in HOURS_MINUTES.finditer(text):
        add(m, 0.0, float(m.group(1)) + float(m.group(2)) / 60 + float(m.group(3) or 0) / 3600, 1.0)
    for m in MINUTES_SECONDS.finditer(text):
        add(m, 0.0, float(m.group(1)) / 60 + float(m.group(2)) / 3600, 1 / 60)
    for m in AND_A_HALF.finditer(text):
        value, unit = float(m.group(1) or m.group(3)) + 0.5, m.group(2) or m.group(4)
        if unit in ("小时", "钟头", "分钟", "分"):  # "2 小时半", "37 分半" (37.5 minutes)
            add(m, 0.0, value / 60 if unit in ("分钟", "分") else value, 1 / 60 if unit in ("分钟", "分") else 1.0)
        else:
            add(m, value * UNIT_DAYS[unit], 0.0, UNIT_DAYS[unit] * 24)
    for m in HALF.finditer(text):
        unit = m.group(1)
        if unit in ("小时", "钟头"):
            add(m, 0.0, 0.5, 1.0)
        else:
            add(m, HALF_DAYS[unit], 0.0, HALF_DAYS[unit] * 48)
    for m in HOURS.finditer(text):
        add(m, 0.0, float(m.group(1)), 1.0)
    for pattern, unit, not_used in used_time.UNITS:  # minutes and seconds used (not a step's, a download's, the boot's)
        for m in pattern.finditer(text):
            if not not_used.search(text[max(0, m.start() - 8):m.end() + 8]):
                add(m, 0.0, float(m.group(1)) * unit, unit)
    for m in YEARS.finditer(text):
        add(m, _years(float(m.group(1))), 0.0, 365 * 24)
    for pattern, factor in ((QUARTERS, 90), (MONTHS, 30), (WEEKS, 7), (DAYS, 1)):
        for m in pattern.finditer(text):  # "续第2个月": the second month, one month more (an ordinal, no count)
            add(m, (1.0 if text[:m.start()].endswith(("第", "第 ")) else float(m.group(1) or 1)) * factor, 0.0, factor * 24)
    for m in A_PERIOD.finditer(text):
        # "按月续", "按周付": how it is paid, never a month added to the length said ("包半年（按月续）" is 180 days)
        rate = m.group(0).startswith(("per", "every", "按")) or not (m.group(1) or m.group(5) or m.group(7))
        days = float(PERIOD_DAYS[next(g for g in m.groups() if g)])
        add(m, days, 0.0, days * 24, addable=not rate)
    for m in weekend.weekend_spans(text):  # "for the weekend", "周末租", "sat+sun": two days
        add(m, 2.0, 0.0, weekend.WEEKEND_HOURS, addable=False)
    return sorted(found)


def _joined(text: str, lengths: list[Length]) -> list[Length]:
    """The first length and those joined to it: by "加 / 再 / 零 / plus / and / +" (a total asked
    for), or written straight after it in a smaller unit ("1年3个月", "2周3天", "1 month 2 weeks")."""
    run = lengths[:1]
    for nxt in lengths[1:]:
        last = run[-1]
        gap = text[last.end:nxt.start]
        # "1年3个月" adds; "一个月（30天）", "一个月 720 小时" restate the month: the smaller part is less than one larger unit
        same = abs((nxt.days * 24 + nxt.hours) - (last.days * 24 + last.hours)) < 1e-9  # "半天（12小时）": said again
        if not same and not gap.strip() and len(run) == 1 and _restates(last, nxt):
            run = [nxt]  # "包一年 12 个月": the year said again in billing months, which the user counted
            continue
        compound = not gap.strip() and not _unit_name(text, last) and nxt.unit_hours < last.unit_hours and nxt.days * 24 + nxt.hours < last.unit_hours and not same
        if len(gap) > MAX_JOIN_GAP or not (compound or JOIN.match(gap)) or not (last.addable and nxt.addable):
            break
        run.append(nxt)
    return run


def _restates(last: Length, nxt: Length) -> bool:
    """A length in a smaller unit that is the one before it counted in that unit ("一年 12 个月", "a year,
    52 weeks"): the same span said again (a year is 365 days, twelve billing months 360), never added."""
    whole = last.days * 24 + last.hours
    part = nxt.days * 24 + nxt.hours
    count = round(whole / nxt.unit_hours) if nxt.unit_hours else 0
    return nxt.unit_hours < last.unit_hours and count >= 2 and abs(part - count * nxt.unit_hours) < 1e-9 \
        and abs(whole - part) < nxt.unit_hours


def joined_duration(text: str) -> bool:
    """Several lengths added into one ("一个月再加两周"): a total, not a weekly-and-monthly listing."""
    return len(_joined(text, _lengths(text))) > 1


@one_message.per_message
def units_only(text: str) -> bool:
    """Every length stated is a rental unit's name ("包月", "周租", "monthly", "/月"), none a span
    ("三周", "for a month"): "包月划算还是周租划算" asks how to buy a span, it gives none."""
    lengths = _lengths(text)
    return bool(lengths) and all(_unit_name(text, x) for x in lengths)


def _unit_name(text: str, x: Length) -> bool:  # "包月", "weekly", "by the week": a unit's name, no span
    m = A_PERIOD.match(text, x.start)
    return m is not None and m.end() == x.end and not ((m.group(1) or m.group(7)) and not m.group(0).startswith(("per", "every")) and not f" {text[:x.start]}".rstrip().endswith(" by"))


def without_durations(text: str) -> str:
    """`text` with every rental length taken out ("8 小时", "两周", "包月", "a month"): a length
    changes a job; it is no subject of a question of its own."""
    for pattern in (HOURS_MINUTES, MINUTES_SECONDS, AND_A_HALF, HALF, HOURS, used_time.MINUTES, used_time.SECONDS, YEARS, QUARTERS, MONTHS, WEEKS, DAYS, A_PERIOD):
        text = pattern.sub(" ", text)
    return text


def duration(text: str) -> tuple[float | None, float | None]:
    """(days, hours): "一周" 7 days, "两个月" 60, "3天" 3, "48小时" 48 h, "2小时10分钟" 2⅙ h, "a month" 30,
    "/月" 30, "半年" / "half a year" 180 (six months of 30 days, as monthly billing counts them),
    "1.5个月" 45; lengths joined by 加/plus are added ("包个月再加两周" 44 days).

    Which single length wins when several are stated unjoined is kept from the older reader: a
    length in hours first (a run time), then years, months, weeks, days, then "a week" words."""
    text = unwindowed(planning.unweekdayed(planning.undated(text)))  # "deadline 12月15号": a day, not 12 months; "1 小时内能退款吗": a rule's
    lengths = [x for x in _lengths(text) if not ruled_out(text, x.end)] or _lengths(text)  # "一周半不行的话 两周呢": not that one
    if not lengths:
        return None, None
    run = _joined(text, lengths)
    if len(run) > 1 or run[0] != lengths[0]:  # added up, or the first said again in its smaller unit
        days, hours = sum(r.days for r in run), sum(r.hours for r in run)
        return (days, None) if not hours else (None, days * 24 + hours)
    order = (HOURS_MINUTES, MINUTES_SECONDS, AND_A_HALF, HALF, HOURS, used_time.MINUTES, used_time.SECONDS, YEARS, QUARTERS, MONTHS, WEEKS, DAYS, A_PERIOD)
    for pattern in order:
        for x in lengths:
            m = pattern.match(text, x.start)
            if m is not None and m.end() == x.end:
                return (None, x.hours) if x.hours else (x.days, None)
    first = lengths[0]
    return (None, first.hours) if first.hours else (first.days, None)


CURRENCY_WORDS = {
    "usdt": "USDT", "u": "USDT", "₮": "USDT",
    "usd": "USD", "$": "USD", "刀": "USD", "美元": "USD", "美金": "USD", "dollars": "USD", "dollar": "USD", "bucks": "USD",
    "元": "CNY", "块": "CNY", "块钱": "CNY", "人民币": "CNY", "rmb": "CNY", "cny": "CNY", "¥": "CNY", "yuan": "CNY",
}
CUR = r"(?:usdt|usd|dollars?|bucks|rmb|cny|yuan|人民币|美元|美金|块钱|块|元|刀|u|\$|¥|₮)"
MONEY_AFTER = lazy(rf"({amount.NUMBER})\s*([kw万千])?\s*({CUR})(?![a-z])", re.ASCII)
MONEY_BEFORE = lazy(rf"([$¥₮])\s*({amount.NUMBER})\s*([kw万千](?![a-tv-z]))?", re.ASCII)  # "$5 which": no 万
MONEY_BARE = lazy(rf"(?:充值?|冲|花|预算|上限|budget|spend|top(?:ped)?\s*-?up|topup|\badd|存|转)\D{{0,8}}?({amount.NUMBER})\s*([kw万千](?![a-tv-z]))?{amount.NOT_COUNTED}", re.ASCII)


def money(text: str) -> tuple[Decimal | amount.Ambiguous | amount.OutOfRange | None, str | None]:
    """(amount, currency): "500 USDT", "$200", "2万元", "1.5万人民币", "300U", "¥500", "花3千"."""
    m = MONEY_BEFORE.search(text)
    if m:
        return _decimal(m.group(2), m.group(3)), CURRENCY_WORDS[m.group(1)]
    m = MONEY_AFTER.search(text)
    if m:
        return _decimal(m.group(1), m.group(2)), CURRENCY_WORDS[m.group(3)]
    m = MONEY_BARE.search(text)
    if m:
        return _decimal(m.group(1), m.group(2)), None
    return None, None


def currency_only(text: str) -> str | None:
    """A currency named without an amount ("支持U付款吗", "pay in usdt")."""
    m = re.search(r"(?<![a-z])(usdt|u(?=\s*(?:付|充|支付|pay))|usd|美元|人民币|rmb|cny|yuan)(?![a-z])", text)
    return CURRENCY_WORDS[m.group(1)] if m else None


def _decimal(digits: str, unit: str | None) -> Decimal | amount.Ambiguous | amount.OutOfRange | None:
    found = amount.read_number(digits, unit)  # the one amount reader the commands use too
    return found.value if isinstance(found, amount.Amount) else found


# A dash joining numbers is a range ("7-8B", "2k-4k"); " - " between clauses ("zero 3 - 4 H100s") separates them.
RANGE = lazy(rf"(?<![a-z\d.])({NUM})\s*([kmb万亿千]?)(?:\s*(?:~|～|到|至)\s*|[-—–])({NUM})\s*([kmb万亿千]?)(?=\s*[a-z\u4e00-\u9fff]|\s|$)", re.ASCII)


def upper_bounds(text: str) -> str:
    """"7-8B", "seq 2k-4k", "4~8卡": a range is sized at its upper end (the safe side for memory)."""
    return RANGE.sub(lambda m: f"{m.group(3)}{m.group(4) or m.group(2)}", text)
