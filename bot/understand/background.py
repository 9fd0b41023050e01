"""The question a long message asks after its background ("我们 7B 全参开了 bf16 还是 OOM……请问 bf16 混合精度到底省的
是哪部分？", "Some background: our 13B run … How should we set num_workers?").

Why apart from the classifier: formal messages state the job first and ask last; the job named in the
background is only where the question comes from. Whether the asked sentence itself wants a sizing (memory,
a card, a fit, a count, a price) or a how-to / what-is answer is read here, once, from that sentence alone.
"""

from __future__ import annotations

from bot.understand.entities import find_gpus, find_models
from bot.understand.lazy import lazy
from bot.understand.normalize import normalize
from bot.understand.several import MEMORY_ASK, PICK_A_CARD

# a sentence ends at these marks (an English full stop only before a space: "2.5" and "Qwen2.5-7B" are not ends)
SENTENCE_END = lazy(r"[。！!？?\n；;]+|\.(?=\s)")
# the sentence asks how to do or set something, or what a thing is or does
HOW_OR_WHAT = lazy(r"怎么|如何|咋|应该|该怎|哪部分|哪一部分|哪块|哪些|是什么|是啥|什么|啥|多少合适|设多少|设成多少|配多少"
                   r"|\bhow\b|\bwhat\b|\bwhich\s+(?:part|parts|setting|settings|value|values|option|options)\b|\bshould\s+(?:i|we)\b")
# ... while these in the asked sentence itself ask for the job's sizing, its card, its fit or its price
SIZING_ASK = lazy(r"显存|选卡|挑卡|什么卡|哪张卡|memory|vram|够不够|够吗|够用|够$|可行|行不行|行吗|能跑|跑得动|跑不动|装得下|放得下|几张|几卡|多少卡|多少张|多少钱|多久|费用|价格|预算|租"
                  r"|总共|一共|合计|总价|\bfits?\b|\benough\b|\bfeasible\b|\bsufficient\b|how\s+long|\bcost|\bprice|\bbudget|\brent|\btotal\b|how\s+much|how\s+many\s+(?:gpus|cards)")
SIZE_NAMED = lazy(r"(?<![\w.])\d+(?:\.\d+)?\s*[bB](?![a-zA-Z])")


def sentences(raw: str) -> list[str]:
    """The sentences of `raw`, in order, blank ones dropped."""
    return [s.strip() for s in SENTENCE_END.split(raw) if s.strip()]


def asked_after_background(raw: str) -> str | None:
    """The last sentence of a message of two or more, when it asks a how-to or what-is question and names no job
    (no model, size or card) and asks no sizing, fit, count or price of it: the job before is background only.
    None when the message is one sentence or its last sentence asks about the job."""
    said = sentences(raw)
    if len(said) < 2:
        return None
    asked = said[-1]
    norm = normalize(asked)
    if not HOW_OR_WHAT.search(norm) or SIZING_ASK.search(norm) or MEMORY_ASK.search(norm) or PICK_A_CARD.search(norm):
        return None
    if SIZE_NAMED.search(asked) or find_models(norm) or find_gpus(norm):
        return None
    return asked

