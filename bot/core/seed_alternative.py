"""A full fine-tune asked for a cheaper way than a setup ("老板嫌 8 卡 h100 贵，32b 全参 有没有便宜点的", "cheapest legit
setup for 72b full ft, offload is fine") or for a way without offload because it is too slow ("72B full FT, offload's
too slow - alternative?"): seed 000's own setups for the size class lead, the one that answers first, with its
monthly price, what it saves or costs beside the setup it replaces, and what it gives up (the 20–50% of throughput
offload costs, 8-bit moments, the minimum's thin headroom on a slower card); its sizing follows.

Why: the question was sized as the job alone (8 × H100 again, or offload on cards rented one by one) or answered by
the FAQ on slow multi-GPU runs, so the setup asked for never led. Only the seed's rows are offered: its minimum and
roomy setups are the ones its price table vouches for."""

from __future__ import annotations

from decimal import Decimal

from bot.core.answers import size_request
from bot.core.context import Context
from bot.core.several import verdict_first
from bot.messages import Reply
from bot.text.i18n import t
from bot.text.names import short_gpu
from bot.understand.alternative_asked import alternative_asked, cheaper_than_named, offload_accepted
from bot.understand.parser import Parsed
from engine.catalog import gpus
from engine.errors import KasuanError
from engine.money import Money
from engine.providers import providers
from engine.resolve import resolve
from engine.seed_minimums import SEED_000_MINIMUMS, SEED_000_ROOMY, SeedMinimum


def _month(gpu: str, count: int) -> list[tuple[str, Decimal, Decimal, str]]:
    """(provider, low, high, currency) of each provider that rents `count` of `gpu` as one machine by the month,
    published prices before estimates."""
    out = []
    for p in providers().entries:
        for offer in p.offers_for(gpu):
            price = offer.prices.get("month")
            if offer.count == count and price is not None:
                out.append((price.status != "estimate", p.name, price.low, price.high, p.currency))
    out.sort(key=lambda x: not x[0])
    return [(name, low, high, cur) for _, name, low, high, cur in out]


def _said(price: tuple[str, Decimal, Decimal, str], lang: str) -> str:
    low, high = (Money.of(a, price[3]).format(lang) for a in price[1:3])
    return low if low == high else f"{low}–{high}"


def _setup(row: SeedMinimum, lang: str) -> str:
    setup = t("sum.setup", lang, n=row.plan.num_gpus, gpu=short_gpu(gpus().get(row.gpu).name))
    how = [f"ZeRO-{row.plan.zero}"] if row.plan.zero else []
    if row.plan.offload != "none":
        how.append(t("alt.how.offload", lang))
    if row.optimizer == "adamw-8bit":
        how.append(t("alt.how.eight_bit", lang))
    return t("alt.setup", lang, setup=setup, how=" + ".join(how)) if how else setup


def _gives_up(row: SeedMinimum, roomy: bool, named: str | None, lang: str) -> str:
    out = []
    if row.plan.offload != "none":
        out.append(t("alt.gives.offload", lang))
    if row.optimizer == "adamw-8bit":
        out.append(t("alt.gives.eight_bit", lang))
    if not roomy and row.plan.offload == "none":
        out.append(t("alt.gives.minimum", lang))
    card = gpus().get(row.gpu)
    other = gpus().find(named) if named else None
    if other is not None and other.bf16_tflops > card.bf16_tflops:
        out.append(t("alt.gives.slower", lang, gpu=short_gpu(card.name), other=short_gpu(other.name),
                     a=f"{card.bf16_tflops:g}", b=f"{other.bf16_tflops:g}"))
    return t("alt.list_sep", lang).join(out)


