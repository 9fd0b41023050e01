"""A chat that changes its id (a Telegram group upgraded to a supergroup) takes its data along.

Why one function: the team wallet is owned by the chat's scope, alerts are addressed to it, the
chat's settings are keyed by it and queued confirmations point at it. Moving only some of them would
leave the team with an empty wallet in the new supergroup, so everything moves in one transaction.
"""

from __future__ import annotations

from bot.store.connection import Store


def migrate_chat(store: Store, old: str, new: str) -> None:
    """Move the team wallet, alert destinations, queued alerts, settings and pending actions from
    chat scope `old` to `new`. A wallet already owned by `new` (someone used the supergroup first)
    keeps its owner; only alert routing moves then."""
    with store.write():
        taken = store.rows("SELECT 1 FROM wallets WHERE owner = ?", (new,))
        if not taken:
            store.run("UPDATE wallets SET owner = ? WHERE owner = ?", (new, old))
        store.run("UPDATE wallets SET chat = ? WHERE chat = ?", (new, old))
        store.run("UPDATE outbox SET chat = ? WHERE chat = ? AND status IN ('pending', 'claimed')", (new, old))
        # a key the new scope already has stays with the old one (as UPDATE OR IGNORE would leave it)
        store.run("UPDATE settings SET scope = ? WHERE scope = ? AND key NOT IN"
                  " (SELECT key FROM settings WHERE scope = ?)", (new, old, new))
        store.run("UPDATE pending_actions SET chat = ? WHERE chat = ?", (new, old))
