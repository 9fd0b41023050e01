"""Two prices weighed against each other, asked of the conversation: which of the last two is cheaper ("哪个便宜",
"which one's the better deal"), by how much ("省多少", "差多少", "cheaper by how much", "how much do we save"), or
the last one set against another that the message names ("还是包月", "要不直接包月", "or should we just take the
month", "vs a full month?", "compared with the a800").

Why: a short follow-up like these names at most one thing of its own (a term, a length, a card or a provider);
read alone it was one price again, or an FAQ entry its words came near ("省多少" opened the bf16 one). What it
asks is the comparison: both figures and the difference, the verdict first (bot.core.weigh_priced).

Read once by the parser on the normalized text (`Parsed.weigh`); nothing after the parse reads the words again.
"""

from __future__ import annotations

from bot.understand.lazy import lazy

WHICH = "which"  # which of the two is cheaper: the cheaper one named first
HOW_MUCH = "how_much"  # the difference between the two, leading
VERSUS = "versus"  # the last price against another the message names

# "哪个便宜", "哪家更划算", "谁便宜", "选哪个", "which is cheaper", "who's cheaper", "which one's the better deal", "which should we go with"
_WHICH = lazy(r"(?:哪(?:个|家|种|样|边|一个|一种|一家|个方案|种方案)?|谁)\s*(?:更|比较|最|会)?\s*(?:便宜|划算|合算|实惠|省钱?|值|好|优惠|平(?!台))"  # 平: cheap (粤)
              r"|选哪(?:个|种|家|样)|买哪(?:个|种)|租哪(?:个|种)"
              r"|\bwhich\b(?:\s+(?:one|option|way|plan|deal|of\s+(?:the|them|those|these)(?:\s+two)?))?(?:'s|\s+is|\s+would\s+be|\s+works\s+out)?"
              r"\s+(?:the\s+)?(?:cheaper|cheapest|better|less\s+expensive|more\s+affordable|best\s+deal|smarter)"
              r"|\bwhich\b(?:\s+(?:one|option))?\s+(?:should|do|would)\s+(?:we|i)\s+(?:go\s+with|pick|take|choose|get)"
              r"|\bwhich\b(?:\s+(?:one|option))?\s+costs?\s+less|\bwho(?:'s|\s+is)\s+(?:cheaper|less\s+expensive|the\s+better\s+deal)"
              # the one to quote a client on a budget: "给预算紧的客户报哪个", "which one do I quote for the budget client?"
              r"|(?:预算|钱)\s*(?:紧|少|有限|不多)?\s*的?\s*(?:那[个家位])?\s*(?:客户|甲方)\s*(?:报|推|选|用|给)\s*哪(?:个|张|一个|款|种|家)"
              r"|\bwhich\b(?:\s+(?:one|card|option))?\s+(?:do|should|would|shall)\s+(?:i|we)\s+(?:quote|offer|recommend|suggest|propose)\b"
              r"[^?]{0,30}?\b(?:budget|cheap|cost[\s-]*conscious|price[\s-]*sensitive|frugal|thrifty)")
# "省多少", "能省几块", "便宜多少", "差多少", "差价", "多花多少", "减多少", "cheaper by how much", "how much cheaper",
# "how much do we save", "what's the difference", "what's the saving"
_HOW_MUCH = lazy(r"(?:省|便宜|贵|差|多花|少花|多付|少付|多出)\s*(?:了|下|掉)?\s*(?:多少|几|多钱)|差价|差额|相差|价差"
                 # a discount's amount: "减多少", "优惠多少钱", "能减几块" (never "显存减多少" said of memory)
                 r"|(?<!显存)(?<!内存)(?:减|优惠|折扣)\s*(?:了|掉)?\s*(?:多少|几)(?!\s*(?:显存|内存|gb|g\b|%|步|小时|时间))"
                 r"|\bhow\s+much\s+(?:cheaper|less|more|pricier|(?:do|would|will|can|could)\s+(?:we|i)\s+save|saved?|savings?)\b"
                 r"|\b(?:cheaper|less|more|pricier|more\s+expensive)\s+by\s+how\s+much\b"
                 r"|\bby\s+how\s+much\b|\b(?:the\s+)?(?:price\s+)?difference\b|\bsavings?\b|\bhow\s+much\s+(?:we|i)\s+save\b")
# the last price set against another: "还是包月", "或者按月", "要不直接包月", "不如包月", "和包月比", "跟 gpuli 4090 比",
# "or the month",
# "vs a full month", "versus monthly", "compared to/with"; never "what if a100 sxm instead" (a change of card)
_VERSUS = lazy(r"还是|或者|或是|要不(?:要)?|不如|比起|相比|对比|(?:跟|和|与|同)\s*[^\s,，。?？]{1,12}(?:\s+[^\s,，。?？]{1,12}){0,2}\s*比(?![例如])"
               r"|(?:^|\s)(?:or|vs|versus|against)(?:\s|$)|\bcompared?\s+(?:to|with)\b|\bor\s+(?:should|shall|do|would)\b")


# "还是包月吧", "算了按月", "monthly after all": the other one chosen, no comparison asked
_DECIDED = lazy(r"还是[^,，?？]{0,12}吧|算了|\bafter\s+all\b|\blet'?s\s+(?:just\s+)?(?:go|take|do)\b")


def weigh_asked(norm: str) -> str | None:
    """What the message asks of two prices (WHICH, HOW_MUCH or VERSUS), from its normalized text; None when it
    weighs nothing. How much leads over which (a difference names the cheaper one too), which over a bare "or"."""
    if _HOW_MUCH.search(norm):
        return HOW_MUCH
    if _WHICH.search(norm):
        return WHICH
    if _VERSUS.search(norm) and not _DECIDED.search(norm):
        return VERSUS
    return None


__all__ = ["HOW_MUCH", "VERSUS", "WHICH", "weigh_asked"]
