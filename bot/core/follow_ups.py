"""Follow-ups: a short message that changes or asks about the last answer ("那换成qlora呢", "on a
4090", "人民币多少") is that question with the change; anything that stands on its own is left
alone. Pure: Parsed and the last Turn in, Parsed out."""

from __future__ import annotations

from dataclasses import replace

from bot.core.add_on_follow import added_to_price
from bot.core.export_again import export_again
from bot.core.export_follow_up import tool_after_export
from bot.core.setup_follow import (
    card_of,
    priced_before,
    priced_setup_changed,
    prices_of_setup,
    setup_follow,
    setup_span,
)
from bot.core.wallet_follow_ups import rent_follow_up, top_up_of_price
from bot.messages import Turn
from bot.understand.clause_marks import ASKING
from bot.understand.cues import FOLLOW_UP_CHARS
from bot.understand.parser import Parsed
from bot.understand.standing import stands_alone
from engine.providers import providers
from engine.request import TrainingRequest

FOLLOW_UP_INTENTS = ("size", "cost", "unknown", "faq", "price", "export")
MODIFIERS = ("method", "gpu", "num_gpus", "seq_len", "micro_batch", "zero", "offload", "optimizer", "lora_rank",
             "objective", "grad_checkpointing", "attention", "tokens", "samples", "epochs", "provider", "exclude")
MONTH_HOURS = 720  # one month's rental, the unit storage add-ons are billed in
SHORT_FOLLOW_UP = 24  # characters: "on a 4090", "换成8卡呢", "seq 8k?" — a change, not a new question


