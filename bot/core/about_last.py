"""A short message asking something of the last answer (bot.core.follow_ups): its price in another currency or
on another term, what to buy for a length, a budget, deadline, count or config files for it. Each is answered
against the last question, with any change the message states. Pure: Parsed and the last Turn in, Parsed out."""

from __future__ import annotations

from dataclasses import replace

from bot.core.held_budget import run_against_money, run_of_hours_weighed
from bot.core.recent_provider import setup_before
from bot.core.setup_follow import (
    card_of,
    count_on_pick,
    form_of,
    priced_before,
    prices_of_setup,
    setup_follow,
    setup_span,
)
from bot.core.wallet_follow_ups import priced_rental
from bot.messages import Turn
from bot.understand.asks import asks_how_long
from bot.understand.clause_marks import YEAR_DAYS, YEARLY
from bot.understand.cues import FOLLOW_UP_CHARS
from bot.understand.parser import Parsed
from engine.breakdown import CARDS_PER_NODE
from engine.catalog import normalize_name
from engine.providers import providers
from engine.request import TrainingRequest

MODIFIERS = ("method", "gpu", "num_gpus", "seq_len", "micro_batch", "grad_accum", "zero", "offload", "optimizer", "lora_rank",
             "objective", "grad_checkpointing", "attention", "tokens", "samples", "avg_len", "epochs", "provider", "exclude", "learning_rate", "save_steps",
             "dataset", "hub_id")


def duration_of(parsed: Parsed) -> dict[str, float]:
    """The rental or run length the message states, as request fields."""
    r = parsed.rental
    return {k: v for k, v in (("days", r.duration_days), ("hours", r.duration_hours)) if v is not None}


def span_or_year(parsed: Parsed) -> dict[str, float]:
    """The length stated, or a year where the message asks the yearly term alone ("那 a100 40g 年付够吗" after a
    job's cost: that card for a year, paid up front); the parser reads 年付 as a billing term, never a length."""
    return duration_of(parsed) or ({"days": YEAR_DAYS} if parsed.price.annual and YEARLY.search(parsed.words) else {})


def span_added(parsed: Parsed, last: Turn | None) -> Parsed:
    """"跑 5 小时" then "再加 3 小时呢 一共", "another 2 days?": the length said, added to the one the last answer
    priced or sized (8 h), as the message's own length; the message unchanged when it adds to nothing."""
    own = duration_of(parsed)
    if last is None or not parsed.cues.span_added or not own:
        return parsed
    before = last.data.get("hours") if last.kind == "price" else None
    job = last.data.get("request") if last.kind in ("size", "cost") else None
    if before is None and isinstance(job, dict):
        before = float(job.get("days") or 0) * 24 + float(job.get("hours") or 0)
    if not isinstance(before, int | float) or before <= 0:
        return parsed
    total = float(before) + own.get("days", 0) * 24 + own.get("hours", 0)
    return replace(parsed, rental=replace(parsed.rental, duration_hours=total, duration_days=None))


def job_of(last: Turn, duration: dict[str, float]) -> dict[str, object]:
    """The last question's job; a length the message states replaces its old one (never adds to it). A ZeRO-3 job
    with no method was sized as full fine-tuning (what ZeRO-3 shards, engine.resolve), so a change of it ("zero-3 8 卡
    32b" then "zero-1 呢", "换 h200 呢") stays full fine-tuning."""
    base = dict(last.data.get("request", {}))
    if base.get("method") is None and base.get("zero") == 3:
        base["method"] = "full"
    if duration:
        base.pop("days", None)
        base.pop("hours", None)
    return base


def counted(last: Turn, job: dict[str, object]) -> dict[str, object]:
    """`job` on the count of its card the last answer gave when asked how many ("要几张 a100": 8), so its price
    next ("看费用", "monthly?") is of those cards."""
    if last.data.get("how_many") and last.data.get("cards") and job.get("gpu") and not job.get("num_gpus"):
        return {**job, "num_gpus": last.data["cards"]}
    return job


