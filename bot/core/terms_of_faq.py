"""The terms an earlier FAQ question asked about ("一万网络 年付 几折", "复购还能减吗", "how is it billed"): a card
named next is priced on those terms. Reads the stored text of that earlier question, never the message."""

from __future__ import annotations

from dataclasses import replace

from bot.core.counted_card import card_of_counted
from bot.understand import rental_extras as extras
from bot.understand.classify import asks_billing
from bot.understand.normalize import normalize
from bot.understand.parser import Parsed


def asks_terms(asked: str) -> bool:
    """Whether a FAQ question asks a price, how renting is charged, or a term's discount ("一万网络 年付几折",
    "复购还能减吗"): a card named next asks its price there, on those terms."""
    norm = normalize(asked)
    return asks_billing(asked) or extras.annual(norm) or extras.repeat_purchase(norm)


def on_terms_asked(parsed: Parsed, asked: str | None) -> Parsed:
    """The card's price on the terms the FAQ question before asked ("一万网络 年付 几折" then "h100": the H100 paid
    yearly, its 15% off), as if named with the card; cards counted there ("两台八卡 包月 多少" then "h200"), that many."""
    if (counted := card_of_counted(parsed, asked)) is not None:
        return counted
    norm = normalize(asked or "")
    annual, repeat = extras.annual(norm), extras.repeat_purchase(norm)
    if not (annual or repeat):
        return parsed
    return replace(parsed, price=replace(parsed.price, annual=parsed.price.annual or annual,
                                         repeat_purchase=parsed.price.repeat_purchase or repeat))
