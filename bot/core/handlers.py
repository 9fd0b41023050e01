"""One handler per command: each takes the message and its settings and returns a Reply (data).

Handlers never call a platform and never word a sentence: wording lives in the templates and
catalogs/strings*.yaml. The docstring of each says what the user sees.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import timedelta
from typing import Any

from bot.charts.figures import attach_chart
from bot.core import buttons
from bot.core.settings import KEYS, Effective, SettingsStore
from bot.messages import Awaiting, Button, Incoming, Reply, Turn
from bot.text.names import short_gpu
from bot.understand.cards import UnknownCard
from bot.understand.faq import Hit, faq_entries, on_topic
from bot.understand.faq import lookup as faq_lookup
from bot.understand.parser import HOWTO, Parsed, parse
from bot.understand.wallet_intent import WalletAction
from bot.views.checkpoint import checkpoint_reply
from bot.views.cost import cost_reply
from bot.views.export import asks_fsdp, export_reply
from bot.views.inference import inference_reply
from bot.views.price import add_on_reply, hours_reply, price_reply, provider_price_list, runway_reply
from bot.views.sizing import sizing_details_reply
from bot.views.summary import sizing_summary
from engine.architecture import count_params
from engine.catalog import gpus, models
from engine.cost import compare as compare_cost
from engine.errors import InvalidRequest, KasuanError
from engine.fit import Fit
from engine.money import Money
from engine.price_list import setup_prices
from engine.providers import currencies, providers
from engine.request import TrainingRequest
from engine.sizing import Sizing, size

SEQ_STEPS = (2048, 4096, 8192, 32768)
DEFAULT_DISPLAY = "USD"
# Offered when a question names no model: the sizes teams fine-tune most (seed 000's size classes).
MODEL_CHOICES = ("qwen3-8b", "qwen3-14b", "qwen3-32b", "qwen2.5-72b")
# /help groups (every registered command appears in one of them, or under "other").
HELP_GROUPS = (
    ("sizing", ("size", "cost", "compare", "gpus", "models")),
    ("faq", ("faq",)),
    ("wallet", ("wallet", "topup", "rent", "stop", "renew", "rentals", "history", "budget", "alerts")),
    ("settings", ("lang", "currency", "provider")),
)


@dataclass
class Context:
    """What a handler may use: the message, its effective settings, the settings store and the
    commands the core knows (for /help)."""

    inc: Incoming
    settings: Effective
    store: SettingsStore
    commands: tuple[str, ...] = ()

    @property
    def lang(self) -> str:
        return self.settings.lang

    @property
    def key(self) -> str:
        """Whose conversation this is: one user in one chat."""
        return f"{self.inc.scope_chat}|{self.inc.user_id}"

    @property
    def display_currency(self) -> str:
        return self.settings.currency or DEFAULT_DISPLAY


Handler = Callable[[Context, str], Reply]
IntentHandler = Callable[[Context, Parsed, str], Reply]


def faq_item(hit: Hit, lang: str) -> dict[str, object]:
    e = hit.entry
    return {
        "id": e.id,
        "question": e.question.zh if lang == "zh" else e.question.en,
        "answer": e.answer.zh if lang == "zh" else e.answer.en,
        "score": hit.score,
    }


def help_(ctx: Context, args: str) -> Reply:
    """What KaSuan does, two example questions and every command, grouped."""
    known = set(ctx.commands) or set(COMMANDS)
    groups = [{"key": key, "commands": [c for c in names if c in known]} for key, names in HELP_GROUPS]
    grouped = {c for g in groups for c in g["commands"]}
    other = sorted(known - grouped - {"start", "help"})
    if other:
        groups.append({"key": "other", "commands": other})
    return Reply("help", ctx.lang, {"groups": [g for g in groups if g["commands"]]})


def sizing_buttons(stated: TrainingRequest, s: Sizing) -> list[Button]:
    """Change one thing and answer again (method, sequence length, card count, card), show the cost,
    or open the details. The payloads carry what the user stated (plus the method used), not the
    defaults, so a press re-asks the same question with one change."""
    q = s.resolved.request
    base = stated.model_copy(update={"method": q.method})
    out: list[Button] = []
    for method in ("full", "lora", "qlora"):
        if method != q.method:
            out.append(Button(f"btn.method.{method}", buttons.encode(base, f"m={buttons.METHOD_CODES[method]}")))
    longer = next((n for n in SEQ_STEPS if n > (q.seq_len or 0) and n <= s.resolved.spec.max_context), None)
    if longer:
        out.append(Button("btn.seq", buttons.encode(base, f"s={longer}"), {"k": longer // 1024}))
    n = q.num_gpus or 1
    target = 8 if n < 8 else n * 2
    out.append(Button("btn.count", buttons.encode(base, f"n={target}"), {"n": target}))
    out.append(Button("btn.cost", buttons.encode(base, "cost")))
    out.append(Button("btn.details", buttons.encode(base, "d")))
    out.append(Button("btn.export", buttons.encode(base, buttons.EXPORT)))
    return out


def _stated(req: TrainingRequest, ctx: Context) -> TrainingRequest:
    """Fill what the chat's settings say (the default provider) without overriding the message."""
    if ctx.settings.provider and not req.provider:
        return req.model_copy(update={"provider": ctx.settings.provider})
    return req


