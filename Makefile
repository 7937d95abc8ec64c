# The two commands of the README: `make run` and `make test`. Everything installs into .venv.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PORT ?= 8000
TEST_DATABASE_URL ?= postgresql://postgres@127.0.0.1:5432/test
export TEST_DATABASE_URL

.PHONY: run test check chaos replicas replicas-citus fuzz install install-dev hooks lock lock-check migrate openapi lint lint-openapi lint-docker bench bench-push bench-spoons bench-citus sdk sdk-diff sdk-check ts ts-diff e2e compare-openspiel clean

# Installs are locked: requirements/service.txt (the runtime dependencies) and
# requirements/dev.txt (those, the dev extras and clients/python's), compiled by `make lock`
# with uv (pinned, installed into the venv by pip) and installed with it, hashes checked.
# `make run` adds the service's lock to the venv; `make test` syncs the venv to the dev
# lock (removing what it does not list), so either may run after the other. Bytecode is
# compiled at install, as pip does (uv does not by default), so that no start compiles it
# again (PYTHONDONTWRITEBYTECODE=1 would make every start do it).
UV_VERSION := 0.13.9
UV := $(BIN)/uv
# A venv made before the locks (or with another uv) gets the pinned uv first.
ENSURE_UV = test "$$($(UV) --version 2>/dev/null | cut -d' ' -f2)" = $(UV_VERSION) || $(BIN)/python -m pip install --quiet uv==$(UV_VERSION)
# Universal locks (any platform) for Python 3.11 and later, as the Dockerfile's 3.11.
# uv keeps the versions already locked: LOCK_FLAGS=--upgrade (or --upgrade-package NAME) moves them.
LOCK := $(UV) pip compile --quiet --universal --python-version 3.11 --generate-hashes --custom-compile-command 'make lock' $(LOCK_FLAGS)

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet uv==$(UV_VERSION)

$(VENV)/.installed: pyproject.toml requirements/service.txt | $(BIN)/python
	$(ENSURE_UV)
	$(UV) pip install --quiet --python $(BIN)/python --compile-bytecode -r requirements/service.txt
	$(UV) pip install --quiet --python $(BIN)/python --no-deps -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml clients/python/pyproject.toml requirements/dev.txt | $(BIN)/python
	$(ENSURE_UV)
	$(UV) pip sync --quiet --python $(BIN)/python --compile-bytecode requirements/dev.txt
	$(UV) pip install --quiet --python $(BIN)/python --no-deps -e . -e clients/python
	touch $@ $(VENV)/.installed

# Re-compiles both locks from pyproject.toml (and clients/python/pyproject.toml); commit them.
# The dev lock is constrained to the service lock's versions.
lock: | $(BIN)/python
	$(ENSURE_UV)
	$(LOCK) pyproject.toml -o requirements/service.txt
	$(LOCK) pyproject.toml clients/python/pyproject.toml --extra dev -c requirements/service.txt -o requirements/dev.txt

# CI: the committed locks are what `make lock` makes of the pyproject.toml files (uv keeps
# the versions and hashes already locked, so only a lock that no longer fits them changes).
lock-check: lock
	git diff --exit-code -- requirements
	test -z "$$(git ls-files --others --exclude-standard -- requirements)"

install: $(VENV)/.installed
# Node's packages (package-lock.json): the tooling and the workspace clients/typescript,
# installed with the dev extras wherever npm is.
node_modules/.installed: package.json package-lock.json clients/typescript/package.json
	npm ci --no-audit --no-fund
	touch $@

install-dev: $(VENV)/.installed-dev $(if $(shell command -v npm),node_modules/.installed) hooks

# git's hooks from tools/githooks: commit-msg holds a subject to 72 characters
hooks:
	@if git rev-parse --git-dir >/dev/null 2>&1; then git config core.hooksPath tools/githooks; fi

migrate: install
	$(BIN)/alembic upgrade head

# gunicorn (gevent workers, gunicorn.conf.py) and the worker, which applies bot
# moves and clock timeouts that fall due between requests, restarted if it dies.
run: migrate
	BIND=127.0.0.1:$(PORT) $(if $(WORKERS),WORKERS=$(WORKERS)) $(BIN)/python -m service.run

# Two processes, as this machine has two cores; each makes its own database. Then every
# statement the service sent is checked to run on one Citus shard (tools/shard_check.py).
STATEMENTS := .statements
test: install-dev
	rm -rf $(STATEMENTS)
	SHARD_STATEMENTS=$(STATEMENTS) $(BIN)/pytest -n 2 -m "not sweep" --ignore=tests/fuzz --ignore=tests/e2e
	$(BIN)/python tools/shard_check.py $(STATEMENTS)

