"""The team-chat evaluation set (benchmarks/chat_eval.yaml) is well formed.

This checks the yardstick, not the bot: unique ids, known categories and languages, enough cases
in each category and from each seed, every group of alternatives non-empty, button turns that name
a label, regular expressions that compile. The pass rate is `make bench`'s job.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from benchmarks.chat_eval import BUTTON, REGEX, Case, flatten, judge, load

SET = Path(__file__).parent.parent / "benchmarks" / "chat_eval.yaml"
CATEGORIES = {"sizing", "recipe", "price", "cost", "faq", "wallet", "wallet_rule", "named_back", "preference",
              "inference", "smalltalk", "followup"}
LANGUAGES = {"zh", "en", "mixed"}
SEEDS = {"000", "002", "003"}
PREFIX = {"sizing": "sz-", "recipe": "rc-", "price": "pr-", "cost": "co-", "faq": "fq", "wallet": "wa-",
          "wallet_rule": "wr-", "named_back": "nb-", "preference": "pf-", "inference": "in-", "smalltalk": "st-",
          "followup": "fu-"}  # so `python -m benchmarks.chat_eval pr-` runs one category
KEYS = {"id", "category", "lang", "turns", "must", "must_not", "max_lines", "lead", "seed", "why"}
ID = re.compile(r"^[a-z0-9]+(-[a-z0-9.]+)*$")


@pytest.fixture(scope="module")
def doc() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load(SET.read_text(encoding="utf-8"))
    return loaded


@pytest.fixture(scope="module")
def raw(doc: dict[str, Any]) -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = doc["cases"]
    return cases


def test_the_file_declares_the_fixed_lists(doc: dict[str, Any]) -> None:
    assert set(doc["categories"]) == CATEGORIES
    assert set(doc["languages"]) == LANGUAGES
    assert {"Traceback", "--json", "kasuan cost", "didn't catch", "error id"} <= set(flatten(doc["global_must_not"]))


def test_at_least_200_cases_with_unique_ids(raw: list[dict[str, Any]]) -> None:
    ids = [c["id"] for c in raw]
    assert len(ids) >= 200
    assert [i for i, n in Counter(ids).items() if n > 1] == []
    assert all(ID.match(i) for i in ids), [i for i in ids if not ID.match(i)]


def test_every_case_has_the_schema_fields(raw: list[dict[str, Any]]) -> None:
    for c in raw:
        assert set(c) <= KEYS, (c["id"], set(c) - KEYS)
        assert c["category"] in CATEGORIES, c["id"]
        assert c["id"].startswith(PREFIX[c["category"]]), c["id"]
        assert c["lang"] in LANGUAGES, c["id"]
        assert isinstance(c["max_lines"], int) and 1 <= c["max_lines"] <= 60, c["id"]
        assert c["turns"] and all(isinstance(t, str) and t.strip() for t in c["turns"]), c["id"]
        assert c["seed"] in SEEDS if "seed" in c else True, c["id"]


def test_every_group_of_alternatives_is_non_empty(raw: list[dict[str, Any]]) -> None:
    for c in raw:
        groups = c.get("lead", []) + c["must"]
        assert c["must"] or c.get("lead"), f"{c['id']}: nothing required"
        for group in groups:
            assert isinstance(group, list) and group, f"{c['id']}: empty group"
            assert all(isinstance(a, str) and a.strip() for a in group), f"{c['id']}: blank alternative"
        assert all(isinstance(s, str) and s.strip() for s in flatten(c.get("must_not", []))), c["id"]


def test_regular_expressions_compile_and_buttons_name_a_label(raw: list[dict[str, Any]]) -> None:
    for c in raw:
        for alt in [a for g in c.get("lead", []) + c["must"] for a in g] + flatten(c.get("must_not", [])):
            if alt.startswith(REGEX):
                re.compile(alt[len(REGEX):])
        for n, turn in enumerate(c["turns"]):
            if turn.startswith(BUTTON):
                assert n > 0, f"{c['id']}: a button press needs a reply before it"
                assert any(w.strip() for w in turn[len(BUTTON):].split("|")), c["id"]


def test_each_category_has_15_cases_and_the_languages_are_mixed(raw: list[dict[str, Any]]) -> None:
    per_category = Counter(c["category"] for c in raw)
    assert set(per_category) == CATEGORIES
    assert min(per_category.values()) >= 15, per_category
    per_lang = Counter(c["lang"] for c in raw)
    share = {lang: per_lang[lang] / len(raw) for lang in LANGUAGES}
    assert 0.40 <= share["zh"] <= 0.55 and 0.28 <= share["en"] <= 0.42 and 0.15 <= share["mixed"] <= 0.30, share


def test_faq_questions_come_from_each_seed(raw: list[dict[str, Any]]) -> None:
    per_seed = Counter(c.get("seed") for c in raw if c["category"] == "faq")
    assert all(c["id"].startswith(f"fq{c['seed'][-1]}-") for c in raw if c["category"] == "faq")
    assert all(per_seed[s] >= 10 for s in SEEDS), per_seed


def test_every_case_loads_with_the_global_forbidden_words(doc: dict[str, Any]) -> None:
    cases, _ = load(SET)
    common = set(flatten(doc["global_must_not"]))
    assert len(cases) == len(doc["cases"])
    assert all(common <= set(c.must_not) for c in cases)


def test_the_judge_reads_groups_regexes_leads_and_lines() -> None:
    case = Case(id="x", category="price", lang="zh", turns=["4090 多少钱"], must=[["109"], ["re:\\$0\\.3\\d"]],
                must_not=["kasuan cost"], max_lines=3, lead=[["₮"]])
    assert judge(case, "RTX 4090：gpuli ₮109/周\nCloudGPU $0.33/h\n") == []
    assert judge(case, "RTX 4090：gpuli ₮１０９/周，CloudGPU $0.33/h") == []  # full-width digits fold
    reasons = judge(case, "a\nb\nc\nd ₮109 $0.33 kasuan cost")
    assert any("first 3 lines" in r for r in reasons)
    assert "forbidden 'kasuan cost'" in reasons and "4 lines > 3" in reasons
    assert judge(case, "₮ only") == ["missing one of ['109']", "missing one of ['re:\\\\$0\\\\.3\\\\d']"]
