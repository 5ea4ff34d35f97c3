"""Sending a Celery task by its registered name.

A service that must hand work to a worker (a move to resolve, an outbox message) sends it by name, so
that it need not import the task module that calls it back: the arrows point from tasks to services
only. Each app's ``ready()`` imports its tasks module, so every task is registered in every process.
"""

from celery import current_app


def send(name: str, args: tuple, **options):
    """``apply_async`` of the task registered as ``name`` (eager in the embedded default); raises what the
    broker raises, so the caller decides what a failure means."""
    return current_app.tasks[name].apply_async(args, **options)


_backlog_client = None


def backlog(queue: str) -> int:
    """Messages waiting in ``queue`` (not yet taken by a worker): the length of its Redis list. 0 when the
    broker is not Redis, tasks run in-process, or the broker does not answer (the caller goes ahead)."""
    global _backlog_client
    url = current_app.conf.broker_url or ""
    if current_app.conf.task_always_eager or not url.startswith(("redis://", "rediss://")):
        return 0
    try:
        if _backlog_client is None:
            import redis

            _backlog_client = redis.Redis.from_url(url, socket_timeout=0.5, socket_connect_timeout=0.5)
        return int(_backlog_client.llen(queue))
    except Exception:  # a broker outage must not stop mail: the answer is "no backlog"
        _backlog_client = None
        return 0


def consumes(queue: str) -> bool:
    """Whether this process's worker takes tasks from ``queue`` (``-Q``; without it a worker takes them all)."""
    return queue in current_app.amqp.queues.consume_from
