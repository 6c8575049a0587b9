# Every target bootstraps the virtualenv and the pinned dependencies it needs.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-$(shell cat pyproject.toml constraints.txt | cksum | cut -d' ' -f1)

.PHONY: test run bench demo lint clean

$(STAMP): pyproject.toml constraints.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -c constraints.txt -e '.[test]'
	rm -f $(VENV)/.installed-* && touch $@

test: $(STAMP)
	$(PY) -m pytest -n 2 --cov --cov-report=term:skip-covered

run: $(STAMP)
	$(PY) -m core.demo

bench: $(STAMP)
	$(PY) -m bench.engine

lint: $(STAMP)
	$(VENV)/bin/ruff check .

clean:
	rm -rf $(VENV)
