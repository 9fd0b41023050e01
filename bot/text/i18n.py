"""User-facing strings in zh and en, from catalogs/strings.yaml (never scattered in code).

`t(key, lang, **params)` formats a string with str.format; a missing key or a string missing
in one language fails at load (tests load the catalog), not in a user's chat.

Plurals: `t(key, lang, count=n)` picks `key.one` or `key.other` by the language's CLDR plural rule
(Babel's `Locale.plural_form`: English says "1 week", "2 weeks"; Chinese has one form, so a `.one`
entry may leave out zh). A key with no plural forms is used as it is; `{n}` is the count unless given.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal
from functools import cache
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict

from bot.text.figures import format_text
from catalogs import catalog_path
from engine.catalog_files import load_document
from engine.errors import CatalogError

if TYPE_CHECKING:
    from pydantic import RootModel

Lang = Literal["zh", "en"]
BABEL_LOCALES = {"zh": "zh", "en": "en"}  # CLDR plural rules are per language, not per region
_CJK_FIRST = "\u3000"  # no character below it is in _cjk() or _IME_MARKS
# Punctuation a Chinese input method types in place of ASCII ("？", "，"): a sign of the writer's language
_IME_MARKS = "？，。！：；、"


class Text(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)
    zh: str | None = None  # only a `.one` plural form may leave it out (Chinese has no singular)
    en: str


@cache
def _strings_file() -> type[RootModel[dict[str, Text]]]:
    """The schema of a strings*.yaml file (key -> {zh, en}), made when the strings are first read:
    a parametrized RootModel builds its validator as the class is made, and `kasuan size --json`
    never reads a string (importing RootModel alone builds one validator)."""
    from pydantic import RootModel

    class StringsFile(RootModel[dict[str, Text]]):
        """A strings*.yaml file: key -> {zh, en}."""

    return StringsFile


@cache
def strings() -> dict[str, Text]:
    """All catalogs/strings*.yaml files merged; a key defined twice is an error."""
    out: dict[str, Text] = {}
    for path in sorted(catalog_path().glob("strings*.yaml")):
        for key, value in load_document(path, _strings_file()).root.items():
            if key in out:
                raise CatalogError(f"{path.name}: key '{key}' is defined twice")
            out[key] = value
            if value.zh is None and not key.endswith(".one"):
                raise CatalogError(f"{path.name}: key '{key}': the zh text is missing")
    return out


@cache
def _plural_rule(lang: str) -> Callable[[float | Decimal], str]:
    from babel import Locale  # imported on the first plural: most replies have none

    return Locale.parse(BABEL_LOCALES.get(lang, "en")).plural_form


def plural_key(key: str, lang: str, count: float | Decimal) -> str:
    """`key.one` / `key.other` (whichever `count` takes in `lang`), else `key` for a key without forms."""
    table = strings()
    form = f"{key}.{_plural_rule(lang)(count)}"
    if form in table and (lang != "zh" or table[form].zh is not None):
        return form
    return f"{key}.other" if f"{key}.other" in table else key


def t(key: str, lang: str, *, count: float | Decimal | None = None, **params: object) -> str:
    """The string `key` in `lang` (zh or en), formatted with `params`; with `count`, its plural form."""
    if count is not None:
        key = plural_key(key, lang, count)
        params.setdefault("n", count)
    text = strings()[key]
    template = text.zh if lang == "zh" and text.zh is not None else text.en
    return format_text(template, params) if params else template


def has(key: str) -> bool:
    return key in strings()


def detect_language(text: str) -> Lang:
    """The language of a message by what it is typed with: its Chinese input method's punctuation
    (ime_language), else its script (script_language)."""
    return ime_language(text) or script_language(text)


def ime_language(text: str) -> Lang | None:
    """zh for a message with no Chinese letters but the punctuation a Chinese input method types
    ("Qwen3-8B QLoRA RTX 4090？"): the writer typed it with that input method on; else None. The
    weakest sign there is: the settings (bot.core.settings.effective) ask it after the message's own
    English words ("can 4090 do 7b qlora？" stays English) and the conversation's language."""
    if not text or max(text) < _CJK_FIRST or _cjk().search(text):
        return None
    return "zh" if any(c in _IME_MARKS for c in text) else None


def script_language(text: str) -> Lang:
    """zh when the message has any Chinese character, else en. A text whose highest character is
    below the CJK blocks (any Latin text) is answered without the pattern, whose wide character
    ranges take milliseconds to compile: the CLI asks this of its arguments at every start.
    A courtesy in Chinese ("谢谢", "麻烦了") beside a message written in English is a courtesy, not
    the language: "can 4090 do 7b qlora？谢谢" is answered in English ("谢谢" alone stays Chinese)."""
    if not text or max(text) < _CJK_FIRST:
        return "en"
    if not _cjk().search(text):
        return "en"
    rest = _courtesy().sub(" ", text)
    # English takes a sentence of its own: three Latin words, not a term or two ("qlora 谢谢")
    return "en" if not _cjk().search(rest) and len(re.findall(r"[A-Za-z]{2,}", rest)) >= 3 else "zh"


@cache
def _courtesy() -> re.Pattern[str]:
    return re.compile(r"谢谢(?:你|您|啦|了)?|多谢|感谢(?:你|您)?|谢啦|谢了|麻烦(?:你|您)?了|辛苦(?:你|您)?了")


@cache
def _cjk() -> re.Pattern[str]:
    return re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
