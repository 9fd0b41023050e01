"""Reading a wallet: its balances and month (/wallet, /balance), its rentals, its ledger a page at
a time (/history), and its alert settings and price watches (/alerts). Nothing is written here
except alert preferences an admin changes."""

from __future__ import annotations

import logging
from decimal import Decimal
from typing import Any

from bot.messages import Button, Reply
from bot.store import ledger, rentals
from bot.store.wallets import (
    accounts,
    prefs,
    update_prefs,
)
from bot.text.i18n import t
from bot.wallet import commands as cmd
from bot.wallet import display
from bot.wallet.call import WalletCall, default_tz
from bot.wallet.operations import (
    reschedule_account,
)
from bot.wallet.refusal import WalletError
from bot.wallet.watch import watches_view
from engine.money import Money

log = logging.getLogger("kasuan.wallet")

PAGE_SIZE = 10


def held(ctx: WalletCall) -> dict[str, tuple[Decimal, str]]:
    """What the asker's wallet holds at each provider with money in it ({"gpuli": (1000, "USDT")}): a
    question such as "can I rent an A100 for a month now" weighs that rental against it. Reads only."""
    w = ctx.find()
    if w is None:
        return {}
    out: dict[str, tuple[Decimal, str]] = {}
    for a in accounts(ctx.store, w.id):
        if a.balance_minor > 0 and a.provider not in out:
            out[a.provider] = (Money.from_minor(a.balance_minor, a.currency).amount, a.currency)
    return out


def cmd_wallet(ctx: WalletCall, words: list[str]) -> Reply:
    cmd.reject_leftovers(words, "/wallet")
    w = ctx.find()
    p = prefs(ctx.store, w.id) if w is not None else None
    view = display.wallet_view(ctx.store, w, p, ctx.now, ctx.team, ctx.tz(w))
    view["can_write"] = not ctx.team or ctx.inc.is_admin
    return ctx.reply("wallet", view)


def cmd_rentals(ctx: WalletCall, words: list[str]) -> Reply:
    cmd.reject_leftovers(words, "/rentals")
    w = ctx.find()
    tz = ctx.tz(w)
    active: list[dict[str, Any]] = []
    ended: list[dict[str, Any]] = []
    if w is not None:
        by_id = {a.id: a for a in accounts(ctx.store, w.id)}
        active = [display.rental_view(ctx.store, r, tz, ctx.now, by_id.get(r.account_id))
                  for r in rentals.wallet_rentals(ctx.store, w.id, active=True, limit=50)]
        ended = [display.rental_view(ctx.store, r, tz, ctx.now, by_id.get(r.account_id))
                 for r in rentals.wallet_rentals(ctx.store, w.id, active=False, limit=10)]
    return ctx.reply("wallet_rentals", {"active": active, "ended": ended, "tz": tz})


def cmd_history(ctx: WalletCall, words: list[str]) -> Reply:
    page = 1
    if words:
        if len(words) != 1 or not words[0].isdigit() or not 1 <= int(words[0]) <= 100_000:
            raise WalletError("wallet.err.bad_page", value=" ".join(words))
        page = int(words[0])
    w = ctx.find()
    tz = ctx.tz(w)
    total = ledger.count_wallet_entries(ctx.store, w.id) if w is not None else 0
    pages = max(1, -(-total // PAGE_SIZE))
    page = min(page, pages)
    entries = (ledger.wallet_entries(ctx.store, w.id, limit=PAGE_SIZE, offset=(page - 1) * PAGE_SIZE)
               if w is not None else [])
    scope = "t" if ctx.team else "p"
    asker = ctx.inc.user_id if len(ctx.inc.user_id) <= 40 else ""  # in a group only the asker pages on
    buttons = []
    if page > 1:
        buttons.append(Button("wallet.btn.prev", f"w:h:{page - 1}:{scope}:{asker}"))
    if page < pages:
        buttons.append(Button("wallet.btn.next", f"w:h:{page + 1}:{scope}:{asker}"))
    return ctx.reply("wallet_history", {"entries": [display.entry_view(e, tz) for e in entries], "page": page,
                                        "pages": pages, "total": total, "tz": tz}, buttons)


UNWATCH_WORDS = {"unwatch", "remove", "rm", "delete", "取消", "删除"}


def _unwatch(ctx: WalletCall, words: list[str]) -> Reply:
    """/alerts unwatch 3: remove price watch #3 of this wallet."""
    from bot.store import watches as watch_store

    found = ctx.find()
    wid = int(words[0].lstrip("#")) if words and words[0].lstrip("#").isdigit() else 0
    with ctx.store.write():
        removed = found is not None and watch_store.remove(ctx.store, found.id, wid)
    return ctx.reply("error", {"message": t("watch.removed" if removed else "watch.not_found", ctx.lang, id=wid)})


def cmd_alerts(ctx: WalletCall, words: list[str]) -> Reply:
    if words and words[0].lower() in UNWATCH_WORDS:
        return _unwatch(ctx, words[1:])
    args = cmd.parse_alerts(words)
    changed = False
    if args is not None:
        ctx.require_write()
        w = ctx.ensure()
        values: dict[str, object] = dict(args.switches)
        if args.tz is not None:
            values["tz"] = args.tz
        if args.quiet is not None:
            values["quiet_start"], values["quiet_end"] = args.quiet
        if args.quiet_off:
            values["quiet_start"] = values["quiet_end"] = None
        if args.runway_hours is not None:
            values["runway_hours"] = args.runway_hours
            if args.runway_hours:
                values.setdefault("runway", True)  # choosing levels means wanting the warnings
        with ctx.store.write():
            update_prefs(ctx.store, w.id, **values)
            if args.runway_hours is not None:  # running per-minute rentals look again at the new levels
                for acct in accounts(ctx.store, w.id):
                    reschedule_account(ctx.store, acct, ctx.now)
        changed = True
    found = ctx.find()
    p = prefs(ctx.store, found.id) if found is not None else None
    return ctx.reply("wallet_alerts", {
        "changed": changed, "tz": p.tz if p else default_tz(ctx.lang),
        "quiet": f"{p.quiet_start}-{p.quiet_end}" if p and p.quiet_start else None,
        "kinds": {k: (p.enabled(k) if p else True) for k in ("expiry", "runway", "budget")},
        "runway_hours": ", ".join(map(str, p.runway_hours)) if p else "",
        "chat": found.chat if found else None, "can_write": not ctx.team or ctx.inc.is_admin,
        "watches": watches_view(ctx.store, found.id) if found is not None else [],
    })
