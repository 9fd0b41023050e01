"""The `kasuan` command line: `main` (bot.cli.commands) parses the subcommands; `cost`, `wallet` and
`json_output` hold the subcommands that have more than a few lines, and the JSON contract."""

from bot.cli.commands import main

__all__ = ["main"]
