"""Periodic work without Celery beat: the embedded default runs beat's schedule in a thread of its own.

``make run`` has no broker, no worker and no beat, yet the digest, the turn deadlines and reminders and the
sweeps must still happen, whether or not anyone opens a page. The first request a process serves starts
one daemon thread (``PeriodicMiddleware``) that runs every entry of ``CELERY_BEAT_SCHEDULE`` when it is due,
as beat would, by calling the task in the process. With a broker, beat does it and this stays off
(``PERIODIC_IN_PROCESS``). Every periodic task is idempotent, so a run twice (two processes) is harmless.
"""

from __future__ import annotations

import logging
import threading
import time

from django.conf import settings
from django.db import close_old_connections

logger = logging.getLogger(__name__)

TICK = 5.0  # seconds between two looks at the schedule

_started = threading.Event()
_start_lock = threading.Lock()
_last_run: dict[str, float] = {}


def schedule() -> dict[str, tuple[str, float]]:
    """Entry name -> (task name, seconds between runs), from beat's schedule."""
    entries = {}
    for name, entry in settings.CELERY_BEAT_SCHEDULE.items():
        every = entry["schedule"]
        seconds = every.total_seconds() if hasattr(every, "total_seconds") else float(every)
        entries[name] = (entry["task"], seconds)
    return entries


def run_due(now: float | None = None) -> list[str]:
    """Run every entry whose time has come (each at once on the first call); the names run."""
    from config.celery import app

    now = time.monotonic() if now is None else now
    ran = []
    for name, (task_name, every) in schedule().items():
        last = _last_run.get(name)
        if last is not None and now - last < every:
            continue
        _last_run[name] = now
        try:
            app.tasks[task_name].run()
        except Exception:  # one failing job must not stop the others, nor the thread
            logger.exception("periodic task %s failed", task_name)
        ran.append(name)
    return ran


def _loop() -> None:
    while True:
        close_old_connections()
        try:
            run_due()
        finally:
            close_old_connections()
        time.sleep(TICK)


def ensure_started() -> bool:
    """Start the thread once per process; True if this call started it."""
    if _started.is_set() or not settings.PERIODIC_IN_PROCESS:
        return False
    with _start_lock:
        if _started.is_set():
            return False
        threading.Thread(target=_loop, name="bruchtal-periodic", daemon=True).start()
        _started.set()
    return True


class PeriodicMiddleware:
    """Starts the periodic thread with the first request the process serves (not in commands or tests)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if not _started.is_set():
            ensure_started()
        return self.get_response(request)
