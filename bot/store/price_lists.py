"""Imported price lists, for the CLI and the refresh: fetch (http/https only, bounded), validate,
diff, store in the data dir, and make the running process see the new prices.

A refresh that fails keeps the last good list and records why (prices/<provider>.status.json), so
the "prices as of" line can say the refresh failed and which list still stands.
"""

from __future__ import annotations

import json
import logging
import os
from contextlib import suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from engine.errors import KasuanError
from engine.price_import import MAX_LIST_BYTES, BadPriceList, Change, PriceList, diff, overlay, parse_price_list
from engine.price_overlay import overlay_dir, write_overlay
from engine.providers import Provider, provider, providers

log = logging.getLogger("kasuan.prices")
FETCH_TIMEOUT = 20.0


class FetchFailed(KasuanError):
    code = "bad_price_list"


def reload_prices() -> None:
    """Forget every cached price so the next answer reads the stored lists."""
    from bot.views import price
    from engine import advice

    providers.cache_clear()
    price.clear_unit_prices()
    advice.setup_rates.cache_clear()


async def fetch(url: str, timeout: float = FETCH_TIMEOUT) -> str:
    """The text at `url` (http or https), at most MAX_LIST_BYTES; FetchFailed otherwise."""
    import aiohttp

    if urlparse(url).scheme not in ("http", "https"):
        raise FetchFailed(f"{url}: only http and https URLs are fetched")
    try:
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=timeout)) as session, \
                session.get(url) as resp:
            if resp.status != 200:
                raise FetchFailed(f"{url}: HTTP {resp.status}")
            body = await resp.content.read(MAX_LIST_BYTES + 1)
    except (aiohttp.ClientError, TimeoutError) as exc:
        raise FetchFailed(f"{url}: {type(exc).__name__}") from exc
    if len(body) > MAX_LIST_BYTES:
        raise FetchFailed(f"{url}: over {MAX_LIST_BYTES // 1024} KB")
    try:
        return body.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise FetchFailed(f"{url}: not UTF-8 text") from exc


def read_list(p: Provider, text: str, name: str, now: datetime) -> tuple[PriceList, list[Change]]:
    """Validate a list for `p` (dated today when it gives no date) and its diff against the catalog."""
    new = parse_price_list(p, text, name, read_on=now.astimezone(UTC).date().isoformat())
    return new, diff(p, new)


def store(new: PriceList, url: str | None = None) -> Path:
    data = overlay(new) | ({"url": url} if url else {})
    path = write_overlay(data)
    _write_status(new.provider, {"ok": True})
    reload_prices()
    return path


def status_path(provider_id: str) -> Path:
    return overlay_dir() / f"{provider_id}.status.json"


def _write_status(provider_id: str, data: dict[str, Any]) -> None:
    path = status_path(provider_id)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    with tmp.open("w", encoding="utf-8") as out:
        json.dump(data, out, ensure_ascii=False)
    os.replace(tmp, path)


def refresh_status(provider_id: str) -> dict[str, Any] | None:
    try:
        data = json.loads(status_path(provider_id).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


@dataclass(frozen=True)
class Refreshed:
    provider: str
    ok: bool
    changes: int = 0
    error: str = ""


def sources(environ: dict[str, str] | None = None) -> list[tuple[str, str]]:
    """(provider id, URL) pairs from KASUAN_PRICE_URLS ("cloudgpu=https://…/gpu-prices.json,gpuli=…")."""
    raw = (environ if environ is not None else os.environ).get("KASUAN_PRICE_URLS", "")
    out = []
    for part in raw.replace(";", ",").split(","):
        name, _, url = part.strip().partition("=")
        if name and url:
            out.append((provider(name.strip()).id, url.strip()))
    return out


async def refresh(pairs: list[tuple[str, str]], now: datetime) -> list[Refreshed]:
    """Fetch, validate and store each provider's list; a failure keeps the last good list and says
    so in the status file (and the log), and the next refresh tries again."""
    done: list[Refreshed] = []
    for provider_id, url in pairs:
        p = provider(provider_id)
        try:
            text = await fetch(url)
            new, changes = read_list(p, text, Path(urlparse(url).path).name or "prices", now)
        except (FetchFailed, BadPriceList) as exc:
            log.warning("price refresh for %s failed (%s); keeping the last good list", provider_id, exc)
            _write_status(provider_id, {"ok": False, "error": str(exc), "failed_at": now.astimezone(UTC).isoformat(),
                                        "kept": p.prices_read})
            done.append(Refreshed(provider_id, False, error=str(exc)))
            continue
        store(new, url)
        done.append(Refreshed(provider_id, True, len(changes)))
    return done


REFRESH_HOURS = 6.0


def refresh_interval(environ: dict[str, str] | None = None) -> float:
    """Seconds between refreshes (KASUAN_PRICE_REFRESH_HOURS, default 6, at least a minute)."""
    raw = (environ if environ is not None else os.environ).get("KASUAN_PRICE_REFRESH_HOURS", "")
    try:
        hours = float(raw) if raw.strip() else REFRESH_HOURS
    except ValueError:
        hours = REFRESH_HOURS
    return max(hours * 3600, 60.0)


async def price_loop(pairs: list[tuple[str, str]], clock: Any, interval: float, stop: Any,
                     after: Any = None) -> None:
    """Refresh the configured lists every `interval` seconds until `stop`; after each round `after(now)`
    (the price watches' check) runs in a worker thread. A round that fails is logged and retried."""
    import asyncio

    while not stop.is_set():
        now = clock.now()
        try:
            await refresh(pairs, now)
            if after is not None:
                await asyncio.to_thread(after, now)
        except Exception:
            log.exception("price refresh round failed; trying again in %s s", interval)
        with suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), interval)
