"""What `make test` runs on (tests/settings.py): the services it finds, and one Redis database per xdist worker."""

import socket

import pytest

from tests import settings as test_settings


def _closed_port() -> tuple[str, int]:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return "127.0.0.1", sock.getsockname()[1]  # free again once closed: nothing listens there


@pytest.fixture
def nothing_answers(monkeypatch):
    monkeypatch.setattr(test_settings, "POSTGRES", _closed_port())
    monkeypatch.setattr(test_settings, "REDIS", _closed_port())
    monkeypatch.setattr(test_settings, "SERVICES", [])


def test_without_services_the_run_stays_on_sqlite_and_says_why(nothing_answers):
    environ = {"BRUCHTAL_TEST_SERVICES": "auto"}
    test_settings.probe_services(environ)
    assert environ == {"BRUCHTAL_TEST_SERVICES": "probed"}
    assert [line.split(" ")[0] for line in test_settings.SERVICES] == ["PostgreSQL", "Redis"]
    assert all("antwortet nicht unter 127.0.0.1:" in line for line in test_settings.SERVICES)
    assert "SQLite" in test_settings.describe(environ)[0]


def test_set_variables_are_kept_and_nothing_is_probed_unless_asked(nothing_answers):
    environ = {"BRUCHTAL_TEST_SERVICES": "auto", "DATABASE_URL": "sqlite:///x.sqlite3", "CELERY_BROKER_URL": ""}
    test_settings.probe_services(environ)
    assert environ["DATABASE_URL"] == "sqlite:///x.sqlite3"
    assert environ["CELERY_BROKER_URL"] == ""
    assert test_settings.SERVICES == []
    plain = {}
    test_settings.probe_services(plain)  # a plain pytest run
    assert plain == {}


def test_a_running_redis_is_taken(monkeypatch):
    if test_settings._answers(test_settings.REDIS):
        pytest.skip("kein Redis unter 127.0.0.1:6379")
    monkeypatch.setattr(test_settings, "POSTGRES", _closed_port())
    monkeypatch.setattr(test_settings, "SERVICES", [])
    environ = {"BRUCHTAL_TEST_SERVICES": "auto"}
    test_settings.probe_services(environ)
    assert environ["CELERY_BROKER_URL"] == "redis://127.0.0.1:6379/0"
    assert "DATABASE_URL" not in environ


def test_a_running_postgresql_gives_a_database_of_this_checkout():
    url, why = test_settings._postgres_url()
    if why:
        pytest.skip(f"PostgreSQL {why}")
    assert url.startswith("postgres://postgres@127.0.0.1:5432/bruchtal_")
    assert url == test_settings._postgres_url()[0]


def test_each_xdist_worker_has_its_own_redis_databases():
    base = {
        "CELERY_BROKER_URL": "redis://127.0.0.1:6379/7",
        "LIVE_REDIS_URL": "redis://127.0.0.1:6379/7",
        "CACHE_URL": "redis://:secret@cache:6380",
        "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/x",
    }
    first, second = {**base, "PYTEST_XDIST_WORKER": "gw0"}, {**base, "PYTEST_XDIST_WORKER": "gw1"}
    test_settings.separate_xdist_worker(first)
    test_settings.separate_xdist_worker(second)
    assert first["CELERY_BROKER_URL"] == first["LIVE_REDIS_URL"] == "redis://127.0.0.1:6379/7"
    assert second["CELERY_BROKER_URL"] == second["LIVE_REDIS_URL"] == "redis://127.0.0.1:6379/8"
    assert second["CACHE_URL"] == "redis://:secret@cache:6380/1"
    assert second["DATABASE_URL"] == base["DATABASE_URL"]  # pytest-django suffixes the test database itself
    test_settings.separate_xdist_worker(second)  # a subprocess of the worker inherits it: no second shift
    assert second["CELERY_BROKER_URL"] == "redis://127.0.0.1:6379/8"


def test_a_worker_past_the_last_redis_database_is_refused():
    with pytest.raises(RuntimeError, match="Redis-DB 16"):
        test_settings.redis_url_for_worker("redis://127.0.0.1:6379/14", 2)
