""""有更便宜的吗", "便宜点的呢", "any cheaper option?" right after a job was priced at a provider
("CloudGPU 70b qlora 用 a100 一小时多少"): the same job, at the same provider, for the same length, priced
again on every card there that holds it; the next cheaper one leads, with what it saves against the setup
just priced ("A800 80GB PCIe $1.09, $0.40 less than the A100 80GB SXM at $1.49"), or, when nothing there
holding the job costs less, a line saying the setup priced is already the cheapest.

Why: the question is about the answer just given; read alone it names nothing and was answered "I can't
help". Only setups that hold the job count: a card that may hit OOM is no cheaper option."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from typing import Any

from bot.messages import Reply, Turn
from bot.text.i18n import t
from bot.understand.cards import UnknownCard
from bot.understand.parser import Parsed
from engine.catalog import gpus
from engine.money import Money
from engine.providers import provider

CHEAPER_CHARS = 24  # characters: "有更便宜的吗", "any cheaper option?", "还有没有便宜点的卡" — no question of its own
COUNTED_CHARS = 40  # with the count priced said again: "ok and the cheaper 4-card option?", "有没有更便宜的 4 卡方案"


def cheaper_of_last(parsed: Parsed, last: Turn) -> Parsed | None:
    """A bare "cheaper?" after a cost answer that priced one setup at a provider: that cost question again
    without the card, remembering the setup priced (follow "cheaper_than"); None otherwise. What the message
    asks ("有更便宜的吗", "哪个更划算", "有没有…") the parser read (bot.understand.follow_reads)."""
    q, cues = parsed.request, parsed.cues
    if cues.which_cheaper and isinstance(last.data.get("before"), dict):
        return None  # "a6000 呢" then "哪个更划算": the two cards just priced, weighed (bot.core.about_last)
    # "the cheaper 4-card option" after one setup priced and none listed points at no option: a cheaper one is asked
    unlisted = cues.option == "cheaper" and not (last.data.get("options") or last.data.get("shown"))
    if parsed.rental.provider or parsed.asks.cheapest or (cues.option and not cues.cheaper_exists and not unlisted):
        return None  # "一万网络 同样需求 最便宜的呢": the job's cheapest there; "便宜的那个跑一天多少": an option picked
    if parsed.rental.duration_days or parsed.rental.duration_hours or parsed.rental.term:
        return None  # "就用三天，有便宜点的吗": that span re-priced
    if last.kind == "price" and cues.cheaper:
        return _job_of_price(parsed, last) or _card_of_price(parsed, last)
    priced = _setup_of(last)
    if priced is None or not cues.cheaper:
        return None
    if parsed.rental.duration_days or parsed.rental.duration_hours or parsed.rental.term:
        return None
    # "the cheaper 4-card option" after 4 × H100: the count priced, said again, keeps the cheaper setups to that count
    counted = q.num_gpus is not None and q.num_gpus == priced[1]
    if q.model or q.params_b or q.gpu or (q.num_gpus and not counted) or parsed.cards \
            or parsed.cues.chars > (COUNTED_CHARS if counted else CHEAPER_CHARS):
        return None
    job = {k: v for k, v in dict(last.data.get("request", {})).items() if k not in ("gpu", "num_gpus")}
    job["provider"] = priced[2]
    if not (job.get("hours") or job.get("days")) and isinstance(last.data.get("setup_hours"), int | float):
        job["hours"] = last.data["setup_hours"]  # "一个月多少" then "太贵了 换个便宜的": that month, re-priced
    if not (job.get("hours") or job.get("days")):  # a sizing priced no length: the provider's shortest term
        billing = provider(priced[2]).billing
        job["hours"] = 1 if billing.hourly_rental else min(c.days or 30 for c in billing.cycles) * 24 if billing.cycles else 1
    request = parsed.request.model_validate(job)
    return replace(parsed, intent="cost", request=request, follow={"cheaper_than": list(priced), "count": q.num_gpus},
                   follow_up=True, missing=[])


def _job_of_price(parsed: Parsed, last: Turn) -> Parsed | None:
    """"8b qlora 要多少显存", "cloudgpu 4090 跑 3 小时多少" then "cheaper?": the job remembered with that price, at
    that provider, for that length, priced again on every card there that holds it (the RTX 3090's 3 hours, $0.63,
    leading); None when the price carried no job or no length."""
    gpu, where, job = last.data.get("gpu"), last.data.get("first"), last.data.get("job")
    card = gpu[0] if isinstance(gpu, list) and len(gpu) == 1 else gpu
    hours = last.data.get("hours")
    if not isinstance(card, str) or not isinstance(where, str) or not isinstance(job, dict) \
            or not (job.get("model") or job.get("params_b")) or not hours or not provider(where).billing.hourly_rental:
        return None  # a term bought at a provider of cycles ("gpuli 4090 包月"): its list by week and month, below
    q = parsed.request
    if q.gpu or q.model or q.params_b or q.num_gpus or parsed.cards or parsed.cues.chars > CHEAPER_CHARS:
        return None
    count = last.data.get("num_gpus") or 1
    # every card there priced, not the one of the job remembered ("cloudgpu 4090 跑 14b qlora" then "一小时多少")
    request = q.model_validate({**{k: v for k, v in job.items() if k not in ("gpu", "num_gpus")}, "provider": where, "hours": hours})
    return replace(parsed, intent="cost", request=request, follow={"cheaper_than": [card, count, where], "count": None},
                   follow_up=True, missing=[])


def _card_of_price(parsed: Parsed, last: Turn) -> Parsed | None:
    """"cloudgpu a100 80g 每小时多少" then "有更便宜的吗": no job to hold, so the provider's cards with at least
    that card's memory, cheapest first (the A800 80GB at $1.09 before the A100 at $1.49)."""
    gpu, where = last.data.get("gpu"), last.data.get("first")
    card = gpu[0] if isinstance(gpu, list) and gpu else gpu
    spec = gpus().find(card) if isinstance(card, str) else None
    if spec is None or not isinstance(where, str) or parsed.request.gpu or parsed.request.model or parsed.request.params_b \
            or parsed.cards or parsed.cues.chars > CHEAPER_CHARS:
        return None
    memory = UnknownCard(spec.name, int(spec.memory_gb), bare=True)
    hours = last.data.get("hours")  # "cloudgpu a100 80g 跑 8 小时" then "cheaper?": those 8 hours on each card
    run = isinstance(hours, int | float) and provider(where).billing.hourly_rental  # a term of cycles: listed by unit
    rental = replace(parsed.rental, provider=where, duration_hours=float(hours) if run and isinstance(hours, int | float) else None)
    return replace(parsed, intent="price", rental=rental, unknown_card=memory,
                   follow_up=True, missing=[])


