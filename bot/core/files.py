"""The handler for a user's own training files: sent as a document or attachment, pasted as text,
or given to the CLI. The router calls it when a message carries attachments, or when its text is
a pasted config (a fenced block, or several `key: value` lines that read as one of the formats).

What the user sees: what was read from the file, the verdict at the card the caption names (or the
cheapest cards that hold it), and when it doesn't fit, the diff of the lines to change. A file we
refuse (too large, binary, YAML anchors or aliases, nested too deep, not a config we know) gets one
clear line in the user's language, and nothing else happens.
"""

from __future__ import annotations

import re

from bot.core.config_check import pasted_check
from bot.messages import Reply, Turn
from bot.text.i18n import t
from bot.understand.parser import parse
from bot.views.training_file import request_for, training_file_reply
from engine.request import TrainingRequest
from engine.safe_load import MAX_BYTES, FileRefused
from engine.training_file import MAX_FILES, TrainingFiles, read_files

# For the front ends: the largest file they fetch for the core (a larger one is refused unread) and
# how many files of one message they hand over.
MAX_FILE_BYTES = MAX_BYTES
MAX_TRAINING_FILES = MAX_FILES

FENCE = re.compile(r"```[ \t]*(?:json|ya?ml|jsonc)?[ \t]*\n(.*?)```", re.DOTALL | re.IGNORECASE)
KEY_LINE = re.compile(r"^[A-Za-z_][\w.\-]*\s*:(?:\s|$)", re.MULTILINE)
LEADING_COMMAND = re.compile(r"^/(size|cost)(?:@\w+)?\b", re.IGNORECASE)
MIN_KEY_LINES = 3
QUIET = ("unrecognized", "syntax", "not_mapping")  # pasted text that is not a config stays a chat message


def refusal(exc: FileRefused, lang: str) -> Reply:
    params = {k: v for k, v in exc.params.items() if k != "reason"}
    return Reply("error", lang, {"message": t(f"file.refused.{exc.reason}", lang, **params)})


def not_fetched(refused: tuple[str, str, int], lang: str) -> Reply:
    """A file the adapter did not download (over the limit, or the platform failed)."""
    name, reason, size = refused
    if reason == "too_large":
        return refusal(FileRefused("too_large", name, size_kb=round(size / 1024), limit_kb=MAX_BYTES // 1024), lang)
    return refusal(FileRefused("download", name), lang)


def pasted_file(text: str) -> tuple[str, str, str] | None:
    """(name, body, the words around it) when `text` is a pasted training config, else None."""
    fenced = FENCE.search(text)
    if fenced:
        body = fenced.group(1)
        rest = (text[: fenced.start()] + " " + text[fenced.end():]).strip()
    else:
        body, rest = text, ""
    stripped = body.strip()
    if len(body.encode()) > MAX_BYTES and (fenced or stripped.startswith("{")):
        return "pasted.txt", body, rest
    if stripped.startswith("{") and stripped.endswith("}") and "\n" in stripped:
        return "pasted.json", body, rest
    if (fenced or "\n" in stripped) and len(KEY_LINE.findall(body)) >= MIN_KEY_LINES:
        return "pasted.yaml", body, rest
    return None


def _caption(caption: str) -> tuple[TrainingRequest, bool]:
    """What the caption adds (the card, the count, the provider) and whether it asks for the cost."""
    text = caption.strip()
    m = LEADING_COMMAND.match(text)
    command = m.group(1).lower() if m else None
    if m:
        text = text[m.end():].strip()
    if not text:
        return TrainingRequest(), command == "cost"
    parsed = parse(text)
    return parsed.request, command == "cost" or (command is None and parsed.intent == "cost")


def file_reply(files: list[tuple[str, bytes]], caption: str, lang: str, currency: str) -> Reply:
    """The answer to `files` with `caption` (a refusal, a missing model, or the sizing with its fix)."""
    try:
        job = read_files(files)
    except FileRefused as exc:
        return refusal(exc, lang)
    return job_reply(job, caption, lang, currency)


def job_reply(job: TrainingFiles, caption: str, lang: str, currency: str) -> Reply:
    extra, cost = _caption(caption)
    if job.spec is None and job.request.model is None and not (extra.model or extra.params_b):
        return Reply("error", lang, {"message": t("file.no_model", lang)})
    reply = training_file_reply(job, extra, lang, currency, cost=cost)
    if job.spec is None:  # a catalog model: follow-ups ("on 2 cards?") continue from the file's job
        reply.turn = Turn("cost" if cost else "size", {"request": request_for(job, extra).stated()})
    return reply


def pasted_reply(text: str, lang: str, currency: str) -> Reply | None:
    """The answer to a pasted config, or None when the text is not one (it goes on as chat)."""
    found = pasted_file(text)
    if found is None:
        return None
    name, body, rest = found
    checked = pasted_check(name, body, rest or text, lang)  # "这个配置真的会量化吗？" above the file: its own keys say
    if checked is not None:
        return checked
    try:
        job = read_files([(name, body.encode())])
    except FileRefused as exc:
        if exc.reason in QUIET and name != "pasted.txt":
            return None
        return refusal(exc, lang)
    return job_reply(job, rest, lang, currency)
