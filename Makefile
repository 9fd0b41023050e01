# Every target sets itself up: a fresh clone needs only python3 (>= 3.11) and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: test run lint bench chat clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,lint,configs]'
	$(BIN)/python -m pip install --quiet --no-deps 'llamafactory==0.9.5'
	touch $(STAMP)

test: $(STAMP)
	$(BIN)/python -m pytest

run: $(STAMP)
	$(BIN)/kasuan run

lint: $(STAMP)
	$(BIN)/ruff check bot engine catalogs templates tests testkit benchmarks
	$(BIN)/mypy
	$(BIN)/vulture bot engine tools/vulture_whitelist.py --min-confidence 80

bench: $(STAMP)
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache
