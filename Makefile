# Saloon: `make run` starts the server, `make test` runs the whole suite.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
DEVSTAMP := $(VENV)/.installed-dev

CHROMIUM ?= /usr/bin/chromium
# One worker per core; tests sharing a resource stay in one (see tests/conftest.py).
XDIST  ?= -n auto
export CHROMIUM

.PHONY: run test test-fast bench bench-load lint migrate simulate clean chromium

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

# pytest ends with the ten slowest tests, the suite's time and the number of skipped
# tests; its exit status is make's (5 when no test was collected).
test: $(DEVSTAMP) chromium
	$(BIN)/python -m pytest $(XDIST) --durations=10 $(PYTEST_ARGS)

test-fast: $(DEVSTAMP)
	$(BIN)/python -m pytest $(XDIST) -m 'not slow and not browser'

# Saloon beside boardgame.io on the same workload (needs node and npm; a few minutes).
bench-load: $(DEVSTAMP)
	$(BIN)/python bench/load_side_by_side.py

bench: $(DEVSTAMP)
	$(BIN)/python -m bench

lint: $(DEVSTAMP)
	$(BIN)/ruff check app games tests bench
	$(BIN)/mypy app games tests

migrate: $(STAMP)
	$(BIN)/saloon migrate

# The browser tests drive Debian's Chromium: installed here when missing, if we may.
chromium:
	@if [ -x "$(CHROMIUM)" ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  echo "Installing Debian's chromium for the browser tests (apt-get)"; \
	  { DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; } || \
	  echo "Could not install chromium: the browser tests will be skipped"; \
	else \
	  echo "Chromium is missing at $(CHROMIUM) and only root can install it here:"; \
	  echo "  sudo apt-get install chromium   (or CHROMIUM=/path/to/chromium make test)"; \
	  echo "Until then the browser tests are skipped."; \
	fi

clean:
	rm -rf $(VENV) .pytest_cache .test-plugins artifacts saloon.db
