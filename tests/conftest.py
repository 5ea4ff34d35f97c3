import os
import tempfile
import uuid
from pathlib import Path

import pytest
from django.conf import settings

from config.celery import app as celery_app


def pytest_report_header(config):
    from tests import settings as test_settings

    return test_settings.describe()


def pytest_terminal_summary(terminalreporter):
    """Every skipped test by reason, and the services the run did not find, as the last thing before the
    counts: a run on fewer services than the machine has must say so plainly."""
    from tests import settings as test_settings

    reasons: dict[str, list[str]] = {}
    for report in terminalreporter.stats.get("skipped", []):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        reasons.setdefault(reason.removeprefix("Skipped: "), []).append(report.nodeid)
    if not reasons and not test_settings.SERVICES:
        return
    count = sum(len(ids) for ids in reasons.values())
    terminalreporter.section(f"{count} Tests übersprungen", sep="=")
    for line in test_settings.SERVICES:
        terminalreporter.line(f"Dienst fehlt: {line}")
    for reason, ids in sorted(reasons.items(), key=lambda item: -len(item[1])):
        terminalreporter.line(f"{len(ids)} × {reason}")
        for nodeid in sorted(ids):
            terminalreporter.line(f"    {nodeid}")


def _flushes(item) -> bool:
    """The test ends with a flush of the whole database (transactional, as pytest-django counts it)."""
    marker = item.get_closest_marker("django_db")
    if marker and (marker.kwargs.get("transaction") or marker.kwargs.get("reset_sequences")):
        return True
    return bool({"transactional_db", "live_server"} & set(getattr(item, "fixturenames", ())))


def _uses_database(item) -> bool:
    return bool(item.get_closest_marker("django_db")) or "db" in getattr(item, "fixturenames", ())


def _check_xdist_groups(items) -> None:
    """A test that flushes the database must not run before one that relies on what the session put there
    (migrated rows, the session's card import): pytest-django orders them last, and `make test` hands out
    tests in that order (--no-loadscope-reorder). An xdist_group travels as one piece from its first test
    on, so a group holding both kinds would flush in the middle of the others: refused here."""
    groups: dict[str, set[bool]] = {}
    for item in items:
        marker = item.get_closest_marker("xdist_group")
        if marker and _uses_database(item):
            name = marker.args[0] if marker.args else marker.kwargs.get("name", "")
            groups.setdefault(name, set()).add(_flushes(item))
    mixed = sorted(name for name, kinds in groups.items() if len(kinds) > 1)
    if mixed:
        raise pytest.UsageError(
            f"xdist_group {', '.join(mixed)}: mischt Tests mit und ohne transaction=True/live_server; "
            "eine Gruppe enthält nur eine der beiden Arten (docs/testing.md)"
        )


def pytest_collection_modifyitems(config, items):
    _check_xdist_groups(items)
    if settings.CELERY_BROKER_URL:
        return
    skip = pytest.mark.skip(reason="kein Broker konfiguriert (CELERY_BROKER_URL fehlt): Worker-Test übersprungen")
    for item in items:
        if "worker" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix):
    """SQLite: the test database is a file, not memory. In memory, the test server shares one connection
    between all its request threads and the test, and requests at the same time (a live match page
    fetching itself while another page loads, issue 33) interleave on it until SQLite refuses ("database
    table is locked"). On a file every thread has its own connection, as under runserver."""
    from django.conf import settings

    database = settings.DATABASES["default"]
    if database["ENGINE"].endswith("sqlite3"):
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        name = Path(tempfile.gettempdir()) / f"bruchtal-test-{worker}-{os.getpid()}.sqlite3"
        database.setdefault("TEST", {})["NAME"] = str(name)


@pytest.fixture(autouse=True, scope="session")
def _health_checks_let_go_of_the_test_database(django_db_setup, django_db_blocker):
    """/healthz keeps a connection per check thread (core/health.py): closed before the database is dropped.
    On PostgreSQL any other session still on the test database is ended too (the thread of the session's
    Celery worker keeps its connection; a killed subprocess worker's may linger): DROP DATABASE refuses
    while one remains, and the database would be left behind with a warning."""
    yield
    from django.db import connection

    from core import health

    health.close_connections()
    if connection.vendor == "postgresql":
        with django_db_blocker.unblock(), connection.cursor() as cursor:
            cursor.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )


