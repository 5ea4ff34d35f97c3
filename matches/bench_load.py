"""`make bench` figures for play-by-post: resolve alone, and submit-to-applied under load with a real worker.

The load run plays 50 dice-table matches at once through ``services.submit_move`` (what the API
calls) against a Celery worker that this module starts in a subprocess on a queue of its own, and
reports latency (``Move.created_at`` → ``Move.resolved_at``) and moves per second, each latency also
as a multiple of a ``SELECT 1`` round trip measured in the same run. Without a broker it says why
it skips. Everything it creates (users ``bench-*``, their matches) is deleted afterwards.
"""

from __future__ import annotations

import os
import signal
import statistics
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection, connections

from . import services
from .models import Match, Move, MoveStatus

ROOT = Path(__file__).resolve().parent.parent
MATCHES = 50
ROUNDS = 10
CLIENT_THREADS = 8
QUIET = ["-l", "warning", "--without-mingle", "--without-gossip"]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def select_one_ms(repeat: int = 200) -> float:
    timings = []
    with connection.cursor() as cursor:
        for _ in range(repeat):
            start = time.perf_counter()
            cursor.execute("SELECT 1")
            cursor.fetchone()
            timings.append((time.perf_counter() - start) * 1000)
    return statistics.median(timings)


def bench_users():
    User = get_user_model()
    tag = uuid.uuid4().hex[:6]
    return [User.objects.create_user(f"bench-{tag}-{i}", "", None) for i in range(2)]


def new_matches(users, count: int) -> list[Match]:
    matches = []
    for _ in range(count):
        match = services.create_match(
            users[0], engine="wuerfeltisch", options={"game": "schatten-der-macht"}, invite=[users[1].username]
        )
        services.accept_invitation(match, users[1])
        services.start(match, users[0])
        matches.append(Match.objects.get(pk=match.pk))
    return matches


def cleanup(users) -> None:
    Match.objects.filter(created_by__in=users).delete()
    for user in users:
        user.delete()


def _action(match: Match) -> tuple[object, dict]:
    """Roll on even versions, pass on odd ones: the turn walks round the table."""
    turn = match.state["turn"]
    return turn, ({"type": "roll", "dice": "2W6"} if match.version % 2 == 0 else {"type": "pass"})


def _start_worker(queue: str) -> subprocess.Popen:
    return subprocess.Popen(  # noqa: S603 (our own interpreter and fixed arguments)
        [sys.executable, "-m", "celery", "-A", "config", "worker", "-P", "threads", "-c", "4", "-Q", queue, *QUIET],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )


def _wait_for_worker(users, timeout=90.0) -> None:
    """Until the worker answers: one move resolved end to end."""
    match = new_matches(users, 1)[0]
    seat_user = {s.order: s.user for s in match.seats.select_related("user")}
    move, _ = services.submit_move(match, seat_user[match.state["turn"]], {"type": "roll", "dice": "W6"}, 0)
    deadline = time.monotonic() + timeout
    while Move.objects.filter(pk=move.pk, status=MoveStatus.PENDING).exists():
        if time.monotonic() > deadline:
            raise RuntimeError("der Worker hat in 90 s keinen Zug ausgewertet")
        time.sleep(0.1)


def load_run(out=sys.stdout) -> None:
    from config.celery import app as celery_app

    if settings.CELERY_TASK_ALWAYS_EAGER or celery_app.conf.task_always_eager:
        out.write("matches  Last mit Worker: übersprungen – kein Broker konfiguriert (CELERY_BROKER_URL fehlt)\n")
        return

    queue = f"bruchtal-bench-{uuid.uuid4().hex[:8]}"
    previous_queue = celery_app.conf.task_default_queue
    celery_app.conf.task_default_queue = queue
    users = bench_users()
    worker = _start_worker(queue)
    try:
        _wait_for_worker(users)
        matches = new_matches(users, MATCHES)
        seat_users = {m.pk: {s.order: s.user for s in m.seats.select_related("user")} for m in matches}
        select_ms = select_one_ms()
        moves: list[int] = []
        lock = threading.Lock()

        def client(mine: list[Match]) -> None:
            try:
                for _round in range(ROUNDS):
                    sent = []
                    for match in mine:
                        match.refresh_from_db(fields=["state", "version"])
                        turn, action = _action(match)
                        move, _ = services.submit_move(match, seat_users[match.pk][turn], action, match.version)
                        sent.append(move.pk)
                    while Move.objects.filter(pk__in=sent, status=MoveStatus.PENDING).exists():
                        time.sleep(0.002)
                    with lock:
                        moves.extend(sent)
            finally:
                connections.close_all()

        chunks = [matches[i::CLIENT_THREADS] for i in range(CLIENT_THREADS)]
        threads = [threading.Thread(target=client, args=(chunk,)) for chunk in chunks]
        started = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        wall = time.perf_counter() - started
        rows = Move.objects.filter(pk__in=moves).values_list("status", "created_at", "resolved_at")
        latencies = [(done - created).total_seconds() * 1000 for _s, created, done in rows]
        applied = sum(1 for status, _c, _d in rows if status == MoveStatus.APPLIED)
        median, p95 = statistics.median(latencies), percentile(latencies, 0.95)
        label = f"Einreichen → ausgeführt ({MATCHES} Partien gleichzeitig, Worker)"
        out.write(
            f"matches  {label:50} median {median:7.2f} ms   p95 {p95:7.2f} ms"
            f"   (= {median / select_ms:.0f}× / {p95 / select_ms:.0f}× SELECT 1 von {select_ms:.3f} ms)\n"
        )
        out.write(
            f"matches  {'Durchsatz mit einem Worker (4 Threads)':50} {len(latencies) / wall:7.1f} Züge/s"
            f"   ({applied} von {len(latencies)} ausgeführt in {wall:.1f} s)\n"
        )
    finally:
        celery_app.conf.task_default_queue = previous_queue
        if worker.poll() is None:
            os.killpg(worker.pid, signal.SIGTERM)
            try:
                worker.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(worker.pid, signal.SIGKILL)
        cleanup(users)


class ResolveCase:
    """resolve_move alone: lock the match, apply, save. Each call resolves a fresh pending move."""

    def __init__(self, count: int = 32):
        self.users = bench_users()
        self.pending = []
        for match in new_matches(self.users, count):
            # a pending move written directly, not enqueued: the bench resolves it itself
            seat = match.seats.get(order=match.state["turn"])
            move = Move.objects.create(match=match, seat=seat, action={"type": "roll", "dice": "2W6"}, version=0)
            self.pending.append(move.pk)

    def __call__(self):
        if not self.pending:
            raise RuntimeError("no prepared move left")
        status = services.resolve_move(self.pending.pop())
        assert status == MoveStatus.APPLIED, status
        if not self.pending:
            cleanup(self.users)
        return status


def select_one():
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        return cursor.fetchone()
