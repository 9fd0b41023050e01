"""A memory switch (optimizer offload, the 8-bit optimizer) only asked about, never stated.

Why: "32b 全参 8 卡 h100 还需要 offload 吗", "7b 全参 要不要 8bit 优化器", "is cpu offload the cheapest safe
option for 14b full ft" ask whether the switch is needed; sizing them *with* the switch on answers
another question (and "要不要" once read as the negation 不要, i.e. "plain AdamW"). A switch asked about
is left unstated, so the engine picks the plan (and seed 000's minimum) as it would with no switch
named, and the reply leads with the yes/no (`switch_asked` tells it which switch was asked).
"""

from __future__ import annotations

import re
import unicodedata

from bot.understand.lazy import lazy

# an A-not-A or "should" word right before the switch: "要不要 offload", "需要开 8bit 优化器吗"
QUESTION_BEFORE = lazy(r"要不要|需不需要|用不用|开不开|加不加|上不上|该不该|是否|(?<!只)要开|需要开|得开|should\s+i|worth\s+it", re.ASCII)  # "只要开": as long as it is on
# a word of need right before the switch, in a message that is a question: "还需要 offload 吗",
# "do we still need cpu offload", "is offload needed"
NEED_BEFORE = lazy(r"(?:需要|还要|还得|必须|用得着|有必要|need(?:s|ed)?(?:\s+to\s+use)?|require[sd]?)\s*(?:开\s*|用\s*|上\s*)?"
                   r"(?:the\s+|an?\s+)?(?:cpu\s+|optimizer\s+|deepspeed\s+)?$", re.ASCII)
# "is cpu offload the cheapest...", "…, is the 8-bit optimizer necessary": the switch is the subject of a question
IS_BEFORE = lazy(r"(?:^|[,，;；]\s*|\band\s+|\bso\s+)(?:is|isn'?t|are|does|do)\s+(?:the\s+|an?\s+)?(?:cpu\s+|optimizer\s+|deepspeed\s+)?$",
                 re.ASCII)
NEED_AFTER = lazy(r"^\s*(?:\S+\s+){0,2}?(?:还?(?:需要|有必要|要开|必要)|要不要|需不需要|开不开|用不用|吗|么|necessary|needed|required|worth)", re.ASCII)
# a verdict on the job between the switch and the question mark: "开 8bit adam 会 oom 吗", "with 8-bit adam will
# it fit?" ask whether the job fits with the switch on, so the switch is stated, not asked about
JOB_VERDICT = lazy(r"oom|爆|够|[装放塞]得?下|跑得?[动了起]|能跑|\bfit|\brun", re.ASCII)
QUESTION = lazy(r"[吗么嘛呢?？]\s*$|^\s*(?:do|does|is|are|should|would|will|can|must)\b|\b(?:do|does|should)\s+(?:i|we|you|it)\b"
                r"|有必要|需不需要|要不要", re.ASCII)

OFFLOAD_WORD = lazy(r"offload|卸载到(?:cpu|内存)", re.ASCII)
EIGHT_BIT_WORD = lazy(r"8[\s-]?bit\s*(?:adam\w*|optim\w*|优化器)|adam\w*[\s_-]*8[\s_-]?bit|8\s*(?:比特|位)\s*(?:adam\w*|优化器)"
                      r"|bnb[\s_-]*8[\s_-]?bit|8bit[\s_-]*adam", re.ASCII)


def asked_about(text: str, m: re.Match[str]) -> bool:
    """True when the switch matched at `m` is only asked about: an A-not-A word before it, or a word
    of need before or after it in a question ("还需要 offload 吗", "is cpu offload the cheapest...")."""
    before = text[max(0, m.start() - 24):m.start()]
    if QUESTION_BEFORE.search(text[max(0, m.start() - 8):m.start()]) or IS_BEFORE.search(before):
        return True
    after = NEED_AFTER.search(text[m.end():m.end() + 16])
    need_after = after is not None and not JOB_VERDICT.search(after.group())
    if need_after and re.search(r"\b(?:is|are)\s+(?:the\s+|an?\s+)?(?:cpu\s+|optimizer\s+)?$", before):
        return True  # "…on 1 a100 is the 8-bit optimizer necessary" (normalizing took the comma)
    return bool(QUESTION.search(text) and (NEED_BEFORE.search(before) or need_after))


