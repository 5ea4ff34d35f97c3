"""The hand-written hot reads and the INSERT (core/raw_rows.py) build what the ORM builds, on both backends."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone

from core import raw_rows, tokens
from core import services as core_services
from core.models import ApiToken
from matches import selectors, services
from matches.models import Match, Move, MoveStatus, Seat


def _fields(obj, names=None) -> dict:
    return {f.attname: getattr(obj, f.attname) for f in type(obj)._meta.concrete_fields if not names or f.name in names}


@pytest.fixture
def two(db):
    User = get_user_model()
    return [User.objects.create_user(name, f"{name}@auenland.example", "x") for name in ("frodo", "sam")]


@pytest.fixture
def match(two):
    match = services.create_match(two[0], engine="zwei-tuerme", players=2, invite=[two[1].username])
    services.accept_invitation(match, two[1])
    services.start(match, two[0])
    return Match.objects.get(pk=match.pk)


def test_token_with_user_is_what_the_orm_reads(two):
    key, _token = core_services.issue_token(two[0])
    raw = tokens.token_with_user(tokens.digest(key))
    orm = ApiToken.objects.select_related("user").get(digest=tokens.digest(key))
    assert _fields(raw) == _fields(orm)
    assert _fields(raw.user) == _fields(orm.user)
    assert raw.expires_at.tzinfo is not None  # converted as the ORM converts (SQLite stores text)
    assert raw.user.get_session_auth_hash() == orm.user.get_session_auth_hash()
    assert tokens.token_with_user(tokens.digest("nicht-das-token")) is None


def test_own_seat_for_move_is_what_the_orm_reads_without_the_state(two, match):
    seat = selectors.own_seat_for_move(two[1], str(match.pk))
    orm = Seat.objects.select_related("match").get(match=match, user=two[1])
    assert _fields(seat) == _fields(orm)
    wanted = [f.name for f in Match._meta.concrete_fields if f.name not in selectors.NOT_FOR_SUBMIT]
    assert _fields(seat.match, wanted) == _fields(orm.match, wanted)
    assert seat.match.get_deferred_fields() == set(selectors.NOT_FOR_SUBMIT)
    assert seat.match.state == orm.match.state  # deferred, loaded when asked for


def test_own_seat_for_move_refuses_strangers_invitations_and_impossible_ids(two, match):
    User = get_user_model()
    stranger = User.objects.create_user("gollum", "", None)
    assert selectors.own_seat_for_move(stranger, match.pk) is None
    assert selectors.own_seat_for_move(two[0], "12a") is None
    assert selectors.own_seat_for_move(two[0], str(2**63)) is None  # beyond bigint: no match, no database error
    Seat.objects.filter(match=match, user=two[1]).update(invitation_pending=True)
    assert selectors.own_seat_for_move(two[1], match.pk) is None


def test_insert_applies_defaults_and_auto_now_add(two, match):
    seat = Seat.objects.get(match=match, user=two[0])
    before = timezone.now()
    move = raw_rows.insert(Move(match=match, seat=seat, action={"typ": "x"}, version=3, idempotency_key="k1"))
    stored = Move.objects.get(pk=move.pk)
    assert _fields(move) == _fields(stored)
    assert stored.status == MoveStatus.PENDING and stored.action == {"typ": "x"}
    assert before <= stored.created_at <= timezone.now() + timedelta(seconds=1)
    assert not move._state.adding


def test_insert_raises_integrity_error_and_writes_nothing(two, match):
    seat = Seat.objects.get(match=match, user=two[0])
    raw_rows.insert(Move(match=match, seat=seat, action={}, version=1, idempotency_key="same"))
    with pytest.raises(IntegrityError), transaction.atomic():
        raw_rows.insert(Move(match=match, seat=seat, action={"other": 1}, version=1, idempotency_key="same"))
    assert Move.objects.filter(seat=seat, idempotency_key="same").count() == 1
