"""Telegram front end (python-telegram-bot 22): updates in, the core's replies out as HTML.

What the user sees: in a private chat every text message is answered; in a group only commands,
messages that @mention the bot and replies to the bot's own messages. Replies are the core's
Telegram templates in HTML, split under 4096 characters; buttons are an inline keyboard, and
pressing one edits the message in place. Inline queries get the short answer as a result.

The rooms: `front` (the PTB application and one handler per update type, each an `Incoming`
for the core and a run of the shared answer cycle, bot.adapters.cycle), `intake` (polling with
the inbox, a lease or a webhook; claiming each update once), `outlets` (the cycle's steps:
text, chart, files), `pacing` (flood limits), `menus` (setMyCommands from the command
registry) and `inline` (what an inline result says).
"""

from bot.adapters.telegram.front import TelegramFrontEnd
from bot.adapters.telegram.pacing import TELEGRAM_LIMITS, Pace, PacedRateLimiter, PerChatUpdates, api_root

__all__ = ["TELEGRAM_LIMITS", "Pace", "PacedRateLimiter", "PerChatUpdates", "TelegramFrontEnd", "api_root"]
