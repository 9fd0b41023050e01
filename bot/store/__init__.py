"""The SQLite store: the only place in KaSuan with SQL.

`connect()` opens the database at $KASUAN_DB (default ./data/kasuan.db), sets WAL, a busy timeout
and foreign keys, and runs the versioned migrations. The modules hold one concern each:
settings (per-user / per-chat key-value), updates (platform de-duplication), wallets (wallets,
accounts, alert preferences), ledger, rentals, budgets, outbox (alerts and blocked chats) and
pending (actions waiting for a confirmation button).
"""

from bot.store.chats import migrate_chat
from bot.store.connection import Store, connect, db_path, from_ts, open_store, ts
from bot.store.migrations import MIGRATIONS, current_version, migrate
from bot.store.settings import delete_setting, get_settings, set_setting
from bot.store.updates import prune_updates, seen_update

__all__ = [
    "MIGRATIONS",
    "Store",
    "connect",
    "current_version",
    "db_path",
    "delete_setting",
    "from_ts",
    "get_settings",
    "migrate",
    "migrate_chat",
    "open_store",
    "prune_updates",
    "seen_update",
    "set_setting",
    "ts",
]
