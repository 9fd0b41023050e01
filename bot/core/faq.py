"""FAQ answers as reply data: one answer, the two closest questions (each a button), and a press
of one of those buttons."""

from __future__ import annotations

import re
from decimal import Decimal

from bot.core.answers import provider_name
from bot.core.context import Context
from bot.messages import Button, Reply
from bot.text.i18n import t
from bot.text.names import gpu_name
from bot.understand.clause_marks import CLAUSES, MAX_CLAUSE_TEXT
from bot.understand.entities import find_gpus
from bot.understand.faq import CONFIDENT, Hit, faq_entries, faq_index, lookup, on_topic
from bot.understand.normalize import normalize
from bot.understand.parser import Parsed
from bot.views.card_link import card_itself
from bot.views.cost import duration_view
from bot.views.faq_answer import card_answer, lead_with
from bot.views.price import unit_prices
from engine.breakdown import CARDS_PER_NODE
from engine.money import Money
from engine.providers import provider as find_provider
from engine.providers import providers


def faq_item(hit: Hit, lang: str, provider: str | None = None, card: str | None = None,
             cards: list[str] | None = None, count: int | None = None, stated: int | None = None) -> dict[str, object]:
    """One answer as reply data; a question naming a provider gets that provider's part first, one
    naming a card the entry answers card by card gets that card's answer, one naming several such cards
    (`cards`: "nvlink on a100 sxm, and on 4090?") each card's answer in the order named; the card's answer for
    `count` of it (several: "8×H100 SXM：有。…") names the setup it is for; `stated`, the count the message gives of
    its card ("两张 4090 之间有 nvlink 吗"), is named back in what the card itself links."""
    e = hit.entry
    carded = own = None if len(set(cards or [])) > 1 else card_answer(e.by_card, card, provider, lang)
    link = card_itself(e, card, own, lang, stated) if own else None
    # the setup the card's answer is for, named: the count of the answer before, else the message's own ("four
    # 4090s for zero-3"), unless the card's own link names that count already ("两张 4090 之间有 nvlink 吗")
    setup = count if count and count > 1 else stated if stated and stated > 1 and link is None else None
    if carded and card and setup:
        carded = t("faq.card_answer", lang, card=f"{setup}×{gpu_name(card)}", answer=carded)
    answer = each_card(hit, cards or [], provider, lang) or carded or lead_with(
        e.answer.zh if lang == "zh" else e.answer.en, provider, e.by_provider, lang)
    return {
        "id": e.id,
        "question": e.question.zh if lang == "zh" else named_as_seeded(e.question.en),
        "answer": answer if lang == "zh" else named_as_seeded(answer),
        "score": hit.score,
        # "3090 能 nvlink 吗": no at gpuli, and what the card itself links (a two-card bridge)
        "card_link": link,
    }


def named_as_seeded(text: str) -> str:
    """English text naming a provider by a Latin alias ("What discounts does Yiwan offer?") names it once as the
    provider's own name too ("Yiwan (一万网络)"), so a reader can match it with the prices and the provider's site;
    text naming it so already stays as it is."""
    for p in providers().entries:
        if p.name.isascii() or p.name in text:
            continue
        latin = sorted((a for a in p.aliases if a.isascii() and a.isalpha()), key=len, reverse=True)
        for alias in latin:
            found = re.search(rf"\b{re.escape(alias)}\b", text, re.IGNORECASE)
            if found:
                text = f"{text[:found.end()]} ({p.name}){text[found.end():]}"
                break
    return text


def each_card(hit: Hit, cards: list[str], provider: str | None, lang: str) -> str | None:
    """The entry's answer for each of two or more cards, a line each led by the card's name ("A100 80GB
    SXM: Yes. …", "RTX 4090: No. …"); None unless every card named has a part of its own."""
    named = list(dict.fromkeys(cards))
    if len(named) < 2 or not hit.entry.by_card:
        return None
    answers = [card_answer(hit.entry.by_card, c, provider, lang) for c in named]
    if not all(answers):
        return None
    return "\n".join(t("faq.card_answer", lang, card=gpu_name(c), answer=a) for c, a in zip(named, answers, strict=True))


