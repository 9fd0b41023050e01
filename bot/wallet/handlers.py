"""Chat handlers for the wallet: /wallet /topup /rent /stop /renew /rentals /history /budget /alerts,
their confirmation buttons, and free-text wallet messages ("充值 500 USDT", "租一张4090一周").

What the user sees: every command answers with one Reply (data + a template); nothing is written
for a request that is refused (bad amounts, unknown cards, someone else's rental, a non-admin
changing a team wallet). Money leaves a balance only after a confirmation button that showed the
price and the balance after it.

Whose wallet: in a private chat, the user's own; in a group, the group's team wallet, which anyone
in the chat may read and only its admins may change. "me" / "我的" in a group selects the asker's
personal wallet, which is otherwise never shown there. The wallet is always derived from who sent
the message and where; button payloads only carry an id, and the pending action they point to is
checked against the presser.

Idempotency: ledger keys derive from the platform's update / interaction id (inc.event_id), or, in
the console, from a hash of user, chat, text and the minute. A redelivered update finds its entry
(or pending action) already there and writes nothing new.
"""

from __future__ import annotations

import hashlib
import logging
import re
import unicodedata
from dataclasses import asdict, dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

from bot.clock import Clock
from bot.messages import Awaiting, Button, Incoming, Reply, Turn
from bot.store import budgets as budget_store
from bot.store import ledger, outbox, pending, rentals
from bot.store.connection import Store
from bot.store.wallets import (
    Account,
    Wallet,
    accounts,
    ensure_wallet,
    find_account,
    prefs,
    rename_owner,
    set_wallet_chat,
    update_prefs,
    wallet,
    wallet_by_owner,
)
from bot.text.errors import error_message, internal_error
from bot.text.i18n import t
from bot.text.names import gpu_name, provider_name
from bot.understand.amount import Ambiguous, OutOfRange
from bot.understand.parser import Rental as ParsedRental
from bot.understand.wallet_intent import WalletAction
from bot.wallet import budget as budgets
from bot.wallet import commands as cmd
from bot.wallet import display
from bot.wallet.amount_text import out_of_range, read_money
from bot.wallet.money import check_amount
from bot.wallet.operations import (
    open_rental,
    overdraft_ceiling_minor,
    preview_stop,
    renew_rental,
    renew_start,
    renewable,
    reschedule_account,
    stop_rental,
    topup,
)
from bot.wallet.pricing import DEFAULT_JOB, Plan, plan_rental
from bot.wallet.refusal import Shortfall, WalletError
from bot.wallet.times import bounded_duration, fmt_local, parse_duration
from bot.wallet.watch import watches_view
from engine.billing import NotOffered
from engine.errors import KasuanError
from engine.money import Money
from engine.providers import Provider, provider, providers

log = logging.getLogger("kasuan.wallet")
COMMANDS = ("wallet", "topup", "rent", "stop", "renew", "rentals", "history", "budget", "alerts")
PENDING_TTL = timedelta(minutes=15)
PAGE_SIZE = 10
MAX_PAYLOAD = 64
USAGE = {
    "topup": "/topup 500 USDT gpuli",
    "rent": "/rent 4090 x1 week gpuli",
    "stop": "/stop 12",
    "renew": "/renew 12 month",
    "history": "/history 2",
}


def default_tz(lang: str) -> str:
    """A new wallet's timezone until the chat sets one: Beijing time for Chinese, UTC otherwise."""
    return "Asia/Shanghai" if lang == "zh" else "UTC"


def dm_scope(inc: Incoming) -> str:
    """Where a user's personal alerts go when their wallet was first used in a group: on Telegram a
    private chat's id is the user's id, so their chat scope; elsewhere the user scope (the front end
    opens a DM) until they write to the bot privately, which moves the wallet to that chat."""
    if inc.platform == "telegram":
        return f"telegram:chat:{inc.user_id}"
    return inc.scope_user


