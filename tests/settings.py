"""The test run's settings: config/settings.py on the services this run uses (DJANGO_SETTINGS_MODULE in
pyproject.toml). It changes the environment before config/settings.py reads it, so the subprocesses the
tests start (Celery workers, gunicorn, uvicorn) see the same services as the test process.

- `make test` (BRUCHTAL_TEST_SERVICES=auto) probes PostgreSQL at 127.0.0.1:5432 and Redis at
  127.0.0.1:6379 for what DATABASE_URL and CELERY_BROKER_URL leave unset: the suite then runs on them
  (a database named after this checkout, Redis DB 0), else on SQLite with tasks run eagerly, and the
  summary says which tests that skipped and why. A plain `pytest` probes nothing.
- Under pytest-xdist every worker has its own Redis database: the configured one plus the worker's index
  (gw0 the configured DB, gw1 the next, …) for the broker, the cache, the live pages' pub/sub and the result
  backend, so no worker sees another's keys. PostgreSQL test databases get pytest-django's suffix
  (test_<name>_gw0), SQLite files one per process (tests/conftest.py).
"""

from __future__ import annotations

import hashlib
import os
import socket
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
POSTGRES = ("127.0.0.1", 5432)
REDIS = ("127.0.0.1", 6379)
REDIS_DATABASES = 16  # Redis's default number of databases
# Everything that may name a Redis database: each xdist worker gets its own of each.
REDIS_VARIABLES = ("CELERY_BROKER_URL", "CACHE_URL", "LIVE_REDIS_URL", "CELERY_RESULT_BACKEND", "LIVE_TEST_REDIS_URL")

# What the probe found (German, for the report header and the summary at the end of the run).
SERVICES: list[str] = []


def _answers(address: tuple[str, int]) -> str:
    """ "" when something accepts a connection at address, else why not."""
    try:
        with socket.create_connection(address, timeout=0.5):
            return ""
    except OSError as error:
        return error.strerror or type(error).__name__


def _postgres_url() -> tuple[str, str]:
    """The URL for this checkout's database when PostgreSQL answers and lets postgres in, else ("", why)."""
    host, port = POSTGRES
    why = _answers(POSTGRES)
    if why:
        return "", f"antwortet nicht unter {host}:{port} ({why})"
    import psycopg

    try:
        psycopg.connect(f"postgresql://postgres@{host}:{port}/postgres", connect_timeout=2).close()
    except psycopg.Error as error:
        return "", f"unter {host}:{port} lässt den Benutzer postgres nicht ein ({str(error).strip()})"
    # One name per checkout: two clones tested at once on one machine never share a test database.
    name = "bruchtal_" + hashlib.sha1(str(ROOT).encode(), usedforsecurity=False).hexdigest()[:8]
    return f"postgres://postgres@{host}:{port}/{name}", ""


def _redis_url() -> tuple[str, str]:
    host, port = REDIS
    why = _answers(REDIS)
    if why:
        return "", f"antwortet nicht unter {host}:{port} ({why})"
    return f"redis://{host}:{port}/0", ""


def probe_services(environ=os.environ) -> None:
    """Point the run at PostgreSQL and Redis where they answer and nothing else was configured."""
    if environ.get("BRUCHTAL_TEST_SERVICES") != "auto":
        return
    environ["BRUCHTAL_TEST_SERVICES"] = "probed"  # xdist workers inherit the result, they do not probe again
    for variable, what, probe in (
        ("DATABASE_URL", "PostgreSQL", _postgres_url),
        ("CELERY_BROKER_URL", "Redis", _redis_url),
    ):
        if variable in environ:
            continue
        url, why = probe()
        if url:
            environ[variable] = url
        else:
            SERVICES.append(f"{what} {why}")


def redis_url_for_worker(url: str, index: int) -> str:
    """url with its database number moved up by index (redis://h:6379/7, worker 1: redis://h:6379/8)."""
    parts = urlsplit(url)
    if parts.scheme not in ("redis", "rediss") or index == 0:
        return url
    base = int(parts.path.strip("/") or 0)
    if base + index >= REDIS_DATABASES:
        raise RuntimeError(
            f"{url}: xdist-Worker {index} bräuchte Redis-DB {base + index}, Redis hat nur 0–{REDIS_DATABASES - 1}; "
            "kleinere Basis-DB oder weniger Worker (make test TEST_WORKERS=…)"
        )
    return urlunsplit(parts._replace(path=f"/{base + index}"))


def separate_xdist_worker(environ=os.environ) -> None:
    """Each xdist worker on a Redis database of its own (once per process tree: subprocesses keep it)."""
    worker = environ.get("PYTEST_XDIST_WORKER", "")
    if not worker or environ.get("BRUCHTAL_TEST_WORKER") == worker:
        return
    index = int(worker.removeprefix("gw"))
    for variable in REDIS_VARIABLES:
        if environ.get(variable):
            environ[variable] = redis_url_for_worker(environ[variable], index)
    environ["BRUCHTAL_TEST_WORKER"] = worker


def describe(environ=os.environ) -> list[str]:
    database = environ.get("DATABASE_URL", "")
    broker = environ.get("CELERY_BROKER_URL", "")
    on_postgres = database.startswith("postgres")
    return [
        "Datenbank: " + (f"PostgreSQL {urlsplit(database).path.strip('/')}" if on_postgres else "SQLite"),
        "Broker: " + (broker or "keiner (Tasks laufen sofort im Prozess, Worker-Tests übersprungen)"),
        *SERVICES,
    ]


probe_services()
separate_xdist_worker()

from config.settings import *  # noqa: E402, F403
