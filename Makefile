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
#   make calibration   re-simulate the review's rating bands (dicelab/data/review_calibration.json,
#                      slow) and write their table into docs/teachers.md and the rules pages
#   make hub           a JupyterHub for a class on this machine (hub/jupyterhub_config.py:
#                      one server per student, a class password; docs/teachers.md), after
#                      filling the class's cache of two-player tables (tables --warm)
#   make hub-check     a class of 30 on a real hub, timed: writes artifacts/hub-check.json,
#                      fails when a goal is missed (dicelab/tools/hubcheck.py)
#   make clean         remove the virtualenvs, caches and artifacts
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PY := $(BIN)/python
PYTEST_ARGS ?=
LAB_ARGS ?=
AXE_VERSION := 4.11.0
AXE := .cache/npm/node_modules/axe-core/axe.min.js
# the class hub's proxy, from npm, in its own folder (an npm install --no-save into
# .cache/npm would remove axe-core)
CHP_VERSION := 4.6.3
CHP := .cache/npm-hub/node_modules/.bin/configurable-http-proxy
HUB_ARGS ?=
HUBCHECK_ARGS ?=

.PHONY: lab test pytest lint bench binder-check browser clean messages worksheets tables \
	calibration hub hub-check

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

# Stamp files: reinstall whenever pyproject.toml changes.
$(VENV)/.lab-installed: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[lab]'
	touch $@

$(VENV)/.test-installed: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[test,lab,bench,hub]'
	touch $@

$(VENV)/.hub-installed: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[lab,hub]'
	touch $@

## make lab: create .venv, install dicelab with JupyterLab, open the notebooks
# (root, e.g. in a container, needs --allow-root)
lab: $(VENV)/.lab-installed
	mkdir -p $(VENV)/share/jupyter/lab/settings
	cp binder/overrides.json $(VENV)/share/jupyter/lab/settings/overrides.json
	@# dicelab's Voilà template (no CDN; jupyter_server_config.json selects it): pip's
	@# editable install leaves pyproject.toml's data-files out, a plain install (Binder) has it
	mkdir -p $(VENV)/share/jupyter/voila/templates
	cp -r share/jupyter/voila/templates/dicelab $(VENV)/share/jupyter/voila/templates/
	$(BIN)/jupyter lab --ServerApp.root_dir="$(CURDIR)" \
	  --config="$(CURDIR)/binder/jupyter_server_config.json" $(LAB_ARGS) \
	  $(if $(filter 0,$(shell id -u)),--allow-root) notebooks/index.ipynb

## make test: install the test dependencies into .venv and run the whole suite
test: lint pytest binder-check

lint: $(VENV)/.test-installed
	$(BIN)/ruff check dicelab tests benchmarks
	$(BIN)/lint-imports

# testpaths, doctests, nbval-lax and markers: [tool.pytest.ini_options] in pyproject.toml
# (tests/test_hubcheck.py's slow test runs a class of 30 on a real hub: jupyterhub and the
# proxy are installed here)
pytest: $(VENV)/.test-installed $(AXE) $(CHP)
	$(PY) -m pytest $(PYTEST_ARGS)

browser: $(VENV)/.test-installed $(AXE)
	$(PY) -m pytest -m browser $(wildcard tests/test_browser*.py) $(PYTEST_ARGS)

# axe-core, the accessibility checker the browser test injects into the page (from npm,
# into .cache/: offline at test time, no CDN)
$(AXE):
	npm install --no-save --no-audit --no-fund --prefix .cache/npm axe-core@$(AXE_VERSION)

# configurable-http-proxy, the class hub's proxy (from npm, into .cache/npm-hub)
$(CHP):
	npm install --no-save --no-audit --no-fund --prefix .cache/npm-hub \
	  configurable-http-proxy@$(CHP_VERSION)

## make hub: JupyterHub for a class, on http://127.0.0.1:8000 (docs/teachers.md, « A class
# on a JupyterHub »). Settings by environment: DICELAB_HUB_PASSWORD (the class password),
# DICELAB_HUB_IP=0.0.0.0 (open it to the classroom's network), DICELAB_HUB_PORT,
# DICELAB_HUB_DATA (homes and logs, default .cache/hub), DICELAB_HUB_ADMIN (a teacher's name)
hub: $(VENV)/.hub-installed $(CHP)
	@# one table cache for the whole class, filled before the hub starts (every server reads
	@# it: DICELAB_CACHE in hub/jupyterhub_config.py's Spawner.environment)
	DICELAB_CACHE="$${DICELAB_HUB_DATA:-$(CURDIR)/.cache/hub}/tables" $(PY) -m dicelab tables --warm
	$(BIN)/jupyterhub -f hub/jupyterhub_config.py $(HUB_ARGS)

## make hub-check: a class of 30 on a real hub (loopback only, stops by itself): the time
# until each app shows, per action, memory per student, CPU once the apps close, the
# servers' logs; artifacts/hub-check.json, and a failure when a goal is missed
hub-check: $(VENV)/.hub-installed $(CHP)
	$(PY) -m dicelab.tools.hubcheck $(HUBCHECK_ARGS)

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

## make calibration: the review's rating scale, re-simulated (slow), and its docs table
calibration: $(VENV)/.lab-installed
	$(PY) -m dicelab.tools.calibrate calibrate
	$(PY) -m dicelab.tools.calibrate docs
	$(PY) -m dicelab.tools.docgen

clean:
	rm -rf $(VENV) .venv-binder .pytest_cache .ruff_cache .hypothesis *.egg-info build artifacts worksheets
