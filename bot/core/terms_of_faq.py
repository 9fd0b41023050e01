"""The terms an earlier FAQ question asked about ("一万网络 年付 几折", "复购还能减吗", "how is it billed"): a card
named next is priced on those terms. Reads the stored text of that earlier question, never the message."""

from __future__ import annotations

from dataclasses import replace

from bot.core.counted_card import card_of_counted
from bot.messages import Turn
from bot.understand import rental_extras as extras
from bot.understand.classify import asks_billing
from bot.understand.normalize import normalize
from bot.understand.parser import Parsed, parse


def asks_terms(asked: str) -> bool:
    """Whether a FAQ question asks a price, how renting is charged, or a term's discount ("一万网络 年付几折",
    "复购还能减吗"): a card named next asks its price there, on those terms."""
    norm = normalize(asked)
    return asks_billing(asked) or extras.annual(norm) or extras.repeat_purchase(norm)


def span_left_open(turn: Turn | None) -> str | None:
    """The question before, when the FAQ was not sure of it and it asked what a length of time costs with no card
    ("how much is 12 hours on cloudgpu?", "在 gpuli 租两天多少钱"): a card named next is priced for that length there,
    as after a question the FAQ answered. None for any other turn."""
    if turn is None or turn.kind != "faq" or not turn.data.get("unsure") or not (text := str(turn.data.get("text") or "")):
        return None
    r = parse(text).rental
    return text if (r.duration_days or r.duration_hours) and not r.gpu and asks_terms(text) else None


def on_terms_asked(parsed: Parsed, asked: str | None, turn: Turn | None = None) -> Parsed:
    """The card's price on the terms the FAQ question before asked ("一万网络 年付 几折" then "h100": the H100 paid
    yearly, its 15% off), as if named with the card; cards counted there ("两台八卡 包月 多少" then "h200"), that many.
    `turn`: the turn that asked it, which may hold that question's reading (bot.core.asked_reading)."""
    if (counted := card_of_counted(parsed, asked, turn)) is not None:
        return counted
    parsed = _span_asked(parsed, asked)
    norm = normalize(asked or "")
    annual, repeat = extras.annual(norm), extras.repeat_purchase(norm)
    if not (annual or repeat):
        return parsed
    return replace(parsed, price=replace(parsed.price, annual=parsed.price.annual or annual,
                                         repeat_purchase=parsed.price.repeat_purchase or repeat))


def _span_asked(parsed: Parsed, asked: str | None) -> Parsed:
    """The card with the span the question before named, when it names none of its own ("cloudgpu 跑 8 小时多少钱" then
    "A6000": 8 hours of the A6000 there, $3.52, not its hourly list)."""
    r = parsed.rental
    if not asked or r.duration_days or r.duration_hours:
        return parsed
    before = parse(asked).rental
    if not (before.duration_days or before.duration_hours):
        return parsed
    return replace(parsed, rental=replace(r, duration_days=before.duration_days, duration_hours=before.duration_hours))
