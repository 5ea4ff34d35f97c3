import contextlib

import pytest

from config.celery import app as celery_app


@contextlib.contextmanager
def publishing_to(url: str):
    """Tasks are published (not run eagerly) to `url`; a worker keeps consuming where it was."""
    conf = celery_app.conf
    previous = (conf.task_always_eager, conf.broker_write_url)
    conf.task_always_eager = False
    conf.broker_write_url = url
    _reset_producer_pool()
    try:
        yield
    finally:
        conf.task_always_eager, conf.broker_write_url = previous
        _reset_producer_pool()


def _reset_producer_pool():
    # Celery caches its producer pool (bound to the write URL at first use); kombu keeps one per URL.
    celery_app._pool = None
    celery_app.amqp._producer_pool = None


@pytest.fixture
def broker_unreachable():
    """Publishing goes to a closed port (nothing listens on 127.0.0.1:1)."""
    with publishing_to("redis://127.0.0.1:1/0"):
        yield


@pytest.fixture
def moves_worker_heartbeat(settings):
    """A live moves worker as /healthz sees it (its heartbeat key), without starting one."""
    from config.celery import HEARTBEAT_PREFIX, _redis_client

    if not settings.CELERY_BROKER_URL:
        yield None
        return
    key = f"{HEARTBEAT_PREFIX}{settings.MOVES_QUEUE}:test@{id(settings)}"
    client = _redis_client(settings.CELERY_BROKER_URL)
    client.set(key, "1", ex=60)
    yield key
    client.delete(key)
    client.close()
