"""A run stated by its steps and seconds a step ("一共 3000 步 每步 4 秒 要花多少", "1000 steps at 6 s each,
cost?", "每步 2 秒 1500 步 下班前能跑完吗") right after a card's price or a job's price on a card
("CloudGPU 3090 一小时多少", "CloudGPU 4090 8b qlora 多少钱一小时"): that run is timed, priced and set against
its deadline on the card and provider just priced, not answered with a request to name them (nor with a
cheapest-card plan of its own).

Why its own module: bot/core/follow_ups.py is near its size limit, and the rule is one: a run's length
names no card of its own, so the card priced is what it runs on (seed 002: 费用 = ⌈任务分钟⌉ × 小时价 ÷ 60)."""

from __future__ import annotations

from dataclasses import replace

from bot.core.priced_card_follow import memory_only, priced_card
from bot.messages import Reply, Turn
from bot.understand.parser import Parsed, parse
from engine.request import TrainingRequest

# what a price answer keeps of its own asks, none of which is the run's
_ASKED_BEFORE = ("before", "runway", "band", "which_currency", "versus_before", "top_up", "units", "weeks")
_RUN_KEYS = ("hours", "days", "tokens", "samples", "step_seconds", "side_minutes")


def run_on_priced(parsed: Parsed, last: Turn) -> Parsed | None:
    """`parsed` (a stated run: steps × seconds, no card or model of its own) priced for its length on the
    card (and count) the last answer priced, or as the job the last answer sized; None when the message
    names its own card or job, or states no run."""
    run, q = parsed.run, parsed.request
    if run is None or not run.stated or not run.step_seconds or q.gpu or q.model or q.params_b or not q.hours:
        return None
    # the run's length is the steps × seconds: a span the deadline states ("还有两小时") rents nothing
    rental = replace(parsed.rental, duration_days=None, duration_hours=None)
    job = dict(last.data.get("request") or {})
    if last.kind in ("size", "cost") and (job.get("model") or job.get("params_b")):
        where = parsed.rental.provider or job.get("provider")
        merged = {**{k: v for k, v in job.items() if k not in _RUN_KEYS}, "hours": q.hours}
        if where:
            merged["provider"] = where
        return replace(parsed, request=TrainingRequest.model_validate(merged), intent="cost", missing=[],
                       follow_up=True, rental=rental)
    if last.kind != "price" or priced_card(last) is None:
        return None
    follow = {k: v for k, v in last.data.items() if k not in _ASKED_BEFORE}
    follow["hours"] = q.hours
    if parsed.rental.provider:
        follow["first"] = parsed.rental.provider
    return replace(parsed, intent="price", follow_up=True, missing=[], follow=follow, rental=rental)


def job_on_priced(parsed: Parsed, last: Turn) -> Parsed | None:
    """A job with a deadline or a run length asked and no card of its own ("32b 全参 2000 万 token 3 个 epoch
    周五前能训完吗") right after one setup's price ("gpuli 8卡 h100 包周多少"): judged and timed on that setup
    (the card, the count priced, the provider named), not on a cheapest-card plan of its own; None when it
    asks for a pick, a count, the cheapest or a minimum, or names its own card."""
    q, a = parsed.request, parsed.asks
    found = priced_card(last)
    kept = last.data.get("job")  # the job sized before that price: "32b 全参 要啥配置", "8卡h100 一个月多少", then its dataset
    if found is not None and isinstance(kept, dict) and not (q.model or q.params_b or q.gpu) and (q.tokens or q.samples):
        stated = {k: v for k, v in kept.items() if k not in ("gpu", "num_gpus", "zero", "offload", "provider", *_RUN_KEYS)}
        q = TrainingRequest.model_validate({**stated, **q.stated()})
        parsed = replace(parsed, request=q, missing=[])
    if found is None or parsed.intent not in ("size", "cost") or q.gpu or parsed.unknown_card or not (q.model or q.params_b):
        return None
    # "it is for 32B QLoRA, 5 hours", "这张卡拿来跑 14b lora": a job said of the card priced, pointing back at it
    if a.deadline is None and not (a.how_long and (q.tokens or q.samples)) and not parsed.cues.refers_back:
        return None
    if a.pick or a.cheapest or a.minimum or a.count or a.how_many_gpu or a.switch or parsed.versus or q.exclude or memory_only(parsed):
        return None
    card, count = found
    update: dict[str, object] = {"gpu": card}
    if count and not q.num_gpus:
        update["num_gpus"] = count
    where = parsed.rental.provider or q.provider or last.data.get("first")
    if where:
        update["provider"] = where
    return replace(parsed, request=q.model_copy(update=update), follow_up=True)


