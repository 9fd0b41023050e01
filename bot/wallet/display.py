"""Reply data for the wallet templates: facts formatted for one reader (their timezone, currency
symbols), never sentences. The words are in catalogs/strings_wallet.yaml and templates/plain/.

Why a separate step: the same rental is shown in /wallet, /rentals and in an alert; formatting it
once keeps the three consistent, and keeps handlers about rules rather than presentation.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

from bot.messages import Reply
from bot.store import budgets as budget_store
from bot.store.connection import Store, from_ts
from bot.store.ledger import Entry
from bot.store.outbox import OutboxItem
from bot.store.rentals import Rental, wallet_rentals
from bot.store.wallets import Account, Prefs, Wallet, accounts
from bot.text.names import gpu_name, provider_name
from bot.wallet import budget as budgets
from bot.wallet.rental_rule import rule_for
from bot.wallet.times import fmt_date, fmt_local, month_bounds, split_duration
from engine.money import Money
from engine.providers import provider


def dur(delta: timedelta) -> dict[str, int]:
    d, h, m = split_duration(delta)
    return {"d": d, "h": h, "m": m}


def rental_view(store: Store, r: Rental, tz: str, now: datetime, acct: Account | None = None) -> dict[str, Any]:
    cur = acct.currency if acct else provider(r.provider).currency
    rule = rule_for(r.billing)
    view: dict[str, Any] = {
        "id": r.id, "gpu": gpu_name(r.gpu), "n": r.num_gpus, "provider": provider_name(r.provider),
        "region": r.region, "status": r.status, "per_minute": rule.metered,
        "paid": Money.from_minor(r.paid_minor, cur).format(exact=True),
        "ends": None, "left": None, "started": fmt_local(r.started_at, tz), "running": None, "used": None,
        "hourly": None, "covered_hours": None, "destroy_at": None, "ended": None, "data_until": None,
        "overdraft": r.overdraft,
    }
    view |= rule.view(store, r, tz, now, acct)  # running and runway, or when the paid time ends
    if r.ended_at is not None:
        view["ended"] = fmt_local(r.ended_at, tz)
    if r.data_until is not None:
        view["data_until"] = fmt_date(r.data_until, tz)
    return view


def entry_view(e: Entry, tz: str) -> dict[str, Any]:
    return {"id": e.id, "when": fmt_local(e.created_at, tz), "kind": e.kind,
            "amount": Money.from_minor(e.amount_minor, e.currency).format(exact=True),
            "provider": provider_name(e.provider) if e.provider else "",
            "rental_id": e.rental_id, "memo": e.memo or ""}


def budget_view(st: budgets.Status) -> dict[str, Any]:
    b = st.budget
    return {"limit": Money.from_minor(b.amount_minor, b.currency).format(exact=True),
            "spent": Money(st.spent, b.currency).format(exact=True),
            "spent_pct": str(st.spent_pct), "forecast": Money(st.forecast, b.currency).format(exact=True),
            "forecast_pct": str(st.forecast_pct), "month": st.month, "converted": st.converted,
            "thresholds": ", ".join(f"{t}%" for t in b.thresholds), "span": b.span}


def wallet_view(store: Store, w: Wallet | None, p: Prefs | None, now: datetime, team: bool,
                tz: str) -> dict[str, Any]:
    """The /wallet overview: balances, this month's spend, active rentals, budget status."""
    tz = p.tz if p is not None else tz
    view: dict[str, Any] = {"team": team, "tz": tz, "accounts": [], "spend": [], "rentals": [], "budget": None,
                            "month": month_bounds(now, tz)[2]}
    if w is None:
        return view
    accts = accounts(store, w.id)
    by_id = {a.id: a for a in accts}
    active = wallet_rentals(store, w.id, active=True, limit=1000)
    for a in accts:
        # the ledger balance is what is free to spend; money held as pre-authorization is still the
        # user's (it pays the running minutes), so the headline figure adds it back
        held = sum(r.hold_minor for r in active if r.account_id == a.id)
        view["accounts"].append({"provider": provider_name(a.provider),
                                 "balance": Money.from_minor(a.balance_minor + held, a.currency).format(exact=True),
                                 "held": Money.from_minor(held, a.currency).format(exact=True) if held else None,
                                 "available": Money.from_minor(a.balance_minor, a.currency).format(exact=True),
                                 "negative": a.balance_minor + held < 0})
    start, end, _ = month_bounds(now, tz)
    spent = budgets.month_spend(store, w.id, start, end, now)
    view["spend"] = [Money.from_minor(v, cur).format(exact=True) for cur, v in sorted(spent.items()) if v]
    view["rentals"] = [rental_view(store, r, tz, now, by_id.get(r.account_id))
                       for r in wallet_rentals(store, w.id, active=True, limit=20)]
    b = budget_store.budget(store, w.id)
    if b is not None:
        view["budget"] = budget_view(budgets.status(store, b, tz, now))
    return view


def alert_reply(item: OutboxItem, p: Prefs, late: bool) -> Reply:
    """The Reply for one outbox row, worded in the wallet's language and timezone at send time."""
    d = item.data
    tz = p.tz
    data: dict[str, Any] = {"late": late, "due": fmt_local(item.due_at, tz)}
    if "rental_id" in d:
        data.update(id=d["rental_id"], gpu=gpu_name(d["gpu"]), n=d["num_gpus"], provider=provider_name(d["provider"]),
                    region=d.get("region"))
        if d.get("ends_at"):
            data["ends"] = fmt_local(from_ts(d["ends_at"]), tz)
    if item.kind == "alert_expiry":
        data["days"] = d["days"]
    elif item.kind == "alert_expired":
        data["data_until"] = fmt_date(from_ts(d["data_until"]), tz) if d.get("data_until") else None
        data["retention_days"] = d.get("retention_days")
    elif item.kind == "alert_runway":
        data.update(hours_left=d["hours_left"], destroy_at=fmt_local(from_ts(d["covered_until"]), tz),
                    needs_until=fmt_local(from_ts(d["needs_until"]), tz),
                    balance=Money.from_minor(d["funds_minor"], d["currency"]).format(exact=True),
                    hourly=Money(Decimal(d["burn_per_hour"]), d["currency"]).format(exact=True),
                    last_hour=bool(d.get("last_hour")), level_hours=d.get("level_hours"))
    elif item.kind == "alert_destroyed":
        data.update(ended=fmt_local(from_ts(d["ended_at"]), tz),
                    paid=Money.from_minor(d["paid_minor"], d["currency"]).format(exact=True),
                    minutes=d["minutes"], data_deleted=d["data_deleted"])
    elif item.kind == "alert_budget":
        cur = d["currency"]
        data.update(threshold=d["threshold"], limit=Money.from_minor(d["limit_minor"], cur).format(exact=True),
                    spent=Money(Decimal(d["spent"]), cur).format(exact=True), spent_pct=d["spent_pct"],
                    forecast=Money(Decimal(d["forecast"]), cur).format(exact=True), forecast_pct=d["forecast_pct"],
                    month=d["month"], converted=d["converted"], forecast_kind=d["forecast_kind"],
                    span=d.get("span", "month"))
    elif item.kind == "alert_price":
        from bot.wallet.watch import price_alert_data  # lazy: watch imports the wallet call (bot.wallet.call)

        data.update(price_alert_data(d))
    elif item.kind == "alert_reminder":  # worded in the language and zone it was set in
        from bot.wallet.reminders import reminder_alert_data

        data.update(reminder_alert_data(d, d.get("lang", p.lang)))
        return Reply(item.kind, d.get("lang", p.lang), data)
    return Reply(item.kind, p.lang, data)