def merge_follow_up(parsed: Parsed, last: Turn | None, text: str = "") -> Parsed:
    """A message that changes one thing of the previous question ("那换成qlora呢", "on a 4090",
    "那租一个月多少钱", "那 8 张呢") is that question with the change; anything that names its own
    model, or is a new kind of request (a wallet action, small talk, a strong FAQ match), stands alone."""
    parsed = _run_hours_billed(parsed, last)
    if parsed.cues.fresh:
        return parsed  # "新问题：gpuli 有 InfiniBand 吗" is asked on its own, never of the answer before
    if last is not None and last.kind == "rent":
        return rent_follow_up(parsed, last)
    top_up = top_up_of_price(parsed, last) if last is not None else None  # "余额要充多少才稳" after a price
    if top_up is not None:
        return top_up
    if last is None or last.kind not in ("size", "cost", "price", "checkpoint") or parsed.intent not in FOLLOW_UP_INTENTS:
        return _card_priced_alone(parsed)
    if parsed.parts:
        return parsed
    tool = tool_after_export(parsed, last, MODIFIERS)  # "导出配置" then "deepspeed": that framework's files
    if tool is not None:
        return tool
    again = export_again(parsed, last, text, merge_follow_up)  # "导出配置" then "模型换 qwen3 8b": the files changed
    if again is not None:
        return again
    upgraded = added_to_price(parsed, last, text)  # "一万网络 3090 包月" then "加内存128g": that rental with it
    if upgraded is not None:
        return upgraded
    if last.kind != "price" and parsed.intent == "price" and parsed.price.add_ons and not parsed.request.gpu \
            and not parsed.cues.joined:
        # "存储卷 2000G 多少钱" after a sizing asks that add-on's own price (seed 000: ₮0.08/GB·month), not the
        # setup re-priced without it; joined to it ("再加…一共多少") it is a change of the setup
        return parsed
    if parsed.request.model or parsed.request.params_b:
        return _model_change(parsed, last, text)
    own = _duration(parsed) if not parsed.rental.term else {}  # "包月呢" names a unit, not a span
    if parsed.cues.other_unit and own.get("days", 0) * 24 + own.get("hours", 0) in TERM_HOURS.values():
        own = {}  # "would a month be cheaper then?": the other unit weighed against the span priced, not a span
    if last.kind == "price" and (parsed.asks.both_units or parsed.cues.other_unit) \
            and (last.data.get("hours") or own) and not parsed.request.gpu and parsed.cues.chars <= ABOUT_BUDGET:
        # "三周呢" then "包月划算还是周租划算" / "weekly or monthly, which is cheaper?": the span just priced (or
        # the one the message gives: "12月20号前跑完，租几周" rents until then), bought by the week and by the
        # month (whatever general FAQ entry on weekly rentals its words come near)
        span = {"hours": own.get("days", 0) * 24 + own.get("hours", 0)} if own else {}
        return replace(parsed, intent="price", follow_up=True, missing=[], follow={**last.data, "units": True, **span})
    terms = _terms_for(parsed, last, text) or _term_asked(parsed, last, text)
    if terms is not None:
        return terms
    hours = _buy_for(parsed, last, text)
    if hours is not None:  # "job takes 36h, what should I buy?" after a price: that length on the setup priced
        return replace(parsed, intent="price", follow_up=True, missing=[], follow={**last.data, "hours": hours})
    duration = _duration(parsed)
    picked = _pick_with_add_ons(parsed, last, text, duration)
    if picked is not None:  # "加 2T 存储卷 再加 1T 对象存储 总共多少钱": the setup just priced with them, before any cost ask
        return picked
    about = _setting_changed(parsed, last) or _switch_needed(parsed, last) or _per_card_of_sizing(parsed, last, text) \
        or _count_needed(parsed, last, text) or _about_last(parsed, last, text)
    if about is not None:
        return about
    priced = _cost_beside_faq(parsed, last, text)
    if priced is not None:
        return priced
    relength = _length_changed(parsed, text)
    own_howto = parsed.cues.howto and parsed.own_topic  # "(ok) and how do I pay at cloudgpu": asked whole, its "and" no change
    ruling_out = bool(parsed.request.exclude) and not stands_alone(parsed)  # "not the 4090 then": no FAQ question
    # "那 gpuli 机器挂了 sla 怎么赔" after a sizing: a question of its own; one stating figures changes the rental
    own_question = parsed.own_topic and not parsed.request.stated() and bool(ASKING.search(text.lower())) \
        and not any(ch.isdigit() for ch in text)
    if parsed.intent == "faq" and not relength and not ruling_out and not _span_of_last(parsed) and parsed.faq_confident \
            and (not parsed.follow_up or parsed.asks.methods_compared or own_howto or own_question) \
            and (parsed.cues.chars > ONE_WORD or parsed.own_topic):
        # "gpuli 的部署服务怎么样", "那 QLoRA 比 LoRA 慢多少" after a sizing: a question of its own, for the FAQ;
        # a short one too when, the provider taken out, it still names an entry's own term ("一万网络管装环境吗")
        return parsed
    stated = {k: v for k, v in parsed.request.stated().items() if k in MODIFIERS}
    if last.kind == "price" and (parsed.price.nodes or parsed.price.infiniband or parsed.price.add_ons):
        stated["price_extras"] = True  # a change of nodes, InfiniBand or storage is a change too
    if parsed.rental.provider and "provider" not in stated:
        stated["provider"] = parsed.rental.provider
    base_job = dict(last.data.get("request", {}))
    run = parsed.run
    if run is not None and run.step_seconds and not parsed.request.gpu and last.kind in ("size", "cost") and (
            base_job.get("model") or base_job.get("params_b")):
        # "1万条 3 epoch … 每步 1.6s … 要多少钱" after a sizing: that job, timed by the measured step
        # (seed 002) and billed with its download and save minutes, on the card it was sized on
        for key in ("hours", "days", "tokens", "step_seconds", "side_minutes"):
            base_job.pop(key, None)
        timed = {"samples": run.samples, "epochs": run.epochs, "micro_batch": run.micro_batch,
                 "grad_accum": run.grad_accum, "step_seconds": run.step_seconds,
                 "side_minutes": run.side_minutes or None, "provider": parsed.rental.provider or base_job.get("provider")}
        if parsed.request.num_gpus:
            timed["num_gpus"] = parsed.request.num_gpus
        merged = TrainingRequest.model_validate({**base_job, **{k: v for k, v in timed.items() if v is not None}})
        return replace(parsed, request=merged, intent="cost", missing=[], follow_up=True, run=None)
    if not stated and not duration:
        return parsed
    if last.kind == "price" and parsed.price.add_ons and not parsed.request.gpu and parsed.cues.joined:
        parsed = replace(parsed, follow_up=True)  # "包月再加个 500g 存储卷 一共多少": the rental priced, with it
    short = parsed.cues.chars <= SHORT_FOLLOW_UP or relength or _span_of_last(parsed)
    added = last.kind == "price" and bool(parsed.price.add_ons) and not parsed.request.gpu \
        and parsed.cues.joined
    if not (parsed.follow_up or short or parsed.missing or added) or (parsed.intent == "faq" and not (parsed.follow_up or short)):
        return parsed
    if parsed.intent == "price" and not parsed.follow_up and not added:
        return parsed  # "H100 多少钱" after a sizing is its own price question
    if parsed.cues.howto and not parsed.follow_up:
        return parsed  # "DPO 的参考模型要不要单独算" is a question of its own, not a change
    if last.kind == "price":
        data = dict(last.data)
        if "gpu" in stated:
            data["gpu"] = stated["gpu"]
        if "num_gpus" in stated:
            data["num_gpus"] = stated["num_gpus"]
        if "provider" in stated:  # "那换 cloudgpu 呢": the rental priced at the provider named, first
            data["first"] = stated["provider"]
        data = _with_extras(data, parsed)
        if duration:
            data["hours"] = duration.get("days", 0) * 24 + duration.get("hours", 0)
        return replace(parsed, intent="price", follow_up=True, missing=[], follow=data)
    base = _job(last, duration)
    if stated.get("method") in ("full", "pretrain"):
        base.pop("lora_rank", None)
    if "gpu" in stated and "num_gpus" not in stated and "num_gpus" not in base and last.data.get("cards") \
            and not last.data.get("how_many") and set(stated) <= {"gpu", "provider"}:
        stated["num_gpus"] = last.data["cards"]  # "换成 H100 呢" after an 8-card answer: 8 of the new card
    if "exclude" in stated:  # "不要 4090 呢", "not the 4090 then": the job again, that card ruled out too
        stated["exclude"] = tuple(dict.fromkeys([*base.get("exclude", ()), *stated["exclude"]]))  # type: ignore[misc]
        if base.get("gpu") in stated["exclude"]:  # type: ignore[operator]
            for key in ("gpu", "num_gpus"):
                base.pop(key, None)
    if "gpu" in stated or "num_gpus" in stated or "exclude" in stated:
        base.pop("zero", None)
    merged = TrainingRequest.model_validate({**base, **stated, **duration})
    if last.data.get("how_many") and "gpu" in stated and "num_gpus" not in stated and not duration:
        # "How many A100s for 14B full?" then "and on H100?": the same count question on the new card
        asks = replace(parsed.asks, how_many_gpu=str(stated["gpu"]))
        return replace(parsed, request=merged, intent="size", missing=[], follow_up=True, asks=asks)
    # "gpuli" alone after a sizing: what that job costs there
    wants_cost = last.kind == "cost" or parsed.intent == "cost" or bool(duration) or parsed.intent == "price" or (
        set(stated) == {"provider"}) or bool(last.data.get("setup"))
    if last.kind == "checkpoint" and not wants_cost:
        return replace(parsed, request=merged, intent="checkpoint", missing=[], follow_up=True)
    if wants_cost and (prices_of_setup(parsed, last, merged) or priced_setup_changed(last, merged)):
        # "换成 H100 呢，价格多少": the changed job's recommended setup, by hour / week / month; after a setup's
        # month ("gpuli 包月多少" then "换 8卡 h200 不开 offload 呢") the new setup's month, the price still asked
        return replace(parsed, request=merged, intent="cost", follow=setup_follow(merged, duration or setup_span(last), last),
                       missing=[], follow_up=True)
    # a yes or no stays one ("单卡行不行", then "不开 8bit 呢")
    asks = replace(parsed.asks, sizing=True) if last.data.get("verdict") and not wants_cost else parsed.asks
    return replace(parsed, request=merged, intent="cost" if wants_cost else "size", missing=[], follow_up=True, asks=asks)


