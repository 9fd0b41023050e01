"""One handler per free-text intent the parser decides (size, cost, price, inference, checkpoint,
FAQ, small talk, help, unknown, wallet, compare, export): each returns a Reply (data)."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from bot.core.answers import (
    compare_request,
    cost_lines,
    cost_request,
    export_request,
    methods_request,
    objective_info,
    setup_price,
    size_request,
)
from bot.core.billed_minutes import billed_minutes_line
from bot.core.commands import help_
from bot.core.context import Context, IntentHandler, ask_model, cost_fields, with_chat_settings
from bot.core.each_provider import renting
from bot.core.faq import (
    card_first,
    card_of_clause,
    closest_reply,
    cycles_asked,
    faq_item,
    hold_line,
    plan_line,
    shortest_term_line,
)
from bot.core.fit_with_data import fit_then_run
from bot.core.form_pick import form_for_term
from bot.core.heads_said import heads_alone
from bot.core.job_bill import with_storage_bill
from bot.core.method_pick import pick_lead
from bot.core.methods_cost import methods_cost
from bot.core.pretrain_floor import floor_first
from bot.core.price import card_memory, price_intent, terms_of_job
from bot.core.provider_versus import providers_first
from bot.core.refund_after_use import REFUNDS, refund_line
from bot.core.roadmap import roadmap
from bot.core.run_note import run_note
from bot.core.seed_alternative import seed_alternative
from bot.core.several import run_line, spec_asked, term_and_run, untimed, verdict_first
from bot.core.span_first import span_alone
from bot.core.speed_kept import speed_over_price
from bot.core.stop_billing import stop_line
from bot.core.under_memory_lead import under_lead
from bot.core.unrated_budget import unrated_plan_first, unrated_sized
from bot.core.versus import versus_request, with_lever
from bot.messages import Reply, Turn
from bot.text.errors import error_message
from bot.text.i18n import t
from bot.text.names import short_gpu
from bot.understand.asks import offload_on_price
from bot.understand.classify import CHEAPEST, HOWTO
from bot.understand.faq import on_topic
from bot.understand.faq_topics import across_cards
from bot.understand.faq_verdict import verdict_for
from bot.understand.method_counts import counts_by_method
from bot.understand.parser import Parsed
from bot.understand.why_asked import asks_why
from bot.views.card_fit_line import card_fit_line
from bot.views.card_spec import card_spec_reply, with_machine
from bot.views.cheapest_card import cheapest_card_line
from bot.views.checkpoint import checkpoint_reply
from bot.views.cost import duration_view
from bot.views.export import generic_export_reply
from bot.views.faq_answer import echo_copula
from bot.views.faq_job_line import job_line
from bot.views.inference import inference_reply
from bot.views.lever_saving import lever_on, lever_saving
from bot.views.offload_cost import offload_versus
from bot.views.offload_first import offload_lead
from bot.views.param_count import param_count_reply
from bot.views.price import provider_price_list
from bot.views.rank_pair import rank_pair_reply
from bot.views.topup_lead import topup_lead
from bot.views.train_infer_memory import size_example
from bot.views.zero_stages import zero_stages_reply
from engine.catalog import gpus
from engine.export_generic import generic_files
from engine.providers import provider
from engine.request import MAX_SEQ_LEN, TrainingRequest

DEFAULT_LAUNCH_B = 7.0  # the size a launch script asked with no model is written for (the reply says so)


def export_intent(ctx: Context, parsed: Parsed, text: str) -> Reply:
    """"导出 deepspeed 配置" with a model, or after an answer: the files of that job; else which model?"""
    asks = parsed.asks
    if "launch" in asks.tools and not (parsed.request.model or parsed.request.params_b):
        # "给个 8 卡的启动命令": the command is the same for any model, so the files are written for a stated default size
        reply = export_request(ctx, cost_fields(parsed).model_copy(update={"params_b": DEFAULT_LAUNCH_B}),
                               precision=asks.mixed_precision, tools=asks.tools, shown=asks.shown)
        if reply.kind == "export":
            reply.data["v"]["default_b"] = DEFAULT_LAUNCH_B
        return reply
    if not (parsed.request.model or parsed.request.params_b):
        q = parsed.request
        tools = asks.tools
        # a ZeRO stage asks DeepSpeed; DDP (stage 0, "4 卡 ddp") is plain data parallel: MULTI_GPU, no DeepSpeed file
        deepspeed = "deepspeed" in tools or (bool(q.zero) and "fsdp" not in tools)
        if "accelerate" in tools or deepspeed:  # "出一份 4 卡的 accelerate config": no model is needed for it
            files = generic_files(q.num_gpus, q.zero, q.offload or "none", "accelerate" in tools, deepspeed,
                                  asks.mixed_precision, q.micro_batch, q.grad_accum)
            return generic_export_reply(files, q.num_gpus, ctx.lang, tools, asks.mixed_precision, q.optimizer)
        return ask_model(ctx, "export", parsed.request)  # LLaMA-Factory's YAML needs the model: which?
    # the options named ("bf16", "accelerate") go into the files and lead the reply's summary
    return export_request(ctx, cost_fields(parsed), precision=asks.mixed_precision, tools=asks.tools, shown=asks.shown)


def size_intent(ctx: Context, parsed: Parsed, text: str) -> Reply:
    if parsed.missing and parsed.request.objective not in (None, "sft") and HOWTO.search(text.lower()):
        return objective_info(ctx, parsed.request)
    if parsed.missing == ["model"] and context_grown(text) and parsed.faq and parsed.faq[0].score >= CONTEXT_FAQ_SCORE:
        # "lora 上下文从 2k 拉到 16k 显存要多留多少": what a longer context costs in general is the FAQ's (20–40% more,
        # gradient checkpointing on), not a question back for the model
        return faq_intent(ctx, replace(parsed, intent="faq", faq_answers=[]), text)
    if (other := seed_alternative(ctx, parsed)) is not None:  # "嫌 8 卡 h100 贵，32b 全参 有便宜点的吗": the seed's cheaper way
        return other
    if (steps := roadmap(ctx, parsed)) is not None:  # "先 qlora 跑通，不够再上全参": both steps, the cheap one first
        return steps
    if parsed.missing:
        return heads_alone(ctx, parsed, text) or ask_model(ctx, "size", parsed.request)  # "12 个学生各跑一个 qlora 实验"
    if parsed.versus:
        return versus_request(ctx, parsed.request, parsed.versus, methods=parsed.versus_methods,
                              cheaper=parsed.asks.cheaper or parsed.asks.cheapest or parsed.asks.minimum or bool(CHEAPEST.search(parsed.words)),
                              form_named=parsed.asks.form_factor, named=parsed.rental.provider or parsed.request.provider)
    if _count_of_the_model(parsed):  # "exactly how many params does qwen3 32b have": the count, not a sizing
        return param_count_reply(parsed.request.model or "", ctx.lang, parsed.asks.model_fact, parsed.request)
    if parsed.asks.zero_stages and not parsed.versus:  # "zero-1 zero-2 zero-3 每卡各多少": each stage's per-card figure
        return zero_stages_reply(with_chat_settings(parsed.request, ctx), parsed.asks.zero_stages, ctx.lang)
    if parsed.asks.ranks and parsed.request.method in (None, "lora", "qlora"):  # "rank 64 vs rank 8": both and the gap
        return rank_pair_reply(with_chat_settings(parsed.request, ctx), parsed.asks.ranks, ctx.lang)
    if parsed.asks.saving:  # "8bit 优化器对 7b 全参能省多少显存": that lever off and on, on this job
        # (asked yes or no, "does gradient checkpointing help for 14b lora": the verdict leads)
        saving = lever_saving(with_chat_settings(parsed.request, ctx), parsed.asks.saving)
        reply = Reply("lever_saving", ctx.lang, saving | {"whether": parsed.cues.yes_no})
        reply.turn = Turn("size", {"request": lever_on(parsed.request, parsed.asks.saving).stated()})  # "does that fit on one H100?"
        return reply
    if parsed.asks.methods_versus:  # "32b qlora 跟 lora 差多少": both figures and the difference
        compared = methods_request(ctx, parsed.request, parsed.asks.methods_versus, counts_by_method(parsed.words, parsed.asks.methods_versus))
        if parsed.cues.method_pick:  # "先 lora 还是直接全参": which to take leads
            pick_lead(compared, ctx.lang, parsed.cues.budget_held)  # under the budget said before, when one is held
        return compared
    request = parsed.request
    if (kept := speed_over_price(ctx, parsed)) is not None:  # "72b 全参 最省钱方案 但别太慢": no offload leads, its price said
        return kept
    if _price_of_the_job(parsed):  # "72b 全参大概要多少钱": the recommended setup's prices lead, as after a sizing
        return setup_price(ctx, {"setup_of": {**request.stated(), **({"provider": parsed.rental.provider} if parsed.rental.provider else {})},
                                 "display": parsed.price.display_currency, "asked_currency": bool(parsed.price.display_currency),
                                 "only": parsed.asks.cheapest})
    weighed = None
    if offload_on_price(parsed.asks, parsed.request):  # "14b full, is offload the cheapest way?": both prices, which is cheaper
        weighed = offload_versus(cost_fields(parsed), ctx.lang, safe=parsed.asks.safe)
        if weighed is not None and not parsed.asks.safe:
            return weighed
    by_price = request.method is None and (parsed.asks.cheapest or parsed.asks.least_memory) and not parsed.asks.safe
    if by_price:
        # "7b 微调最便宜用啥卡": no method named and the cheapest card asked: QLoRA, the method that needs the
        # least memory (seed 000: 7B QLoRA 8–12 GB on one RTX 4090, ₮369), said as the assumption it is
        request = request.model_copy(update={"method": "qlora"})
    reply = size_request(ctx, request, card=parsed.unknown_card, family=parsed.family,
                         roomy=parsed.asks.headroom, display=parsed.price.display_currency, weights=parsed.asks.weights,
                         provider=parsed.rental.provider or request.provider, other_count=parsed.asks.count_versus,
                         switch=parsed.asks.switch, seed_room=parsed.asks.room_over_price, room_too=parsed.asks.room_too,
                         host=parsed.asks.host_memory, minimum=parsed.asks.minimum, safe=parsed.asks.safe,
                         by_price=by_price, least_memory=parsed.asks.least_memory, per_card=parsed.asks.per_card_memory,
                         count=parsed.asks.count and (request.num_gpus or 1) == 1, verdict_asked=parsed.asks.sizing)
    if weighed is not None:  # "单卡 offload 是不是最省钱最稳的": no, and the safe way, lead; the offload sizing follows
        reply = verdict_first(reply, weighed)
    v = reply.data.get("v") if reply.kind == "sizing" else None
    if v and request.method == "full" and v.get("params") and not parsed.follow_up and asks_why(parsed.words):
        # "explain like I'm 5 why 7b full needs an 80gb card": the bytes per parameter lead, then the figures
        v["why_states"] = {"adamw_gb": v["params"] * 16 / 1e9, "eight_gb": v["params"] * 10 / 1e9}
    if parsed.rental.provider and reply.turn is not None:  # "gpuli 上 7b qlora 用啥卡": a cost follow-up prices there
        reply.turn.data["request"] = {**reply.turn.data["request"], "provider": parsed.rental.provider}
    memory = card_memory(parsed)
    if parsed.rental.provider and memory and parsed.asks.pick:
        # "8b lora 要多少显存，cloudgpu 上哪张 48G 的卡最便宜": the second ask, that provider's cheapest
        # cards of that memory, answered under the sizing
        reply.also.append(provider_price_list(parsed.rental.provider, ctx.lang, memory_gb=memory, top=TOP_CARDS))
    return floor_first(under_lead(reply, parsed, ctx.lang), parsed, ctx.lang)  # "does it drop below 80 GB?": yes or no first


def _price_of_the_job(parsed: Parsed) -> bool:
    """A job named with only its price asked ("老板问 72b 全参大概要多少钱", "what would 14b full ft cost"):
    no card, no length or dataset to cost a run by, and nothing asked that only a sizing answers (memory,
    a fit, a count) nor a plan (budget, deadline, pick, cheapest). Its answer is the price of the setup a
    sizing recommends, the same one "多少钱" gets after a sizing, so the price is the reply's first line."""
    a, q = parsed.asks, parsed.request
    job_only = not (q.gpu or q.num_gpus or q.tokens or q.samples or q.step_seconds or q.hours or q.days or parsed.unknown_card)
    planned = (a.sizing or a.budget or a.deadline or a.count or a.how_many_gpu or a.headroom or a.weights
               or a.host_memory or a.minimum or a.switch or a.safe or a.count_versus or a.export)
    # "cheapest way to full finetune 72b on gpuli?", "72b 全参 gpuli 最便宜怎么租": a job whose method is named, asked
    # only its cheapest way, is the same price question: the setup's prices lead (offload's throughput cost said)
    # ("cheapest card at gpuli for 7b qlora?" asks a pick: the cost answer names the card and its edge)
    cheapest = a.cheapest and not a.card_pick and bool(q.method) and not parsed.cues.fit and not q.offload and not offload_on_price(a, q)
    return ((a.cost and not (a.pick or a.cheapest)) or cheapest) and job_only and not planned and bool(q.model or q.params_b)