# The fast loop while working: ruff, mypy and the engine's tests, no database.
check: install-dev
	$(BIN)/ruff check service tests bench migrations tools examples gunicorn.conf.py
	$(BIN)/ruff format --check service tests bench migrations tools examples gunicorn.conf.py
	$(BIN)/mypy service
	$(BIN)/pytest -q -n 2 -m "not sweep" tests/engine

# The Python SDK in clients/python, generated from openapi/openapi.json (committed).
sdk: install-dev
	$(BIN)/python tools/generate_sdk.py

# CI: the committed SDK is what the committed spec generates.
sdk-diff: sdk
	git diff --exit-code -- clients/python
	test -z "$$(git status --porcelain -- clients/python)"

# The TypeScript client's declarations in clients/typescript, generated from
# openapi/openapi.json (committed): src/schema.d.ts, and types/ from src/index.js's JSDoc.
ts: node_modules/.installed
	node clients/typescript/scripts/generate.mjs

# CI: the committed declarations are what the committed spec and client generate.
ts-diff: ts
	git diff --exit-code -- clients/typescript/src/schema.d.ts clients/typescript/types
	test -z "$$(git status --porcelain -- clients/typescript/src/schema.d.ts clients/typescript/types)"

# The generated SDK type-checked and played, and examples/bot.py through every game.
sdk-check: install-dev
	$(BIN)/pytest tests/sdk -q

# In Debian's chromium (installed on first use): Swagger UI at /docs, ReDoc, a page on
# another origin calling the API, and the web table: rounds against bots, its moves'
# animations (test_motion), axe at 1280x800 and 390x844 (test_axe). Screenshots land in
# tests/e2e/screenshots/ (test_screenshots' are docs/web.md's, copied to docs/screenshots/).
e2e: install-dev
	command -v chromium >/dev/null || (apt-get update -qq && apt-get install -y -qq chromium)
	$(BIN)/pytest tests/e2e -q

# Faults under load (a gunicorn worker, the worker and PostgreSQL killed or stopped) and
# the proof that no acknowledged move is lost or doubled; CHAOS_SECONDS of load. Then
# CHAOS_WAITERS waiting clients through a PostgreSQL restart (health, first move), and
# as many SDK stream readers through a restart of the service (no gap, no duplicate).
CHAOS_SECONDS ?= 40
CHAOS_WAITERS ?= 2000
chaos: install-dev
	$(BIN)/python -m tests.chaos --seconds $(CHAOS_SECONDS)
	$(BIN)/python -m tests.push.outage --waiters $(CHAOS_WAITERS)
	$(BIN)/python -m tests.push.restart --clients $(CHAOS_WAITERS)

# Three instances (python -m service.run each, a worker each) on one PostgreSQL cluster of
# its own, behind HAProxy (deploy/haproxy.cfg; Debian's haproxy, installed on first use),
# every client through the proxy: moves/s and p99 with 1, 2 and 3 instances, then one
# instance SIGKILLed and started again, PostgreSQL stopped; no move lost or doubled, no
# bot or clock action doubled, every stream resumed, no 500, nothing sent to the dead
# instance after its check failed (tests/replicas/run.py). REPLICAS_FLAGS=--short for CI.
replicas: install-dev
	command -v haproxy >/dev/null || (apt-get update -qq && apt-get install -y -qq haproxy)
	$(BIN)/python -m tests.replicas.run $(REPLICAS_FLAGS)

# The same on a Citus cluster of its own (a coordinator and two workers, tests/citus.py):
# one instance on each node, then all three on the coordinator; says so and passes when
# Citus is not installed.
replicas-citus: install-dev
	command -v haproxy >/dev/null || (apt-get update -qq && apt-get install -y -qq haproxy)
	$(BIN)/python -m tests.replicas.run --citus spread $(REPLICAS_FLAGS)
	$(BIN)/python -m tests.replicas.run --citus coordinator $(REPLICAS_FLAGS)

# Schemathesis over every operation of the spec, FUZZ_EXAMPLES per operation; then the
# engine's wide sweep (tests marked sweep: random seeds, every check after every move).
FUZZ_EXAMPLES ?= 500
fuzz: install-dev
	FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) $(BIN)/pytest tests/fuzz
	FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) $(BIN)/pytest -n 2 -m sweep tests/engine

openapi: install
	DATABASE_URL=sqlite:// FLASK_APP='service:create_app()' $(BIN)/flask openapi write --format=json openapi/openapi.json

