"""Start-up: what a one-shot `kasuan size --json` loads, and work done once instead of per call.

Every `kasuan` command is a new process, so each module it imports is paid on every call (issue 21,
item 6). These tests pin that the sizing path leaves out what it never uses, and that Babel's
locale and number patterns are parsed once however many amounts are printed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

from bot.text.i18n import detect_language
from engine import money
from engine.money import Money

ROOT = Path(__file__).resolve().parents[1]
SIZE = ["size", "--json", "--model", "qwen3-8b", "--method", "qlora", "--gpu", "4090"]
# Modules `size --json` never needs: the platforms, the store, the templates, money display,
# the chat's reading and routing, the wallet, pricing, YAML (the catalogs come from the JSON cache;
# a value JSON cannot carry, such as a date, in one of the four catalogs it reads would bring YAML back).
NOT_LOADED = (
    "telegram", "discord", "babel", "jinja2", "yaml", "sqlite3", "psycopg", "rapidfuzz", "matplotlib",
    "templates", "bot.store", "bot.text.render", "bot.messages", "bot.core", "bot.wallet", "bot.adapters",
    "bot.understand.parser", "bot.understand.faq", "engine.providers", "engine.money", "engine.cost",
    "engine.billing",
)
PROBE = (
    "import io, json, sys, contextlib\n"
    "from bot.cli.commands import main\n"
    "out = io.StringIO()\n"
    "with contextlib.redirect_stdout(out):\n"
    "    code = main(json.loads(sys.argv[1]))\n"
    "print(json.dumps({'code': code, 'answer': json.loads(out.getvalue()), 'modules': sorted(sys.modules)}))\n"
)


def probe(tmp_path: Path, argv: list[str]) -> dict[str, object]:
    env = {**os.environ, "KASUAN_CACHE_DIR": str(tmp_path / "cache"), "KASUAN_LOG": str(tmp_path / "k.log")}
    done = subprocess.run([sys.executable, "-c", PROBE, json.dumps(argv)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120, check=True)
    result: dict[str, object] = json.loads(done.stdout)
    return result


def loaded(modules: object, prefix: str) -> list[str]:
    assert isinstance(modules, list)
    return [m for m in modules if m == prefix or m.startswith(prefix + ".")]


def test_size_json_loads_only_the_sizing_path(tmp_path: Path) -> None:
    probe(tmp_path, SIZE)  # the first run fills the catalog cache (it parses YAML once)
    result = probe(tmp_path, SIZE)
    assert result["code"] == 0
    answer = result["answer"]
    assert isinstance(answer, dict) and answer["request"]["model"] == "qwen3-8b"
    assert answer["fits"]["gpu"] == "rtx-4090" and answer["fits"]["fits"] is True
    unwanted = {prefix: loaded(result["modules"], prefix) for prefix in NOT_LOADED}
    assert {p: m for p, m in unwanted.items() if m} == {}
    # ... while the sizing itself is there
    assert loaded(result["modules"], "engine.sizing") and loaded(result["modules"], "pydantic")


def test_a_bad_store_url_is_still_one_line_and_exit_2_without_importing_the_store_up_front(tmp_path: Path) -> None:
    env = {**os.environ, "KASUAN_DB": "mysql://nowhere/db", "KASUAN_LOG": str(tmp_path / "k.log")}
    done = subprocess.run([sys.executable, "-m", "bot.cli", "db", "check"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert "KASUAN_DB" in done.stderr and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def count_string_parses(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """Count Babel's parses of a locale name and of a number pattern text (not of ready objects)."""
    import babel.numbers
    from babel import Locale

    counts = {"locale": 0, "pattern": 0}
    parse_locale = Locale.parse.__func__  # type: ignore[attr-defined]
    parse_pattern = babel.numbers.parse_pattern

    def counting_locale(cls: type[Locale], identifier: object, *args: object, **kwargs: object) -> Locale:
        counts["locale"] += isinstance(identifier, str)
        result: Locale = parse_locale(cls, identifier, *args, **kwargs)
        return result

    def counting_pattern(pattern: object) -> babel.numbers.NumberPattern:
        counts["pattern"] += isinstance(pattern, str)
        return parse_pattern(pattern)  # type: ignore[arg-type]

    monkeypatch.setattr(Locale, "parse", classmethod(counting_locale))
    monkeypatch.setattr(babel.numbers, "parse_pattern", counting_pattern)
    money._locale.cache_clear()
    money._number_pattern.cache_clear()
    money._grouped.cache_clear()  # amounts already grouped earlier in the session would skip the parses
    return counts


