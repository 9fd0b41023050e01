"""Rentals: /rent, /stop and /renew quoted as a confirmation (the price, the balance after it,
an overdraft within its bounds), and the confirmation pressed: carried out once, for the asker,
in the chat asked."""

from __future__ import annotations

import logging
from dataclasses import asdict
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

from bot.messages import Awaiting, Button, Reply, Turn
from bot.store import pending, rentals
from bot.store.pending import Pending
from bot.store.wallets import (
    Account,
    Wallet,
    find_account,
    wallet,
)
from bot.text.names import gpu_name
from bot.wallet import commands as cmd
from bot.wallet import display
from bot.wallet.call import PENDING_TTL, USAGE, WalletCall, error_text
from bot.wallet.operations import (
    open_rental,
    overdraft_ceiling_minor,
    preview_stop,
    renew_rental,
    renew_start,
    renewable,
    stop_rental,
)
from bot.wallet.pricing import DEFAULT_JOB, Plan, plan_rental
from bot.wallet.refusal import Shortfall, WalletError
from bot.wallet.times import fmt_local, parse_duration
from engine.billing import NotOffered
from engine.catalog import form_variants
from engine.errors import KasuanError
from engine.money import Money
from engine.providers import providers

log = logging.getLogger("kasuan.wallet")

def cmd_rent(ctx: WalletCall, words: list[str]) -> Reply:
    if not words:
        raise WalletError("wallet.err.need_card")
    args = cmd.parse_rent(words)
    return rent(ctx, args)


def _choose_plan(ctx: WalletCall, args: cmd.RentArgs, default_provider: str | None = None) -> Plan:
    """Price the rental at the named provider, or the user's default provider when it rents this
    card, or the one provider that can rent it (preferring providers the wallet already has a
    balance with); otherwise ask which, with the candidates as buttons."""
    if args.provider is not None:
        return plan_rental(args.provider, args.gpu, args.num_gpus, args.duration, args.region)
    plans: list[Plan] = []
    refusals: list[KasuanError] = []
    for p in providers().entries:
        if args.region is not None and args.region not in {r.id for r in p.regions}:
            continue
        try:
            plans.append(plan_rental(p.id, args.gpu, args.num_gpus, args.duration, args.region))
        except NotOffered:
            continue
        except WalletError as exc:  # e.g. a price band: keep looking, report it if nothing else fits
            refusals.append(exc)
    if default_provider is not None:
        chosen = [pl for pl in plans if pl.provider == default_provider]
        if chosen:
            return chosen[0]
    if len(plans) > 1:
        mine = {a.provider for a in ctx.accounts()}
        preferred = [pl for pl in plans if pl.provider in mine]
        if len(preferred) == 1:
            return preferred[0]
        hours = args.duration.total_seconds() / 3600 if args.duration else None
        resume = Awaiting("rent", "provider", {"gpu": args.gpu, "num_gpus": args.num_gpus, "hours": hours,
                                               "region": args.region, "form_named": args.form_named})
        options = ", ".join(pl.provider for pl in plans)
        if args.duration:  # "帮我租一张 4090 一周": what that rental costs at each, and that it comes off the balance
            # each at the form the order would take there ("A100 80G" at gpuli: its PCIe at ₮899, not the SXM)
            shown = [_cheapest_form(pl, args) for pl in plans]
            priced = ", ".join(f"{pl.provider} {pl.estimate_mark}{Money.from_minor(pl.price_minor, pl.currency).format(exact=True)}"
                               for pl in sorted(shown, key=lambda pl: pl.provider))
            raise WalletError("wallet.err.which_provider_priced", resume=resume, choices=[pl.provider for pl in plans],
                              options=options, priced=priced)
        raise WalletError("wallet.err.which_provider", resume=resume, choices=[pl.provider for pl in plans], options=options)
    if plans:
        return plans[0]
    if refusals:
        raise refusals[0]
    raise WalletError("wallet.err.nobody_rents", gpu=gpu_name(args.gpu), n=args.num_gpus)


