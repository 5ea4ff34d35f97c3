"""Moves and notices under faults, with real workers in subprocesses (PostgreSQL and Redis only).

A moves worker and a mail worker on queues of their own, as in production (config/celery.py). The mail
server hangs, refuses or refuses one address; the broker loses its queues; the database goes away for
the mail worker; the moves worker dies. Moves keep their speed, every notice mail arrives exactly once,
/healthz tells the truth.
"""

from __future__ import annotations

import time
from collections import Counter
from datetime import timedelta
from urllib.parse import urlsplit

import pytest
import redis
from django.conf import settings
from django.db import connection
from django.utils import timezone

from bench.smtp_sink import SmtpSink
from core import outbox
from core.models import OutboxMessage
from matches import services
from matches.models import Match, Move, MoveStatus, Notice, Seat

from ..core.netfaults import TcpProxy
from .workers import database_url, own_queues, start_worker, stop, wait_until

pytestmark = [
    pytest.mark.worker,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not settings.IS_POSTGRES, reason="braucht PostgreSQL (Worker in eigenen Prozessen)"),
]


def two_player_match(users):
    frodo, sam = users[:2]
    match = services.create_match(frodo, engine="wuerfeltisch", options={"game": "schatten-der-macht"}, invite=["sam"])
    services.accept_invitation(match, sam)
    services.start(match, frodo)
    return Match.objects.get(pk=match.pk)


def play(match, count, timeout=30.0) -> list[float]:
    """``count`` passes, each waited for: submit→applied seconds of each (the turn, and a notice, changes)."""
    latencies = []
    for _ in range(count):
        match = Match.objects.get(pk=match.pk)
        user = Seat.objects.get(match=match, order=match.state["turn"]).user
        start = time.monotonic()
        move, _created = services.submit_move(match, user, {"type": "pass"}, match.version)
        wait_until(lambda m=move: Move.objects.get(pk=m.pk).status != MoveStatus.PENDING, timeout, "move resolved")
        assert Move.objects.get(pk=move.pk).status == MoveStatus.APPLIED
        latencies.append(time.monotonic() - start)
    return latencies


def notice_mails():
    return OutboxMessage.objects.filter(kind="notice_mail")


def expected_recipients() -> Counter:
    ids = [m.payload["notice_id"] for m in notice_mails()]
    return Counter(Notice.objects.filter(pk__in=ids).values_list("user__email", flat=True))


@pytest.fixture
def sink():
    server = SmtpSink()
    yield server
    server.close()


def test_a_hanging_mail_server_does_not_slow_moves(users, sink):
    sink.mode = "hang"
    with own_queues() as (moves_queue, mail_queue):
        workers = [start_worker(moves_queue, email_url=sink.url), start_worker(mail_queue, email_url=sink.url)]
        try:
            match = two_player_match(users)
            play(match, 1, timeout=60)  # the workers are up
            latencies = play(match, 10)
            # Before the queues were split: 50 s per move behind a hung mail server.
            assert max(latencies) < 2.0, latencies
            # The notices are written and wait in the outbox; none is lost.
            assert notice_mails().count() >= 11
            assert notice_mails().filter(state="done").count() == 0
        finally:
            for worker in workers:
                stop(worker)


def test_failing_mail_server_and_one_bad_address_every_notice_arrives_once(users, sink):
    frodo, sam = users[:2]
    sink.mode = "refuse"
    sink.refuse_to = {sam.email}
    with own_queues() as (moves_queue, mail_queue):
        workers = [start_worker(moves_queue, email_url=sink.url), start_worker(mail_queue, email_url=sink.url)]
        try:
            match = two_player_match(users)
            play(match, 6, timeout=60)
            wait_until(
                lambda: not notice_mails().filter(attempts=0).exists(), 60, "every notice mail tried (and refused)"
            )
            assert sink.recipients() == []
            failed = notice_mails().first()
            assert failed.state == "pending" and failed.attempts == 1 and "SMTPRecipientsRefused" in failed.last_error
            # The mail server is back; the back-off has passed (what beat's sweep does then).
            sink.mode = "accept"
            assert outbox.sweep(now=timezone.now() + timedelta(hours=2)) == notice_mails().count()
            frodos = expected_recipients()[frodo.email]
            assert frodos >= 3
            wait_until(lambda: sink.recipients().count(frodo.email) >= frodos, 60, "frodo's notice mails")
            time.sleep(2)  # a second delivery would show up here
            # Frodo got each of his once; Sam's address is refused and holds up nobody: retried later.
            assert Counter(sink.recipients()) == Counter({frodo.email: frodos})
            sams = notice_mails().filter(state="pending")
            assert sams.count() == expected_recipients()[sam.email] and all(m.attempts == 2 for m in sams)
        finally:
            for worker in workers:
                stop(worker)


def test_notices_survive_a_broker_that_restarts_empty_and_a_database_outage(users, sink):
    target = urlsplit(settings.CELERY_BROKER_URL)
    db = connection.settings_dict
    db_proxy = TcpProxy(db["HOST"] or "127.0.0.1", int(db["PORT"] or 5432))
    with own_queues() as (moves_queue, mail_queue):
        moves_worker = start_worker(moves_queue, email_url=sink.url)
        mail_worker = None
        try:
            match = two_player_match(users)
            play(match, 5, timeout=60)
            # The mail tasks wait in the broker (no mail worker yet) ... and the broker restarts empty.
            assert sink.recipients() == []
            client = redis.Redis(host=target.hostname, port=target.port or 6379, db=int(target.path.strip("/") or 0))
            client.delete(mail_queue)
            client.close()
            # A mail worker whose database then goes away.
            mail_worker = start_worker(mail_queue, email_url=sink.url, db_url=database_url("127.0.0.1", db_proxy.port))
            db_proxy.down()
            assert outbox.sweep(now=timezone.now() + timedelta(minutes=5)) == notice_mails().count()
            time.sleep(8)  # the worker takes them and cannot reach the database
            assert sink.recipients() == []
            db_proxy.up()
            outbox.sweep(now=timezone.now() + timedelta(minutes=10))  # beat, after the outage
            expected = expected_recipients()
            assert sum(expected.values()) >= 5
            wait_until(lambda: len(sink.recipients()) >= sum(expected.values()), 90, "every notice mail")
            time.sleep(2)
            assert Counter(sink.recipients()) == expected
            assert set(notice_mails().values_list("state", flat=True)) == {"done"}
        finally:
            stop(moves_worker)
            stop(mail_worker)
            db_proxy.close()


def test_a_dead_moves_worker_turns_healthz_503_within_a_minute(client):
    with own_queues() as (moves_queue, _mail_queue):
        worker = start_worker(moves_queue, extra={"HEALTH_WORKER_HEARTBEAT_SECONDS": "15"})
        try:
            wait_until(lambda: client.get("/healthz").json()["moves_worker"]["ok"], 60, "the worker's heartbeat", 0.5)
            response = client.get("/healthz")
            assert response.status_code == 200, response.json()
            stop(worker)  # kill -9
            killed = time.monotonic()
            wait_until(lambda: client.get("/healthz").status_code == 503, 60, "/healthz to say 503", 0.5)
            assert time.monotonic() - killed < 60
            body = client.get("/healthz").json()
            assert body["moves_worker"] == {"ok": False, "queue": moves_queue, "workers": 0, "error": "no_worker"}
        finally:
            stop(worker)
