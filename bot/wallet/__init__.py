"""The wallet: balances per provider, an append-only ledger, rentals, budgets and their alerts.

Entry points for the chat core and the front ends:
- handle_command / handle_button / handle_action / resume (bot.wallet.handlers, which hands them
  to the rooms: bot.wallet.funds, .rentals, .reads): chat commands,
  confirmation buttons ("w:..." payloads), free-text wallet actions the parser recognised, and a
  request finished after a clarifying question ("which provider?"), each returning a Reply.
- sweep / due_alerts (bot.wallet.sweeper): compute due alerts into the outbox (or just list them).
- send_due, Delivery (bot.wallet.sender): deliver the outbox through a front end.
"""

from bot.wallet.call import event_key
from bot.wallet.handlers import COMMAND_HANDLERS, handle_action, handle_button, handle_command, resume
from bot.wallet.sender import Deliver, Delivery, SendReport, send_due
from bot.wallet.sweeper import SweepReport, due_alerts, sweep

__all__ = [
    "COMMAND_HANDLERS",
    "Deliver",
    "Delivery",
    "SendReport",
    "SweepReport",
    "due_alerts",
    "event_key",
    "handle_action",
    "handle_button",
    "handle_command",
    "resume",
    "send_due",
    "sweep",
]
