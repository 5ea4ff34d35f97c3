"""The resolve path's hot spot on PostgreSQL: the seats read with the locked move, and the write of an
applied move in one statement.

The move, its seat, its match, the last event number and the seats (with their users' addresses and mail
settings, as one JSON column) come in the one statement that locks the move and its match
(``lock_and_read``): one round trip instead of two, and SQL written once per process instead of compiled by
the ORM on every move.

An applied move changes five tables: the move's status, the new events, the match (state, version, turn
clock), the turn notices and their mail messages in the outbox. With the ORM that is five statements and
five round trips inside the locked transaction; here it is one statement of data-modifying CTEs (each part
runs exactly once, in the caller's transaction, so all or nothing as before). The caller holds the match
row lock (services.resolve_move), so nothing here re-checks versions.

Used only on PostgreSQL and only for the common case (no resigned seat to move for, the game goes on);
everything else takes the ORM path in services, which stays the reference: both write the same rows
(tests/matches/test_applied_write.py compares them).
"""

from __future__ import annotations

import contextlib
import functools
import json
from datetime import datetime

import psycopg
from django.contrib.auth import get_user_model
from django.db import connection

from core import raw_rows
from core.models import OutboxMessage

from .models import Event, Match, Move, MoveStatus, Notice, PlayerSettings, Seat

_SEAT_FIELDS = ("id", "match_id", "user_id", "slot", "order", "resigned", "invitation_pending", "bot_level", "bot_name")


# Identifiers only from the models' own meta; the move id is the one value, a parameter.
_READ_SQL = """
SELECT {move_cols}, {seat_cols}, {match_cols},
    (SELECT e.sequence FROM {event} e WHERE e.match_id = mv.match_id ORDER BY e.sequence DESC LIMIT 1),
    (SELECT jsonb_agg(jsonb_build_object({seat_json},
            'username', u.username, 'email', u.email, 'settings_id', ps.id,
            'email_notifications', ps.email_notifications, 'mail_frequency', ps.mail_frequency) ORDER BY ss.slot)
     FROM {seat} ss
     LEFT JOIN {user} u ON u.{user_pk} = ss.user_id
     LEFT JOIN {settings} ps ON ps.user_id = ss.user_id
     WHERE ss.match_id = mv.match_id)
FROM {move} mv
JOIN {seat} s ON s.id = mv.seat_id
JOIN {match} m ON m.id = mv.match_id
WHERE mv.id = %s
FOR UPDATE OF mv, m
"""


@functools.cache
def _read_parts():
    """(model, fields) of the locking read's row, in its order: move, seat, match (all their columns)."""
    return tuple((model, raw_rows.fields_of(model)) for model in (Move, Seat, Match))


@functools.cache
def _read_sql() -> str:
    """The locking read, written once per process (compiling it with the ORM on every move cost more
    than the round trip it saves)."""
    user = get_user_model()._meta
    seat_json = ", ".join(f"'{name}', ss.\"{Seat._meta.get_field(name).column}\"" for name in _SEAT_FIELDS)
    return _READ_SQL.format(
        move_cols=raw_rows.columns(_read_parts()[0][1], "mv"),
        seat_cols=raw_rows.columns(_read_parts()[1][1], "s"),
        match_cols=raw_rows.columns(_read_parts()[2][1], "m"),
        seat_json=seat_json,
        event=Event._meta.db_table,
        seat=Seat._meta.db_table,
        user=user.db_table,
        user_pk=user.pk.column,
        settings=PlayerSettings._meta.db_table,
        move=Move._meta.db_table,
        match=Match._meta.db_table,
    )


def lock_and_read(move_id: int) -> Move | None:
    """The move with its seat and match, row-locked (move and match), in one statement; the match carries
    ``_last_event_sequence`` and ``_seats_with_users`` (every seat with its user and mail settings)."""
    with _prepared(_read_sql(), [move_id]) as cursor:
        row = cursor.fetchone()
    if row is None:
        return None
    parts = _read_parts()
    (move, seat, match), (last_event, seats) = raw_rows.instances(row, *parts)
    state_text = row[len(parts[0][1]) + len(parts[1][1]) + parts[2][1].index(Match._meta.get_field("state"))]
    if isinstance(state_text, str):  # the engine's working copy is decoded afresh (cheaper than a deepcopy)
        match._state_text = state_text
    move._state.fields_cache["seat"] = seat
    move._state.fields_cache["match"] = match
    match._last_event_sequence = last_event or 0
    match._seats_with_users = seats_from_json(json.loads(seats) if isinstance(seats, str) else seats)
    return move


