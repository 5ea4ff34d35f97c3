"""The resolve path's hot spot on PostgreSQL: the read of a move with everything its resolve needs, and the
write of an applied move in one statement.

The move, its seat, its match, the last event number and the seats (with their users' addresses and mail
settings, as one JSON column) come in one statement (``read``): SQL written once per process and prepared
once per connection instead of compiled by the ORM on every move.

An applied move changes five tables: the move's status, the new events, the match (state, version, turn
clock), the turn notices and their mail messages in the outbox. With the ORM that is five statements and
five round trips; here it is one statement of data-modifying CTEs (all or nothing). Its first part locks
the match and the move and checks that they are still as read (the version, the match running, the move
pending); if not, it writes nothing and says so. So the common case needs no explicit transaction at all
(services.resolve_move: read without a lock, run the engine, write and commit in one round trip); the
locked path (``lock_and_read`` in a transaction) uses the same write, where the check always holds.

Used only on PostgreSQL and only for the common case (no resigned seat to move for, the game goes on);
everything else takes the ORM path in services, which stays the reference: both write the same rows
(tests/matches/test_applied_write.py compares them).
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth import get_user_model
from django.db import connection

from core import raw_rows
from core.models import OutboxMessage

from .models import Event, Match, MatchStatus, Move, MoveStatus, Notice, PlayerSettings, Seat

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
"""
_LOCK = "FOR UPDATE OF mv, m"


@functools.cache
def _read_parts():
    """(model, fields) of the read's row, in its order: move, seat, match (all their columns)."""
    return tuple((model, raw_rows.fields_of(model)) for model in (Move, Seat, Match))


@functools.cache
def _state_column() -> int:
    """Where the match's state is in the read's row."""
    (_move, move_fields), (_seat, seat_fields), (_match, match_fields) = _read_parts()
    return len(move_fields) + len(seat_fields) + match_fields.index(Match._meta.get_field("state"))


@functools.cache
def _read_sql(lock: bool) -> str:
    """The read (with ``lock``: locking the move and its match), written once per process (compiling it
    with the ORM on every move cost more than the round trip it saves)."""
    user = get_user_model()._meta
    seat_json = ", ".join(f"'{name}', ss.\"{Seat._meta.get_field(name).column}\"" for name in _SEAT_FIELDS)
    move_cols, seat_cols, match_cols = (
        raw_rows.columns(fields, alias) for (_model, fields), alias in zip(_read_parts(), ("mv", "s", "m"), strict=True)
    )
    return _READ_SQL.format(
        move_cols=move_cols,
        seat_cols=seat_cols,
        match_cols=match_cols,
        seat_json=seat_json,
        event=Event._meta.db_table,
        seat=Seat._meta.db_table,
        user=user.db_table,
        user_pk=user.pk.column,
        settings=PlayerSettings._meta.db_table,
        move=Move._meta.db_table,
        match=Match._meta.db_table,
    ) + (_LOCK if lock else "")


@dataclass
class ReadMove:
    """A pending move as a resolve path read it, handed on between the paths (matches/services/moves.py).

    ``move`` comes with its seat and match; ``last_event`` is the match's last event number at the read, moved
    on as the resolve writes events; ``seats``, every seat with its user and mail settings, if read with the
    move (None: read them when needed); ``state_text``, the stored state's JSON as read, decoded afresh for the
    engine's working copy (cheaper than a deepcopy) and good once (None: copy ``match.state``)."""

    move: Move
    last_event: int
    seats: list[Seat] | None = None
    state_text: str | None = None

    @property
    def match(self) -> Match:
        return self.move.match


def lock_and_read(move_id: int) -> ReadMove | None:
    """``read`` with the move and its match row-locked until the caller's transaction ends."""
    return read(move_id, lock=True)


