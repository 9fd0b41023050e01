"""A class's head count said one message before the rental it is for: "30 个学生 每 5 人一组" then "每组一张 4090 在
gpuli 租一个月，总共多少" (six rentals, ₮2,214), "budget for 30 students' qlora labs" then "7b, cloudgpu 4090, 3 hours
each" (thirty rentals of three hours, $29.70).

Why: the first message asks nothing the bot can answer yet (no card, no length), so it got the FAQ's closest entries
and left no turn; the rental asked next was priced once, the people, the groups and the job said before lost. The two
messages are one question, as a teacher sends it in two lines: the count is kept with the message that said it, and the
rental asked next is read again with that message in front of it; the first message gets the count named back. Only the counts, the job and the budget said there
join it; the rental's own card, provider and length are the ones the later message says.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.core.context import Context
from bot.messages import Reply, Turn
from bot.text.i18n import t
from bot.understand.parser import Parsed

HEADS = "heads"  # the key of a turn that kept a message counting people or groups with nothing to price yet
_PRICED = ("price", "cost", "size")


def heads_alone(ctx: Context, parsed: Parsed, text: str) -> Reply | None:
    """The reply to a message no intent answers that counts people or groups each taking a rental ("30 个学生 每 5 人
    一组", "30 students, one card per team of 5") or sharing a total ("30 人分摊"), with no card of its own: the count
    named back and asked to be completed, the message kept as a turn for the rental asked next; None otherwise.
    The turn is no question a follow-up changes (unsure), so a FAQ asked next is asked on its own."""
    cues, q, r = parsed.cues, parsed.request, parsed.rental
    # "twelve students each running a qlora lab": a job with no model is no sizing to ask the model of yet
    unsized = parsed.intent in ("size", "cost") and parsed.missing == ["model"] and not (r.duration_days or r.duration_hours or q.hours)
    if not (parsed.intent == "unknown" or unsized) or not (cues.instances or cues.split) or q.gpu or r.gpu or parsed.cards:
        return None
    each = cues.instances is not None
    message = t("heads.each" if each else "heads.split", ctx.lang, n=cues.instances if each else cues.split)
    reply = Reply("error", ctx.lang, {"message": message})
    reply.turn = Turn("faq", {"text": text, "provider": parsed.rental.provider, "entry": None, "unsure": True, HEADS: True,
                              "prev": None})
    return reply


def with_heads_before(parsed: Parsed, turn: Turn | None, reparse: Callable[[str], Parsed]) -> Parsed | None:
    """The rental read with the counting message in front of it (its words are what the answer reads) when the turn before kept such a
    message and this one asks a rental's price, cost or fit without counting people of its own; None otherwise, or
    when read together the two do not ask the same rental (another card, provider or length)."""
    if turn is None or turn.kind != "faq" or not turn.data.get(HEADS) or parsed.intent not in _PRICED or parsed.parts:
        return None
    if parsed.cues.instances or parsed.cues.split:
        return None  # "each of the 8 groups": its own count
    words = f"{turn.data.get('text') or ''} {parsed.words}"
    joined = reparse(words)
    q, r, j = parsed.request, parsed.rental, joined.request
    if joined.intent not in _PRICED or not (joined.cues.instances or joined.cues.split) or joined.parts:
        return None
    if (j.gpu, j.model, joined.rental.provider) != (q.gpu, q.model or j.model, r.provider or joined.rental.provider):
        return None
    if (joined.rental.duration_days, joined.rental.duration_hours) != (r.duration_days, r.duration_hours) \
            and (r.duration_days or r.duration_hours):
        return None
    return joined