def card_first(answers: list[Hit], ranked: list[Hit], card: str | None, text: str, provider: str | None) -> list[Hit]:
    """`answers` led by an entry that answers for the very card named ("is there nvlink on gpuli's
    4090s": the NVLink entry's 4090 verdict, not the multi-4090 training entry), when it is among
    the closest and is what the message asks once the card's name is taken out: the name is who is
    asked about, the rest what is asked (an entry about the card itself otherwise wins on its name)."""
    if card is None or not answers or _answers_for(answers[0], card):
        return answers
    carded = [h for h in ranked[:3] if _answers_for(h, card)]
    if not carded:
        return answers
    norm = normalize(text)
    for g in sorted(find_gpus(norm), key=lambda g: -g.start):
        norm = norm[:g.start] + " " + norm[g.end:]
    asked = faq_index().search(norm, limit=1, provider=provider)
    if not asked or asked[0].entry.id != carded[0].entry.id or asked[0].score < CONFIDENT:
        return answers
    return [carded[0], *[a for a in answers[1:] if a.entry.id != carded[0].entry.id]]


def card_of_clause(hit: Hit, answers: list[Hit], card: str | None, text: str, provider: str | None) -> str | None:
    """The card an answer is about when a message asks two questions ("which cards have NVLink at
    gpuli, and can I run ZeRO-3 across several 4090s?"): the one named in the question that answer
    is to, so the other question's card does not narrow it (the first asks for the whole list)."""
    if card is None or len(answers) < 2 or not hit.entry.by_card:
        return card
    for clause in CLAUSES.split(text[:MAX_CLAUSE_TEXT]):
        found, _ = lookup(clause, provider)
        if found is not None and found.entry.id == hit.entry.id:
            named = find_gpus(normalize(clause))
            return named[0].ident if named else None
    return card


def plan_line(card: str, count: int, days: float | None, provider: str | None, ctx: Context) -> str | None:
    """"how do I top up for the 4090 weekly plan", "gpuli 4090 包月怎么续费": a how-to about a plan the
    message names (a card with a week or a month) answers the how-to and says that plan's price
    (gpuli 1×RTX 4090 ₮109/周), at the provider named or wherever the plan is sold. None when no
    plan is named or nobody sells it by that unit."""
    unit = {7: "week", 30: "month"}.get(int(days)) if days and days == int(days) else None
    if unit is None:
        return None
    shown = []
    for row in unit_prices(card, count, ctx.display_currency):
        if provider is not None and row["provider"] != provider_name(provider):
            continue
        for u in row["units"]:
            if u["unit"] == unit:
                total = u["total"]
                low, high = Money(Decimal(total["low"]), total["currency"]), Money(Decimal(total["high"]), total["currency"])
                price = low.format(ctx.lang) if low.amount == high.amount else f"{low.format(ctx.lang)}–{high.format(ctx.lang)}"
                shown.append(f"{row['provider']} {price}/{t('unit.' + unit, ctx.lang)}")
    if not shown:
        return None
    nodes = count // CARDS_PER_NODE if count > CARDS_PER_NODE and count % CARDS_PER_NODE == 0 else None
    setup = t("sum.setup", ctx.lang, n=count, gpu=gpu_name(card)) if nodes is None else \
        t("sum.nodes_setup", ctx.lang, nodes=nodes, n=CARDS_PER_NODE, gpu=gpu_name(card), total=count)  # "两台 8 卡": 2 台
    return t("faq.plan_price", ctx.lang, setup=setup, prices=t("list.sep", ctx.lang).join(shown))