COMPUTED_FACTS = {"active", "kv_token", "lora_params"}  # figures computed from a model's shapes (bot.views.param_count)


def _count_of_the_model(parsed: Parsed) -> bool:
    """A catalog model's parameter count or shapes asked and nothing a sizing answers: no card, count, memory,
    fit, price, method or weights ("qwen3-8b 多少参数", "qwen3 32b 有多少层" yes; "qwen3-8b 多少参数，lora 要几张卡"
    is a sizing)."""
    a, q = parsed.asks, parsed.request
    if a.model_fact and set(a.model_fact) <= COMPUTED_FACTS and q.model and not (q.gpu or q.num_gpus or a.cost or a.budget):
        return True  # "lora r=16 on qwen3-8b: trainable params?", "qwen3-32b bf16 kv cache 每 token": the method names the figure
    return (a.param_count or bool(a.model_fact)) and bool(q.model) and not (
        q.gpu or q.num_gpus or q.method or a.sizing or a.cost or a.count or a.weights or a.how_many_gpu or a.budget)


CONTEXT_FAQ_SCORE = 0.5  # the FAQ's entry said near enough to answer the length's cost in general
# a context or sequence length raised from one figure to another ("上下文从 2k 拉到 16k", "from 4k to 32k context")
CONTEXT_WORD = re.compile(r"上下文|序列|长度|\bcontext\b|\bseq(?:uence)?(?:[\s_-]*len\w*)?\b|cutoff_len", re.I)
LENGTH_RAISED = re.compile(r"\d+\s*k?\s*(?:拉到|涨到|加到|提到|改成|改到|变成|到|至|\bto\b|->|→)\s*\d+\s*k?", re.I)


