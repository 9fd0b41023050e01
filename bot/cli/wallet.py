"""`kasuan db check`, `kasuan alerts due` and `kasuan alerts run`: the wallet's book and alerts from a shell.

Why commands: an operator must be able to prove the ledger is consistent (every balance equals the
sum of its entries) and to see what the sweeper would send at a given moment without sending it.
`--now` sets the clock, so "what is due on the 5th at 09:00?" is one command. Bad input (a
malformed --now) is one line and exit code 2, like every kasuan subcommand.

`alerts run` never marks an alert sent that it could not deliver: alerts for a platform whose front
end is not running in this process stay queued (said, exit code 3) for the bot that can deliver
them; console wallets' alerts are printed here (this terminal is their chat). `--dry-run` prints
what would go out and changes nothing; a `--now` later than the real clock is simulated time and
is always a dry run, so it can never charge a meter or end a rental ahead of time.
"""

from __future__ import annotations

import argparse
import asyncio
import json
from collections.abc import Callable
from typing import Any

from bot.cli.db_backup import add_backup_parsers
from bot.clock import Clock, FixedClock, SystemClock, parse_instant
from bot.messages import Delivery, Reply
from bot.store import connect, current_version, outbox
from bot.store.connection import ts
from bot.store.ledger import check, integrity
from bot.store.outbox import OutboxItem
from bot.store.wallets import prefs
from bot.text.i18n import t
from bot.text.render import render_reply
from bot.wallet.display import alert_reply
from bot.wallet.sender import Deliver, send_due
from bot.wallet.sweeper import due_alerts, sweep

DeliverFactory = Callable[[], Deliver | None]
EXIT_CHECK_FAILED = 1
EXIT_LEFT_QUEUED = 3  # alerts are due for a platform this process cannot deliver to
REAL_CLOCK: Clock = SystemClock()  # what "the future" is measured against (tests replace it)
CONSOLE = "console"


def add_wallet_parsers(subparsers: Any, deliver_factory: DeliverFactory | None = None) -> None:
    """Add `db` and `alerts` to the kasuan command. `deliver_factory` returns the front ends' alert
    delivery with a `platforms` attribute naming what it reaches (None when none is configured:
    `alerts run` then delivers only console alerts, here, and leaves the others queued)."""
    parser_class = getattr(subparsers, "_parser_class", argparse.ArgumentParser)
    db = subparsers.add_parser("db", help="the wallet database: check the ledger, back it up, restore it")
    db_sub = db.add_subparsers(dest="db_command", required=True, parser_class=parser_class)
    p = db_sub.add_parser("check", help="verify every balance equals the sum of its ledger entries")
    p.add_argument("--json", action="store_true")
    p.add_argument("--lang", choices=["zh", "en"])
    p.set_defaults(handler=cmd_db_check)
    add_backup_parsers(db_sub)

    alerts = subparsers.add_parser("alerts", help="wallet alerts: list what is due, or sweep and send once")
    a_sub = alerts.add_subparsers(dest="alerts_command", required=True, parser_class=parser_class)
    p = a_sub.add_parser("due", help="list the alerts due now (or at --now) without sending or writing anything")
    p.add_argument("--now", type=str, help="ISO 8601 time to use as now, e.g. 2026-12-05T09:00:00+08:00")
    p.add_argument("--json", action="store_true")
    p.add_argument("--lang", choices=["zh", "en"])
    p.set_defaults(handler=cmd_alerts_due)
    p = a_sub.add_parser("run", help="sweep once and deliver what is due; alerts for a platform without a front end"
                                     " here stay queued (exit code 3)")
    p.add_argument("--now", type=str, help="ISO 8601 time to use as now (later than the real clock: a dry run)")
    p.add_argument("--dry-run", action="store_true", dest="dry_run",
                   help="print what would be queued and sent; change nothing")
    p.add_argument("--lang", choices=["zh", "en"])
    p.set_defaults(handler=lambda args: cmd_alerts_run(args, deliver_factory))


def _clock(args: argparse.Namespace) -> Clock:
    return FixedClock(parse_instant(args.now)) if getattr(args, "now", None) else REAL_CLOCK


