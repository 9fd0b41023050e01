"""Errors a user can cause, as values with a code and parameters.

The engine never words a message for a chat; the bot layer turns `code` + `params` into a sentence
in the user's language. `str()` gives a plain English line for logs and the CLI fallback.
"""

from __future__ import annotations

from typing import Any


class KasuanError(Exception):
    """Base for every error that a user's input can cause."""

    code = "error"

    def __init__(self, message: str, **params: Any) -> None:
        super().__init__(message)
        self.params = params


class CatalogError(KasuanError):
    """A catalog file is malformed: a deployment problem, not a user's."""

    code = "catalog"


class UnknownName(KasuanError):
    """A model, GPU or provider name that the catalog does not know."""

    code = "unknown_name"

    def __init__(self, kind: str, name: str, suggestions: list[str]) -> None:
        hint = f"; did you mean {', '.join(suggestions)}?" if suggestions else ""
        super().__init__(f"unknown {kind} '{name}'{hint}", kind=kind, name=name, suggestions=suggestions)
        self.kind = kind
        self.name = name
        self.suggestions = suggestions


class InvalidRequest(KasuanError):
    """A value out of range or a combination that cannot be trained (seq 0, 0 GPUs, ...)."""

    code = "invalid"

    def __init__(self, field: str, message: str, **params: Any) -> None:
        super().__init__(f"{field}: {message}", field=field, **params)
        self.field = field


class BadConfig(KasuanError):
    """A Hugging Face config.json that cannot be read as a supported architecture."""

    code = "bad_config"
