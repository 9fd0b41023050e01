"""Back to the job after a FAQ detour: which answer a follow-up changes when a FAQ answer sits on top of
a job (a sizing, a cost, a price). "7b qlora 4090 gpuli 多少", "gpuli 到期会提醒吗", then "那刚才那个 一周的多少"
asks the week of the job, not the reminder again; "32b qlora cloudgpu a6000 8小时多少", "销毁后 checkpoint 还在吗",
then "那换 4090 48g 呢" prices the job on the other card, since the FAQ answer says the same for every card.
A FAQ question about a card's own feature ("gpuli 哪些卡有 nvlink") stays the subject of a card named next."""

from __future__ import annotations

from bot.core.faq_context import FAQ_FOLLOW_UP, behind_faq, card_alone
from bot.messages import Turn
from bot.understand.entities import find_gpus
from bot.understand.faq import lookup as faq_lookup
from bot.understand.normalize import normalize
from bot.understand.parser import Parsed
from bot.understand.return_words import returns_to_job

JOBS = ("size", "cost", "price", "checkpoint")  # the answers a job follow-up changes


def job_beneath(turn: Turn | None) -> Turn | None:
    """The job answer under the FAQ answers (and provider lists, wallet reads) stacked on `turn`; None when
    there is none."""
    for _ in range(8):  # a few detours at most: a chat's memory is not deeper than that
        if turn is None or turn.kind in JOBS:
            return turn
        under, _ = behind_faq(turn)
        if under is turn:
            return None
        turn = under
    return None


def back_to_job(parsed: Parsed, text: str, turn: Turn | None) -> Turn | None:
    """The job answer beneath a FAQ detour when the message returns to it: it says so ("回到刚才", "back to the
    earlier one") and asks no FAQ question of its own, or it changes only the card of a sizing or cost whose
    FAQ detour asked nothing card by card. None when the message stays with the FAQ question (or there is none)."""
    if turn is None or turn.kind not in ("faq", "about", "wallet", "add_on"):  # "存储卷多少钱一个 G": a detour too
        return None
    job = job_beneath(turn)
    if job is None or job is turn:
        return None
    if returns_to_job(text):
        r = parsed.rental  # "回到刚才那个卡，周租多少来着": a term or length asked of it is its price, whatever FAQ it comes near
        rented = bool(r.term or r.duration_days or r.duration_hours)
        return None if parsed.intent == "faq" and parsed.faq_confident and not parsed.follow_up and not rented else job
    asked = str(turn.data.get("text") or "")
    if turn.kind != "faq" or not asked or job.kind not in ("size", "cost", "price") or not _card_change(parsed, text):
        return None
    cards = {m.ident for m in find_gpus(normalize(asked))}
    if cards:  # "4090 有 nvlink 吗" then "那 a6000 呢": the same feature of that card; but the card the FAQ just
        # answered named again with a count ("h100 之间有 nvlink 吗" then "换成 4 张 h100 呢") changes the setup beneath
        same = parsed.request.gpu in cards and parsed.request.num_gpus is not None and job.kind == "price"
        return job if same else None
    if job.kind == "price":
        return None
    hit, _ = faq_lookup(asked)
    return job if hit is not None and not hit.entry.by_card else None


def _card_change(parsed: Parsed, text: str) -> bool:
    """"那 4090 呢", "嗯 那换 4090 48g 呢": a card and nothing of its own, said as a change."""
    q = parsed.request
    if card_alone(parsed, text):
        return True
    return bool(parsed.follow_up and q.gpu and not (q.model or q.params_b or q.method or parsed.faq_confident)
                and len(text.strip()) <= FAQ_FOLLOW_UP)
