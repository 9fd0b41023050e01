"""A size sent after storage was asked about: "gpuli 存储卷怎么收费" then "3000G 呢", "gpuli storage volume
price?" then "and for 5 TB?", "gpuli 存储卷 3T 一个月多少" then "5T 呢". The storage is the one asked
before (its FAQ answer or its price), the size the new message gives: that storage priced at that size
(seed 000: a volume is ₮0.08 per GB-month, so 3,000 GB is ₮240), never the FAQ's own example again.
"""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal

from bot.messages import Reply, Turn
from bot.text.i18n import t
from bot.understand import rental_extras as extras
from bot.understand.card_counts import CARDS_PER_NODE_MAX
from bot.understand.classify import asks_billing
from bot.understand.lazy import lazy
from bot.understand.normalize import normalize
from bot.understand.parser import Parsed, parse
from engine.money import Money
from engine.providers import providers

SHORT = 30  # characters: "3000G 呢", "and for 5 TB?", "那 2 万 G 两个月呢": a change, not a question of its own
STORAGE = ("volume", "object-storage")


def storage_named(text: str) -> tuple[str, ...]:
    """The storages a question names; a bare "存储" / "storage" names both (the FAQ answers both)."""
    norm = normalize(text)
    named = tuple(k for k, words in extras.STORAGE_WORDS if words.search(norm))
    if named:
        return named
    return STORAGE if extras.ANY_STORAGE.search(norm) else ()


def sized_storage(parsed: Parsed, turn: Turn | None, asked: str | None, text: str) -> Parsed | None:
    """`parsed` as that storage's price at the size it states, when it is a message stating one size (no card,
    no model) after a question about storage; "对象存储 2T 呢" after a volume priced: that storage at that size;
    "加起来多少" after storages priced one by one: all of them together. None otherwise."""
    q = parsed.request
    stated = parsed.price.add_ons
    if q.gpu or q.model or q.params_b or parsed.intent in ("wallet", "help", "smalltalk", "export"):
        return None
    beneath = turn.data.get("prev") if turn is not None and turn.kind == "faq" else None
    if parsed.cues.add_on_added and isinstance(beneath, dict) and beneath.get("kind") == "price":
        return None  # "8卡 h100 包月", "出口流量收费吗", "加 2000g 存储卷 一共多少": added to that rental (added_to_price)
    short = len(text.strip()) <= SHORT
    sizes = parsed.price.sizes
    before = _held(turn)
    if not sizes and not stated and (bare := _bare_size(text)) is not None and any(k in STORAGE for k in before):
        sizes = (bare,)  # "we need 2000 GB" then "make it 5000": the storage just priced, in the GB it was sized in
        before = {k: v for k, v in before.items() if k in STORAGE}
    if stated:  # "对象存储 2T 呢" after a storage priced, "we'll archive 4TB" after its price asked: that one at its size
        if not (before or (set(stated) <= set(STORAGE) and _asked_texts(turn, asked))) \
                or not (short or _says_little_else(parsed)) or parsed.price.per_gb:
            return None
        wanted = dict(stated)
    else:
        asked_texts = _asked_texts(turn, asked)
        priced = any(asks_billing(a) for a in asked_texts)  # "how is storage billed": a price asked too
        named = tuple(before) if before else storage_named(" ".join(asked_texts)) if (priced or sizes) else ()
        if not named or len(sizes) > 1 or not (short or (sizes and _says_little_else(parsed))):
            return None
        switched = _switched_storage(text, before) if not sizes and short else {}
        if switched:  # "对象存储同样容量呢" after a 3,000 GB volume priced: the other storage at that size
            wanted = switched
        elif sizes:
            wanted = {k: sizes[0] for k in named}
        elif before and (parsed.asks.total or parsed.asks.both):  # "加起来多少", "两个都加": every add-on said so far
            wanted = {k: int(v) for k, v in before.items()}
        elif before and (parsed.rental.duration_days or parsed.rental.duration_hours or parsed.price.display_currency
                         or parsed.cues.which_currency):
            # "两个月呢", "in cny?": the storage just priced, for that long or in that currency; "是人民币吧", "U 还是
            # USD？": the same, its currency leading (bot.core.price)
            wanted = {k: int(v) for k, v in (turn.data.get("add_ons") or before).items()} if turn is not None else before
        else:
            return None
    earlier = parse(asked) if asked else None
    rental = parsed.rental
    if not (rental.duration_days or rental.duration_hours):
        days = turn.data.get("days") if turn is not None and turn.kind == "add_on" else None
        hours = turn.data.get("hours") if turn is not None and turn.kind == "add_on" else None
        if earlier is not None and not (days or hours):
            days, hours = earlier.rental.duration_days, earlier.rental.duration_hours
        rental = replace(rental, duration_days=days, duration_hours=hours)
    provider = rental.provider or (turn.data.get("provider") if turn is not None else None) or (
        earlier.rental.provider if earlier is not None else None)
    return replace(parsed, intent="price", price=replace(parsed.price, add_ons=wanted),
                   rental=replace(rental, provider=provider), follow_up=True, missing=[], faq=[], faq_answers=[],
                   faq_confident=False)


