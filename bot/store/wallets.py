"""Wallets (a user's or a group chat's), their per-provider accounts, and their alert preferences.

Why wallet -> accounts: a team pays gpuli in USDT, CloudGPU in USD and 一万网络 in CNY; each of
those is its own balance, and the ledger is kept per account. The owner is a scope string: a user
scope for a personal wallet, a chat scope for a team wallet, so a wallet is found from the message
alone and never from anything the user typed.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.store.connection import Row, Store, from_ts, ts


@dataclass(frozen=True)
class Wallet:
    id: int
    owner: str
    kind: str  # personal | team
    chat: str  # where its alerts go
    created_at: datetime


@dataclass(frozen=True)
class Account:
    id: int
    wallet_id: int
    provider: str
    currency: str
    balance_minor: int
    topup_seq: int


@dataclass(frozen=True)
class Prefs:
    wallet_id: int
    tz: str
    lang: str
    quiet_start: str | None
    quiet_end: str | None
    expiry: bool
    runway: bool
    budget: bool
    runway_hours: tuple[int, ...] = ()  # extra runway warnings at these hours left, largest first

    def enabled(self, kind: str) -> bool:
        return bool(getattr(self, kind, True))


def _wallet(r: Row) -> Wallet:
    return Wallet(r["id"], r["owner"], r["kind"], r["chat"], from_ts(r["created_at"]))


def _account(r: Row) -> Account:
    return Account(r["id"], r["wallet_id"], r["provider"], r["currency"], r["balance_minor"], r["topup_seq"])


def wallet_by_owner(store: Store, owner: str) -> Wallet | None:
    r = store.row("SELECT * FROM wallets WHERE owner = ?", (owner,))
    return _wallet(r) if r is not None else None


def wallet(store: Store, wallet_id: int) -> Wallet | None:
    r = store.row("SELECT * FROM wallets WHERE id = ?", (wallet_id,))
    return _wallet(r) if r is not None else None


def ensure_wallet(store: Store, owner: str, kind: str, chat: str, at: datetime, tz: str, lang: str) -> Wallet:
    """The wallet of `owner`, created (with default alert preferences) on first use."""
    with store.write():
        store.run(
            "INSERT INTO wallets (owner, kind, chat, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (owner) DO NOTHING",
            (owner, kind, chat, ts(at)),
        )
        found = wallet_by_owner(store, owner)
        assert found is not None
        store.run(
            "INSERT INTO alert_prefs (wallet_id, tz, lang) VALUES (?, ?, ?) ON CONFLICT (wallet_id) DO NOTHING",
            (found.id, tz, lang),
        )
    return found


def rename_owner(store: Store, old: str, new: str) -> bool:
    """Move a wallet to a new owner scope (a Discord channel's team wallet becomes its server's)
    unless the new owner has a wallet already. True if it moved."""
    with store.write():
        if wallet_by_owner(store, new) is not None:
            return False
        return store.run("UPDATE wallets SET owner = ? WHERE owner = ?", (new, old)).rowcount > 0


def set_wallet_chat(store: Store, wallet_id: int, chat: str) -> None:
    """Deliver this wallet's alerts to `chat` from now on (a personal wallet learns its private chat)."""
    store.run("UPDATE wallets SET chat = ? WHERE id = ? AND chat <> ?", (chat, wallet_id, chat))


def accounts(store: Store, wallet_id: int) -> list[Account]:
    return [_account(r) for r in store.rows("SELECT * FROM accounts WHERE wallet_id = ? ORDER BY provider, currency",
                                            (wallet_id,))]


def account(store: Store, account_id: int) -> Account | None:
    r = store.row("SELECT * FROM accounts WHERE id = ?", (account_id,))
    return _account(r) if r is not None else None


def find_account(store: Store, wallet_id: int, provider: str, currency: str) -> Account | None:
    r = store.row("SELECT * FROM accounts WHERE wallet_id = ? AND provider = ? AND currency = ?",
                  (wallet_id, provider, currency))
    return _account(r) if r is not None else None


def ensure_account(store: Store, wallet_id: int, provider: str, currency: str) -> Account:
    """The (wallet, provider, currency) balance, opened at zero on first use."""
    with store.write():
        store.run(
            "INSERT INTO accounts (wallet_id, provider, currency) VALUES (?, ?, ?)"
            " ON CONFLICT (wallet_id, provider, currency) DO NOTHING",
            (wallet_id, provider, currency),
        )
        found = find_account(store, wallet_id, provider, currency)
    assert found is not None
    return found


def prefs(store: Store, wallet_id: int) -> Prefs:
    r = store.row("SELECT * FROM alert_prefs WHERE wallet_id = ?", (wallet_id,))
    if r is None:
        raise LookupError(f"no alert preferences for wallet {wallet_id}")
    return Prefs(r["wallet_id"], r["tz"], r["lang"], r["quiet_start"], r["quiet_end"], bool(r["expiry"]),
                 bool(r["runway"]), bool(r["budget"]),
                 tuple(int(h) for h in r["runway_hours"].split(",") if h))


PREF_COLUMNS = {"tz", "lang", "quiet_start", "quiet_end", "expiry", "runway", "budget", "runway_hours"}


def update_prefs(store: Store, wallet_id: int, **values: object) -> Prefs:
    unknown = set(values) - PREF_COLUMNS
    if unknown:
        raise ValueError(f"unknown alert preferences {sorted(unknown)}")
    if values:
        sets = ", ".join(f"{k} = ?" for k in values)
        params = [int(v) if isinstance(v, bool) else ",".join(map(str, v)) if isinstance(v, tuple) else v
                  for v in values.values()]
        store.run(f"UPDATE alert_prefs SET {sets} WHERE wallet_id = ?", (*params, wallet_id))
    return prefs(store, wallet_id)
