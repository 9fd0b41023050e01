"""Read an untrusted JSON or YAML file into plain data, refusing what could hurt us.

A training file comes from a chat, so before anything is built from it: at most MAX_BYTES, text
(no NUL bytes, valid UTF-8), nesting at most MAX_DEPTH deep and at most MAX_NODES values. YAML is
read with PyYAML's SafeLoader (no Python objects, nothing executed, nothing fetched) and a loader
that refuses anchors and aliases outright: the billion-laughs bomb is made of aliases, and no
training file needs them. The event stream is checked before any node is built, so a bomb or a
100,000-deep list costs a linear scan, never the expansion or a deep recursion.

Every refusal is a FileRefused with a reason code the bot words in the user's language.
"""

from __future__ import annotations

import json
from typing import Any

import yaml
from yaml.events import AliasEvent, CollectionEndEvent, CollectionStartEvent, NodeEvent

from engine.errors import KasuanError

MAX_BYTES = 64 * 1024  # the largest real config.json (DeepSeek-V3) is under 2 KB; a YAML recipe a few KB
MAX_DEPTH = 24
MAX_NODES = 5_000  # a real recipe has under 200; libyaml reads 5,000 in milliseconds
# libyaml's safe loader (C) when PyYAML was built with it: the same rules, a hundred times faster
FAST_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class FileRefused(KasuanError):
    """A file we will not read: too large, binary, an alias bomb, too deep, or not JSON/YAML."""

    code = "file_refused"

    def __init__(self, reason: str, name: str, **params: Any) -> None:
        super().__init__(f"{name}: {reason}", reason=reason, name=name, **params)
        self.reason = reason


class NoAliasLoader(yaml.SafeLoader):
    """SafeLoader that refuses any anchor or alias (the checks in `_check_yaml_events` run first;
    this is the second lock on the same door)."""

    def compose_node(self, parent: Any, index: Any) -> Any:
        event = self.peek_event()
        if isinstance(event, AliasEvent) or (isinstance(event, NodeEvent) and event.anchor is not None):
            raise FileRefused("alias", "yaml")
        return super().compose_node(parent, index)


def decode(name: str, raw: bytes) -> str:
    """The file's text, or a refusal when it is too large or not UTF-8 text."""
    if len(raw) > MAX_BYTES:
        raise FileRefused("too_large", name, size_kb=round(len(raw) / 1024), limit_kb=MAX_BYTES // 1024)
    if b"\x00" in raw:
        raise FileRefused("binary", name)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise FileRefused("binary", name) from exc


def _check_json_shape(name: str, text: str, quotes: str = '"') -> None:
    """Depth and size of a JSON text (or a YAML text's flow brackets), scanned without parsing:
    json.loads recurses per level, and PyYAML's scanner slows down on deep flow nesting."""
    depth = nodes = 0
    in_string: str | None = None
    escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\" and in_string == '"':
                escaped = True
            elif ch == in_string:
                in_string = None
            continue
        if ch in quotes:
            in_string = ch
        elif ch in "[{":
            depth += 1
            nodes += 1
            if depth > MAX_DEPTH:
                raise FileRefused("too_deep", name, limit=MAX_DEPTH)
        elif ch in "]}":
            depth -= 1
        elif ch in ",:":
            nodes += 1
        if nodes > 2 * MAX_NODES:
            raise FileRefused("too_many", name, limit=MAX_NODES)


def _check_yaml_events(name: str, text: str) -> None:
    """Anchors, aliases, depth and size of a YAML text, from its event stream (nothing built)."""
    depth = nodes = 0
    try:
        for event in yaml.parse(text, Loader=FAST_LOADER):
            if isinstance(event, AliasEvent) or (isinstance(event, NodeEvent) and event.anchor is not None):
                raise FileRefused("alias", name)
            if isinstance(event, NodeEvent):
                nodes += 1
                if nodes > MAX_NODES:
                    raise FileRefused("too_many", name, limit=MAX_NODES)
            if isinstance(event, CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    raise FileRefused("too_deep", name, limit=MAX_DEPTH)
            elif isinstance(event, CollectionEndEvent):
                depth -= 1
    except yaml.YAMLError as exc:
        raise FileRefused("syntax", name, detail=_first_line(exc)) from exc


def _first_line(exc: Exception) -> str:
    return str(exc).strip().splitlines()[0][:160] if str(exc).strip() else type(exc).__name__


def looks_like_json(name: str, text: str) -> bool:
    return name.lower().endswith(".json") or text.lstrip().startswith("{")


def load_mapping(name: str, text: str) -> dict[str, Any]:
    """The file as a dict (JSON by its name or its first character, else YAML); a file whose top
    level is not a mapping is refused."""
    if looks_like_json(name, text):
        _check_json_shape(name, text)
        try:
            data = json.loads(text)
        except ValueError as exc:
            raise FileRefused("syntax", name, detail=_first_line(exc)) from exc
    else:
        _check_json_shape(name, text, quotes="\"'")
        _check_yaml_events(name, text)
        try:
            # the event scan above refused every anchor and alias; NoAliasLoader (pure Python) is
            # the fallback lock where libyaml is missing
            data = yaml.load(text, Loader=FAST_LOADER if FAST_LOADER is not yaml.SafeLoader else NoAliasLoader)
        except FileRefused as exc:
            raise FileRefused(exc.reason, name) from exc
        except yaml.YAMLError as exc:
            raise FileRefused("syntax", name, detail=_first_line(exc)) from exc
    if not isinstance(data, dict):
        raise FileRefused("not_mapping", name)
    return data
