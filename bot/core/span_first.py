"""A run length or deadline stated before the job ("48h 内要出结果", "we have two days", then "14b qlora"): the span is
kept, and the job named next is sized for it, so "gpuli 还是 cloudgpu 便宜" after it prices the card picked for those
48 h at each provider (CloudGPU 48 h × $0.33 = $15.84 against gpuli's week, ₮109).

Why: said alone the span named no card, model or provider, so it got "that's outside what I do" and was forgotten;
the next message was then sized and priced as if no time had been given."""

from __future__ import annotations

from dataclasses import replace

from bot.core.about_last import duration_of
from bot.core.context import Context
from bot.messages import Reply, Turn
from bot.text.i18n import t
from bot.understand.parser import Parsed


def span_alone(ctx: Context, parsed: Parsed) -> Reply | None:
    """The reply to a message stating only a length (no job, card, provider or money of its own), remembered as a
    span for the job named next; None for any other message."""
    q, r, a = parsed.request, parsed.rental, parsed.asks
    own = duration_of(parsed)
    hours = own.get("days", 0) * 24 + own.get("hours", 0)
    if parsed.intent != "unknown" or not hours or q.model or q.params_b or q.gpu or q.method or r.provider \
            or r.term or a.budget is not None or parsed.cards:
        return None
    said_days = own.get("days") and not own.get("hours")  # "两天" is said in days, "48h" in hours
    span = t("span.days", ctx.lang, n=f"{hours / 24:g}") if said_days else t("span.hours", ctx.lang, n=f"{hours:g}")
    reply = Reply("error", ctx.lang, {"message": t("span.noted", ctx.lang, span=span)})
    reply.turn = Turn("span", {"hours": hours})
    return reply


def job_in_span(parsed: Parsed, last: Turn) -> Parsed:
    """A job named right after a span alone ("48h 内要出结果" then "14b qlora"), with no length of its own: that job
    for that span; anything else as it is."""
    q = parsed.request
    hours = last.data.get("hours")
    if last.kind != "span" or not isinstance(hours, int | float) or not (q.model or q.params_b) or duration_of(parsed) \
            or q.hours or q.days:
        return parsed
    return replace(parsed, request=q.model_copy(update={"hours": float(hours)}))
