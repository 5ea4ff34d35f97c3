"""Moves through a real Celery worker on Redis and PostgreSQL row locks (skipped without a broker).

Race, redelivery, a worker killed mid-task, and the broker down: in each case every move ends
applied exactly once or rejected as stale, never lost and never applied twice.
"""

import os
import signal
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection, transaction

from bench.smtp_sink import SmtpSink
from config.celery import app as celery_app
from core.models import OutboxMessage
from matches import services
from matches.engine import registry
from matches.models import Match, Move, MoveStatus, Notice, Seat
from matches.tasks import resolve_move

from .conftest import api, start_zwei_tuerme
from .workers import wait_until

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[2]


def resolved(*move_ids):
    return lambda: not Move.objects.filter(pk__in=move_ids, status=MoveStatus.PENDING).exists()


def start_match(users, game="sauron", players=3):
    names = [u.username for u in users[1:players]]
    match = services.create_match(
        users[0], engine="wuerfeltisch", options={"game": game}, players=players, invite=names
    )
    for user in users[1:players]:
        services.accept_invitation(match, user)
    services.start(match, users[0])
    match.refresh_from_db()
    return match


def seat_user(match, order):
    return Seat.objects.get(match=match, order=order).user


def test_two_moves_for_the_same_version_one_applied_one_stale(users, celery_session_worker):
    match = start_match(users)
    players = [seat_user(match, 0), seat_user(match, 1)]
    barrier = threading.Barrier(2)
    answers = []

    def send(user):
        try:
            barrier.wait()
            response = api(user).post(
                f"/api/matches/{match.pk}/moves/",
                {"action": {"type": "roll", "dice": "W20"}, "version": 0},
                format="json",
            )
            answers.append(response)
        finally:
            connection.close()

    threads = [threading.Thread(target=send, args=(u,)) for u in players]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert [r.status_code for r in answers] == [202, 202]
    ids = [r.json()["id"] for r in answers]
    wait_until(resolved(*ids), what="both moves resolved")
    statuses = sorted(Move.objects.filter(pk__in=ids).values_list("status", flat=True))
    assert statuses == ["applied", "stale"]
    assert Match.objects.get(pk=match.pk).version == 1


def test_concurrent_resolution_is_serialised_by_the_row_lock(users):
    """Two resolvers at once on PostgreSQL (or SQLite's write lock): one move applies, the other goes stale."""
    match = start_match(users)
    moves = [
        Move.objects.create(
            match=match, seat=Seat.objects.get(match=match, order=o), action={"type": "roll", "dice": "W6"}, version=0
        )
        for o in (0, 1)
    ]
    barrier = threading.Barrier(2)

    def run(move_id):
        try:
            barrier.wait()
            services.resolve_move(move_id)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(m.pk,)) for m in moves]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    statuses = sorted(Move.objects.filter(match=match).values_list("status", flat=True))
    assert statuses == ["applied", "stale"]
    assert Match.objects.get(pk=match.pk).version == 1


def test_task_delivered_twice_applies_once(users, celery_session_worker):
    match = start_match(users)
    move, _ = services.submit_move(match, seat_user(match, 0), {"type": "roll", "dice": "2W6"}, 0)
    resolve_move.delay(move.pk)  # a second delivery of the same task
    resolve_move.delay(move.pk)  # and a third
    wait_until(resolved(move.pk), what="move resolved")
    time.sleep(1.0)  # let the repeated deliveries run too
    match.refresh_from_db()
    assert match.version == 1
    assert Move.objects.get(pk=move.pk).status == MoveStatus.APPLIED
    assert match.events.filter(move=move).count() == 1


def _worker(queue: str, pool: str = "solo", **env_extra: str) -> subprocess.Popen:
    env = dict(os.environ)
    env["DATABASE_URL"] = _test_database_url()
    env["CELERY_BROKER_URL"] = settings.CELERY_BROKER_URL
    env.update(env_extra)
    return subprocess.Popen(  # noqa: S603 (our own interpreter and fixed arguments)
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "-P",
            pool,
            "-c",
            "1",
            "-Q",
            queue,
            "-l",
            "warning",
            "--without-mingle",
            "--without-gossip",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )


