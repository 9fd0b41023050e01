"""The house rules of the code's layout, checked so they stay true: no module over 600 lines in
bot/ or engine/, at most 6 loose modules directly in bot/, no adapter importing the engine (the
registry and the core hand them what they need), and the engine importing nothing of bot/."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAX_LINES = 600
MAX_LOOSE = 6
# Over the limit today and being split on their own branch (issue 21, the billing rules): the list
# may only shrink; a file listed here that is back under the limit fails the test until removed.
def modules(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


def imported(path: Path) -> set[str]:
    """Every module `path` imports, at the top or inside a function (lazy imports count too)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_no_module_is_over_600_lines() -> None:
    sizes = {p.relative_to(ROOT).as_posix(): len(p.read_text().splitlines()) for pkg in ("bot", "engine")
             for p in modules(pkg)}
    over = {name: n for name, n in sizes.items() if n > MAX_LINES}
    assert over == {}, over
    assert len(sizes) > 100  # the walk found the code


def test_at_most_six_loose_modules_in_bot() -> None:
    loose = sorted(p.name for p in (ROOT / "bot").glob("*.py"))
    assert len(loose) <= MAX_LOOSE, loose
    assert {"__init__.py", "__main__.py"} <= set(loose)  # `python -m bot` still runs


def test_no_adapter_imports_the_engine() -> None:
    found = {p.relative_to(ROOT).as_posix(): sorted(m for m in imported(p) if m == "engine" or m.startswith("engine."))
             for p in modules("bot/adapters")}
    assert {name: mods for name, mods in found.items() if mods} == {}
    assert len(found) >= 15  # both platform packages, the shared cycle and the rest were read


def test_the_engine_imports_nothing_of_bot() -> None:
    found = {p.relative_to(ROOT).as_posix(): sorted(m for m in imported(p) if m == "bot" or m.startswith("bot."))
             for p in modules("engine")}
    assert {name: mods for name, mods in found.items() if mods} == {}


def test_each_platform_is_a_package_on_the_shared_answer_cycle() -> None:
    """Both platforms answer through bot.adapters.cycle, and only the cycle decides when a chart is
    drawn: no platform module asks for the picture itself."""
    for platform in ("telegram", "discord_bot"):
        package = ROOT / "bot" / "adapters" / platform
        text = {p.name: p.read_text() for p in package.glob("*.py")}
        assert "__init__.py" in text and len(text) >= 4
        assert any("cycle.answer(" in s for s in text.values()) and any("cycle.send(" in s for s in text.values())
        assert [name for name, s in text.items() if ".picture(" in s] == [], platform
