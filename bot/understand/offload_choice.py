"""ZeRO-3 set against offload as the thing to try first ("zero-3 和 offload 哪个先试 我们 32b full 8 卡", "ZeRO-3 or
CPU offload first for a 32B full fine-tune on 8 GPUs?"): the choice between the two asked for the job named, answered by
the offload entry (its speed cost, and that ZeRO-3 sharding comes first) with that job's per-card figure leading
(bot.views.offload_first), never the generic first-parallelism paragraph nor a sizing that sets both at once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.understand.lazy import lazy

if TYPE_CHECKING:
    from bot.understand.faq import Hit

ZERO3 = lazy(r"(?:zero|deepspeed|\bds)[\s_-]*(?:stage)?[\s_-]*3(?!\d)")
OFFLOAD = lazy(r"offload|卸载到\s*(?:cpu|内存)")
CHOICE = lazy(r"哪个|哪种|先试|先上|先用|还是|选哪|\bor\b|\bvs\.?|\bversus\b|\bwhich\b|\bfirst\b")
ENTRY = "optimizer-offload"


def offload_choice(norm: str) -> Hit | None:
    """The offload entry, when `norm` weighs ZeRO-3 against offload; None otherwise."""
    if not (ZERO3.search(norm) and OFFLOAD.search(norm) and CHOICE.search(norm)):
        return None
    m = OFFLOAD.search(norm)
    if m is not None and norm[max(0, m.start() - 2):m.start()].rstrip().endswith("+"):
        return None  # "zero3+offload": one setting, both together
    from bot.understand.faq import CONFIDENT, Hit, faq_index
    entry = next((e for e in faq_index().entries if e.id == ENTRY), None)
    return None if entry is None else Hit(entry, CONFIDENT, 0.0)
