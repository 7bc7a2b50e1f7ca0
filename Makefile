# dicelab — two commands for a fresh machine: `make lab` and `make test`.
#   make lab           create .venv, install dicelab + JupyterLab, open the notebooks
#                      (notebooks/index.ipynb: choose Français or English)
#   make test          install the test dependencies into .venv and run the whole suite:
#                      ruff, pytest (tests/, doctests of dicelab/, nbval-lax on every notebook,
#                      the real-browser test), then the Binder check
#   make bench         the speed table (benchmarks/run.py)
#   make lint          ruff, then the layers' import contracts (lint-imports)
#   make binder-check  a fresh .venv-binder from binder/ only, every notebook executed in it
#   make browser       the real-browser test alone (needs /usr/bin/chromium)
#   make messages      update the French catalog from the source (then translate the new entries)
#   make worksheets    every lesson's worksheet and answer key, both languages, A4 and US Letter, as PDF (worksheets/)
#   make tables        re-solve every shipped two-player table (dicelab/data/*.npz): about
#                      10 minutes; after any change to a rule or a two-player engine
#   make hub           fill this machine's cache with the two-player tables that do not ship
#   make calibration   re-simulate the review's rating scale (dicelab/data/review_calibration.json,
#                      slow) and write its table into docs/teachers.md
#   make clean         remove the virtualenvs, caches and artifacts
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PY := $(BIN)/python
PYTEST_ARGS ?=
LAB_ARGS ?=
AXE_VERSION := 4.11.0
AXE := .cache/npm/node_modules/axe-core/axe.min.js

.PHONY: lab test pytest lint bench binder-check browser clean messages worksheets tables hub \
	calibration

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

# Stamp files: reinstall whenever pyproject.toml changes.
$(VENV)/.lab-installed: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[lab]'
	touch $@

$(VENV)/.test-installed: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[test,lab,bench]'
	touch $@

## make lab: create .venv, install dicelab with JupyterLab, open the notebooks
# (root, e.g. in a container, needs --allow-root)
lab: $(VENV)/.lab-installed
	$(BIN)/jupyter lab --ServerApp.root_dir="$(CURDIR)" \
	  --config="$(CURDIR)/binder/jupyter_server_config.json" $(LAB_ARGS) \
	  $(if $(filter 0,$(shell id -u)),--allow-root) notebooks/index.ipynb

## make test: install the test dependencies into .venv and run the whole suite
test: lint pytest binder-check

lint: $(VENV)/.test-installed
	$(BIN)/ruff check dicelab tests benchmarks
	$(BIN)/lint-imports

# testpaths, doctests, nbval-lax and markers: [tool.pytest.ini_options] in pyproject.toml
pytest: $(VENV)/.test-installed $(AXE)
	$(PY) -m pytest $(PYTEST_ARGS)

browser: $(VENV)/.test-installed $(AXE)
	$(PY) -m pytest -m browser tests/test_browser.py tests/test_browser_i18n.py \
	  tests/test_browser_modes.py $(PYTEST_ARGS)

# axe-core, the accessibility checker the browser test injects into the page (from npm,
# into .cache/: offline at test time, no CDN)
$(AXE):
	npm install --no-save --no-audit --no-fund --prefix .cache/npm axe-core@$(AXE_VERSION)

binder-check: $(VENV)/.test-installed
	PYTHON="$(PYTHON)" .ci/binder_check.sh

## make bench: speed table, with ratios against a straightforward implementation and icepool
bench: $(VENV)/.test-installed
	$(PY) benchmarks/run.py

## make messages: re-extract every message (Babel) into dicelab/locale/fr/LC_MESSAGES/dicelab.po
messages: $(VENV)/.test-installed
	$(PY) -m dicelab.tools.catalog update

## make worksheets: PDF worksheets and answer keys of every lesson (numbers computed now)
worksheets: $(VENV)/.lab-installed
	$(PY) -m dicelab.lessons.worksheets worksheets

## make tables: re-solve every shipped two-player table into dicelab/data/ (about 10 minutes
# on a small machine; each file records its format, rules and engine version, and the suite
# checks them: after a change to a rule or a solver, raise the engine's ENGINE_VERSION and
# run this; see docs/developers.md)
tables: $(VENV)/.lab-installed
	$(PY) -m dicelab.tools.build_tables

## make hub: fill this machine's cache of two-player tables (every variant the apps offer
# that does not ship; once per machine or hub: `python -m dicelab tables --warm`)
hub: $(VENV)/.lab-installed
	$(PY) -m dicelab tables --warm

## make calibration: the review's rating scale, re-simulated (slow), and its docs table
calibration: $(VENV)/.lab-installed
	$(PY) -m dicelab.tools.calibrate calibrate
	$(PY) -m dicelab.tools.calibrate docs

clean:
	rm -rf $(VENV) .venv-binder .pytest_cache .ruff_cache .hypothesis *.egg-info build artifacts worksheets