def _card_stand_in(req: TrainingRequest, card: UnknownCard | None) -> TrainingRequest:
    """A card the catalog lacks but whose memory the user gave ("4080 16G"): size against the
    catalog card with the same memory (the smallest at least as large), and say so."""
    if card is None or card.memory_gb is None or req.gpu:
        return req
    same = sorted((g for g in gpus().entries if g.memory_gb >= card.memory_gb), key=lambda g: (g.memory_gb, g.id))
    return req.model_copy(update={"gpu": same[0].id}) if same else req


def size_request(ctx: Context, req: TrainingRequest, *, details: bool = False, card: UnknownCard | None = None,
                 family: str | None = None, roomy: bool = False, display: str | None = None) -> Reply:
    """The sizing answer: the verdict, its price, alternatives and notes (the details on request);
    prices in `display` when the message asked for a currency, else the chat's."""
    stated = _card_stand_in(_stated(req, ctx), card)
    s = size(stated)
    if details:
        reply = sizing_details_reply(s, ctx.lang)
    else:
        summary = sizing_summary(s, display or ctx.display_currency, card, req, roomy, asked_currency=display is not None)
        reply = Reply("sizing", ctx.lang, {"v": summary | {"family": family}}, source=s)
    reply.buttons = sizing_buttons(stated, s)
    reply.turn = Turn("size", {"request": req.stated()})
    return attach_chart(reply, s)


def cost_request(ctx: Context, req: TrainingRequest, *, details: bool = False, family: str | None = None) -> Reply:
    """The time-and-cost answer for `req`, in the chat's comparison currency and default provider."""
    update: dict[str, object] = {}
    if ctx.settings.currency and not req.currency:
        update["currency"] = ctx.settings.currency
    if ctx.settings.provider and not req.provider:
        update["provider"] = ctx.settings.provider
    report = compare_cost(req.model_copy(update=update) if update else req)
    reply = cost_reply(report, ctx.lang, details=details)
    reply.data["v"]["family"] = family
    reply.source = report
    reply.turn = Turn("cost", {"request": req.stated()})
    if not details:
        reply.buttons = [Button("btn.details", "d|"), Button("btn.export", buttons.encode(req, buttons.EXPORT))]
    return attach_chart(reply, report)


def export_request(ctx: Context, req: TrainingRequest, fsdp: bool = False) -> Reply:
    """The ready-to-run training files for the setup `req` sizes to, as attachments, with the price of
    that setup in the header when a provider rents it."""
    stated = _stated(req, ctx)
    try:
        report = compare_cost(stated)
    except KasuanError:
        report = None  # a job that cannot be priced (a card no provider rents) still gets its files
    return export_reply(report.sizing if report is not None else size(stated), ctx.lang, report, fsdp=fsdp)