@contextlib.contextmanager
def _prepared(sql: str, params):
    """Run ``sql`` as a server-side prepared statement on Django's connection (psycopg prepares it once
    per connection and then sends only the parameters): PostgreSQL plans these two statements, CTEs and
    a JSON aggregate, once instead of on every move, and nothing is quoted into the text on our side.
    Errors come out as Django's database errors, as from any other cursor."""
    connection.ensure_connection()
    with connection.wrap_database_errors, psycopg.Cursor(connection.connection) as cursor:
        cursor.execute(sql, params, prepare=True)
        yield cursor


def seats_from_json(rows) -> list[Seat]:
    """Seat instances (with their users and mail settings cached) from the read's JSON; other fields deferred."""
    User = get_user_model()
    seats = []
    for row in rows or []:
        seat = Seat.from_db(connection.alias, list(_SEAT_FIELDS), [row[name] for name in _SEAT_FIELDS])
        if row["user_id"] is not None:
            user = User.from_db(
                connection.alias, ["id", "username", "email"], [row["user_id"], row["username"], row["email"]]
            )
            prefs = None
            if row["settings_id"] is not None:
                prefs = PlayerSettings.from_db(
                    connection.alias,
                    ["id", "user_id", "email_notifications", "mail_frequency"],
                    [row["settings_id"], row["user_id"], row["email_notifications"], row["mail_frequency"]],
                )
            user._state.fields_cache["match_settings"] = prefs  # None: never set (mail on), as select_related
            seat._state.fields_cache["user"] = user
        seats.append(seat)
    return seats


_SQL = """
WITH mv AS (
    UPDATE {move} SET status = %(status)s, applied_version = %(version)s, resolved_at = %(now)s
    WHERE id = %(move_id)s
), ev AS (
    INSERT INTO {event} (match_id, sequence, move_id, public, private, data, created_at)
    SELECT %(match_id)s, e.seq, %(move_id)s, e.pub::jsonb, e.priv::jsonb, e.dat::jsonb, %(now)s
    FROM unnest(%(ev_seq)s::int[], %(ev_pub)s::text[], %(ev_priv)s::text[], %(ev_dat)s::text[])
        AS e(seq, pub, priv, dat)
), m AS (
    UPDATE {match} SET state = %(state)s::jsonb, version = %(version)s, updated_at = %(now)s{turn}
    WHERE id = %(match_id)s
), n AS (
    INSERT INTO {notice} (user_id, match_id, kind, text, created_at)
    SELECT u.id, %(match_id)s, %(kind)s, %(text)s::jsonb, %(now)s FROM unnest(%(users)s::int[]) AS u(id)
    RETURNING id, user_id
), o AS (
    INSERT INTO {outbox} (kind, payload, state, attempts, last_error, created_at, dispatched_at)
    SELECT %(mail_kind)s, jsonb_build_object('notice_id', n.id), %(pending)s, 0, '', %(now)s, %(now)s
    FROM n WHERE n.user_id = ANY(%(mail_users)s::int[])
    RETURNING id
)
SELECT id FROM o
"""
_TURN = ", turn_started_at = %(now)s, reminded_at = NULL"


def write_applied(
    match: Match,
    move: Move,
    events,
    now: datetime,
    turn_changed: bool,
    notice_users: list[int],
    notice_kind: str,
    notice_text: dict,
    mail_kind: str,
    mail_users: list[int],
) -> list[int]:
    """Write the applied move (``match`` already holds the new state and version); returns the ids of the
    outbox messages written (marked handed over: the caller hands them to the broker after commit)."""
    first = match._last_event_sequence + 1
    sql = _SQL.format(
        move=Move._meta.db_table,
        event=Event._meta.db_table,
        match=Match._meta.db_table,
        notice=Notice._meta.db_table,
        outbox=OutboxMessage._meta.db_table,
        turn=_TURN if turn_changed else "",
    )
    params = {
        "status": MoveStatus.APPLIED,
        "version": match.version,
        "now": now,
        "move_id": move.pk,
        "match_id": match.pk,
        "ev_seq": [first + offset for offset in range(len(events))],
        "ev_pub": [json.dumps(e.public.to_json()) for e in events],
        "ev_priv": [json.dumps({str(seat): text.to_json() for seat, text in e.private.items()}) for e in events],
        "ev_dat": [json.dumps(e.data) for e in events],
        "state": json.dumps(match.state),
        "users": notice_users,
        "kind": notice_kind,
        "text": json.dumps(notice_text),
        "mail_kind": mail_kind,
        "pending": OutboxMessage.State.PENDING,
        "mail_users": mail_users,
    }
    with _prepared(sql, params) as cursor:
        outbox_ids = [row[0] for row in cursor.fetchall()]
    match._last_event_sequence = first + len(events) - 1
    return outbox_ids
