"""Where imported price lists live: a folder the user's installation can write (the data dir,
$KASUAN_DATA_DIR/prices, default ./data/prices; or $KASUAN_PRICES_DIR), never the installed
package. One JSON file per provider, written by json.dump to a temporary file and renamed into
place, so a reader sees the old list or the new one, never half of either.

engine.providers.providers() lays each stored list over the catalog's prices at load.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any


def overlay_dir() -> Path:
    explicit = os.environ.get("KASUAN_PRICES_DIR")
    if explicit:
        return Path(explicit)
    return Path(os.environ.get("KASUAN_DATA_DIR") or "data") / "prices"


def overlay_path(provider_id: str) -> Path:
    return overlay_dir() / f"{provider_id}.json"


def load_overlay(provider_id: str) -> dict[str, Any] | None:
    path = overlay_path(provider_id)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError):
        return None  # an unreadable stored list falls back to the catalog's own prices
    return data if isinstance(data, dict) and data.get("provider") == provider_id else None


def write_overlay(data: dict[str, Any]) -> Path:
    path = overlay_path(str(data["provider"]))
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(data, out, ensure_ascii=False, indent=2)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path