def export_intent(ctx: Context, parsed: Parsed, text: str) -> Reply:
    """"导出 deepspeed 配置" with a model, or after an answer: the files of that job; else which model?"""
    if not (parsed.request.model or parsed.request.params_b):
        return ask_model(ctx, "export", parsed.request)
    return export_request(ctx, cost_fields(parsed))


def export_(ctx: Context, args: str) -> Reply:
    """/export TEXT: LLaMA-Factory YAML, DeepSpeed JSON, accelerate FSDP config and launch scripts for
    the sized job, sent as files; each file's header says the model, card, count, memory and price."""
    parsed = parse(args) if args.strip() else None
    if parsed is None or not (parsed.request.model or parsed.request.params_b):
        return ask_model(ctx, "export", parsed.request if parsed else TrainingRequest())
    return export_request(ctx, cost_fields(parsed), fsdp=asks_fsdp(args))


def ask_model(ctx: Context, kind: str, req: TrainingRequest) -> Reply:
    """"Which model?", keeping the question: the answer (typed or pressed) completes it."""
    choices = [Button("btn.model", f"a|model={m}", {"name": models().get(m).name}) for m in MODEL_CHOICES
               if models().find(m) is not None]
    obj = req.objective if req.objective not in (None, "sft") else None
    note = f"objective.{obj}.{'adapter' if req.method in ('lora', 'qlora') else 'full'}" if obj else None
    reply = Reply("missing", ctx.lang, {"missing": ["model"], "note": note}, choices)
    reply.awaiting = Awaiting(kind, "model", {"request": req.stated()})
    return reply


def objective_info(ctx: Context, req: TrainingRequest) -> Reply:
    """"DPO 的参考模型要不要单独算": what KaSuan counts for that objective, with full fine-tuning and
    with adapters, and how to get a sizing — an answer, not a question back."""
    obj = req.objective or "dpo"
    return Reply("objective_info", ctx.lang, {"objective": obj,
                                              "notes": [f"objective.{obj}.full", f"objective.{obj}.adapter"]})


def answer_turn(ctx: Context, awaiting: Awaiting, value: str) -> Reply:
    """Finish a sizing/cost question that lacked its model, or re-render the last answer in full."""
    data = awaiting.data
    req = TrainingRequest.model_validate(data.get("request", {}))
    if awaiting.slot == "model":
        update: dict[str, object] = {"params_b": float(value[1:])} if value.startswith("P") else {"model": value}
        req = req.model_copy(update=update)
    details = awaiting.slot == "details"
    if awaiting.kind == "cost":
        return cost_request(ctx, req, details=details)
    if awaiting.kind == "price":
        return _price_turn(ctx, data, details)
    if awaiting.kind == "compare":
        return compare_request(ctx, req)
    if awaiting.kind == "export":
        return export_request(ctx, req)
    if awaiting.kind == "inference":
        return inference_reply(req, ctx.lang, data.get("concurrency"), data.get("precision"), details=details)
    return size_request(ctx, req, details=details)


FOLLOW_UP_INTENTS = ("size", "cost", "unknown", "faq", "price", "export")
MODIFIERS = ("method", "gpu", "num_gpus", "seq_len", "micro_batch", "zero", "offload", "optimizer", "lora_rank",
             "objective", "grad_checkpointing", "attention", "tokens", "samples", "epochs", "provider")
SHORT_FOLLOW_UP = 24  # characters: "on a 4090", "换成8卡呢", "seq 8k?" — a change, not a new question


