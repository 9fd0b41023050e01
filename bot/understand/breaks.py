"""Where a second question may start in a message typed with no mark between its questions.

Why apart: a chat types "cloudgpu 4090 多少一小时 支持支付宝吗" or "how much is a 4090 per hour at cloudgpu
can I pay with alipay" with nothing but a space before the second question; no single word marks where
(UNMARKED in bot.understand.clause_marks knows the common ends of a first question, "…多少 / …吗 / …钱", but
not "…一小时"). Every space before a Chinese word or an English question word is a place to try; the
reader keeps one only when both sides read as questions of their own."""

from __future__ import annotations

import re

from bot.understand import one_message
from bot.understand.lazy import lazy

# an auxiliary starts a question only with its subject after it ("is it", "can I", "do you", "is there"): in
# "…once the instance is destroyed on cloudgpu" the "is" belongs to the clause, and no second question starts there
SUBJECT = r"(?:i|you|we|it|they|there|this|that|these|those|my|our|your|the|a|an|he|she|gpuli|cloudgpu|yiwan|一万网络)"
BREAK = lazy(r"\s+(?=[\u4e00-\u9fff])|\s+(?=(?:what|how|which|where|when|why|any)\b)"
             rf"|\s+(?=(?:is|are|can|could|do|does|will|would|should)\s+{SUBJECT}\b)", re.IGNORECASE)
PAUSE = lazy(r"[,，、;；]")
# a bare figure before the space counts what follows it ("哪个便宜 8 小时各多少": 8 hours, not a question "小时各多少")
FIGURE_END = lazy(r"(?:^|\s)\d+(?:\.\d+)?\s*$")
# a head that opens with a question word and has no auxiliary of its own ("how long after ordering at gpuli | do
# we get ssh"): the auxiliary and subject after it are that question's own inversion, not a second question
WH_OPEN = lazy(r"^\s*(?:what|how|which|where|when|why)\b", re.IGNORECASE)
AUX = lazy(r"\b(?:is|are|was|were|am|can|could|do|does|did|will|would|should|has|have|had|may|might|must)\b|'s\b|'re\b", re.IGNORECASE)
AUX_START = lazy(r"\s*(?:is|are|can|could|do|does|will|would|should)\b", re.IGNORECASE)
MAX_BREAKS = 8  # each try reads a side (a millisecond): a long message is not two short questions typed together
SIDE = 4  # characters: a side shorter than this asks nothing of its own


@one_message.per_message  # the FAQ's clauses and the unmarked questions both try the message's breaks
def breaks(text: str) -> list[tuple[str, str]]:
    """(head, tail) at each place a second question may start, left to right, both sides long enough; none
    in a message with a comma (its clauses are read by the comma: "a100 80g 在 gpuli 周租多少，CloudGPU 按小时
    又是多少" asks the price again at CloudGPU)."""
    if PAUSE.search(text):
        return []
    out = []
    for m in BREAK.finditer(text):
        head, tail = text[:m.start()], text[m.end():]
        if AUX_START.match(tail) and WH_OPEN.search(head) and not AUX.search(head):
            continue  # "how soon after paying | can we log in": one question, inverted
        if len(head.strip()) >= SIDE and len(tail.strip()) >= SIDE and not FIGURE_END.search(head):
            out.append((head, tail))
    return out[:MAX_BREAKS]
