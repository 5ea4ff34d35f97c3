"""Mail yields to moves (core/tasks.yield_to_moves): an outbox delivery waits while moves are queued."""

import threading
import time
import uuid

import pytest
from django.conf import settings

from config import celery as broker
from config.celery import _redis_client
from core import tasks

pytestmark = pytest.mark.worker  # needs the broker's Redis (skipped without CELERY_BROKER_URL), not eager


@pytest.fixture
def moves_queue(settings, monkeypatch):
    settings.MOVES_QUEUE = f"test-moves-{uuid.uuid4().hex[:8]}"
    monkeypatch.setattr(broker, "consumes", lambda name: False)  # as in the mail worker (-Q for the default queue)
    client = _redis_client(settings.CELERY_BROKER_URL)
    yield client
    client.delete(settings.MOVES_QUEUE)
    client.close()


def test_consumes_reads_the_worker_queue_selection():
    taken = list(broker.app.amqp.queues.consume_from)  # -Q's selection, or every defined queue
    assert taken and all(broker.consumes(name) for name in taken)
    assert not broker.consumes("a-queue-nobody-defined")


def test_no_backlog_no_wait(moves_queue):
    assert broker.backlog(settings.MOVES_QUEUE) == 0
    assert tasks.yield_to_moves(limit=5) < 0.5


def test_mail_waits_until_the_moves_queue_is_empty(moves_queue):
    moves_queue.rpush(settings.MOVES_QUEUE, "move-1", "move-2")
    assert broker.backlog(settings.MOVES_QUEUE) == 2
    drain = threading.Timer(0.6, lambda: moves_queue.delete(settings.MOVES_QUEUE))
    drain.start()
    waited = tasks.yield_to_moves(limit=5)
    drain.join()
    assert 0.5 <= waited < 2.0


def test_mail_goes_anyway_after_the_limit(moves_queue):
    moves_queue.rpush(settings.MOVES_QUEUE, "move-1")
    started = time.monotonic()
    assert 0.3 <= tasks.yield_to_moves(limit=0.3) < 1.0
    assert time.monotonic() - started < 1.0
    assert tasks.yield_to_moves(limit=0) == pytest.approx(0, abs=0.05)  # 0: mail never waits


def test_a_broker_that_does_not_answer_counts_as_no_backlog(moves_queue, monkeypatch):
    dead = _redis_client("redis://127.0.0.1:1/0", 0.2)  # nothing listens there
    monkeypatch.setattr(broker, "_backlog_client", dead)
    moves_queue.rpush(settings.MOVES_QUEUE, "move-1")
    assert broker.backlog(settings.MOVES_QUEUE) == 0
    assert broker._backlog_client is None  # dropped: the next call connects afresh
    monkeypatch.setattr(broker, "_backlog_client", dead)
    assert tasks.yield_to_moves(limit=5) < 1.0


def test_a_worker_that_takes_the_moves_itself_never_waits(moves_queue, monkeypatch):
    moves_queue.rpush(settings.MOVES_QUEUE, "move-1")
    monkeypatch.setattr(broker, "consumes", lambda name: name == settings.MOVES_QUEUE)
    assert tasks.yield_to_moves(limit=5) == 0.0
