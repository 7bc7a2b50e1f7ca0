# dicelab — two commands for a fresh machine: `make lab` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PY := $(BIN)/python

.PHONY: lab test lint bench binder-check clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(VENV)/.lab-installed: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[lab]'
	touch $@

$(VENV)/.test-installed: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[test,lab,bench]'
	touch $@

## make lab: create .venv, install dicelab with JupyterLab, open the notebooks
lab: $(VENV)/.lab-installed
	$(BIN)/jupyter lab notebooks/

## make test: install the test dependencies into .venv and run the whole suite
test: $(VENV)/.test-installed
	$(BIN)/ruff check dicelab tests benchmarks
	$(PY) -m pytest

lint: $(VENV)/.test-installed
	$(BIN)/ruff check dicelab tests benchmarks

## make bench: speed table, with ratios against a straightforward implementation
bench: $(VENV)/.test-installed
	$(PY) benchmarks/run.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis *.egg-info