def event_key(inc: Incoming, now: datetime) -> str:
    """The idempotency key of one incoming update: platform + chat + update id; in the console (whose
    line counter starts again every session) or without an id, a hash of user, chat, text and the
    minute it arrived."""
    if inc.event_id and inc.platform != "console":
        return f"{inc.platform}:{inc.chat_id}:{inc.event_id}"
    raw = f"{inc.platform}|{inc.user_id}|{inc.chat_id}|{inc.button or inc.text}|{now:%Y-%m-%dT%H:%M}"
    return f"{inc.platform}:h:{hashlib.sha256(raw.encode()).hexdigest()[:32]}"


@dataclass
class WalletCall:
    """One request: who asked, where, when, in which language, and whose wallet it is about."""

    store: Store
    clock: Clock
    inc: Incoming
    lang: str
    now: datetime
    personal: bool = False

    @property
    def team(self) -> bool:
        return self.inc.chat_kind == "group" and not self.personal

    @property
    def owner(self) -> str:
        return self.inc.scope_team if self.team else self.inc.scope_user

    @property
    def alert_chat(self) -> str:
        if self.team or self.inc.chat_kind == "private":
            return self.inc.scope_reply  # a forum topic's wallet alerts go to that topic
        return dm_scope(self.inc)

    def key(self, suffix: str) -> str:
        return f"{event_key(self.inc, self.now)}:{suffix}"

    def find(self) -> Wallet | None:
        return wallet_by_owner(self.store, self.owner)

    def accounts(self) -> list[Account]:
        w = self.find()
        return accounts(self.store, w.id) if w is not None else []

    def require_write(self) -> None:
        if self.team and not self.inc.is_admin:
            raise WalletError("wallet.err.admin_only")

    def ensure(self) -> Wallet:
        """The wallet, created on its first write; it learns its private chat and the chat's language."""
        with self.store.write():
            w = ensure_wallet(self.store, self.owner, "team" if self.team else "personal", self.alert_chat, self.now,
                              default_tz(self.lang), self.lang)
            if not self.team and self.inc.chat_kind == "private" and w.chat != self.inc.scope_chat:
                set_wallet_chat(self.store, w.id, self.inc.scope_chat)
            if prefs(self.store, w.id).lang != self.lang:
                update_prefs(self.store, w.id, lang=self.lang)
        return w

    def tz(self, w: Wallet | None) -> str:
        return prefs(self.store, w.id).tz if w is not None else default_tz(self.lang)

    def reply(self, kind: str, data: dict[str, Any], buttons: list[Button] | None = None) -> Reply:
        server = self.team and bool(self.inc.team_id)  # a Discord team: the whole server
        return Reply(kind, self.lang, {"team": self.team, "server": server, **data}, buttons or [])


# ---------------------------------------------------------------- entry points


def handle_command(store: Store, clock: Clock, inc: Incoming, command: str, args: str, lang: str) -> Reply:
    """Answer /wallet, /topup, /rent, /stop, /renew, /rentals, /history, /budget or /alerts."""
    name = command.strip().lstrip("/").split("@", 1)[0].lower()
    ctx = WalletCall(store, clock, inc, lang, clock.now())
    words, ctx.personal = cmd.take_personal(cmd.tokens(args))
    handler = COMMAND_HANDLERS.get(name)
    if handler is None:
        return _error(ctx, WalletError("wallet.err.unknown_command", command=name))
    return _guarded(ctx, lambda: handler(ctx, words))


def handle_button(store: Store, clock: Clock, inc: Incoming, payload: str, lang: str) -> Reply:
    """A pressed wallet button: "w:ok:<pending>", "w:od:<pending>" (confirm an overdraft),
    "w:no:<pending>" (cancel), "w:h:<page>:<t|p>" (a history page). The payload names things;
    who may act on them is decided from the presser, never from the payload."""
    ctx = WalletCall(store, clock, inc, lang, clock.now())
    parts = payload.split(":")
    if len(payload.encode()) > MAX_PAYLOAD or len(parts) < 3 or parts[0] != "w" or not parts[2].isdigit():
        return _error(ctx, WalletError("wallet.err.bad_button"))
    if parts[1] == "h":
        ctx.personal = len(parts) > 3 and parts[3] == "p"
        asker = parts[4] if len(parts) > 4 else None
        if inc.chat_kind == "group" and asker != inc.user_id:
            return _error(ctx, WalletError("wallet.err.not_your_history"))  # paging is the asker's
        return _guarded(ctx, lambda: cmd_history(ctx, [parts[2]]))
    if parts[1] in ("a0", "a1"):
        return _guarded(ctx, lambda: _pick(ctx, int(parts[2]), int(parts[1][1])))
    if parts[1] not in ("ok", "od", "no"):
        return _error(ctx, WalletError("wallet.err.bad_button"))
    return _guarded(ctx, lambda: _press(ctx, int(parts[2]), parts[1]))


