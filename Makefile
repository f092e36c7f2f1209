# Saloon: `make run` starts the server, `make test` runs the whole suite.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
DEVSTAMP := $(VENV)/.installed-dev

.PHONY: run test test-fast bench lint migrate simulate clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e .
	touch $@

$(DEVSTAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $@ $(STAMP)

run: $(STAMP)
	$(BIN)/saloon migrate
	$(BIN)/saloon serve --host 127.0.0.1 --port 8000

test: $(DEVSTAMP)
	$(BIN)/python -m pytest

test-fast: $(DEVSTAMP)
	$(BIN)/python -m pytest -m 'not slow and not browser'

bench: $(DEVSTAMP)
	$(BIN)/python -m bench

lint: $(DEVSTAMP)
	$(BIN)/ruff check app games tests bench
	$(BIN)/mypy app games tests

migrate: $(STAMP)
	$(BIN)/saloon migrate

clean:
	rm -rf $(VENV) .pytest_cache artifacts saloon.db
