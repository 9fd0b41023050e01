"""Follow-ups: a short message that changes or asks about the last answer ("那换成qlora呢", "on a 4090", "人民币多少")
is that question with the change; anything that stands on its own is left alone. Pure: Parsed and Turn in, Parsed out."""

from __future__ import annotations

from dataclasses import replace

from bot.core import card_fit_asked, recount_follow, scaled_follow, step_time_follow, toggle_follow
from bot.core.about_last import (
    ABOUT_BUDGET,
    ABOUT_LAST,
    MODIFIERS,
    TERM_HOURS,
    about_last,
    add_on_elsewhere,
    buy_for,
    counted,
    duration_of,
    job_of,
    span_added,
    span_or_year,
    term_asked,
    terms_for,
    unit_price_of_last,
    with_extras,
)
from bot.core.add_on_follow import added_to_price
from bot.core.batch_follow import batch_of_last
from bot.core.budget_said import budget_weighs_last
from bot.core.card_share_follow import month_share_of_last, share_of_last
from bot.core.cheaper_follow import cheaper_of_last
from bot.core.count_follow import count_changed, count_totalled, stage_kept
from bot.core.cycles_follow import cycles_of_priced
from bot.core.export_again import GENERIC, export_again, export_before, export_of_priced
from bot.core.export_follow_up import tool_after_export
from bot.core.family_kept import series_at_size, setup_dropped, size_in_family
from bot.core.fit_follow import asked_of_last
from bot.core.form_pick import form_kept
from bot.core.held_budget import run_against_money, runway_of_held
from bot.core.hourly_follow import hourly_of_pick
from bot.core.jobs_follow import jobs_again
from bot.core.memory_card_follow import memory_card_at_last
from bot.core.nodes_follow import nodes_changed
from bot.core.own_wallet import rent_of_last
from bot.core.price_terms_follow import card_variant, repeat_asked
from bot.core.priced_card_follow import job_at_priced_provider, on_card_priced
from bot.core.provider_runs import job_at_provider
from bot.core.providers_follow import card_weighed, providers_of_last
from bot.core.refund_after_use import rule_of_money
from bot.core.run_on_priced import card_for_run, job_on_card_swapped, job_on_priced, run_on_priced, total_of_priced
from bot.core.setting_follow import setting_changed
from bot.core.setup_at_provider import setup_at_provider
from bot.core.setup_follow import (
    count_on_pick,
    picked_count,
    priced_setup_changed,
    prices_of_setup,
    setup_follow,
    setup_span,
)
from bot.core.span_first import job_in_span
from bot.core.term_floor import run_of_floor
from bot.core.unrated_follow import unrated_of_last
from bot.core.wallet_follow_ups import rent_follow_up, runway_of_budget, safe_figure_of_price, top_up_of_price
from bot.core.weigh_priced import switch_saving, weigh_follow
from bot.messages import Turn
from bot.understand.clause_marks import ASKING
from bot.understand.cues import FOLLOW_UP_CHARS
from bot.understand.daily_hours import Daily
from bot.understand.faq_topics import unsized_of_entry
from bot.understand.glossary import is_definition
from bot.understand.lazy import lazy
from bot.understand.normalize import normalize
from bot.understand.parser import Parsed
from bot.understand.standing import at_provider, stands_alone
from bot.understand.why_asked import asks_again_of_switch
from engine.providers import providers
from engine.request import TrainingRequest

FOLLOW_UP_INTENTS = ("size", "cost", "unknown", "faq", "price", "export")
MONTH_HOURS = 720  # one month's rental, the unit storage add-ons are billed in
SHORT_FOLLOW_UP = 24  # characters: "on a 4090", "换成8卡呢", "seq 8k?" — a change, not a new question

# the settings of a training job (never a card, a model or a rental): stated alone after a sizing, they change it
JOB_SETTINGS = {"seq_len", "micro_batch", "grad_accum", "zero", "offload", "optimizer", "lora_rank", "grad_checkpointing",
                "attention", "precision", "sharding"}


def _settings_of_job(parsed: Parsed, last: Turn) -> bool:
    """"zero3 下每张多少" after a sizing: a job's settings and nothing else, asking an amount, with no FAQ entry's own
    term named; a FAQ entry scoring over the bar on the shared words alone (the multi-4090 one here) is not what it
    asks. "rank 64 有用吗" asks no amount: whether the setting helps is the FAQ's."""
    stated = set(parsed.request.stated())
    return last.kind in ("size", "cost") and bool(stated) and stated <= JOB_SETTINGS and not parsed.own_topic \
        and parsed.cues.how_much


def _setup_only(parsed: Parsed, text: str) -> bool:
    """Whether the message states cards (a card, a count) and nothing else: no topic of its own beside them and no
    question asked of them ("mi300x 的话 有啥坑" asks the card's catch)."""
    stated = set(parsed.request.stated())
    return "gpu" in stated and stated <= {"gpu", "num_gpus"} and not parsed.own_topic and not ASKING.search(text.lower())


