# Bruchtal: `make run` serves the site, `make test` runs the whole suite. Both set up .venv first.
# requirements.in / requirements-dev.in name what was chosen; requirements.txt (production) and
# requirements-dev.txt (production + test and development tools) are the compiled locks with hashes, and
# the installs take exactly those. `make lock` after editing a .in file, `make upgrade` (or
# `make upgrade PACKAGE=django`) for newer releases: docs/dependencies.md.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
ADDR ?= 127.0.0.1:8000

.PHONY: setup setup-dev run test bench bench-load bench-moves lint audit format content fuzz lock upgrade

$(VENV)/.installed: requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --require-hashes -r requirements.txt
	touch $@

$(VENV)/.installed-dev: $(VENV)/.installed requirements-dev.txt
	$(VENV)/bin/pip install --quiet --require-hashes -r requirements-dev.txt
	touch $@

# The locks, compiled by uv (from requirements-dev.txt) for CPython 3.11 on the platform at hand; the
# development lock is held to the production pins (-c requirements.txt), so tests run what production runs.
LOCK := $(VENV)/bin/uv pip compile --quiet --generate-hashes --strip-extras --python-version 3.11 \
	--custom-compile-command "make lock"
PACKAGE ?=

lock: setup-dev
	$(LOCK) requirements.in -o requirements.txt
	$(LOCK) requirements-dev.in -o requirements-dev.txt

upgrade: setup-dev
	$(LOCK) $(if $(PACKAGE),--upgrade-package $(PACKAGE),--upgrade) requirements.in -o requirements.txt
	$(LOCK) $(if $(PACKAGE),--upgrade-package $(PACKAGE),--upgrade) requirements-dev.in -o requirements-dev.txt

setup: $(VENV)/.installed

setup-dev: $(VENV)/.installed-dev

content: setup
	$(PY) manage.py migrate --noinput
	$(PY) manage.py import_content

# The links in mails point where this serves (SITE_URL, unless set): ADDR may be "host:port" or a port.
run: content
	@addr="$(ADDR)"; case "$$addr" in *:*) ;; *) addr="127.0.0.1:$$addr" ;; esac; \
	echo "SITE_URL=$${SITE_URL:-http://$$addr}"; \
	DEBUG=true SITE_URL="$${SITE_URL:-http://$$addr}" $(PY) manage.py runserver $(ADDR)

# The whole suite in parallel (pytest-xdist: TEST_WORKERS processes, at most 4; TEST_WORKERS=0 runs in one),
# on PostgreSQL and Redis where they answer on 127.0.0.1 and DATABASE_URL / CELERY_BROKER_URL leave them unset
# (TEST_SERVICES=off: SQLite, no broker). The end of the output lists every skipped test and why
# (tests/settings.py, docs/testing.md).
TEST_WORKERS ?= auto
TEST_SERVICES ?= auto
test: setup-dev
	BRUCHTAL_TEST_SERVICES=$(TEST_SERVICES) $(PY) -m pytest -n $(TEST_WORKERS) --maxprocesses=4 --dist loadgroup --no-loadscope-reorder \
		$(PYTEST_ARGS)

# In-process timings of each app's bench cases (bench/, a development app: hence setup-dev), then the rules search
# on the other database (SQLite when DATABASE_URL names PostgreSQL, PostgreSQL at BENCH_PG_URL otherwise; each run
# prints its database), then the site under load (gunicorn + an asyncio client).
BENCH_PG_URL ?=
bench: setup-dev content
	$(PY) manage.py collectstatic --noinput -v 0  # WhiteNoise serves STATIC_ROOT: the load run's static files
	$(PY) manage.py bench
	@if [ -n "$$DATABASE_URL" ]; then other="sqlite:///$(CURDIR)/db.sqlite3"; \
	elif [ -n "$(BENCH_PG_URL)" ]; then other="$(BENCH_PG_URL)"; \
	else echo "Regelsuche auf PostgreSQL: BENCH_PG_URL=postgres://… setzen"; exit 0; fi; \
	DATABASE_URL=$$other $(PY) manage.py migrate --noinput -v 0 && \
	DATABASE_URL=$$other $(PY) manage.py import_content > /dev/null && \
	DATABASE_URL=$$other $(PY) manage.py bench rules
	$(PY) manage.py bench_load $(BENCH_LOAD_ARGS)

# Play by post in the deployment shape alone (gunicorn, a prefork moves worker -c 2, a mail worker, an SMTP
# sink, Zwei Türme): needs DATABASE_URL (PostgreSQL) and CELERY_BROKER_URL (Redis). `make bench` runs it too.
bench-moves: setup-dev content
	$(PY) manage.py bench_moves $(BENCH_MOVES_ARGS)

# Schemathesis against the OpenAPI schema, anonymous and with a token (tests/fuzz; FUZZ_EXAMPLES per operation).
FUZZ_EXAMPLES ?= 15
fuzz: setup-dev
	FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) $(PY) -m pytest tests/fuzz -v -p no:cacheprovider

# The dependency audit (scripts/audit_dependencies.py): without a reachable vulnerability database it warns and
# passes on a developer's machine, and fails in CI (CI=true) or with AUDIT_STRICT=1;
# AUDIT_STRICT=0 warns even in CI (still saying what was not checked).
AUDIT_STRICT ?=
AUDIT := $(PY) scripts/audit_dependencies.py $(if $(filter 1,$(AUDIT_STRICT)),--strict,$(if $(filter 0,$(AUDIT_STRICT)),--warn-only))

lint: setup-dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(AUDIT)

audit: setup-dev
	$(AUDIT)

format: setup-dev
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .
