"""Errors a wallet user can cause, as a strings-catalog key plus parameters.

Why a key: the same refusal is worded in Chinese or English by the reply, never in the rule that
raised it. Raising one aborts the write transaction it happens in, so a refused request leaves
nothing behind.
"""

from __future__ import annotations

from bot.messages import Awaiting
from engine.errors import KasuanError


class WalletError(KasuanError):
    """A refused wallet request; `key` names its sentence in catalogs/strings_wallet.yaml.

    `resume`: when the request only lacks a choice (which provider?), what the answer completes;
    the reply then offers the choices as buttons and the router waits for a typed answer too."""

    code = "wallet"

    def __init__(self, key: str, resume: Awaiting | None = None, choices: list[str] | None = None,
                 **params: object) -> None:
        super().__init__(f"{key} {params}" if params else key, **params)
        self.key = key
        self.resume = resume
        self.choices = choices or []


class Shortfall(WalletError):
    """A charge would take the balance below zero and no overdraft was confirmed."""

    def __init__(self, need: str, have: str, short: str, short_minor: int) -> None:
        super().__init__("wallet.err.shortfall", need=need, have=have, short=short)
        self.short_minor = short_minor
