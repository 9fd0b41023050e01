"""The training switches a message turns on or off: the 8-bit optimizer, gradient checkpointing and the
attention kernel (offload has its own reader in fields.py, with its own negations).

Why one place for the "off": people refuse a switch in many ways ("不想用八比特", "不打算开梯度检查点",
"without the 8-bit optimizer", "we'd rather not use 8-bit adam", "flash attention 就不开了", "8bit adam off"),
and a reader that knows the switch's name but not each way of refusing it reads the refusal as the request:
the 8-bit optimizer came back switched ON for "不想用8比特". One pattern of refusals (NOT_BEFORE before the
switch, NOT_AFTER after it) serves every switch here, so a refusal learnt for one is known for all. An
A-not-A question ("要不要开", "用不用") asks and refuses nothing, and "no, use 8-bit adam" (its comma gone
by now) answers no to something else.
"""

from __future__ import annotations

import re

from bot.understand.lazy import LazyPattern, lazy
from bot.understand.switch_asks import asked_about

# a refusal before a switch: the word that refuses, then a few words that name the act ("用", "开", "to use the")
_REFUSE = (r"(?<!想)不想(?:再)?|(?<!要)不要|(?<!用)不用|(?<!开)不开|(?<!加)不加|没开|没用|(?<![区分特级性识类派])别(?!的|人)"
           r"|(?<!需)不需要?|不必|不打算|不希望|不考虑|不愿意?|无需|关掉|关闭|关了|(?<![相有])关(?=\s*[a-z0-9梯重])|去掉|禁用|拒绝"
           r"|\bno\b(?!\s*(?:use|using|用|开|with)\b)|(?<!\bor\s)\bnot\b|without|w/o|\bskip(?:ping)?\b|\bavoid(?:ing)?\b|\bdisabl(?:e|ed|ing)\b|\bturn(?:ing)?\s+off\b"
           r"|\bdrop(?:ping)?\b|\bnever\b|\brather\s+not\b|\bspare\s+(?:me|us)\b|(?:don|doesn|won|needn)'?t(?:\s+(?:want|need|wanna))?"
           r"|\bdo\s+not(?:\s+(?:want|need))?|\bno\s+need\s+for\b|\bcan'?t\s+use\b")
_ACT = (r"(?:\s*(?:给(?:我们?|咱们?)|帮我们?|搞|整|弄|用|开|加|上|启用|打开|使用|了|\bto\b|\buse\b|\busing\b|\benable\b|\bturn\s+on\b|\bthe\b|\ban?\b"
        r"|\bany\b|\bwith\b|-)){0,3}\s*")
NOT_BEFORE = rf"(?:{_REFUSE}){_ACT}"
# a refusal after a switch: "8bit adam off", "梯度检查点关掉", "flash attention 就不开了", "8bit 优化器不用了"
NOT_AFTER = (r"\s*(?:[:=]\s*)?(?:就\s*)?(?:\boff\b(?!load)|disabled|false|关闭|关掉|关了|关(?![于系注心键联乎机])|去掉|算了|免了"
             r"|(?:不开|不用|不要|不加)(?=\s*(?:了|吧|啊|$|[,，。.!?？;；])))")


def _off(word: str) -> LazyPattern:
    """The switch named by `word`, refused before or after it."""
    return lazy(rf"{NOT_BEFORE}(?:{word})|(?:{word}){NOT_AFTER}", re.ASCII)


# offload refused after its name, or with a refusal OFFLOAD_NEG (fields.py) does not know: "offload 就算了", "offload off"
OFFLOAD_OFF = _off(r"(?:cpu[\s_-]*|optimizer[\s_-]*)?offload(?:ing)?")
EIGHT_BIT = r"8[\s_-]?(?:bit|比特|位)(?![\s_-]*(?:base|底座|量化|quant|load|weight|权重|q?lora))"
OPTIM_8BIT_WORD = (r"8[\s-]?bit\s*(?:adam\w*|optim\w*|优化器)|adam\w*[\s_-]*8[\s_-]?bit|8\s*(?:比特|位)\s*(?:adam\w*|优化器)"
                   r"|paged[\s_-]*adam\w*[\s_-]*8bit|bnb[\s_-]*8[\s_-]?bit|8bit[\s_-]*adam")
OPTIM_8BIT = lazy(OPTIM_8BIT_WORD, re.ASCII)
OPTIM_8BIT_OFF = _off(rf"{OPTIM_8BIT_WORD}|{EIGHT_BIT}")
OPTIM_PLAIN = lazy(r"(?:plain|vanilla|standard|普通的?|标准的?|原版的?|常规的?)\s*adam|(?:32[\s-]?bit|fp32|float32|全精度)\s*(?:的\s*)?(?:adam|优化器|optimizer)|adamw_torch"
    r"|(?:with|using|use|用|\+)\s*(?:the\s+)?adamw?\b(?![\s_-]*8)"  # "bf16 + adamw"; every trick ruled out ("no tricks") too
    r"|(?:不开|不用|不加|没开|没有|\bno|without)\s*(?:任何|any\s+)?\s*(?:省显存的?\s*)?(?:tricks?\b|技巧|花活|优化技巧)", re.ASCII)
# "8bit" switched on bare ("单卡a100 80g 开8bit 放得下", "with 8bit on one h100"): the optimizer, unless LoRA's base is meant
OPTIM_8BIT_ON = lazy(r"(?:开|用|打开|启用|加|上|\bwith|\busing|\buse|\benabl\w*)\s*(?:了\s*)?" + EIGHT_BIT + r"(?![\s_-]*(?:模型|model|推理|infer))", re.ASCII)


def optimizer(text: str) -> str | None:
    """"8bit 优化器", "开8bit" (no LoRA named): the 8-bit one; "不想用8比特", "without 8-bit adam", "plain AdamW": AdamW."""
    from bot.understand.fields import LORA, QLORA  # fields re-exports this module's readers

    if OPTIM_8BIT_OFF.search(text) or OPTIM_PLAIN.search(text):
        return "adamw"
    m = OPTIM_8BIT.search(text) or (None if LORA.search(text) or QLORA.search(text) else OPTIM_8BIT_ON.search(text))
    if m and not asked_about(text, m):
        return "adamw-8bit"
    return None


GC_WORD = r"(?:梯度检查点|检查点重计算|重计算|gradient[\s_-]*checkpoint\w*|grad[\s_-]*(?:ckpt|checkpoint\w*)|activation[\s_-]*checkpoint\w*|\bgc\b)"
GC_OFF = _off(GC_WORD)
GC_ON = lazy(GC_WORD, re.ASCII)


def grad_checkpointing(text: str) -> bool | None:
    if GC_OFF.search(text):
        return False
    if GC_ON.search(text):
        return True
    return None


ATTN_FLASH_WORD = r"flash[\s_-]*(?:attn|attention)\w*|\bfa2?\b|flashattention|flash(?![\s_-]*(?:attn|attention))"
ATTN_EAGER = lazy(r"\beager\b|没有\s*flash", re.ASCII)
ATTN_OFF = _off(ATTN_FLASH_WORD)
ATTN_SDPA = lazy(r"\bsdpa\b", re.ASCII)
ATTN_FLASH = lazy(r"flash[\s_-]*(?:attn|attention)\w*|\bfa2?\b|flashattention", re.ASCII)


def attention(text: str) -> str | None:
    if ATTN_EAGER.search(text) or ATTN_OFF.search(text):
        return "sdpa" if "sdpa" in text else "eager"
    if ATTN_SDPA.search(text):
        return "sdpa"
    if ATTN_FLASH.search(text):
        return "flash"
    return None
