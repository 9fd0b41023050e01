"""Read a YAML catalog fast: the C (libyaml) loader, and a JSON copy cached by the file's hash.

Every `kasuan` command starts a new process, and parsing the catalogs in pure Python took most of
its time. The cache never changes what a catalog says:
- the key is the SHA-256 of the file's bytes (plus a format version), so an edited catalog is a
  new key and a stale copy can never be read;
- a document is cached only when its JSON round trip is equal to what YAML produced (a date or a
  non-string key would not survive JSON, so such a file is simply parsed every time);
- a copy is written to a temporary file and renamed into place, so concurrent runs never see a
  half-written file; any error reading or writing the cache falls back to parsing.
The cache lives in $KASUAN_CACHE_DIR, else $XDG_CACHE_HOME/kasuan, else ~/.cache/kasuan — never in
the repository. KASUAN_CACHE_DIR=off turns it off.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

FORMAT = b"kasuan-yaml-cache-1\n"


class YamlError(ValueError):
    """The file is not valid YAML (PyYAML's error, re-raised so callers need not import yaml)."""


def cache_dir() -> Path | None:
    """Where cached copies go (None = caching off)."""
    explicit = os.environ.get("KASUAN_CACHE_DIR")
    if explicit:
        return None if explicit.lower() in ("off", "0", "none") else Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "kasuan"


def parse(text: str) -> Any:
    """YAML text -> Python data with the safe C loader (same result as yaml.safe_load).

    PyYAML is imported here, on a cache miss only: its import is a tenth of the CLI's start."""
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml: about 25x faster than pure Python
    try:
        return yaml.load(text, Loader=loader)
    except yaml.YAMLError as exc:
        raise YamlError(str(exc)) from exc


def load(path: Path) -> Any:
    """The parsed content of the YAML file `path` (raises OSError, or YamlError for bad YAML)."""
    raw = path.read_bytes()
    where = cache_dir()
    cached = None
    if where is not None:
        key = hashlib.sha256(FORMAT + raw).hexdigest()
        cached = where / f"{key}.json"
        try:
            return json.loads(cached.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            pass
    data = parse(raw.decode("utf-8"))
    if cached is not None:
        _store(cached, data)
    return data


def _store(target: Path, data: object) -> None:
    """Write `data` as JSON next to its key, atomically; skip what JSON cannot carry exactly."""
    try:
        text = json.dumps(data, ensure_ascii=False)
        if json.loads(text) != data:
            return
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".tmp-", suffix=".json")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(text)
            os.replace(tmp, target)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except (OSError, TypeError, ValueError):
        return
