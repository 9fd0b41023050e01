"""The memory gap between full fine-tuning and LoRA asked with no model to size, answered by bytes per parameter.

"全参跟 LoRA 显存差多少", "記憶體 全參 vs LoRA 差幾倍", "full vs LoRA, how much difference in memory?" share 差多少 /
difference with the entry on LoRA's quality against full's, which is another question: what is asked is the memory, and
the FAQ's answer is the full fine-tune's 16 bytes a parameter (≈ 8× the 2 bytes of the weights LoRA keeps frozen). A model
size named is a sizing of both methods (bot.views.sizing's comparison), not this entry."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from bot.understand.asks import methods_named
from bot.understand.lazy import lazy
from bot.understand.normalize import normalize

if TYPE_CHECKING:
    from bot.understand.faq import Hit

MEMORY = lazy(r"显存|顯存|记忆体|記憶體|\bvram\b|\bmemory\b|\bgpu\s+ram\b")
GAP = lazy(r"差多少|差几倍|差幾倍|差距|差别|区别|相差|多多少|少多少|几倍|多占|多出|多用|大多少|省多少|\bdiffer\w*|\bgap\b|\bhow\s+much\s+(?:more|less)\b"
           r"|\bvs\.?\b|\bversus\b|\bcompar\w*")
SIZE = lazy(r"\d+(?:\.\d+)?\s*b\b")
ENTRY = "full-finetune-memory"


def memory_gap_entry(text: str, hit: Hit | None, hits: list[Hit]) -> Hit | None:
    """The full fine-tune's bytes-per-parameter entry when `text` compares full and LoRA on memory alone."""
    if hit is not None and "memory" in hit.entry.topics:
        return None
    norm = normalize(text).lower()
    asked = methods_named(norm)
    if "full" not in asked or not asked & {"lora", "qlora"} or not MEMORY.search(norm) or not GAP.search(norm) or SIZE.search(norm):
        return None
    from bot.understand.faq import CONFIDENT, faq_index
    index = faq_index()
    found = next((h for h in index.search(text, limit=len(index.entries)) if h.entry.id == ENTRY), None)
    return None if found is None else replace(found, score=max(found.score, CONFIDENT))
