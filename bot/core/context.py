"""What every chat handler is given (`Context`: the message, its settings, the commands the core
knows) and the few steps they all share: asking back for a missing model, and filling a request
with what the chat's settings say."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.core.settings import Effective, SettingsStore
from bot.messages import Awaiting, Button, Incoming, Reply
from bot.understand.parser import Parsed
from engine.catalog import models
from engine.request import TrainingRequest

DEFAULT_DISPLAY = "USD"
# Offered when a question names no model: the sizes teams fine-tune most (seed 000's size classes).
MODEL_CHOICES = ("qwen3-8b", "qwen3-14b", "qwen3-32b", "qwen2.5-72b")


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


def with_chat_settings(req: TrainingRequest, ctx: Context) -> TrainingRequest:
    """Fill what the chat's settings say (the default provider) without overriding the message."""
    if ctx.settings.provider and not req.provider:
        return req.model_copy(update={"provider": ctx.settings.provider})
    return req


def ask_model(ctx: Context, kind: str, req: TrainingRequest) -> Reply:
    """"Which model?", keeping the question: the answer (typed or pressed) completes it."""
    choices = [Button("btn.model", f"a|model={m}", {"name": models().get(m).name}) for m in MODEL_CHOICES
               if models().find(m) is not None]
    obj = req.objective if req.objective not in (None, "sft") else None
    note = f"objective.{obj}.{'adapter' if req.method in ('lora', 'qlora') else 'full'}" if obj else None
    if note is None and kind == "export":  # "用哪个框架你们支持", "llamafactory" alone: what exports, and why the model is asked
        note = "export.tools_note"
    reply = Reply("missing", ctx.lang, {"missing": ["model"], "note": note}, choices)
    reply.awaiting = Awaiting(kind, "model", {"request": req.stated()})
    return reply


def cost_fields(parsed: Parsed) -> TrainingRequest:
    """The request with the provider, rental length and display currency the message names."""
    r, q = parsed.rental, parsed.request
    found = {"provider": r.provider, "days": r.duration_days, "hours": r.duration_hours,
             "currency": parsed.price.display_currency}
    extra = {k: v for k, v in found.items() if v is not None and getattr(q, k) is None}
    return q.model_copy(update=extra) if extra else q