LONGEST = 60  # characters: "we have 10TB of checkpoints to archive" states a size and little else


def _says_little_else(parsed: Parsed) -> bool:
    """A longer message stating a size that asks nothing of its own (no FAQ answer found for it)."""
    return len(parsed.words) <= LONGEST and not parsed.faq_answers and parsed.intent in ("unknown", "faq", "price")


BARE_SIZE = lazy(r"(?:make\s+it|change\s+(?:it\s+)?to|how\s+about|what\s+about|and|or|改成|改为|换成|变成|那|要|加到)?\s*"
                 r"(\d{2,6})\s*(?:instead|then|呢|吧|的话)?\s*[?？!！.。]*", re.IGNORECASE)


def _bare_size(text: str) -> int | None:
    """The one number a short change states with no unit ("make it 5000", "改成 5000 呢"): a storage's new size."""
    m = BARE_SIZE.fullmatch(normalize(text).strip())
    return int(m[1]) if m else None


def _switched_storage(text: str, before: dict[str, int]) -> dict[str, int]:
    """The one storage a short message names with no size of its own, after the other storage was priced at a
    size ("3000GB 一个月呢" then "对象存储同样容量呢" / "object storage same size?" / "那对象存储呢"): that storage
    at the size just priced. Empty when it names both, none, or the storage already priced."""
    held = [v for k, v in before.items() if k in STORAGE]
    norm = normalize(text)
    named = [k for k, words in extras.STORAGE_WORDS if words.search(norm)]
    if len(held) != 1 or len(named) != 1 or named[0] in before:
        return {}
    return {named[0]: held[0]}


def _held(turn: Turn | None) -> dict[str, int]:
    """The add-ons priced so far in a row of add-on prices ("cpu 升 16 核多少" then "内存 128g 呢"), storage at its
    latest size."""
    if turn is None or turn.kind != "add_on":
        return {}
    held = turn.data.get("kept") or turn.data.get("add_ons") or {}
    return {k: int(v) for k, v in held.items()}


def _asked_texts(turn: Turn | None, asked: str | None) -> list[str]:
    """The FAQ questions asked in a row up to now ("gpuli object storage" then "per GB?"), the latest first."""
    out = [asked] if asked else []
    while turn is not None and turn.kind == "faq" and len(out) < 4:
        said = str(turn.data.get("text") or "")
        if said and said not in out:
            out.append(said)
        prev = turn.data.get("prev")
        turn = Turn(prev["kind"], prev["data"]) if isinstance(prev, dict) else None
    return out


def added_to_price(parsed: Parsed, last: Turn | None, text: str) -> Parsed | None:
    """"一万网络 3090 包月" then "加内存128g" / "add 128GB RAM": the rental just priced (or weighed against a
    budget), priced again with the add-on (seed 003: ¥1,750 + ¥600 a month); the add-ons stay with the turn, so
    "换成 a100 40g" next keeps them. None unless it is a short message adding an add-on and naming no card
    or budget."""
    q, price = parsed.request, parsed.price
    prev = last.data.get("prev") if last is not None and last.kind == "faq" else None
    if isinstance(prev, dict) and prev.get("kind") == "price":  # "出口流量收费吗" between: a detour, the rental stays
        last = Turn("price", prev["data"])
    linked = price.infiniband and ((price.nodes or 0) > 1 or _machines(last) > 1)  # "incl infiniband, total?" after two machines
    if last is None or last.kind != "price" or q.gpu or q.model or q.params_b:
        return None
    # "含存储呢" / "incl. storage?" after a price: the provider's own example sizes (seed 000: 2,000 GB + 1,000 GB)
    where = parsed.rental.provider or last.data.get("first")
    # with no provider asked ("8卡H100 每卡每小时多少钱" then "含存储呢"), the sizes of whichever provider gives an example
    unsized = assumed_storage(price.storage_unsized, where if isinstance(where, str) else None) if not price.add_ons else {}
    if not (price.add_ons or unsized or linked) \
            or len(_without_add_ons(text)) > SHORT or not (parsed.cues.add_on_added or unsized):
        return None
    if parsed.asks.budget is not None:
        return None  # "加 2000G 存储卷，预算 ₮14500 够不够": the budget weighs the rental with it (the budget's path)
    held = last.data.get("add_ons")
    follow = {**last.data, "add_ons": {**(held if isinstance(held, dict) else {}), **unsized, **price.add_ons}}
    if unsized:
        follow["assumed_storage"] = unsized
    count = last.data.get("num_gpus")
    if linked:  # "2 nodes with infiniband, total?" after one 8-card machine: two of it, joined by InfiniBand
        follow["infiniband"] = True
        if price.nodes_counted and q.num_gpus:  # "3 nodes w/ IB?" after two 8-card machines: three of them, 24 cards
            follow["num_gpus"] = q.num_gpus
        elif (price.nodes or 0) > 1:
            follow["num_gpus"] = count * (price.nodes or 1) if isinstance(count, int) else count
    if parsed.rental.provider:
        follow["first"] = parsed.rental.provider
    r = parsed.rental
    if r.duration_days or r.duration_hours:  # "还是包月吧 加 128g 内存" after a year: the month, with the add-on
        follow["hours"] = (r.duration_days or 0) * 24 + (r.duration_hours or 0)
    elif price.annual:  # "年付 加 16 核 一起多少" after a month: the year prepaid, its rate on the card, with the add-on
        follow["hours"] = 365 * 24
    if price.repeat_purchase:  # "同账户再买一台 加 128g 内存": bought again, the repeat discount taken off too
        follow["repeat"] = True
    return replace(parsed, intent="price", follow=follow, follow_up=True, missing=[], faq=[], faq_answers=[],
                   faq_confident=False)


