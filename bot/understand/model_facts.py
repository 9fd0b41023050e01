"""A catalog model's own shapes asked as facts ("qwen3 32b 有多少层", "hidden size of llama 3.1 8b",
"qwen3-8b 上下文多长", "how many attention heads does qwen3 14b have"): answered from the model catalog
(catalogs/models.yaml, with its source), never with a sizing.

Why its own reader: the message names a model and nothing else a job needs, so it was sized as a LoRA on
one card and the figure asked for was nowhere in the reply. Read once from the normalized text with the
other asks (bot.understand.asks); the parameter count is the param_count ask's, read there.
"""

from __future__ import annotations

import re

from bot.understand.lazy import lazy

_ASK = r"(?:是|有|为|支持)?\s*(?:多少|多大|多长|几)"
_LENGTH = r"\d[\d,.]*\s*k?"  # a context length as typed ("128k", "131072", "32 k")
# the facts a message can ask of a model, in the order a reply gives them: (key, pattern)
FACTS = (
    ("layers", lazy(r"(?:多少|几)\s*(?:个)?\s*(?:层|layer)|层数|layer\s*(?:count|number)|how\s+many\s+(?:\w+\s+)?layers"
                    r"|number\s+of\s+(?:\w+\s+)?layers|num_hidden_layers", re.IGNORECASE)),
    ("hidden", lazy(r"hidden[\s_-]*(?:size|dim(?:ension)?)|d_model|隐藏层?\s*(?:维度|大小|尺寸)|隐层\s*(?:维度|大小)"
                    r"|(?:模型|hidden)\s*维度", re.IGNORECASE)),
    ("heads", lazy(r"(?<!kv)(?<!kv\s)(?:注意力)?头\s*数|(?:多少|几)\s*个?\s*(?:注意力)?\s*头(?!\s*kv)|how\s+many\s+(?:attention\s+|query\s+)?heads"
                   r"|number\s+of\s+(?:attention\s+)?heads|num_attention_heads|attention\s+heads", re.IGNORECASE)),
    ("kv_heads", lazy(r"kv[\s_-]*(?:头|heads?)|key[\s-]*value\s+heads|num_key_value_heads|\bgqa\s*(?:组|group)", re.IGNORECASE)),
    ("vocab", lazy(r"词表|词汇表|vocab(?:ulary)?(?:[\s_-]*size)?\b", re.IGNORECASE)),
    # figures the engine computes from the shapes (bot.views.param_count): the parameters active per token of a
    # mixture of experts, the bf16 KV cache one token takes, an adapter's trainable parameters
    ("active", lazy(r"\bactive\s*(?:param|weight)|\bactivated\s*(?:param|weight)|param(?:eter)?s?\s+(?:are\s+|is\s+)?active|激活\s*(?:的)?\s*参数|激活参数量?|激活量", re.IGNORECASE)),
    ("kv_token", lazy(r"(?:kv\s*cache|kv\s*缓存|kv).{0,12}(?:每\s*(?:个)?\s*token|per[\s-]+token|/\s*token|a\s+token|each\s+token)"
                      r"|(?:每\s*(?:个)?\s*token|per[\s-]+token|each\s+token).{0,12}(?:kv\s*cache|kv\s*缓存|\bkv\b)", re.IGNORECASE)),
    ("lora_params", lazy(r"(?:可训练|trainable|可训)\s*(?:的)?\s*(?:参数|param)|(?:lora|adapter|适配器)\s*(?:的)?\s*(?:参数量|参数\s*(?:多少|有多少|几)|param(?:eter)?s?\s*(?:count)?\b)"
                         r"|how\s+many\s+(?:params?|parameters)\s+(?:does\s+)?(?:the\s+|a\s+)?(?:lora|adapter)", re.IGNORECASE)),
    ("context", lazy(rf"(?:上下文|context)\s*(?:长度|窗口|length|window)?\s*{_ASK}|(?:最长|最大|最多)\s*(?:支持)?\s*(?:多少|多长)?\s*(?:的)?\s*(?:上下文|context)"
                     r"|支持\s*(?:多长|多少)\s*(?:的)?\s*(?:上下文|context|token)|max(?:imum)?[\s_-]*(?:context|position(?:_embeddings)?)\b(?!\s*\d)"
                     r"|(?:how\s+long|what)\b.{0,20}\bcontext\b(?!\s*\d)|context\s+(?:length|window)\s*(?:of|for|is|\?|$)"
                     # a length asked whether the model takes it ("支持 128k 上下文吗", "上下文能到 128k 吗", "does it support
                     # 128k context", "can qwen3 8b handle a 128k context window?"): its window is the answer
                     rf"|支持\s*{_LENGTH}\s*(?:的\s*)?(?:上下文|context|长上下文)|(?:上下文|context)\s*(?:长度|窗口)?\s*(?:能|可以)?\s*(?:到|达到|支持|开到)\s*{_LENGTH}"
                     rf"|\b(?:support|handle|take|do)s?\s+(?:a\s+|the\s+)?{_LENGTH}\s*(?:tokens?\s+)?(?:of\s+)?(?:context|ctx)\b"
                     rf"|\b{_LENGTH}\s*(?:tokens?\s+)?(?:context|ctx)(?:\s+(?:window|length))?\s+(?:supported|support)\b", re.IGNORECASE)),
)

