"""One card's share asked bare of the answer just given ("per card?", "每张多少", "单卡多少"; the parser reads
it: asks.per_card). Which share follows from that answer: after a price of several cards, the price divided by
them (gpuli 8×H100 a month: ₮14,432 ÷ 8 = ₮1,804, bot.views.card_share); after a sizing or a setup of several
cards, the memory on each card (bot.core.follow_ups' per-card sizing: 72B full on 8×H100 ≈ 36 GB a card)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.core.about_last import ABOUT_LAST, job_of
from bot.messages import Turn
from bot.understand.cues import FOLLOW_UP_CHARS
from bot.understand.model_facts import zero_stages
from bot.understand.normalize import normalize
from bot.understand.parser import Parsed
from engine.request import TrainingRequest

MONTH_HOURS = 720  # a setup priced with no length stated: its month


def _cards(data: dict[str, Any]) -> int:
    request = data.get("request") if isinstance(data.get("request"), dict) else {}
    for value in (data.get("num_gpus"), data.get("cards"), (request or {}).get("num_gpus")):
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return 0


def _setup_priced(last: Turn) -> Turn | None:
    """The price of the setup a sizing (or a cost) picked and priced, as a price turn; None when it priced no setup."""
    pick = last.data.get("pick")
    if last.kind not in ("size", "cost") or not last.data.get("setup") or not isinstance(pick, list | tuple) or len(pick) != 2:
        return None
    job = last.data.get("request") if isinstance(last.data.get("request"), dict) else {}
    hours = last.data.get("setup_hours") or MONTH_HOURS
    return Turn("price", {"gpu": [pick[0]], "num_gpus": pick[1], "hours": hours, "add_ons": {}, "infiniband": None,
                          "repeat": False, "first": (job or {}).get("provider"), "asked_currency": False})


def share_of_last(parsed: Parsed, last: Turn) -> Parsed | None:
    """`parsed` as that share of `last`: a price of several cards re-priced with the share leading; a sizing
    or a cost as the per-card memory asked (answered by the per-card sizing follow-up); None when the message
    asks nothing of the kind or names a job or card of its own."""
    q = parsed.request
    if parsed.asks.repeats and last.kind == "price" and last.data.get("hours") and not (q.gpu or q.model or q.params_b) \
            and parsed.cues.chars <= ABOUT_LAST:  # "cloudgpu a100 80g 8h" then "and if we run 4 such jobs": $11.92 × 4
        return replace(parsed, intent="price", follow={**last.data, "repeats": parsed.asks.repeats}, follow_up=True, missing=[])
    r, people = parsed.rental, last.data.get("people")
    if parsed.cues.share_asked and not (parsed.cues.split or parsed.cues.instances) and isinstance(people, int):
        parsed = replace(parsed, cues=replace(parsed.cues, split=people))  # "30 个学生 …一共多少" then "每人多少": ÷ 30
    if parsed.cues.split and (priced := _setup_priced(last)) is not None:  # "7b qlora" "3090" "cloudgpu 10 小时" then "四个人平摊"
        last = priced
    if (parsed.cues.instances or parsed.cues.split) and last.kind in ("price", "cost") and not (q.gpu or q.model or q.params_b or r.provider or r.duration_days
                                                                         or r.duration_hours) and parsed.cues.chars <= ABOUT_LAST:  # "gpuli 4090 包周" then "3 个人呢": that rental for each of them, or shared out
        if last.kind == "cost":  # "14b qlora cloudgpu 4090 8 小时" then "10 个人每人跑一次呢": that job's rental, ten times
            asked = TrainingRequest.model_validate(job_of(last, {}))
            return replace(parsed, request=asked, rental=replace(r, num_gpus=asked.num_gpus), intent="cost", follow_up=True, missing=[])
        return replace(parsed, intent="price", follow=dict(last.data), follow_up=True, missing=[])
    if not parsed.asks.per_card or q.model or q.params_b or q.gpu or parsed.cues.chars > ABOUT_LAST:
        return None
    last = _setup_priced(last) or last  # "32b full ft, cheapest at gpuli" then "monthly?": the setup was priced, so its price is shared
    if last.kind == "price":
        if _cards(last.data) < 2:
            return None
        return replace(parsed, intent="price", follow={**last.data, "card_share": True}, follow_up=True, missing=[],
                       request=q.model_copy(update={"num_gpus": None}), rental=replace(parsed.rental, num_gpus=None))
    if last.kind in ("size", "cost"):  # a sizing's (or a setup's) memory on each card
        return replace(parsed, asks=replace(parsed.asks, per_card_memory=True),
                       request=q.model_copy(update={"num_gpus": None}), rental=replace(parsed.rental, num_gpus=None))
    return None


def stages_of_faq(parsed: Parsed, turn: Turn | None) -> Parsed | None:
    """"what does zero3 mean", "vs zero2?", then "per card for 32b on 8?": the stages those FAQ questions named,
    each stage's per-card figure for the job the message states (32B full on 8 cards: ZeRO-2 120 GB, ZeRO-3 64 GB);
    None unless a figure per card is asked of a job of its own right after questions naming two stages or more."""
    q, a = parsed.request, parsed.asks
    if turn is None or turn.kind != "faq" or not a.per_card_figure or a.zero_stages or not (q.model or q.params_b):
        return None
    texts: list[str] = []
    node: Any = {"kind": turn.kind, "data": turn.data, "before": (turn.asked or {}).get("before")}
    while isinstance(node, dict) and node.get("kind") == "faq" and len(texts) < 3:  # this question and those just before
        texts.append(str((node.get("data") or {}).get("text") or ""))
        node = node.get("before")
    stages = zero_stages(normalize(" ".join(texts)))
    if not stages:
        return None
    return replace(parsed, intent="size", asks=replace(a, zero_stages=stages), faq=[], faq_answers=[], faq_confident=False,
                   missing=[], follow_up=False)


def month_share_of_last(parsed: Parsed, last: Turn) -> Parsed | None:
    """"一万网络 a100 40g 年付多少" then "平均每月多少" / "and per month on average?": the rental just priced again,
    its total shared over the months it buys (its "每月" is the share asked, not a month's rental); None unless the
    last answer priced two months or more and the message names no card or job of its own."""
    q, hours = parsed.request, last.data.get("hours")
    if last.kind != "price" or not parsed.price.month_average or q.gpu or q.model or q.params_b \
            or not isinstance(hours, int | float) or hours < 2 * MONTH_HOURS or parsed.cues.chars > FOLLOW_UP_CHARS:
        return None
    return replace(parsed, intent="price", follow=dict(last.data), follow_up=True, missing=[], faq=[], faq_answers=[],
                   faq_confident=False)
