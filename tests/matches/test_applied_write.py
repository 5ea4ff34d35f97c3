"""The one-statement write of an applied move (matches/applied_write.py) writes what the ORM path writes.

Two matches with the same seed play the same moves, one through each path; every row the moves leave
(moves, events, match, notices, outbox messages) must agree, apart from ids and clock times.
"""

import pytest
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext

from core.models import OutboxMessage
from matches import applied_write, services
from matches.engine import registry
from matches.models import Event, Match, Move, Notice, PlayerSettings

from .conftest import start_zwei_tuerme

pytestmark = pytest.mark.skipif(not settings.IS_POSTGRES, reason="der Ein-Anweisungs-Pfad gibt es nur auf PostgreSQL")

MOVES = 14


def _play(users, seed: int, one_statement: bool, monkeypatch) -> Match:
    monkeypatch.setattr(settings, "IS_POSTGRES", one_statement, raising=False)
    calls = []
    original = applied_write.write_applied
    monkeypatch.setattr(applied_write, "write_applied", lambda *a, **k: calls.append(1) or original(*a, **k))
    match = services.create_match(users[0], engine="zwei-tuerme", players=2, invite=[users[1].username])
    Match.objects.filter(pk=match.pk).update(seed=seed)  # both matches deal and seat alike
    match.refresh_from_db()
    services.accept_invitation(match, users[1])
    services.start(match, users[0])
    engine = registry.get("zwei-tuerme")
    by_order = {s.order: s.user for s in match.seats.all()}
    for _ in range(MOVES):
        match.refresh_from_db()
        turn = engine.current_seats(match.state)[0]
        move, _created = services.submit_move(
            match, by_order[turn], engine.default_action(match.state, turn), match.version
        )
        assert services.resolve_move(move.pk) == "applied"
    assert bool(calls) == one_statement  # the path under test really ran (or really did not)
    match.refresh_from_db()
    return match


def _rows(match: Match) -> dict:
    seats = {s.pk: s.order for s in match.seats.all()}
    moves = list(Move.objects.filter(match=match).order_by("id"))
    move_index = {m.pk: i for i, m in enumerate(moves)}
    return {
        "match": (match.state, match.version, match.status, match.turn_started_at is not None, match.reminded_at),
        "moves": [(seats[m.seat_id], m.action, m.status, m.applied_version, m.resolved_at is not None) for m in moves],
        "events": [
            (e.sequence, move_index.get(e.move_id), e.public, e.private, e.data)
            for e in Event.objects.filter(match=match).order_by("sequence")
        ],
        "notices": [
            (n.user.username, n.kind, n.text, n.read_at, n.mailed_at)
            for n in Notice.objects.filter(match=match).select_related("user").order_by("id")
        ],
        "mails": [
            (Notice.objects.get(pk=o.payload["notice_id"]).user.username, o.state, o.dispatched_at is not None)
            for o in OutboxMessage.objects.filter(
                kind="notice_mail",
                payload__notice_id__in=list(Notice.objects.filter(match=match).values_list("pk", flat=True)),
            ).order_by("id")
        ],
    }


@pytest.mark.django_db
def test_one_statement_and_orm_paths_write_the_same_rows(users, monkeypatch, django_capture_on_commit_callbacks):
    # sam reads a daily digest: his turn notices are written but mailed later, on both paths
    PlayerSettings.objects.create(user=users[1], mail_frequency="digest")
    with django_capture_on_commit_callbacks():
        orm = _rows(_play(users, 4242, one_statement=False, monkeypatch=monkeypatch))
    with django_capture_on_commit_callbacks():
        sql = _rows(_play(users, 4242, one_statement=True, monkeypatch=monkeypatch))
    assert len(orm["events"]) > MOVES and len(orm["notices"]) >= MOVES // 2
    assert {name for name, *_rest in orm["mails"]} == {"frodo"}
    assert sql == orm


@pytest.mark.django_db
def test_one_statement_path_is_all_or_nothing(users, monkeypatch):
    """A failure in the statement (here: an event number already taken) leaves no part of the move."""
    match = start_zwei_tuerme(users)
    version = match.version
    engine = registry.get("zwei-tuerme")
    turn = engine.current_seats(match.state)[0]
    user = next(s.user for s in match.seats.all() if s.order == turn)
    move, _created = services.submit_move(match, user, engine.default_action(match.state, turn), match.version)
    notices = Notice.objects.filter(match=match).count()
    last = Event.objects.filter(match=match).order_by("-sequence").first()
    Event.objects.create(match=match, sequence=last.sequence + 1, public={"template": "x", "params": {}})
    with pytest.raises(Exception, match="event_unique_sequence"):
        original = applied_write.write_applied

        def stale_number(*args, first_event, **kwargs):
            return original(*args, first_event=last.sequence + 1, **kwargs)

        monkeypatch.setattr(applied_write, "write_applied", stale_number)
        services.resolve_move(move.pk)
    move.refresh_from_db()
    match.refresh_from_db()
    assert move.status == "pending" and match.version == version
    assert Notice.objects.filter(match=match).count() == notices
    assert not Event.objects.filter(move=move).exists()