def handle_action(store: Store, clock: Clock, inc: Incoming, action: WalletAction, r: ParsedRental, text: str,
                  lang: str, default_provider: str | None = None) -> Reply:
    """A free-text wallet action the parser recognised (a top-up with its amount, a rental with its
    card, a stop or renewal with its rental number, a budget, or reading the balance, rentals or
    history). `default_provider` is the user's /provider setting, used before asking which one."""
    ctx = WalletCall(store, clock, inc, lang, clock.now())
    ctx.personal = action.personal or (inc.chat_kind == "group" and action.mine)  # read by the parser
    return _guarded(ctx, lambda: _act(ctx, action, r, text, default_provider))


def resume(store: Store, clock: Clock, inc: Incoming, awaiting: Awaiting, value: str, lang: str) -> Reply:
    """Finish a request that only lacked a choice ("which provider?"), with the choice made."""
    ctx = WalletCall(store, clock, inc, lang, clock.now())
    ctx.personal = bool(awaiting.data.get("personal"))
    d = awaiting.data
    if awaiting.kind == "rent":
        hours = d.get("hours")
        duration = timedelta(hours=float(hours)) if hours else None
        args = cmd.RentArgs(str(d["gpu"]), int(d["num_gpus"]), duration, value, d.get("region"))
        return _guarded(ctx, lambda: _rent(ctx, args))
    if awaiting.kind == "topup":
        currency = d.get("currency")
        return _guarded(ctx, lambda: _topup(ctx, Decimal(str(d["amount"])), str(currency) if currency else None, value))
    return _error(ctx, WalletError("wallet.err.bad_button"))


COMMAND_HANDLERS: dict[str, Any] = {}


def _guarded(ctx: WalletCall, run: Any) -> Reply:
    """Errors a user can cause become a one-line reply; anything else an apology with an error id."""
    try:
        _unblock(ctx)
        _adopt_channel_wallet(ctx)
        reply: Reply = run()
        return reply
    except KasuanError as exc:
        return _error(ctx, exc)
    except Exception as exc:
        return ctx.reply("wallet_error", {"message": internal_error(exc, ctx.lang)})


def _adopt_channel_wallet(ctx: WalletCall) -> None:
    """A team is the server on Discord: a team wallet kept per channel before that (owner = the
    channel) moves to the server the first time the server's team is used from that channel. When
    the server already has a team wallet, the channel's stays where it was (nothing is merged)."""
    inc = ctx.inc
    if inc.team_id and inc.chat_kind == "group" and inc.scope_team != inc.scope_chat:
        old = wallet_by_owner(ctx.store, inc.scope_chat)
        if old is not None and old.kind == "team" and rename_owner(ctx.store, inc.scope_chat, inc.scope_team):
            log.info("team wallet %s moved from %s to %s", old.id, inc.scope_chat, inc.scope_team)


def _unblock(ctx: WalletCall) -> None:
    """A chat that writes to the bot has not blocked it (any more): deliver its alerts again."""
    chats = {ctx.inc.scope_chat, ctx.inc.scope_reply} | ({ctx.inc.scope_user} if ctx.inc.chat_kind == "private"
                                                          else set())
    for chat in chats:
        if outbox.is_blocked(ctx.store, chat):
            outbox.unblock_chat(ctx.store, chat)


NOTICE_KEYS = frozenset({"wallet.err.not_your_button", "wallet.err.not_your_history"})


def _error(ctx: WalletCall, exc: KasuanError) -> Reply:
    if isinstance(exc, WalletError) and exc.resume is not None and exc.choices:
        buttons = [Button("wallet.btn.choice", f"a|{exc.resume.slot}={c}", {"name": provider_name(c)})
                   for c in exc.choices]
        reply = ctx.reply("wallet_error", {"message": error_text(exc, ctx.lang)}, buttons)
        exc.resume.data["personal"] = ctx.personal
        reply.awaiting = exc.resume
        return reply
    reply = ctx.reply("wallet_error", {"message": error_text(exc, ctx.lang)})
    # a press on someone else's button: told privately, their message is left as it was
    reply.notice = ctx.inc.button is not None and getattr(exc, "key", "") in NOTICE_KEYS
    return reply


