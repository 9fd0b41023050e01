"""Running the bot: `kasuan run` (`run`: the front ends, the alert loop, the price refresh, leases),
owner-only files (`private`: the database, log and backups are 0600)
and the terminal chat (`console`). The front ends themselves, and the health port they report to,
are bot.adapters."""