def _test_database_url() -> str:
    db = connection.settings_dict
    return f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST']}:{db['PORT'] or 5432}/{db['NAME']}"


def _stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(10)


@pytest.fixture
def own_queue():
    """Tasks of this test go to a queue only its subprocess workers consume."""
    previous = celery_app.conf.task_default_queue, settings.MOVES_QUEUE
    queue = f"bruchtal-kill-{uuid.uuid4().hex[:8]}"
    celery_app.conf.task_default_queue = queue
    settings.MOVES_QUEUE = queue
    yield queue
    celery_app.conf.task_default_queue, settings.MOVES_QUEUE = previous


@pytest.mark.skipif(
    not settings.IS_POSTGRES, reason="braucht PostgreSQL (Tabellensperre, Worker in einem zweiten Prozess)"
)
def test_worker_killed_before_its_write_leaves_move_pending_and_a_new_worker_applies_it(users, own_queue):
    match = start_match(users)
    worker = _worker(own_queue)
    try:
        with transaction.atomic():
            # Hold the moves table: even the worker's first read (without a row lock) blocks, mid-task.
            _lock_moves_table()
            move, _ = services.submit_move(match, seat_user(match, 0), {"type": "roll", "dice": "W6"}, 0)
        # submit_move's own savepoint commits with the outer block; enqueue happens now
        with transaction.atomic():
            _lock_moves_table()
            wait_until(_someone_waits_for_a_lock, timeout=60, what="the worker to block on its read")
            os.killpg(worker.pid, signal.SIGKILL)
            worker.wait(10)
        assert Move.objects.get(pk=move.pk).status == MoveStatus.PENDING
        assert Match.objects.get(pk=match.pk).version == 0
        worker = _worker(own_queue)
        assert services.sweep_pending_moves(older_than_seconds=0) == 1  # what beat does every 15 s
        wait_until(resolved(move.pk), timeout=60, what="the restarted worker to apply the move")
        assert Move.objects.get(pk=move.pk).status == MoveStatus.APPLIED
        assert Match.objects.get(pk=match.pk).version == 1
    finally:
        _stop(worker)


@pytest.mark.skipif(
    not settings.IS_POSTGRES, reason="braucht PostgreSQL (Zeilensperre, Worker in einem zweiten Prozess)"
)
def test_worker_killed_while_its_write_waits_applies_the_move_once(users, own_queue):
    """The write is one statement that commits itself: a worker killed while it waits for the match row
    leaves either nothing (then the sweep and a new worker apply the move) or the whole move (PostgreSQL
    finishes the statement of a client that is gone), never a part and never twice."""
    match = start_match(users)
    worker = _worker(own_queue)
    try:
        with transaction.atomic():
            Match.objects.select_for_update().get(pk=match.pk)
            move, _ = services.submit_move(match, seat_user(match, 0), {"type": "roll", "dice": "W6"}, 0)
        with transaction.atomic():
            # Hold the match row: the worker reads without a lock, runs the engine, and waits in its write.
            Match.objects.select_for_update().get(pk=match.pk)
            wait_until(_someone_waits_for_a_lock, timeout=60, what="the worker's write to wait for the match row")
            assert Move.objects.get(pk=move.pk).status == MoveStatus.PENDING
            os.killpg(worker.pid, signal.SIGKILL)
            worker.wait(10)
        worker = _worker(own_queue)
        wait_until(lambda: not _someone_waits_for_a_lock(), timeout=30, what="the killed worker's statement to end")
        services.sweep_pending_moves(older_than_seconds=0)
        wait_until(resolved(move.pk), timeout=60, what="the move to be applied")
        assert Move.objects.get(pk=move.pk).status == MoveStatus.APPLIED
        assert Match.objects.get(pk=match.pk).version == 1
        assert match.events.filter(move=move).count() == 1
    finally:
        _stop(worker)


