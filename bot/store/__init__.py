"""The store (SQLite or PostgreSQL): the only place in KaSuan with SQL.

`connect()` (bot/store/opening) opens the database $KASUAN_DB names (default ./data/kasuan.db),
sets it up and runs the versioned migrations. The modules hold one concern each:
settings (per-user / per-chat key-value), updates (platform de-duplication), inbox (Telegram
updates kept until answered), conversations (what a reply left open, per chat and user), wallets (wallets,
accounts, alert preferences), ledger, rentals, budgets, outbox (alerts and blocked chats) and
pending (actions waiting for a confirmation button).
"""

from bot.store.chats import migrate_chat
from bot.store.connection import Store, db_path, from_ts, ts
from bot.store.migrations import MIGRATIONS, current_version, migrate
from bot.store.opening import connect, open_store
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