def context_grown(text: str) -> bool:
    """Whether the message raises a context length from one figure to another."""
    return CONTEXT_WORD.search(text) is not None and LENGTH_RAISED.search(text) is not None


TOP_CARDS = 2  # cards of a memory asked beside a sizing: the cheapest and the next, so the reply stays short


def both_terms_and_run(ctx: Context, parsed: Parsed, req: TrainingRequest) -> Reply | None:
    """A week's and a month's price and the run's time asked of one job with its dataset ("8x h100 on gpuli weekly
    and monthly price plus how long for 32b full ft 20m tokens 3 epochs"): the run timed from the dataset leads,
    then the job priced for a week and for a month. None unless all three are asked."""
    if not (parsed.asks.both_units and parsed.asks.how_long and (req.tokens or req.samples)) or req.days or req.hours \
            or parsed.asks.budget or parsed.asks.deadline:
        return None
    line = run_line(req, lambda r: cost_request(ctx, r, family=parsed.family), 30 * 24)
    if line is None:
        return None
    span = untimed(req)
    by_length: list[tuple[dict[str, Any], TrainingRequest]] = [
        ({"stated": duration_view(days * 24)}, span.model_copy(update={"days": days})) for days in (7, 30)]
    lines = cost_lines(ctx, span, by_length, family=parsed.family, safe_only=not req.gpu)
    return verdict_first(lines, Reply("error", ctx.lang, {"message": line}))


