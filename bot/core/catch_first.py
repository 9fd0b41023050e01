""""What's the catch?" asked of a plan: its cost in throughput leads ("72b full ft on 8x H100 with offload,
what's the catch?" → offload costs 20–50% of throughput, then the sizing).

Why here: read as a FAQ question the message got a card's caveats (the MI300X entry), and read as a
sizing its catch stood last among the warnings. The plan's own warnings (engine.fit) already say what it
costs in speed; asked for the catch, they lead."""

from __future__ import annotations

from dataclasses import replace

from bot.core.several import verdict_first
from bot.messages import Reply, Turn
from bot.text.i18n import t
from bot.understand.faq_topics import on_card
from bot.understand.parser import Parsed
from engine.request import TrainingRequest

# the warnings that cost a plan its speed (engine.fit): offload, QLoRA's dequantizing, ZeRO-3 without
# NVLink, several nodes
SLOW = ("warn.offload_slow", "warn.qlora_slow", "warn.zero3_pcie", "warn.multi_node")
# the warnings that cost it the software it can run: an AMD card's ROCm, where some operators need checking
STACK = ("warn.rocm",)


CATCH_CHARS = 60  # characters: "which is cheapest and what's the catch", "最便宜的是哪个，有啥代价"


def as_plan(parsed: Parsed, last: Turn | None = None) -> Parsed:
    """A catch asked of a job stated with its model and method, read as a FAQ question: the job's sizing
    (its catch is the plan's). `parsed` unchanged otherwise, and where the entry found is about the very card
    named ("72B LoRA on MI300X — what's the catch?" stays the MI300X's entry). The cheapest plan and its catch asked
    alone after a sizing or a cost ("which is cheapest and what's the catch", "最便宜的是哪个，有啥代价"): that job's
    plan and its catch ("any caveats?" alone stays the aspect of the subject before: bot.core.aspect_follow)."""
    q = parsed.request
    job = last.data.get("request") if last is not None and last.kind in ("size", "cost") else None
    if parsed.asks.catch and parsed.asks.cheapest and parsed.intent in ("faq", "unknown") and not parsed.parts and not (q.model or q.params_b) \
            and isinstance(job, dict) and (job.get("model") or job.get("params_b")) and parsed.cues.chars <= CATCH_CHARS \
            and not any(on_card(hit, q.gpu or _card(job)) for hit in parsed.faq_answers[:1]):
        # (a job on a card whose own entry answers, "mi300x 的话 有啥坑", "any caveats?" after MI300X: its pitfalls)
        merged = TrainingRequest.model_validate({**job, **q.stated()})
        return replace(parsed, intent="size", request=merged, faq=[], faq_answers=[], faq_confident=False, missing=[],
                       follow_up=True)
    if not parsed.asks.catch or parsed.intent != "faq" or parsed.parts or not ((q.model or q.params_b) and q.method):
        return parsed
    if any(on_card(hit, q.gpu) for hit in parsed.faq_answers[:1]):
        return parsed  # "72B LoRA on MI300X — what's the catch?": the card's own pitfalls (ROCm), its entry answers
    return replace(parsed, intent="size", faq=[], faq_answers=[], faq_confident=False, missing=[], follow_up=False)


def _card(job: dict[str, object]) -> str | None:
    return str(job["gpu"]) if job.get("gpu") else None


def catch_first(reply: Reply, parsed: Parsed) -> Reply:
    """A sizing asked for its catch, led by what the plan costs in throughput or in the software it runs (an AMD
    card's ROCm); `reply` unchanged for any other, for a plan that costs neither (its verdict and notes answer) or one that does not hold the job
    (that it does not fit is the catch, and leads as it is)."""
    view = reply.data.get("v") if isinstance(reply.data, dict) else None
    if not parsed.asks.catch or reply.kind != "sizing" or not isinstance(view, dict):
        return reply
    verdict = view.get("verdict")
    if not isinstance(verdict, dict) or not (verdict.get("fits") or verdict.get("may_fit")):
        return reply
    lang = reply.lang
    notes = [*view.get("lead_notes", []), *view.get("notes", [])]
    lines = [t(key, lang, what=t("plan.catch_join", lang).join(t(n["code"], lang, **n.get("params", {})) for n in found))
             for key, codes in (("plan.catch", SLOW), ("plan.catch_stack", STACK))
             if (found := [n for n in notes if n.get("code") in codes])]
    if not lines:
        return reply
    return verdict_first(reply, Reply("error", lang, {"message": "\n".join(lines)}))
