"""`python -m bot` runs the kasuan command.

Guarded: the chart worker is a spawned process, which imports the parent's main module (as
__mp_main__) and must not start a second bot by doing so.
"""

from bot.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
