"""Outbox messages handed to the broker from a thread of the worker process, not from the task.

A worker that applies a move writes the turn notices' outbox messages in the move's own statement and then
hands each to the broker: a Celery publish, about 0.7 ms of CPU and a round trip to Redis, on the path of
every move. In a worker process (``enable`` runs at the start of each pool process) that hand-over goes to a
thread of its own: the task ends when its move is committed, and the process takes the next move while the
mail is handed over. Elsewhere (web processes, tasks run in-process) ``submit`` says no and the caller hands
over at once, as before. (The caller, core/outbox.py, passes its own hand-over function: nothing here
imports it back.)

Nothing is lost if the process dies first: the messages were marked as handed over when they were written,
and the outbox sweep hands them over again after REDISPATCH_AFTER, as after any hand-over lost between
commit and broker. A failed hand-over unmarks them (``dispatch_many``), so the next sweep takes them.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable

logger = logging.getLogger(__name__)

_STOP = object()
_pending: queue.SimpleQueue | None = None
_thread: threading.Thread | None = None
_lock = threading.Lock()


def enable() -> None:
    """Hand over in the background from now on in this process (a worker's pool process)."""
    global _pending, _thread
    with _lock:
        _pending, _thread = queue.SimpleQueue(), None


def submit(hand_over: Callable[..., object], *args) -> bool:
    """Queue ``hand_over(*args)`` for the background thread; False where it is not enabled (the caller
    hands over itself, now). ``hand_over`` should not raise (outbox.dispatch_many logs and unmarks)."""
    global _thread
    if _pending is None:
        return False
    with _lock:
        if _thread is None or not _thread.is_alive():
            _thread = threading.Thread(target=_run, args=(_pending,), name="bruchtal-handover", daemon=True)
            _thread.start()
    _pending.put((hand_over, args))
    return True


def flush(timeout: float = 5.0) -> None:
    """Hand over what is queued and stop the thread (the process is about to end); waits ``timeout`` at most."""
    global _pending, _thread
    with _lock:
        pending, thread, _pending, _thread = _pending, _thread, None, None
    if pending is None or thread is None:
        return
    pending.put(_STOP)
    thread.join(timeout)


def _run(pending: queue.SimpleQueue) -> None:
    from django.db import connection

    while (item := pending.get()) is not _STOP:
        hand_over, args = item
        try:
            hand_over(*args)
        except Exception:  # the thread must outlive anything unforeseen: the sweep catches up
            logger.exception("background hand-over %s%r failed", getattr(hand_over, "__name__", hand_over), args)
        finally:
            if connection.connection is not None:
                connection.close()  # opened only to unmark a failed hand-over: this thread keeps none
