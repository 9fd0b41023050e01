"""Two yes/no questions about a sizing that its figures answer, said first.

Why here: "two L40S with plain DDP — does that cut the memory per card?" got the fit on two cards and never said
no (DDP keeps a whole copy of the model on every card, so each card needs what one card does); "IT insists we need
an A100 for 7B LoRA, is that really necessary?" and "7B LoRA fits our L40S, a colleague wants 4-bit QLoRA to be
safe, 有必要吗" got a ✅ on the setup named, not whether it was needed. The answer leads, from the sizing's own
figures: no cut under DDP (a cut under ZeRO, which shards); not necessary when a smaller card (the reference
table's, or our pick) holds the job, or when bf16 LoRA already fits the card (QLoRA then only costs 20–40% speed).
The same for a price: "财务想按最低价 2.5 万报预算，可以吗" of an estimated band is advised against, the band's high
end being the figure to budget (`low_end_first`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from bot.core.several import verdict_first
from bot.messages import Reply
from bot.text.figures import fmt_gb
from bot.text.i18n import t
from bot.text.names import short_gpu
from bot.understand.parser import Parsed
from bot.views.price_band import band_note
from engine.catalog import gpus
from engine.fit import QLORA_SLOW_PCT


def needed_first(reply: Reply, parsed: Parsed, size: Callable[[Parsed], Reply]) -> Reply:
    """`reply` (a sizing) led by the answer to "does that cut the memory per card?" or "is that necessary?";
    `reply` unchanged for any other question or reply."""
    view = reply.data.get("v") if reply.kind == "sizing" and isinstance(reply.data, dict) else None
    verdict = view.get("verdict") if isinstance(view, dict) else None
    if not isinstance(view, dict) or not isinstance(verdict, dict) or parsed.parts:
        return reply
    if parsed.cues.cuts_memory and verdict["num_gpus"] > 1:
        return verdict_first(reply, _cut(verdict, reply.lang))
    if not parsed.cues.necessary or not verdict.get("fits") or verdict.get("tight"):
        return reply
    q = parsed.request
    if q.method == "qlora" and parsed.cues.to_qlora:  # "改成 QLoRA 保险点，有必要吗" (not "qlora on an h100, overkill?")
        return _lora_fits(reply, parsed, size)
    if q.gpu and (q.num_gpus or 1) == 1 and verdict["num_gpus"] == 1:
        return _smaller_card(reply, view, verdict, parsed, size)
    return reply


def _cut(verdict: dict[str, Any], lang: str) -> Reply:
    """No under DDP (each card holds the whole model, its gradients and optimizer state); yes under ZeRO."""
    setup = f"{verdict['num_gpus']}×{short_gpu(verdict['name'])}"
    key = "plan.ddp_no_cut" if not verdict.get("zero") else "plan.sharded_cut"
    return Reply("error", lang, {"message": t(key, lang, setup=setup, gb=fmt_gb(verdict["total_gb"]),
                                              mem=fmt_gb(verdict["memory_gb"]), stage=verdict.get("zero") or "")})


def _lora_fits(reply: Reply, parsed: Parsed, size: Callable[[Parsed], Reply]) -> Reply:
    """QLoRA asked whether needed where bf16 LoRA already fits the card: no, and LoRA's sizing follows."""
    lora = size(replace(parsed, cues=replace(parsed.cues, necessary=False), request=parsed.request.model_copy(update={"method": "lora"})))
    view = lora.data.get("v") if lora.kind == "sizing" and isinstance(lora.data, dict) else None
    fit = view.get("verdict") if isinstance(view, dict) else None
    if not isinstance(fit, dict) or not fit.get("fits") or fit.get("tight"):
        return reply
    low, high = QLORA_SLOW_PCT
    line = t("plan.qlora_not_needed", reply.lang, setup=f"{fit['num_gpus']}×{short_gpu(fit['name'])}", gb=fmt_gb(fit["total_gb"]),
             mem=fmt_gb(fit["memory_gb"]), low=low, high=high)
    return verdict_first(lora, Reply("error", reply.lang, {"message": line}))


def _smaller_card(reply: Reply, view: dict[str, Any], verdict: dict[str, Any], parsed: Parsed,
                  size: Callable[[Parsed], Reply]) -> Reply:
    """One card named and asked whether needed, where a card with less memory holds the job: the reference
    table's card for the job when it holds the high end, else the card our sizing picks with no card named."""
    row = view.get("seed_row") or {}
    card, memory = row.get("card_name"), None
    if card and row.get("card"):
        memory = gpus().get(row["card"]).memory_gb
    if memory is None or memory < verdict["high_gb"]:
        pick = size(replace(parsed, cues=replace(parsed.cues, necessary=False),
                            request=parsed.request.model_copy(update={"gpu": None, "num_gpus": None})))
        other = (pick.data.get("v") or {}).get("verdict") if pick.kind == "sizing" and isinstance(pick.data, dict) else None
        if not isinstance(other, dict) or other["num_gpus"] != 1:
            return reply
        card, memory = short_gpu(other["name"]), other["memory_gb"]
    if memory >= verdict["memory_gb"]:
        return reply
    line = t("plan.card_not_needed", reply.lang, gb=fmt_gb(verdict["total_gb"]), low=fmt_gb(verdict["low_gb"]),
             high=fmt_gb(verdict["high_gb"]), card=card, mem=fmt_gb(memory), named=short_gpu(verdict["name"]),
             named_mem=fmt_gb(verdict["memory_gb"]))
    return verdict_first(reply, Reply("error", reply.lang, {"message": line}))


def low_end_first(replies: list[Reply], parsed: Parsed) -> list[Reply]:
    """The price replies of a message that asks to budget at a band's low end: the first one quoting a range
    leads with "not advised", and what the band is (an estimate or a published band: budget its high end)."""
    if not parsed.cues.low_end:
        return replies
    for i, reply in enumerate(replies):
        rows = reply.data.get("rows") if reply.kind == "price" and isinstance(reply.data, dict) else None
        if rows and any(q.get("range") for r in rows for q in r.get("quotes", [])):
            note = band_note(reply, reply.lang)
            note.data["message"] = t("plan.low_end_budget", reply.lang) + note.data["message"]
            note.turn, note.buttons = reply.turn, reply.buttons
            return [*replies[:i], note, *replies[i:]]
    return replies


def low_end_lead(reply: Reply, parsed: Parsed) -> Reply:
    """`low_end_first` of one reply: the note leads, the price list under it."""
    led = low_end_first([reply], parsed)
    return verdict_first(led[1], led[0]) if len(led) > 1 else reply
