"""`python -m bot.cli` runs the kasuan command."""

from bot.cli.commands import main

raise SystemExit(main())
