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

import logging
import re
import unicodedata
from datetime import timedelta
from decimal import ROUND_FLOOR, Decimal
from typing import Any

from bot.clock import Clock
from bot.messages import Awaiting, Incoming, Reply
from bot.store.connection import Store
from bot.text.i18n import t
from bot.understand.amount import Ambiguous, OutOfRange
from bot.understand.foreign_money import Foreign, foreign_amount, stated
from bot.understand.normalize import normalize
from bot.understand.parser import Rental as ParsedRental
from bot.understand.provider_words import term_provider
from bot.understand.wallet_intent import WalletAction
from bot.wallet import budget as budgets
from bot.wallet import commands as cmd
from bot.wallet.amount_text import out_of_range, read_money
from bot.wallet.call import MAX_PAYLOAD, USAGE, WalletCall, error_reply, guarded
from bot.wallet.funds import ask_amount, cmd_budget, cmd_topup, pick, record_topup, set_budget, show_budget
from bot.wallet.reads import cmd_alerts, cmd_history, cmd_rentals, cmd_wallet
from bot.wallet.refusal import WalletError
from bot.wallet.reminders import cmd_reminders
from bot.wallet.rentals import cmd_renew, cmd_rent, cmd_stop, press, renew, rent, stop
from bot.wallet.spent import spent_in
from bot.wallet.times import bounded_duration
from engine.providers import currencies
from engine.rate_bands import dollars_of, rate_band

# The handler of each wallet command the registry (bot.core.registry) lists with plugin "wallet".
COMMAND_HANDLERS: dict[str, Any] = {
    "wallet": cmd_wallet, "balance": cmd_wallet, "topup": cmd_topup, "rent": cmd_rent, "stop": cmd_stop,
    "renew": cmd_renew, "rentals": cmd_rentals, "history": cmd_history, "budget": cmd_budget, "alerts": cmd_alerts,
    "reminders": cmd_reminders,
}

log = logging.getLogger("kasuan.wallet")

def handle_command(store: Store, clock: Clock, inc: Incoming, command: str, args: str, lang: str) -> Reply:
    """Answer /wallet, /topup, /rent, /stop, /renew, /rentals, /history, /budget or /alerts."""
    name = command.strip().lstrip("/").split("@", 1)[0].lower()
    ctx = WalletCall(store, clock, inc, lang, clock.now())
    words, ctx.personal = cmd.take_personal(cmd.tokens(args))
    handler = COMMAND_HANDLERS.get(name)
    if handler is None:
        return error_reply(ctx, WalletError("wallet.err.unknown_command", command=name))
    if name in ("topup", "budget") and (said := foreign_amount(args)) is not None:  # "/budget set 300만원": never 300
        return error_reply(ctx, foreign_refusal(said, f"/{name} {args}", lang))
    return guarded(ctx, lambda: handler(ctx, words))


def handle_button(store: Store, clock: Clock, inc: Incoming, payload: str, lang: str) -> Reply:
    """A pressed wallet button: "w:ok:<pending>", "w:od:<pending>" (confirm an overdraft),
    "w:no:<pending>" (cancel), "w:h:<page>:<t|p>" (a history page). The payload names things;
    who may act on them is decided from the presser, never from the payload."""
    ctx = WalletCall(store, clock, inc, lang, clock.now())
    parts = payload.split(":")
    if len(payload.encode()) > MAX_PAYLOAD or len(parts) < 3 or parts[0] != "w" or not parts[2].isdigit():
        return error_reply(ctx, WalletError("wallet.err.bad_button"))
    if parts[1] == "h":
        ctx.personal = len(parts) > 3 and parts[3] == "p"
        asker = parts[4] if len(parts) > 4 else None
        if inc.chat_kind == "group" and asker != inc.user_id:
            return error_reply(ctx, WalletError("wallet.err.not_your_history"))  # paging is the asker's
        return guarded(ctx, lambda: cmd_history(ctx, [parts[2]]))
    if parts[1] in ("a0", "a1"):
        return guarded(ctx, lambda: pick(ctx, int(parts[2]), int(parts[1][1])))
    if parts[1] not in ("ok", "od", "no"):
        return error_reply(ctx, WalletError("wallet.err.bad_button"))
    return guarded(ctx, lambda: press(ctx, int(parts[2]), parts[1]))


