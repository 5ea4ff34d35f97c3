"""`make bench` figures for play-by-post: ``resolve_move`` alone (in-process), and the deployment-shape
load run (gunicorn, prefork moves worker, mail worker, SMTP sink: see bench/moves.py)."""

from __future__ import annotations

import statistics
import time
import uuid

from django.contrib.auth import get_user_model
from django.db import connection

from matches import services
from matches.models import Match, Move, MoveStatus


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
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
