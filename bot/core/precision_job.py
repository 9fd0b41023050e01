"""A 16-bit precision named as the method of the job beneath: "we fine-tune qwen2.5 72b with lora" then "bf16 or
qlora — memory?" then "single card for bf16?" (the 16-bit LoRA's single card, the MI300X), "32b lora bf16 which
card" then "gpuli monthly for the bf16 one?" (that card's month), "7b qlora 一张4090" then "bf16 的话要啥卡".

Beside LoRA and QLoRA, "bf16" / "16-bit" names the 16-bit LoRA, the way "4-bit" names QLoRA: asked with a card, a
count or a price, of a LoRA or QLoRA job, it is that job with a 16-bit base, not the FAQ entry on bf16 vs fp16."""

from __future__ import annotations

import re
from dataclasses import replace

from bot.messages import Turn
from bot.understand.faq_topics import PRICE_WORDS
from bot.understand.lazy import lazy
from bot.understand.parser import Parsed

SIXTEEN_BIT = lazy(r"\bbf16\b|\bfp16\b|\bbfloat16\b|\b16[\s-]?bits?\b|16\s*位|半精度", re.IGNORECASE)
# what asks of a job's cards: "single card", "which card", "哪张卡", "单卡", "what gpu"
CARD_ASK = lazy(r"\bcards?\b|\bgpus?\b|\bsingle\b|\bone\b(?!\s+(?:thing|question))|卡|显卡", re.IGNORECASE)
LORA_KINDS = ("lora", "qlora")
SHORT = 48  # characters: a follow-up's fragment, not a question of its own


def sixteen_bit_job(parsed: Parsed, text: str, last: Turn | None) -> Parsed:
    """`parsed` as the job beneath with the 16-bit LoRA, when it names bf16 of a LoRA/QLoRA job and asks its card or
    price; `parsed` unchanged otherwise."""
    q = parsed.request
    if last is None or last.kind not in ("size", "cost", "price") or len(text.strip()) > SHORT:
        return parsed
    request = last.data.get("request") or {}
    if not isinstance(request, dict) or request.get("method") not in LORA_KINDS:
        return parsed
    if q.method or q.model or q.params_b or parsed.parts or not SIXTEEN_BIT.search(text):
        return parsed
    prices = bool(parsed.asks.cost or PRICE_WORDS.search(text) or parsed.rental.duration_days or parsed.rental.term)
    if not (prices or q.num_gpus or CARD_ASK.search(SIXTEEN_BIT.sub(" ", text))):
        return parsed
    # sized again: its card's price at each term leads with the fit ("gpuli monthly for the bf16 one?": its ₮899)
    return replace(parsed, intent="size",
                   request=q.model_copy(update={"method": "lora"}), follow_up=True, missing=[], faq=[],
                   faq_answers=[], faq_confident=False)
