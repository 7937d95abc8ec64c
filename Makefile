# The two commands of the README: `make run` and `make test`. Everything installs into .venv.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PORT ?= 8000
WORKERS ?= 2
TEST_DATABASE_URL ?= postgresql://postgres@127.0.0.1:5432/test
export TEST_DATABASE_URL

.PHONY: run test chaos fuzz install install-dev migrate openapi lint lint-openapi bench bench-push bench-spoons sdk-check compare-openspiel clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $@ $(VENV)/.installed

install: $(VENV)/.installed
install-dev: $(VENV)/.installed-dev

migrate: install
	$(BIN)/alembic upgrade head

# gunicorn (gevent workers, service/gunicorn_config.py) and the worker, which applies bot
# moves and clock timeouts that fall due between requests, restarted if it dies.
run: migrate
	BIND=127.0.0.1:$(PORT) WORKERS=$(WORKERS) ACCESS_LOG=- $(BIN)/python -m service.run

test: install-dev
	$(BIN)/pytest --ignore=tests/fuzz

# The Python client generated from openapi/openapi.json, type-checked and played.
sdk-check: install-dev
	$(BIN)/pytest tests/sdk -q

# Faults under load (a gunicorn worker, the worker and PostgreSQL killed or stopped) and
# the proof that no acknowledged move is lost or doubled; CHAOS_SECONDS of load.
CHAOS_SECONDS ?= 40
chaos: install-dev
	$(BIN)/python -m tests.chaos --seconds $(CHAOS_SECONDS)

# Schemathesis over every operation of the spec; FUZZ_EXAMPLES per operation.
FUZZ_EXAMPLES ?= 500
fuzz: install-dev
	FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) $(BIN)/pytest tests/fuzz

openapi: install
	DATABASE_URL=sqlite:// FLASK_APP='service:create_app()' $(BIN)/flask openapi write --format=json openapi/openapi.json

lint: install-dev
	$(BIN)/ruff check service tests migrations tools
	$(BIN)/ruff format --check service tests migrations tools
	$(BIN)/mypy service

# Redocly CLI's recommended rules (redocly.yaml) over the exported spec; the CLI is pinned
# in package.json and installed from package-lock.json on first use.
lint-openapi:
	test -x node_modules/.bin/redocly || npm ci --no-audit --no-fund
	REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true npx redocly lint openapi/openapi.json

bench: install-dev
	$(BIN)/python -m tests.bench
	$(BIN)/python tools/bot_winrates.py $(GAMES)

# Real-time capacity: waiters held, health and wake latency (not a test; prints figures).
bench-push: install-dev
	$(BIN)/python -m tests.push.bench $(if $(WAITERS),--waiters $(WAITERS))

# Spoons: moves one table accepts per second with every seat playing at once (prints figures).
bench-spoons: install-dev
	$(BIN)/python -m tests.push.spoons_bench

# OpenSpiel as a second opinion on Crazy Eights and Go Fish; kept out of the app's venv.
compare-openspiel:
	test -x .venv-openspiel/bin/python || $(PYTHON) -m venv .venv-openspiel
	.venv-openspiel/bin/pip install --quiet open_spiel -e .
	.venv-openspiel/bin/python tools/compare_openspiel.py $(GAMES)

clean:
	rm -rf $(VENV) .venv-openspiel instance .pytest_cache .hypothesis
