"""Reachability checks for /healthz, bounded in time whatever hangs.

Each check runs in a worker thread; whatever has not answered after CHECK_DEADLINE seconds is
reported as "timeout", so /healthz answers (503) within 3 s even if the database or the broker
accepts connections and then never says a word. The database check keeps its thread's connection
between probes (a probe does not pay for connecting); one that failed is dropped.
"""

import contextlib
import threading
from concurrent.futures import ThreadPoolExecutor, wait

from django.conf import settings
from django.db import connections

CHECK_DEADLINE = 1.5

# A few threads: a check stuck on a hung peer keeps its thread until the driver's own timeout.
_pool = ThreadPoolExecutor(max_workers=8, thread_name_prefix="healthz")
_kept = threading.local()  # which generation of connection settings this pool thread's connection is of
_generation = [0]


def database_status() -> dict:
    """``SELECT 1`` on the pool thread's kept connection (a probe does not pay for a new connection each
    time); a connection that failed is closed, so the next probe connects afresh."""
    connection = connections["default"]
    try:
        if getattr(_kept, "generation", None) != _generation[0]:  # forget_connections() was called
            connection.close()
            _kept.generation = _generation[0]
        connection.close_if_unusable_or_obsolete()
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:  # any driver error means "down"; report it, never raise
        connection.close()
        return {"ok": False, "vendor": connection.vendor, "error": exc.__class__.__name__}
    return {"ok": True, "vendor": connection.vendor}


def forget_connections() -> None:
    """Every pool thread connects afresh at its next check (after the database settings changed)."""
    _generation[0] += 1


def close_connections(timeout: float = 5.0) -> None:
    """Close the kept connection of every pool thread (before a test database is dropped): one task per
    thread, held at a barrier until each thread has one."""
    workers = _pool._max_workers
    barrier = threading.Barrier(workers)

    def close():
        with contextlib.suppress(threading.BrokenBarrierError):
            barrier.wait(timeout)
        connections["default"].close()

    wait([_pool.submit(close) for _ in range(workers)], timeout=timeout * 2)


def web_status() -> dict:
    """The WSGI server accepts connections (``HEALTH_WEB_ADDR``, e.g. gunicorn's 127.0.0.1:8000): checked from
    the ASGI server that answers /healthz, so that the probe covers the pages too without waiting in their
    queue (a TCP accept is done by the kernel, however busy the workers are)."""
    import socket

    address = settings.HEALTH_WEB_ADDR
    if not address:
        return {"ok": True, "mode": "not_checked"}
    host, _sep, port = address.rpartition(":")
    try:
        with socket.create_connection((host or "127.0.0.1", int(port)), timeout=CHECK_DEADLINE / 2):
            pass
    except (OSError, ValueError) as exc:
        return {"ok": False, "address": address, "error": exc.__class__.__name__}
    return {"ok": True, "address": address}


def broker_status() -> dict:
    if not settings.CELERY_BROKER_URL:
        return {"ok": True, "mode": "eager"}
    from config.celery import app

    try:
        with app.connection_for_write(settings.CELERY_BROKER_URL) as conn:
            conn.ensure_connection(max_retries=1, timeout=CHECK_DEADLINE)
            # Connecting is not answering: a hung Redis accepts TCP and then stays silent.
            client = getattr(conn.default_channel, "client", None)
            if client is not None:
                client.ping()
    except Exception as exc:  # unreachable broker is a status, not a crash
        return {"ok": False, "mode": "broker", "error": exc.__class__.__name__}
    return {"ok": True, "mode": "broker"}


def moves_worker_status() -> dict:
    """At least one live worker for the moves queue (its heartbeat in the broker, see config/celery.py)."""
    if not settings.CELERY_BROKER_URL:
        return {"ok": True, "mode": "eager"}
    from config.celery import live_workers

    queue = settings.MOVES_QUEUE
    try:
        workers = live_workers(queue, settings.CELERY_BROKER_URL, timeout=CHECK_DEADLINE)
    except Exception as exc:  # the broker is down: its own check says so; no worker can be seen either
        return {"ok": False, "queue": queue, "error": exc.__class__.__name__}
    if not workers:
        return {"ok": False, "queue": queue, "workers": 0, "error": "no_worker"}
    return {"ok": True, "queue": queue, "workers": len(workers)}


CHECKS = {
    "database": database_status,
    "broker": broker_status,
    "moves_worker": moves_worker_status,
    "web": web_status,
}


def register(name: str, check) -> None:
    """Apps add their own checks (a callable returning {"ok": bool, ...}) from their AppConfig.ready()."""
    CHECKS[name] = check


def run_checks(deadline: float = CHECK_DEADLINE) -> dict:
    futures = {name: _pool.submit(check) for name, check in CHECKS.items()}
    wait(futures.values(), timeout=deadline)
    results = {}
    for name, future in futures.items():
        if future.done():
            results[name] = future.result()
        else:
            future.cancel()
            results[name] = {"ok": False, "error": "timeout", "timeout_seconds": deadline}
    return results