def merge_follow_up(parsed: Parsed, last: Turn | None, text: str = "") -> Parsed:
    """A message that changes one thing of the previous question ("那换成qlora呢", "on a 4090",
    "那租一个月多少钱", "那 8 张呢") is that question with the change; anything that names its own
    model, or is a new kind of request (a wallet action, small talk, a strong FAQ match), stands alone."""
    parsed = budget_weighs_last(job_at_provider(form_kept(series_at_size(parsed, last), last), last), last, text)  # "cloudgpu 能跑吗" after a job: it, there; "14b qlora this weekend" then "budget like 30 bucks": that total weighed
    parsed = card_weighed(_run_hours_billed(span_added(parsed, last), last))  # "对比下 gpuli 和 CloudGPU 的 4090": its price at each
    if (by_memory := memory_card_at_last(parsed, last)) is not None:
        return by_memory  # "70b qlora on cloudgpu" then "cheapest 80GB card for 8h?": that provider's cards, for 8 h
    if parsed.cues.fresh or (parsed.run is not None and parsed.run.batch_only):
        return parsed  # "新问题：gpuli 有 InfiniBand 吗", "bs 4 accum 4 两张卡 全局 batch 多少": asked on their own
    if (batch := batch_of_last(parsed, last)) is not None:
        return batch  # "两张呢？能开大点 batch 吗": the job before on two cards, its largest batch
    if (floor := run_of_floor(parsed, last)) is not None:
        return floor  # "周租多少" then "跑两天也得买一周吗": the setup priced for the run, each provider's rule on it
    if (kept := export_before(parsed, last)) is not None and (again := export_again(parsed, kept, text, merge_follow_up)) is not None:
        return again  # "gpuli 4090 周租多少" between: "再导出一次 epoch 改成 3" hands over the files exported before, changed
    if (priced := export_of_priced(parsed, last)) is not None:
        return priced  # "a6000 at gpuli ok?" then "export the llamafactory config": the job sized before, on that card
    parsed = toggle_follow.toggled_back(nodes_changed(parsed, last, text), last)  # "两台呢": 16 cards; "不开8bit" "那开了呢": on
    if (jobs := jobs_again(parsed, last, lambda p, t: merge_follow_up(p, t, text))) is not None:
        return jobs  # "14b lora 和 7b qlora 两个活" then "那 14b 也换 qlora 呢": both jobs again, that one changed
    if (parsed.price.per_gb or add_on_elsewhere(parsed, last)) and not parsed.request.gpu:
        return parsed  # "对象存储多少钱一个 G" after a card's price: the storage's own unit price, not the rental with it
    if parsed.intent == "faq" and parsed.faq_answers and is_definition(parsed.faq_answers[0]):
        return parsed  # "8bit优化器是啥" after a sizing: what the term means, a detour; the job stays for the next question
    if last is not None and last.kind == "rent":
        return rent_follow_up(parsed, last)
    if (order := rent_of_last(parsed, last)) is not None:
        return order  # "7b qlora on a 4090 at gpuli" then "great, rent it for a month": that card's rental, confirmed first
    if last is not None and last.kind == "span":  # "48h 内要出结果" then "14b qlora": that job for those 48 h
        return job_in_span(parsed, last)
    top_up = unrated_of_last(parsed, last) or top_up_of_price(parsed, last) or safe_figure_of_price(parsed, last)  # "新台币多少"; "余额要充多少"
    top_up = top_up or ((runway_of_budget(parsed, last) or runway_of_held(parsed, last)) if last is not None else None)  # "₮300 够吗" then "那能买几周"; "预算 2.5万" "3090 包月" "能租几个月"
    if top_up is not None:
        return top_up
    if last is not None and last.kind == GENERIC and parsed.intent in FOLLOW_UP_INTENTS and not parsed.parts:
        # "导出 deepspeed 配置 zero3" then "加 offload" / "accelerate 的也要": that file again, changed
        generic = tool_after_export(parsed, last, MODIFIERS) or export_again(parsed, last, text, merge_follow_up)
        if generic is not None:
            return generic
    if last is None or last.kind not in ("size", "cost", "price", "checkpoint") or parsed.intent not in FOLLOW_UP_INTENTS:
        return _card_priced_alone(parsed)
    if (ruled := rule_of_money(parsed, last)) is not None or parsed.parts:  # "刚开十分钟 能退吗" after a price: the rule
        return ruled or parsed
    if last.kind != "price" and (variant := card_variant(parsed, last)) is not None:  # "what about the 48g version": that card
        parsed = replace(parsed, intent=last.kind, request=parsed.request.model_copy(update={"gpu": variant}), follow_up=True,
                         faq=[], faq_answers=[], faq_confident=False)
    # "job takes ~36h on one a100 80g" then "gpuli or cloudgpu cheaper?"; "跑10天呢" then "那要买几周": that span's cycles
    if (versus := providers_of_last(parsed, last) or cycles_of_priced(parsed, last)) is not None:
        return versus
    share = share_of_last(parsed, last)  # "gpuli 8x h100 monthly" then "per card?": ₮14,432 ÷ 8; after a sizing, each card's memory
    if share is not None and share.follow is not None:
        return share
    parsed = share or parsed
    weighing = weigh_follow(parsed, last, parsed.weigh)  # "3090 呢" then "省多少", "三周呢" then "还是包月"
    if weighing is not None:
        return weighing
    # "CloudGPU 3090 一小时多少" then "3000 步 每步 4 秒 要花多少" / "32b 全参 … 周五前能训完吗": on the setup priced
    on_priced = run_on_priced(parsed, last) or job_on_priced(parsed, last) or total_of_priced(parsed, last) \
        or card_for_run(parsed, last) or job_on_card_swapped(parsed, last)  # "the run is about 8 hours" then "cost on cloudgpu with a 4090?"
    if on_priced is not None:
        return on_priced
    parsed = count_changed(parsed, last)  # "gpuli 4x a100 monthly" then "and with eight?": eight cards
    # "导出配置" then "deepspeed": that framework's files; then "模型换 qwen3 8b": the files changed
    again = tool_after_export(parsed, last, MODIFIERS) or export_again(parsed, last, text, merge_follow_up)
    if again is not None:
        return again
    shared = month_share_of_last(parsed, last)  # "年付多少" then "平均每月多少": that year, shared out per month
    if shared is not None:
        return shared
    upgraded = added_to_price(parsed, last, text)  # "一万网络 3090 包月" then "加内存128g": that rental with it
    if upgraded is not None:
        return upgraded
    if last.kind != "price" and parsed.intent == "price" and parsed.price.add_ons and not parsed.request.gpu \
            and not (parsed.cues.joined or parsed.cues.add_on_added):
        # "存储卷 2000G 多少钱" after a sizing asks that add-on's own price (seed 000: ₮0.08/GB·month), not the
        # setup re-priced without it; joined or added to it ("再加…一共多少", "包月 带 16 核 128g 内存 多少") it is a
        # change of the setup
        return parsed
    cheaper = cheaper_of_last(parsed, last)  # "cloudgpu 70b qlora a100 一小时多少" then "便宜点的呢": the next cheaper card there
    cheaper = cheaper or hourly_of_pick(parsed, last, text)  # "which card at cloudgpu" then "and hourly?": that card's hour
    if cheaper is not None:
        return cheaper
    on_card = on_card_priced(parsed, last) or job_at_priced_provider(parsed, last)  # "t4 多少钱" then "7b qlora 够吗": the job on that T4
    if on_card is not None:
        return on_card
    if parsed.request.model or parsed.request.params_b:
        return _model_change(parsed, last, text)
    own = duration_of(parsed) if not parsed.rental.term else {}  # "包月呢" names a unit, not a span
    before = last.data.get("hours") if last.kind == "price" else None
    one_term = own.get("days", 0) * 24 + own.get("hours", 0) in TERM_HOURS.values()
    named_term = parsed.rental.term and (parsed.rental.duration_days or 0) * 24 in TERM_HOURS.values()  # "两周呢" then "跟包月比哪个划算"
    other_term = (one_term or named_term) and bool(parsed.asks.cheaper and before and before not in TERM_HOURS.values())
    if one_term and (parsed.cues.other_unit or other_term):
        # "would a month be cheaper then?", "用三周呢" then "那一个月呢 哪个划算": the other unit weighed against the span priced (3 × ₮4,172 against ₮14,432)
        own = {}
    # "一周呢" then "只用三周 哪个划算" / "only 3 weeks, which is cheaper?": that span by the week and by the month
    # "cheapest way?" / "怎么买最省" asks it of the span priced; "we need 5 weeks, whats cheapest" of its own span
    weighed = (((parsed.asks.cheaper or parsed.asks.cheapest) and bool(own)) or parsed.asks.buy_way or other_term) and last.kind == "price" \
        and bool(last.data.get("hours") or own)
    if last.kind == "price" and (parsed.asks.both_units or parsed.cues.other_unit or weighed) \
            and (last.data.get("hours") or own) and not parsed.request.gpu and parsed.cues.chars <= ABOUT_BUDGET:
        # "三周呢" then "包月划算还是周租划算" / "weekly or monthly, which is cheaper?": the span just priced (or
        # the one the message gives: "12月20号前跑完，租几周" rents until then), bought by the week and by the
        # month (whatever general FAQ entry on weekly rentals its words come near)
        span = {"hours": own.get("days", 0) * 24 + own.get("hours", 0)} if own else {}
        return replace(parsed, intent="price", follow_up=True, missing=[], follow={**last.data, "units": True, **span})
    terms = repeat_asked(parsed, last) or terms_for(parsed, last, text) or term_asked(parsed, last, text)
    if terms is not None:
        return terms
    hours = buy_for(parsed, last, text)
    if hours is not None:  # "job takes 36h, what should I buy?" after a price: that length on the setup priced
        return replace(parsed, intent="price", follow_up=True, missing=[], follow={**last.data, "hours": hours})
    duration = span_or_year(parsed)
    picked = _pick_with_add_ons(parsed, last, text, duration)
    if picked is not None:  # "加 2T 存储卷 再加 1T 对象存储 总共多少钱": the setup just priced with them, before any cost ask
        return picked
    about = scaled_follow.scaled_of_last(parsed, last) or step_time_follow.step_time_of_last(parsed, last) or setting_changed(parsed, last) or _switch_needed(parsed, last) or _per_card_of_sizing(parsed, last, text) or _stage_of_sizing(parsed, last, text) \
        or _count_needed(parsed, last, text) or about_last(parsed, last, text)
    if about is not None:
        return about
    priced = _cost_beside_faq(parsed, last, text)
    if priced is not None:
        return priced
    relength = _length_changed(parsed, text)
    own_howto = parsed.cues.howto and parsed.own_topic  # "(ok) and how do I pay at cloudgpu": asked whole, its "and" no change
    ruling_out = bool(parsed.request.exclude) and not stands_alone(parsed)  # "not the 4090 then": no FAQ question
    # "那 gpuli 机器挂了 sla 怎么赔" after a sizing: a question of its own; one stating figures changes the rental
    own_question = parsed.own_topic and set(parsed.request.stated()) <= {"gpu"} and bool(ASKING.search(text.lower())) \
        and not parsed.cues.beside_cards.figures  # "那个 4090 有 nvlink 吗": the FAQ's question of that card
    # "what if a100 sxm instead", "a100 sxm then?": a card named in nothing but a follow-up's frame is a change of card
    frames, said = parsed.cues.beside_cards, set(parsed.request.stated())  # "two a100 80g ok?": those cards, a fit's frame
    card_swap = (said == {"gpu"} and frames.frame) or ("gpu" in said <= {"gpu", "num_gpus"} and (frames.counted or frames.fit_counted))
    parsed = card_fit_asked.card_fit_asked(setup_at_provider(parsed, last, text), last)  # "八卡 h100 gpuli" after a job: that job on those cards there; "3090" after a plan's cost: its fit first
    fit = asked_of_last(parsed, last)  # "够吗", "which card then", "minimum setup then?", "the ZeRO-3 number was?"
    if fit is not None:
        return fit
    if parsed.intent == "faq" and not relength and not ruling_out and not card_swap and not _span_of_last(parsed) and parsed.faq_confident \
            and not _settings_of_job(parsed, last) and not parsed.cues.lone_count \
            and (not parsed.follow_up or parsed.asks.methods_compared or own_howto or own_question
                 or (last.kind in ("size", "cost", "price") and unsized_asked(parsed, text))) \
            and ((parsed.cues.chars > ONE_WORD and not _setup_only(parsed, text)) or parsed.own_topic) \
            and card_variant(parsed, last) is None and not unit_price_of_last(parsed, last) and not count_totalled(parsed, last):  # "and the SXM version?"
        # "gpuli 的部署服务怎么样", "那 QLoRA 比 LoRA 慢多少", short "一万网络管装环境吗": the FAQ's; never a setup alone ("8 张 a100 sxm")
        return parsed
    stated = {k: v for k, v in parsed.request.stated().items() if k in MODIFIERS}
    if last.kind == "price" and (parsed.price.nodes or parsed.price.infiniband or parsed.price.add_ons):
        stated["price_extras"] = True  # a change of nodes, InfiniBand or storage is a change too
    if parsed.rental.provider and "provider" not in stated:
        stated["provider"] = parsed.rental.provider
    variant = card_variant(parsed, last)  # "48g 跑 12 小时呢" after a 4090's price: the 4090 48GB
    if variant is not None:
        stated["gpu"] = variant
    base_job = dict(last.data.get("request", {}))
    run = parsed.run
    if run is not None and (run.step_seconds or not (run.stated or run.batch_only)) and not parsed.request.gpu and last.kind in ("size", "cost") and (
            base_job.get("model") or base_job.get("params_b")):
        # "1万条 3 epoch … 每步 1.6s … 要多少钱" after a sizing: that job, timed by the measured step (seed 002) and billed with its
        # download and save minutes, on the card it was sized on (none: the run's time alone, as said alone); with no step
        if run.step_seconds and not base_job.get("gpu"):  # time ("那时间呢？3万条 3 轮 batch 2 累积 8"), its steps counted
            return parsed
        for key in ("hours", "days", "tokens", "step_seconds", "side_minutes"):
            base_job.pop(key, None)
        where = parsed.rental.provider or base_job.get("provider")
        # "每步 2 秒 1500 步": the steps stated, so the run is their product (no dataset to count them from)
        timed = {"hours": parsed.request.hours, "provider": where} if run.stated else {
            "samples": run.samples, "epochs": run.epochs, "micro_batch": run.micro_batch, "grad_accum": run.grad_accum,
            "step_seconds": run.step_seconds, "side_minutes": run.side_minutes or None, "provider": where}
        timed["num_gpus"] = parsed.request.num_gpus or None
        merged = TrainingRequest.model_validate({**base_job, **{k: v for k, v in timed.items() if v is not None}})
        return replace(parsed, request=merged, intent="cost", missing=[], follow_up=True, run=None)
    if not stated and not duration:
        return parsed
    if last.kind == "price" and parsed.price.add_ons and not parsed.request.gpu and parsed.cues.joined:
        parsed = replace(parsed, follow_up=True)  # "包月再加个 500g 存储卷 一共多少": the rental priced, with it
    short = parsed.cues.chars <= SHORT_FOLLOW_UP or relength or _span_of_last(parsed) or switch_saving(parsed) or count_totalled(parsed, last)
    added = last.kind == "price" and bool(parsed.price.add_ons) and not parsed.request.gpu \
        and parsed.cues.joined
    if not (parsed.follow_up or short or parsed.missing or added) or (parsed.intent == "faq" and not (parsed.follow_up or short)):
        return parsed
    if parsed.intent == "price" and not (parsed.follow_up or added or switch_saving(parsed)):
        return parsed  # "H100 多少钱" after a sizing is its own price question; "how much do we save with qlora on a 4090?" is no
    if parsed.cues.howto and not parsed.follow_up:
        return parsed  # "DPO 的参考模型要不要单独算" is a question of its own, not a change
    if last.kind == "price":
        data = dict(last.data)
        if "gpu" in stated:
            if stated["gpu"] not in (data.get("gpu"), [data.get("gpu")]) and data.get("gpu"):
                # "cloudgpu 4090 多少钱一小时" then "3090 呢": the card before stays, so "8 小时差多少" can set them side by side
                data["before"] = {"gpu": data["gpu"], "num_gpus": data.get("num_gpus")}
            data["gpu"] = stated["gpu"]
        if "num_gpus" in stated:
            data["num_gpus"] = stated["num_gpus"]
        if "provider" in stated:  # "那换 cloudgpu 呢": the rental priced at the provider named, first
            data["first"] = stated["provider"]
        data = with_extras(data, parsed)
        if duration:
            data["hours"] = duration.get("days", 0) * 24 + duration.get("hours", 0)
            data["weeks"] = parsed.cues.weeks  # "那 4 周呢": the weeks asked, priced beside a month that covers them
            data = run_against_money(data, parsed)  # "余额 10 刀" then "跑 36 小时够吗": that run's cost, weighed
        return replace(parsed, intent="price", follow_up=True, missing=[], follow=data)
    base = job_of(last, duration) if {"gpu", "num_gpus"} & set(stated) else counted(last, job_of(last, duration))
    if stated.get("method") in ("full", "pretrain"):
        base.pop("lora_rank", None)
    cards = last.data.get("cards") or picked_count(last)  # "cost?" then "the roomier H100 option?": 8 of them, as priced
    if "gpu" in stated and "num_gpus" not in stated and "num_gpus" not in base and cards \
            and not last.data.get("how_many") and set(stated) <= {"gpu", "provider"}:
        stated["num_gpus"] = cards  # "换成 H100 呢" after an 8-card answer: 8 of the new card
    if "exclude" in stated:  # "不要 4090 呢", "not the 4090 then": the job again, that card ruled out too
        stated["exclude"] = tuple(dict.fromkeys([*base.get("exclude", ()), *stated["exclude"]]))  # type: ignore[misc]
        if base.get("gpu") in stated["exclude"]:  # type: ignore[operator]
            for key in ("gpu", "num_gpus"):
                base.pop(key, None)
    stated = count_on_pick(stated, base, last)
    if "gpu" in stated or "exclude" in stated or not stage_kept(stated):
        base.pop("zero", None)
    merged = TrainingRequest.model_validate({**base, **stated, **duration})
    if last.data.get("how_many") and "num_gpus" not in stated and not duration and ("gpu" in stated or recount_follow.changes(parsed)):
        # "How many A100s for 14B full?" then "and on H100?" / "开 8bit 优化器呢": the same count question on the (new) card
        return recount_follow.asked_again(parsed, merged if "gpu" in stated else merged.model_copy(update={"num_gpus": None}))
    # "gpuli" alone after a sizing: what that job costs there
    wants_cost = last.kind == "cost" or parsed.intent == "cost" or bool(duration) or parsed.intent == "price" or (
        set(stated) == {"provider"}) or bool(last.data.get("setup")) or timed_run_stated(merged, stated)
    if last.kind == "checkpoint" and not wants_cost:
        return replace(parsed, request=merged, intent="checkpoint", missing=[], follow_up=True)
    if wants_cost and (prices_of_setup(parsed, last, merged) or priced_setup_changed(last, merged)):
        # "换成 H100 呢，价格多少": the changed job's recommended setup, by hour / week / month; after a setup's
        # month ("gpuli 包月多少" then "换 8卡 h200 不开 offload 呢") the new setup's month, the price still asked
        return replace(parsed, request=merged, intent="cost", follow=setup_follow(merged, duration or setup_span(last), last),
                       missing=[], follow_up=True)
    # a yes or no stays one ("单卡行不行", then "不开 8bit 呢")
    asks = replace(parsed.asks, sizing=True) if last.data.get("verdict") and not wants_cost else parsed.asks
    if last.kind == "cost" and wants_cost and "gpu" not in stated:
        # "32b 全参 宽裕点的配置 多少钱一个月" / "14b qlora 最便宜的卡" then "gpuli": the roomy setup, the cheapest card there
        asks = replace(asks, headroom=asks.headroom or bool(last.data.get("roomy")),
                       cheapest=asks.cheapest or bool(last.data.get("cheapest")))
    return replace(parsed, request=merged, intent="cost" if wants_cost else "size", missing=[], follow_up=True, asks=asks)