def handle_action(store: Store, clock: Clock, inc: Incoming, action: WalletAction, r: ParsedRental, text: str,
                  lang: str, default_provider: str | None = None) -> Reply:
    """A free-text wallet action the parser recognised (a top-up with its amount, a rental with its
    card, a stop or renewal with its rental number, a budget, or reading the balance, rentals or
    history). `default_provider` is the user's /provider setting, used before asking which one."""
    ctx = WalletCall(store, clock, inc, lang, clock.now())
    ctx.personal = action.personal or (inc.chat_kind == "group" and action.mine)  # read by the parser
    return guarded(ctx, lambda: _act(ctx, action, r, text, default_provider))


def resume(store: Store, clock: Clock, inc: Incoming, awaiting: Awaiting, value: str, lang: str) -> Reply:
    """Finish a request that only lacked a choice ("which provider?"), with the choice made."""
    ctx = WalletCall(store, clock, inc, lang, clock.now())
    ctx.personal = bool(awaiting.data.get("personal"))
    d = awaiting.data
    if awaiting.kind == "rent":
        hours = d.get("hours")
        duration = timedelta(hours=float(hours)) if hours else None
        args = cmd.RentArgs(str(d["gpu"]), int(d["num_gpus"]), duration, value, d.get("region"),
                            form_named=bool(d.get("form_named", True)))
        return guarded(ctx, lambda: rent(ctx, args))
    if awaiting.kind == "topup":
        currency = d.get("currency")
        return guarded(ctx, lambda: record_topup(ctx, Decimal(str(d["amount"])), str(currency) if currency else None, value))
    return error_reply(ctx, WalletError("wallet.err.bad_button"))


# ---------------------------------------------------------------- free text

ALERT_THRESHOLDS = (100,)  # "tell me past $300": the alert is the whole amount, not the budget's 50% and 80% marks


LONG_NUMBER = re.compile(r"\d{13,}")


def foreign_refusal(said: Foreign, text: str, lang: str) -> WalletError:
    """The refusal of an amount in a currency the wallet does not keep: it names the amount back with what was said
    around it (the budget's span, the alert marks), the currencies the wallet keeps, and the command to say it in one."""
    amount = f"{said.amount.normalize():,f}"
    what = stated(text)
    kind = "topup" if what.topup else f"budget_{what.span}" if what.span else "budget"
    alerts = t("wallet.foreign.alerts", lang, marks=", ".join(f"{m}%" for m in what.alerts)) if what.alerts else ""
    band = None if what.topup else rate_band(said.currency)
    # with a historical band, the example is the amount's worth at the band's weak end: an alert there fires no
    # later than one at the amount said would, at any rate of the band (engine.rate_bands)
    weak, strong = dollars_of(said.amount, band) if band else (Decimal(6000), Decimal(6000))
    usd = f"{weak.quantize(Decimal(1), ROUND_FLOOR)}"
    example = "/topup 500 USDT gpuli" if what.topup else "/budget set {usd} USD per {span}{marks}".format(
        usd=usd, span=what.span or "month", marks=" thresholds " + ",".join(map(str, what.alerts)) if what.alerts else "")
    ends: dict[str, object] = {"weak": f"${weak.quantize(Decimal(1), ROUND_FLOOR):,}", "strong": f"${strong:,.0f}",
                               "since": band.since} if band else {}
    return WalletError("wallet.err.foreign_currency_band" if band else "wallet.err.foreign_currency", None, None,
                       said=said.said,
                       currency=said.currency, amount=amount, kept=", ".join(c.id for c in currencies().entries),
                       what=t(f"wallet.foreign.{kind}", lang), alerts=alerts, example=example, **ends)