# ZeRO stage 3 named as the switch: "要开 zero3 吗", "two 4090s, 8b qlora, zero3?"
ZERO3_WORD = lazy(r"zero[\s_-]*(?:stage)?[\s_-]*3(?!\d)|\bz3\b", re.ASCII)
# the switch itself asked, the question mark right after it ("zero3?", "zero-3 吗")
ASKED_RIGHT_AFTER = lazy(r"^\s*(?:\?|？|吗|么)", re.ASCII)
# more than the stage and a frame word ("zero3?", "那 zero3 呢", "and zero3?" change the stage of the job before)
STAGE_ONLY_CHARS = 12


# "4090 多卡能 zero3 吗", "can several 4090s run it with zero3?": whether it works with ZeRO-3, sized with it
CAN_BEFORE = lazy(r"(?:能|可以|可不可以|\bcan\b|\bcould\b)[^,，。?？]{0,36}$", re.ASCII)


def zero3_asked(text: str, m: re.Match[str]) -> bool:
    """True when the ZeRO-3 named at `m` is asked about as a need ("要不要开 zero3", "zero3?"), not stated;
    asked whether it can run with it ("能 zero3 吗"), the stage is the setup to size."""
    if CAN_BEFORE.search(text[max(0, m.start() - 40):m.start()]):
        return False
    return asked_about(text, m) or bool(ASKED_RIGHT_AFTER.search(text[m.end():m.end() + 4]))


def zero3_question(raw: str) -> bool:
    """ZeRO-3 asked with its own question mark ("two 4090s, 8b qlora, zero3?"), which normalizing drops."""
    text = unicodedata.normalize("NFKC", raw).lower()
    if len(re.sub(r"[\W_]+", "", ZERO3_WORD.sub(" ", text))) <= STAGE_ONLY_CHARS:
        return False
    return any(ASKED_RIGHT_AFTER.search(text[m.end():m.end() + 4]) and not CAN_BEFORE.search(text[max(0, m.start() - 40):m.start()])
               for m in ZERO3_WORD.finditer(text))


def switch_asked(norm: str) -> str | None:
    """Which switch the message asks whether it needs: "offload", "optimizer" (the 8-bit one) or "zero3"."""
    for name, pattern in (("offload", OFFLOAD_WORD), ("optimizer", EIGHT_BIT_WORD)):
        m = pattern.search(norm)
        if m is not None and asked_about(norm, m):
            return name
    m = ZERO3_WORD.search(norm)
    return "zero3" if m is not None and zero3_asked(norm, m) else None


# Speed kept as the job's condition ("72b 全参 不想掉速", "keep it fast", "without losing throughput"): offload, the
# one switch that buys memory with 20–50% of the throughput (seed 000), is ruled out; the plan keeps the states on
# the cards (for 72B full, 8×H200 with the 8-bit optimizer). One source for the reading and for the FAQ's topic,
# where these words are the job's condition, not a question about slow runs.
KEEP_SPEED_WORDS = (r"(?:不想|不要|不能|不愿|别|不希望|不可以)\s*(?:太|那么|明显)?\s*(?:掉速|降速|减速|变慢|慢|拖慢|牺牲速度|影响速度|掉吞吐)"
                    r"|速度\s*(?:别|不要|不能)\s*太?\s*(?:差|慢|低)|\bnot\s+(?:too|that|so)\s+slow\b"
                    r"|速度优先|保速度|保吞吐|keep\s+(?:it\s+|things\s+)?(?:fast|quick|at\s+full\s+speed)|at\s+full\s+speed"
                    r"|(?:no|without(?:\s+a)?|avoid(?:ing)?(?:\s+a)?)\s+(?:slow[\s-]*down|throughput\s+(?:loss|hit|drop)|speed\s+(?:loss|hit|penalty))"
                    r"|without\s+(?:slowing\s+(?:it\s+)?down|losing\s+(?:speed|throughput))"
                    r"|don'?t\s+want\s+(?:it\s+)?(?:to\s+be\s+)?(?:slow|slower|to\s+slow\s+down|to\s+lose\s+(?:speed|throughput))"
                    # speed wished outright ("不差钱 越快越好", "cost is fine, we need it fast"); "哪个快", "要多快" ask, not wish
                    r"|(?<![哪谁多])(?:要|求|图)快(?![速递照])|越快越好|快就行|速度第一|\b(?:want|need)\s+(?:it\s+)?(?:fast|quick)\b"
                    r"|as\s+fast\s+as\s+possible|\bspeed\s+(?:matters|is\s+(?:key|the\s+priority|what\s+matters))"
                    # the throughput or speed ranked first ("吞吐要紧", "速度最重要", "throughput matters", "throughput is key")
                    r"|(?:吞吐量?|速度|throughput|speed)\s*(?:最|很|比较|更)?\s*(?:要紧|重要|关键|优先|第一)"
                    r"|\b(?:throughput|speed)\s+(?:really\s+)?(?:matters|counts|is\s+(?:key|critical|important|the\s+priority))")