# a size asked and nothing else ("多大", "有多大呢", "那它多大", "how big is it?", "what size are they"): of the
# model or weights just discussed (bot.core.facts_follow)
SIZE_ALONE = lazy(r"(?:(?:那|它|这个|那个|这|那它)\s*)?(?:文件\s*)?(?:有|是)?\s*(?:多大|多少\s*g|几\s*g|大小)\s*(?:呢|啊|呀|吗)?\s*[?？]*"
                  r"|(?:and\s+|so\s+)?(?:how\s+(?:big|large)|what\s+size)(?:\s+(?:is|are)\s+(?:it|they|that|those|the\s+file|the\s+download))?\s*\?*"
                  r"|(?:file\s+|download\s+)?size\s*\?*", re.IGNORECASE)


# the weights named first and their size asked after ("base weights how big in nf4", "权重在 nf4 下占多少"), or the size
# named first ("footprint of the nf4 weights"): the weights line leads (asks.weights); weight decay is no weights
# An amount in gigabytes asked counts as a size too ("how many GB", "多少 GB", "几个G"), in either language after either word.
_IN_GB = r"how\s+many\s+(?:gb|gigs?|gigabytes?)\b|多少\s*g|几\s*个?\s*g(?!pu)"
WEIGHTS_SIZE = lazy(r"\bweights\b[^.?!;]{0,24}?(?:\b(?:how\s+(?:big|large|heavy|much\s+(?:memory|space|vram|room|disk))|size|footprint|take\s+up)\b"
                    rf"|{_IN_GB})"
                    r"|\b(?:size|footprint)\s+of\s+(?:the\s+)?(?:[\w-]+\s+){0,2}weights\b"
                    r"|(?:底座|基座|权重(?!衰减))[^，。,?？;；]{0,10}?(?:多大|占多少|有多大|多少\s*g|几\s*个?\s*g(?!pu)|大小|占用多少)", re.IGNORECASE)
# the least memory a job can run in asked ("微调 7b 最少要多少显存", "显存最低要多大", "minimum vram for a 7b finetune",
# "at least how much memory"): with no method named, the method that needs least (QLoRA) answers it
LEAST_MEMORY = lazy(r"(?:最少|最低|至少|最小)\s*(?:要|需要|得|用|能)?\s*(?:多少|多大|几)\s*(?:g|gb)?\s*(?:的)?\s*显存"
                    r"|显存\s*(?:最少|最低|至少|下限)\s*(?:要|需要|得)?\s*(?:多少|多大|几|是)?|(?:最低|最少|最小)\s*显存|最省显存"
                    r"|\b(?:minimum|min|least|lowest|smallest)\s+(?:amount\s+of\s+)?(?:gpu\s+)?(?:vram|memory)\b|\bat\s+least\s+how\s+much\s+(?:gpu\s+)?(?:vram|memory)\b"
                    r"|\bhow\s+little\s+(?:gpu\s+)?(?:vram|memory)\b|\b(?:vram|memory)\b.{0,20}\bat\s+(?:the\s+)?(?:minimum|least|min)\b", re.IGNORECASE)