def timed_run_stated(merged: TrainingRequest, stated: dict[str, object]) -> bool:
    """The follow-up gives the run of a job with a dataset its epochs or batch ("on one a100 80g, 2 epochs, batch 1
    accum 16" after "32b lora on 50k samples"): what is asked is that run, timed and priced (its steps counted)."""
    return bool(merged.samples or merged.tokens) and any(k in stated for k in ("epochs", "micro_batch", "grad_accum"))


def _model_change(parsed: Parsed, last: Turn, text: str) -> Parsed:
    """"那 14B 呢", "what about 32b", "换成 qwen3-8b" after a sizing or cost: the same question about
    another model. Everything else of the last question stays (the method, so full fine-tuning is not
    sized as the LoRA default; the cards; the dataset; the kind of answer: a count of a named card is
    counted again), and whatever else the message states changes it too. A message that says more than
    a model without a follow-up word ("7b 要多少显存") stands on its own."""
    duration = duration_of(parsed)
    base = job_of(last, duration)
    if parsed.intent not in ("size", "cost") or last.kind not in ("size", "cost", "checkpoint") or not (
            base.get("model") or base.get("params_b")):
        return parsed
    # a long message stands alone, but not one saying it changes the job ("switch to 14B and ZeRO-2 at the same time")
    longest = ABOUT_BUDGET if parsed.cues.corrects or (parsed.follow_up and parsed.cues.change_said) else \
        ABOUT_LAST if parsed.follow_up else SHORT_FOLLOW_UP
    if not (parsed.follow_up or parsed.asks.names_only) or parsed.cues.chars > longest:
        return parsed
    stated = size_in_family(parsed.request.stated(), base)  # "qwen2.5 7b" then "14b": Qwen2.5-14B
    for key in ("model", "params_b", *setup_dropped(stated, base, bool(last.data.get("how_many")), parsed.cues.same_card)):
        base.pop(key, None)
    if stated.get("method") in ("full", "pretrain"):
        base.pop("lora_rank", None)
    if "gpu" in stated or not stage_kept(stated):
        base.pop("zero", None)
    if parsed.rental.provider:
        stated.setdefault("provider", parsed.rental.provider)
    merged = TrainingRequest.model_validate({**base, **stated, **duration})
    asks = parsed.asks
    if last.data.get("how_many") and merged.gpu and not merged.num_gpus:
        asks = replace(asks, how_many_gpu=str(merged.gpu))  # "how many H100s for 14B full" then "and 32B?"
    intent = "checkpoint" if last.kind == "checkpoint" and parsed.intent == "size" else (  # memory asked ("那 8b lora 要多少显存"): a sizing
        "cost" if (last.kind == "cost" and not parsed.asks.memory_figure) or parsed.intent == "cost" or duration else "size")
    if (intent == "cost" and prices_of_setup(parsed, last, merged)) or (
            intent != "checkpoint" and priced_setup_changed(last, merged)):
        # "那 14B 呢，包月多少钱" after a sizing: what the new job's recommended setup rents for; "那 14B 呢" after
        # such prices asks them again, of the new job
        return replace(parsed, request=merged, intent="cost", follow=setup_follow(merged, duration or setup_span(last), last),
                       missing=[], follow_up=True, asks=asks)
    return replace(parsed, request=merged, intent=intent, missing=[], follow_up=True, asks=asks)


