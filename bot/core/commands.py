"""One handler per slash command: each takes the message and its arguments and returns a Reply
(data). Which commands exist, their help group, options and who sees the reply is said once, in
bot.core.registry; the docstring of each handler says what the user sees."""

from __future__ import annotations

from typing import Any

from bot.core.answers import compare_request, cost_request, export_request, size_request
from bot.core.context import Context, ask_model, cost_fields
from bot.core.faq import closest_reply, faq_item
from bot.core.settings import KEYS
from bot.messages import Reply
from bot.understand.faq import faq_entries, on_topic, provider_of
from bot.understand.faq import lookup as faq_lookup
from bot.understand.parser import parse
from bot.views.export import asks_fsdp
from bot.views.gpus import gpus_reply
from engine.architecture import count_params
from engine.catalog import models
from engine.errors import InvalidRequest
from engine.providers import currencies, providers
from engine.request import TrainingRequest


def help_(ctx: Context, args: str) -> Reply:
    """What KaSuan does, two example questions and every command the core knows, grouped as the
    registry groups them."""
    from bot.core.registry import COMMANDS, help_groups  # the registry names this handler: read it late

    known = ctx.commands or tuple(cmd.name for cmd in COMMANDS)
    return Reply("help", ctx.lang, {"groups": help_groups(known)})


def export_(ctx: Context, args: str) -> Reply:
    """/export TEXT: LLaMA-Factory YAML, DeepSpeed JSON, accelerate FSDP config and launch scripts for
    the sized job, sent as files; each file's header says the model, card, count, memory and price."""
    parsed = parse(args) if args.strip() else None
    if parsed is None or not (parsed.request.model or parsed.request.params_b):
        return ask_model(ctx, "export", parsed.request if parsed else TrainingRequest())
    return export_request(ctx, cost_fields(parsed), fsdp=asks_fsdp(args), precision=parsed.asks.mixed_precision,
                          tools=parsed.asks.tools)  # "/export 14b full 4卡 fp16": the options named, as in free text


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


def gpus_(ctx: Context, args: str) -> Reply:
    """/gpus: the catalog's cards by memory (the full table with list prices one button away)."""
    return gpus_reply(ctx.lang, details=False)


def models_(ctx: Context, args: str) -> Reply:
    """/models: the catalog's models by family with their parameter counts."""
    families: dict[str, list[dict[str, Any]]] = {}
    for m in models().entries:
        c = count_params(m)
        families.setdefault(m.family, []).append({"name": m.name, "params": c.total, "active": c.active if m.moe else None})
    return Reply("models", ctx.lang, {"families": families})


FAQ_LISTED = 12  # questions a bare /faq lists


def faq_(ctx: Context, args: str) -> Reply:
    """/faq QUESTION: the answer, or "not sure" with the two closest questions; bare /faq lists them."""
    if not args.strip():
        items = [e.question.zh if ctx.lang == "zh" else e.question.en for e in faq_entries()]
        # a reply stays a phone screen: the first questions, and how to reach the rest (any wording finds them)
        return Reply("faq_list", ctx.lang, {"questions": items[:FAQ_LISTED], "more": max(len(items) - FAQ_LISTED, 0)})
    hit, hits = faq_lookup(args)
    if hit is not None:
        return Reply("faq", ctx.lang, {"items": [faq_item(hit, ctx.lang, provider_of(args))]})
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
