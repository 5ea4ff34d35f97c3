"""The resolve path's hot spot on PostgreSQL: the seats read with the locked move, and the write of an
applied move in one statement.

The seats (with their users' addresses and mail settings) come as one JSON column of the statement that
locks the move and its match (``seats_json`` / ``seats_from_json``): one round trip less per move.

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

import json
from datetime import datetime

from django.contrib.auth import get_user_model
from django.contrib.postgres.aggregates import JSONBAgg
from django.db import connection
from django.db.models import OuterRef, Subquery
from django.db.models.functions import JSONObject

from core.models import OutboxMessage

from .models import Event, Match, Move, MoveStatus, Notice, PlayerSettings, Seat

_SEAT_FIELDS = ("id", "match_id", "user_id", "slot", "order", "resigned", "invitation_pending", "bot_level", "bot_name")
_USER_FIELDS = {"username": "user__username", "email": "user__email"}
_SETTINGS_FIELDS = {
    "settings_id": "user__match_settings__id",
    "email_notifications": "user__match_settings__email_notifications",
    "mail_frequency": "user__match_settings__mail_frequency",
}


def seats_json() -> Subquery:
    """All seats of the move's match as one JSON array (for ``Move.objects.annotate``)."""
    fields = {name: name for name in _SEAT_FIELDS} | _USER_FIELDS | _SETTINGS_FIELDS
    rows = (
        Seat.objects.filter(match_id=OuterRef("match_id"))
        .values("match_id")
        .annotate(rows=JSONBAgg(JSONObject(**fields), order_by="slot"))
        .values("rows")
    )
    return Subquery(rows)


def seats_from_json(rows) -> list[Seat]:
    """Seat instances (with their users and mail settings cached) from ``seats_json``; other fields deferred."""
    User = get_user_model()
    seats = []
    for row in rows or []:
        seat = Seat.from_db(connection.alias, list(_SEAT_FIELDS), [row[name] for name in _SEAT_FIELDS])
        if row["user_id"] is not None:
            user = User.from_db(
                connection.alias, ["id", *_USER_FIELDS], [row["user_id"], row["username"], row["email"]]
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
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        outbox_ids = [row[0] for row in cursor.fetchall()]
    match._last_event_sequence = first + len(events) - 1
    return outbox_ids
