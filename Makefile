# Every target bootstraps the virtualenv and the pinned dependencies it needs.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
# The example distributions in examples/ are installed next to the engine, and their tests
# run with its own (pyproject.toml, testpaths).
EXAMPLES := examples/napoli-to-ten examples/scopa examples/scopone
# A variant only the tests play, in a distribution of its own (tests/foreign): installed
# with the test tools, so that the suite runs beside a variant it was not written for.
FOREIGN := tests/foreign
# Four installs, each with its stamp: what serving needs (RUN_STAMP: make run, demo,
# openapi), what builds the compiled engine on top of it (COMPILED_STAMP: make compiled,
# bench), the research adapters' OpenSpiel and PettingZoo on top of that (RESEARCH_STAMP:
# bench, the research extra of docs/research.md), and the test tools on top of those
# (STAMP: make test, lint). A new user's
# first `make run` then waits for the server's dependencies alone, not for playwright,
# schemathesis and the client generators (tests/test_makefile.py checks it).
FINGERPRINT := $(shell cat pyproject.toml constraints.txt $(EXAMPLES:%=%/pyproject.toml) $(FOREIGN)/pyproject.toml | cksum | cut -d' ' -f1)
RUN_STAMP := $(VENV)/.installed-run-$(FINGERPRINT)
COMPILED_STAMP := $(VENV)/.installed-compiled-$(FINGERPRINT)
RESEARCH_STAMP := $(VENV)/.installed-research-$(FINGERPRINT)
STAMP := $(VENV)/.installed-test-$(FINGERPRINT)
NPM_STAMP := clients/node_modules/.installed-$(shell cat clients/package.json clients/package-lock.json | cksum | cut -d' ' -f1)
CONTRACT_STAMP := clients/contract/node_modules/.installed-$(shell cat clients/contract/package.json clients/contract/package-lock.json | cksum | cut -d' ' -f1)

.PHONY: test run demo openapi contract bench lint clean compiled

# The browser tests drive Debian's Chromium: Playwright's own browser download needs
# an internet that CI does not have.
CHROMIUM := /usr/bin/chromium

# The rooms' tests and bench.rooms run Debian's Redis server (bench/redis_server.py starts
# one per test process on a free port), installed when missing as Chromium is.
REDIS_SERVER := /usr/bin/redis-server

# The deployment recipe's test (tests/deploy) runs Debian's nginx in front of two server
# processes, with a configuration of its own on a free port; installed when missing too.
NGINX := /usr/sbin/nginx

# The curl examples of README.md and docs/api.md glue their JSON with jq, and a test runs
# them (tests/test_doc_examples.py); installed when missing too.
JQ := /usr/bin/jq

# wrk loads a real server for make bench and for the test of bench.tail
# (tests/bench/test_tail.py); installed when missing too.
WRK := /usr/bin/wrk

# systemd-analyze reads deploy/foraccio.service as systemd would
# (tests/deploy/test_service.py); Debian's systemd package has it, installed when missing
# too (installed, it starts nothing where systemd does not already run).
SYSTEMD_ANALYZE := /usr/bin/systemd-analyze

# The package's own dependencies. --no-compile: the server imports a small part of them
# (not dask's or distributed's), so the first import writes the bytecode it needs rather
# than pip writing all of it first. --no-deps: what the examples depend on (the engine;
# scopone also on scopa) is installed from this checkout, not looked up in an index. pip
# is quiet, so a line says what the wait is for.
$(RUN_STAMP): pyproject.toml constraints.txt $(EXAMPLES:%=%/pyproject.toml)
	@echo "Installing the server's dependencies into $(VENV) (about a minute the first time)..."
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check --no-compile -c constraints.txt -e .
	$(PY) -m pip install --quiet --disable-pip-version-check --no-compile --no-deps \
		$(EXAMPLES:%=-e %)
	rm -f $(VENV)/.installed-run-* && touch $@

