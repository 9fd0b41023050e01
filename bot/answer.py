"""From a chat message to a reply: parse, route by intent, run the engine, choose the notes.

This is what `kasuan ask` prints and what every front end sends; it never touches a platform.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.cost_reply import cost_reply
from bot.errors import error_message
from bot.faq import Hit, on_topic
from bot.replies import Reply
from bot.understand.parser import Parsed, parse, parse_cost
from bot.views import sizing_view
from engine.cost import CostReport, compare
from engine.errors import KasuanError
from engine.sizing import Sizing, size

# Which FAQ entry explains each sizing warning: the reply adds the one or two that matter.
WARNING_FAQ = {
    "qlora_slow": "qlora-speed",
    "zero3_pcie": "multi-4090-training",
    "long_context": "oom-seq-length",
    "needs_8bit_optimizer": "eight-bit-optimizer",
    "edge_8bit_optimizer": "eight-bit-optimizer",
    "offload_slow": "optimizer-offload",
    "multi_node": "continued-pretraining",
}
MAX_NOTES = 2


@dataclass
class Answer:
    parsed: Parsed
    reply: Reply
    sizing: Sizing | None = None
    cost: CostReport | None = None


def wants_cost(parsed: Parsed) -> bool:
    """A dataset size or a duration makes a sizing question a time-and-cost question."""
    q, r = parsed.request, parsed.rental
    return bool(q.tokens or q.samples or q.hours or q.days or q.step_seconds or r.duration_days or r.duration_hours)


def faq_item(hit: Hit, lang: str) -> dict[str, object]:
    e = hit.entry
    return {
        "id": e.id,
        "question": e.question.zh if lang == "zh" else e.question.en,
        "answer": e.answer.zh if lang == "zh" else e.answer.en,
        "score": hit.score,
    }


def sizing_notes(s: Sizing, lang: str) -> list[dict[str, object]]:
    """The FAQ answers behind the most important warnings of this sizing (at most two)."""
    from bot.faq import faq_entries

    by_id = {e.id: e for e in faq_entries()}
    notes: list[dict[str, object]] = []
    for w in s.warnings:
        entry = by_id.get(WARNING_FAQ.get(w.code, ""))
        if entry and entry.id not in [n["id"] for n in notes]:
            notes.append(faq_item(Hit(entry, 1.0), lang))
        if len(notes) == MAX_NOTES:
            break
    return notes


def sizing_reply(s: Sizing, lang: str, explain: bool = False, limit: int | None = 6) -> Reply:
    """The sizing reply: breakdown, fit, best cards, warnings and the FAQ notes behind them."""
    data = {"v": sizing_view(s, limit), "explain": explain, "max_warnings": 3, "notes": sizing_notes(s, lang)}
    return Reply("sizing", lang, data)


def answer(text: str, lang: str | None = None) -> Answer:
    """The reply the bot gives to `text` (errors a user can cause become an error reply)."""
    parsed = parse(text)
    lang = lang or parsed.lang
    if parsed.intent == "help":
        return Answer(parsed, Reply("help", lang))
    if parsed.intent == "size":
        if parsed.missing:
            return Answer(parsed, Reply("missing", lang, {"missing": parsed.missing}))
        try:
            s = size(parsed.request)
            if wants_cost(parsed):
                report = compare(parse_cost(text))
                return Answer(parsed, cost_reply(report, lang), s, report)
        except KasuanError as exc:
            return Answer(parsed, Reply("error", lang, {"message": error_message(exc, lang)}))
        return Answer(parsed, sizing_reply(s, lang), s)
    if parsed.intent == "faq" and parsed.faq_confident:
        return Answer(parsed, Reply("faq", lang, {"item": faq_item(parsed.faq[0], lang)}))
    if parsed.intent == "wallet":
        return Answer(parsed, Reply("wallet_use_chat", lang))  # `ask` never writes to a wallet
    closest = [faq_item(h, lang) for h in parsed.faq[:2] if h.score > 0] if on_topic(text) else []
    return Answer(parsed, Reply("unknown", lang, {"closest": closest}))