def cost_intent(ctx: Context, parsed: Parsed, text: str) -> Reply:
    if parsed.follow is not None and "methods" in parsed.follow:  # "cost diff?" after LoRA vs full: each one priced
        return methods_cost(ctx, cost_fields(parsed), [str(m) for m in parsed.follow["methods"]])  # type: ignore[attr-defined]
    if parsed.follow is not None and "setup_of" in parsed.follow:
        return setup_price(ctx, parsed.follow)  # "多少钱" asked of a sizing: the recommended setup's prices
    if (other := seed_alternative(ctx, parsed)) is not None:  # "cheapest legit setup for 72b full ft": the seed's row
        return other
    if (steps := roadmap(ctx, parsed)) is not None:  # "打算先按周租把流程跑通，之后再看要不要上全参": both steps
        return steps
    if parsed.missing:
        return ask_model(ctx, "cost", cost_fields(parsed))
    if (fit := fit_then_run(parsed, lambda job: size_intent(ctx, job, text), lambda r: cost_request(ctx, r, family=parsed.family),
                            run_line)) is not None:
        return fit  # "7b qlora 一张 4090 够不够，数据几千条": the fit and GB per card lead, the run's time in one line
    if (unweighed := unrated_plan_first(ctx, parsed, text, cost_intent)) is not None:
        return unweighed  # "we have 1.500 EUR for a month of 8b lora": no rate for EUR, so never weighed as $1,500
    req = cost_fields(parsed)
    weighed = offload_versus(req, ctx.lang) if offload_on_price(parsed.asks, parsed.request) else None
    if weighed is not None:  # "7b full, is offload cheaper for 2 weeks?": both prices for that rental
        return weighed
    named = parsed.cues.providers
    if req.provider and len(named) > 1:
        # "cheaper for a 2-day 7b qlora run: gpuli or cloudgpu?": the job at each provider named, the cheaper first
        anywhere = req.model_copy(update={"provider": None})
        # a provider that does not rent the card is said so after the others' prices ("一万网络和 cloudgpu 呢": 4090)
        kept, refused = renting([(provider(p).name, anywhere.model_copy(update={"provider": p})) for p in named[:3]])
        if not kept:
            raise refused[0]
        at_each: list[tuple[dict[str, Any], TrainingRequest]] = [({"provider": name}, way) for name, way in kept]
        lines = cost_lines(ctx, anywhere, at_each, family=parsed.family, safe_only=not req.gpu)
        lines.also.extend(Reply("error", ctx.lang, {"message": error_message(exc, ctx.lang)}) for exc in refused)
        return lines
    measured = req.tokens or req.samples or req.step_seconds
    if both := both_terms_and_run(ctx, parsed, req):
        return both  # "weekly and monthly price plus how long for 20m tokens": the run's time, then each term's price
    if parsed.asks.both_units and not measured:
        # "7b qlora 一周多少 一个月多少": two rental units asked of a job with no dataset: a week and a
        # month, each priced, not one of the two lengths
        span = req.model_copy(update={"days": None, "hours": None})
        by_length: list[tuple[dict[str, Any], TrainingRequest]] = [
            ({"stated": duration_view(days * 24)}, form_for_term(span.model_copy(update={"days": days}), parsed.asks.form_factor))
            for days in (7, 30)]  # each term on the form of the card that rents it ("a100 80g 月租 周租": gpuli's PCIe month)
        hours = (req.days or 0) * 24 + (req.hours or 0)
        if req.gpu and hours:  # "14b qlora 4090 跑 10 天 周租还是月租": that card, both ways
            return terms_of_job(ctx, (req.gpu, req.num_gpus), hours, Reply("cost", ctx.lang, {}), req.provider,
                                parsed.asks.until)
        lines = cost_lines(ctx, span, by_length, family=parsed.family)
        # a span stated ("跑 10 天") or left before a deadline: which of the two units buys it cheaper
        return terms_of_job(ctx, None, hours, lines, req.provider, parsed.asks.until) if hours else lines
    if len(parsed.asks.lengths) >= 2 and not measured:
        # "32b qlora 用 a6000 一周多少 两周呢": the job priced for each length asked, a line each
        span = req.model_copy(update={"days": None, "hours": None})
        asked: list[tuple[dict[str, Any], TrainingRequest]] = [
            ({"stated": duration_view(h)}, span.model_copy(update={"days": h / 24} if h % 24 == 0 else {"hours": h}))
            for h in parsed.asks.lengths]
        return cost_lines(ctx, span, asked, family=parsed.family, safe_only=not req.gpu)
    if len(parsed.versus) >= 2 and not req.gpu:
        # "14b qlora 用 4090 还是 5090 各多少钱一个月": the job on each card named, priced side by side
        ways: list[tuple[dict[str, Any], TrainingRequest]] = [({"card": short_gpu(gpus().get(gpu).name)}, with_lever(req.model_copy(update={
            "gpu": gpu, "num_gpus": count or req.num_gpus, "zero": None}))) for gpu, count in parsed.versus[:3]]
        return cost_lines(ctx, req, ways, family=parsed.family)
    if both := term_and_run(parsed, req, lambda r: cost_request(ctx, r, family=parsed.family), ctx.lang):
        return both  # "…一个月多少钱？2000 万 token 训一次要多久？": the run's time, then the month's price
    req = form_for_term(req, parsed.asks.form_factor)  # "32b lora a100 gpuli 包月": the A100 PCIe's month, not 5 SXM weeks
    reply = cost_request(ctx, req, family=parsed.family, roomy=parsed.asks.headroom, least=parsed.asks.least_setup,
                         form_named=parsed.asks.form_factor)
    if reply.turn is not None and reply.turn.kind == "cost":  # "gpuli" next: the same question asked there
        reply.turn.data.update({k: True for k, said in (("roomy", parsed.asks.headroom), ("cheapest", parsed.asks.cheapest)) if said})
    if parsed.asks.cheapest and not (parsed.asks.safe or req.gpu) and parsed.asks.budget is None and parsed.asks.deadline is None:
        # "cheapest card at cloudgpu?": that card, tight or not (a budget or a deadline weighs the reply itself next)
        reply = verdict_first(reply, cheapest_card_line(reply, ctx.lang))
    if parsed.cues.fit_first and req.gpu and reply.kind == "cost":
        reply = verdict_first(reply, card_fit_line(req, ctx.lang))  # "3090" alone after a plan's cost: does it run there
    if parsed.run is not None and parsed.run.rate:  # "3,000 tokens/s per GPU … 10B tokens": the measured time, then its price
        reply = verdict_first(reply, run_note(parsed.run, ctx.lang))
    if parsed.asks.estimate and not measured:  # "训练时间怎么估": a trial run of about 50 steps times it (seed 002)
        reply.also.append(Reply("error", ctx.lang, {"message": t("plan.estimate_by_trial", ctx.lang)}))
    if parsed.asks.memory_figure and not measured:
        # "70b qlora 多少显存 … 8小时多少钱": two asks, the memory figure answered under the price
        reply.also.append(size_request(ctx, parsed.request.model_copy(update={"hours": None, "days": None})))
    return with_storage_bill(reply, parsed, ctx.lang)  # "32b 全参 gpuli 一个月总账单 带存储的": the bill with it leads


