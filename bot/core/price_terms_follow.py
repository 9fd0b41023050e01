"""A short message after a price that changes the price's terms at its provider: a repeat purchase
("复购每月多少", "as a returning customer, per month?": seed 003, ¥100 off each month), another memory size of
the card priced ("48g 跑 12 小时呢", "the 48GB one for a day?": the 4090 48GB at CloudGPU, $0.65 an hour, not the
24 GB one), or an upgrade the FAQ answer before it named ("cpu 要不要升级" then "升级后一个月多少": the rental
before with the CPU upgrade, ¥2,800 + ¥400). Each is priced under the provider's own billing rules (bot.core.price);
none is the FAQ entry its words come near. Pure: Parsed and the last Turn in, Parsed (or None) out.
"""

from __future__ import annotations

import re
from dataclasses import replace

from bot.core.about_last import ABOUT_BUDGET, ABOUT_LAST, duration_of
from bot.core.setup_follow import card_of
from bot.messages import Turn
from bot.understand.follow_reads import upgrades_named
from bot.understand.parser import Parsed, parse
from engine.catalog import gpus


def _hours(parsed: Parsed) -> float | None:
    span = duration_of(parsed)
    return span.get("days", 0) * 24 + span.get("hours", 0) if span else None


def _own(parsed: Parsed) -> bool:
    q = parsed.request
    return bool(q.gpu or q.model or q.params_b or q.num_gpus)


def repeat_asked(parsed: Parsed, last: Turn) -> Parsed | None:
    """"复购每月多少", "老客户续一个月多少", "returning customer price per month?" after a price (or a sizing that
    named its card): that rental bought again on the same account, for the length stated (else the one priced),
    the provider's repeat-purchase discount taken off (seed 003: ¥2,800 − ¥100 = ¥2,700 a month)."""
    if not parsed.price.repeat_purchase or _own(parsed) or parsed.cues.chars > ABOUT_BUDGET \
            or last.kind not in ("price", "size", "cost"):
        return None
    hours = _hours(parsed)
    display = parsed.price.display_currency
    shown = {"display": display, "asked_currency": True} if display else {}
    if last.kind == "price":
        data = {**last.data, "repeat": True, **shown}
        if hours:
            data["hours"] = hours
        if parsed.rental.provider:
            data["first"] = parsed.rental.provider
        return replace(parsed, intent="price", follow=data, follow_up=True, missing=[], faq=[], faq_answers=[],
                       faq_confident=False)
    card = card_of(parsed, last)
    if card is None:
        return None
    provider = parsed.rental.provider or last.data.get("request", {}).get("provider")
    data = {"gpu": [card[0]], "num_gpus": card[1], "hours": hours or 30 * 24, "first": provider, "display": None,
            "repeat": True, **shown}
    return replace(parsed, intent="price", follow=data, follow_up=True, missing=[], faq=[], faq_answers=[],
                   faq_confident=False)


def variant_of(card: str, size: str | None, form: str | None = None) -> str | None:
    """The card of the same family with the memory `size` the message says alone ("48g" after an RTX 4090: the
    4090 48GB), or in the form it says alone ("the SXM version" after an A100 80GB PCIe: the A100 80GB SXM), when the
    catalog has one other than `card`; None otherwise."""
    if size is None and form is None:
        return None
    entry = next((g for g in gpus().entries if g.id == card), None)
    if entry is None or not entry.aliases:
        return None
    family = re.sub(r"\s*\d+\s*gb?$", "", str(entry.aliases[0]), flags=re.I)
    if form is not None:  # the family's own name, its form dropped, at the memory said or the card's own, in the form said
        family = re.sub(r"\s*\b(?:pcie|sxm\d?)\b", "", family, flags=re.I)
        asked = f"{family} {size or f'{entry.memory_gb:g}'}g {form}"
    else:
        asked = f"{family} {size}g"
    other = parse(asked).request.gpu
    return other if other and other != card else None


def card_variant(parsed: Parsed, last: Turn) -> str | None:
    """The other memory size or form of the card just priced or sized on, named alone in a short follow-up ("48g 跑
    12 小时呢", "what about the 48g version" after 7B LoRA on a 4090, "and the SXM one?" after an A100 PCIe's price)."""
    if last.kind not in ("price", "size", "cost") or _own(parsed) or parsed.price.add_ons or parsed.cues.chars > ABOUT_LAST:
        return None
    held = last.data.get("gpu") if last.kind == "price" else last.data.get("request", {}).get("gpu")
    cards = held if isinstance(held, list) else [held] if held else []
    size, form = parsed.cues.lone_memory, parsed.cues.lone_form
    if len(cards) > 1 and form is not None:  # both forms priced ("A100 80G" at gpuli): the one of the form said
        picked = {variant_of(str(c), size, form) or str(c) for c in cards}
        return picked.pop() if len(picked) == 1 else None
    if len(cards) != 1:
        return None
    return variant_of(str(cards[0]), size, form)


def upgrade_after_faq(parsed: Parsed, before: Turn | None, asked: str | None) -> Parsed | None:
    """"一万网络 a100 40g 跑 7b lora" then "cpu 要不要升级" (the FAQ on add-ons, `asked`) then "升级后一个月多少" /
    "and with the upgrade, per month?": the rental `before` the FAQ question, with the upgrade that question named
    (CPU, memory, or both), priced for the length stated (else the one priced, else a month)."""
    if asked is None or _own(parsed) \
            or parsed.cues.chars > ABOUT_LAST or parsed.price.per_gb:  # "对象存储多少钱一个 G": that storage's own price
        return None
    if before is None or before.kind not in ("price", "size", "cost"):
        return _upgrade_of_asked_card(parsed, asked)
    if not (parsed.price.add_ons or parsed.cues.upgrade_referred):
        return None
    # the upgrade the message names, else the one the question before asked about
    add_ons = dict(parsed.price.add_ons) or upgrades_named(asked)
    if not add_ons:
        return None
    hours = _hours(parsed)
    if before.kind == "price":
        held = before.data.get("add_ons")
        data = {**before.data, "add_ons": {**(held if isinstance(held, dict) else {}), **add_ons}}
        if hours:
            data["hours"] = hours
    else:
        card = card_of(parsed, before)
        if card is None:
            return None
        provider = parsed.rental.provider or before.data.get("request", {}).get("provider")
        data = {"gpu": [card[0]], "num_gpus": card[1], "hours": hours or 30 * 24, "first": provider, "display": None,
                "add_ons": add_ons}
    return replace(parsed, intent="price", follow=data, follow_up=True, missing=[], faq=[], faq_answers=[],
                   faq_confident=False)


def _upgrade_of_asked_card(parsed: Parsed, asked: str) -> Parsed | None:
    """"what does 一万网络 charge for an A100 40G" (answered by the FAQ on its prices) then "and with a 128G RAM
    upgrade?": the card that question named, at its provider, rented with the upgrade the message names (seed 003:
    ¥2,800 + ¥600 a month), for the length stated, else a month."""
    if not parsed.price.add_ons or not parsed.cues.add_on_added:  # the message names no upgrade: no need to read `asked`
        return None
    named = parse(asked)
    if not named.request.gpu or not named.rental.provider:
        return None
    data: dict[str, object] = {"gpu": [named.request.gpu], "num_gpus": named.request.num_gpus, "hours": _hours(parsed) or 30 * 24,
            "first": named.rental.provider, "display": None, "add_ons": dict(parsed.price.add_ons)}
    return replace(parsed, intent="price", follow=data, follow_up=True, missing=[], faq=[], faq_answers=[],
                   faq_confident=False)
