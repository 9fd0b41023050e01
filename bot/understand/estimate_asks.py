"""A short question about the estimate just given, asked of its own parts: which part dominates ("what dominates",
"大头是啥"), the activations ("act mem?", "激活多少"), why the figure is what it is ("why 64", "为啥要 80G",
"why fits now"), what to turn on to make it fit ("what do i need to turn on", "要开啥"), the answer in plain words
("explain in plain words", "用大白话解释一下"), or how much slower an offload makes it ("吞吐掉多少").

Only the asking is read here; bot.core.estimate_follow answers it from the sizing's own breakdown."""

from __future__ import annotations

from bot.understand.lazy import lazy

DOMINANT = lazy(r"dominat|\b(?:biggest|largest|main)\s+(?:part|chunk|share|piece|consumer|cost)|(?:what|which\s+(?:part|piece|bit))\s+(?:takes|eats|uses)\s+(?:up\s+)?(?:the\s+)?most"
                r"|where\s+does\s+(?:the|all\s+the|it\s+all|most\s+of\s+the)\s*(?:memory|vram)?\s*go"
                r"|大头|主要是哪|主要占|哪块最|哪部分最|哪一块最|最占|占(?:得)?最多|吃(?:得)?最多|主要花在|花在哪|都花在|占在哪|都是啥占|谁占")
ACTIVATIONS = lazy(r"\bact(?:s|ivations?)?\.?\s*(?:mem(?:ory)?|vram|gb)\b|\bactivations?\b|激活")
WHY_FIGURE = lazy(r"\bwhy\b.{0,20}?\d+\s*(?:g|gb|gib)?\b|\bwhy\s+(?:does\s+it\s+|it\s+|would\s+it\s+)?fits?\b|\bhow\s+come\s+it\s+fits"
                  r"|\bwhy\s+so\s+(?:much|big|high|many)|\bwhere\s+does\s+(?:the\s+)?\d+\s*(?:g|gb)?\s+come|\bhow\s+(?:do|did)\s+you\s+get\s+\d+"
                  r"|(?:为啥|为什么|为何|凭啥|咋)(?:要|得|需要|是|就)?\s*\d+\s*(?:g|gb)?|\d+\s*(?:g|gb)?\s*(?:是)?(?:怎么|咋)(?:算|来)"
                  r"|(?:为啥|为什么|咋|怎么)(?:现在)?(?:就|又)?(?:能|可以)?(?:装|放|塞)(?:得)?下|(?:为啥|为什么|怎么)(?:要)?(?:这么|那么)多")
LEVERS = lazy(r"what\s+(?:do|should|would|must)\s+i\s+(?:need\s+to\s+|have\s+to\s+)?(?:turn|switch|flip)\s+on|what\s+(?:do|should)\s+i\s+(?:enable|change|tweak)"
              r"|what\s+(?:to|should\s+i)\s+(?:turn|switch)\s+on|what\s+(?:needs|has)\s+to\s+(?:be\s+)?(?:on|enabled)|how\s+(?:do|can|could)\s+i\s+make\s+it\s+fit"
              r"|how\s+to\s+make\s+it\s+fit|what\s+makes\s+it\s+fit"
              r"|(?:要|需要|得|该|应该)(?:打)?开(?:啥|什么|哪些|哪个)|开(?:啥|什么|哪些)(?:才|能|就)|怎么(?:样)?才能?(?:装|放|塞)(?:得)?下|咋(?:样)?才能?(?:装|放)下"
              r"|(?:要|需要|得)(?:改|调)(?:啥|什么|哪些)(?:设置|参数)?")
PLAIN = lazy(r"plain\s+(?:words|english|terms|language)|simple\s+(?:words|terms|english)|\bsimply\b|\beli5\b|layman|like\s+i'?\s*a?m\s+(?:5|five)"
             r"|dumb(?:ed)?\s+(?:it\s+)?down|in\s+english\s+please|大白话|白话|说人话|讲人话|通俗|简单(?:点|些)?(?:说|讲|解释)|听不懂|没听懂|看不懂")
TOPIC_8BIT = lazy(r"8\s*-?\s*(?:bit|位|比特)|adamw?\s*_?8|optimizer|优化器")
SLOWER = lazy(r"how\s+much\s+(?:slower|speed|throughput)|how\s+(?:much\s+)?slow(?:er)?\s+(?:is\s+it|does\s+it\s+get)|(?:speed|throughput)\s+(?:hit|loss|cost|penalty)"
              r"|吞吐.{0,3}(?:掉|降|少|损失|影响)|(?:慢|掉速|降速)(?:多少|几成|多少成)|速度.{0,3}(?:掉|降|慢)(?:多少|几成)")


def estimate_ask(norm: str) -> str | None:
    """Which part of the last estimate a short message asks: dominant, activations, why, levers, plain, plain_8bit,
    slower; None when it asks none of them."""
    if PLAIN.search(norm):
        return "plain_8bit" if TOPIC_8BIT.search(norm) else "plain"
    if SLOWER.search(norm):
        return "slower"
    if LEVERS.search(norm):
        return "levers"
    if DOMINANT.search(norm):
        return "dominant"
    if (WHY_FIGURE.search(norm) or (TOPIC_8BIT.search(norm) and lazy_why(norm))) and not STAGE_NAMED.search(norm):
        return "why"  # "why not zero 2?", "why can't we use ZeRO-2": that stage is asked about, not a figure
    if ACTIVATIONS.search(norm) and not CHECKPOINTING.search(norm):
        return "activations"
    return None


STAGE_NAMED = lazy(r"zero[\s-]*(?:stage\s*)?[0-3]|stage\s*[0-3]")
# "激活检查点呢", "activation checkpointing?": the lever asked, a change of the job, not its activations
CHECKPOINTING = lazy(r"checkpoint|检查点|重计算|recomput")
# "why 8 cards", "why not 2": a bare number that is no figure of the estimate asks something else
BARE_NUMBER = lazy(r"(?:\bwhy\b(?!\s+not)|为啥|为什么|为何|凭啥)\D{0,12}?(\d+(?:\.\d+)?)(?!\s*(?:g|gb|gib|\d|\.\d))")


def bare_figure(norm: str) -> float | None:
    """The number a why asks of when it carries no unit ("why 64"): the caller checks it is a figure it gave."""
    m = BARE_NUMBER.search(norm)
    return float(m.group(1)) if m else None


WHY_WORD = lazy(r"\bwhy\b|为啥|为什么|为何")


def lazy_why(norm: str) -> bool:
    return WHY_WORD.search(norm) is not None