def cmd_db_check(args: argparse.Namespace) -> int:
    lang = args.lang or "en"
    store = connect()
    try:
        n_accounts, n_entries, bad = check(store)
        problems = integrity(store)
        version = current_version(store)
    finally:
        store.close()
    if args.json:
        print(json.dumps({"ok": not bad and not problems, "schema_version": version, "accounts": n_accounts,
                          "entries": n_entries, "problems": problems,
                          "mismatches": [{"account": m.account_id, "balance_minor": m.balance_minor,
                                          "entries_minor": m.entries_minor} for m in bad]}, ensure_ascii=False))
    else:
        for m in bad:
            print(t("wallet.cli.mismatch", lang, account=m.account_id, balance=m.balance_minor, sum=m.entries_minor))
        for problem in problems:
            print(t("wallet.cli.integrity", lang, problem=problem))
        if not bad and not problems:
            print(t("wallet.cli.check_ok", lang, accounts=n_accounts, entries=n_entries, version=version))
    return EXIT_CHECK_FAILED if bad or problems else 0


def _item_json(item: OutboxItem, text: str) -> dict[str, Any]:
    return {"key": item.key, "chat": item.chat, "kind": item.kind, "status": item.status,
            "due_at": ts(item.due_at), "not_before": ts(item.not_before), "data": item.data, "text": text}


def cmd_alerts_due(args: argparse.Namespace) -> int:
    clock = _clock(args)
    lang = args.lang or "en"
    now = clock.now()
    store = connect()
    try:
        items = due_alerts(store, now)
        rendered = [(item, render_reply(alert_reply(item, prefs(store, item.wallet_id), False), "plain")) for item in items]
    finally:
        store.close()
    if getattr(args, "json", False):
        print(json.dumps({"now": ts(now), "due": [_item_json(i, text) for i, text in rendered]}, ensure_ascii=False))
        return 0
    if not rendered:
        print(t("wallet.cli.none_due", lang, now=ts(now)))
        return 0
    print(t("wallet.cli.due_header", lang, count=len(rendered), now=ts(now)))
    for item, text in rendered:
        print(t("wallet.cli.due_item", lang, due=ts(item.due_at), chat=item.chat, kind=item.kind))
        print("  " + text.strip().replace("\n", "\n  "))
    return 0


def console_deliver(lang: str) -> Deliver:
    """Delivery to this terminal: the alert as the console would show it, under the chat it is for."""

    async def deliver(chat: str, reply: Reply) -> Delivery:
        print(t("wallet.cli.deliver_to", lang, chat=chat))
        print("  " + render_reply(reply, "plain").strip().replace("\n", "\n  "), flush=True)
        return Delivery.sent()

    return deliver


def _platform_deliver(fronts: Deliver | None, lang: str) -> tuple[Deliver, set[str]]:
    """One delivery for the platforms this process reaches: the front ends', plus the console."""
    platforms = set(getattr(fronts, "platforms", ())) if fronts is not None else set()
    console = console_deliver(lang)

    async def deliver(chat: str, reply: Reply) -> Delivery:
        if chat.startswith(CONSOLE + ":") or fronts is None:
            return await console(chat, reply)
        return await fronts(chat, reply)

    return deliver, platforms | {CONSOLE}


def cmd_alerts_run(args: argparse.Namespace, deliver_factory: DeliverFactory | None) -> int:
    clock = _clock(args)
    lang = args.lang or "en"
    now = clock.now()
    if not args.dry_run and now > REAL_CLOCK.now():
        print(t("wallet.cli.simulated_dry_run", lang, now=ts(now)))
        args.dry_run = True
    if args.dry_run:
        print(t("wallet.cli.dry_run", lang))
        return cmd_alerts_due(args)
    fronts = deliver_factory() if deliver_factory is not None else None
    deliver, platforms = _platform_deliver(fronts, lang)
    store = connect()
    try:
        swept = sweep(store, now)
        sent = asyncio.run(send_due(store, clock, deliver, limit=10_000, platforms=platforms))
        waiting = {p: n for p, n in outbox.waiting_by_platform(store, clock.now()).items() if p not in platforms}
    finally:
        store.close()
    print(t("wallet.cli.run_report", lang, enqueued=swept.enqueued, sent=sent.sent, late=sent.late,
            retried=sent.retried + sent.failed, quiet=sent.quiet, blocked=sent.blocked, gave_up=sent.gave_up))
    for platform, n in sorted(waiting.items()):
        print(t("wallet.cli.left_queued", lang, count=n, platform=platform))
    return EXIT_LEFT_QUEUED if waiting else 0