ABOUT_LAST = 40  # characters: "人民币多少", "看费用", "要几张", "周五前能训完吗", "预算 5000 够吗"
ABOUT_BUDGET = FOLLOW_UP_CHARS  # characters (80): a budget asked of the last answer may say more around its amount


def buy_for(parsed: Parsed, last: Turn, text: str) -> float | None:
    """The hours of a length asked what to buy for, after a price and naming no card or model of its
    own (whatever FAQ entry on rental units its words come near); None otherwise."""
    q, days, hours = parsed.request, parsed.rental.duration_days, parsed.rental.duration_hours
    if last.kind != "price" or not (days or hours) or q.gpu or q.model or q.params_b or q.num_gpus \
            or parsed.cues.chars > ABOUT_BUDGET or not parsed.cues.buy:
        return None
    return (days or 0) * 24 + (hours or 0)


def terms_for(parsed: Parsed, last: Turn, text: str) -> Parsed | None:
    """"跑 10 天 周租还是月租", "3 weeks: weekly or monthly?" after a sizing or a cost answer: the span bought by the
    week and by the month on the card that answer named, picked or priced (2 × ₮109 against ₮369 for a 4090), every
    provider's price for the span after it; never the FAQ entry on rental units. None for a card or job of its own, or no span."""
    q, r = parsed.request, parsed.rental
    hours = (r.duration_days or 0) * 24 + (r.duration_hours or 0)
    if last.kind not in ("size", "cost") or not parsed.asks.both_units or not hours or q.gpu or q.model or q.params_b \
            or parsed.cues.chars > ABOUT_BUDGET:
        return None
    priced = last.data.get("priced")  # a cost answer's setup: "7b 全参 gpuli 一周多少" then "两周的话包月还是包周"
    card = card_of(parsed, last) or ((str(priced[0]), int(priced[1])) if priced and not r.provider else None)
    if card is None:
        return None
    gpu, count = card
    provider = r.provider or last.data.get("request", {}).get("provider") or (priced[2] if priced else None)
    data = {"gpu": [gpu], "num_gpus": count, "hours": hours, "first": provider, "display": None, "units": True}
    return replace(parsed, intent="price", follow=data, follow_up=True, missing=[])


ANNUAL_HOURS = 365 * 24
TERM_HOURS = {"month": 30 * 24, "月": 30 * 24, "week": 7 * 24, "周": 7 * 24}


def term_asked(parsed: Parsed, last: Turn, text: str) -> Parsed | None:
    """"年付呢，要多少人民币", "weekly?", "how about monthly, in CNY" after a price or a sizing: the card
    just priced (or picked) rented on that term, in the currency asked, never the FAQ entry the term's
    word comes near (annual discounts, the ₮ currency, weekly against monthly). Only a bare term
    counts: a unit's name or a prepaid year, with nothing of its own around it but asking words
    ("年付有折扣吗" asks the FAQ; "跑三周呢" is a span, the job's length)."""
    q, r, extras = parsed.request, parsed.rental, parsed.price
    if last.kind not in ("price", "size", "cost") or q.gpu or q.model or q.params_b or q.num_gpus \
            or parsed.cues.chars > ABOUT_LAST:
        return None
    cues = parsed.cues
    unit = cues.units_only and bool(r.duration_days or r.duration_hours)
    if cues.bare_term is None and (not (extras.annual or unit) or not cues.term_frame):
        return None
    if cues.bare_term is not None:
        hours: float = TERM_HOURS.get(cues.bare_term, ANNUAL_HOURS)
    else:
        hours = ANNUAL_HOURS if extras.annual else (r.duration_days or 0) * 24 + (r.duration_hours or 0)
    display = extras.display_currency or cues.term_currency
    shown = {"display": display, "asked_currency": True} if display else {}
    if last.kind == "price":  # "and weekly at gpuli?": the provider named leads
        where = {"first": r.provider} if r.provider else {}
        return replace(parsed, intent="price", follow={**last.data, "hours": hours, **shown, **where}, follow_up=True, missing=[])
    job = counted(last, job_of(last, {"hours": hours}))
    if last.kind == "size" and (job.get("model") or job.get("params_b")) and hours < ANNUAL_HOURS:
        # "how much per month?" after a sizing asks what "一个月多少钱" does: the job's recommended setup at
        # each provider for that term, with the table's card (answers.setup_price), not its card alone
        merged = TrainingRequest.model_validate({**job, **({"provider": r.provider} if r.provider else {})})
        follow = setup_follow(merged, {"hours": hours}) | form_of(last) | ({"display": shown["display"], "asked_currency": True} if shown else {})
        return replace(parsed, intent="cost", request=merged, follow=follow, follow_up=True, missing=[])
    card = card_of(parsed, last)
    if card is None:
        return None
    provider = r.provider or last.data.get("request", {}).get("provider")
    data = {"gpu": [card[0]], "num_gpus": card[1], "hours": hours, "first": provider, "display": None, **shown}
    return replace(parsed, intent="price", follow=data, follow_up=True, missing=[])