@pytest.mark.skipif(not settings.IS_POSTGRES, reason="braucht PostgreSQL (der Ein-Anweisungs-Pfad)")
def test_prefork_worker_hands_the_turn_mail_over_from_its_thread_and_it_arrives_once(users, own_queue):
    """In a prefork pool process the turn mail's hand-over runs in a thread after the task (core/handover.py);
    the same worker (one queue for both here) then delivers it: one mail to the player now on turn."""
    sink = SmtpSink()
    queues = {"MOVES_QUEUE": own_queue, "CELERY_DEFAULT_QUEUE": own_queue}
    worker = _worker(own_queue, pool="prefork", EMAIL_URL=sink.url, **queues)
    try:
        match = start_zwei_tuerme(users)
        engine = registry.get("zwei-tuerme")
        turn = engine.current_seats(match.state)[0]

        # the invitation, acceptance and first-turn mails are delivered first
        def first_mails_sent() -> bool:
            notices = list(Notice.objects.filter(match=match).values_list("pk", flat=True))
            mails = OutboxMessage.objects.filter(kind="notice_mail", payload__notice_id__in=notices)
            return not mails.filter(state="pending").exists()

        wait_until(first_mails_sent, timeout=30, what="this match's first mails")
        mails_before = len(sink.recipients())
        move, _ = services.submit_move(match, seat_user(match, turn), engine.default_action(match.state, turn), 0)
        wait_until(resolved(move.pk), timeout=60, what="the prefork worker to apply the move")
        match.refresh_from_db()
        on_turn = {seat_user(match, order).email for order in engine.current_seats(match.state)}
        assert on_turn and seat_user(match, turn).email not in on_turn
        wait_until(lambda: len(sink.recipients()) > mails_before, timeout=30, what="the turn mail")
        time.sleep(1.0)  # a second hand-over or delivery would arrive meanwhile
        assert sorted(sink.recipients()[mails_before:]) == sorted(on_turn)
    finally:
        _stop(worker)
        sink.close()


def _lock_moves_table() -> None:
    with connection.cursor() as cursor:
        cursor.execute(f'LOCK TABLE "{Move._meta.db_table}" IN ACCESS EXCLUSIVE MODE')


def _someone_waits_for_a_lock() -> bool:
    with connection.cursor() as cursor:
        # inside a transaction the statistics views are a snapshot: refresh it on every look
        cursor.execute("SELECT pg_stat_clear_snapshot()")
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'"
        )
        return cursor.fetchone()[0] > 0


def test_broker_down_still_202_and_applied_once_back(users, celery_session_worker, caplog):
    match = start_match(users)
    player = seat_user(match, 0)
    good_url = celery_app.conf.broker_url
    try:
        _point_broker_at("redis://127.0.0.1:1/0")  # nothing listens on port 1
        response = api(player).post(
            f"/api/matches/{match.pk}/moves/", {"action": {"type": "roll", "dice": "W6"}, "version": 0}, format="json"
        )
        assert response.status_code == 202
        move_id = response.json()["id"]
        assert f"could not enqueue move {move_id}" in caplog.text
        time.sleep(0.5)
        assert Move.objects.get(pk=move_id).status == MoveStatus.PENDING
    finally:
        _point_broker_at(good_url)
    assert services.sweep_pending_moves(older_than_seconds=0) == 1
    wait_until(resolved(move_id), what="the swept move to be applied")
    assert Move.objects.get(pk=move_id).status == MoveStatus.APPLIED
    assert Match.objects.get(pk=match.pk).version == 1


def _point_broker_at(url: str) -> None:
    celery_app.conf.broker_url = url
    celery_app.conf.broker_write_url = url
    celery_app._pool = None  # the next publish builds its pools for the new URL
    celery_app.amqp._producer_pool = None