def inference_intent(ctx: Context, parsed: Parsed, text: str) -> Reply:
    if parsed.missing:
        return ask_model(ctx, "inference", parsed.request)
    if _count_of_the_model(parsed):  # "qwen3-32b kv cache 每 token 多少": the figure of one token, not a serving plan
        return param_count_reply(parsed.request.model or "", ctx.lang, parsed.asks.model_fact, parsed.request)
    inf = parsed.inference
    req = parsed.request
    if req.seq_len is None and req.tokens and req.tokens <= MAX_SEQ_LEN:
        # "kv cache at 2^20 tokens": serving has no dataset, so a token count past one training sequence's is the context
        req = req.model_copy(update={"seq_len": req.tokens, "tokens": None})
    reply = inference_reply(req, ctx.lang, inf.concurrency, inf.precision)
    reply.turn = Turn("inference", {"request": req.stated(), "concurrency": inf.concurrency,
                                    "precision": inf.precision})
    return reply


def checkpoint_intent(ctx: Context, parsed: Parsed, text: str) -> Reply:
    """A checkpoint's size for the job named, the disk to keep for it and where to write it."""
    reply = checkpoint_reply(parsed.request, ctx.lang, where_first=parsed.cues.where,
                              provider=parsed.rental.provider, weights_first=parsed.asks.weights)
    reply.turn = Turn("checkpoint", {"request": parsed.request.stated()})
    return reply