def merge_follow_up(parsed: Parsed, last: Turn | None, text: str = "") -> Parsed:
    """A message that changes one thing of the previous question ("那换成qlora呢", "on a 4090",
    "那租一个月多少钱", "那 8 张呢") is that question with the change; anything that names its own
    model, or is a new kind of request (a wallet action, small talk, a strong FAQ match), stands alone."""
    if last is not None and last.kind == "rent":
        return _rent_follow_up(parsed, last, text)
    if last is None or last.kind not in ("size", "cost", "price", "checkpoint") or parsed.intent not in FOLLOW_UP_INTENTS:
        return parsed
    if parsed.request.model or parsed.request.params_b or parsed.parts:
        return parsed
    about = _about_last(parsed, last, text)
    if about is not None:
        return about
    if parsed.intent == "faq" and parsed.faq_confident and not parsed.follow_up and len(text.strip()) > ONE_WORD:
        return parsed  # "gpuli 的部署服务怎么样" after a sizing: a question of its own, answered by the FAQ
    stated = {k: v for k, v in parsed.request.stated().items() if k in MODIFIERS}
    if last.kind == "price" and (parsed.price.nodes or parsed.price.infiniband or parsed.price.add_ons):
        stated["price_extras"] = True  # a change of nodes, InfiniBand or storage is a change too
    duration = {k: v for k, v in (("days", parsed.rental.duration_days), ("hours", parsed.rental.duration_hours))
                if v is not None}
    if parsed.rental.provider and "provider" not in stated:
        stated["provider"] = parsed.rental.provider
    if not stated and not duration:
        return parsed
    short = len(text.strip()) <= SHORT_FOLLOW_UP
    if not (parsed.follow_up or short or parsed.missing) or (parsed.intent == "faq" and not (parsed.follow_up or short)):
        return parsed
    if parsed.intent == "price" and not parsed.follow_up:
        return parsed  # "H100 多少钱" after a sizing is its own price question
    if HOWTO.search(text.lower()) and not parsed.follow_up:
        return parsed  # "DPO 的参考模型要不要单独算" is a question of its own, not a change
    if last.kind == "price":
        data = dict(last.data)
        if "gpu" in stated:
            data["gpu"] = stated["gpu"]
        if "num_gpus" in stated:
            data["num_gpus"] = stated["num_gpus"]
        extras = parsed.price
        if extras.nodes:  # "两台的话": that many nodes of the previous box
            data["num_gpus"] = extras.nodes * int(data.get("num_gpus") or 8)
        if extras.infiniband is not None:
            data["infiniband"] = extras.infiniband
        if extras.add_ons:
            data["add_ons"] = {**(data.get("add_ons") or {}), **extras.add_ons}
        if duration:
            data["hours"] = duration.get("days", 0) * 24 + duration.get("hours", 0)
        return replace(parsed, intent="price", follow_up=True, missing=[], follow=data)
    base = dict(last.data.get("request", {}))
    if stated.get("method") in ("full", "pretrain"):
        base.pop("lora_rank", None)
    if "gpu" in stated or "num_gpus" in stated:
        base.pop("zero", None)
    merged = TrainingRequest.model_validate({**base, **stated, **duration})
    wants_cost = last.kind == "cost" or parsed.intent == "cost" or bool(duration) or parsed.intent == "price"
    if last.kind == "checkpoint" and not wants_cost:
        return replace(parsed, request=merged, intent="checkpoint", missing=[], follow_up=True)
    return replace(parsed, request=merged, intent="cost" if wants_cost else "size", missing=[], follow_up=True)


ABOUT_LAST = 40  # characters: "人民币多少", "看费用", "要几张", "周五前能训完吗", "预算 5000 够吗"
ONE_WORD = 10  # "gpuli", "on h100": a bare change, not a question of its own
STANDS_ALONE = 0.8  # a FAQ match this sure is a new question even when short


def _about_last(parsed: Parsed, last: Turn, text: str) -> Parsed | None:
    """A short message asking something of the last answer: its price in another currency, its
    cost, its card count, a deadline or a budget for it, its config files. It is answered against
    the last question (with any change it states); None when it asks none of these."""
    if len(text.strip()) > ABOUT_LAST or parsed.intent in ("wallet", "help", "smalltalk"):
        return None
    asks, currency = parsed.asks, parsed.price.display_currency
    bare = len(text.strip()) <= ONE_WORD + 2  # "人民币多少", "cost?", "in CNY": nothing but the ask
    strong = parsed.faq_confident and parsed.faq_answers and parsed.faq_answers[0].score >= STANDS_ALONE
    if strong and not bare and not asks.export and not parsed.follow_up:
        return None
    if parsed.intent == "price" and parsed.request.gpu and last.kind != "price":
        return None  # "H100 多少钱": a price question with its card stands alone
    if last.kind == "price":
        if currency is None:
            return None
        data = {**last.data, "display": currency, "asked_currency": True}
        return replace(parsed, intent="price", follow=data, follow_up=True, missing=[])
    stated = {k: v for k, v in parsed.request.stated().items() if k in MODIFIERS}
    duration = {k: v for k, v in (("days", parsed.rental.duration_days), ("hours", parsed.rental.duration_hours))
                if v is not None and not asks.deadline}
    base = dict(last.data.get("request", {}))
    merged = TrainingRequest.model_validate({**base, **stated, **duration})
    if asks.export:
        intent = "export"
    elif asks.budget or asks.deadline or asks.cost:
        intent = "cost"
    elif asks.count or asks.how_many_gpu or currency:
        intent = "cost" if last.kind == "cost" else "size"
    else:
        return None
    return replace(parsed, request=merged, intent=intent, missing=[], follow_up=True)