def _model_change(parsed: Parsed, last: Turn, text: str) -> Parsed:
    """"那 14B 呢", "what about 32b", "换成 qwen3-8b" after a sizing or cost: the same question about
    another model. Everything else of the last question stays (the method, so full fine-tuning is not
    sized as the LoRA default; the cards; the dataset; the kind of answer: a count of a named card is
    counted again), and whatever else the message states changes it too. A message that says more than
    a model without a follow-up word ("7b 要多少显存") stands on its own."""
    duration = _duration(parsed)
    base = _job(last, duration)
    if parsed.intent not in ("size", "cost") or last.kind not in ("size", "cost", "checkpoint") or not (
            base.get("model") or base.get("params_b")):
        return parsed
    if not (parsed.follow_up or parsed.asks.names_only) or parsed.cues.chars > (ABOUT_LAST if parsed.follow_up else SHORT_FOLLOW_UP):
        return parsed  # "what about 8b, how much a week?" still asks of the last answer; a long message stands alone
    stated = parsed.request.stated()
    for key in ("model", "params_b") + (("gpu", "num_gpus", "zero") if "method" in stated and not last.data.get("how_many") else ()):
        base.pop(key, None)  # the new model replaces the old; a job restated with its method ("what about 70b qlora") is fitted anew
    if stated.get("method") in ("full", "pretrain"):
        base.pop("lora_rank", None)
    if "gpu" in stated or "num_gpus" in stated:
        base.pop("zero", None)
    if parsed.rental.provider:
        stated.setdefault("provider", parsed.rental.provider)
    merged = TrainingRequest.model_validate({**base, **stated, **duration})
    asks = parsed.asks
    if last.data.get("how_many") and merged.gpu and not merged.num_gpus:
        asks = replace(asks, how_many_gpu=str(merged.gpu))  # "how many H100s for 14B full" then "and 32B?"
    intent = "checkpoint" if last.kind == "checkpoint" and parsed.intent == "size" else (
        "cost" if last.kind == "cost" or parsed.intent == "cost" or duration else "size")
    if (intent == "cost" and prices_of_setup(parsed, last, merged)) or (
            intent != "checkpoint" and priced_setup_changed(last, merged)):
        # "那 14B 呢，包月多少钱" after a sizing: what the new job's recommended setup rents for; "那 14B 呢" after
        # such prices asks them again, of the new job
        return replace(parsed, request=merged, intent="cost", follow=setup_follow(merged, duration or setup_span(last), last),
                       missing=[], follow_up=True, asks=asks)
    return replace(parsed, request=merged, intent=intent, missing=[], follow_up=True, asks=asks)