def refuse_foreign(store: Store, clock: Clock, inc: Incoming, said: Foreign, lang: str) -> Reply:
    ctx = WalletCall(store, clock, inc, lang, clock.now())
    return error_reply(ctx, foreign_refusal(said, inc.text, lang))


def _act(ctx: WalletCall, action: WalletAction, r: ParsedRental, text: str, default_provider: str | None) -> Reply:
    """Carry out the action the parser found (bot.understand.wallet_intent decides which); an
    amount that can be read two ways is asked back, one out of range is refused with its range."""
    if action.kind == "budget_clear":
        return cmd_budget(ctx, ["off"])
    if action.kind in ("topup", "budget_set") and (said := foreign_amount(text)) is not None:
        raise foreign_refusal(said, text, ctx.lang)  # "budget ₹5 lakh": named back and refused, never kept as 5 of another currency
    if action.kind == "topup":  # the text read again by the reader /topup uses: the same decision
        money = read_money(text, command=False)
        if money is None:
            raise WalletError("wallet.err.need_amount", usage=USAGE["topup"])
        if money.ambiguous is not None:
            return ask_amount(ctx, "topup", money.ambiguous, money.currency, money.provider)
        assert money.amount is not None
        return record_topup(ctx, money.amount, money.currency, money.provider)
    if (m := LONG_NUMBER.search(unicodedata.normalize("NFKC", text))) and (r.amount is None or isinstance(
            r.amount, OutOfRange)):
        raise out_of_range(m[0])  # the parser shortens digit runs this long; say what was typed
    if isinstance(r.amount, OutOfRange):
        raise out_of_range(r.amount.text)
    if action.kind == "budget_set" and action.line is not None:
        # a notice once the period's spend passes the amount: the amount itself is the one threshold
        value, currency = action.line
        return set_budget(ctx, value, currency or r.currency, r.provider, ALERT_THRESHOLDS, action.span or "month", "alert_set")
    if action.kind == "budget_set" and r.amount is not None:
        if isinstance(r.amount, Ambiguous):
            return ask_amount(ctx, "budget", r.amount, r.currency, r.provider)
        return set_budget(ctx, r.amount, r.currency, r.provider, budgets.DEFAULT_THRESHOLDS)
    if action.kind == "spent":
        return spent_in(ctx, action.span or "month")
    if action.kind == "budget_show":
        return show_budget(ctx, "show")
    duration = _stated_duration(r, text)
    if action.kind in ("renew", "stop") and action.rental_id is None:
        raise WalletError("wallet.err.need_rental_id")
    if action.kind == "renew" and action.rental_id is not None:
        return renew(ctx, action.rental_id, duration)
    if action.kind == "stop" and action.rental_id is not None:
        return stop(ctx, action.rental_id)
    if action.kind == "rent" and r.gpu is not None:
        # "4090 周租 租 3 周": a term only one provider sells names it (gpuli's week), as "周租的那家" does
        where = r.provider or term_provider(normalize(text))
        return rent(ctx, cmd.RentArgs(r.gpu, r.num_gpus or 1, duration, where, None, form_named=r.form_named),
                    default_provider)
    if action.kind == "history":
        return cmd_history(ctx, [])
    if action.kind == "rentals":
        return cmd_rentals(ctx, [])
    if action.rentals_too:  # both read in one message: the balance, then the rentals
        read = cmd_wallet(ctx, [])
        read.also.append(cmd_rentals(ctx, []))
        return read
    return cmd_wallet(ctx, [])


def _stated_duration(r: ParsedRental, text: str) -> timedelta | None:
    days, hours = r.duration_days or 0, r.duration_hours or 0
    return bounded_duration(days, hours, text) if days or hours else None