def _rent_follow_up(parsed: Parsed, last: Turn, text: str) -> Parsed:
    """After a rental confirmation, "一周，gpuli" / "make it 2 cards" re-quotes that rental with
    the change (a new confirmation replaces the old one; nothing is written before Confirm)."""
    r = parsed.rental
    if parsed.intent in ("wallet", "size", "cost", "inference", "help", "smalltalk") or len(text.strip()) > SHORT_FOLLOW_UP:
        return parsed
    if not (r.provider or r.duration_days or r.duration_hours or r.num_gpus):
        return parsed
    d = last.data
    hours = (r.duration_days or 0) * 24 + (r.duration_hours or 0) or d.get("hours")
    days, rest = (None, hours) if hours else (None, None)
    rental = replace(r, gpu=str(d["gpu"]), num_gpus=r.num_gpus or d.get("num_gpus"), provider=r.provider or d.get("provider"),
                     duration_days=days, duration_hours=rest)
    return replace(parsed, intent="wallet", wallet=WalletAction("rent"), rental=rental, follow_up=True)


# ---------------------------------------------------------------- free-text intents


def size_intent(ctx: Context, parsed: Parsed, text: str) -> Reply:
    if parsed.missing and parsed.request.objective not in (None, "sft") and HOWTO.search(text.lower()):
        return objective_info(ctx, parsed.request)
    if parsed.missing:
        return ask_model(ctx, "size", parsed.request)
    if parsed.versus:
        return versus_request(ctx, parsed.request, parsed.versus)
    return size_request(ctx, parsed.request, card=parsed.unknown_card, family=parsed.family,
                        roomy=parsed.asks.headroom, display=parsed.price.display_currency)


def versus_request(ctx: Context, req: TrainingRequest, cards: list[tuple[str, int | None]]) -> Reply:
    """"8x A100 vs 8x H100 for 32B full": the same job on each card named, verdict and price side
    by side (each at its own stated count, else the count the question gave)."""
    rows = []
    for gpu, count in cards[:3]:
        s = size(req.model_copy(update={"gpu": gpu, "num_gpus": count or req.num_gpus, "zero": req.zero}))
        rows.append(sizing_summary(s, ctx.display_currency))
    reply = Reply("sizing_versus", ctx.lang, {"rows": rows})
    reply.turn = Turn("size", {"request": req.stated()})
    return reply


def cost_intent(ctx: Context, parsed: Parsed, text: str) -> Reply:
    if parsed.missing:
        return ask_model(ctx, "cost", cost_fields(parsed))
    return cost_request(ctx, cost_fields(parsed), family=parsed.family)


def cost_fields(parsed: Parsed) -> TrainingRequest:
    """The request with the provider, rental length and display currency the message names."""
    r, q = parsed.rental, parsed.request
    found = {"provider": r.provider, "days": r.duration_days, "hours": r.duration_hours,
             "currency": parsed.price.display_currency}
    extra = {k: v for k, v in found.items() if v is not None and getattr(q, k) is None}
    return q.model_copy(update=extra) if extra else q


ANNUAL_DAYS = 365