def _cost_beside_faq(parsed: Parsed, last: Turn, text: str) -> Parsed | None:
    """"跑 10 小时多少钱 余额要留多少", "10 hours, how much, and what balance should I keep" after a
    sizing or a price: the length's cost on the setup before (that is the figure asked first), then the
    FAQ question asked beside it, as two parts; None when the message asks no cost of a length of its own."""
    if not (parsed.intent == "faq" and parsed.faq_confident and parsed.asks.cost and _duration(parsed)) \
            or parsed.request.gpu or parsed.rental.gpu:
        return None
    plain = replace(parsed, intent="unknown", faq=[], faq_answers=[], faq_confident=False, follow_up=True)
    job = merge_follow_up(plain, last, text)
    if job is plain or not job.follow_up:
        return None
    return replace(parsed, parts=[job, replace(parsed, follow_up=False)])


def _per_card_of_sizing(parsed: Parsed, last: Turn, text: str) -> Parsed | None:
    """"每卡显存占多少", "how much per card?", "每张卡多少显存" after a sizing: that job's per-card figure
    (72B full on 8×H200 with an 8-bit optimizer: model states ≈ 90 GB a card, seed 000) leads a re-sizing
    of it, with any change the message states; never the ZeRO FAQ its words come near. None when the
    message names a model or a length of its own (a rental asked per card is a price), or is long."""
    a, q = parsed.asks, parsed.request
    job = _job(last, {})
    if not a.per_card_memory or a.per_card_hour or last.kind not in ("size", "cost") or q.model or q.params_b \
            or _duration(parsed) or not (job.get("model") or job.get("params_b")) or parsed.cues.chars > ABOUT_LAST:
        return None
    stated = {k: v for k, v in q.stated().items() if k in MODIFIERS}
    if "gpu" in stated or "num_gpus" in stated:
        job.pop("zero", None)
    merged = TrainingRequest.model_validate({**job, **stated})
    return replace(parsed, request=merged, intent="size", missing=[], follow_up=True)


PRECISION_OF = {"bf16": "mixed", "fp16": "mixed", "no": "fp32"}  # bf16/fp16 autocast hold the same memory


def _setting_changed(parsed: Parsed, last: Turn) -> Parsed | None:
    """"bf16", "不开 offload", "with 8bit adam", "flash attention 呢" after a sizing or a cost: that job with
    the setting changed, answered as before (7B LoRA sized again, 20-26 GB), never the FAQ entry the
    setting's word names; a question about the setting ("bf16 还是 fp16?") is no bare setting (cues)."""
    job = _job(last, {})
    if not parsed.cues.setting_only or last.kind not in ("size", "cost") or not (job.get("model") or job.get("params_b")):
        return None
    stated = {k: v for k, v in parsed.request.stated().items() if k in MODIFIERS}
    if parsed.asks.mixed_precision in PRECISION_OF:
        stated["precision"] = PRECISION_OF[parsed.asks.mixed_precision]
    merged = TrainingRequest.model_validate({**job, **stated})
    if priced_setup_changed(last, merged):  # "no offload then?" after "monthly?": the new setup's month, as "不想 offload 呢"
        return replace(parsed, request=merged, intent="cost", follow=setup_follow(merged, setup_span(last), last),
                       missing=[], follow_up=True, faq=[], faq_answers=[], faq_confident=False)
    return replace(parsed, request=merged, intent=last.kind, missing=[], follow_up=True, faq=[], faq_answers=[],
                   faq_confident=False, asks=replace(parsed.asks, sizing=True) if last.data.get("verdict") else parsed.asks)


