"""User-facing strings in zh and en, from catalogs/strings.yaml (never scattered in code).

`t(key, lang, **params)` formats a string with str.format; a missing key or a string missing
in one language fails at load (tests load the catalog), not in a user's chat.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, RootModel

from catalogs import catalog_path
from engine.catalog_files import load_document
from engine.errors import CatalogError

Lang = Literal["zh", "en"]
LANGS: tuple[Lang, ...] = ("zh", "en")
_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")


class Text(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    zh: str
    en: str


class StringsFile(RootModel[dict[str, Text]]):
    """A strings*.yaml file: key -> {zh, en}."""


@cache
def strings() -> dict[str, Text]:
    """All catalogs/strings*.yaml files merged; a key defined twice is an error."""
    out: dict[str, Text] = {}
    for path in sorted(catalog_path().glob("strings*.yaml")):
        for key, value in load_document(path, StringsFile).root.items():
            if key in out:
                raise CatalogError(f"{path.name}: key '{key}' is defined twice")
            out[key] = value
    return out


def t(key: str, lang: str, **params: object) -> str:
    """The string `key` in `lang` (zh or en), formatted with `params`."""
    text = strings()[key]
    template = text.zh if lang == "zh" else text.en
    return template.format(**params) if params else template


def has(key: str) -> bool:
    return key in strings()


def detect_language(text: str) -> Lang:
    """zh when the message has any Chinese character, else en."""
    return "zh" if _CJK.search(text) else "en"
