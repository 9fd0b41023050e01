"""One handler per command: each takes the message and its settings and returns a Reply (data).

Handlers never call a platform and never word a sentence: wording lives in the templates and
catalogs/strings*.yaml. The docstring of each says what the user sees.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.answer import faq_item, sizing_reply
from bot.charts import attach_chart
from bot.core import buttons
from bot.core.incoming import Incoming
from bot.core.settings import KEYS, Effective, SettingsStore
from bot.cost_reply import cost_reply
from bot.export_reply import export_reply
from bot.faq import answer as faq_answer
from bot.faq import faq_entries, on_topic
from bot.render import short_gpu
from bot.replies import Button, Reply
from bot.understand.parser import parse, parse_cost
from engine.architecture import count_params
from engine.catalog import gpus, models
from engine.cost import compare as compare_cost
from engine.errors import InvalidRequest, KasuanError
from engine.fit import Fit
from engine.providers import currencies, providers
from engine.request import TrainingRequest
from engine.sizing import Sizing, size

SEQ_STEPS = (2048, 4096, 8192, 32768)


@dataclass
class Context:
    """What a handler may use: the message, its effective settings, and the settings store."""

    inc: Incoming
    settings: Effective
    store: SettingsStore

    @property
    def lang(self) -> str:
        return self.settings.lang


Handler = Callable[[Context, str], Reply]


def help_(ctx: Context, args: str) -> Reply:
    """What KaSuan does, four example questions and the command list."""
    return Reply("help", ctx.lang)


def sizing_buttons(stated: TrainingRequest, s: Sizing) -> list[Button]:
    """Change one thing and answer again: method, sequence length, card count, card, or show cost.

    The payloads carry what the user stated (plus the method used), not the defaults, so a press
    re-asks the same question with one change.
    """
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
    roomy = [f for f in s.recommendations if f.fits and not f.tight and f.gpu.id != q.gpu]
    current = s.fit.gpu.memory_gb if s.fit and s.fit.fits and not s.fit.tight else 0.0
    best = next((f for f in roomy if f.gpu.memory_gb >= 1.5 * current), roomy[0] if roomy else None)
    if best is not None:
        out.append(Button("btn.gpu", buttons.encode(base, f"g={best.gpu.id}"), {"gpu": short_gpu(best.gpu.name)}))
    out.append(Button("btn.cost", buttons.encode(base, "cost")))
    out.append(Button("btn.export", buttons.encode(base, buttons.EXPORT)))
    return out


def _stated(req: TrainingRequest, ctx: Context) -> TrainingRequest:
    """Fill what the chat's settings say (the default provider) without overriding the message."""
    if ctx.settings.provider and not req.provider:
        return req.model_copy(update={"provider": ctx.settings.provider})
    return req


def size_request(ctx: Context, req: TrainingRequest, done: Sizing | None = None) -> Reply:
    """The sizing reply with its buttons (`done`: the same request already sized by the parser's pass)."""
    stated = _stated(req, ctx)
    s = done if done is not None and stated == req else size(stated)
    reply = sizing_reply(s, ctx.lang)
    reply.buttons = sizing_buttons(stated, s)
    return attach_chart(reply, s)


def size_(ctx: Context, args: str) -> Reply:
    """/size TEXT: memory per card, what fits, the notes that matter, with buttons to vary it."""
    if not args.strip():
        return Reply("missing", ctx.lang, {"missing": ["model"]})
    parsed = parse(args)
    if not (parsed.request.model or parsed.request.params_b):
        return Reply("missing", ctx.lang, {"missing": ["model"]})
    return size_request(ctx, parsed.request)


def cost_request(ctx: Context, req: TrainingRequest) -> Reply:
    """The time-and-cost reply for `req`, in the chat's comparison currency and default provider."""
    update: dict[str, object] = {}
    if ctx.settings.currency and not req.currency:
        update["currency"] = ctx.settings.currency
    if ctx.settings.provider and not req.provider:
        update["provider"] = ctx.settings.provider
    report = compare_cost(req.model_copy(update=update) if update else req)
    reply = cost_reply(report, ctx.lang)
    reply.buttons = [Button("btn.export", buttons.encode(req, buttons.EXPORT))]
    return attach_chart(reply, report)


def cost_(ctx: Context, args: str) -> Reply:
    """/cost TEXT: how long the job takes and what it costs at every provider, cheapest first."""
    if not args.strip():
        return Reply("missing", ctx.lang, {"missing": ["model"]})
    req = parse_cost(args)
    if not (req.model or req.params_b):
        return Reply("missing", ctx.lang, {"missing": ["model"]})
    return cost_request(ctx, req)


def export_request(ctx: Context, req: TrainingRequest) -> Reply:
    """The ready-to-run training files for the setup `req` sizes to, as attachments, with the price of
    that setup in the header when a provider rents it."""
    stated = _stated(req, ctx)
    try:
        report = compare_cost(stated)
    except KasuanError:
        report = None  # a job that cannot be priced (a card no provider rents) still gets its files
    return export_reply(report.sizing if report is not None else size(stated), ctx.lang, report)


def export_(ctx: Context, args: str) -> Reply:
    """/export TEXT: LLaMA-Factory YAML, DeepSpeed JSON, accelerate FSDP config and launch scripts for
    the sized job, sent as files; each file's header says the model, card, count, memory and price."""
    req = parse_cost(args) if args.strip() else TrainingRequest()
    if not (req.model or req.params_b):
        return Reply("missing", ctx.lang, {"missing": ["model"]})
    return export_request(ctx, req)


def compare_(ctx: Context, args: str) -> Reply:
    """/compare TEXT: the same job as full, LoRA and QLoRA side by side (or at 1/2/4/8 cards when
    the message names a method and a card)."""
    parsed = parse(args) if args.strip() else None
    if parsed is None or not (parsed.request.model or parsed.request.params_b):
        return Reply("missing", ctx.lang, {"missing": ["model"]})
    q = parsed.request
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
    hit, hits = faq_answer(args)
    if hit is not None:
        return Reply("faq", ctx.lang, {"item": faq_item(hit, ctx.lang)})
    closest = [faq_item(h, ctx.lang) for h in hits[:2] if h.score > 0] if on_topic(args) else []
    return Reply("unknown", ctx.lang, {"closest": closest})


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
    "start": help_,
    "help": help_,
    "size": size_,
    "cost": cost_,
    "compare": compare_,
    "export": export_,
    "gpus": gpus_,
    "models": models_,
    "faq": faq_,
    "lang": lang_,
    "currency": currency_,
    "provider": provider_,
}