def unsized_asked(parsed: Parsed, text: str) -> bool:
    """"那改 qlora 效果会差很多吗", "does qlora hurt quality much then?" after a sizing: a method named to ask what no sizing
    states (its quality, its slowdown) that the FAQ's answer is about, so that answer, not the method sized again; a
    change with no method ("两台的话，再加 InfiniBand 呢") stays a change of the job or rental."""
    return bool(parsed.faq_answers) and bool(parsed.request.method) and unsized_of_entry(normalize(text), parsed.faq_answers[0])


_N = r"(?:\d+(?:\.\d+)?|[一二两三四五六七八九十半]+)"
_SPAN_ZH = r"(?:个|個)?\s*(?:小时|小時|钟头|天|周|週|星期|个?月|個?月)"
# a length put as the change asked: "跑 3 小时呢", "租两天的话", "for 5 hours then?", "and 3 hours?", "what about 10h"
LENGTH_ASKED = lazy(rf"(?:跑|租|用|训|開|开)\s*(?:个|個)?\s*{_N}\s*{_SPAN_ZH}|{_N}\s*{_SPAN_ZH}\s*(?:呢|的话|的話)"
                    r"|\b(?:and|for|what\s+about|how\s+about|make\s+it)\s+(?:\d+(?:\.\d+)?|an?|one|two|three|four|five|six|"
                    r"eight|ten|twelve)\s*(?:hours?|hrs?|h|days?|weeks?|months?)\b")