def _cheapest_form(plan: Plan, args: cmd.RentArgs) -> Plan:
    """`plan` at its provider in the card's cheapest form when SXM or PCIe was not said (as the order will be)."""
    if args.form_named:
        return plan
    for gpu in form_variants(args.gpu)[1:]:
        try:
            other = plan_rental(plan.provider, gpu, args.num_gpus, args.duration, args.region)
        except (NotOffered, WalletError):
            continue
        plan = other if other.price_minor < plan.price_minor else plan
    return plan


def _cheaper_variant(ctx: WalletCall, args: cmd.RentArgs, default_provider: str | None) -> tuple[Plan, Plan | None]:
    """(the plan, the other form factor's plan) when SXM or PCIe was not said: at the provider the
    rental goes to, the cheaper of the card's variants, as the price answer lists it (None: no
    choice was made, the card as named)."""
    plan = _choose_plan(ctx, args, default_provider)
    if args.form_named:
        return plan, None
    others: list[Plan] = []
    for gpu in form_variants(args.gpu)[1:]:
        try:
            others.append(plan_rental(plan.provider, gpu, args.num_gpus, args.duration, args.region))
        except (NotOffered, WalletError):
            continue  # that provider does not rent this variant (or has no fixed price for it)
    if not others:
        return plan, None
    cheapest = min([plan, *others], key=lambda p: p.price_minor)
    other = plan if cheapest is not plan else min(others, key=lambda p: p.price_minor)
    return cheapest, other


def _pending_debit(ctx: WalletCall, wallet_id: int, plan: Plan, debit_minor: int, action: str,
                   extra: dict[str, Any]) -> tuple[Account | None, int, int, Pending]:
    """The balance a rent or renew would leave, and its confirmation waiting to be pressed: the floor
    stored with it is the lowest balance the confirmation stated, so Confirm never goes below it."""
    acct = find_account(ctx.store, wallet_id, plan.provider, plan.currency)
    balance = acct.balance_minor if acct is not None else 0
    after = balance - debit_minor
    with ctx.store.write():
        pend = pending.create_pending(ctx.store, key=ctx.key(action), wallet_id=wallet_id, user=ctx.inc.scope_user,
                                      chat=ctx.inc.scope_chat, action=action,
                                      data={**extra, "plan": plan_to_dict(plan), "floor_minor": min(after, 0)},
                                      at=ctx.now, expires_at=ctx.now + PENDING_TTL)
    return acct, balance, after, pend


def rent(ctx: WalletCall, args: cmd.RentArgs, default_provider: str | None = None) -> Reply:
    ctx.require_write()
    plan, other = _cheaper_variant(ctx, args, default_provider)
    w = ctx.ensure()
    _, balance, after, pend = _pending_debit(ctx, w.id, plan, plan.debit_minor, "rent", {})
    tz = ctx.tz(w)
    data = plan_view(plan, tz, ctx.now) | _balance_view(balance, after, plan.currency)
    data |= {"action": "rent", "expires": fmt_local(pend.expires_at, tz)}
    if other is not None:  # "A100 80G": the cheaper variant, named, with how to rent the other one
        data["variant"] = {"chosen": gpu_name(plan.gpu), "other": gpu_name(other.gpu),
                           "other_price": Money.from_minor(other.price_minor, other.currency).format(exact=True),
                           "form": gpu_name(other.gpu).rsplit(" ", 1)[-1]}
    reply = ctx.reply("wallet_confirm", data, _confirm_buttons(pend.id, after, plan.debit_minor, plan.currency))
    hours = args.duration.total_seconds() / 3600 if args.duration else None
    reply.turn = Turn("rent", {"gpu": plan.gpu, "num_gpus": args.num_gpus, "hours": hours, "provider": args.provider,
                               "region": args.region})  # "一周，gpuli" next re-quotes this rental
    return reply


