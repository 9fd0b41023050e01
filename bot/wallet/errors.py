"""Errors a wallet user can cause, as a strings-catalog key plus parameters.

Why a key: the same refusal is worded in Chinese or English by the reply, never in the rule that
raised it. Raising one aborts the write transaction it happens in, so a refused request leaves
nothing behind.
"""

from __future__ import annotations

from engine.errors import KasuanError


class WalletError(KasuanError):
    """A refused wallet request; `key` names its sentence in catalogs/strings_wallet.yaml."""

    code = "wallet"

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(f"{key} {params}" if params else key, **params)
        self.key = key


class Shortfall(WalletError):
    """A charge would take the balance below zero and no overdraft was confirmed."""

    def __init__(self, need: str, have: str, short: str, short_minor: int) -> None:
        super().__init__("wallet.err.shortfall", need=need, have=have, short=short)
        self.short_minor = short_minor
