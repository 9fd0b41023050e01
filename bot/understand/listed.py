"""Questions a message numbers ("① … ② …", "1) … 2) …"), a later one only changing the one before it ("② 换成 4 卡
H100 贵多少", "2) what about the H100?"): the numbers say the user asks two things, so the change is a question of its
own, asked of the one before it. Split from bot.understand.clauses, which calls these when it weighs the parts."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from bot.understand.standing import stands_alone

if TYPE_CHECKING:
    from bot.understand.parser import Parsed


def after_faq_listed(listed: list[str], parts: list[Parsed], whole: Parsed) -> list[Parsed]:
    """A numbered change after a FAQ question ("1）一万网络能年付吗，打几折 2）H100 的呢"): the FAQ's answer, then the
    message read whole, which is that question changed (Yiwan's H100 by the year); a change after a job or a price
    is left to the core, which reads it against that answer (bot.core.part_changed)."""
    if not listed or len(parts) != 2 or parts[0].intent != "faq" or stands_alone(parts[1]) or not stands_alone(whole):
        return parts
    return [parts[0], replace(whole, parts=[], follow_up=False)]


def changes_listed(listed: list[str], before: list[Parsed], p: Parsed) -> bool:
    """A numbered question that changes the one before it ("① 14b 全参 4 卡 A100 一个月多少 ② 换成 4 卡 H100 贵多少",
    "1) annual discount at yiwan? 2) and the H100?"): a question of its own, asked of the question before it (the
    core reads it against that answer), when that one stands alone; the numbers say the user asks two things."""
    if before and p.cycle_from is not None and before[-1].intent in ("price", "cost") and stands_alone(before[-1]):
        return True  # "…包一个月多少？什么时候到期": the day that rental ends (bot.core.price_pairs.runs_led answers it)
    return bool(listed) and bool(before) and p.follow_up and stands_alone(before[-1], True)