def _setup_of(last: Turn) -> list[Any] | None:
    """The setup the last answer priced at one provider: a cost answer's, or a sizing's card (named, else
    picked) at the provider it was asked of; None for anything else."""
    priced = last.data.get("priced")
    if last.kind == "cost" and isinstance(priced, list) and len(priced) == 3:
        return priced
    request, pick = dict(last.data.get("request", {})), last.data.get("pick")
    if last.kind != "size" or not request.get("provider") or not isinstance(pick, list) or len(pick) != 2:
        return None
    if request.get("gpu"):
        return [request["gpu"], request.get("num_gpus") or pick[1], request["provider"]]
    return [pick[0], pick[1], request["provider"]]


def cheaper_lead(reply: Reply, parsed: Parsed) -> Reply | None:
    """The cost reply of a "cheaper?" follow-up with its verdict leading: the next cheaper setup at the
    provider that holds the job, and how much less it costs, or that the setup priced is the cheapest; None
    for any other reply."""
    follow = parsed.follow or {}
    priced = follow.get("cheaper_than")
    v = reply.data.get("v") if reply.kind == "cost" and isinstance(reply.data, dict) else None
    if not isinstance(priced, list) or not isinstance(v, dict) or not v.get("rows"):
        return None
    gpu, count, where = priced
    rows = [r for r in v["rows"] if r.get("provider") == where and r.get("total_max") is not None]
    counted = follow.get("count")
    mine = next((r for r in rows if r["gpu"] == gpu and r["num_gpus"] == count), None)
    if mine is None:
        return None
    # a setup priced that is itself tight: a cheaper one as many cards of no less memory each is no riskier
    # (CloudGPU, 14B QLoRA: the 3090's 24 GB at $0.21 beside the 4090's at $0.33)
    holding = [r for r in rows if counted in (None, r["num_gpus"]) and (not r.get("marks") or (
        mine.get("marks") and r["num_gpus"] == mine["num_gpus"] and _memory(r["gpu"]) >= _memory(mine["gpu"])))]
    cost = Decimal(str(mine["total_max"]))
    cheaper = sorted((r for r in holding if Decimal(str(r["total_max"])) < cost and r is not mine),
                     key=lambda r: Decimal(str(r["total_max"])), reverse=True)
    lang = reply.lang
    stated = v.get("stated") or {}
    span = t(f"cost.dur.{stated['unit']}", lang, n=stated["n"]) if stated.get("unit") and stated.get("n") else ""
    said = _said(mine, lang)
    if cheaper:
        best = cheaper[0]
        line = t("cost.cheaper_next_tight" if best.get("marks") else "cost.cheaper_next", lang, provider=mine["provider_name"], setup=_setup(best, lang),
                 price=_said(best, lang), diff=Money(cost - Decimal(str(best["total_max"])), mine["currency"]).format(lang),
                 other=_setup(mine, lang), other_price=said, span=span)
        if len(cheaper) > 1:  # "有便宜点的吗" after 4× H100: the next step down, and the cheapest that holds it
            line += t("cost.cheaper_least", lang, setup=_setup(cheaper[-1], lang), price=_said(cheaper[-1], lang))
    else:
        line = t("cost.cheaper_none", lang, provider=mine["provider_name"], setup=_setup(mine, lang), price=said, span=span)
    lead = Reply("error", lang, {"message": line}, turn=reply.turn, buttons=reply.buttons)
    lead.also = [reply, *reply.also]
    reply.also = []
    return lead


def _setup(row: dict[str, Any], lang: str) -> str:
    return t("sum.setup", lang, n=row["num_gpus"], gpu=row["name"])


def _said(row: dict[str, Any], lang: str) -> str:
    low, high = (Money(Decimal(str(row[k])), row["currency"]).format(lang) for k in ("total_min", "total_max"))
    return low if low == high else f"{low}–{high}"


def _memory(gpu: object) -> float:
    spec = gpus().find(gpu) if isinstance(gpu, str) else None
    return float(spec.memory_gb) if spec is not None else 0.0