def shortest_term_line(hit: Hit, card: str, count: int, hours: float, provider: str | None, ctx: Context) -> str | None:
    """"does gpuli have hourly billing for the 8x H100? we only need it 3 days": a billing question naming a card,
    a length and a provider that sells no hours leads with the shortest term it sells for that machine and its price
    (gpuli 8× H100 SXM: a week, ₮4,172). None for another topic, a provider billing hours, or a card not sold there."""
    if provider is None or "billing" not in hit.entry.topics or find_provider(provider).billing.hourly_rental:
        return None
    name = provider_name(provider)
    for row in unit_prices(card, count, ctx.display_currency):
        units = {u["unit"]: u for u in row["units"] if u["unit"] in ("week", "month")}
        if row["provider"] != name or not units:
            continue
        unit = "week" if "week" in units else "month"
        if hours > (7 if unit == "week" else 30) * 24:
            return None  # "半个月": longer than one term, so no single term covers it (the rental's cycles are priced instead)
        total = units[unit]["total"]
        low, high = Money(Decimal(total["low"]), total["currency"]), Money(Decimal(total["high"]), total["currency"])
        price = low.format(ctx.lang) if low.amount == high.amount else f"{low.format(ctx.lang)}–{high.format(ctx.lang)}"
        span = duration_view(hours)
        if span is None:
            return None
        return t("faq.shortest_term", ctx.lang, provider=name, unit=t("unit." + unit, ctx.lang), price=price, one=t("faq.shortest_one." + unit, ctx.lang),
                 setup=t("sum.setup", ctx.lang, n=count, gpu=gpu_name(card)), dur=t("cost.dur." + span["unit"], ctx.lang, n=span["n"]))
    return None


def cycles_asked(hit: Hit, hours: float, provider: str | None) -> bool:
    """"gpuli 8x h100 for half a month, how is it billed": a billing question naming a length longer than the
    shortest term at a provider that sells no hours asks that rental's cycles and their price, not the rule."""
    return provider is not None and "billing" in hit.entry.topics and "discounts" not in hit.entry.topics and hours > 7 * 24 \
        and not find_provider(provider).billing.hourly_rental  # "包年有折扣吗" asks the discount, not the year's cycles


def hold_line(hit: Hit, card: str, count: int, provider: str | None, ctx: Context) -> str | None:
    """"what does CloudGPU hold while an A800 runs", "cloudgpu 跑 4090 冻结多少": an entry whose answer is an hour
    of a card's price held (FaqEntry.holds_hour) says that hour for the card named (1×A800 80GB PCIe: $1.09), at
    the entry's provider; None for any other entry, or a card not rented by the hour there."""
    if not hit.entry.holds_hour:
        return None
    where = {provider_name(p) for p in ([provider] if provider else hit.entry.providers)}
    for row in unit_prices(card, count, ctx.display_currency):
        hour = next((u["total"] for u in row["units"] if u["unit"] == "hour"), None)
        if row["provider"] in where and hour is not None:
            low, high = Money(Decimal(hour["low"]), hour["currency"]), Money(Decimal(hour["high"]), hour["currency"])
            price = low.format(ctx.lang) if low.amount == high.amount else f"{low.format(ctx.lang)}–{high.format(ctx.lang)}"
            return t("faq.hold_price", ctx.lang, provider=row["provider"], price=price,
                     setup=t("sum.setup", ctx.lang, n=count, gpu=gpu_name(card)))
    return None


def _answers_for(hit: Hit, card: str) -> bool:
    return any(card in part.cards for part in hit.entry.by_card)


BUTTON_LABEL = 40  # characters of a question shown on its button


def unknown_intent(ctx: Context, parsed: Parsed, text: str) -> Reply:
    """Not sure: the two closest FAQ questions, each also a button that answers it."""
    hits = [h for h in parsed.faq[:2] if h.score > 0] if on_topic(text) else []
    return closest_reply(ctx, hits)


def closest_reply(ctx: Context, hits: list[Hit]) -> Reply:
    closest = [faq_item(h, ctx.lang) for h in hits]
    buttons = [Button("btn.faq", f"q|{h.entry.id}", {"question": _short(str(c["question"]))}) for h, c in zip(hits, closest, strict=True)]
    return Reply("unknown", ctx.lang, {"closest": closest}, buttons)


def _short(question: str) -> str:
    return question if len(question) <= BUTTON_LABEL else question[: BUTTON_LABEL - 1] + "…"


def faq_button(ctx: Context, payload: str) -> Reply | None:
    """"q|<entry id>": the answer to the FAQ question the button showed; None when no such entry."""
    entry = next((e for e in faq_entries() if e.id == payload[2:]), None)
    if entry is None:
        return None
    return Reply("faq", ctx.lang, {"items": [faq_item(Hit(entry, 1.0), ctx.lang)]})
