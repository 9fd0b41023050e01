"""Money in: top-ups (named provider, the only one billing in a currency, or asked back), an
amount that reads two ways shown as two buttons, and the monthly budget."""

from __future__ import annotations

import logging
from datetime import timedelta
from decimal import Decimal

from bot.messages import Awaiting, Button, Reply
from bot.store import budgets as budget_store
from bot.store import pending
from bot.understand.amount import Ambiguous
from bot.wallet import budget as budgets
from bot.wallet import commands as cmd
from bot.wallet import display
from bot.wallet.call import PENDING_TTL, USAGE, WalletCall
from bot.wallet.money import check_amount
from bot.wallet.operations import (
    topup,
)
from bot.wallet.refusal import WalletError
from bot.wallet.times import fmt_date, period_bounds
from engine.money import Money
from engine.providers import Provider, provider, providers

log = logging.getLogger("kasuan.wallet")

def provider_for(ctx: WalletCall, prov: str | None, currency: str | None, resume: Awaiting | None = None,
                 amount: Decimal | None = None) -> Provider:
    """The provider a top-up or budget means: named, or the only one billing in `currency`, or the
    wallet's only account; else the user is asked, with the candidates as buttons (and the
    `amount` named back, so "帮我充 3k" hears 3,000 while it waits for the provider)."""
    if prov is not None:
        p = provider(prov)
        if currency is not None and currency != p.currency:
            raise WalletError("wallet.err.currency_mismatch", provider=p.name, currency=currency, expected=p.currency)
        return p
    if currency is not None:
        matches = [p for p in providers().entries if p.currency == currency]
        if len(matches) == 1:
            return matches[0]
        mine = [a for a in ctx.accounts() if a.currency == currency]
        if len(mine) == 1:
            return provider(mine[0].provider)
        raise WalletError("wallet.err.which_provider", resume=resume, choices=[p.id for p in matches],
                          options=", ".join(p.id for p in matches) or "-")
    mine = ctx.accounts()
    if len(mine) == 1:
        return provider(mine[0].provider)
    if amount is not None:
        raise WalletError("wallet.err.which_provider_amount", resume=resume, choices=[p.id for p in providers().entries],
                          amount=f"{amount:,}", options=", ".join(f"{p.id} ({p.currency})" for p in providers().entries))
    raise WalletError("wallet.err.which_provider", resume=resume, choices=[p.id for p in providers().entries],
                      options=", ".join(f"{p.id} ({p.currency})" for p in providers().entries))


def cmd_topup(ctx: WalletCall, words: list[str]) -> Reply:
    money, rest = cmd.parse_money_args(words)
    if money is None:
        raise WalletError("wallet.err.need_amount", usage=USAGE["topup"])
    cmd.reject_leftovers(rest, USAGE["topup"])
    if money.ambiguous is not None:
        return ask_amount(ctx, "topup", money.ambiguous, money.currency, money.provider)
    assert money.amount is not None
    return record_topup(ctx, money.amount, money.currency, money.provider)


def record_topup(ctx: WalletCall, amount: Decimal, currency: str | None, prov: str | None, key: str | None = None) -> Reply:
    ctx.require_write()
    p = provider_for(ctx, prov, currency, Awaiting("topup", "provider", {"amount": str(amount), "currency": currency}),
                     amount=amount)
    minor = check_amount(amount, p.currency)
    w = ctx.ensure()
    done = topup(ctx.store, ctx.now, w, p.id, p.currency, minor, key or ctx.key("topup"), ctx.inc.scope_user)
    shown = Money.from_minor(done.entry.amount_minor, done.account.currency).format(exact=True)
    if currency is not None and not shown.lstrip("-").startswith(currency):
        shown = f"{shown} {currency}"  # "充 2k USDT": the currency said is named back beside its symbol (₮2,000.00 USDT)
    return ctx.reply("wallet_topup", {
        "amount": shown,
        "provider": p.name,
        "balance": Money.from_minor(done.account.balance_minor, done.account.currency).format(exact=True),
        "replay": done.replay,
    })


# ---------------------------------------------------------------- an ambiguous amount, asked back


