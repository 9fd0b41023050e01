"""A question of a message that only changes the question before it in the same message ("① 14b 全参 4 卡 A100
一个月多少 ② 换成 4 卡 H100 贵多少", "1) annual discount at yiwan? 2) and the H100?"): that question changed, as a
follow-up of the answer just given to the one before it (not of the conversation's last turn), with the two
prices weighed when both are rentals (bot.core.weigh_priced). bot.understand.standing.changes_listed lets the
parse keep such a part; bot.core.price_pairs.runs_led answers it here."""

from __future__ import annotations

from collections.abc import Callable

from bot.core.follow_ups import merge_follow_up
from bot.core.part_job import with_job_before
from bot.core.stage_card import stage_of_last
from bot.core.weigh_priced import resized_weighed
from bot.messages import Reply, Turn
from bot.understand.parser import Parsed
from bot.understand.standing import stands_alone


def parts_read(parts: list[Parsed], last: Turn | None) -> list[Parsed]:
    """The parts of a message as they are answered: a first part that only changes the conversation's last
    question ("两周呢 另外要不要买 IB") is that question changed (a later one changes the part before it:
    `of_the_part_before`), and a part naming no job takes the job of the part before ("…one 80GB card enough?
    cheapest monthly at gpuli?": that job's month there); a first part giving a length alone is the last answer's
    card for that length (bot.core.stage_card)."""
    return with_job_before(stage_of_last([merge_follow_up(p, last, p.words) if not i and p.follow_up and not stands_alone(p)
                                          else p for i, p in enumerate(parts)], last))


def of_the_part_before(part: Parsed, before: Turn | None, answer: Callable[[Parsed], Reply]) -> Reply:
    """The answer to `part` read against `before`, the turn of the answer to the part before it."""
    merged = merge_follow_up(part, before, part.words)
    return resized_weighed(answer(merged), merged, before)
