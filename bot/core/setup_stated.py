"""What the message just before stated, completing a short one: a setup said on its own, then the job ("老板问 8 卡
H100" / "we have 8 H100s", then "训 32b 全参"); two providers weighed with no card, then the card ("gpuli 和 cloudgpu
哪家便宜", then "4090").

Why: the setup came in a message with no job, so it got a FAQ answer (or none), and the job named next was
sized from scratch on the recommended card; the cards the team said it has were dropped. The job is sized on
the card and count stated in the message just before, when the job names no card or count of its own and that
message stated nothing else to size (no model or method of its own). The providers' question had no card to
price, so the card said next opened a FAQ entry naming it; the two read together are the question asked."""

from __future__ import annotations

from dataclasses import replace

from bot.messages import Turn
from bot.understand.parser import Parsed, parse
from bot.understand.weigh import WHICH

JOB_CHARS = 40  # characters: a job said on its own ("训 32b 全参"), not a new question of many parts


def job_on_setup(parsed: Parsed, turn: Turn | None) -> Parsed:
    """`parsed` sized on the setup the last message stated ("8 卡 H100", then "32b 全参": 8×H100); unchanged
    when it names a card or count itself, asks no sizing or cost, or the last message stated no card with a count."""
    q = parsed.request
    if turn is None or turn.kind != "faq" or parsed.intent not in ("size", "cost") or q.gpu or q.num_gpus \
            or parsed.cards or not (q.model or q.params_b) or not q.method or parsed.cues.chars > JOB_CHARS:
        return parsed
    said = parse(str(turn.data.get("text") or ""))
    before = said.request
    if not before.gpu or not before.num_gpus or before.model or before.params_b or before.method or len(said.cards) > 1:
        return parsed
    return replace(parsed, request=q.model_copy(update={"gpu": before.gpu, "num_gpus": before.num_gpus}),
                   rental=replace(parsed.rental, gpu=parsed.rental.gpu or before.gpu, num_gpus=before.num_gpus))


def card_for_providers(parsed: Parsed, turn: Turn | None) -> Parsed:
    """"gpuli 和 cloudgpu 哪家便宜" (no card, so not answered) then "4090" / "for a 4090": the question asked again with
    the card; `parsed` unchanged unless the message is a card alone and the last asked which of two providers is cheaper."""
    q = parsed.request
    if turn is None or turn.kind != "faq" or not turn.data.get("unsure") or not q.gpu or q.model or q.params_b \
            or q.method or parsed.cues.providers or parsed.cues.chars > JOB_CHARS:
        return parsed
    asked = str(turn.data.get("text") or "")
    before = parse(asked)
    if before.weigh != WHICH or len(before.cues.providers) < 2 or before.request.gpu:
        return parsed
    return parse(f"{asked} {parsed.words}")


def stated_before(parsed: Parsed, turn: Turn | None) -> Parsed:
    """`parsed` completed by what the last message stated (job_on_setup, card_for_providers)."""
    return card_for_providers(job_on_setup(parsed, turn), turn)