def _switch_needed(parsed: Parsed, last: Turn) -> Parsed | None:
    """"do I need the 8-bit optimizer?", "还需要 offload 吗" after a sizing: whether that job needs the switch, so
    the reply leads with yes or no for it (7B full on one 80 GB card: yes, AdamW's 112 GB of states against 70 GB
    with 8-bit, seed 000), not the FAQ's general entry on the switch. A message naming its own model is no
    question about the last job; the general path reads it."""
    job = _job(last, {})
    if parsed.asks.switch is None or last.kind not in ("size", "cost") or parsed.request.model or parsed.request.params_b \
            or not (job.get("model") or job.get("params_b")) or parsed.cues.chars > ABOUT_LAST:
        return None
    stated = {k: v for k, v in parsed.request.stated().items() if k in MODIFIERS}
    merged = TrainingRequest.model_validate({**job, **stated})
    return replace(parsed, request=merged, intent="size", missing=[], follow_up=True, faq=[], faq_answers=[],
                   faq_confident=False)


def _count_needed(parsed: Parsed, last: Turn, text: str) -> Parsed | None:
    """"那要 2 张吗", "do we need two?", "是不是得上 4 张" after a sizing: whether that many cards are needed,
    answered against the setup the sizing led with (32B QLoRA: one 48 GB RTX A6000, seed 000), so the
    reply says 不需要 / needed first ("👉 不需要 2 张：1 张就装得下"), not a new sizing on that count.
    "两张够吗" asks whether two are enough and is that count sized (the general path); None for it,
    for a message naming its own model or another card, or when the sizing led with no setup."""
    q, job = parsed.request, _job(last, {})
    pick = last.data.get("pick")
    if last.kind not in ("size", "cost") or parsed.asks.count_versus or q.model or q.params_b \
            or not isinstance(pick, list | tuple) or len(pick) != 2 or parsed.cues.chars > ABOUT_LAST:
        return None
    asked = parsed.cues.count_needed
    gpu, count = str(job.get("gpu") or pick[0]), int(str(job.get("num_gpus") or pick[1]))
    if asked is None or (q.gpu and q.gpu != gpu):
        return None
    merged = TrainingRequest.model_validate({**job, "gpu": gpu, "num_gpus": count})
    return replace(parsed, request=merged, intent="size", missing=[], follow_up=True,
                   asks=replace(parsed.asks, count_versus=asked))


def _length_changed(parsed: Parsed, text: str) -> bool:
    """A message that only changes the rental's length, maybe asking for something cheaper ("only need
    two days, anything cheaper?", "就用三天，有便宜点的吗"): at any length up to a budget question's, it is
    the last answer re-priced for that length (gpuli still bills the week: 8×H100 ₮4,172), never small
    talk or the FAQ entry on daily rentals its words come near. No card, model, count, budget or deadline
    of its own, and nothing left once the length and the asking words are out."""
    q, a = parsed.request, parsed.asks
    if not _duration(parsed) or q.gpu or q.model or q.params_b or q.num_gpus or a.budget is not None \
            or a.deadline is not None or parsed.cues.chars > ABOUT_BUDGET:
        return False
    return parsed.cues.length_frame


def _duration(parsed: Parsed) -> dict[str, float]:
    """The rental or run length the message states, as request fields."""
    r = parsed.rental
    return {k: v for k, v in (("days", r.duration_days), ("hours", r.duration_hours)) if v is not None}


def _run_hours_billed(parsed: Parsed, last: Turn | None) -> Parsed:
    """"10 hours a day for 2 weeks" (bot.understand.daily_hours) at a provider that bills by the minute
    (the one named, else the last answer's) is the 140 hours run; a provider renting weeks or months is
    paid for the whole span, which the parse already gives."""
    schedule = parsed.cues.daily
    if schedule is None:
        return parsed
    job = last.data.get("request", {}) if last is not None else {}
    where = parsed.rental.provider or parsed.request.provider or job.get("provider") \
        or (last.data.get("first") or last.data.get("provider") if last is not None else None)
    if not where or providers().find(str(where)) is None or providers().get(str(where)).billing.cycles:
        return parsed
    return replace(parsed, rental=replace(parsed.rental, duration_days=None, duration_hours=schedule.run_hours))


