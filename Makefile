# Bruchtal: `make run` serves the site, `make test` runs the whole suite. Both set up .venv first.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
ADDR ?= 127.0.0.1:8000

.PHONY: setup run test bench lint format content

$(VENV)/.installed: requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --upgrade pip
	$(VENV)/bin/pip install --quiet -r requirements.txt
	touch $@

setup: $(VENV)/.installed

content: setup
	$(PY) manage.py migrate --noinput
	$(PY) manage.py import_content

run: content
	DEBUG=true $(PY) manage.py runserver $(ADDR)

test: setup
	$(PY) -m pytest $(PYTEST_ARGS)

bench: content
	$(PY) manage.py bench

lint: setup
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

format: setup
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .
