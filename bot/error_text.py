"""Words for the errors a user can cause, and a safe catch-all for the ones they can't.

A KasuanError becomes one line in the user's language. Anything else becomes a short apology
with an error id; the traceback goes to the log (never to the chat or the terminal).
"""

from __future__ import annotations

import logging

from bot.i18n import has, t
from bot.names import gpu_name, provider_name
from engine.errors import InvalidRequest, KasuanError, UnknownName

log = logging.getLogger("kasuan")


def error_message(exc: KasuanError, lang: str) -> str:
    """One line, in `lang`, saying what was wrong and how to fix it."""
    reason = exc.params.get("reason")
    if isinstance(exc, InvalidRequest) and reason and has(f"cost.error.{reason}"):
        return _not_offered(exc, str(reason), lang)
    if isinstance(exc, UnknownName):
        hint = t("error.did_you_mean", lang, names=", ".join(exc.suggestions)) if exc.suggestions else ""
        key = f"error.unknown_name.{exc.kind}"
        if has(key):
            return t(key, lang, name=exc.name, hint=hint)
    if isinstance(exc, InvalidRequest):
        p = exc.params
        if "low" in p and "high" in p:
            return t("error.range", lang, field=exc.field, low=_number(p["low"]), high=_number(p["high"]))
        if exc.field == "model" and p.get("value") is None:
            return t("error.need_model", lang)
        return t("error.invalid", lang, field=exc.field, detail=str(exc).split(": ", 1)[-1])
    key = f"error.{exc.code}"
    if has(key):
        return t(key, lang, detail=str(exc))
    return str(exc)


def internal_error(exc: BaseException, lang: str) -> str:
    """Log `exc` with its traceback under a fresh id; return the apology that names the id."""
    import uuid  # only a failure needs an id; keeps the CLI's start quick

    error_id = uuid.uuid4().hex[:8]
    log.error("internal error %s", error_id, exc_info=exc)
    return t("error.internal", lang, id=error_id)


def _number(value: object) -> str:
    """1048576.0 -> "1,048,576"; 0.01 -> "0.01"."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return f"{value:,}" if isinstance(value, int) else str(value)


def _not_offered(exc: InvalidRequest, reason: str, lang: str) -> str:
    """A card or card count a provider does not rent, with the provider's and the cards' names."""
    p = dict(exc.params)
    p["provider"] = provider_name(p.get("provider"))
    p["gpu"] = gpu_name(p.get("gpu"))
    p["offered"] = ", ".join(gpu_name(g) for g in p.get("offered") or [])
    p["counts"] = ", ".join(str(c) for c in p.get("counts") or [])
    p.setdefault("num_gpus", "")
    return t(f"cost.error.{reason}", lang, **p)