def _span_of_last(parsed: Parsed) -> bool:
    """A longer message that gives only a span and asks what the last job costs for it, or points at it
    ("we'll run 10 hours a day for 2 weeks, total?", "can we rent it for just 2 weeks?", "we want to run
    it 3 days straight at cloudgpu, cost?"): a follow-up at any length a follow-up is read at, since a
    span alone names no job of its own."""
    q, a = parsed.request, parsed.asks
    spanned = parsed.rental.duration_days or parsed.rental.duration_hours
    return bool(spanned) and parsed.cues.chars <= FOLLOW_UP_CHARS and not (q.model or q.params_b or q.gpu) \
        and (parsed.cues.refers_back or a.cost or a.total) and not (parsed.faq_confident and parsed.own_topic)


def _job(last: Turn, duration: dict[str, float]) -> dict[str, object]:
    """The last question's job; a length the message states replaces its old one (never adds to it)."""
    base = dict(last.data.get("request", {}))
    if duration:
        base.pop("days", None)
        base.pop("hours", None)
    return base


ABOUT_LAST = 40  # characters: "人民币多少", "看费用", "要几张", "周五前能训完吗", "预算 5000 够吗"
ABOUT_BUDGET = FOLLOW_UP_CHARS  # characters (80): a budget asked of the last answer may say more around its amount
ONE_WORD = 10  # "gpuli", "on h100": a bare change, not a question of its own


def _buy_for(parsed: Parsed, last: Turn, text: str) -> float | None:
    """The hours of a length asked what to buy for, after a price and naming no card or model of its
    own (whatever FAQ entry on rental units its words come near); None otherwise."""
    q, days, hours = parsed.request, parsed.rental.duration_days, parsed.rental.duration_hours
    if last.kind != "price" or not (days or hours) or q.gpu or q.model or q.params_b or q.num_gpus \
            or parsed.cues.chars > ABOUT_BUDGET or not parsed.cues.buy:
        return None
    return (days or 0) * 24 + (hours or 0)


def _terms_for(parsed: Parsed, last: Turn, text: str) -> Parsed | None:
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


def _term_asked(parsed: Parsed, last: Turn, text: str) -> Parsed | None:
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
    if last.kind == "price":
        return replace(parsed, intent="price", follow={**last.data, "hours": hours, **shown}, follow_up=True, missing=[])
    job = _job(last, {"hours": hours})
    if last.kind == "size" and (job.get("model") or job.get("params_b")) and hours < ANNUAL_HOURS:
        # "how much per month?" after a sizing asks what "一个月多少钱" does: the job's recommended setup at
        # each provider for that term, with the table's card (answers.setup_price), not its card alone
        merged = TrainingRequest.model_validate({**job, **({"provider": r.provider} if r.provider else {})})
        follow = setup_follow(merged, {"hours": hours}) | ({"display": shown["display"], "asked_currency": True} if shown else {})
        return replace(parsed, intent="cost", request=merged, follow=follow, follow_up=True, missing=[])
    card = card_of(parsed, last)
    if card is None:
        return None
    provider = r.provider or last.data.get("request", {}).get("provider")
    data = {"gpu": [card[0]], "num_gpus": card[1], "hours": hours, "first": provider, "display": None, **shown}
    return replace(parsed, intent="price", follow=data, follow_up=True, missing=[])


