"""Per-user and per-chat settings as plain key/value text, for the chat core.

Why generic: the core keeps small preferences (language, default provider, the last question) and
should not need a migration for each new one. A scope names who the setting belongs to, e.g.
"telegram:user:42" or "discord:chat:9".
"""

from __future__ import annotations

from datetime import datetime

from bot.store.connection import Store, ts


def get_settings(store: Store, scope: str) -> dict[str, str]:
    """Every setting of `scope` (empty when it has none)."""
    return {r["key"]: r["value"] for r in store.rows("SELECT key, value FROM settings WHERE scope = ?", (scope,))}


def set_setting(store: Store, scope: str, key: str, value: str, at: datetime) -> None:
    """Store `value` under (`scope`, `key`), replacing what was there; `at` is the caller's clock."""
    store.run(
        "INSERT INTO settings (scope, key, value, updated_at) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (scope, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
        (scope, key, value, ts(at)),
    )


def delete_setting(store: Store, scope: str, key: str) -> None:
    store.run("DELETE FROM settings WHERE scope = ? AND key = ?", (scope, key))