def error_text(exc: KasuanError, lang: str) -> str:
    """One line in `lang` for a refused wallet request (engine errors keep their own wording)."""
    from bot.text.i18n import t

    if isinstance(exc, WalletError):
        return t(exc.key, lang, **exc.params)
    # a card, count or region the provider does not sell: worded by error_message (bot.text.errors.not_offered)
    return error_message(exc, lang)


# ---------------------------------------------------------------- reading


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


# ---------------------------------------------------------------- top-up


def _provider_for(ctx: WalletCall, prov: str | None, currency: str | None, resume: Awaiting | None = None) -> Provider:
    """The provider a top-up or budget means: named, or the only one billing in `currency`, or the
    wallet's only account; else the user is asked, with the candidates as buttons."""
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
    raise WalletError("wallet.err.which_provider", resume=resume, choices=[p.id for p in providers().entries],
                      options=", ".join(f"{p.id} ({p.currency})" for p in providers().entries))


def cmd_topup(ctx: WalletCall, words: list[str]) -> Reply:
    money, rest = cmd.parse_money_args(words)
    if money is None:
        raise WalletError("wallet.err.need_amount", usage=USAGE["topup"])
    cmd.reject_leftovers(rest, USAGE["topup"])
    if money.ambiguous is not None:
        return _ask_amount(ctx, "topup", money.ambiguous, money.currency, money.provider)
    assert money.amount is not None
    return _topup(ctx, money.amount, money.currency, money.provider)


def _topup(ctx: WalletCall, amount: Decimal, currency: str | None, prov: str | None, key: str | None = None) -> Reply:
    ctx.require_write()
    p = _provider_for(ctx, prov, currency, Awaiting("topup", "provider", {"amount": str(amount), "currency": currency}))
    minor = check_amount(amount, p.currency)
    w = ctx.ensure()
    done = topup(ctx.store, ctx.now, w, p.id, p.currency, minor, key or ctx.key("topup"), ctx.inc.scope_user)
    return ctx.reply("wallet_topup", {
        "amount": Money.from_minor(done.entry.amount_minor, done.account.currency).format(exact=True),
        "provider": p.name,
        "balance": Money.from_minor(done.account.balance_minor, done.account.currency).format(exact=True),
        "replay": done.replay,
    })


# ---------------------------------------------------------------- an ambiguous amount, asked back


def _ask_amount(ctx: WalletCall, then: str, amb: Ambiguous, currency: str | None, prov: str | None,
                thresholds: tuple[int, ...] = budgets.DEFAULT_THRESHOLDS) -> Reply:
    """"1,5" could be 1.5 or 15: write nothing, show both readings as buttons; pressing one carries
    on with the top-up (or budget) exactly as if that amount had been typed."""
    ctx.require_write()
    shown_in = currency or (provider(prov).currency if prov else None)
    if then == "topup" and shown_in is None:
        shown_in = _provider_for(ctx, prov, currency).currency
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


def _pick(ctx: WalletCall, pending_id: int, index: int) -> Reply:
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
        reply = _set_budget(ctx, value, cur, prov, tuple(int(x) for x in p.data["thresholds"]))
    else:
        reply = _topup(ctx, value, cur, prov, key=f"pending:{p.id}:topup")
    if p.status == "open":
        with ctx.store.write():
            pending.close_pending(ctx.store, p.id, "done", {"index": index})
    return reply


# ---------------------------------------------------------------- rent


def cmd_rent(ctx: WalletCall, words: list[str]) -> Reply:
    if not words:
        raise WalletError("wallet.err.need_card")
    args = cmd.parse_rent(words)
    return _rent(ctx, args)


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
                                               "region": args.region})
        raise WalletError("wallet.err.which_provider", resume=resume, choices=[pl.provider for pl in plans],
                          options=", ".join(pl.provider for pl in plans))
    if plans:
        return plans[0]
    if refusals:
        raise refusals[0]
    raise WalletError("wallet.err.nobody_rents", gpu=gpu_name(args.gpu), n=args.num_gpus)