def price_intent(ctx: Context, parsed: Parsed, text: str) -> Reply:
    """"两张A100 80G 租一个月要多少", "H100 周租", "4090 多少钱": the setup at every provider."""
    if parsed.follow is not None:
        return _price_turn(ctx, parsed.follow, details=False)
    q, r, extras = parsed.request, parsed.rental, parsed.price
    if not q.gpu and extras.add_ons:
        return add_on_reply(extras.add_ons, r.duration_days, r.duration_hours, ctx.lang)
    if not q.gpu and r.provider:
        return provider_price_list(r.provider, ctx.lang)
    if not q.gpu:
        card = parsed.unknown_card
        return Reply("unknown_card", ctx.lang, {"name": card.name if card else "?",
                                               "cards": [short_gpu(g.name) for g in gpus().entries][:12]})
    count = q.num_gpus or (extras.nodes * 8 if extras.nodes else None)
    days, hours = r.duration_days, r.duration_hours or q.hours
    asks = parsed.asks
    if asks.both_units:
        days = hours = None  # "weekly and monthly price": the listing, not one rental
    several = list(asks.hours)
    if len(several) >= 2:
        return hours_reply(variants(q.gpu, asks.form_factor), count, several, ctx.lang,
                           extras.display_currency or ctx.display_currency)
    if days is None and hours is None and extras.annual:
        days = ANNUAL_DAYS
    data = {"gpu": variants(q.gpu, asks.form_factor), "num_gpus": count, "hours": (days or 0) * 24 + (hours or 0) or None,
            "add_ons": extras.add_ons, "infiniband": extras.infiniband, "repeat": extras.repeat_purchase,
            "display": extras.display_currency or ctx.display_currency, "first": r.provider,
            "asked_currency": extras.display_currency is not None}
    reply = _price_turn(ctx, data, details=False)
    if asks.runway and asks.budget is not None:  # "¥3000 够租多久": the money divided into each price
        amount, cur = asks.budget
        runway = runway_reply(variants(q.gpu, asks.form_factor), count, Money(amount, cur or ctx.display_currency),
                              ctx.lang, r.provider)
        if runway is not None:  # the answer to "how long" leads; the price list it rests on follows
            runway.also = [reply, *reply.also]
            reply.also = []
            runway.turn, runway.buttons = reply.turn, reply.buttons
            return runway
    return reply


def variants(gpu: str, form_named: bool) -> list[str]:
    """The card and its other form factors with the same memory (A100 80GB SXM and PCIe) when the
    question named none: each provider is then quoted for the one it rents."""
    if form_named:
        return [gpu]
    spec = gpus().get(gpu)
    stem = gpu.rsplit("-", 1)[0]
    if not any(ch.isdigit() for ch in stem):
        return [gpu]
    same = [g.id for g in gpus().entries if g.id != gpu and g.id.rsplit("-", 1)[0] == stem and g.memory_gb == spec.memory_gb]
    return [gpu, *same]


def _price_turn(ctx: Context, data: dict[str, Any], details: bool) -> Reply:
    hours = data.get("hours")
    count = data.get("num_gpus")
    if count and not any(setup_prices(data["gpu"], int(count), None).offered):
        data = {**data, "num_gpus": None, "unsold_count": count}  # nobody rents that count: list the boxes
        count = None
    reply = price_reply(data["gpu"], int(count) if count else None, timedelta(hours=float(hours)) if hours else None,
                        ctx.lang, display=str(data.get("display") or ctx.display_currency),
                        add_ons=data.get("add_ons") or None, infiniband=data.get("infiniband"),
                        repeat_purchase=bool(data.get("repeat")), first=data.get("first"),
                        asked_currency=bool(data.get("asked_currency")))
    reply.data["unsold_count"] = data.get("unsold_count")
    reply.turn = Turn("price", data)
    return reply


def inference_intent(ctx: Context, parsed: Parsed, text: str) -> Reply:
    if parsed.missing:
        return ask_model(ctx, "inference", parsed.request)
    inf = parsed.inference
    reply = inference_reply(parsed.request, ctx.lang, inf.concurrency, inf.precision)
    reply.turn = Turn("inference", {"request": parsed.request.stated(), "concurrency": inf.concurrency,
                                    "precision": inf.precision})
    return reply