def seed_alternative(ctx: Context, parsed: Parsed) -> Reply | None:
    """The seed's setup answering a cheaper or an offload-free way for a full fine-tune, leading its sizing; None
    when no such way is asked, the job is not a full fine-tune of a size class the seed prices, or the setup named is
    already the seed's cheapest."""
    q = parsed.request
    asked = alternative_asked(parsed.words)
    if asked is None or q.method != "full" or not (q.model or q.params_b):
        return None
    try:
        b = resolve(q).params / 1e9
    except (KasuanError, ValueError):
        return None
    # 72B's second minimum row (8 × H200, 8-bit optimizer) is the one the seed calls roomy for its class
    rows = [(row, row is SEED_000_MINIMUMS[-1]) for row in SEED_000_MINIMUMS] + [(row, True) for row in SEED_000_ROOMY]
    priced = []
    for row, roomy in rows:
        month = _month(row.gpu, row.plan.num_gpus)
        if row.low_b <= b <= row.high_b and month:
            priced.append((month[0][2], row, roomy, month))
    priced.sort(key=lambda x: x[0])
    if not priced:
        return None
    lang = ctx.lang
    named = _month(q.gpu, q.num_gpus) if q.gpu and q.num_gpus else []
    if asked == "faster":
        keep = [x for x in priced if x[1].plan.offload == "none"]
        base = next((x for x in priced if x[1].plan.offload != "none"), None)
        if not keep:
            return None
        pick, versus = keep[0], (base[1], base[3][0]) if base else None
        key = "alt.lead.faster"
    else:
        if not named and not offload_accepted(parsed.words):
            return None  # "72b 全参最便宜怎么租", "is offload the cheapest?": the cheapest way's own answer (bot.core.answers)
        keep = [x for x in priced if not (q.offload == "none" and x[1].plan.offload != "none")
                and not (q.gpu and x[1].gpu == q.gpu and x[1].plan.num_gpus == q.num_gpus)]
        if named and not cheaper_than_named(parsed.words):
            return None  # "is 8x H100 + offload the cheapest?": that setup's own no, with the seed's minimum (bot.core.answers)
        if named:
            keep = [x for x in keep if x[0] < named[0][2]]
        if not keep:
            return None
        pick, versus = keep[0], None
        key = "alt.lead.cheaper"
    cost, row, roomy, month = pick
    if key == "alt.lead.cheaper" and not named:
        key = "alt.lead.cheapest"  # no setup named to be cheaper than: the seed's cheapest for the class
    line = t(key, lang, setup=_setup(row, lang), price=" · ".join(t("alt.month", lang, price=f"{m[0]} {_said(m, lang)}") for m in month[:2]))
    if named and asked == "cheaper":
        line += t("alt.saves", lang, other=t("sum.setup", lang, n=q.num_gpus, gpu=short_gpu(gpus().get(str(q.gpu)).name)),
                  price=_said(named[0], lang), diff=Money.of(named[0][2] - cost, month[0][3]).format(lang))
    elif versus is not None and versus[1][3] == month[0][3]:
        line += t("alt.dearer", lang, other=_setup(versus[0], lang), price=_said(versus[1], lang),
                  diff=Money.of(cost - versus[1][2], month[0][3]).format(lang))
    gives = _gives_up(row, roomy, q.gpu if asked == "cheaper" else None, lang)
    if gives:
        line += t("alt.gives", lang, what=gives)
    without = next((x for x in priced if x[1].plan.offload == "none"), None)
    if row.plan.offload != "none" and without is not None:  # the offload the cheapest costs in speed, and the way round it
        line += t("alt.or_without", lang, setup=_setup(without[1], lang), price=t("alt.month", lang, price=_said(without[3][0], lang)))
    update = {"gpu": row.gpu, "num_gpus": row.plan.num_gpus, "zero": row.plan.zero or None, "optimizer": row.optimizer,
              "offload": row.plan.offload if row.plan.offload != "none" else None, "days": None, "hours": None}
    body = size_request(ctx, q.model_copy(update=update))
    return verdict_first(body, Reply("error", lang, {"message": line}))