lint: install-dev
	$(BIN)/ruff check service tests bench migrations tools examples gunicorn.conf.py
	$(BIN)/ruff format --check service tests bench migrations tools examples gunicorn.conf.py
	$(BIN)/mypy service
	test -x node_modules/.bin/tsc || npm ci --no-audit --no-fund
	npx tsc -p tsconfig.json
	npx tsc -p clients/typescript/tsconfig.json

# Redocly CLI's recommended rules (redocly.yaml) over the exported spec; the CLI is pinned
# in package.json and installed from package-lock.json on first use.
lint-openapi:
	test -x node_modules/.bin/redocly || npm ci --no-audit --no-fund
	REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true npx redocly lint openapi/openapi.json

# The Dockerfile (hadolint) and compose.yaml (its schema); no Docker engine needed.
lint-docker: install-dev
	$(BIN)/hadolint Dockerfile
	$(BIN)/python tools/check_compose.py compose.yaml

bench: install-dev
	test -x .venv-openspiel/bin/python || $(PYTHON) -m venv .venv-openspiel
	.venv-openspiel/bin/python -c 'import pyspiel' 2>/dev/null || .venv-openspiel/bin/pip install --quiet open_spiel -e . || echo "no OpenSpiel: the engine part skips it"
	$(BIN)/python -m bench $(PARTS)
	$(if $(WINRATES),$(BIN)/python tools/bot_winrates.py $(GAMES))

# Real-time capacity: waiters held, health and wake latency (not a test; prints figures).
# STORM=N instead: N waiting clients connecting at once, as after a restart, and how each
# was answered (tests/push/storm.py; exits 1 if one was not served).
bench-push: install-dev
	$(if $(STORM),$(BIN)/python -m tests.push.storm --clients $(STORM),$(BIN)/python -m tests.push.bench $(if $(WAITERS),--waiters $(WAITERS)))

# Spoons: moves one table accepts per second with every seat playing at once (prints figures).
bench-spoons: install-dev
	$(BIN)/python -m tests.push.spoons_bench

# The web table in headless chromium: bytes a table page transfers, time to a playable
# table, the browser's CPU per event on a 13-seat Spoons round and its main thread's
# tasks from Chromium's trace, against a frame's 16 ms (prints figures).
.PHONY: bench-web
bench-web: install-dev
	command -v chromium >/dev/null || (apt-get update -qq && apt-get install -y -qq chromium)
	$(BIN)/python -m bench.measure_play

# The service on a Citus cluster of its own (coordinator + 2 workers, tests/citus.py) against
# plain PostgreSQL, the same load by turns: moves/s, latency and CPU per move of each side.
bench-citus: install-dev
	$(BIN)/python -m bench.citus $(BENCH_CITUS_FLAGS)

# Players per core (issues 35 and 44): simulated players at four-seat tables, as the web
# table plays, against this tree (the views in the stream) and its peer boardgame.io
# (bench/peer, Node; storing in PostgreSQL through bgio-postgres, and in memory), each on
# a fresh database, stepping the players up until the moves' p99 passes 100 ms (prints
# figures). PLAYERS_FLAGS: --sides (baseline: BASELINE, a commit, default 3aa4b21, GET
# /view after each burst), --steps, --seconds, ... (python -m bench.players --help).
# The peer's packages install from bench/peer/package-lock.json wherever npm is.
bench/peer/node_modules/.installed: bench/peer/package.json bench/peer/package-lock.json
	cd bench/peer && npm ci --no-audit --no-fund
	touch $@

.PHONY: bench-players
bench-players: install-dev $(if $(shell command -v npm),bench/peer/node_modules/.installed)
	$(BIN)/python -m bench.players $(if $(BASELINE),--baseline $(BASELINE)) $(PLAYERS_FLAGS)

# Instructions per move (callgrind) of the served workers, this tree and BASELINE (a
# commit) if given: the CPU work of a move, the same on a busy machine as on a quiet one
# (prints figures; about two minutes a side).
.PHONY: bench-instructions
bench-instructions: install-dev
	command -v valgrind >/dev/null && command -v cc >/dev/null || (apt-get update -qq && apt-get install -y -qq valgrind gcc)
	$(BIN)/python -m bench.instructions $(if $(BASELINE),--baseline $(BASELINE)) $(INSTRUCTIONS_FLAGS)

# OpenSpiel as a second opinion on Crazy Eights and Go Fish; kept out of the app's venv.
compare-openspiel:
	test -x .venv-openspiel/bin/python || $(PYTHON) -m venv .venv-openspiel
	.venv-openspiel/bin/pip install --quiet open_spiel -e .
	.venv-openspiel/bin/python tools/compare_openspiel.py $(GAMES)

clean:
	rm -rf $(VENV) .venv-openspiel instance .pytest_cache .hypothesis tests/e2e/screenshots node_modules bench/peer/node_modules