def _about_last(parsed: Parsed, last: Turn, text: str) -> Parsed | None:
    """A short message asking something of the last answer: its price in another currency, its
    cost, its card count, a deadline or a budget for it, its config files. It is answered against
    the last question (with any change it states); None when it asks none of these."""
    asks, currency = parsed.asks, parsed.price.display_currency
    q = parsed.request
    # a term named beside a deadline ("deadline is friday, can we rent weekly?") is how the time is bought,
    # never the run's length set against the deadline (bot.core.terms)
    by_term = asks.deadline is not None and parsed.rental.term
    timed = asks.deadline is not None and not asks.deadline_span and not by_term and bool(_duration(parsed))
    # "we have 2k budget, how many weeks is that", "our budget is only 50 bucks, enough?": money and a
    # question about it, with no job or card of its own, is asked of the last answer at any length,
    # whatever FAQ entry its words come near
    of_budget = asks.budget is not None and not (q.model or q.params_b or q.gpu) and parsed.cues.chars <= ABOUT_BUDGET
    # "we start thursday 9am, need it done by friday 6pm": a deadline (with when the run starts) and no job
    # or card of its own is asked of the last answer too
    of_deadline = asks.deadline is not None and not (q.model or q.params_b or q.gpu) and parsed.cues.chars <= ABOUT_BUDGET
    if asks.band and last.kind == "price" and parsed.cues.chars <= ABOUT_BUDGET and not (q.gpu or q.model or q.params_b):
        # "is that the lowest it could be or the highest?", "这是估的吗": what the band just priced is
        return replace(parsed, intent="price", follow={**last.data, "band": True}, follow_up=True, missing=[])
    if (parsed.cues.chars > ABOUT_LAST and not (asks.export or timed or of_budget or of_deadline)) \
            or parsed.intent in ("wallet", "help", "smalltalk"):
        # "can you export that as a deepspeed config?", "the run takes about 6 hours, will it be done
        # before Friday?" are about the last answer at any length
        return None
    if parsed.faq_confident and parsed.own_topic and not (asks.export or of_budget or of_deadline) and not parsed.follow_up:
        # a confident FAQ answer on a subject the message names itself stands alone; "人民币多少",
        # "cost?", "how much would that cost?" name none (parser: own_topic) and ask about the answer
        return None
    if parsed.intent == "price" and parsed.request.gpu and last.kind != "price":
        return None  # "H100 多少钱": a price question with its card stands alone
    if last.kind == "price":
        # "我有 1000U 能租几周", "预算8000能租几个月" after a price: that money divided into those prices
        runway = asks.budget if not parsed.request.gpu else None  # "预算 ¥500 够吗" too
        if asks.deadline is not None and last.data.get("hours") and runway is None and not parsed.request.gpu:
            # "…跑 36h 多少钱" then "周五前能训完吗": that rental's length against the deadline
            return replace(parsed, intent="price", follow=dict(last.data), follow_up=True, missing=[])
        if asks.per_day and last.data.get("hours") and runway is None and not parsed.request.gpu:
            # "4090 一周多少" then "按天摊多少" / "what's that per day": the same rental, shared per day
            return replace(parsed, intent="price", follow=dict(last.data), follow_up=True, missing=[])
        if currency is None and runway is None:
            return None
        # "再加上16核 CPU 和 128G 内存呢，预算3500够吗": the budget is judged on the rental with what it adds
        data = {**_with_extras(dict(last.data), parsed), **({"display": currency, "asked_currency": True} if currency else {})}
        if runway is not None:
            data["runway"] = _runway(parsed)
            # "A100 每小时多少" then "要跑 20 小时 预算 $50 够不": the length stated is the rental weighed
            stated_hours = (parsed.rental.duration_days or 0) * 24 + (parsed.rental.duration_hours or 0)
            if stated_hours and not (asks.runway or asks.how_long):
                data["hours"] = stated_hours
        return replace(parsed, intent="price", follow=data, follow_up=True, missing=[])
    if asks.budget is not None and (asks.runway or asks.how_long) and last.kind in ("size", "cost"):
        # "老板给了 1k 预算，gpuli 包月能撑几个月" after a sizing: the card it named (or picked), rented for that money
        card = card_of(parsed, last)
        if card is not None:
            gpu, count = card
            provider = parsed.rental.provider or last.data.get("request", {}).get("provider")
            hours = (parsed.rental.duration_days or 0) * 24 + (parsed.rental.duration_hours or 0) or None
            data = {"gpu": [gpu], "num_gpus": count, "hours": hours, "first": provider, "display": None,
                    "runway": _runway(parsed)}
            return replace(parsed, intent="price", follow=data, follow_up=True, missing=[])
    stated = {k: v for k, v in parsed.request.stated().items() if k in MODIFIERS}
    if parsed.rental.provider and "provider" not in stated:
        stated["provider"] = parsed.rental.provider  # "gpuli 上多少钱": the answer's job, at gpuli
    # "训练大概 6 小时，周五前搞得定吗": the hours are the run's; in "3天内能训完吗" they are the deadline's
    duration = _duration(parsed) if not (asks.deadline and asks.deadline_span) and not by_term else {}
    job = _job(last, duration)
    if timed:  # the run's own length, stated, replaces the time the dataset would give
        job = {k: v for k, v in job.items() if k not in ("tokens", "samples", "step_seconds", "side_minutes")}
    merged = TrainingRequest.model_validate({**job, **stated, **duration})
    if asks.export:
        intent = "export"
    elif prices_of_setup(parsed, last, merged) or (currency and priced_before(last) and not stated):
        # "多少钱", "费用呢", "monthly cost of that at gpuli" after a sizing: what the recommended setup
        # rents for (at each provider, or the one named), not the shortest rental as if it were the answer;
        # "人民币呢" after those prices: the same prices in that currency
        follow = setup_follow(merged, duration)
        if currency:  # the same length as those prices, unless the message gives its own
            follow |= {"display": currency, "asked_currency": True}
            if not duration and last.data.get("setup") and last.data.get("setup_hours"):
                follow["hours"] = last.data["setup_hours"]
        return replace(parsed, intent="cost", request=merged, follow=follow, missing=[], follow_up=True)
    elif asks.safe and last.kind in ("size", "cost") and not (asks.budget or asks.deadline):
        intent = "size"  # "最便宜又稳的方案是啥" after a job: its cheapest setup without offload, as in one message
    elif asks.budget or asks.deadline or asks.cost or asks.pick:  # "选哪家哪个配置": where to rent it, priced
        intent = "cost"
    elif asks.count or asks.how_many_gpu or currency:
        intent = "cost" if last.kind == "cost" else "size"
    else:
        return None
    return replace(parsed, request=merged, intent=intent, missing=[], follow_up=True)


