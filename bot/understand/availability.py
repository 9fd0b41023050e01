"""Which provider rents a card, asked ("一万网络 和 gpuli 哪家有 h100 8卡", "gpuli 有 8 卡 h100 吗", "which provider
has 8x h100", "who rents an h200", "where can we get a 4090"): the card's price at every provider that rents it is
the answer (a provider that does not says so, with what it rents), never the FAQ entry the card's name comes near.

Read on the normalized text by the parser, and only weighed of a message whose FAQ match rests on nothing but
the card (no subject of its own: NVLink, SLA, drivers … keep their FAQ answers)."""

from __future__ import annotations

from bot.understand.lazy import lazy

# who rents it: "哪家有", "哪家可以按小时租" (its price list says each one's unit), "谁家出租", "which provider has", "who rents", "where can we get"
WHICH_RENTS = lazy(r"哪(?:家|里|儿|个平台|个厂商|些)\s*(?:有|(?:能|可以)\s*(?:按\s*(?:小时|分钟|天|周|月)\s*)?租|租得到|出租|提供|在租)|谁家?\s*(?:有|出租|能租)"
                   r"|\bwhich\s+(?:providers?|clouds?|vendors?|platforms?|ones?|of\s+(?:you|them))\s+(?:has|have|offers?|rents?|carr(?:y|ies)|sells?)\b"
                   r"|\bwho\s+(?:has|rents|offers|sells|carries)\b|\bwhere\s+(?:can\s+(?:i|we)\s+)?(?:get|rent|find)\b")
# whether it is rented: "gpuli 有 h100 吗", "do they have an h200"
WHETHER_RENTS = lazy(r"(?:有没有|有|提供|出租|能租|租得到)[^吗嘛么?]{0,20}[吗嘛么]\s*$|\b(?:do|does)\s+[\w.-]+\s+(?:have|offer|rent|carry)\b")


def rents_card_asked(norm: str, several: bool = False, who_only: bool = False) -> bool:
    """Whether the message asks who rents (or whether a provider rents) a card. Whether a provider has a
    multi-card machine (`several`: "cloudgpu 有 8卡 h100 吗") is its multi-card rule, the FAQ's answer (CloudGPU
    plans single cards, a machine only as its /deploy stock shows), not a price list. `who_only`: only which
    provider rents it counts ("a100 哪家可以按小时租"); whether one provider does ("一万网络 有按小时的 h100 吗") is
    the billing FAQ's answer (its hourly MIG slices)."""
    return WHICH_RENTS.search(norm) is not None or (not several and not who_only and WHETHER_RENTS.search(norm) is not None)