# Cython and a setuptools that reads pyproject.toml (the compiled extra): setup.py runs
# with the virtualenv's own setuptools, and the one a new virtualenv comes with is too old.
$(COMPILED_STAMP): $(RUN_STAMP)
	@echo "Installing Cython into $(VENV)..."
	$(PY) -m pip install --quiet --disable-pip-version-check -c constraints.txt -e '.[compiled]'
	rm -f $(VENV)/.installed-compiled-* && touch $@

# OpenSpiel and PettingZoo (with numpy, scipy and gymnasium): the research extra, kept out
# of the server's install.
$(RESEARCH_STAMP): $(COMPILED_STAMP)
	@echo "Installing OpenSpiel and PettingZoo into $(VENV)..."
	$(PY) -m pip install --quiet --disable-pip-version-check -c constraints.txt -e '.[research]'
	rm -f $(VENV)/.installed-research-* && touch $@

# The tests start hundreds of processes, so they get all the bytecode at once (where
# PYTHONDONTWRITEBYTECODE is set, an import would compile anew in every process).
$(STAMP): $(RESEARCH_STAMP) $(FOREIGN)/pyproject.toml
	@echo "Installing the test tools into $(VENV) (about two minutes the first time)..."
	$(PY) -m pip install --quiet --disable-pip-version-check -c constraints.txt -e '.[test]'
	$(PY) -m pip install --quiet --disable-pip-version-check --no-compile --no-deps -e $(FOREIGN)
	$(PY) -m compileall -q -j 0 $(VENV)/lib
	rm -f $(VENV)/.installed-test-* && touch $@

# The compiled engine (core/compiled.py), built beside its sources by Cython; setuptools
# rebuilds only the modules whose source changed. Without a C compiler the engine runs
# from its source (and make test's compiled run fails, saying so). Cython and the C
# compiler say nothing meanwhile, hence the lines.
compiled: $(COMPILED_STAMP)
	@echo "Building the compiled engine with Cython (about four minutes the first time)..."
	PYTHONWARNINGS=ignore FORACCIO_COMPILE=1 $(PY) setup.py --quiet build_ext --inplace \
		|| echo "The compiled engine could not be built (see above; it needs a C compiler" \
			"and the Python headers): the engine runs from its Python source."

# The whole suite on the engine's Python source, then the engine's own tests and the
# examples' on the compiled engine: both must pass, and test_compiled.py checks that each
# run had the engine it asked for and that both play alike.
# loadgroup: each browser test module runs in one worker, so it starts one browser. The
# slowest tests are listed, to keep the suite's time in sight. Coverage is measured by
# `make coverage`, not here: its tracing made the suite's CPU-bound tests two to three
# times slower.
ENGINE_TESTS := tests/core tests/variants tests/research $(EXAMPLES:%=%/tests)
TEST_NEEDS := $(STAMP) $(NPM_STAMP) $(CONTRACT_STAMP) $(CHROMIUM) java-runtime
test: $(TEST_NEEDS) compiled | $(REDIS_SERVER) $(NGINX) $(JQ) $(WRK) $(SYSTEMD_ANALYZE)
	FORACCIO_PURE_PYTHON=1 FORACCIO_EXPECT_ENGINE=source \
		$(PY) -m pytest -n 2 --dist loadgroup --durations=15 --no-cov
	FORACCIO_EXPECT_ENGINE=compiled $(PY) -m pytest -n 2 --no-cov $(ENGINE_TESTS)

# The whole suite on the engine's Python source, with the lines each module's tests
# leave unrun (slower than `make test`).
.PHONY: coverage
coverage: $(TEST_NEEDS) | $(REDIS_SERVER) $(NGINX) $(JQ) $(WRK) $(SYSTEMD_ANALYZE)
	FORACCIO_PURE_PYTHON=1 FORACCIO_EXPECT_ENGINE=source \
		$(PY) -m pytest -n 2 --dist loadgroup --cov --cov-report=term:skip-covered

# The Node tools of tests/clients (client generators, linters, the TypeScript client's
# packages), pinned by clients/package-lock.json, in clients/node_modules. No install
# scripts: none of these needs one (one dependency's would only send usage statistics).
$(NPM_STAMP): clients/package.json clients/package-lock.json
	@command -v npm > /dev/null || $(MAKE) --no-print-directory nodejs
	npm ci --prefix clients --no-audit --no-fund --ignore-scripts --loglevel=error
	rm -f clients/node_modules/.installed-* && touch $@

