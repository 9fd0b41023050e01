"""Reminders at a moment the user names: set from a chat message, listed and cancelled with /reminders, and
delivered by the alert sweeper through the outbox like every other alert (README "Alerts").

Why on the wallet: a reminder goes where the wallet's alerts go (the chat that set it, a team's group or the
user's private chat), with the same quiet hours, retries and late-delivery note; the wallet is created on the
first reminder as on the first top-up. The moment is stored in UTC with the zone it was named in, so both the
confirmation and the alert say it the way the user did ("Friday 2026-12-04 18:00 UTC", "2026-12-07 周一 10:00 UTC+8").
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone, tzinfo
from typing import Any
from zoneinfo import ZoneInfo

from bot.clock import Clock
from bot.messages import Incoming, Reply
from bot.store import reminders as reminder_store
from bot.store.connection import Store
from bot.understand.reminder_ask import ReminderAsk
from bot.understand.zones import offset_label, wall_clock
from bot.wallet.alerting import SweepReport, alert, wallet_and_prefs

MAX_REMINDERS = 50  # pending, per wallet
MAX_AHEAD = timedelta(days=366)
BATCH = 500


def zone_name(tz: tzinfo, at: datetime) -> str:
    """A zone as stored: its IANA key, else its fixed offset ("UTC+5:30")."""
    key = getattr(tz, "key", None)
    return str(key) if key else offset_label(at)


def zone_of(name: str) -> tzinfo:
    """The zone a stored name means (the inverse of zone_name)."""
    if not name.startswith("UTC") or name == "UTC":
        return ZoneInfo(name) if name != "UTC" else UTC
    sign = -1 if name[3] == "-" else 1
    hours, _, minutes = name[4:].partition(":")
    return timezone(sign * timedelta(hours=int(hours), minutes=int(minutes or 0)))


def _view(r: reminder_store.Reminder, lang: str) -> dict[str, Any]:
    return {"id": r.id, "when": wall_clock(r.due_at.astimezone(zone_of(r.zone)), lang), "what": r.what}


def set_reminder(store: Store, clock: Clock, inc: Incoming, ask: ReminderAsk, lang: str) -> Reply:
    """Store the reminder asked for and name its moment back; a moment past, unreadable, missing or too far
    ahead is said so, and nothing is stored."""
    from bot.wallet.call import WalletCall, guarded

    now = clock.now()
    ctx = WalletCall(store, clock, inc, lang, now)
    if ask.problem is not None or ask.at is None:
        when = wall_clock(ask.at, lang) if ask.at is not None else None
        return ctx.reply("reminder", {"problem": ask.problem or "when", "when": when, "what": ask.what})
    at = ask.at
    if at - now > MAX_AHEAD:
        return ctx.reply("reminder", {"problem": "far", "when": wall_clock(at, lang), "what": ask.what})

    def run() -> Reply:
        ctx.require_write()
        w = ctx.ensure()
        if len(reminder_store.pending_for(store, w.id)) >= MAX_REMINDERS:
            return ctx.reply("reminder", {"problem": "too_many", "limit": MAX_REMINDERS, "what": ask.what})
        with store.write():
            added = reminder_store.add(store, wallet_id=w.id, chat=ctx.alert_chat, user_id=inc.user_id,
                                       due_at=at.astimezone(UTC), zone=zone_name(at.tzinfo or UTC, at), lang=lang,
                                       what=ask.what, at=now)
        return ctx.reply("reminder", {"problem": None, "set": _view(added, lang)})

    return guarded(ctx, run)


def cmd_reminders(ctx: Any, words: list[str]) -> Reply:
    """/reminders: the wallet's pending reminders; /reminders cancel 3 removes one."""
    from bot.wallet.refusal import WalletError

    cancelled = None
    if words and words[0].lower() in ("cancel", "remove", "delete", "del", "rm", "取消", "删除"):
        if len(words) < 2 or not words[1].lstrip("#").isdigit():
            raise WalletError("reminder.err.which")
        ctx.require_write()
        found = ctx.find()
        rid = int(words[1].lstrip("#"))
        with ctx.store.write():
            ok = found is not None and reminder_store.cancel(ctx.store, found.id, rid)
        if not ok:
            raise WalletError("reminder.err.none", id=rid)
        cancelled = rid
    found = ctx.find()
    listed = [_view(r, ctx.lang) for r in reminder_store.pending_for(ctx.store, found.id)] if found is not None else []
    return ctx.reply("reminder", {"problem": None, "set": None, "list": listed, "cancelled": cancelled})


def sweep_reminders(store: Store, now: datetime, report: SweepReport) -> None:
    """Queue every reminder whose moment has come (once each: the row is marked in the same transaction)."""
    while True:
        with store.write():
            due = reminder_store.due(store, now, BATCH)
            for r in due:
                w, p = wallet_and_prefs(store, r.wallet_id)
                if reminder_store.mark_queued(store, r.id):
                    data = {"reminder_id": r.id, "what": r.what, "at": r.due_at.isoformat(), "zone": r.zone, "lang": r.lang}
                    report.enqueued += alert(store, w, p, kind="alert_reminder", key=f"reminder:{r.id}", data=data,
                                             due_at=r.due_at, now=now)
        if len(due) < BATCH:
            return


def reminder_alert_data(d: dict[str, Any], lang: str) -> dict[str, Any]:
    """What the delivered reminder shows, from the outbox row's facts: the moment in the zone it was named in."""
    at = datetime.fromisoformat(d["at"]).astimezone(zone_of(d["zone"]))
    return {"what": d["what"], "when": wall_clock(at, lang), "reminder_id": d["reminder_id"]}