def _yes_no_of_its_own(parsed: Parsed) -> bool:
    """A yes/no question on a subject of its own that points at the answer only to say what it is asked of ("那个用
    usdt 能付吗", "那个有 nvlink 吗" after a price): the FAQ's rule, not a change to the rental; a question stating a
    length, an amount or a job ("那个跑 3 天多少") changes it."""
    q, asks = parsed.request, parsed.asks
    return parsed.cues.yes_no and not (asks.cost or asks.total or asks.budget is not None or duration_of(parsed)) \
        and set(q.stated()) <= {"gpu"}


def _cheapest_of_job(parsed: Parsed, last: Turn) -> bool:
    """The cheapest way asked after a job, with only how it is billed as its subject ("cheapest pls 按小时", "按月租
    最便宜的是哪个", "cheapest weekly option?"): that job's cheapest setup, priced; the FAQ's rule of how each
    provider bills, or which card is cheapest for another size (met on the unit's or the cheapest words), answers no
    pick for the job."""
    q = parsed.request
    return parsed.asks.cheapest and last.kind in ("size", "cost") and not (q.model or q.params_b or q.gpu) \
        and bool(parsed.faq_answers) and bool(BILLED_TOPICS.intersection(parsed.faq_answers[0].entry.topics))


BILLED_TOPICS = frozenset({"billing", "prices", "discounts"})  # how renting is priced, in general: no pick for the job


