"""Whether a card named alone after a job's cost asks first whether that card holds the job: yes when the question
before asked no price ("这周末 hackathon，7b qlora 单卡跑" then "3090", "7b qlora for 2 days" then "on a 3090?": the
plan was stated, the card is put to it), no when it did ("32b 全参 包月 多少" then "a100": that card's month, its price
first). The mark (`Cues.fit_first`) is read by the cost answer (bot.views.card_fit_line).

Pure: the parsed message and the last turn in, a Parsed out."""

from __future__ import annotations

from dataclasses import replace

from bot.messages import Turn
from bot.understand.parser import Parsed

PRICE_ASKED = "price_asked"  # on a cost turn: whether its question asked a price (bot.core.asked_setups.carry)


def price_asked(parsed: Parsed) -> bool:
    return parsed.cues.how_much or parsed.asks.cost or parsed.intent == "price" or parsed.asks.budget is not None


def card_fit_asked(parsed: Parsed, last: Turn) -> Parsed:
    job = last.data.get("request") or {}
    if not parsed.cues.beside_cards.frame or last.kind != "cost" or last.data.get(PRICE_ASKED, True) or price_asked(parsed) \
            or not isinstance(job, dict) or not (job.get("model") or job.get("params_b")):
        return parsed
    return replace(parsed, cues=replace(parsed.cues, fit_first=True))
