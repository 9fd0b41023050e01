"""`kasuan prices import FILE|URL --provider ID [--yes]`: read a provider's price list, validate it,
show the diff against the catalog, and write it to the data dir only when confirmed (--yes, or
"y" at the prompt). `kasuan prices refresh` fetches every URL in KASUAN_PRICE_URLS once.
"""

from __future__ import annotations

import argparse
import asyncio
import json
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

from bot.text.i18n import t
from engine.errors import KasuanError


def INPUT(prompt: str) -> str:
    return input(prompt)


def add_prices_parser(subparsers: Any) -> None:
    p = subparsers.add_parser("prices", help="import or refresh a provider's price list")
    sub = p.add_subparsers(dest="prices_command", required=True)
    imp = sub.add_parser("import", help="read a price list (gpu-prices.json or CSV), show the diff, write it when confirmed")
    imp.add_argument("source", help="a file path or an http(s) URL")
    imp.add_argument("--provider", required=True, help="the provider whose list it is, e.g. cloudgpu")
    imp.add_argument("--yes", action="store_true", help="write without asking")
    imp.add_argument("--lang", choices=["zh", "en"], default="en")
    imp.add_argument("--json", action="store_true")
    imp.set_defaults(handler=cmd_import)
    ref = sub.add_parser("refresh", help="fetch every list in KASUAN_PRICE_URLS now")
    ref.set_defaults(handler=cmd_refresh)


def _amount(pair: tuple[Decimal, Decimal] | None) -> str:
    if pair is None:
        return "-"
    low, high = (format(x.normalize(), "f") for x in pair)
    return low if low == high else f"{low}–{high}"


def cmd_import(args: argparse.Namespace) -> int:
    from bot.store.price_lists import FetchFailed, fetch, read_list, store
    from engine.providers import provider

    p = provider(args.provider)
    now = datetime.now(UTC)
    source: str = args.source
    if source.startswith(("http://", "https://")):
        text, name, url = asyncio.run(fetch(source)), Path(source.split("?", 1)[0]).name or "prices", source
    else:
        path = Path(source)
        try:
            text, name, url = path.read_text(encoding="utf-8-sig"), path.name, None
        except (OSError, UnicodeDecodeError) as exc:
            raise FetchFailed(f"cannot read {path.name}: {getattr(exc, 'strerror', None) or exc}") from exc
    new, changes = read_list(p, text, name, now)
    lang = args.lang
    offers = {o.id: o for o in p.offers}
    lines = [t("prices.diff.title", lang, provider=p.name, date=new.prices_read)]
    for c in changes:
        o = offers[c.offer]
        label = f"{o.count}× {o.gpu}"
        key = "prices.diff.changed" if c.old is not None else "prices.diff.added"
        lines.append("  " + t(key, lang, offer=label, unit=c.unit, old=_amount(c.old), new=_amount(c.new)))
    if not changes:
        lines.append("  " + t("prices.diff.none", lang))
    if args.json:
        print(json.dumps({"provider": p.id, "prices_read": new.prices_read,
                          "changes": [{"offer": c.offer, "unit": c.unit, "old": _amount(c.old), "new": _amount(c.new)}
                                      for c in changes]}, ensure_ascii=False))
    else:
        print("\n".join(lines))
    from engine.price_overlay import overlay_path

    target = overlay_path(p.id)
    if not args.yes:
        try:
            answer = INPUT(t("prices.confirm", lang, path=target))
        except EOFError:
            answer = ""
        if answer.strip().lower() not in ("y", "yes", "是"):
            print(t("prices.not_written", lang))
            return 0
    written = store(new, url)
    print(t("prices.written", lang, path=written, n=len(changes)))
    _check_watches()
    return 0


def _check_watches() -> None:
    """The new prices may meet a price watch: queue those alerts (the running bot's sender delivers)."""
    import os

    from bot.store.connection import DEFAULT_PATH

    if not os.environ.get("KASUAN_DB") and not DEFAULT_PATH.exists():
        return  # no bot database here: nobody is watching
    from bot.store import connect
    from bot.wallet.watch import check_watches

    db = connect()
    try:
        check_watches(db, datetime.now(UTC))
    finally:
        db.close()


def cmd_refresh(args: argparse.Namespace) -> int:
    from bot.store.price_lists import refresh, sources

    pairs = sources()
    done = asyncio.run(refresh(pairs, datetime.now(UTC)))
    _check_watches()
    for r in done:
        print(t("prices.refreshed", "en", provider=r.provider, n=r.changes) if r.ok
              else t("prices.refresh_failed", "en", provider=r.provider, error=r.error))
    return 0 if all(r.ok for r in done) else 2


__all__ = ["KasuanError", "add_prices_parser"]