KEEP_SPEED = lazy(KEEP_SPEED_WORDS, re.ASCII)


def keeps_speed(text: str) -> bool:
    """Whether the message makes speed a condition of the job (so: no offload)."""
    return KEEP_SPEED.search(text) is not None


# How much a memory lever saves on the job named ("8bit 优化器对 7b 全参能省多少显存", "how much does gradient
# checkpointing save on an 8b lora"): the amount, asked of that job, is the two sizings set side by side
# (bot/views/lever_saving.py), not the lever's general FAQ entry nor a sizing with the lever on
SAVED_AMOUNT = lazy(r"(?:能|可以|会|能够|大概|大约)?\s*(?:节?省|(?<![最至多])少占?用?|降低?|减少?)\s*(?:下|掉|了)?\s*(?:多少|几|多大|好多)"
                    # "从多少降到多少", "降到多少", "from how much down to what": the two figures asked
                    r"|从\s*多少\s*(?:gb?|g)?\s*(?:降|减|压|省|变)|(?:降|减|压缩?)\s*到\s*(?:多少|几)|\bfrom\s+how\s+much\b|\bdown\s+to\s+(?:how\s+much|what)\b"
                    r"|how\s+much\b.{0,60}?\b(?:save[sd]?|saving|cut|reduce[sd]?|less)\b|\bsavings?\b.{0,30}\b(?:from|with|of|by)\b",
                    re.ASCII)
# whether a lever helps the job named ("does gradient checkpointing help for 14b lora at 32k", "梯度检查点对 14b
# lora 有用吗"): answered by the same two sizings, led by the yes or no they give
HELPS = lazy(r"有用吗|有没有用|有用没|有帮助吗|有没有帮助|帮助大吗|管用吗|管不管用|有效吗|有没有效果|值得开吗|值不值得开"
             r"|\b(?:does|do|would|will|can|is)\b.{0,60}?\b(?:help|helps|worth\s+it|useful|make\s+a\s+difference|matter)\b",
             re.ASCII)
LEVER_WORDS = (("eight_bit", EIGHT_BIT_WORD), ("checkpointing", lazy(
    r"梯度检查点|激活检查点|重计算|(?:gradient|grad|activation)[\s_-]*(?:checkpoint\w*|ckpt)|recomput\w*", re.ASCII)),
    ("offload", OFFLOAD_WORD), ("zero", lazy(r"zero[\s_-]*(?:stage)?[\s_-]*[123]|\bfsdp\b", re.ASCII)))


def saving_asked(norm: str) -> str | None:
    """The lever ("eight_bit", "checkpointing", "offload", "zero") whose saving the message asks the amount
    of, or whether it helps; None when neither is asked, or when it names two levers or two ZeRO stages."""
    named = [code for code, pattern in LEVER_WORDS if pattern.search(norm)]  # the short patterns first: most
    if len(named) != 1 or not (SAVED_AMOUNT.search(norm) or HELPS.search(norm)):  # messages name no lever
        return None
    if named == ["zero"] and len(set(re.findall(r"zero[\s_-]*(?:stage)?[\s_-]*([123])", norm))) > 1:
        return None  # "zero-3 比 zero-2 省多少": two stages weighed, the stages' own answer
    return named[0]