def read(move_id: int, lock: bool = False) -> ReadMove | None:
    """The move with its seat and match, the last event number and every seat with its user and mail settings,
    in one statement."""
    with raw_rows.run(_read_sql(lock), [move_id]) as cursor:
        row = cursor.fetchone()
    if row is None:
        return None
    (move, seat, match), (last_event, seats) = raw_rows.instances(row, *_read_parts())
    state_text = row[_state_column()]
    move._state.fields_cache["seat"] = seat
    move._state.fields_cache["match"] = match
    return ReadMove(
        move,
        last_event=last_event or 0,
        seats=seats_from_json(json.loads(seats) if isinstance(seats, str) else seats),
        state_text=state_text if isinstance(state_text, str) else None,
    )


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
WITH ok AS (
    SELECT m.id FROM {match} m JOIN {move} mv ON mv.id = %(move_id)s AND mv.match_id = m.id
    WHERE m.id = %(match_id)s AND m.version = %(expected)s AND m.status = %(running)s AND mv.status = %(pending_move)s
    FOR UPDATE OF m, mv
), mv AS (
    UPDATE {move} SET status = %(status)s, applied_version = %(version)s, resolved_at = %(now)s
    WHERE id = %(move_id)s AND EXISTS (SELECT FROM ok)
), ev AS (
    INSERT INTO {event} (match_id, sequence, move_id, public, private, data, created_at)
    SELECT %(match_id)s, e.seq, %(move_id)s, e.pub::jsonb, e.priv::jsonb, e.dat::jsonb, %(now)s
    FROM unnest(%(ev_seq)s::int[], %(ev_pub)s::text[], %(ev_priv)s::text[], %(ev_dat)s::text[])
        AS e(seq, pub, priv, dat)
    WHERE EXISTS (SELECT FROM ok)
), m AS (
    UPDATE {match} SET state = %(state)s::jsonb, version = %(version)s, updated_at = %(now)s{turn}
    WHERE id = %(match_id)s AND EXISTS (SELECT FROM ok)
), n AS (
    INSERT INTO {notice} (user_id, match_id, kind, text, created_at)
    SELECT u.id, %(match_id)s, %(kind)s, %(text)s::jsonb, %(now)s FROM unnest(%(users)s::int[]) AS u(id)
    WHERE EXISTS (SELECT FROM ok)
    RETURNING id, user_id
), o AS (
    INSERT INTO {outbox} (kind, payload, state, attempts, last_error, created_at, dispatched_at)
    SELECT %(mail_kind)s, jsonb_build_object('notice_id', n.id), %(pending)s, 0, '', %(now)s, %(now)s
    FROM n WHERE n.user_id = ANY(%(mail_users)s::int[])
    RETURNING id
)
SELECT EXISTS (SELECT FROM ok), ARRAY(SELECT id FROM o ORDER BY id)
"""
_TURN = ", turn_started_at = %(now)s, reminded_at = NULL"


@functools.cache
def _write_sql(turn_changed: bool) -> str:
    """The write, in its two forms (with or without a new turn clock), written once per process."""
    return _SQL.format(
        move=Move._meta.db_table,
        event=Event._meta.db_table,
        match=Match._meta.db_table,
        notice=Notice._meta.db_table,
        outbox=OutboxMessage._meta.db_table,
        turn=_TURN if turn_changed else "",
    )


def write_applied(
    match: Match,
    move: Move,
    events,
    now: datetime,
    first_event: int,
    turn_changed: bool,
    notice_users: list[int],
    notice_kind: str,
    notice_text: dict,
    mail_kind: str,
    mail_users: list[int],
) -> list[int] | None:
    """Write the applied move (``match`` already holds the new state and version, one above the version
    read), its events numbered from ``first_event``; returns the ids of the outbox messages written (marked
    handed over: the caller hands them to the broker after commit), or None, having written nothing, if the
    match or the move changed since read."""
    first = first_event
    params = {
        "status": MoveStatus.APPLIED,
        "version": match.version,
        "expected": match.version - 1,
        "running": MatchStatus.RUNNING,
        "pending_move": MoveStatus.PENDING,
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
    with raw_rows.run(_write_sql(turn_changed), params) as cursor:
        written, outbox_ids = cursor.fetchone()
    if not written:
        return None
    return list(outbox_ids)
