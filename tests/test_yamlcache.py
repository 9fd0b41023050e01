"""The catalog cache: same data as PyYAML, keyed by content, safe when it cannot write."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
import yaml

from catalogs import catalog_path
from engine import yamlcache


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    where = tmp_path / "cache"
    monkeypatch.setenv("KASUAN_CACHE_DIR", str(where))
    return where


def test_every_catalog_reads_the_same_as_pyyaml(cache: Path) -> None:
    files = sorted(catalog_path().glob("*.yaml")) + sorted(catalog_path("providers").glob("*.yaml"))
    assert len(files) >= 10
    for path in files:
        expected = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert yamlcache.load(path) == expected  # parsed (and cached)
        assert yamlcache.load(path) == expected  # from the cache when it could be cached
    assert len(list(cache.glob("*.json"))) >= 8


def test_an_edited_file_is_never_read_from_a_stale_copy(cache: Path, tmp_path: Path) -> None:
    f = tmp_path / "c.yaml"
    f.write_text("a: 1\n", encoding="utf-8")
    assert yamlcache.load(f) == {"a": 1}
    f.write_text("a: 2\n", encoding="utf-8")
    assert yamlcache.load(f) == {"a": 2}
    assert len(list(cache.glob("*.json"))) == 2


def test_what_json_cannot_carry_is_not_cached(cache: Path, tmp_path: Path) -> None:
    f = tmp_path / "d.yaml"
    f.write_text("when: 2026-01-02\n1: one\n", encoding="utf-8")
    assert yamlcache.load(f) == {"when": datetime.date(2026, 1, 2), 1: "one"}
    assert yamlcache.load(f) == {"when": datetime.date(2026, 1, 2), 1: "one"}
    assert not cache.exists() or not list(cache.glob("*.json"))


def test_an_unwritable_or_corrupt_cache_falls_back_to_parsing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    monkeypatch.setenv("KASUAN_CACHE_DIR", str(blocker / "sub"))  # a directory under a file: cannot exist
    f = tmp_path / "e.yaml"
    f.write_text("b: [1, 2]\n", encoding="utf-8")
    assert yamlcache.load(f) == {"b": [1, 2]}
    where = tmp_path / "c2"
    monkeypatch.setenv("KASUAN_CACHE_DIR", str(where))
    yamlcache.load(f)
    (only,) = where.glob("*.json")
    only.write_text("{not json", encoding="utf-8")
    assert yamlcache.load(f) == {"b": [1, 2]}


def test_bad_yaml_raises_its_own_error(cache: Path, tmp_path: Path) -> None:
    f = tmp_path / "bad.yaml"
    f.write_text("a: [1, 2\n", encoding="utf-8")
    with pytest.raises(yamlcache.YamlError):
        yamlcache.load(f)


def test_cache_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KASUAN_CACHE_DIR", "off")
    assert yamlcache.cache_dir() is None
