"""A rental's cost asked as an estimate ("what is the estimated annual cost of an 8x H100 at 一万网络", "8x a100 80g,
ballpark yearly bill?", "一万网络 8 卡 H100 年费用预估多少"): the figure is the question, so the price answers it
(a band stays a band: seed 003's ¥80–120k a month makes a year ¥816,000–1,224,000 prepaid at 15% off, beside the
article's own ¥0.8–1.2M estimate), never the FAQ on which prices are published and which are estimated.

Only the asking is read here; whether the figure is official ("is that official?", "是官方价吗") stays the FAQ's."""

from __future__ import annotations

import re

from bot.understand.lazy import lazy

# the estimate qualifies the money: "estimated cost", "rough yearly bill", "ballpark figure", "cost estimate", "预估费用"
ESTIMATED_COST = lazy(r"\b(?:estimated|approximate|approx\.?|rough|ballpark|expected|projected)\s+(?:\w+\s+){0,2}?"
                      r"(?:cost|costs|price|prices|bill|spend|total|figure|outlay)\b"
                      r"|\b(?:cost|price|bill|spend)\s+estimates?\b|\bestimate\s+(?:of\s+)?(?:the\s+|our\s+)?(?:\w+\s+)?(?:cost|price|bill|spend)\b"
                      r"|\b(?:roughly|approximately|ballpark)\s+(?:how\s+much|what)\b"
                      r"|(?:预估|估算|估计|大概|大约|粗算)的?\s*(?:年|月|一年|全年|每年|每月)?\s*(?:费用|成本|花费|总价|价格|开销|要?多少钱?)"
                      r"|(?:年|月)?(?:费用|成本|花费|总价|价格|开销)\s*(?:预估|估算|估计|大概)", re.I)
# whether the figure is published or only estimated is a question of its own
OFFICIAL = lazy(r"\bofficial|\bpublished|\blisted|\bquoted?\b|官方|官网|明示|报价吗|是不是预估|是预估", re.I)


def cost_estimated(norm: str) -> bool:
    """Whether a message asks a cost, qualified as an estimate, and not whether the figure is official."""
    return bool(ESTIMATED_COST.search(norm)) and not OFFICIAL.search(norm)