# what a rental's bill lists at no charge beside the storage ("出口流量 ipv4 全算上", "egress and IPv4 too")
FREE_ITEMS = lazy(r"出口流量|入口流量|流量|公网\s*ip(?:v4)?|ipv4|快照|egress|ingress|bandwidth|public\s+ip(?:v4)?|snapshots?", re.I)


def _without_add_ons(text: str) -> str:
    """The message less the add-ons it lists ("加2000G存储卷 1000G对象存储 出口流量 ipv4 全算上" keeps "加 全算上"):
    a list of add-ons is as short a change as one."""
    norm = normalize(text)
    for pattern in (extras.VOLUME, extras.OBJECT, extras.CPU_UPGRADE, extras.RAM_UPGRADE, FREE_ITEMS):
        norm = pattern.sub(" ", norm)
    return re.sub(r"\s+", " ", norm).strip()


def add_on_turn(parsed: Parsed, text: str, last: Turn | None, turn: Turn | None = None) -> Turn:
    """What an add-on's price leaves for the next message: the storages priced, where and for how long, and
    every storage priced in a row so far (`turn`: the add-on price before), for a total asked next."""
    r = parsed.rental
    kept = {**_held(turn), **parsed.price.add_ons}
    return Turn("add_on", {"text": text, "add_ons": dict(parsed.price.add_ons), "kept": kept, "provider": r.provider,
                           "days": r.duration_days, "hours": r.duration_hours,
                           "prev": {"kind": last.kind, "data": last.data} if last else None})


def assumed_storage(keys: tuple[str, ...], provider: str | None) -> dict[str, int]:
    """"8卡h100 整月 含存储": each storage named at the size its provider's own cost example bills
    (seed 000: a 2,000 GB volume and 1,000 GB of object storage beside the 8 × H100 month)."""
    out: dict[str, int] = {}
    for p in providers().entries:
        for a in p.add_ons:
            if a.id in keys and a.example_gb and a.id not in out and provider in (None, p.id):
                out[a.id] = a.example_gb
    return out


def assumed_note(sizes: dict[str, int], provider: str | None, lang: str) -> Reply:
    """The sizes assumed, whose example they come from, and how to name others."""
    owner = next((p.name for p in providers().entries if any(a.id in sizes for a in p.add_ons)
                  and provider in (None, p.id)), provider or "")
    sep = "、" if lang == "zh" else ", "
    listed = sep.join(f"{t(f'price.addon_name.{k}', lang)} {gb:,} GB" for k, gb in sizes.items())
    return Reply("error", lang, {"message": t("price.storage_assumed", lang, provider=owner, sizes=listed)})


def added_note(add_ons: dict[str, int], provider_id: str | None, days: float | None, lang: str) -> Reply | None:
    """"一万网络 A100 40G 包年 加 CPU 16 核 每月加多少": what each add-on adds a month at the provider priced
    (seed 003: 16 cores add ¥400 a month), and over the rental's started months when it runs longer; None
    when no provider named sells one of them at a listed price."""
    for p in providers().entries:
        if provider_id not in (None, p.id):
            continue
        sold = [(a, a.price * add_ons[a.id]) for a in p.add_ons if a.id in add_ons and a.price is not None]
        if not sold:
            continue
        months = max(1, -(-int(days or 0) // p.billing.month_days))
        items = []
        for a, per_month in sold:
            qty = add_ons[a.id]
            monthly = Money(Decimal(per_month), p.currency)
            key = "price.added_item_months" if months > 1 else "price.added_item"
            name = t(f"price.addon_name.{a.id}", lang) + (f" {qty:,} GB" if a.unit == "gb_month" else "")
            items.append(t(key, lang, name=name, monthly=monthly.format(lang), months=months,
                           total=Money(Decimal(per_month * months), p.currency).format(lang)))
        sep = "；" if lang == "zh" else "; "
        return Reply("error", lang, {"message": t("price.added_lead", lang, provider=p.name, items=sep.join(items))})
    return None


def _machines(last: Turn | None) -> int:
    """How many 8-card machines the last price rented (16 × H100 is two), 0 when none was priced."""
    count = last.data.get("num_gpus") if last is not None and last.kind == "price" else None
    return -(-count // CARDS_PER_NODE_MAX) if isinstance(count, int) and count > 0 else 0
