"""The whole bot as one object: the core router with settings and conversations in the store, and
the wallet plugged in.

Every front end (console, Telegram, Discord) builds its core here, so they all answer alike. The
wallet plugs in through the router's extension points (its commands, the "w:" buttons, the parser's
"wallet" intent, and finishing a rental or top-up after "which provider?"); nothing about money is
decided in the router.
"""

from __future__ import annotations

from decimal import Decimal

from bot.clock import Clock
from bot.core import registry
from bot.core.context import Context, Handler
from bot.core.conversation import StoreConversations
from bot.core.router import Core
from bot.core.settings import SQLiteSettings
from bot.messages import Awaiting, Reply
from bot.store import Store
from bot.understand.foreign_money import foreign_write
from bot.understand.parser import Parsed
from bot.understand.price_watch import read_watch
from bot.understand.reminder_ask import read_reminder
from bot.understand.script import simplified
from bot.understand.zones import default_zone
from bot.wallet import handle_action, handle_button, handle_command, resume
from bot.wallet.balance_alert import read_balance_alert, set_balance_alert
from bot.wallet.call import WalletCall
from bot.wallet.handlers import refuse_foreign
from bot.wallet.reads import held as wallet_held
from bot.wallet.reminders import set_reminder
from bot.wallet.watch import set_watch


def build_core(store: Store, clock: Clock) -> Core:
    """The router with SQLite settings and the wallet's commands, buttons and free text."""
    core = Core(SQLiteSettings(store, clock), clock, StoreConversations(store, clock))

    def command(name: str) -> Handler:
        def run(ctx: Context, args: str) -> Reply:
            return handle_command(store, clock, ctx.inc, name, args, ctx.lang)

        return run

    for cmd in registry.plugged(registry.WALLET):
        core.commands[cmd.name] = command(cmd.name)

    def button(ctx: Context, payload: str) -> Reply:
        return handle_button(store, clock, ctx.inc, payload, ctx.lang)

    def action(ctx: Context, parsed: Parsed, text: str) -> Reply:
        assert parsed.wallet is not None
        return handle_action(store, clock, ctx.inc, parsed.wallet, parsed.rental, text, ctx.lang, ctx.settings.provider)

    def finish(ctx: Context, awaiting: Awaiting, value: str) -> Reply:
        return resume(store, clock, ctx.inc, awaiting, value, ctx.lang)

    def watch(ctx: Context, text: str) -> Reply | None:
        if (low := read_balance_alert(simplified(text))) is not None:  # "余额低于 ₮50 通知我": the wallet's warning
            return set_balance_alert(store, clock, ctx.inc, low[0], low[1], ctx.lang)
        if (foreign := foreign_write(text)) is not None:  # "budget ₹5 lakh": a currency the wallet keeps none of
            return refuse_foreign(store, clock, ctx.inc, foreign, ctx.lang)
        when = read_reminder(text, clock.now(), default_zone(ctx.lang))  # the conversation's zone unless one is said
        if when is not None:  # "remind me on Friday 6 pm to stop it": a reminder at that moment
            return set_reminder(store, clock, ctx.inc, when, ctx.lang)
        ask = read_watch(text)
        return set_watch(store, clock, ctx.inc, ask, ctx.lang, ctx.display_currency) if ask is not None else None

    def held(ctx: Context) -> dict[str, tuple[Decimal, str]]:
        return wallet_held(WalletCall(store, clock, ctx.inc, ctx.lang, clock.now()))

    core.watch = watch
    core.held = held
    core.button_handlers["w:"] = button
    core.intents["wallet"] = action
    core.resumers["rent"] = finish
    core.resumers["topup"] = finish
    return core