def faq_intent(ctx: Context, parsed: Parsed, text: str) -> Reply:
    """The FAQ answer; a message asking two things ("NVLink? and can 4090s train together?") gets
    the answer to each, when each is answered with confidence."""
    if spec_asked(parsed):  # a part asking a setup's facts ("8x h200 total vram? enough for 72b …"): the catalog's
        return with_machine(card_spec_reply(ctx.lang, parsed.cards, parsed.asks.spec), parsed, parsed.words or text)
    if (other := seed_alternative(ctx, parsed)) is not None:  # "72b full ft, offload's too slow - alternative?"
        return other
    if (steps := roadmap(ctx, parsed, faq=True)) is not None:  # "test our data cheaply, full fine-tuning only if LoRA is not enough"
        return steps
    card = parsed.request.gpu or parsed.rental.gpu
    hits = card_first(parsed.faq_answers or parsed.faq[:1], parsed.faq, card, text, parsed.rental.provider)
    # the card's own NVLink verdict never answers for the link between two of its machines: across nodes, InfiniBand
    hits = across_cards(hits, parsed.faq, None, parsed.price.nodes)
    # one question asked of several cards ("nvlink on a100 sxm, and on 4090?"): each card's answer
    cards = parsed.cards if len(hits[:2]) == 1 else []
    # the count of a setup the answer before gave (bot.core.faq_context.with_card_before), never the message's own
    count = parsed.rental.num_gpus if not (parsed.request.gpu or parsed.request.num_gpus or parsed.cards) else None
    stated = parsed.request.num_gpus if parsed.request.gpu and len(set(parsed.cards)) <= 1 else None  # "两张 4090"
    items = [faq_item(h, ctx.lang, parsed.rental.provider, card_of_clause(h, hits[:2], card, text, parsed.rental.provider), cards,
                      count, stated) for h in hits[:2]]
    if items and (hits[0].entry.id == REFUNDS or parsed.cues.refund):  # "gpuli 4090 用了三天 能退吗": whether the refund window still covers it
        items[0]["lead"] = refund_line(parsed, parsed.rental.provider, ctx.lang)
    sized = None  # the size's or the job's own line, when one leads
    if items and not items[0].get("lead") and (sized := size_example(hits[0], parsed.request.params_b, ctx.lang)
                                               or offload_lead(hits[0], parsed.request, ctx.lang)
                                               or job_line(hits[0], parsed.request, ctx.lang)):
        items[0]["lead"] = sized  # "为什么训练比推理占显存多？7b 为例": that size's own two figures lead; a job stated, its line
    if items and not card and not items[0].get("lead") and (many := _single_cards_only(parsed)):
        # "cloudgpu 有多卡机器吗 我们想 4 卡跑": the count stated, where only single cards are rented, leads
        items[0]["lead"] = t("faq.count_single", ctx.lang, provider=provider(many[0]).name, n=many[1])
    if items and not items[0].get("lead"):  # "充 500 USDT 要怎么弄": the amount named back before the ways to pay
        items[0]["lead"] = topup_lead(hits[0], text, ctx.lang)
    if items and parsed.rental.duration_hours and not items[0].get("lead"):  # "ran 61 seconds, how many minutes": the sum
        items[0]["lead"] = billed_minutes_line(parsed, hits[0], ctx.lang)
    for i, item in enumerate(items if parsed.cues.yes_no or parsed.cues.only_have else []):
        # "can I pay with Alipay?": yes leads; each of two questions its own ("开机要多久 开机那段收钱吗": not billed);
        # a job's line already there ("7b 全参 ddp 4 卡 能省显存吗") goes under the yes or no
        if (not item.get("lead") or (i == 0 and item["lead"] == sized)) and (i == 0 or item["id"] != items[0]["id"]):
            verdict = verdict_for(hits[i].entry, text, parsed.rental.provider)
            said_ = (verdict.say.zh if ctx.lang == "zh" else verdict.say.en) if verdict else None
            item["lead"] = "\n".join(str(x) for x in (said_, item.get("lead")) if x) or None
    for item in items if ctx.lang == "zh" and parsed.cues.copula and (card or cards) else []:
        item["answer"] = echo_copula(str(item["answer"]))  # "H100 那台是 NVLink 全互联吗": 是的 before the card's 有
    if items and parsed.cues.stop_billing and not items[0].get("lead") and hits[0].entry.topics[:1] == ["billing"]:
        items[0]["lead"] = stop_line(parsed.rental.provider, ctx.lang)  # "晚上能关掉不计费吗": what stopping does to the bill there
    length = (parsed.rental.duration_days or 0) * 24 + (parsed.rental.duration_hours or 0)
    shortest = shortest_term_line(hits[0], card, parsed.rental.num_gpus or parsed.request.num_gpus or 1, length,
                                  parsed.rental.provider, ctx) if items and card and length and not items[0].get("lead") else None
    if items and card and not shortest and not items[0].get("lead") and cycles_asked(hits[0], length, parsed.rental.provider):
        return price_intent(ctx, replace(parsed, intent="price"), text)  # "…half a month, how is it billed": its cycles priced
    if shortest:  # "hourly billing at gpuli? we need 3 days": its shortest term leads, with that term's price
        items[0]["lead"] = shortest
    elif items and card:  # "how do I top up for the 4090 weekly plan", "4090 包周 是预付的吗": and that plan's price
        items[0]["plan"] = plan_line(card, parsed.rental.num_gpus or parsed.request.num_gpus or 1,
                                     parsed.rental.duration_days, parsed.rental.provider, ctx)
    if items and card and not items[0].get("plan"):  # "what does cloudgpu hold while an a800 runs": that card's hour
        items[0]["plan"] = hold_line(hits[0], card, parsed.rental.num_gpus or parsed.request.num_gpus or 1,
                                     parsed.rental.provider, ctx)
    if items and items[0].get("plan") and parsed.asks.cost:  # "4090 monthly price? top up with usdt?": the price asked leads
        items[0]["lead"] = "\n".join(str(line) for line in (items[0].pop("plan"), items[0].get("lead")) if line)
    return Reply("faq", ctx.lang, {"items": items})


