"""Bench cases of the match pages (issue 20): the header badge on every page and one match page.

Each case sets up its own users and Zwei Türme matches (several turns in, so the log and the score
panel have something to show) and deletes them after its last run.
"""

from __future__ import annotations

from django.test import Client

from matches import selectors, services
from matches.engine import registry
from matches.models import Match

from .resolve import bench_users, cleanup


def _zt_matches(users, count: int, turns: int) -> list[Match]:
    engine = registry.get("zwei-tuerme")
    matches = []
    for _ in range(count):
        match = services.create_match(users[0], engine="zwei-tuerme", invite=[users[1].username])
        services.accept_invitation(match, users[1])
        services.start(match, users[0])
        for _turn in range(turns):
            match = Match.objects.get(pk=match.pk)
            seat = match.state["turn"]
            user = next(s.user for s in match.seats.all() if s.order == seat)
            move, _created = services.submit_move(match, user, engine.default_action(match.state, seat), match.version)
            services.resolve_move(move.pk)
        matches.append(Match.objects.get(pk=match.pk))
    return matches


class _Case:
    """Data made on first use, deleted after ``runs`` calls (the bench command's warm-up + 30 by default)."""

    def __init__(self, runs: int = 31):
        self.runs, self.users, self.calls = runs, None, 0

    def setup(self) -> None:
        raise NotImplementedError  # abstract: each case below makes its own data

    def run(self):
        raise NotImplementedError  # abstract: each case below measures its own call

    def __call__(self):
        if self.users is None:
            self.users = bench_users()
            self.setup()
        result = self.run()
        self.calls += 1
        if self.calls % self.runs == 0:
            cleanup(self.users)
            self.users = None
        return result


class BadgeCase(_Case):
    """selectors.my_turn_matches for a player with 20 running Zwei Türme matches (the header badge)."""

    def setup(self) -> None:
        _zt_matches(self.users, 20, turns=8)

    def run(self):
        return len(selectors.my_turn_matches(self.users[0]))


class MatchPageCase(_Case):
    """GET of one Zwei Türme match page (board, score panel, log, since my last move) as a player."""

    def setup(self) -> None:
        self.match = _zt_matches(self.users, 1, turns=12)[0]
        self.client = Client()
        self.client.force_login(self.users[0])

    def run(self):
        response = self.client.get(self.match.get_absolute_url())
        assert response.status_code == 200, response.status_code
        return len(response.content)