def _started(users) -> tuple[Match, Move]:
    """A running Zwei Türme match and a pending move of the player on turn."""
    match = start_zwei_tuerme(users)
    engine = registry.get("zwei-tuerme")
    turn = engine.current_seats(match.state)[0]
    user = next(s.user for s in match.seats.all() if s.order == turn)
    move, _created = services.submit_move(match, user, engine.default_action(match.state, turn), match.version)
    return match, move


def _meanwhile(monkeypatch, change) -> list[str]:
    """Run ``change`` right after the unlocked read (as another process would, between read and write);
    returns what each read of the resolve was (unlocked, then locked)."""
    reads = []
    original = applied_write.read

    def read(move_id, lock=False):
        reads.append("locked" if lock else "unlocked")
        found = original(move_id, lock=lock)
        if not lock:
            change(found.move)
        return found

    monkeypatch.setattr(applied_write, "read", read)
    return reads


@pytest.mark.django_db
def test_unlocked_resolve_applies_in_one_read_and_one_write(users, monkeypatch):
    match, move = _started(users)
    reads = _meanwhile(monkeypatch, lambda move: None)
    with CaptureQueriesContext(connection) as queries:
        assert services.resolve_move(move.pk) == "applied"
    assert reads == ["unlocked"]
    # the savepoint only because the test itself runs in a transaction; a worker's write commits itself
    statements = [q["sql"] for q in queries.captured_queries if "SAVEPOINT" not in q["sql"]]
    assert len(statements) == 2 and "FOR UPDATE" not in statements[0] and "WITH ok AS" in statements[1]
    match.refresh_from_db()
    assert match.version == 1 and Event.objects.filter(move=move).exists()


@pytest.mark.django_db
def test_a_match_changed_between_read_and_write_leaves_the_decision_to_the_locked_path(users, monkeypatch):
    """Another move applied meanwhile (the version moved on): the one-statement write writes nothing, and
    the locked path finds the move stale, as it always did."""
    match, move = _started(users)
    reads = _meanwhile(monkeypatch, lambda move: Match.objects.filter(pk=move.match_id).update(version=1))
    assert services.resolve_move(move.pk) == "stale"
    assert reads == ["unlocked", "locked"]
    move.refresh_from_db()
    assert move.status == "stale" and not Event.objects.filter(move=move).exists()
    assert Match.objects.get(pk=match.pk).version == 1


@pytest.mark.django_db
def test_an_event_written_between_read_and_write_does_not_break_the_move(users, monkeypatch):
    """A framework event meanwhile (a resignation's, say) takes the next event number: the one-statement
    write fails as a whole and the locked path applies the move after that event."""
    match, move = _started(users)

    def framework_event(move):
        last = Event.objects.filter(match_id=move.match_id).order_by("-sequence").first()
        Event.objects.create(match_id=move.match_id, sequence=last.sequence + 1, public={"template": "x", "params": {}})

    reads = _meanwhile(monkeypatch, framework_event)
    assert services.resolve_move(move.pk) == "applied"
    assert reads == ["unlocked", "locked"]
    sequences = list(Event.objects.filter(match=match).order_by("sequence").values_list("sequence", flat=True))
    assert sequences == list(range(sequences[0], sequences[0] + len(sequences)))  # no gap, none twice
    assert Event.objects.filter(move=move).exists() and Match.objects.get(pk=match.pk).version == 1


@pytest.mark.django_db
def test_a_move_closed_between_read_and_write_is_not_applied(users, monkeypatch):
    """The move rejected meanwhile (its seat resigned, say) while the match stayed as read: nothing written."""
    match, move = _started(users)
    reads = _meanwhile(monkeypatch, lambda move: Move.objects.filter(pk=move.pk).update(status="rejected"))
    assert services.resolve_move(move.pk) == "rejected"
    assert reads == ["unlocked", "locked"]
    assert Match.objects.get(pk=match.pk).version == 0 and not Event.objects.filter(move=move).exists()