def about_last(parsed: Parsed, last: Turn, text: str) -> Parsed | None:
    """A short message asking something of the last answer: its price in another currency, its
    cost, its card count, a deadline or a budget for it, its config files. It is answered against
    the last question (with any change it states); None when it asks none of these."""
    if unit_price_of_last(parsed, last):  # "cloudgpu hourly?" after a job: its price in that unit, as "每小时多少钱" asks it
        parsed = replace(parsed, asks=replace(parsed.asks, cost=True), faq_confident=False)
    asks, currency = parsed.asks, parsed.price.display_currency or parsed.cues.amount_currency
    q = parsed.request
    # a term named beside a deadline ("deadline is friday, can we rent weekly?") is how the time is bought,
    # never the run's length set against the deadline (bot.core.terms)
    by_term = asks.deadline is not None and parsed.rental.term
    timed = asks.deadline is not None and not asks.deadline_span and not by_term and bool(duration_of(parsed))
    # "we have 2k budget, how many weeks is that", "our budget is only 50 bucks, enough?": money and a
    # question about it, with no job or card of its own, is asked of the last answer at any length,
    # whatever FAQ entry its words come near
    of_budget = asks.budget is not None and not (q.model or q.params_b or q.gpu) and parsed.cues.chars <= ABOUT_BUDGET
    # "we start thursday 9am, need it done by friday 6pm": a deadline (with when the run starts) and no job
    # or card of its own is asked of the last answer too
    of_deadline = asks.deadline is not None and not (q.model or q.params_b or q.gpu) and parsed.cues.chars <= ABOUT_BUDGET
    # "cloudgpu a800 hourly", "and the a100 80g?", then "both for 10 hours?": each card, side by side
    if last.kind == "price" and (asks.difference or parsed.cues.which_cheaper or asks.both) and isinstance(last.data.get("before"), dict) and parsed.cues.chars <= ABOUT_LAST \
            and not (q.gpu or q.model or q.params_b or q.num_gpus):
        # "cloudgpu 4090 多少钱一小时", "3090 呢", then "8 小时差多少" / "what's the difference for 8 hours": the two
        # cards just priced, for the length stated (else the last one's), the difference leading
        span = duration_of(parsed)
        hours = span.get("days", 0) * 24 + span.get("hours", 0) if span else last.data.get("hours")
        versus = True if asks.difference else "cheaper"
        return replace(parsed, intent="price", follow={**last.data, "hours": hours, "versus_before": versus}, follow_up=True,
                       missing=[])
    if last.kind == "price" and asks.per_card_hour and parsed.cues.chars <= ABOUT_LAST and not (q.gpu or q.model or q.params_b):
        # "gpuli 8x h100 monthly" then "how much per gpu hour" / "每卡每小时多少": that rental's rate per card leads;
        # after a listing (no length priced), a length said with it ("跑 1 分钟多少钱") is the rental asked, priced
        span = {} if last.data.get("hours") else duration_of(parsed)
        hours = span.get("days", 0) * 24 + span.get("hours", 0) if span else last.data.get("hours")
        return replace(parsed, intent="price", follow={**last.data, "hours": hours, "card_rate": asks.per_card_unit},
                       follow_up=True, missing=[])
    rental = last.data if last.kind == "price" else priced_rental(last.data) if last.kind == "cost" else None
    if rental is not None and parsed.cues.which_currency and parsed.cues.chars <= ABOUT_LAST and not (q.gpu or q.model or q.params_b) \
            and not (parsed.rental.duration_days or parsed.rental.duration_hours):  # "美元是吧 8 小时多少刀": the 8 hours asked
        # "人民币还是美元", "is that USD or RMB?", "人民币对吧": the currency the figure just given is billed in (a job's
        # cost: the rental it picked), never the ₮ FAQ entry
        return replace(parsed, intent="price", follow={**rental, "which_currency": True}, follow_up=True, missing=[])
    if asks.trim and last.kind == "price" and last.data.get("add_ons") and not (q.gpu or q.model or q.params_b):
        # "预算 3500 够吗" then "砍哪个能进预算": each add-on left out of the rental, against that budget (or one stated)
        data = {**last.data, "trim": True, **({"runway": runway_of(parsed)} if asks.budget is not None else {})}
        return replace(parsed, intent="price", follow=data, follow_up=True, missing=[])
    if asks.band and last.kind == "price" and parsed.cues.chars <= ABOUT_BUDGET and not (q.gpu or q.model or q.params_b):
        # "is that the lowest it could be or the highest?", "这是估的吗": what the band just priced is
        return replace(parsed, intent="price", follow={**last.data, "band": True}, follow_up=True, missing=[])
    if last.kind == "size" and len(last.data.get("methods") or ()) >= 2 and (asks.cost or asks.difference) \
            and parsed.cues.chars <= ABOUT_LAST and not (q.gpu or q.model or q.params_b or q.method or asks.export):
        # "7b lora first or full ft?" then "cost diff?": the job priced with each method compared (bot.core.methods_cost)
        asked = TrainingRequest.model_validate({**job_of(last, duration_of(parsed)), **parsed.request.stated()})
        return replace(parsed, intent="cost", request=asked, follow={"methods": last.data["methods"]}, follow_up=True, missing=[])
    # "which provider rents that card cheapest per hour?" after a sizing: the job's cheapest setup, at any length up to a
    # budget question's (the FAQ's rule on renting by the hour answers no pick for the job)
    of_cheapest = parsed.cues.chars <= ABOUT_BUDGET and _cheapest_of_job(parsed, last)
    if (parsed.cues.chars > ABOUT_LAST and not (asks.export or timed or of_budget or of_deadline or of_cheapest)) \
            or parsed.intent in ("wallet", "help", "smalltalk"):
        # "can you export that as a deepspeed config?", "the run takes about 6 hours, will it be done
        # before Friday?" are about the last answer at any length
        return None
    if parsed.faq_confident and parsed.own_topic and not (asks.export or of_budget or of_deadline or parsed.cues.amount_only) \
            and not (parsed.follow_up and not _yes_no_of_its_own(parsed)) and not _cheapest_of_job(parsed, last):
        # a confident FAQ answer on a subject the message names itself stands alone; "人民币多少",
        # "cost?", "how much would that cost?" name none (parser: own_topic) and ask about the answer
        return None
    if parsed.intent == "price" and parsed.request.gpu and last.kind != "price":
        return None  # "H100 多少钱": a price question with its card stands alone
    # "多久能跑完", "要跑几天", "how long will that take?" after a job sized with its data (tokens or samples): that
    # job's training time, on the card the answer picked, as if asked in one message; never a FAQ entry on timing
    # "从上海传 200G 数据上去要多久": a how-long the FAQ answers surely of a subject of its own, a new question
    times_job = asks.how_long and asks.budget is None and asks.deadline is None and not duration_of(parsed) \
        and not (q.model or q.params_b or q.gpu) and last.kind in ("size", "cost") \
        and not (parsed.intent == "faq" and parsed.faq_confident and not parsed.cues.run_time_frame) \
        and (any(last.data.get("request", {}).get(k) for k in ("tokens", "samples")) or bool(q.tokens or q.samples))
    if last.kind == "price":
        # "我有 1000U 能租几周", "预算8000能租几个月" after a price: that money divided into those prices
        runway = asks.budget if not parsed.request.gpu else None  # "预算 ¥500 够吗" too
        if runway is not None and asks.runway and last.data.get("hours") not in (None, 0, *TERM_HOURS.values()) \
                and not duration_of(parsed) and not asks_how_long(parsed.words):
            # "i only have 25 bucks tho", "我只有 25 刀" after a rental priced for a length (not a week's or a month's
            # term, which the money is counted in): that rental against the money
            asks = replace(asks, runway=False, enough=True)
            parsed = replace(parsed, asks=asks)
        if asks.deadline is not None and last.data.get("hours") and runway is None and not parsed.request.gpu:
            # "…跑 36h 多少钱" then "周五前能训完吗": that rental's length against the deadline
            return replace(parsed, intent="price", follow=dict(last.data), follow_up=True, missing=[])
        if asks.per_day and last.data.get("hours") and runway is None and not parsed.request.gpu:
            # "4090 一周多少" then "按天摊多少" / "what's that per day": the same rental, shared per day
            return replace(parsed, intent="price", follow=dict(last.data), follow_up=True, missing=[])
        if currency is None and runway is None and not parsed.cues.amount_only:
            return None  # "多少", "price?" alone: the rental just priced, again, its length and currency kept
        # "再加上16核 CPU 和 128G 内存呢，预算3500够吗": the budget is judged on the rental with what it adds
        data = {**with_extras(dict(last.data), parsed), **({"display": currency, "asked_currency": True} if currency else {})}
        # "A100 每小时多少" then "要跑 20 小时 预算 $50 够不": the length stated is the rental weighed; "一万网络 3090
        # 包月多少" then "要多少人民币 租两个月": the rental for that length, in that currency (¥3,500)
        stated_hours = (parsed.rental.duration_days or 0) * 24 + (parsed.rental.duration_hours or 0) \
            or (ANNUAL_HOURS if parsed.price.annual else 0)  # "额度 5 万，两张年付能批吗": the year, prepaid
        if parsed.request.num_gpus and not parsed.price.nodes:  # "两张…": that many of the card priced
            data["num_gpus"] = parsed.request.num_gpus
        if stated_hours and not (runway is not None and (asks.runway or asks.how_long)):
            data["hours"] = stated_hours
            data["weeks"] = parsed.cues.weeks
            data = run_against_money(data, parsed)  # "余额 10 刀" then "跑 36 小时够吗": that run's cost, weighed
        if runway is not None:
            data["runway"] = runway_of(parsed)
            data = run_of_hours_weighed(data, parsed)  # "about 30 hours" then "cost? and we only have $30"
        return replace(parsed, intent="price", follow=data, follow_up=True, missing=[])
    # "宽裕配置多少钱" then "预算 7000 U 够吗": the roomy setup the sizing led with and priced is what the money must buy
    roomy_weighed = asks.enough and last.kind == "size" and bool(last.data.get("roomy")) and not (q.model or q.params_b or q.method)
    if asks.budget is not None and (asks.runway or asks.how_long or roomy_weighed) and last.kind in ("size", "cost"):
        # "老板给了 1k 预算，gpuli 包月能撑几个月" after a sizing: the card it named (or picked), rented for that money
        card = card_of(parsed, last)
        if card is not None:
            gpu, count = card
            provider = parsed.rental.provider or last.data.get("request", {}).get("provider")
            hours = (parsed.rental.duration_days or 0) * 24 + (parsed.rental.duration_hours or 0) or None
            if roomy_weighed and not (asks.runway or asks.how_long):
                hours = hours or TERM_HOURS["month"]  # the month the sizing's price line states, weighed against the money
            data = {"gpu": [gpu], "num_gpus": count, "hours": hours, "first": provider, "display": None,
                    "runway": runway_of(parsed)}
            return replace(parsed, intent="price", follow=data, follow_up=True, missing=[])
    stated = {k: v for k, v in parsed.request.stated().items() if k in MODIFIERS}
    if parsed.rental.provider and "provider" not in stated:
        stated["provider"] = parsed.rental.provider  # "gpuli 上多少钱": the answer's job, at gpuli
    # "训练大概 6 小时，周五前搞得定吗": the hours are the run's; in "3天内能训完吗" they are the deadline's
    duration = duration_of(parsed) if not (asks.deadline and asks.deadline_span) and not by_term else {}
    if asks.budget is not None and not duration and last.data.get("setup"):
        duration = setup_span(last)  # "gpuli 一个月多少" then "预算 1 万够吗": weighed against the month just priced
    job = job_of(last, duration)
    if timed:  # the run's own length, stated, replaces the time the dataset would give
        job = {k: v for k, v in job.items() if k not in ("tokens", "samples", "step_seconds", "side_minutes")}
    if not ({"gpu", "num_gpus"} & set(stated)):
        job = counted(last, job)  # "要几张 a100" answered 8, then "看费用": those 8 cards
    merged = TrainingRequest.model_validate({**job, **count_on_pick(stated, job, last), **duration})
    if asks.export:
        intent = "export"
    elif prices_of_setup(parsed, last, merged) or (currency and priced_before(last) and not stated):
        # "多少钱", "费用呢", "monthly cost of that at gpuli" after a sizing: what the recommended setup
        # rents for (at each provider, or the one named), not the shortest rental as if it were the answer;
        # "人民币呢" after those prices: the same prices in that currency
        # the span that setup was priced for stays ("…换成 bf16 lora，周期改一周" then "卡和价格呢": the week)
        follow = setup_follow(merged, duration or setup_span(last)) | form_of(last) | ({"roomy": True} if last.data.get("roomy") else {})
        if currency:  # the same length as those prices, unless the message gives its own
            follow |= {"display": currency, "asked_currency": True}
            if not duration and last.data.get("setup") and last.data.get("setup_hours"):
                follow["hours"] = last.data["setup_hours"]
        return replace(parsed, intent="cost", request=merged, follow=follow, missing=[], follow_up=True)
    elif asks.safe and last.kind in ("size", "cost") and not (asks.budget or asks.deadline):
        intent = "size"  # "最便宜又稳的方案是啥" after a job: its cheapest setup without offload, as in one message
    elif asks.budget or asks.deadline or asks.cost or asks.pick or times_job:  # "选哪家哪个配置": where to rent it, priced
        intent = "cost"
        if asks.pick and parsed.rental.provider and not ({"gpu", "num_gpus"} & set(stated)) and not asks.cost:
            # "7b lora on 4090 ok?" then "what does cloudgpu recommend": that provider's pick for the job, the card
            # that holds it safely first (the card sized before stays an option, its caution said)
            merged = merged.model_copy(update={"gpu": None, "num_gpus": None})
    elif asks.count or asks.how_many_gpu or currency:
        # "7b qlora 4090 周租多少" then "需要几张": how many cards hold the job is a sizing's count, said under its verdict
        intent = "cost" if last.kind == "cost" and not asks.count else "size"
        if asks.machines and merged.gpu and not asks.how_many_gpu:
            # "32b fft 8x h100" then "how many nodes": machines of that box, counted as its cards are
            return replace(parsed, request=merged, intent="size", asks=replace(asks, how_many_gpu=merged.gpu),
                           missing=[], follow_up=True)
        if (asks.count or asks.how_many_gpu) and "num_gpus" not in stated and merged.num_gpus:
            # "32b full on 4 h100s?" then "ok how many then": how many of that card, not the 4 again
            merged = merged.model_copy(update={"num_gpus": None})
    else:
        return None
    return replace(parsed, request=merged, intent=intent, missing=[], follow_up=True)


