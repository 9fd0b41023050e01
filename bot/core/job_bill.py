"""A job's whole bill at a provider, asked with its storage: "gpuli 32b 全参一个月总账单多少，带存储的", "32b full ft at
gpuli for a month, all-in with storage?", "32b 全参 gpuli 包月 加 2000G 存储卷 多少".

Why: the cost answer picks and prices the cards for the job, and the storage named beside it was dropped; only a
setup's price (no job) added it (seed 000's month of 8×H100 SXM: ₮14,432 + a 2,000 GB volume ₮160 + 1,000 GB of
object storage ₮15 = ₮14,607). The question asked was the bill with the storage, so the bill of each setup the answer
priced at that provider leads it: the pick's first, then the others, at the sizes said (or, with none said, at the
provider's own example sizes, and the answer says so).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from bot.core.add_on_follow import assumed_note, assumed_storage
from bot.messages import Reply
from bot.text.i18n import t
from bot.text.names import short_gpu
from bot.understand.parser import Parsed
from engine.catalog import gpus
from engine.money import Money
from engine.price_list import setup_prices

MONTH_HOURS = 720  # a bill with monthly storage asked with no length: a month's
MOST = 4  # setups billed: the pick and the next three it lists


def _setups(data: dict[str, Any], provider: str) -> list[tuple[str, int]]:
    """The setups the cost answer priced at `provider`, the pick first."""
    out: list[tuple[str, int]] = []
    for item in [data.get("priced"), *(data.get("alternatives") or [])]:
        if isinstance(item, list | tuple) and len(item) == 3 and item[2] == provider and isinstance(item[0], str) \
                and isinstance(item[1], int) and (item[0], item[1]) not in out:
            out.append((item[0], item[1]))
    return out[:MOST]


def _bill(gpu: str, count: int, hours: float, provider: str, sizes: dict[str, int], currency: str) -> tuple[Money, Money] | None:
    """(the whole bill, the cards' part of it) of `count` × `gpu` at `provider` for `hours` with the storage `sizes`."""
    rows = [r for r in setup_prices(gpu, count, timedelta(hours=hours), display_currency=currency, add_ons=sizes).offered
            if r.provider.id == provider and r.quotes]
    if not rows or rows[0].quotes[0].total is None:
        return None
    quote = rows[0].quotes[0]
    cards = quote.cards_range.exact
    if not quote.add_ons or cards is None:
        return None  # the provider bills none of the storage asked: no bill with it to give
    return Money(quote.total or cards, quote.currency).rounded(), Money(cards, quote.currency).rounded()


def with_storage_bill(reply: Reply, parsed: Parsed, lang: str) -> Reply:
    """`reply` (a job's cost at a provider) led by the whole bill of each setup it priced there, when the message
    names storage with the job (sized, or unsized at the provider's example sizes); unchanged otherwise."""
    turn, extras = reply.turn, parsed.price
    if turn is None or turn.kind != "cost" or not (extras.add_ons or extras.storage_unsized) or parsed.parts:
        return reply
    priced = turn.data.get("priced")
    provider = priced[2] if isinstance(priced, list | tuple) and len(priced) == 3 else None
    if not isinstance(provider, str) or (parsed.rental.provider or provider) != provider:
        return reply
    assumed = {} if extras.add_ons else assumed_storage(extras.storage_unsized, provider)
    sizes = {**assumed, **extras.add_ons}
    job = turn.data.get("request") if isinstance(turn.data.get("request"), dict) else {}
    hours = float((job or {}).get("days") or 0) * 24 + float((job or {}).get("hours") or 0) or MONTH_HOURS
    currency = str(reply.data.get("v", {}).get("display_currency") or "USD") if isinstance(reply.data.get("v"), dict) else "USD"
    bills = [(gpu, count, bill) for gpu, count in _setups(turn.data, provider)
             if (bill := _bill(gpu, count, hours, provider, sizes, currency)) is not None]
    if not bills:
        return reply
    sep = " · "
    rows = sep.join(t("bill.row", lang, setup=t("sum.setup", lang, n=count, gpu=short_gpu(gpus().get(gpu).name)),
                      total=total.format(lang), cards=cards.format(lang))
                    for gpu, count, (total, cards) in bills)
    storage = "、".join(f"{t(f'price.addon_name.{k}', lang)} {gb:,} GB" for k, gb in sizes.items()) if lang == "zh" else \
        ", ".join(f"{t(f'price.addon_name.{k}', lang)} {gb:,} GB" for k, gb in sizes.items())
    lead = Reply("error", lang, {"message": t("bill.with_storage", lang, provider=_name(provider), storage=storage, rows=rows)})
    lead.also = [reply, *reply.also, *([assumed_note(assumed, provider, lang)] if assumed else [])]
    reply.also = []
    lead.turn, lead.buttons, lead.source = reply.turn, reply.buttons, reply.source
    turn.data["add_ons"] = sizes  # "存储都不要的话呢" next: the job again, cards alone
    return lead


def _name(provider: str) -> str:
    from engine.providers import providers

    found = next((p for p in providers().entries if p.id == provider), None)
    return found.name if found is not None else provider
