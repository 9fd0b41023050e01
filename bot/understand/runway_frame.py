"""Whether a short message is nothing but a how-long question about the rental just priced and the money held.

Why: money held by the conversation ("预算 $2000", "wallet has 800u") turns "能租几个月", "还能撑多久", "how many
weeks does that cover" after a price into that money divided into the rental. But "多久" and "how long" also ask
how long a machine takes to be fixed, an instance to come up, data to be kept, a refund to arrive: "硬件坏了多久能
换好", "ssh 多久能连上", "how long until the instance is up", "数据能留多久" are questions of their own, which the
FAQ answers with confidence. A follow-up is short and asks of the last answer: once its lengths and asking words
are out (the cue's frame), only words pointing at the rental or the money are left ("那能跑", "does that cover",
"can we keep it running", "a6000 能跑"). A subject of its own ("硬件坏了 换好", "until the instance is up", "数据
留", "refund take") is a new question, answered as such.
"""

from __future__ import annotations

import re

from bot.understand.lazy import lazy

# what a runway question may say beside its lengths and asking words: the rental or the money pointed at, the
# verbs of renting, running and lasting, a card named by its model, a term to count in, filler
_RUNWAY_FRAME = lazy(
    r"^(?:[\W_]|那|那么|那这|这|这些|这笔|这点|这个|那个|钱|预算|余额|经费|资金|的|呢|吗|啊|呀|吧|了|还|还能|能|可以|可|够|大概|大约|差不多"
    r"|一共|总共|最多|最长|我们|咱们|我|按|包|月付|周付|年付|的话|算|这个价|这价|价格|租|续租|续|跑|撑|用|花|开着|开|买|维持|坚持"
    r"|机器|机子|实例|卡|张|台|块|个|给|让|供"
    r"|剩下|剩余|剩|够不够|不够|行不行|行吗|行不|还行|行|可以吗|撑得住|扛得住|超不超|超了|超|差多少|差|多少|几"
    r"|(?<![a-z\d])(?:rtx|nvidia|sxm|pcie|nvl|[a-z]*\d+[a-z]*"
    r"|an?|that|this|it|these|those|the|our|we|us|i|me|you|what|s|how|much|after|does|do|did|will|would|can|could|should|is|are|be|get|gets|buy|buys"
    r"|cover|covers|last|lasts|run|runs|running|rent|rented|renting|keep|keeping|stay\s+up|stay|going|go|for|with|of|on|at"
    r"|budget|money|balance|funds|cash|wallet|then|so|and|about|roughly|approximately|approx|rate|price|monthly|weekly|hourly"
    r"|gpus?|cards?|instances?|machines?|box|servers?|nodes?|max|maximum|most|total|afford|pay|paying|paid|left|remaining|still"
    r"|leftover|left\s+over|remains?|enough|fits?|within|ok|okay|fine|doable|hold\s+up)(?![a-z\d]))*$",
    re.I)


def runway_only(frame: str) -> bool:
    """Whether `frame` (a short message with its lengths, asking words and providers taken out) says nothing but
    what a how-long-does-the-money-last question says of the rental and the money."""
    return bool(_RUNWAY_FRAME.match(frame))