def _single_cards_only(parsed: Parsed) -> tuple[str, int] | None:
    """(provider, count) when the message states a count of cards at a provider that rents single cards only."""
    where, count = parsed.rental.provider, parsed.request.num_gpus or parsed.rental.num_gpus
    if where is None or not count or count < 2 or parsed.cards:
        return None
    return (where, count) if provider(where).billing.node_gpus == 1 else None


def smalltalk_intent(ctx: Context, parsed: Parsed, text: str) -> Reply:
    return Reply("smalltalk", ctx.lang, {"talk": parsed.talk or "greeting"})


def help_intent(ctx: Context, parsed: Parsed, text: str) -> Reply:
    return help_(ctx, "")


def unknown_intent(ctx: Context, parsed: Parsed, text: str) -> Reply:
    """Not sure: the two closest FAQ questions, each also a button that answers it; a length said alone is kept
    for the job named next (bot.core.span_first)."""
    span = span_alone(ctx, parsed) or heads_alone(ctx, parsed, text)  # "30 个学生 每 5 人一组": kept for the rental next
    if span is not None:
        return span
    card = parsed.unknown_card
    if card is not None and card.choices:  # "90 够不": which of the cards ending in 90, never "outside what I do"
        return Reply("unknown_card", ctx.lang, {"name": card.name, "choices": [short_gpu(n) for n in card.choices],
                                                "cards": []})
    hits = [h for h in parsed.faq[:2] if h.score > 0] if on_topic(text) else []
    return closest_reply(ctx, hits)


