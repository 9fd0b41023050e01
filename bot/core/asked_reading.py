"""The job a question stated, as the parser read it when it came, kept in the turn that remembers the question.

Why: a follow-up that completes an earlier question ("qlora 要多少显存" then "qwen3 8b"; "两台八卡 包月多少" then "h200") needs
what that question stated of the job (its method, card, count) and whether it asked of the host's memory. Reading
it meant parsing the earlier text again on the next message, a whole parse (3–5 ms) on the messages where it
happens. The earlier message was parsed when it came: what the readers need (its request, its host-memory ask) is
stored beside its text in the turn's data, which both keepers of a conversation hold as they got it (in memory, or
as JSON in the store), so a conversation restored from the store after a restart reads exactly what the one in
memory reads. The reading is kept only where it is what parsing the text again gives: the turn's text is the
message as parsed, and no correction word was taken out before the parse (that reads the message as a change of
the job before it). A turn without it (written before this was kept, or whose text joins two messages) is read
from its text, as it always was.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.messages import Reply, Turn
from bot.understand.parser import Parsed, parse

# {"text": the words read, "request": what they stated of the job (TrainingRequest.stated), "host_memory": asked of it}
KEY = "text_read"


@dataclass(frozen=True)
class Read:
    """What a follow-up needs of the question before it."""

    request: dict[str, Any]  # TrainingRequest.stated() of its words
    host_memory: bool  # it asked how much memory the machine (not the card) has


def keep_reading(reply: Reply, said: str, parsed: Parsed, corrects: bool) -> Reply:
    """`reply`, its turn holding what `parsed` (the reading of the message `said`) read, when that turn remembers
    `said` itself as the question asked and the message was read as it stands (`corrects`: not so)."""
    turn = reply.turn
    if turn is not None and not corrects and turn.data.get("text") == said and KEY not in turn.data:
        turn.data[KEY] = {"text": said, "request": parsed.request.stated(), "host_memory": parsed.asks.host_memory}
    return reply


def read_of(turn: Turn | None, asked: str) -> Read:
    """What the question `asked` stated: as stored with `turn`, when it holds the reading of those very words;
    else read from them."""
    kept = turn.data.get(KEY) if turn is not None else None
    if isinstance(kept, dict) and kept.get("text") == asked and isinstance(stated := kept.get("request"), dict) \
            and isinstance(host := kept.get("host_memory"), bool):
        return Read(dict(stated), host)
    whole = parse(asked)
    return Read(whole.request.stated(), whole.asks.host_memory)


def request_of(turn: Turn | None, asked: str) -> dict[str, Any]:
    """What the question `asked` stated of a job (TrainingRequest.stated()), as `read_of` finds it."""
    return read_of(turn, asked).request
