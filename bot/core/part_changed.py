"""A question of a message that only changes the question before it in the same message ("① 14b 全参 4 卡 A100
一个月多少 ② 换成 4 卡 H100 贵多少", "1) annual discount at yiwan? 2) and the H100?"): that question changed, as a
follow-up of the answer just given to the one before it (not of the conversation's last turn), with the two
prices weighed when both are rentals (bot.core.weigh_priced). bot.understand.standing.changes_listed lets the
parse keep such a part; bot.core.price_pairs.runs_led answers it here."""

from __future__ import annotations

from collections.abc import Callable

from bot.core.follow_ups import merge_follow_up
from bot.core.weigh_priced import resized_weighed
from bot.messages import Reply, Turn
from bot.understand.parser import Parsed


def of_the_part_before(part: Parsed, before: Turn | None, answer: Callable[[Parsed], Reply]) -> Reply:
    """The answer to `part` read against `before`, the turn of the answer to the part before it."""
    merged = merge_follow_up(part, before, part.words)
    return resized_weighed(answer(merged), merged, before)