def with_extras(data: dict[str, object], parsed: Parsed) -> dict[str, object]:
    """A price's data with the nodes, InfiniBand and add-ons the message adds to it."""
    extras = parsed.price
    if extras.nodes and extras.nodes_counted and parsed.request.num_gpus:  # "三台呢" after two boxes: the cards counted
        data["num_gpus"] = parsed.request.num_gpus
    elif extras.nodes:  # "两台的话": that many nodes of the previous box
        data["num_gpus"] = extras.nodes * int(str(data.get("num_gpus") or _box_of(data)))
    if extras.infiniband is not None:
        data["infiniband"] = extras.infiniband
    if extras.add_ons:
        held = data.get("add_ons")
        data["add_ons"] = {**(held if isinstance(held, dict) else {}), **extras.add_ons}
    return data


def runway_of(parsed: Parsed) -> list[object]:
    """A budget to divide into the last prices, as a turn can keep it: amount, currency, whether it
    asks how long, whether its currency word was only 块, and the unit asked ("几周": week)."""
    asks = parsed.asks
    assert asks.budget is not None
    return [str(asks.budget[0]), asks.budget[1], asks.runway or asks.how_long, asks.budget_loose, asks.runway_unit]


def _box_of(data: dict[str, object]) -> int:
    """The cards of one machine of the card last priced with no count: the largest box of it the provider asked
    rents (一万网络 rents the T4 as one-card machines, so "两台呢" is two T4s; gpuli's H100 box holds 8), or
    across providers when none was asked; an 8-card box when no provider rents it."""
    cards = data.get("gpu")
    names = {normalize_name(str(g)) for g in (cards if isinstance(cards, list) else [cards]) if g}
    first = data.get("first")
    counts = [o.count for p in providers().entries if not first or p.id == first for o in p.offers
              if normalize_name(o.gpu) in names]
    return max(counts) if counts else CARDS_PER_NODE


def add_on_elsewhere(parsed: Parsed, last: Turn | None) -> bool:
    """An add-on asked at a provider that rents no card of the answer before ("一万网络 cpu 升到十六核多少钱" after a
    4090 sized or priced: 一万网络 rents no 4090): the add-on's own price there, no rental to add it to."""
    setup = setup_before(last)
    found = providers().find(parsed.rental.provider) if parsed.rental.provider and parsed.price.add_ons else None
    return found is not None and setup is not None and not found.offers_for(setup[0])


def unit_price_of_last(parsed: Parsed, last: Turn) -> bool:
    """"cloudgpu hourly?", "which provider rents that card cheapest per hour?" after a sizing or a price: the price of
    the card at hand in that unit, never the FAQ's rule on renting by the hour (asked yes or no, "能按小时租吗", it is)."""
    return last.kind in ("size", "cost", "price") and parsed.cues.unit_priced and bool(parsed.faq_answers) \
        and "billing" in parsed.faq_answers[0].entry.topics