def ask_amount(ctx: WalletCall, then: str, amb: Ambiguous, currency: str | None, prov: str | None,
                thresholds: tuple[int, ...] = budgets.DEFAULT_THRESHOLDS) -> Reply:
    """"1,5" could be 1.5 or 15: write nothing, show both readings as buttons; pressing one carries
    on with the top-up (or budget) exactly as if that amount had been typed."""
    ctx.require_write()
    shown_in = currency or (provider(prov).currency if prov else None)
    if then == "topup" and shown_in is None:
        shown_in = provider_for(ctx, prov, currency).currency
    readings = [Money(v, shown_in).format(exact=True) if shown_in else f"{v:,}" for v in amb.readings]
    w = ctx.ensure()
    with ctx.store.write():
        pend = pending.create_pending(
            ctx.store, key=ctx.key("pick"), wallet_id=w.id, user=ctx.inc.scope_user, chat=ctx.inc.scope_chat,
            action="pick", data={"then": then, "readings": [str(v) for v in amb.readings], "currency": currency,
                                 "provider": prov, "personal": ctx.personal, "thresholds": list(thresholds)},
            at=ctx.now, expires_at=ctx.now + PENDING_TTL)
    buttons = [Button("wallet.btn.pick_amount", f"w:a{i}:{pend.id}", {"amount": shown})
               for i, shown in enumerate(readings)]
    return ctx.reply("wallet_amount_pick", {"text": amb.text, "readings": readings, "action": then},
                     [*buttons, Button("wallet.btn.cancel", f"w:no:{pend.id}")])


def pick(ctx: WalletCall, pending_id: int, index: int) -> Reply:
    """The user chose one reading of an ambiguous amount. Only the asker, in the chat asked; a second
    press (of either button) replays the first choice and records nothing more."""
    p = pending.pending(ctx.store, pending_id)
    if p is None or p.action != "pick" or p.user != ctx.inc.scope_user or p.chat != ctx.inc.scope_chat:
        raise WalletError("wallet.err.not_your_button")
    ctx.personal = bool(p.data.get("personal"))
    if p.status == "cancelled":
        return ctx.reply("wallet_cancelled", {"action": p.data.get("then", "topup")})
    if p.status == "open" and ctx.now > p.expires_at:
        with ctx.store.write():
            pending.close_pending(ctx.store, p.id, "cancelled", None)
        raise WalletError("wallet.err.pending_expired")
    if p.status == "done" and p.result is not None:
        index = int(p.result["index"])
    value = Decimal(p.data["readings"][index])
    cur, prov = p.data.get("currency"), p.data.get("provider")
    if p.data["then"] == "budget":
        reply = set_budget(ctx, value, cur, prov, tuple(int(x) for x in p.data["thresholds"]))
    else:
        reply = record_topup(ctx, value, cur, prov, key=f"pending:{p.id}:topup")
    if p.status == "open":
        with ctx.store.write():
            pending.close_pending(ctx.store, p.id, "done", {"index": index})
    return reply


def cmd_budget(ctx: WalletCall, words: list[str]) -> Reply:
    args = cmd.parse_budget(words)
    if args is None:
        return show_budget(ctx, "show")
    ctx.require_write()
    if args.clear:
        w = ctx.find()
        if w is not None:
            with ctx.store.write():
                budget_store.clear_budget(ctx.store, w.id)
        return show_budget(ctx, "cleared")
    assert args.money is not None
    if args.money.ambiguous is not None:
        return ask_amount(ctx, "budget", args.money.ambiguous, args.money.currency, args.money.provider,
                           args.thresholds)
    assert args.money.amount is not None
    return set_budget(ctx, args.money.amount, args.money.currency, args.money.provider, args.thresholds, args.span)


def set_budget(ctx: WalletCall, amount: Decimal, currency: str | None, prov: str | None,
               thresholds: tuple[int, ...], span: str = "month", action: str = "set") -> Reply:
    ctx.require_write()
    if currency is None and prov is not None:
        currency = provider(prov).currency
    if currency is None:
        mine = {a.currency for a in ctx.accounts()}
        currency = mine.pop() if len(mine) == 1 else ("CNY" if ctx.lang == "zh" else "USD")
    minor = check_amount(amount, currency)
    w = ctx.ensure()
    with ctx.store.write():
        budget_store.set_budget(ctx.store, w.id, minor, currency, thresholds, ctx.inc.scope_user, ctx.now, span)
    return show_budget(ctx, action)


def show_budget(ctx: WalletCall, action: str) -> Reply:
    w = ctx.find()
    b = budget_store.budget(ctx.store, w.id) if w is not None else None
    view = None
    if w is not None and b is not None:
        tz = ctx.tz(w)
        view = display.budget_view(budgets.status(ctx.store, b, tz, ctx.now))
        start, end, _ = period_bounds(ctx.now, tz, b.span)  # the period the alert watches now, as the user's dates
        view.update(start=fmt_date(start, tz), end=fmt_date(end - timedelta(seconds=1), tz))
    return ctx.reply("wallet_budget", {"action": action, "budget": view,
                                       "can_write": not ctx.team or ctx.inc.is_admin})
