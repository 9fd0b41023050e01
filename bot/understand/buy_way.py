"""The way to buy a rental length asked ("cheapest way?", "best way to pay for it", "怎么买最省", "按周买划算吗"):
the length bought in each cycle a provider sells (weeks, months, a mix), not which card or provider is cheapest.

Why its own cue: "cheapest" alone asks for the cheapest card or provider as often as for the cheapest way to buy;
these words ask of the buying itself, so a length priced before (or named beside them) is weighed by cycle."""

from __future__ import annotations

import re

from bot.understand.lazy import lazy

# "what's the cheapest way (to buy it)", "best way to pay", "cheapest combo", "how should we book it";
# "怎么买最省", "怎么租最划算", "最省钱的买法", "按周买划算吗", "按月租值吗"
BUY_WAY = lazy(
    # ("cheapest way to full-finetune a 7b", "best way to start": a way to do the job, not to buy the time)
    r"(?:cheapest|best|smartest|most\s+economical)\s+(?:way|combo|combination|mix)\b(?!\s+(?:to|of)\s+(?!(?:buy|book|pay|rent)\b))"
    r"(?!\s+for\s+(?!\d|\w+\s+(?:days?|weeks?|months?)\b))"
    r"|(?:cheapest|best|smartest)\s+(?:way\s+)?to\s+(?:buy|book|pay\s+for|rent)\s+(?:it|them|this|that|the\s+(?:time|days|weeks|span))"
    r"|how\s+(?:should|do|can)\s+(?:i|we)\s+(?:buy|book|pay\s+for)\s+(?:it|them|this|that)\b"
    # "how would you rent it?", "how should we rent that", "which option (then)?", "which plan should we take"
    r"|how\s+(?:would|should|do|can)\s+(?:you|i|we)\s+(?:rent|buy|book)\s+(?:it|them|this|that)\b"
    r"|\bwhich\s+(?:option|plan|term)s?\b(?!\s+(?:of|for)\s+(?:the\s+)?(?:cards?|gpus?|models?))"
    r"|(?:怎么|咋|如何)\s*(?:租|买|订)\s*(?:比较|更|才)?\s*(?:好|合适|合理)|(?:选|用)\s*哪\s*(?:个|种)\s*(?:方案|租法|买法|周期)"
    r"|怎么\s*(?:买|租|付|订|下单)\s*(?:才\s*)?(?:最|更|比较)?\s*(?:省钱?|便宜|划算|合算)"
    r"|(?:最|更)\s*(?:省钱?|划算|合算|便宜)\s*的\s*(?:买法|租法|方式|办法|组合)"
    r"|按\s*(?:周|月|星期)\s*(?:买|租|付|订)?\s*(?:更\s*)?(?:划算|合算|值|省钱?)\s*(?:吗|么|不|嘛)",
    re.IGNORECASE)


def buy_way(norm: str) -> bool:
    """True when the message asks how best to buy a rental length (see BUY_WAY)."""
    return bool(BUY_WAY.search(norm))
