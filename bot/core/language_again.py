"""The last question asked again in the language the user now asks for, and the offer of Chinese beside an
English reply to a message that mixed Chinese words into English.

Why: "gpuli MI300X 周租 how much" reads as English (two English grammar words, one Chinese product word), but
its writer may read Chinese better; the English answer ends with one line in Chinese saying how to get it in
Chinese, and "用中文" (or "in English please" after a Chinese answer) answers the same question again in that
language, from the conversation as it stood before it, instead of reading as a question of its own."""

from __future__ import annotations

from typing import Any

from bot.core.settings import chinese_beside_english
from bot.messages import Incoming, Reply, Turn
from bot.understand.language_ask import language_only


def noted(turn: Turn, text: str, before: Turn | None) -> None:
    """Remember on `turn` the message it answered and the turn before it (without that turn's own)."""
    turn.asked = {"text": text, "before": {"kind": before.kind, "data": before.data} if before is not None else None}


def asked_again(last: Turn | None, text: str) -> tuple[str, Turn] | None:
    """(the message the last reply answered, the turn before it) when `text` only asks for a language and
    the last reply remembers its question; None otherwise. A question with no turn before it is read
    against an empty one (a turn of no kind any follow-up knows)."""
    if last is None or not last.asked or language_only(text) is None:
        return None
    before: Any = last.asked.get("before")
    turn = Turn(str(before["kind"]), dict(before["data"])) if isinstance(before, dict) else Turn("language", {})
    return str(last.asked["text"]), turn


def offer_chinese(reply: Reply, inc: Incoming, first: bool) -> None:
    """An English reply to a message that put Chinese words among English ones ("gpuli 周租 4090 how much"),
    the first with a language: one line in Chinese on how to have it in Chinese."""
    if first and reply.lang == "en" and reply.kind not in ("error", "unknown_command") and not reply.notice \
            and chinese_beside_english(inc.text):
        reply.also.append(Reply("language_offer", "zh"))
