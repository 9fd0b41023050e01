"""Words for the errors a user can cause, and a safe catch-all for the ones they can't.

A KasuanError becomes one line in the user's language. Anything else becomes a short apology
with an error id; the traceback goes to the log (never to the chat or the terminal).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from bot.text.i18n import has, t
from bot.text.names import gpu_name, provider_name
from engine.errors import InvalidRequest, KasuanError, UnknownName

log = logging.getLogger("kasuan")


def error_message(exc: KasuanError, lang: str) -> str:
    """One line, in `lang`, saying what was wrong and how to fix it."""
    reason = exc.params.get("reason")
    if isinstance(exc, InvalidRequest) and reason and has(f"not_offered.{reason}"):
        return not_offered(str(reason), exc.params, lang)
    if isinstance(exc, InvalidRequest) and reason and has(f"cost.error.{reason}"):
        return t(f"cost.error.{reason}", lang, **exc.params)
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
    if exc.code == "file_refused" and has(f"file.refused.{reason}"):
        return t(f"file.refused.{reason}", lang, **{k: v for k, v in exc.params.items() if k != "reason"})
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


def not_offered(reason: str, params: Mapping[str, object], lang: str) -> str:
    """What a provider does not sell (an engine.billing.NotOffered: its reason and params), in one
    wording for every caller: the cost answer, the price list's "who doesn't rent it" lines and
    the wallet's refusals. The facts stay: the provider, the card, the counts and regions it has.

    `params` may name the provider when the error does not (a price-list row knows its provider).
    """
    p = dict(params)
    key = f"not_offered.{reason}"
    if reason == "count_not_offered" and not p.get("provider"):
        key = "not_offered.count_not_offered_anywhere"
    elif reason == "count_not_offered" and not p.get("gpu"):
        key = "not_offered.count_not_offered_any_card"
    add_on = str(p.get("add_on") or "")
    words: dict[str, Any] = {
        "provider": provider_name(p.get("provider")),
        "gpu": gpu_name(p.get("gpu")),
        "offered": ", ".join(gpu_name(g) for g in _items(p.get("offered"))),
        "counts": ", ".join(str(c) for c in _items(p.get("counts"))),
        "regions": ", ".join(str(r) for r in _items(p.get("regions"))),
        "region": str(p.get("region") or ""),
        "num_gpus": str(p.get("num_gpus") or ""),
        "add_on": t(f"price.addon_name.{add_on}", lang) if has(f"price.addon_name.{add_on}") else add_on,
    }
    return t(key, lang, **words)


def _items(value: object) -> list[object]:
    return list(value) if isinstance(value, list | tuple) else []
