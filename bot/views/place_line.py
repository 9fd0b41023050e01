"""The line that answers where the machines are: which providers have machines in the area a team's data must stay
in (and whether the card asked is there), which regions carry InfiniBand between nodes, which regions rent a card.

Why: a residency rule ("数据必须留在境内") or a "which region" question was answered with prices alone, never saying
where; the answer is the place, so it leads. Every place and card here comes from the catalog's regions, offers
and add-ons (catalogs/providers/*.yaml), none from this module."""

from __future__ import annotations

from bot.messages import Reply
from bot.text.names import gpu_name
from bot.understand.parser import Parsed
from bot.understand.readings import PriceExtras
from bot.understand.residency import in_area, providers_in
from engine.money import Money
from engine.providers import Offer, Provider, Region, provider, providers

_AREA = {"mainland-china": ("境内", "mainland China"), "abroad": ("境外", "outside mainland China"),
         "us": ("美国", "the US"), "singapore": ("新加坡", "Singapore")}


def _place(r: Region, lang: str) -> str:
    """A region as a reply names it: the seed's name in the reply's language, else its id ("DFW-1")."""
    zh = [n for n in r.names if not n.isascii()]
    en = [n for n in r.names if n.isascii() and len(n) > 2]
    if lang == "zh" and zh:
        return zh[0]
    return en[0].title() if en else r.id


def _join(items: list[str], lang: str) -> str:
    return ("、" if lang == "zh" else ", ").join(dict.fromkeys(items))


def _where(p: Provider, o: Offer, lang: str) -> list[str]:
    return [_place(p.region(r), lang) for r in o.regions]


def _card_there(p: Provider, area: str, card: str | None, lang: str) -> str:
    """What of `p` is in `area`: the card asked (there, elsewhere, place unstated, not rented) or its cards there."""
    zh = lang == "zh"
    ids = {r.id for r in p.regions if in_area(r.area, area)}
    here = [o for o in p.offers if set(o.regions) & ids]
    names = _join([f"{o.count}×{gpu_name(o.gpu)}" if o.count > 1 else gpu_name(o.gpu) for o in here], lang)
    rents = f"{_AREA[area][0]}标明的：{names}" if zh else f"what it lists there: {names}"
    if card is None:
        return f"，{rents}" if zh else f"; {rents}"
    offers, name = p.offers_for(card), gpu_name(card)
    if any(set(o.regions) & ids for o in offers):
        return f"，{name} 就在这里" if zh else f"; its {name} is there"
    placed = [w for o in offers for w in _where(p, o, lang)]
    if placed:
        return (f"，但它的 {name} 不在{_AREA[area][0]}（在{_join(placed, lang)}）；{rents}" if zh
                else f"; but its {name} is not in {_AREA[area][1]} ({_join(placed, lang)}); {rents}")
    if offers:
        return (f"，{name} 来源没写在哪个机房，下单前问清" if zh
                else f"; the source names no site for its {name}: ask before you order")
    return f"，它不租 {name}；{rents}" if zh else f"; it does not rent the {name}; {rents}"


def area_line(area: str, whether: bool, card: str | None, lang: str) -> str:
    """Who has machines in `area`, named with the place, and the card asked there; or that nobody does."""
    zh, (area_zh, area_en) = lang == "zh", _AREA[area]
    there = [provider(i) for i in providers_in(area)]
    if not there:
        known = _join([f"{p.name}（{_join([_place(r, lang) for r in p.regions], lang)}）" if zh
                       else f"{p.name} ({_join([_place(r, lang) for r in p.regions], lang)})" for p in providers().entries if p.regions], lang)
        return (f"❌ 目录里没有哪家标明在{area_zh}有机房；各家写明的机房：{known}" if zh
                else f"❌ No provider in the catalog states machines in {area_en}; the sites they name: {known}")
    parts = []
    for p in there:
        places = _join([_place(r, lang) for r in p.regions if in_area(r.area, area)], lang)
        parts.append((f"{p.name}（{places}）" if zh else f"{p.name} ({places})") + _card_there(p, area, card, lang))
    rest = len(there) < len(providers().entries)
    if zh:
        head = f"✅ 能放{area_zh}：" if whether else f"🏢 {area_zh}有机房的：" if len(there) > 1 else f"🏢 {area_zh}有机房的只有"
        return head + "；".join(parts) + (f"；其他几家没写{area_zh}机房" if rest else "")
    head = f"✅ Yes, {area_en} is possible: " if whether else f"🏢 With machines in {area_en}: " if len(there) > 1 \
        else f"🏢 Only one provider has machines in {area_en}: "
    return head + "; ".join(parts) + (f"; the others state none in {area_en}" if rest else "")