def plan_view(plan: Plan, tz: str, now: datetime) -> dict[str, Any]:
    cur = plan.currency
    return {
        "gpu": gpu_name(plan.gpu), "n": plan.num_gpus, "provider": plan.provider_name, "region": plan.region,
        "per_minute": plan.per_minute, "price": Money.from_minor(plan.price_minor, cur).format(exact=True),
        "cycles": [{"kind": k, "count": c} for k, c in plan.cycles],
        "ends": fmt_local(now + timedelta(minutes=plan.bought_minutes), tz) if plan.bought_minutes else None,
        "bought": display.dur(timedelta(minutes=plan.bought_minutes)) if plan.bought_minutes else None,
        "hourly": Money(plan.hourly, cur).format(exact=True) if plan.hourly is not None else None,
        "hold": Money.from_minor(plan.hold_minor, cur).format(exact=True),
        "job": display.dur(timedelta(minutes=plan.job_minutes)) if plan.job_minutes else None,
        "default_hours": int(DEFAULT_JOB.total_seconds() // 3600),
        "price_status": plan.price_status,
    }


def _balance_view(balance: int, after: int, currency: str) -> dict[str, Any]:
    """The balance now and after the charge; below zero, the shortfall and the overdraft's bounds:
    the floor this confirmation states (`after`) and the ceiling no overdraft passes."""
    ceiling = overdraft_ceiling_minor(currency)
    return {"balance": Money.from_minor(balance, currency).format(exact=True),
            "after": Money.from_minor(after, currency).format(exact=True),
            "short": Money.from_minor(-after, currency).format(exact=True) if after < 0 else None,
            "ceiling": Money.from_minor(-ceiling, currency).format(exact=True),
            "beyond": after < -ceiling}


def _confirm_buttons(pending_id: int, after: int, debit: int, currency: str) -> list[Button]:
    if after < -overdraft_ceiling_minor(currency):  # no overdraft goes that deep: top up first, or cancel
        return [Button("wallet.btn.cancel", f"w:no:{pending_id}")]
    if after < 0:
        first = Button("wallet.btn.overdraft", f"w:od:{pending_id}",
                       {"short": Money.from_minor(-after, currency).format(exact=True)})
    else:
        first = Button("wallet.btn.confirm", f"w:ok:{pending_id}",
                       {"amount": Money.from_minor(debit, currency).format(exact=True)})
    return [first, Button("wallet.btn.cancel", f"w:no:{pending_id}")]


def plan_to_dict(plan: Plan) -> dict[str, Any]:
    d = asdict(plan)
    d["hourly"] = str(plan.hourly) if plan.hourly is not None else None
    d["cycles"] = [list(c) for c in plan.cycles]
    return d


def plan_from_dict(d: dict[str, Any]) -> Plan:
    values = dict(d)
    values["hourly"] = Decimal(d["hourly"]) if d.get("hourly") is not None else None
    values["cycles"] = tuple((str(k), int(c)) for k, c in d.get("cycles", []))
    return Plan(**values)


# ---------------------------------------------------------------- stop and renew


def _my_rental(ctx: WalletCall, rental_id: int) -> tuple[Wallet, rentals.Rental]:
    """The rental if it belongs to the wallet this chat is about; otherwise "no such rental" (a
    rental of another wallet is not even admitted to exist)."""
    w = ctx.find()
    r = rentals.rental(ctx.store, rental_id)
    if w is None or r is None or r.wallet_id != w.id:
        raise WalletError("wallet.err.no_rental", id=rental_id)
    return w, r


def cmd_stop(ctx: WalletCall, words: list[str]) -> Reply:
    rid, rest = cmd.parse_rental_id(words)
    cmd.reject_leftovers(rest, USAGE["stop"])
    return stop(ctx, rid)


def stop(ctx: WalletCall, rid: int) -> Reply:
    ctx.require_write()
    w, r = _my_rental(ctx, rid)
    if r.status != "active":
        raise WalletError("wallet.err.not_active", id=rid)
    out = preview_stop(ctx.store, r, ctx.now)
    tz = ctx.tz(w)
    with ctx.store.write():
        pend = pending.create_pending(ctx.store, key=ctx.key("stop"), wallet_id=w.id, user=ctx.inc.scope_user,
                                      chat=ctx.inc.scope_chat, action="stop", data={"rental_id": rid},
                                      at=ctx.now, expires_at=ctx.now + PENDING_TTL)
    acct = find_account(ctx.store, w.id, r.provider, out.currency)
    data = {"action": "stop", "rental": display.rental_view(ctx.store, r, tz, ctx.now, acct),
            "expires": fmt_local(pend.expires_at, tz)} | _stop_view(out, tz)
    return ctx.reply("wallet_confirm", data, [Button("wallet.btn.stop", f"w:ok:{pend.id}", {"id": rid}),
                                              Button("wallet.btn.cancel", f"w:no:{pend.id}")])


def _stop_view(out: Any, tz: str) -> dict[str, Any]:
    cur = out.currency
    return {"outcome": out.status, "charge": Money.from_minor(out.charge_minor, cur).format(exact=True),
            "total": Money.from_minor(out.total_minor, cur).format(exact=True),
            "release": Money.from_minor(out.release_minor, cur).format(exact=True) if out.release_minor else None,
            "refund": Money.from_minor(out.refund_minor, cur).format(exact=True) if out.refund_minor else None,
            "minutes": out.minutes,
            "refund_until": fmt_local(out.refund_until, tz) if out.refund_until else None,
            "data_until": fmt_local(out.data_until, tz) if out.data_until else None}


def cmd_renew(ctx: WalletCall, words: list[str]) -> Reply:
    rid, rest = cmd.parse_rental_id(words)
    duration = None
    left: list[str] = []
    for word in rest:
        d = parse_duration(word)
        if d is not None:
            duration = d
        else:
            left.append(word)
    cmd.reject_leftovers(left, USAGE["renew"])
    return renew(ctx, rid, duration)


def renew(ctx: WalletCall, rid: int, duration: timedelta | None) -> Reply:
    ctx.require_write()
    w, r = _my_rental(ctx, rid)
    renewable(r, ctx.now)
    term = duration or timedelta(minutes=r.term_minutes or 0)
    plan = plan_rental(r.provider, r.gpu, r.num_gpus, term if term > timedelta(0) else None, r.region)
    acct, balance, after, pend = _pending_debit(ctx, w.id, plan, plan.price_minor, "renew", {"rental_id": rid})
    tz = ctx.tz(w)
    start = renew_start(r, ctx.now)
    assert plan.bought_minutes is not None
    data = plan_view(plan, tz, ctx.now) | _balance_view(balance, after, plan.currency) | {
        "action": "renew", "rental": display.rental_view(ctx.store, r, tz, ctx.now, acct),
        "ends": fmt_local(start + timedelta(minutes=plan.bought_minutes), tz),
        "expires": fmt_local(pend.expires_at, tz)}
    return ctx.reply("wallet_confirm", data, _confirm_buttons(pend.id, after, plan.price_minor, plan.currency))


# ---------------------------------------------------------------- buttons


def press(ctx: WalletCall, pending_id: int, verb: str) -> Reply:
    """Carry out (or cancel) a quoted action, once, for the user who asked for it, in its chat."""
    p = pending.pending(ctx.store, pending_id)
    if p is not None and p.action == "pick" and (verb != "no" or p.status == "done"):
        raise WalletError("wallet.err.bad_button")  # only Cancel, before a reading was picked, applies to it
    if p is None or p.user != ctx.inc.scope_user or p.chat != ctx.inc.scope_chat:
        raise WalletError("wallet.err.not_your_button")
    w = wallet(ctx.store, p.wallet_id)
    assert w is not None
    ctx.personal = w.kind == "personal"
    if w.owner != ctx.owner:
        raise WalletError("wallet.err.not_your_button")
    if p.status == "done":
        return ctx.reply("wallet_done", (p.result or {}) | {"replay": True})
    if p.status == "cancelled":
        return ctx.reply("wallet_cancelled", {"action": p.action})
    ctx.require_write()
    if verb == "no":
        with ctx.store.write():
            pending.close_pending(ctx.store, p.id, "cancelled", None)
        return ctx.reply("wallet_cancelled", {"action": p.action})
    if ctx.now > p.expires_at:
        with ctx.store.write():
            pending.close_pending(ctx.store, p.id, "cancelled", None)
        raise WalletError("wallet.err.pending_expired")
    tz = ctx.tz(w)
    overdraft = verb == "od"
    try:
        with ctx.store.write():
            result = _carry_out(ctx, w, p, overdraft, tz)
            if not pending.close_pending(ctx.store, p.id, "done", result):
                raise _ClosedMeanwhile  # a second tap that read it open too: undo this one, replay the first
    except _ClosedMeanwhile:
        again = pending.pending(ctx.store, p.id)
        if again is not None and again.status == "done":
            return ctx.reply("wallet_done", (again.result or {}) | {"replay": True})
        return ctx.reply("wallet_cancelled", {"action": p.action})
    except Shortfall as exc:
        buttons = [Button("wallet.btn.overdraft", f"w:od:{p.id}", {"short": exc.params["short"]}),
                   Button("wallet.btn.cancel", f"w:no:{p.id}")]
        return ctx.reply("wallet_error", {"message": error_text(exc, ctx.lang)}, buttons)
    return ctx.reply("wallet_done", result | {"replay": False})


class _ClosedMeanwhile(Exception):
    """The confirmation was closed by another tap between reading it and closing it."""


def _carry_out(ctx: WalletCall, w: Wallet, p: pending.Pending, overdraft: bool, tz: str) -> dict[str, Any]:
    actor = ctx.inc.scope_user
    key = f"pending:{p.id}"
    if p.action == "rent":
        plan = plan_from_dict(p.data["plan"])
        r, _ = open_rental(ctx.store, ctx.now, w, plan, key, actor, overdraft, p.data.get("floor_minor"))
        acct = find_account(ctx.store, w.id, plan.provider, plan.currency)
        assert acct is not None
        debit = Money.from_minor(plan.debit_minor, plan.currency).format(exact=True)
        return {"action": "rent", "rental": display.rental_view(ctx.store, r, tz, ctx.now, acct),
                **plan.rule.debit_words(debit),  # charged at once, or held
                "balance": Money.from_minor(acct.balance_minor, acct.currency).format(exact=True),
                "overdraft": overdraft}
    rid = int(p.data["rental_id"])
    r0 = rentals.rental(ctx.store, rid)
    if r0 is None or r0.wallet_id != w.id:
        raise WalletError("wallet.err.no_rental", id=rid)
    if p.action == "stop":
        r, out = stop_rental(ctx.store, ctx.now, rid, actor)
        acct = find_account(ctx.store, w.id, r.provider, out.currency)
        assert acct is not None
        return {"action": "stop", "rental": display.rental_view(ctx.store, r, tz, ctx.now, acct),
                "balance": Money.from_minor(acct.balance_minor, acct.currency).format(exact=True),
                "overdraft": False} | _stop_view(out, tz)
    plan = plan_from_dict(p.data["plan"])
    r, _ = renew_rental(ctx.store, ctx.now, rid, plan, key, actor, overdraft, p.data.get("floor_minor"))
    acct = find_account(ctx.store, w.id, plan.provider, plan.currency)
    assert acct is not None
    return {"action": "renew", "rental": display.rental_view(ctx.store, r, tz, ctx.now, acct),
            "charged": Money.from_minor(plan.price_minor, plan.currency).format(exact=True),
            "balance": Money.from_minor(acct.balance_minor, acct.currency).format(exact=True),
                "overdraft": overdraft}