def checkpoint_intent(ctx: Context, parsed: Parsed, text: str) -> Reply:
    """A checkpoint's size for the job named, the disk to keep for it and where to write it."""
    reply = checkpoint_reply(parsed.request, ctx.lang)
    reply.turn = Turn("checkpoint", {"request": parsed.request.stated()})
    return reply


def faq_intent(ctx: Context, parsed: Parsed, text: str) -> Reply:
    """The FAQ answer; a message asking two things ("NVLink? and can 4090s train together?") gets
    the answer to each, when each is answered with confidence."""
    hits = parsed.faq_answers or parsed.faq[:1]
    return Reply("faq", ctx.lang, {"items": [faq_item(h, ctx.lang) for h in hits[:2]]})


def smalltalk_intent(ctx: Context, parsed: Parsed, text: str) -> Reply:
    return Reply("smalltalk", ctx.lang, {"talk": parsed.talk or "greeting"})


def help_intent(ctx: Context, parsed: Parsed, text: str) -> Reply:
    return help_(ctx, "")


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


def wallet_elsewhere(ctx: Context, parsed: Parsed, text: str) -> Reply:
    """A core without a wallet (tests, `kasuan ask` before the store): say where wallets live."""
    return Reply("wallet_use_chat", ctx.lang)


INTENTS: dict[str, IntentHandler] = {
    "size": size_intent,
    "cost": cost_intent,
    "price": price_intent,
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


# ---------------------------------------------------------------- commands


def size_(ctx: Context, args: str) -> Reply:
    """/size TEXT: memory per card, what fits, the notes that matter, with buttons to vary it."""
    parsed = parse(args) if args.strip() else None
    if parsed is None or not (parsed.request.model or parsed.request.params_b):
        return ask_model(ctx, "size", parsed.request if parsed else TrainingRequest())
    return size_request(ctx, parsed.request, card=parsed.unknown_card)


def cost_(ctx: Context, args: str) -> Reply:
    """/cost TEXT: how long the job takes and what it costs at every provider, cheapest first."""
    parsed = parse(args) if args.strip() else None
    if parsed is None or not (parsed.request.model or parsed.request.params_b):
        return ask_model(ctx, "cost", cost_fields(parsed) if parsed else TrainingRequest())
    return cost_request(ctx, cost_fields(parsed))


def compare_(ctx: Context, args: str) -> Reply:
    """/compare TEXT: the same job as full, LoRA and QLoRA side by side (or at 1/2/4/8 cards when
    the message names a method and a card)."""
    parsed = parse(args) if args.strip() else None
    if parsed is None or not (parsed.request.model or parsed.request.params_b):
        return ask_model(ctx, "compare", parsed.request if parsed else TrainingRequest())
    return compare_request(ctx, parsed.request)


def compare_intent(ctx: Context, parsed: Parsed, text: str) -> Reply:
    if parsed.missing:
        return ask_model(ctx, "compare", parsed.request)
    return compare_request(ctx, parsed.request)


def compare_request(ctx: Context, q: TrainingRequest) -> Reply:
    """Full / LoRA / QLoRA side by side, or 1/2/4/8 cards of the named card for the named method."""
    rows: list[dict[str, Any]] = []
    if q.method and q.gpu and not q.num_gpus:
        axis = "cards"
        variants = [q.model_copy(update={"num_gpus": n}) for n in (1, 2, 4, 8)]
    else:
        axis = "method"
        variants = [q.model_copy(update={"method": m}) for m in ("full", "lora", "qlora")]
    for variant in variants:
        s = size(variant)
        best = _best(s)
        rows.append({
            "method": s.request.method,
            "num_gpus": s.estimate.plan.num_gpus,
            "zero": s.estimate.plan.zero,
            "total_gb": s.estimate.total_gb,
            "fits": s.fit.fits if s.fit else None,
            "tight": s.fit.tight if s.fit else None,
            "best": short_gpu(best.gpu.name) if best else None,
            "best_n": best.num_gpus if best else None,
        })
    first = size(variants[0])
    return Reply("compare", ctx.lang, {"axis": axis, "rows_data": rows, "model": first.resolved.spec.name,
                                       "gpu": short_gpu(first.fit.gpu.name) if first.fit else None,
                                       "seq": first.request.seq_len})


def _best(s: Sizing) -> Fit | None:
    return next((f for f in s.recommendations if f.fits and not f.tight), None) or next(
        (f for f in s.recommendations if f.fits), None)


def gpus_(ctx: Context, args: str) -> Reply:
    """/gpus: every catalog card with its memory, BF16 compute and the list prices each provider gives."""
    rows = []
    for g in gpus().entries:
        prices = []
        for p in providers().entries:
            for offer in p.offers_for(g.id):
                if offer.count != 1:
                    continue
                for key in ("hour", "week", "month"):
                    price = offer.prices.get(key)
                    if price is not None:
                        prices.append({"provider": p.id, "period": key, "low": price.low, "high": price.high,
                                       "currency": p.currency, "estimate": price.status == "estimate"})
                        break
        rows.append({"name": short_gpu(g.name), "memory_gb": g.memory_gb, "tflops": g.bf16_tflops,
                     "interconnect": g.interconnect, "prices": prices})
    return Reply("gpus", ctx.lang, {"rows_data": rows})


def models_(ctx: Context, args: str) -> Reply:
    """/models: the catalog's models by family with their parameter counts."""
    families: dict[str, list[dict[str, Any]]] = {}
    for m in models().entries:
        c = count_params(m)
        families.setdefault(m.family, []).append({"name": m.name, "params": c.total, "active": c.active if m.moe else None})
    return Reply("models", ctx.lang, {"families": families})


def faq_(ctx: Context, args: str) -> Reply:
    """/faq QUESTION: the answer, or "not sure" with the two closest questions; bare /faq lists them."""
    if not args.strip():
        items = [e.question.zh if ctx.lang == "zh" else e.question.en for e in faq_entries()]
        return Reply("faq_list", ctx.lang, {"questions": items})
    hit, hits = faq_lookup(args)
    if hit is not None:
        return Reply("faq", ctx.lang, {"items": [faq_item(hit, ctx.lang)]})
    return closest_reply(ctx, [h for h in hits[:2] if h.score > 0] if on_topic(args) else [])


def _setting(ctx: Context, key: str, value: str | None, allowed: list[str]) -> Reply:
    if key not in KEYS:
        raise InvalidRequest(key, "not a setting")
    if value is None:
        current = ctx.store.get(ctx.inc.scope_user).get(key)
        return Reply("setting", ctx.lang, {"key": key, "value": current, "allowed": allowed, "changed": False})
    if value not in allowed:
        raise InvalidRequest(key, f"choose one of {', '.join(allowed)}", value=value, allowed=allowed)
    stored = "" if value == "auto" else value
    ctx.store.set(ctx.inc.scope_user, key, stored)
    lang = value if key == "lang" and value in ("zh", "en") else ctx.lang
    return Reply("setting", lang, {"key": key, "value": stored or None, "allowed": allowed, "changed": True})


def lang_(ctx: Context, args: str) -> Reply:
    """/lang zh|en|auto: the reply language for this user."""
    return _setting(ctx, "lang", args.strip().lower() or None, ["zh", "en", "auto"])


def currency_(ctx: Context, args: str) -> Reply:
    """/currency USD|CNY|USDT|auto: the currency prices are compared in (each keeps its own too)."""
    allowed = [c.id for c in currencies().entries] + ["auto"]
    value = args.strip().upper() or None
    return _setting(ctx, "currency", "auto" if value == "AUTO" else value, allowed)


def provider_(ctx: Context, args: str) -> Reply:
    """/provider ID|auto: the provider cost questions default to."""
    allowed = [p.id for p in providers().entries] + ["auto"]
    return _setting(ctx, "provider", args.strip().lower() or None, allowed)


COMMANDS: dict[str, Handler] = {
    "export": export_,
    "start": help_,
    "help": help_,
    "size": size_,
    "cost": cost_,
    "compare": compare_,
    "gpus": gpus_,
    "models": models_,
    "faq": faq_,
    "lang": lang_,
    "currency": currency_,
    "provider": provider_,
}
