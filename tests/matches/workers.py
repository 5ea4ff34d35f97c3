"""Real Celery workers in subprocesses for the delivery tests: a moves worker and a mail worker on queues
of their own, pointed at the test database (optionally through a proxy) and a given mail server."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
import uuid
from urllib.parse import quote

from django.conf import settings
from django.db import connection

from config.celery import app as celery_app


def database_url(host: str | None = None, port: int | None = None) -> str:
    db = connection.settings_dict
    auth = quote(db["USER"] or "", safe="")
    if db["PASSWORD"]:
        auth += ":" + quote(db["PASSWORD"], safe="")
    host = host or db["HOST"] or "127.0.0.1"
    return f"postgres://{auth}@{host}:{port or db['PORT'] or 5432}/{db['NAME']}"


def start_worker(queue: str, *, email_url: str = "", db_url: str = "", broker_url: str = "", extra=None):
    env = {
        **os.environ,
        "DATABASE_URL": db_url or database_url(),
        "CELERY_BROKER_URL": broker_url or settings.CELERY_BROKER_URL,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "EMAIL_TIMEOUT": "10",
        "MAIL_AWAY_MINUTES": str(settings.MAIL_AWAY_MINUTES),  # as in this test (tests/conftest.py: 0)
        # What the worker itself sends (outbox messages after a move) goes where this test's workers listen.
        "MOVES_QUEUE": settings.MOVES_QUEUE,
        "CELERY_DEFAULT_QUEUE": celery_app.conf.task_default_queue,
        **(extra or {}),
    }
    if email_url:
        env["EMAIL_URL"] = email_url
    command = [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=solo", "-Q", queue]
    command += ["-l", "warning", "--without-mingle", "--without-gossip", "-n", f"{queue}@%h"]
    log = os.environ.get("BRUCHTAL_TEST_WORKER_LOG")  # a file to see what the workers say (debugging)
    output = open(log, "ab") if log else subprocess.DEVNULL  # noqa: SIM115 (handed to the child)
    return subprocess.Popen(  # noqa: S603 (our own interpreter and arguments)
        command,
        cwd=settings.BASE_DIR,
        env=env,
        stdout=output,
        stderr=output,
        start_new_session=True,
    )


def stop(process) -> None:
    if process is None or process.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(10)


@contextlib.contextmanager
def own_queues():
    """Moves to one fresh queue, everything else to another (as config/celery.py routes in production)."""
    tag = uuid.uuid4().hex[:8]
    moves, default = f"bruchtal-moves-{tag}", f"bruchtal-mail-{tag}"
    previous = celery_app.conf.task_default_queue, settings.MOVES_QUEUE, celery_app.conf.task_always_eager
    celery_app.conf.task_default_queue = default
    settings.MOVES_QUEUE = moves
    celery_app.conf.task_always_eager = False
    try:
        yield moves, default
    finally:
        celery_app.conf.task_default_queue, settings.MOVES_QUEUE, celery_app.conf.task_always_eager = previous


def wait_until(predicate, timeout=30.0, what="condition", step=0.05):
    """Poll until ``predicate()`` is truthy; returns that value."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(step)
    raise AssertionError(f"timed out after {timeout}s waiting for {what}")
