"""Scoring of the parser against tests/parser_cases.yaml (used by the test and by `make bench`).

Every case lists only what the message states. A field counts as correct when the parser gives
the same value; a field the parser invents that the case doesn't list counts as wrong, and so
does one it misses. The intent is a field too.
"""

from __future__ import annotations

from collections import Counter
from decimal import Decimal
from pathlib import Path
from typing import Any

import yaml

from bot.understand.parser import parse

CASES = Path(__file__).parent.parent / "tests" / "parser_cases.yaml"  # the cases stay beside the tests


def same(expected: Any, got: Any) -> bool:
    if isinstance(got, Decimal):  # money: compared exactly, as decimals
        return isinstance(expected, int | float) and Decimal(str(expected)) == got
    if isinstance(expected, int | float) and isinstance(got, int | float) and not isinstance(got, bool):
        return abs(float(expected) - float(got)) < 1e-9 * max(1.0, abs(float(expected)))
    return bool(expected == got)


def score() -> tuple[Counter[str], Counter[str], list[str]]:
    """(correct per field, total per field, failure lines)."""
    correct: Counter[str] = Counter()
    total: Counter[str] = Counter()
    failures: list[str] = []
    for case in yaml.safe_load(CASES.read_text(encoding="utf-8"))["cases"]:
        parsed = parse(case["text"])
        got = parsed.fields()
        expected = dict(case.get("expect") or {})
        checks = {"intent": (case["intent"], parsed.intent)}
        for key in set(expected) | set(got):
            checks[key] = (expected.get(key), got.get(key))
        for key, (want, have) in checks.items():
            total[key] += 1
            if same(want, have):
                correct[key] += 1
            else:
                failures.append(f"{case['text']!r}: {key} expected {want!r} got {have!r}")
    return correct, total, failures