# The contract gate's OpenAPI diff tool, Optic (tests/api/contract_gate.py), pinned by
# clients/contract/package-lock.json in clients/contract/node_modules. oasdiff, the usual
# such tool, is a Go program, and CI reaches no Go module proxy to build it. Apart from
# clients/node_modules: Optic needs one ajv throughout (its package.json's overrides),
# which would not hold beside the client tools'.
$(CONTRACT_STAMP): clients/contract/package.json clients/contract/package-lock.json
	@command -v npm > /dev/null || $(MAKE) --no-print-directory nodejs
	npm ci --prefix clients/contract --no-audit --no-fund --ignore-scripts --loglevel=error
	rm -f clients/contract/node_modules/.installed-* && touch $@

# Tools installed when missing (CI runs as root on a fresh Debian machine) by
# $(call apt_install,PACKAGES), which fetches the package lists only if the install fails
# without them.
apt_install = DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(1) > /dev/null 2>&1 \
	|| (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(1))

.PHONY: nodejs
nodejs:
	@command -v apt-get > /dev/null || { echo "npm is missing: install Node.js 20 or newer"; exit 1; }
	$(call apt_install,nodejs npm)

# openapi-generator (tests/clients) is a jar that the PyPI package openapi-generator-cli
# ships; it runs on a Java runtime, installed when missing as Node.js is.
.PHONY: java-runtime jre
java-runtime:
	@command -v java > /dev/null || $(MAKE) --no-print-directory jre

jre:
	@command -v apt-get > /dev/null || { echo "java is missing: install a Java runtime, 11 or newer"; exit 1; }
	$(call apt_install,default-jre-headless)

$(CHROMIUM):
	@command -v apt-get > /dev/null || { echo "$@ is missing: install Chromium"; exit 1; }
	$(call apt_install,chromium)

$(REDIS_SERVER):
	@command -v apt-get > /dev/null || { echo "$@ is missing: install redis-server"; exit 1; }
	$(call apt_install,redis-server)

$(JQ):
	@command -v apt-get > /dev/null || { echo "$@ is missing: install jq"; exit 1; }
	$(call apt_install,jq)

$(WRK):
	@command -v apt-get > /dev/null || { echo "$@ is missing: install wrk"; exit 1; }
	$(call apt_install,wrk)

$(SYSTEMD_ANALYZE):
	@command -v apt-get > /dev/null || { echo "$@ is missing: install systemd"; exit 1; }
	$(call apt_install,systemd)

# On a machine with systemd the package also starts its own nginx on port 80; the tests'
# runs on a port of their own and never touches it.
$(NGINX):
	@command -v apt-get > /dev/null || { echo "$@ is missing: install nginx"; exit 1; }
	$(call apt_install,nginx)

# The API on $(HOST):$(PORT) (docs at /schema and /schema/redoc), served by `foraccio
# serve` (cli/serve.py): granian with the options of api/serve.py; FORACCIO_WORKERS sets
# the worker processes. HOST is set on make's command line only (`make run
# HOST=10.0.0.11`, a server behind a proxy: deploy/README.md), not from the environment,
# where some shells keep the machine's name. The compiled engine is built on request
# (`make compiled`, minutes): the first run serves from the engine's source sooner, and
# the server's first line says which engine plays and how to get the other.
PORT ?= 8000
HOST = 127.0.0.1
run: $(RUN_STAMP)
	$(VENV)/bin/foraccio serve --host $(HOST) --port $(PORT)

# One seeded random match in the terminal.
demo: $(RUN_STAMP)
	$(PY) -m foraccio.cli.demo

