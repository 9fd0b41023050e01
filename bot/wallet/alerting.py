"""How the sweeper's rules put an alert in the outbox: once per key, muted when the chat turned the
kind off, held back by quiet hours. Why apart from the sweeper: each rental rule (prepaid.py,
metered.py) raises its own alerts, and the sweeper only asks the rule of each due rental."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.store import outbox
from bot.store.connection import Store, ts
from bot.store.rentals import Rental
from bot.store.wallets import Prefs, Wallet, prefs, wallet
from bot.wallet.times import quiet_until

FAMILY = {"alert_expiry": "expiry", "alert_expired": "expiry", "alert_runway": "runway",
          "alert_destroyed": "runway", "alert_budget": "budget", "alert_reminder": "reminder"}


@dataclass
class SweepReport:
    rentals: int = 0
    budgets: int = 0
    enqueued: int = 0
    metered: int = 0
    expired: int = 0
    destroyed: int = 0
    errors: int = 0


def alert(store: Store, w: Wallet, p: Prefs, *, kind: str, key: str, data: dict[str, Any], due_at: datetime,
           now: datetime, superseded: bool = False) -> bool:
    """Put one alert in the outbox (once per key), with quiet hours applied to when it may go out."""
    if superseded:
        status = "superseded"
    elif not p.enabled(FAMILY[kind]):
        status = "muted"
    else:
        status = "pending"
    intended = quiet_until(due_at, p.tz, p.quiet_start, p.quiet_end) or due_at
    not_before = max(intended, quiet_until(now, p.tz, p.quiet_start, p.quiet_end) or now)
    return outbox.enqueue(store, key=key, wallet_id=w.id, chat=w.chat, kind=kind, data=data, due_at=due_at,
                          intended_at=intended, not_before=not_before, at=now, status=status)


def rental_facts(r: Rental) -> dict[str, Any]:
    """What an alert says about a rental (raw facts; worded and localized when it is sent)."""
    return {"rental_id": r.id, "provider": r.provider, "gpu": r.gpu, "num_gpus": r.num_gpus, "region": r.region,
            "ends_at": ts(r.ends_at) if r.ends_at else None}


def wallet_and_prefs(store: Store, wallet_id: int) -> tuple[Wallet, Prefs]:
    w = wallet(store, wallet_id)
    assert w is not None
    return w, prefs(store, wallet_id)