def _cost_beside_faq(parsed: Parsed, last: Turn, text: str) -> Parsed | None:
    """"跑 10 小时多少钱 余额要留多少", "10 hours, how much, and what balance should I keep" after a
    sizing or a price: the length's cost on the setup before (that is the figure asked first), then the
    FAQ question asked beside it, as two parts; None when the message asks no cost of a length of its own."""
    # after a price, a length put as a follow-up is its cost asked ("CloudGPU A6000 一小时多少" then
    # "跑 3 小时呢 开机时间算钱吗"); a time told ("we created it 30 minutes ago, refund?") asks nothing of the price
    costed = parsed.asks.cost or (last.kind in ("price", "cost") and not parsed.rental.term and bool(LENGTH_ASKED.search(text.lower())))
    if not (parsed.intent == "faq" and parsed.faq_confident and parsed.own_topic and costed and duration_of(parsed)) \
            or parsed.request.gpu or parsed.rental.gpu or parsed.price.infiniband:  # "IB 多少钱一个月": IB's own month
        return None
    plain = replace(parsed, intent="unknown", faq=[], faq_answers=[], faq_confident=False, follow_up=True)
    job = merge_follow_up(plain, last, text)
    if job is plain or not job.follow_up:
        return None
    # the FAQ beside it asks of the rental's provider ("开机时间算钱吗" after CloudGPU: its free boot, not gpuli's cycles)
    faq = at_provider(replace(parsed, rental=replace(parsed.rental, provider=job.rental.provider or parsed.rental.provider
                                                                   or last.data.get("provider") or last.data.get("first") or None)))
    return replace(parsed, parts=[job, replace(faq, rental=parsed.rental, follow_up=False)])


