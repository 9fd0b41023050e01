"""One loader for every catalog file (models, GPUs, providers, currencies, MFU, frameworks, FAQ,
UI strings), with one error format.

Why one: a price or a card is a YAML edit, and a mistake in it must read the same whichever file it
is in — the file, the entry (by its id) and the field, then what is wrong:
  "gpus.yaml: entry h100-sxm: field 'memory_gb': Input should be greater than 0"
  "gpuli.yaml: field 'offers[8x-h100-sxm].prices.week': ..."
Files are read through engine.yamlcache (the C loader and a hash-keyed cache).
"""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from engine import yamlcache
from engine.errors import CatalogError

T = TypeVar("T", bound=BaseModel)


def read(path: Path) -> object:
    """The file's YAML as Python data, or a CatalogError naming the file."""
    try:
        return yamlcache.load(path)
    except (OSError, yamlcache.YamlError) as exc:
        raise CatalogError(f"{path.name}: cannot read: {exc}") from exc


def field_path(raw: object, loc: tuple[int | str, ...]) -> str:
    """A validation error's location as a reader finds it: list items named by their id
    ("offers[8x-h100-sxm].prices.week"), by position only when they have none."""
    parts: list[str] = []
    node: object = raw
    for step in loc:
        if isinstance(step, int) and isinstance(node, list) and step < len(node):
            item = node[step]
            label = item.get("id") if isinstance(item, dict) else None
            parts[-1:] = [f"{parts[-1] if parts else ''}[{label if label is not None else step}]"]
            node = item
            continue
        parts.append(str(step))
        node = node.get(step) if isinstance(node, dict) else None
    return ".".join(parts)


def invalid(path: Path, raw: object, exc: ValidationError, entry: str | None = None) -> CatalogError:
    first = exc.errors()[0]
    where = f"entry {entry}: " if entry is not None else ""
    field = field_path(raw, tuple(first["loc"])) or "(entry)"
    return CatalogError(f"{path.name}: {where}field '{field}': {first['msg']}")


def load_document(path: Path, schema: type[T]) -> T:
    """A whole file validated as one schema."""
    raw = read(path)
    try:
        return schema.model_validate(raw)
    except ValidationError as exc:
        raise invalid(path, raw, exc) from exc


def load_entries(path: Path, key: str, schema: type[T]) -> list[T]:
    """The `key:` list of a file, each entry validated; ids must be unique."""
    raw = read(path)
    if not isinstance(raw, dict) or not isinstance(raw.get(key), list):
        raise CatalogError(f"{path.name}: expected a top-level '{key}:' list")
    out: list[T] = []
    for i, item in enumerate(raw[key]):
        label = str(item.get("id", f"#{i}")) if isinstance(item, dict) else f"#{i}"
        try:
            out.append(schema.model_validate(item))
        except ValidationError as exc:
            raise invalid(path, item, exc, label) from exc
    ids = [getattr(e, "id", None) for e in out]
    dupes = {x for x in ids if ids.count(x) > 1}
    if dupes:
        raise CatalogError(f"{path.name}: duplicate ids {sorted(str(d) for d in dupes)}")
    return out
