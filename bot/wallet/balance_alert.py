"""A warning asked for when the balance falls under an amount ("余额低于 ₮50 通知我", "alert me when my balance
drops below 100 USDT"): the wallet's balance warning, never a card's price watch.

Why a module of its own: the wallet warns about money by the hours it still covers (the runway levels of
`/alerts runway 24h 6h`, README "Alerts"), because a balance only runs out where a per-minute meter burns it;
a prepaid cycle is paid in full at the order and warns by its expiry instead. So an amount asked for is turned
into the hours it lasts at what the running per-minute rentals burn now, and that level is set (whole hours,
within the allowed range); with nothing burning, no amount can run out, and the reply says so, names the amount
back and what does warn (the default runway warnings and the expiry reminders), setting nothing it cannot keep.
"""

from __future__ import annotations

import re
from decimal import ROUND_HALF_UP, Decimal

from bot.clock import Clock
from bot.messages import Incoming, Reply
from bot.store import Store
from bot.store.wallets import accounts, prefs
from bot.text.i18n import t
from bot.understand.price_watch import amount_below
from bot.wallet.commands import MAX_RUNWAY_LEVELS, RUNWAY_HOURS_RANGE
from bot.wallet.reads import cmd_alerts
from engine.money import Money

# asked to be told ("通知我", "提醒", "set an alert", "warn me"), about the wallet's own money, under an amount
ASKED = re.compile(r"提醒|通知|告诉我|叫我|喊我|预警|告警|报个?警|吱一?声|知会|\balert|\bnotif|\bremind|\bwarn|\bping\s+me|ping\s*我|\blet\s+me\s+know|\btell\s+me", re.I)
BALANCE = re.compile(r"余额|钱包|账上|账户|\bbalance|\bwallet|\bfunds\b|\bcredit\b", re.I)


def read_balance_alert(text: str) -> tuple[Decimal, str | None] | None:
    """(amount, currency) of a balance warning asked for; None for anything else (a card's price watch included)."""
    if not (ASKED.search(text) and BALANCE.search(text)):
        return None
    below = amount_below(text)
    if below is None or (BALANCE.search(text[below.end:]) and not BALANCE.search(text[: below.start])):
        return None  # "under 4000, tell me and top up the wallet": the amount is no balance's
    return below.amount, below.currency


def set_balance_alert(store: Store, clock: Clock, inc: Incoming, amount: Decimal, currency: str | None,
                      lang: str) -> Reply:
    """The balance warning at `amount`: set as the runway level it lasts at the current burn, else explained."""
    from bot.wallet.call import WalletCall
    from bot.wallet.metered import account_runway

    now = clock.now()
    ctx = WalletCall(store, clock, inc, lang, now)
    found = ctx.find()
    burning = []
    if found is not None:
        for acct in accounts(store, found.id):
            runway = account_runway(store, acct, now)
            if runway is not None and runway.burn_per_hour > 0:
                burning.append((acct.currency, runway.burn_per_hour))
    asked = Money(amount, currency or (burning[0][0] if burning else "USDT"))
    if not burning:
        return ctx.reply("error", {"message": t("balance_alert.idle", lang, amount=asked.format(exact=True))})
    # the account burning in the currency asked, else the first burning one (the amount converted to its currency)
    cur, burn = next((b for b in burning if b[0] == asked.currency), burning[0])
    amount = asked.to(cur).amount
    low, high = RUNWAY_HOURS_RANGE
    hours = int(min(max((amount / burn).quantize(Decimal(1), rounding=ROUND_HALF_UP), Decimal(low)), Decimal(high)))
    kept = [h for h in prefs(store, found.id).runway_hours if h != hours] if found is not None else []
    levels = sorted({hours, *kept}, reverse=True)[:MAX_RUNWAY_LEVELS]
    if hours not in levels:
        levels = [*levels[: MAX_RUNWAY_LEVELS - 1], hours]
    lead = t("balance_alert.set", lang, amount=asked.format(exact=True), hours=hours, burn=Money(burn, cur).format(exact=True))
    reply = cmd_alerts(ctx, ["runway", *(f"{h}h" for h in levels)])
    return Reply(reply.kind, reply.lang, {**reply.data, "lead": lead}, reply.buttons)
