"""Celery app. Settings come from Django's settings with the CELERY_ prefix.

Routing: the tasks in MOVE_TASKS go to ``settings.MOVES_QUEUE`` (default "moves"), everything else to the
default queue, so a slow mail server never holds up a move. Run one worker per kind:

    celery -A config worker -Q moves -c 2          # moves: short, database-bound
    celery -A config worker -Q celery -c 4         # mail, notices, sweeps, deadlines
    celery -A config beat

Heartbeat: every worker writes ``bruchtal:worker:<queue>:<hostname>`` into the broker's Redis every
HEARTBEAT_EVERY seconds (expiring after settings.HEALTH_WORKER_HEARTBEAT_SECONDS) for each queue it
consumes; ``/healthz`` counts the live ones (``live_workers``). A worker killed with -9 stops writing
and its key expires.
"""

import logging
import os
import socket
import threading
import time

from celery import Celery, signals

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("bruchtal")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

logger = logging.getLogger(__name__)

# Tasks that change a match: they wait for nothing but the database.
MOVE_TASKS = frozenset({"matches.tasks.resolve_move", "matches.tasks.play_computer_turn"})

HEARTBEAT_PREFIX = "bruchtal:worker:"
HEARTBEAT_EVERY = 5.0


def moves_queue() -> str:
    from django.conf import settings

    return settings.MOVES_QUEUE


def route_task(name, args, kwargs, options, task=None, **kw):
    """CELERY_TASK_ROUTES: moves to the moves queue; None = the default queue."""
    if name in MOVE_TASKS:
        return {"queue": moves_queue()}
    return None


def _redis_client(url: str, timeout: float = 1.0):
    import redis

    return redis.Redis.from_url(url, socket_timeout=timeout, socket_connect_timeout=timeout)


def live_workers(queue: str, broker_url: str | None = None, timeout: float = 1.0) -> list[str]:
    """Host names of the workers whose heartbeat for ``queue`` has not expired (Redis brokers only)."""
    url = broker_url or app.conf.broker_url
    client = _redis_client(url, timeout)
    try:
        keys = client.keys(f"{HEARTBEAT_PREFIX}{queue}:*")
    finally:
        client.close()
    return sorted(k.decode().rsplit(":", 1)[-1] for k in keys)


_backlog_client = None


def backlog(queue: str) -> int:
    """Messages waiting in ``queue`` (not yet taken by a worker): the length of its Redis list. 0 when the
    broker is not Redis, tasks run in-process, or the broker does not answer (the caller goes ahead).
    The client is kept per process: a mail delivery may ask many times a second while moves are queued."""
    global _backlog_client
    url = app.conf.broker_url or ""
    if app.conf.task_always_eager or not url.startswith(("redis://", "rediss://")):
        return 0
    try:
        _backlog_client = _backlog_client or _redis_client(url, 0.5)
        return int(_backlog_client.llen(queue))
    except Exception:  # a broker outage must not stop mail: the answer is "no backlog"
        _backlog_client = None
        return 0


def consumes(queue: str) -> bool:
    """Whether this process's worker takes tasks from ``queue`` (``-Q``; without it a worker takes them all)."""
    return queue in app.amqp.queues.consume_from


class _Heartbeat(threading.Thread):
    def __init__(self, url: str, queues: list[str], hostname: str, ttl: int):
        super().__init__(name="bruchtal-heartbeat", daemon=True)
        self.url, self.queues, self.hostname, self.ttl = url, queues, hostname, ttl
        self.stopped = threading.Event()

    def keys(self) -> list[str]:
        return [f"{HEARTBEAT_PREFIX}{queue}:{self.hostname}" for queue in self.queues]

    def run(self):
        client = None
        while not self.stopped.is_set():
            try:
                client = client or _redis_client(self.url, 2.0)
                pipe = client.pipeline(transaction=False)
                for key in self.keys():
                    pipe.set(key, str(time.time()), ex=self.ttl)
                pipe.execute()
            except Exception:  # the broker is away: try again on the next beat
                logger.warning("worker heartbeat not written", exc_info=True)
                client = None
            self.stopped.wait(HEARTBEAT_EVERY)

    def stop(self):
        self.stopped.set()
        try:
            client = _redis_client(self.url, 1.0)
            client.delete(*self.keys())
            client.close()
        except Exception:  # best effort: the key expires anyway
            logger.warning("worker heartbeat not removed", exc_info=True)


@signals.task_postrun.connect
def _close_old_connections(task=None, **kwargs):
    """What Django does after each request: drop a connection that broke (the database went away) or
    outlived CONN_MAX_AGE. With CELERY_DB_REUSE_MAX the worker keeps its connection across tasks; without
    this a connection broken by a database outage would fail every later task of that worker.

    A connection that passed this check is not pinged again before the next task (CONN_HEALTH_CHECKS
    would cost every task one more round trip): if the database restarts in between, that one task
    fails, its move or message stays pending for the sweep, and the failed connection is dropped here."""
    from django.db import connections

    if getattr(getattr(task, "request", None), "is_eager", False):
        return  # run in-process (embedded default, tests): the caller owns the connection
    for conn in connections.all(initialized_only=True):
        if conn.in_atomic_block:
            continue
        conn.close_if_unusable_or_obsolete()
        if conn.connection is not None:
            conn.health_check_done = True


@signals.worker_process_init.connect
def _background_handover(**kwargs):
    """Each prefork pool process hands outbox messages (turn mails) to the broker from a thread of its own,
    so a move's task ends when the move is committed (core/handover.py). Not a solo pool, which sends the
    same signal in the worker's (or a test's) own process: there everything stays as it was."""
    from billiard.process import current_process

    from core import handover

    if current_process().name != "MainProcess":
        handover.enable()


@signals.worker_process_shutdown.connect
def _flush_handover(**kwargs):
    from core import handover

    handover.flush()


_heartbeat: _Heartbeat | None = None


@signals.worker_ready.connect
def _start_heartbeat(sender=None, **kwargs):
    global _heartbeat
    from django.conf import settings

    url = app.conf.broker_url or ""
    if not url.startswith(("redis://", "rediss://")) or _heartbeat is not None:
        return
    try:
        queues = sorted(q.name for q in sender.task_consumer.queues)
    except Exception:  # no consumer details: fall back to the app's selected queues
        queues = sorted(app.amqp.queues.consume_from or app.amqp.queues)
    hostname = getattr(sender, "hostname", None) or socket.gethostname()
    _heartbeat = _Heartbeat(url, queues, hostname, settings.HEALTH_WORKER_HEARTBEAT_SECONDS)
    _heartbeat.start()


@signals.worker_shutdown.connect
def _stop_heartbeat(**kwargs):
    global _heartbeat
    if _heartbeat is not None:
        _heartbeat.stop()
        _heartbeat = None