@pytest.fixture(autouse=True)
def _celery_mode(request):
    """Tasks run eagerly unless a test asks for the real worker; on_commit still applies."""
    eager = request.node.get_closest_marker("worker") is None
    previous = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = eager
    yield
    celery_app.conf.task_always_eager = previous


@pytest.fixture(scope="session")
def celery_session_worker(django_db_setup, django_db_blocker):
    """A real Celery worker (thread, solo pool) consuming from Redis on a queue of its own."""
    from celery.contrib.testing.worker import start_worker

    queue = f"bruchtal-test-{uuid.uuid4().hex[:8]}"
    celery_app.conf.task_default_queue = queue
    settings.MOVES_QUEUE = queue  # moves are routed by name (config/celery.py): here to the same test queue
    with (
        django_db_blocker.unblock(),
        start_worker(
            celery_app, pool="solo", concurrency=1, perform_ping_check=False, shutdown_timeout=10, queues=[queue]
        ) as worker,
    ):
        _SESSION_WORKER.append(worker)
        yield worker
        _SESSION_WORKER.clear()


_SESSION_WORKER: list = []


@pytest.fixture(autouse=True)
def _session_worker_idle():
    """After a test, let the session worker finish what it is doing (a notice mail from the outbox, a
    redelivered move) before the database is flushed: a flush (TRUNCATE) racing a task's transaction
    deadlocks. Set up after pytest-django's database fixture, so torn down before its flush."""
    yield
    if not _SESSION_WORKER:
        return
    import time

    from celery.worker import state

    deadline, quiet = time.monotonic() + 10, 0
    while time.monotonic() < deadline and quiet < 3:
        quiet = quiet + 1 if not (state.active_requests or state.reserved_requests) else 0
        time.sleep(0.05)


@pytest.fixture(autouse=True)
def _german_after_each_test():
    """A request in English (the language cookie) leaves English active in the test's thread (LocaleMiddleware
    activates, nothing deactivates): the next test's German messages would come out English."""
    yield
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture(autouse=True)
def _turn_mail_not_quietened_by_activity(settings):
    """Tests play their moves within seconds, so every player is "active": the rules about being away
    (MAIL_AWAY_MINUTES, matches/quiet.py) would leave the delivery tests nothing to deliver, or only the
    first mail of each absence. They are off here; tests/matches/test_quiet_mail.py sets them and checks them."""
    settings.MAIL_AWAY_MINUTES = 0


@pytest.fixture(autouse=True)
def _no_periodic_thread(settings):
    """The embedded default's periodic thread (core/periodic.py) would write from outside the test's
    transaction; tests/core/test_periodic.py runs its schedule by hand."""
    settings.PERIODIC_IN_PROCESS = False


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Throttle counters and cached answers live in the cache: every test starts with none."""
    from django.core.cache import cache

    from core import cache_fallback

    cache.clear()
    cache_fallback.reset()
    yield
    cache.clear()
    cache_fallback.reset()


@pytest.fixture(autouse=True)
def _quick_password_hasher(request, settings):
    """PBKDF2's million rounds cost a third of a second per password: most tests create users and log in
    with a quick hasher. Tests about logging in under load keep the real one (marker real_password_hashing).
    (pytest sets autouse fixtures up by name: every one here that takes `settings` sorts after _fresh_cache,
    so a test's cache settings are undone before _fresh_cache clears the cache.)"""
    if request.node.get_closest_marker("real_password_hashing") is None:
        settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _locmem_mail(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"


@pytest.fixture(scope="session")
def meccg_cards(django_db_setup, django_db_blocker):
    """All 1,683 MECCG cards, imported once per session from BRUCHTAL_CONTENT_DIR.

    Tests that use ``transactional_db`` flush the database; pytest-django runs them last.
    """
    from cards.importers.meccg import import_meccg

    with django_db_blocker.unblock():
        import_meccg(settings.BRUCHTAL_CONTENT_DIR / "data" / "meccg" / "cards.json")