# Regenerate the web table's screenshots in docs/ (web-table.png, web-table-phone.png,
# web-table-sheet.png, and each in Italian: web-table-it.png, ...) from a match a real
# server deals, played in Chromium (tests/browser/docs_screenshots.py); and the terminal
# table's (terminal-table.png, terminal-table-it.png) from `foraccio play` run in a
# pseudo-terminal, its screen read by pyte and drawn by Chromium
# (tests/cli/terminal_screenshots.py).
.PHONY: screenshots
screenshots: $(STAMP) $(CHROMIUM)
	$(PY) -m tests.browser.docs_screenshots docs
	$(PY) -m tests.cli.terminal_screenshots docs

# Regenerate the committed OpenAPI document from the app (api/openapi_file.py).
openapi: $(RUN_STAMP)
	$(PY) -m foraccio.api.openapi_file

# The contract gate: the committed document against the newest release of its
# compatibility line (openapi/released/; tests/api/releases.py), compared by Optic and by
# the gate's own checks of what Optic misses (tests/api/contract_checks.py); a breaking
# change fails, unless the version begins a new line, whose breaks are printed as allowed
# (tests/api/contract_gate.py; about a minute).
contract: $(STAMP) $(CONTRACT_STAMP)
	$(PY) -m tests.api.contract_gate

# Lint the committed document as tests/clients/test_lint.py does (redocly.yaml, .spectral.yaml).
.PHONY: openapi-lint
openapi-lint: $(NPM_STAMP)
	REDOCLY_TELEMETRY=off clients/node_modules/.bin/redocly lint openapi/openapi.json
	clients/node_modules/.bin/spectral lint openapi/openapi.json --ruleset .spectral.yaml

# Engine playouts and a PettingZoo step beside them, then HTTP on a real server (wrk drives
# the load; installed if missing), then the latency of cheap requests while bots work at
# their hardest, how soon the bot pool stops work nobody waits for, and /health while
# clients flood the server with long finished matches, and rooms (on SQLite, then on a
# Redis server of their own; then one client flooding rooms and streams), and the
# house-rule lab (foraccio compare) on one process, every core and a local Dask cluster.
bench: compiled $(RESEARCH_STAMP) | $(REDIS_SERVER)
	$(PY) -m bench.engine
	$(PY) -m bench.research
	@command -v wrk > /dev/null || apt-get install -y -qq wrk > /dev/null 2>&1 \
		|| (apt-get update -qq && apt-get install -y -qq wrk) > /dev/null 2>&1 \
		|| echo "wrk could not be installed; bench.http falls back to a Python client"
	$(PY) -m bench.http
	$(PY) -m bench.busy
	$(PY) -m bench.pool
	$(PY) -m bench.flood
	$(PY) -m bench.rooms
	$(PY) -m bench.rooms_floods
	$(PY) -m bench.share
	$(PY) -m bench.lab

# Bot strength and speed per variant (Foraccio, Zobelon, Scopa, Scopone): heuristic vs
# random, ismcts vs heuristic, in Scopone ismcts vs the rule-based chitarrella, in Scopa
# the heuristic vs the Foraccio-minded one it replaced, each win rate with its 95%
# interval against its goal, met when the interval's lower bound is (bench/bots.py);
# ISMCTS's playouts a second. About 50 minutes on two cores; `$(PY) -m bench.bots
# --help` for smaller or larger runs.
.PHONY: bench-bots
bench-bots: compiled
	$(PY) -m bench.bots

# Our bots against OpenSpiel's (issue #42), every variant, one deal a game: our ISMCTS
# against OpenSpiel's IS-MCTS at equal wall time a move (goal: win rate's lower bound over
# 0.5), our heuristic against IS-MCTS and against a determinised MCTS; paired deals, seats
# swapped (bench/openspiel_bots.py). About 35 minutes on one core; `$(PY) -m
# bench.openspiel_bots --help` for smaller or larger runs. Not part of `make bench`.
.PHONY: bench-openspiel
bench-openspiel: compiled $(RESEARCH_STAMP)
	$(PY) -m bench.openspiel_bots

lint: $(STAMP)
	$(VENV)/bin/ruff check .

clean:
	rm -rf $(VENV) clients/node_modules clients/contract/node_modules build
	find core variants bots -name '*.so' -delete