def nodes_line(named: str | None, lang: str) -> str | None:
    """Which regions carry InfiniBand between nodes, per provider (the one named, else all that sell it)."""
    zh, lines = lang == "zh", []
    for p in providers().entries:
        if named and p.id != named:
            continue
        for a in (a for a in p.add_ons if a.multi_node):
            fee = Money.of(a.price, p.currency).format(lang) if a.price is not None else None
            if a.regions:
                where = _join([_place(p.region(r), lang) for r in a.regions], lang)
                lines.append(f"{p.name} 只在 {where} 提供" + (f"（每节点每月 {fee}）" if fee else "") if zh
                             else f"{p.name} offers it only in {where}" + (f" ({fee} per node a month)" if fee else ""))
            elif a.offers:
                on = [o for o in p.offers if o.id in a.offers]
                boxes = _join([f"{o.count}×{gpu_name(o.gpu)}" for o in on], lang)
                where = _join([w for o in on for w in _where(p, o, lang)], lang)
                lines.append(f"{p.name} 只给 {boxes} 选配（{where}，未标价）" if zh
                             else f"{p.name} adds it only to its {boxes} ({where}, no price stated)")
    if not lines:
        return None
    return ("🏢 跨节点要走 InfiniBand：" + "；".join(lines)) if zh else ("🏢 Across nodes you need InfiniBand: " + "; ".join(lines))


def card_line(card: str, named: str | None, lang: str) -> str | None:
    """Which sites rent `card`, per provider that rents it (the one named, else all): those the source names."""
    zh, lines = lang == "zh", []
    for p in providers().entries:
        offers = p.offers_for(card) if not named or p.id == named else []
        if offers:
            where = _join([w for o in offers for w in _where(p, o, lang)], lang)
            lines.append(f"{p.name} {where}" if where else (f"{p.name} 没写机房" if zh else f"{p.name} names no site"))
    if not lines:
        return None
    return (f"🏢 {gpu_name(card)} 在哪：" + "；".join(lines)) if zh else (f"🏢 Where the {gpu_name(card)} is: " + "; ".join(lines))


def place_line(price: PriceExtras, card: str | None, named: str | None, lang: str) -> str | None:
    """The line that answers where, for a reading's price extras, the card asked and the provider named; None when
    the message keeps the machines nowhere and asks no place."""
    if price.place is not None:
        return area_line(price.place, price.place_whether, card, lang)
    if not price.where_asked:
        return None
    if (price.nodes or 0) >= 2 or price.infiniband:
        return nodes_line(named, lang)
    return card_line(card, named, lang) if card else None


def place_first(reply: Reply, price: PriceExtras, card: str | None, named: str | None) -> Reply:
    """`reply` with the place answered: leading it, or after it when the place is one question of several asked
    whether ("…3. 数据能不能放境内"): each is answered in the order asked."""
    line = place_line(price, card, named, reply.lang)
    if line is None:
        return reply
    note = Reply("error", reply.lang, {"message": line})
    if price.place_whether:
        reply.also = [*reply.also, note]
        return reply
    note.also = [reply, *reply.also]
    reply.also = []
    note.turn, note.buttons, note.source = reply.turn, reply.buttons, reply.source
    note.image, note.chart, note.chart_caption = reply.image, reply.chart, reply.chart_caption
    reply.image, reply.chart = None, None
    return note


def place_answers(reply: Reply, price: PriceExtras, card: str | None, named: str | None) -> Reply:
    """`reply` replaced by where the machines are, when that is the whole question: a residency rule and which
    provider suits it, or whether the one named does ("数据不出境，哪家 OK", "we must stay in China, can we use
    yiwan's H100?"); a FAQ entry matched on the rule's other words ("数据": how long data is kept) answers nothing asked."""
    line = place_line(price, card, named, reply.lang) if price.place is not None and price.place_fits else None
    if line is None:
        return reply
    if card and named and price.place:  # "一万网络的 H100 能用吗": yes where its card is there, no where it is elsewhere
        mark = _there(provider(named), price.place, card)
        line = ("✅ " if mark else "❌ " if mark is False else "🏢 ") + line.removeprefix("🏢 ")
    note = Reply("error", reply.lang, {"message": line})
    note.turn, note.buttons, note.source = reply.turn, [], reply.source
    return note


def _there(p: Provider, area: str, card: str) -> bool | None:
    """Whether `p` rents `card` in `area`: True, False where every site named is elsewhere, None where unsaid."""
    ids = {r.id for r in p.regions if in_area(r.area, area)}
    offers = p.offers_for(card)
    if any(set(o.regions) & ids for o in offers):
        return True
    return False if offers and all(o.regions for o in offers) else None


def parts_placed(first: Reply, parsed: Parsed) -> Reply:
    """The first answer of a message asking several things, with where answered (`place_first`): the message's
    place and where-question, the card and provider of the first part that names them."""
    parts = [parsed, *parsed.parts]
    card = next((p.request.gpu or p.rental.gpu for p in parts if p.request.gpu or p.rental.gpu), None)
    named = next((p.request.provider or p.rental.provider for p in parts if p.request.provider or p.rental.provider), None)
    return place_first(first, parsed.price, card, named)
