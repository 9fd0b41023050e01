"""What a wallet has spent in the period asked ("我这个月一共花了多少", "what did we spend this week"): charges less
refunds in the calendar month, the week from Monday, or the day, in the wallet's timezone, plus metered minutes used
and not charged yet (bot.wallet.budget.month_spend, the same sum the budget compares). A wallet with nothing recorded
has spent 0 in that period, said with the period's dates, never a price or a FAQ entry."""

from __future__ import annotations

from datetime import timedelta

from bot.messages import Reply
from bot.wallet.budget import month_spend
from bot.wallet.call import WalletCall
from bot.wallet.times import fmt_date, period_bounds
from engine.money import Money


def spent_in(ctx: WalletCall, span: str) -> Reply:
    """The spend of the period `span` ("month", "week", "day") that holds now, per currency."""
    w = ctx.find()
    tz = ctx.tz(w)
    start, end, _ = period_bounds(ctx.now, tz, span)
    spent = month_spend(ctx.store, w.id, start, end, ctx.now) if w is not None else {}
    amounts = [Money.from_minor(v, cur).format(exact=True) for cur, v in sorted(spent.items()) if v]
    last_day = fmt_date(end - timedelta(seconds=1), tz)  # the period's last day, as the user's calendar has it
    return ctx.reply("wallet_spent", {"span": span, "start": fmt_date(start, tz), "end": last_day, "amounts": amounts,
                                      "tz": tz})