def facts_asked(norm: str) -> tuple[str, ...]:
    """The catalog shapes the message asks of a model, by key ("layers", "hidden", "heads", "kv_heads",
    "vocab", "context", "active", "kv_token", "lora_params"); () when it asks none."""
    return tuple(key for key, pattern in FACTS if pattern.search(norm))


# several ZeRO stages named at once ("zero-1 zero-2 zero-3 每卡各多少", "zero 1/2/3 per gpu", "ZeRO-2 vs ZeRO-3"):
# the stages compared side by side on one job (bot.views.zero_stages); one stage named is the job's own setting
_STAGE = lazy(r"(?:zero|deepspeed|\bds|\bz)[\s_-]*(?:stage)?[\s_-]*([0-3](?:\s*(?:/|、|,|，|和|与|及|跟|还是|or|and|vs\.?|&)\s*(?:(?:zero|stage)[\s_-]*)?[0-3](?!\d))*)(?!\d)", re.IGNORECASE)


def zero_stages(norm: str) -> tuple[int, ...]:
    """The ZeRO stages a message names, in order, when it names two or more; () otherwise."""
    stages = [int(d) for m in _STAGE.finditer(norm) for d in re.findall(r"[0-3]", m.group(1))]
    found = tuple(dict.fromkeys(stages))
    return found if len(found) >= 2 else ()


# a figure per card asked with no memory word ("zero 1/2/3 per gpu", "zero2 zero3 每卡多少"), not a price per card
PER_CARD = lazy(r"(?:每|单)\s*张?\s*(?:卡|gpu)(?!\s*(?:每|一)?\s*(?:小时|天|周|月))|\bper[\s-]*(?:gpu|card)\b(?![\s-]*(?:per[\s-]*)?(?:hour|day|week|month))"
                r"|\beach\s+(?:gpu|card)\b", re.IGNORECASE)


# a weight format's bytes (or bits) per parameter asked ("nf4 加 double quant 每参数多少字节", "bf16 bytes per param",
# "how many bits per weight is nf4"): the engine's figure for the format (bot.views.format_bytes)
_PER_PARAM = lazy(r"每\s*(?:个)?\s*(?:参数|权重)\s*(?:占|要|是|有)?\s*(?:多少|几)\s*(?:个)?\s*(?:字节|byte|bit|位|比特)"
                  r"|(?:多少|几)\s*(?:个)?\s*(?:字节|byte|bit|比特)\s*(?:每|一)\s*(?:个)?\s*(?:参数|权重)"
                  r"|\b(?:bytes?|bits?)\s*(?:per|/|a|an|each)\s*(?:param(?:eter)?|weight)s?\b|\bb/param\b", re.IGNORECASE)
_FORMATS = (  # (key, pattern): the first that matches names the format
    ("nf4", lazy(r"\bnf4\b|\b4[\s-]?bit\b|4\s*位|\bint4\b|\bqlora\b", re.IGNORECASE)),
    ("int8", lazy(r"\bint8\b|\b8[\s-]?bit\b|8\s*位", re.IGNORECASE)),
    ("fp8", lazy(r"\bfp8\b", re.IGNORECASE)),
    ("bf16", lazy(r"\b(?:bf16|fp16|half)\b|\b16[\s-]?bit\b|16\s*位|半精度", re.IGNORECASE)),
    ("fp32", lazy(r"\bfp32\b|\b32[\s-]?bit\b|32\s*位|单精度|full\s+precision", re.IGNORECASE)),
)
_DOUBLE_QUANT = lazy(r"double[\s_-]*quant|\bdq\b|双重量化|二次量化|双量化|嵌套量化|use_double_quant", re.IGNORECASE)
_NO_DOUBLE = lazy(r"(?:without|no|不开|不用|关掉?|没有?)\s*(?:the\s+)?(?:double[\s_-]*quant|\bdq\b|双重量化|二次量化|双量化)", re.IGNORECASE)


def format_bytes(norm: str) -> str | None:
    """The weight format whose bytes per parameter are asked ("nf4", "nf4_dq", "int8", "fp8", "bf16", "fp32");
    None when no such figure is asked."""
    if not _PER_PARAM.search(norm):
        return None
    key = next((k for k, pattern in _FORMATS if pattern.search(norm)), None)
    if key == "nf4" and _DOUBLE_QUANT.search(norm) and not _NO_DOUBLE.search(norm):
        return "nf4_dq"
    return key