def wallet_elsewhere(ctx: Context, parsed: Parsed, text: str) -> Reply:
    """A core without a wallet (tests, `kasuan ask` before the store): say where wallets live."""
    return Reply("wallet_use_chat", ctx.lang)


def plugin_elsewhere(ctx: Context, args: str) -> Reply:
    """A wallet command in a core without the wallet (`kasuan ask /wallet`): where wallets live."""
    return Reply("wallet_use_chat", ctx.lang)


INTENTS: dict[str, IntentHandler] = {
    # "一万网络 8卡A100 和 gpuli 8卡A100 哪家便宜": which provider rents the setup cheaper leads the answer
    "size": lambda ctx, parsed, text: unrated_sized(ctx, parsed, providers_first(ctx, parsed, size_intent(ctx, parsed, text))),
    "cost": cost_intent,
    "price": lambda ctx, parsed, text: providers_first(ctx, parsed, price_intent(ctx, parsed, text)),
    "inference": inference_intent,
    "checkpoint": checkpoint_intent,
    "faq": faq_intent,
    "smalltalk": smalltalk_intent,
    "help": help_intent,
    "unknown": unknown_intent,
    "wallet": wallet_elsewhere,
    "compare": lambda ctx, parsed, text: compare_intent(ctx, parsed, text),
    "export": export_intent,
}


def compare_intent(ctx: Context, parsed: Parsed, text: str) -> Reply:
    if parsed.missing:
        return ask_model(ctx, "compare", parsed.request)
    return compare_request(ctx, parsed.request)