def _per_card_of_sizing(parsed: Parsed, last: Turn, text: str) -> Parsed | None:
    """"每卡显存占多少", "how much per card?", "每张卡多少显存" after a sizing: that job's per-card figure
    (72B full on 8×H200 with an 8-bit optimizer: model states ≈ 90 GB a card, seed 000) leads a re-sizing
    of it, with any change the message states; never the ZeRO FAQ its words come near. None when the
    message names a model or a length of its own (a rental asked per card is a price), or is long."""
    a, q = parsed.asks, parsed.request
    job = job_of(last, {})
    if not a.per_card_memory or a.per_card_hour or last.kind not in ("size", "cost") or q.model or q.params_b \
            or duration_of(parsed) or not (job.get("model") or job.get("params_b")) or parsed.cues.chars > ABOUT_LAST:
        return None
    stated = {k: v for k, v in q.stated().items() if k in MODIFIERS}
    if "gpu" in stated or "num_gpus" in stated:
        job.pop("zero", None)
    merged = TrainingRequest.model_validate({**job, **stated})
    return replace(parsed, request=merged, intent="size", missing=[], follow_up=True)


# which ZeRO stage, asked ("zero 几", "开哪一级 zero", "which zero stage then?", "what stage?"): no stage stated
STAGE_ASKED = lazy(r"zero\s*(?:stage\s*)?(?:几|哪|多少)|(?:开|用|选|上)\s*(?:几|哪个|哪一?级)\s*(?:的\s*)?zero"
                   r"|\b(?:which|what)\s+(?:zero\s+|deepspeed\s+)?stage\b|\bwhich\s+zero\b|^\s*zero\s*[?？]\s*$")