def test_babel_parses_each_locale_and_pattern_once_for_many_amounts(monkeypatch: pytest.MonkeyPatch) -> None:
    counts = count_string_parses(monkeypatch)
    shown = [Money.of(Decimal(i) + Decimal("0.37"), "CNY").format(lang, exact=exact)
             for i in range(0, 2000, 7) for lang in ("zh", "en") for exact in (False, True)]
    assert len(shown) == 1144
    assert shown[:4] == ["¥0.37", "¥0.37", "¥0.37", "¥0.37"]
    assert "¥1,400.37" in shown and Money.of("-0.34", "USD").format("en") == "-$0.34"
    assert Money.of("2800", "CNY").format("zh") == "¥2,800" and Money.of("2800", "CNY").format("zh", exact=True) == "¥2,800.00"
    assert counts == {"locale": 2, "pattern": 2}  # zh_CN and en_US; "#,##0.00" and "#,##0"


@pytest.mark.parametrize(("text", "lang"), [
    ("", "en"), ("size 7b lora 4090", "en"), ("Größe – 7b “lora” ㏒", "en"),  # ㏒ U+33D2 sits just below the CJK block
    ("\u3400", "zh"), ("7b 微调", "zh"), ("\u9fff", "zh"), ("\ua000", "en"), ("\uf900", "zh"), ("\ufaff", "zh"),
    ("\ufb00", "en"), ("7b lora 😀", "en"), ("😀 全参", "zh"),
])
def test_language_detection_without_the_pattern_agrees_with_it(text: str, lang: str) -> None:
    assert detect_language(text) == lang


SETTLED = (
    "import gc, io, os, sys, contextlib\n"
    "from bot.cli import main\n"
    "how, args = sys.argv[1], sys.argv[2:]\n"
    "sys.argv[1:] = args\n"
    "with contextlib.redirect_stdout(io.StringIO()):\n"
    "    code = main() if how == 'program' else main(args)\n"
    "print(code, gc.get_freeze_count() > 0, os.environ.get('PYDANTIC_DISABLE_PLUGINS'))\n"
)


@pytest.mark.parametrize(("how", "expected"), [("program", "0 True __all__"), ("call", "0 False None")])
def test_only_a_kasuan_process_freezes_its_imports_and_skips_the_plugin_search(
        tmp_path: Path, how: str, expected: str) -> None:
    """`kasuan ...` (main() reading sys.argv) settles its own process; a caller of main(argv), such as
    a test or a script, keeps its collector and environment as they were."""
    env = {k: v for k, v in os.environ.items() if k != "PYDANTIC_DISABLE_PLUGINS"}
    env.update(KASUAN_CACHE_DIR=str(tmp_path / "cache"), KASUAN_LOG=str(tmp_path / "k.log"))
    argv = [sys.executable, "-c", SETTLED, how, *SIZE]
    done = subprocess.run(argv, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=True)
    assert done.stdout.strip() == expected


def test_the_faq_index_is_built_once_for_many_questions(monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.understand import faq

    builds = []
    build = faq.FaqIndex.__init__

    def counting(self: faq.FaqIndex, entries: list[faq.FaqEntry]) -> None:
        builds.append(len(entries))
        build(self, entries)

    monkeypatch.setattr(faq.FaqIndex, "__init__", counting)
    faq.faq_index.cache_clear()
    try:
        questions = ["能按小时租吗？", "can I rent by the hour", "怎么退款", "what is QLoRA", "押金退吗"] * 4
        found = [faq.lookup(q) for q in questions]
    finally:
        faq.faq_index.cache_clear()  # the next user builds a plain index again
    assert len(builds) == 1 and builds[0] == len(faq.faq_entries()) > 10
    assert found[0][1] and found[0][1][0].entry.id == found[5][1][0].entry.id  # the same question, the same answer
