"""A count alone after a rental or a sizing with a count: "gpuli 4x a100 sxm monthly" then "and with eight?",
"what about 8", "那 8 呢", "十六呢" — the same question on that many cards.

Why only after a count: "and 3?" after "4090 for 2 weeks" may be three weeks as well as three cards; after
"4x a100" the count is what a bare number changes. A count with its counter ("八卡呢", "8 cards") is read
by the parser already; this is the number with nothing around it but a follow-up's frame.

After a price on one card whose length was stated as a number of hours, days, weeks or months ("a800 price for
3 hours" then "and 8", "cloudgpu a800 跑 3 小时" then "那 8 呢"), the bare number is that many of the same unit:
the number the last answer changes is its length ($1.09 × 8 = $8.72), unless the message says it is cards
("with eight", "用 8 张").

A count with its total asked after a price is that rental that many times however many words go with it
("4090 包月多少钱" then "我们要 3 台，month-end total 多少", "3 of them, what's the bill at the end of the
month?"): a change of the rental is otherwise told from a question of its own by its length, and a few words on
when the bill comes made it a new question naming nothing (seed 000: three 4090s a month at gpuli, 3 × ₮369 =
₮1,107)."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from bot.core.priced_card_follow import priced_card
from bot.messages import Turn
from bot.understand.cues import FOLLOW_UP_CHARS
from bot.understand.normalize import normalize
from bot.understand.parser import Parsed
from bot.understand.standing import asked_whole


def _count_of(last: Turn) -> int:
    data: dict[str, Any] = last.data
    request = data.get("request") if isinstance(data.get("request"), dict) else {}
    pick: list[Any] = data["pick"] if isinstance(data.get("pick"), list) and len(data["pick"]) == 2 else [None, None]
    for value in (data.get("num_gpus"), (request or {}).get("num_gpus"), data.get("cards"), pick[1]):
        if isinstance(value, int | float) and not isinstance(value, bool):
            return int(value)
    return 0


def stage_kept(stated: dict[str, object]) -> bool:
    """Whether the ZeRO stage the user stated stays through the change `stated`: a new count of several cards
    on the same card keeps it ("7b full, 2x h100, zero3" then "what about four": ZeRO-3 over four, 28 GB of
    states a card); one card shards nothing, so the stage goes with it."""
    count = stated.get("num_gpus")
    return count is None or (isinstance(count, int) and count >= 2)


def count_changed(parsed: Parsed, last: Turn) -> Parsed:
    """`parsed` with the card count a bare number gives, when the last answer was on a count of cards
    and the message states nothing else, on the card that answer picked; else `parsed` unchanged."""
    return _on_pick(_count_changed(parsed, last), last)


def count_totalled(parsed: Parsed, last: Turn) -> bool:
    """Whether `parsed` states a count and asks the total or cost, and names no card, model, provider, length,
    money or FAQ topic of its own, right after the price `last`: the rental priced, that many times."""
    if last.kind != "price" or priced_card(last) is None:
        return False
    q, r, a = parsed.request, parsed.rental, parsed.asks
    count = parsed.price.nodes or q.num_gpus or r.num_gpus
    own = q.gpu or r.gpu or q.model or q.params_b or r.provider or r.duration_days or r.duration_hours or parsed.unknown_card
    asked = a.total or a.cost or parsed.cues.how_much
    # "要两台，月底结账一共多少钱" comes near a FAQ entry on what a setup costs: a price asked all the same
    priced = parsed.intent in ("unknown", "price") or (
        parsed.intent == "faq" and bool(parsed.faq_answers) and "prices" in parsed.faq_answers[0].entry.topics)
    return bool(count) and not own and bool(asked) and priced and set(q.stated()) <= {"num_gpus"} and not parsed.parts \
        and a.budget is None and parsed.cues.chars <= FOLLOW_UP_CHARS


def _on_pick(parsed: Parsed, last: Turn) -> Parsed:
    """A count asked of a sizing that picked a setup of several cards ("14b full, min config?" → 4× A100 80GB; then
    "will 2 work?", "2 张够吗"): that many of the card picked, so the verdict is on them (2× A100 80GB: no)."""
    q, r = parsed.request, parsed.rental
    pick = last.data.get("pick")
    count = q.num_gpus or r.num_gpus
    before = last.data.get("request") if isinstance(last.data.get("request"), dict) else {}
    if last.kind != "size" or not isinstance(pick, list) or len(pick) != 2 or not isinstance(pick[1], int) or pick[1] < 2 \
            or not count or count == pick[1] or q.gpu or r.gpu or q.model or q.params_b or q.method or (before or {}).get("gpu") \
            or parsed.parts or not (parsed.cues.fit or parsed.asks.enough or parsed.cues.yes_no) \
            or (asked_whole(parsed, own_topic=False) and bool(parsed.faq_answers) and r.provider in parsed.faq_answers[0].entry.providers):
        return parsed  # ("cloudgpu 能不能开 4 卡的多卡机器": that provider's own FAQ entry asked, of no card picked)
    return replace(parsed, request=q.model_copy(update={"gpu": pick[0], "num_gpus": count}),
                   rental=replace(r, num_gpus=count), follow_up=True)


def _count_changed(parsed: Parsed, last: Turn) -> Parsed:
    q = parsed.request
    count = parsed.cues.lone_count
    # "make it 8", "改成 10": the parse takes a correction's bare number as cards; it is still the one number
    said_cards = bool(q.num_gpus) and q.num_gpus != count
    if last.kind not in ("price", "size", "cost") or said_cards or q.gpu or q.model \
            or q.params_b or parsed.rental.duration_days or parsed.rental.duration_hours or parsed.parts:
        return parsed
    if count is None:
        return parsed
    if _count_of(last) < 2 and last.kind != "size" and not AS_CARDS.search(parsed.words):  # "and 8" after "a800 for 3 hours": 8 hours
        return _span_changed(parsed, last, count)
    if _count_of(last) < 2 and last.kind not in ("price", "size"):
        return parsed  # a sizing states no length: a bare number after it ("and on 2?", "那 4 呢") can only be its cards
    return replace(parsed, request=q.model_copy(update={"num_gpus": count}),
                   rental=replace(parsed.rental, num_gpus=count), follow_up=True)


# a length stated as a number and its unit ("3 hours", "跑 3 小时", "2 周", "for 2 weeks"): the unit a bare number then counts
SPAN_STATED = re.compile(r"(?:\d+(?:\.\d+)?|[一二两三四五六七八九十]+)\s*(?:个)?\s*"
                         r"(小时|钟头|h\b|hrs?\b|hours?\b|天|days?\b|周|星期|weeks?\b|月|months?\b)", re.I)
UNIT_HOURS = {"小": 1, "钟": 1, "h": 1, "天": 24, "d": 24, "周": 24 * 7, "星": 24 * 7, "w": 24 * 7, "月": 24 * 30, "m": 24 * 30}
# the number said to be cards ("with eight", "on 2", "用 8 张", "8 个卡"): never a length
AS_CARDS = re.compile(r"\bwith\b|\bon\b|\bacross\b|用|张|卡|块|\bgpus?\b|\bcards?\b", re.I)


def _span_changed(parsed: Parsed, last: Turn, count: int) -> Parsed:
    """`parsed` as `count` of the unit the last price's length was stated in; unchanged when it stated none."""
    asked = normalize(str((last.asked or {}).get("text") or ""))  # "three hours", "三个小时": numbers as digits
    stated = SPAN_STATED.findall(asked)
    if last.kind not in ("price", "cost") or not stated:  # a price or a job's cost whose length was said
        return parsed
    hours = count * UNIT_HOURS.get(stated[-1][0].lower(), 1)
    rental = replace(parsed.rental, duration_hours=float(hours) if hours < 24 else None,
                     duration_days=hours / 24 if hours >= 24 else None, num_gpus=None)
    return replace(parsed, request=parsed.request.model_copy(update={"num_gpus": None}), rental=rental, follow_up=True)