def total_of_priced(parsed: Parsed, last: Turn) -> Parsed | None:
    """A bare ask of the total ("how much in total?", "总共多少钱", "一共多少") right after a rental was priced
    for a length ("gpuli A6000 weekly" then "we need it 9 days"): that rental's total again (two weeks,
    ₮230), not the FAQ on estimating a run; None for a message stating anything of its own."""
    a, r = parsed.asks, parsed.rental
    if last.kind != "price" or not last.data.get("hours") or priced_card(last) is None:
        return None
    if not (a.cost or a.total) or (parsed.intent == "faq" and parsed.own_topic) or parsed.request.stated():
        return None
    if a.methods_versus or parsed.versus_methods:
        return None  # "lora 和全参成本差几倍" after a price: the methods it names are compared, not that rental's total
    if r.provider or r.gpu or r.duration_days or r.duration_hours or parsed.price.add_ons or parsed.unknown_card \
            or parsed.price.nodes or parsed.price.infiniband:
        return None  # "两台的话 一共多少": the machines it states change the rental (follow_ups), not its total again
    if parsed.cues.figures or a.budget is not None or a.runway or a.both_units or a.per_day \
            or a.per_card_hour or a.band or a.top_up or r.term or parsed.price.annual or parsed.price.display_currency \
            or parsed.cues.bare_term or parsed.cues.other_unit or parsed.cues.which_currency:
        return None  # an amount, a term or a currency of its own ("年付的话多少", "₮2000 够吗") is asked of the price
    follow = {k: v for k, v in last.data.items() if k not in _ASKED_BEFORE}
    if len(listed := rentals_listed(last)) > 1:  # "两次 4090 周租、一次 L40S 月租" then "一共多少": every rental listed, summed
        parts = [replace(parsed, intent="price", follow_up=False, missing=[], parts=[], faq=[], faq_answers=[],
                         faq_confident=False, follow={k: v for k, v in o.items() if k not in _ASKED_BEFORE}) for o in listed]
        return replace(parsed, intent="price", follow_up=True, missing=[], parts=parts, asks=replace(a, total=True))
    return replace(parsed, intent="price", follow_up=True, missing=[], follow=follow)


def rentals_listed(last: Turn) -> list[dict[str, object]]:
    """The rentals one price answer listed, each priced for a length of its own (several cards asked in one message);
    [] when it listed fewer than two, or one of them is not a rental for a length."""
    options = [o.get("data") for o in last.data.get("options") or [] if isinstance(o, dict) and o.get("kind") == "price"]
    rentals = [o for o in options if isinstance(o, dict) and o.get("hours") and o.get("gpu")]
    return rentals if len(rentals) == len(options) else []


def keep_job(reply: Reply, last: Turn | None, parsed: Parsed) -> None:
    """A price asked of a card right after a job was sized ("32b 全参 要啥配置" then "8卡h100 一个月多少"), or
    again of that price: the job stays beside the rental, so a dataset asked next ("训一次要多久 2000万token
    3个epoch") is that job timed on the setup priced, not a question for which model."""
    new = reply.turn
    if new is None or new.kind != "price" or last is None or parsed.request.model or parsed.request.params_b \
            or "job" in new.data:
        return
    job = last.data.get("request") if last.kind in ("size", "cost") else last.data.get("job") if last.kind == "price" else None
    if isinstance(job, dict) and (job.get("model") or job.get("params_b")):
        reply.turn = Turn(new.kind, {**new.data, "job": job})