def _rent(ctx: WalletCall, args: cmd.RentArgs, default_provider: str | None = None) -> Reply:
    ctx.require_write()
    plan = _choose_plan(ctx, args, default_provider)
    w = ctx.ensure()
    acct = find_account(ctx.store, w.id, plan.provider, plan.currency)
    balance = acct.balance_minor if acct is not None else 0
    after = balance - plan.debit_minor
    with ctx.store.write():
        pend = pending.create_pending(ctx.store, key=ctx.key("rent"), wallet_id=w.id, user=ctx.inc.scope_user,
                                      chat=ctx.inc.scope_chat, action="rent",
                                      data={"plan": plan_to_dict(plan), "floor_minor": min(after, 0)},
                                      at=ctx.now, expires_at=ctx.now + PENDING_TTL)
    tz = ctx.tz(w)
    data = plan_view(plan, tz, ctx.now) | _balance_view(balance, after, plan.currency)
    data |= {"action": "rent", "expires": fmt_local(pend.expires_at, tz)}
    reply = ctx.reply("wallet_confirm", data, _confirm_buttons(pend.id, after, plan.debit_minor, plan.currency))
    hours = args.duration.total_seconds() / 3600 if args.duration else None
    reply.turn = Turn("rent", {"gpu": args.gpu, "num_gpus": args.num_gpus, "hours": hours, "provider": args.provider,
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
    return _stop(ctx, rid)


def _stop(ctx: WalletCall, rid: int) -> Reply:
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
    return _renew(ctx, rid, duration)


def _renew(ctx: WalletCall, rid: int, duration: timedelta | None) -> Reply:
    ctx.require_write()
    w, r = _my_rental(ctx, rid)
    renewable(r, ctx.now)
    term = duration or timedelta(minutes=r.term_minutes or 0)
    plan = plan_rental(r.provider, r.gpu, r.num_gpus, term if term > timedelta(0) else None, r.region)
    acct = find_account(ctx.store, w.id, plan.provider, plan.currency)
    balance = acct.balance_minor if acct is not None else 0
    after = balance - plan.price_minor
    with ctx.store.write():
        pend = pending.create_pending(ctx.store, key=ctx.key("renew"), wallet_id=w.id, user=ctx.inc.scope_user,
                                      chat=ctx.inc.scope_chat, action="renew",
                                      data={"rental_id": rid, "plan": plan_to_dict(plan), "floor_minor": min(after, 0)},
                                      at=ctx.now, expires_at=ctx.now + PENDING_TTL)
    tz = ctx.tz(w)
    start = renew_start(r, ctx.now)
    assert plan.bought_minutes is not None
    data = plan_view(plan, tz, ctx.now) | _balance_view(balance, after, plan.currency) | {
        "action": "renew", "rental": display.rental_view(ctx.store, r, tz, ctx.now, acct),
        "ends": fmt_local(start + timedelta(minutes=plan.bought_minutes), tz),
        "expires": fmt_local(pend.expires_at, tz)}
    return ctx.reply("wallet_confirm", data, _confirm_buttons(pend.id, after, plan.price_minor, plan.currency))


# ---------------------------------------------------------------- buttons


def _press(ctx: WalletCall, pending_id: int, verb: str) -> Reply:
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
                "charged": None if plan.per_minute else debit, "hold": debit if plan.per_minute else None,
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


# ---------------------------------------------------------------- budget and alerts


def cmd_budget(ctx: WalletCall, words: list[str]) -> Reply:
    args = cmd.parse_budget(words)
    if args is None:
        return _show_budget(ctx, "show")
    ctx.require_write()
    if args.clear:
        w = ctx.find()
        if w is not None:
            with ctx.store.write():
                budget_store.clear_budget(ctx.store, w.id)
        return _show_budget(ctx, "cleared")
    assert args.money is not None
    if args.money.ambiguous is not None:
        return _ask_amount(ctx, "budget", args.money.ambiguous, args.money.currency, args.money.provider,
                           args.thresholds)
    assert args.money.amount is not None
    return _set_budget(ctx, args.money.amount, args.money.currency, args.money.provider, args.thresholds)


def _set_budget(ctx: WalletCall, amount: Decimal, currency: str | None, prov: str | None,
                thresholds: tuple[int, ...]) -> Reply:
    ctx.require_write()
    if currency is None and prov is not None:
        currency = provider(prov).currency
    if currency is None:
        mine = {a.currency for a in ctx.accounts()}
        currency = mine.pop() if len(mine) == 1 else ("CNY" if ctx.lang == "zh" else "USD")
    minor = check_amount(amount, currency)
    w = ctx.ensure()
    with ctx.store.write():
        budget_store.set_budget(ctx.store, w.id, minor, currency, thresholds, ctx.inc.scope_user, ctx.now)
    return _show_budget(ctx, "set")


def _show_budget(ctx: WalletCall, action: str) -> Reply:
    w = ctx.find()
    b = budget_store.budget(ctx.store, w.id) if w is not None else None
    view = None
    if w is not None and b is not None:
        view = display.budget_view(budgets.status(ctx.store, b, ctx.tz(w), ctx.now))
    return ctx.reply("wallet_budget", {"action": action, "budget": view,
                                       "can_write": not ctx.team or ctx.inc.is_admin})


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


COMMAND_HANDLERS.update({
    "wallet": cmd_wallet, "balance": cmd_wallet, "topup": cmd_topup, "rent": cmd_rent, "stop": cmd_stop,
    "renew": cmd_renew, "rentals": cmd_rentals, "history": cmd_history, "budget": cmd_budget, "alerts": cmd_alerts,
})


# ---------------------------------------------------------------- free text


LONG_NUMBER = re.compile(r"\d{13,}")


def _act(ctx: WalletCall, action: WalletAction, r: ParsedRental, text: str, default_provider: str | None) -> Reply:
    """Carry out the action the parser found (bot.understand.wallet_intent decides which); an
    amount that can be read two ways is asked back, one out of range is refused with its range."""
    if action.kind == "budget_clear":
        return cmd_budget(ctx, ["off"])
    if action.kind == "topup":  # the text read again by the reader /topup uses: the same decision
        money = read_money(text, command=False)
        if money is None:
            raise WalletError("wallet.err.need_amount", usage=USAGE["topup"])
        if money.ambiguous is not None:
            return _ask_amount(ctx, "topup", money.ambiguous, money.currency, money.provider)
        assert money.amount is not None
        return _topup(ctx, money.amount, money.currency, money.provider)
    if (m := LONG_NUMBER.search(unicodedata.normalize("NFKC", text))) and (r.amount is None or isinstance(
            r.amount, OutOfRange)):
        raise out_of_range(m[0])  # the parser shortens digit runs this long; say what was typed
    if isinstance(r.amount, OutOfRange):
        raise out_of_range(r.amount.text)
    if action.kind == "budget_set" and r.amount is not None:
        if isinstance(r.amount, Ambiguous):
            return _ask_amount(ctx, "budget", r.amount, r.currency, r.provider)
        return _set_budget(ctx, r.amount, r.currency, r.provider, budgets.DEFAULT_THRESHOLDS)
    if action.kind == "budget_show":
        return _show_budget(ctx, "show")
    duration = _stated_duration(r, text)
    if action.kind in ("renew", "stop") and action.rental_id is None:
        raise WalletError("wallet.err.need_rental_id")
    if action.kind == "renew" and action.rental_id is not None:
        return _renew(ctx, action.rental_id, duration)
    if action.kind == "stop" and action.rental_id is not None:
        return _stop(ctx, action.rental_id)
    if action.kind == "rent" and r.gpu is not None:
        return _rent(ctx, cmd.RentArgs(r.gpu, r.num_gpus or 1, duration, r.provider, None), default_provider)
    if action.kind == "history":
        return cmd_history(ctx, [])
    if action.kind == "rentals":
        return cmd_rentals(ctx, [])
    return cmd_wallet(ctx, [])


def _stated_duration(r: ParsedRental, text: str) -> timedelta | None:
    days, hours = r.duration_days or 0, r.duration_hours or 0
    return bounded_duration(days, hours, text) if days or hours else None