def _stage_of_sizing(parsed: Parsed, last: Turn, text: str) -> Parsed | None:
    """"zero 几", "which stage?" after a sizing: the stage that job runs with and its per-card figure (32B full on
    8×A100 SXM: ZeRO-3, model states 64 GB a card, seed 000), the job sized again with any card change stated; never
    the ZeRO FAQ entry its word names. None when the message states a stage, names a model, or is long."""
    q = parsed.request
    job = job_of(last, {})
    if last.kind not in ("size", "cost") or q.zero is not None or q.model or q.params_b or parsed.cues.chars > ABOUT_LAST \
            or not (job.get("model") or job.get("params_b")) or not STAGE_ASKED.search(normalize(text)):
        return None
    stated = {k: v for k, v in q.stated().items() if k in MODIFIERS}
    return replace(parsed, request=TrainingRequest.model_validate({**job, **stated}), intent="size", missing=[], follow_up=True)


def _switch_needed(parsed: Parsed, last: Turn) -> Parsed | None:
    """"do I need the 8-bit optimizer?", "还需要 offload 吗" after a sizing: whether that job needs the switch, so
    the reply leads with yes or no for it (7B full on one 80 GB card: yes, AdamW's 112 GB of states against 70 GB
    with 8-bit, seed 000), not the FAQ's general entry on the switch. A message naming its own model is no
    question about the last job; the general path reads it."""
    job = job_of(last, {}) if parsed.request.gpu else counted(last, job_of(last, {}))
    if parsed.asks.switch is None and isinstance(last.data.get("switch"), str) and asks_again_of_switch(parsed.words):
        parsed = replace(parsed, asks=replace(parsed.asks, switch=last.data["switch"]))  # "why not", "ok what instead"
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
    q, job = parsed.request, job_of(last, {})
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
    if not duration_of(parsed) or q.gpu or q.model or q.params_b or q.num_gpus or a.budget is not None \
            or a.deadline is not None or parsed.cues.chars > ABOUT_BUDGET:
        return False
    return parsed.cues.length_frame