def run_on_asked_card(parsed: Parsed, asked: str | None) -> Parsed | None:
    """A stated run (steps × seconds, no card of its own) right after a FAQ question that named a card and
    provider ("cloudgpu 4090 按小时怎么收" then "跑 6000 步，一步 1.5 秒，大概多少钱"): that card priced there for the
    run's length; None otherwise. The question is the one the FAQ answered, read by the parser."""
    run, q = parsed.run, parsed.request
    if asked is None or run is None or not run.stated or not run.step_seconds or q.gpu or q.model or q.params_b \
            or not q.hours:
        return None
    before = parse(asked)
    card, provider = before.request.gpu, before.rental.provider
    if not card:
        return None
    rental = replace(parsed.rental, gpu=card, provider=parsed.rental.provider or provider, duration_days=None,
                     duration_hours=q.hours, num_gpus=before.request.num_gpus or parsed.rental.num_gpus)
    return replace(parsed, intent="price", follow_up=False, missing=[],
                   request=q.model_copy(update={"gpu": card}), rental=rental)


CARD_FOR_RUN_CHARS = 40  # characters: "cost on cloudgpu with a 4090?", "cloudgpu 上用 4090 多少钱"
TERM_HOURS = (7 * 24, 30 * 24)  # a week's or a month's rental is a term, not a run


def card_for_run(parsed: Parsed, last: Turn) -> Parsed | None:
    """A card's cost asked with no length of its own ("cost on cloudgpu with a 4090?", "cloudgpu 上用 4090 多少钱")
    right after a price for a run length ("the run is about 8 hours": 8 h): that card for that run (8 h × $0.33 =
    $2.64), not its unit prices; None when the message states a length, a term or a job of its own, or the price
    before was of a week's or a month's term."""
    q, r = parsed.request, parsed.rental
    hours = last.data.get("hours") if last.kind == "price" else _job_hours(last)
    if last.kind not in ("price", "size", "cost") or not isinstance(hours, int | float) or not hours \
            or hours in TERM_HOURS \
            or parsed.intent != "price" or not parsed.asks.cost or not q.gpu or q.model or q.params_b \
            or r.duration_days or r.duration_hours or r.term or parsed.cues.chars > CARD_FOR_RUN_CHARS:
        return None
    kept = {k: v for k, v in last.data.items() if k not in _ASKED_BEFORE} if last.kind == "price" else _BARE_RENTAL
    data = {**kept, "gpu": [q.gpu],
            "num_gpus": q.num_gpus, "hours": hours, "first": r.provider or last.data.get("first")}
    return replace(parsed, intent="price", follow_up=True, missing=[], follow=data)


# a price asked after a sizing or a cost keeps nothing of its rental but the card and the hours
_BARE_RENTAL: dict[str, object] = {"add_ons": {}, "infiniband": None, "repeat": False, "asked_currency": False}


def _job_hours(last: Turn) -> float | None:
    """The run length the job sized or priced last stated ("14b qlora, about 30 hours of training": 30 h)."""
    job = last.data.get("request")
    if not isinstance(job, dict):
        return None
    hours = float(job.get("days") or 0) * 24 + float(job.get("hours") or 0)
    return hours or None


def job_on_card_swapped(parsed: Parsed, last: Turn) -> Parsed | None:
    """A job stated with another card and its price asked ("that's for 7b qlora right? 换 3090 多少", "8b qlora,
    what about a 3090, how much") right after a card was priced for a length ("cloudgpu 4090 per hour" then
    "跑 24h"): that job on the new card, for that length, at the provider priced ($5.04 for the 3090's 24 h);
    None when the message states a length or the data to train of its own ("8xh100 full qwen3 32b … how long for
    2e7 tokens": that run timed, not the month priced before), or asks no price."""
    q, a, r = parsed.request, parsed.asks, parsed.rental
    hours = last.data.get("hours")
    if last.kind != "price" or not isinstance(hours, int | float) or priced_card(last) is None or not q.gpu:
        return None
    # "多少" alone after a price asks the price again ("换 3090 多少"), unless memory is what it asks
    priced = a.cost or parsed.intent == "cost" or (parsed.cues.how_much and not (a.memory_figure or a.sizing))
    if not (q.model or q.params_b) or parsed.intent not in ("size", "cost", "price") or not priced:
        return None
    if r.duration_days or r.duration_hours or q.hours or q.days or q.tokens or q.samples or parsed.versus or len(parsed.cards) > 1:
        return None
    where = r.provider or q.provider or last.data.get("first")
    update: dict[str, object] = {"hours": float(hours), **({"provider": where} if where else {})}
    return replace(parsed, intent="cost", request=q.model_copy(update=update), follow_up=True, missing=[])
