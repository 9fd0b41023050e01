# Every target sets itself up: a fresh clone needs only python3 (>= 3.11) and make.
# `make run` installs only what running needs (RUNTIME); test, lint and bench add the test tools and
# the real config parsers (torch, DeepSpeed, LLaMA-Factory: about 1.5 GB) on top (DEV).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
RUNTIME := $(VENV)/.runtime
DEV := $(VENV)/.installed

.PHONY: test run lint bench chat clean

# The venv's own pip (22.3 or later with Python >= 3.11) installs the runtime: upgrading pip first
# cost 6-16 s of a fresh `make run` on this machine. The heavy extras (sdists among them) still get
# a current pip, as before.
$(RUNTIME): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet -e .
	touch $(RUNTIME)

$(DEV): $(RUNTIME)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,lint,configs,bench]'
	$(BIN)/python -m pip install --quiet --no-deps 'llamafactory==0.9.5'
	touch $(DEV)

test: $(DEV)
	$(BIN)/python -m pytest

run: $(RUNTIME)
	$(BIN)/kasuan run

chat: $(RUNTIME)
	$(BIN)/kasuan chat

lint: $(DEV)
	$(BIN)/ruff check bot engine catalogs templates tests testkit benchmarks
	$(BIN)/mypy
	$(BIN)/vulture bot engine tools/vulture_whitelist.py --min-confidence 80

bench: $(DEV)
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache
