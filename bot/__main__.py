"""`python -m bot` runs the kasuan command."""

from bot.cli import main

raise SystemExit(main())