def _pick_with_add_ons(parsed: Parsed, last: Turn, text: str, duration: dict[str, float]) -> Parsed | None:
    """"14b qlora gpuli 用啥卡" then "包月，加 2000g 存储卷 一共多少": an add-on joined to the card the
    sizing picked is that rental's price with it (₮369 + ₮160 = ₮529), not the storage priced alone.
    None unless the last answer picked a setup and the message adds storage to it without naming a card."""
    priced = last.data.get("priced")  # a cost answer's leading setup: card, count, provider
    pick = last.data.get("pick") or (priced[:2] if isinstance(priced, list) else None)
    if last.kind not in ("size", "cost") or not isinstance(pick, list | tuple) or len(pick) != 2 \
            or not parsed.price.add_ons or parsed.request.gpu or not parsed.cues.joined:
        return None
    job = last.data.get("request")
    provider = parsed.rental.provider or (job.get("provider") if isinstance(job, dict) else None) \
        or (priced[2] if isinstance(priced, list) else None)
    # storage is billed by the month (seed 000's table: ₮14,432 + ₮160 a month), so a total asked with no term
    # ("再加 2000G 存储卷 一共多少") is a month's, the add-on in it, not the card's unit prices without it
    hours = duration.get("days", 0) * 24 + duration.get("hours", 0) or last.data.get("setup_hours") or MONTH_HOURS
    data: dict[str, object] = {"gpu": [pick[0]], "num_gpus": pick[1], "hours": hours, "add_ons": {},
                               "infiniband": None, "repeat": False, "first": provider, "asked_currency": False}
    return replace(parsed, intent="price", follow_up=True, missing=[], follow=_with_extras(data, parsed))


def _with_extras(data: dict[str, object], parsed: Parsed) -> dict[str, object]:
    """A price's data with the nodes, InfiniBand and add-ons the message adds to it."""
    extras = parsed.price
    if extras.nodes:  # "两台的话": that many nodes of the previous box
        data["num_gpus"] = extras.nodes * int(str(data.get("num_gpus") or 8))
    if extras.infiniband is not None:
        data["infiniband"] = extras.infiniband
    if extras.add_ons:
        held = data.get("add_ons")
        data["add_ons"] = {**(held if isinstance(held, dict) else {}), **extras.add_ons}
    return data


def _runway(parsed: Parsed) -> list[object]:
    """A budget to divide into the last prices, as a turn can keep it: amount, currency, whether it
    asks how long, whether its currency word was only 块, and the unit asked ("几周": week)."""
    asks = parsed.asks
    assert asks.budget is not None
    return [str(asks.budget[0]), asks.budget[1], asks.runway or asks.how_long, asks.budget_loose, asks.runway_unit]


def _card_priced_alone(parsed: Parsed) -> Parsed:
    """"and the H200 single card month at gpuli?", "gpuli h200 单卡 包月呢" with no job before it: said like a
    follow-up, but there is nothing to follow, and a card with where or how long it is rented and no job
    (no model, method or memory asked) is the card's price asked, never "which model?"."""
    q, r = parsed.request, parsed.rental
    job = q.model or q.params_b or q.method or q.objective or q.seq_len or q.zero is not None or parsed.asks.memory_figure
    if parsed.intent != "size" or not parsed.follow_up or not parsed.missing or not q.gpu or job:
        return parsed
    if not (r.provider or r.duration_days or r.duration_hours or r.term):
        return parsed
    return replace(parsed, intent="price", missing=[], follow_up=False)
