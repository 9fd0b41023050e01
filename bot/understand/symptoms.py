"""A symptom of a run asked about beside the job: its cause, not the job's sizing.

Why: "13b 训着训着 nan 了 是显存不够吗", "bf16 on and the 14b full still OOMs, why?" name a model and
(often) memory, so they read as a sizing, yet they ask why something went wrong: what a run showed (NaN,
a diverging loss, an OOM), then a guess at its cause ("是显存不够吗", "is it memory?") or a why ("怎么还",
"why", "still"). The sizing never says the cause; the FAQ entry about the symptom does ("NaN": fp16
overflow, use bf16; "bf16 还 OOM": the optimizer's fp32 states are not halved). A symptom only feared
("会 oom 吗", "is it going to OOM on a 4090") asks whether the job fits: no guess follows the symptom there.
"""

from __future__ import annotations

import re

from bot.understand.faq import CONFIDENT, Hit, lookup
from bot.understand.lazy import lazy

# what a run shows when it goes wrong
SYMPTOM = lazy(r"\bnan\b|溢出|发散|diverg\w*|\bblow(?:s|ing|n)?\s+up\b|\bblew\s+up\b|\boom(?:s|ed|ing)?\b|爆显存"
               r"|out\s+of\s+memory")
# running out of memory: a guess at its cause ("oom 了 是不是卡太小", "ooms, is it the batch size?") is a memory
# question the job's sizing answers; only a why after a switch that did not help is the FAQ's
OUT_OF_MEMORY = lazy(r"\boom\w*|爆显存|out\s+of\s+memory")
# a guess at the cause, after the symptom ("nan 了 是显存不够吗", "went nan, is it memory?"): the words
# before it name what is asked about, the guess is the user's (and often wrong)
GUESS = lazy(r"是不是|是因为|是.{0,12}[吗么]|\b(?:is|was)\s+(?:it|this|that)\b|\bbecause\b|\bdue\s+to\b|\bcaused\s+by\b")
# why it happened, or happens still after a fix ("开了 bf16 怎么还 oom", "bf16 on, still OOM")
WHY_STILL = lazy(r"为什么|为啥|为何|怎么还|咋还|怎么又|怎么会|原因|导致|怎么回事|\bwhy\b|\bstill\b|\bhow\s+come\b")


# a memory lever said to be off ("OOM on 80GB w/o an 8-bit optimizer, why?", "不开 8bit 优化器为什么会 oom"): why the run
# fails without it is what that lever saves, the lever's own entry (16 bytes a parameter against 10)
WITHOUT_LEVER = lazy(r"(?:\bwithout|\bw/o|\bno|\bnot\s+using|\bdid\s*n[o']?t\s+(?:use|enable|turn\s+on)|不开|没开|没用|不用|未开|关了|关掉)"
                     r"\s*(?:an?\s+|the\s+|any\s+)?((?:8[\s-]?bit|8\s*位)\s*(?:adam\w*|optim\w*|优化器)?|bf16|offload\w*|cpu\s*offload\w*"
                     r"|梯度检查点|(?:grad(?:ient)?[\s_-]*)?checkpointing|梯度累[积加]|grad(?:ient)?[\s_-]*accum\w*)", re.I)
LEVER_WORDS = {"8bit": "8-bit optimizer"}  # a bare "8-bit" said of the optimizer is looked up as the FAQ words it


def still_asked(topic: str) -> bool:
    """Whether `topic` asks why a symptom happens (still, after something was switched on)."""
    return bool(SYMPTOM.search(topic) and WHY_STILL.search(topic))


def cause_asked(topic: str, switched: bool) -> Hit | None:
    """The FAQ entry on the symptom `topic` asks the cause of (the message without its job), or None:
    the part before a guess at the cause is looked up ("训着训着 nan 了", not "显存不够"), the whole
    topic for a why after a switch that did not help (`switched`: "开了 bf16 了 怎么还 oom"); a bare why
    ("8卡 zero2 跑 32b 为啥 oom": the stage is the job's, out of the topic) is left to the topic's entry."""
    symptom = SYMPTOM.search(topic)
    if symptom is None:
        return None
    off = WITHOUT_LEVER.search(topic)
    if off is not None and WHY_STILL.search(topic):
        lever = re.sub(r"[\s-]|optim\w*|adam\w*|优化器", "", off[1].lower()) if re.match(r"8", off[1]) else off[1]
        hit, _ = lookup(LEVER_WORDS.get(lever, lever), None)
        if hit is not None and hit.score >= CONFIDENT:
            return hit
    guess = GUESS.search(topic, symptom.end())
    if guess is not None:
        if OUT_OF_MEMORY.fullmatch(symptom[0]):
            return None
        asked = topic[: guess.start()]
    elif switched and WHY_STILL.search(topic):
        asked = topic
    else:
        return None
    # the words around the symptom can dilute it ("跑着跑着 nan 了"): the symptom alone is asked then
    for words in (asked, symptom[0]):
        hit, _ = lookup(words, None)
        if hit is not None and hit.score >= CONFIDENT:
            return hit
    return None
