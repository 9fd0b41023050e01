"""The question a long message asks after its background ("我们 7B 全参开了 bf16 还是 OOM……请问 bf16 混合精度到底省的
是哪部分？", "Some background: our 13B run … How should we set num_workers?").

Why apart from the classifier: formal messages state the job first and ask last; the job named in the
background is only where the question comes from. Whether the asked sentence itself wants a sizing (memory,
a card, a fit, a count, a price) or a how-to / what-is answer is read here, once, from that sentence alone.
"""

from __future__ import annotations

from bot.understand.entities import find_gpus, find_models
from bot.understand.fields import duration
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
# a sentence that opens on the job's own fallback ("不行的话用啥", "要是装不下呢", "否则选哪张", "if not, what then",
# "otherwise which card", "if it doesn't fit, what's cheapest"): it asks what to do when the sentence before is
# answered no, so it belongs to that sentence's question, never a question of its own beside a background
_NO = (r"(?:不行|不够用?|不可以|不能|不可行|做不到|装不下|放不下|塞不下|跑不了|跑不动|带不动|训不了|训不动|扛不住)")
# ... then what follows a no: the condition's end, or the question of what else ("不能用 FlashAttention 的话" is another
# condition, no fallback)
_THEN = r"\s*了?\s*(?:的话|就|呢|那|怎么办|咋办|$|(?:用|换|选|租|上|改)\s*(?:啥|什么|哪)|有(?:什么|啥|没有|别的)|什么|啥|哪|最)"
FALLBACK = lazy(r"^(?:那|那么|但|但是|可|可是)?\s*(?:如果|要是|万一|假如|若是?|假设)?\s*(?:还是|实在|真的?)?\s*" + _NO + _THEN
                + r"|^(?:那|那么)?\s*(?:否则|不然|要不然|再不行)"
                r"|^(?:and|but|so)?\s*(?:if\s+(?:not|no)\b|otherwise\b|failing\s+that\b|or\s+else\b|else\b|if\s+(?:that|it)\s+fails\b"
                r"|(?:if|in\s+case)\s+(?:it|that|this|they|one)\s+(?:doesn'?t|does\s+not|won'?t|will\s+not|can'?t|cannot|isn'?t|is\s+not"
                r"|aren'?t|are\s+not|don'?t|do\s+not)\s+(?:fit|work|run|hold|suffice|do\b|cut\s+it|enough|possible|feasible|sufficient"
                r"|an\s+option|big\s+enough|what|which|how|then))")


def sentences(raw: str) -> list[str]:
    """The sentences of `raw`, in order, blank ones dropped."""
    return [s.strip() for s in SENTENCE_END.split(raw) if s.strip()]


def questions(raw: str) -> list[str]:
    """The sentences of `raw`, a sentence asking the fallback of the one before joined to it ("32b qlora 4090 够吗？
    不行的话用啥" is one question: the fit, and what else if not)."""
    said: list[str] = []
    for sentence in sentences(raw):
        if said and FALLBACK.search(normalize(sentence)):
            said[-1] = f"{said[-1]} {sentence}"
        else:
            said.append(sentence)
    return said


def asked_after_background(raw: str) -> str | None:
    """The last sentence of a message of two or more, when it asks a how-to or what-is question and names no job
    (no model, size, card or length of time) and asks no sizing, fit, count or price of it: the job before is background only.
    None when the message is one sentence or its last sentence asks about the job."""
    said = questions(raw)
    if len(said) < 2:
        return None
    asked = said[-1]
    norm = normalize(asked)
    if not HOW_OR_WHAT.search(norm) or SIZING_ASK.search(norm) or MEMORY_ASK.search(norm) or PICK_A_CARD.search(norm):
        return None
    if SIZE_NAMED.search(asked) or find_models(norm) or find_gpus(norm):
        return None
    if any(duration(norm)):  # "what about two weeks?", "那三天呢": a length of the job before, changed, asks its price again
        return None
    return asked

