"""The SQLite database (the embedded default, and the suite's test database) takes threads writing at once:
a file in WAL mode, its own connection per thread, writers waiting for the lock (IMMEDIATE transactions and a
busy timeout) instead of failing with "database is locked" or, as the shared in-memory database of old did
on a loaded machine, "database table is locked"."""

import threading

import pytest
from django.contrib.auth import get_user_model
from django.db import connection, transaction

pytestmark = pytest.mark.skipif(connection.vendor != "sqlite", reason="betrifft nur SQLite")

THREADS = 8
WRITES = 15


@pytest.mark.django_db
def test_the_test_database_is_a_file_in_wal_mode_with_a_busy_timeout():
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA journal_mode")
        assert cursor.fetchone()[0] == "wal"
        cursor.execute("PRAGMA busy_timeout")
        assert cursor.fetchone()[0] >= 10_000
    assert not connection.is_in_memory_db()
    assert connection.settings_dict["OPTIONS"]["transaction_mode"] == "IMMEDIATE"


@pytest.mark.django_db(transaction=True)
def test_threads_writing_at_once_all_get_through():
    """Each thread creates users in its own transactions while the others do: none fails, none is lost."""
    barrier = threading.Barrier(THREADS)
    errors: list[Exception] = []

    def write(number):
        try:
            barrier.wait(timeout=30)
            for write in range(WRITES):
                with transaction.atomic():
                    get_user_model().objects.create(username=f"hobbit-{number}-{write}")
                    get_user_model().objects.filter(username__startswith="hobbit-").count()
        except Exception as error:  # reported by the assertion below
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=write, args=(n,)) for n in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert errors == []
    assert get_user_model().objects.filter(username__startswith="hobbit-").count() == THREADS * WRITES