def _run_hours_billed(parsed: Parsed, last: Turn | None) -> Parsed:
    """"10 hours a day for 2 weeks" (bot.understand.daily_hours) at a provider that bills by the minute
    (the one named, else the last answer's) is the 140 hours run; a provider renting weeks or months is
    paid for the whole span, which the parse already gives."""
    schedule = parsed.cues.daily
    said = last.data.get("per_period") if last is not None else None  # "每天跑 8 小时" then "跑半个月呢 15 天"
    if schedule is None and isinstance(said, list) and parsed.rental.duration_days and not parsed.rental.duration_hours \
            and parsed.rental.duration_days >= said[1] and not parsed.request.gpu:
        schedule = Daily(float(said[0]), parsed.rental.duration_days, float(said[1]))
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
    band_end = parsed.cues.band_end and parsed.price.annual  # "for a year at the annual rate, high end?"
    return bool(spanned) and parsed.cues.chars <= FOLLOW_UP_CHARS and not (q.model or q.params_b or q.gpu) \
        and (parsed.cues.refers_back or a.cost or a.total or band_end) \
        and (band_end or not (parsed.faq_confident and parsed.own_topic))


ONE_WORD = 10  # "gpuli", "on h100": a bare change, not a question of its own


def _pick_with_add_ons(parsed: Parsed, last: Turn, text: str, duration: dict[str, float]) -> Parsed | None:
    """"14b qlora gpuli 用啥卡" then "包月，加 2000g 存储卷 一共多少": an add-on joined to the card the sizing picked is that
    rental's price with it (₮369 + ₮160 = ₮529); None unless the message adds storage to that pick naming no card."""
    priced = last.data.get("priced")  # a cost answer's leading setup: card, count, provider
    pick = last.data.get("pick") or (priced[:2] if isinstance(priced, list) else None)
    # "加 2000g volume 呢", "加 IB 两个 node 呢": added to the setup as "一共" adds it (the nodes' InfiniBand too)
    added = parsed.price.add_ons or (parsed.price.infiniband and parsed.price.nodes)
    if last.kind not in ("size", "cost") or not isinstance(pick, list | tuple) or len(pick) != 2 \
            or not added or parsed.request.gpu or not (parsed.cues.joined or parsed.cues.add_on_added):
        return None
    job = last.data.get("request")
    provider = parsed.rental.provider or (job.get("provider") if isinstance(job, dict) else None) \
        or (priced[2] if isinstance(priced, list) else None)
    # storage is billed by the month (seed 000's table: ₮14,432 + ₮160 a month): a total asked with no term ("再加 2000G 存储卷 一共多少")
    # is a month's, the add-on in it; a month said with it ("租两周" then "再加 500G 存储卷一个月") is the storage's, the rental stays
    own = 0 if parsed.cues.add_on_term else duration.get("days", 0) * 24 + duration.get("hours", 0)
    stated = float((job or {}).get("days") or 0) * 24 + float((job or {}).get("hours") or 0) if isinstance(job, dict | None) else 0
    hours = own or last.data.get("setup_hours") or stated or MONTH_HOURS
    data: dict[str, object] = {"gpu": [pick[0]], "num_gpus": pick[1], "hours": hours, "add_ons": {},
                               "infiniband": None, "repeat": False, "first": provider, "asked_currency": False}
    return replace(parsed, intent="price", follow_up=True, missing=[], follow=with_extras(data, parsed))


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
