"""Moves: submitted as pending rows (the outbox of moves), resolved by the task on one of two paths.

On PostgreSQL the common case is resolved without a lock (``_resolve_unlocked``: read, run the engine, write and
commit in one statement, matches/applied_write.py); anything else, and every move on SQLite, takes the locked path
(``resolve_move``). What a path read is handed on as one value (``applied_write.ReadMove``), not as attributes on
the match."""

from __future__ import annotations

import logging
from contextlib import nullcontext
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import OuterRef, Subquery
from django.utils import timezone
from django.utils.translation import gettext as _

from core import outbox, queue, raw_rows

from .. import actions, applied_write, live, notifications
from ..applied_write import ReadMove
from ..engine.base import Text, gettext_noop
from ..errors import MatchError
from ..models import Event, Match, MatchStatus, Move, MoveStatus, Seat
from .lookups import engine_of, seat_of, seats_with_users
from .progress import (
    TURN_NOTICE,
    after_change,
    auto_moves_for_resigned,
    close,
    newly_on_turn,
    record,
    run_engine,
    schedule_computer,
    working_state,
)

logger = logging.getLogger(__name__)

# Sent by name (core.queue): matches/tasks.py calls this package, not the other way round.
RESOLVE_TASK = "matches.tasks.resolve_move"


def enqueue_resolution(move_id: int) -> bool:
    """Hand the move to the broker; a failure only logs: the pending row is swept up later."""
    try:
        queue.send(RESOLVE_TASK, (move_id,), retry=False)
    except Exception:  # the broker is down or refused: the sweep re-enqueues this move
        logger.warning("could not enqueue move %s; the sweep will retry", move_id, exc_info=True)
        return False
    return True


def submit_move(
    match: Match, user, action, version, idempotency_key: str = "", seat: Seat | None = None
) -> tuple[Move, bool]:
    """Store a pending move and enqueue its resolution after commit. Returns (move, created).
    ``seat``: the user's accepted seat if the caller has it already (the API reads it with the match)."""
    actions.check(engine_of(match.engine), action)  # the engine's schema and the byte cap, before anything is stored
    if isinstance(version, bool) or not isinstance(version, int) or version < 0:
        raise MatchError(
            "version_invalid",
            _("„version“ muss die Versionsnummer sein, die du zuletzt gesehen hast (eine ganze Zahl ≥ 0)."),
            {"field": "version"},
        )
    key = idempotency_key or ""
    if not isinstance(key, str) or len(key) > 64:
        raise MatchError(
            "idempotency_key_invalid",
            _("Der Idempotenzschlüssel ist zu lang (höchstens 64 Zeichen)."),
            {"field": "idempotency_key"},
        )
    if seat is None or seat.user_id != user.pk or seat.invitation_pending or seat.match_id != match.pk:
        seat = seat_of(match, user)
    if seat is None:
        raise MatchError("not_participant", _("Nur wer an diesem Tisch sitzt, kann ziehen."))
    if key:
        existing = Move.objects.filter(seat=seat, idempotency_key=key).first()
        if existing:
            return _same_request(existing, action, key), False
    if match.status != MatchStatus.RUNNING:
        raise MatchError(
            "match_not_running", _("Die Partie läuft nicht: %(status)s.") % {"status": match.get_status_display()}
        )
    if seat.resigned:
        raise MatchError("resigned", _("Du hast aufgegeben und ziehst nicht mehr."))
    # One INSERT: on its own it commits by itself (no BEGIN/COMMIT round trips); inside a caller's
    # transaction a savepoint keeps that transaction usable if the key was taken meanwhile.
    guard = transaction.atomic() if transaction.get_connection().in_atomic_block else nullcontext()
    try:
        with guard:
            # SQL written once per process (core/raw_rows.py): on every move the ORM's compile cost more
            move = raw_rows.insert(Move(match=match, seat=seat, action=action, version=version, idempotency_key=key))
    except IntegrityError:  # the same key sent twice at once: the other request won
        return _same_request(Move.objects.get(seat=seat, idempotency_key=key), action, key), False
    transaction.on_commit(lambda: enqueue_resolution(move.pk))
    return move, True


def _same_request(existing: Move, action, key: str) -> Move:
    """A repeated key answers with the move it stored, but only for the same action (else 409)."""
    if existing.action != action:
        raise MatchError(
            "idempotency_conflict",
            _(
                "Der Idempotenzschlüssel „%(key)s“ wurde schon für einen anderen Zug (#%(move)d) verwendet; "
                "nimm für einen neuen Zug einen neuen Schlüssel."
            )
            % {"key": key, "move": existing.pk},
            {"field": "idempotency_key", "idempotency_key": key, "move": existing.pk},
        )
    return existing


def resolve_move(move_id: int) -> str:
    """Apply a pending move to its match. Safe to run twice: anything but a pending move is left alone."""
    if settings.IS_POSTGRES and _resolve_unlocked(move_id):
        return MoveStatus.APPLIED
    with transaction.atomic():
        # One statement: the move, its seat and its match, the match row (and the move) locked. A second
        # delivery of the same task waits here and then reads the move's new status (PostgreSQL re-reads
        # the locked rows once the lock is granted).
        read = applied_write.lock_and_read(move_id) if settings.IS_POSTGRES else _lock_and_read(move_id)
        if read is None:
            return "missing"
        move, match = read.move, read.match
        if move.status != MoveStatus.PENDING:
            return move.status
        if match.status != MatchStatus.RUNNING:
            close(move, MoveStatus.REJECTED, "match_not_running", Text(gettext_noop("Die Partie läuft nicht mehr.")))
            return move.status
        if move.version != match.version:
            close(
                move,
                MoveStatus.STALE,
                "stale",
                Text(
                    gettext_noop("Der Zug galt für Version %(sent)d, die Partie ist schon bei Version %(now)d."),
                    {"sent": move.version, "now": match.version},
                ),
            )
            return move.status
        _apply(read)
        return move.status


def _lock_and_read(move_id: int) -> ReadMove | None:
    """The locked read with the ORM (SQLite): the move, its seat and match, and the last event number in one
    statement; the seats are read when needed. PostgreSQL runs the same in one precompiled statement, with all
    seats and their users (applied_write.lock_and_read)."""
    move = (
        Move.objects.select_related("seat", "match")
        .select_for_update(of=("self", "match"))
        .annotate(last_event=_LAST_EVENT)
        .filter(pk=move_id)
        .first()
    )
    return None if move is None else ReadMove(move, last_event=move.last_event or 0)


def _resolve_unlocked(move_id: int) -> bool:
    """The common case in two round trips and no explicit transaction: read without a lock, run the engine,
    then write and commit in one statement that first locks the match and the move and checks they are
    still as read (matches/applied_write.py). True if the move is applied.

    Anything else is left to the locked path, which decides as before: a move not pending, a stale
    version, an illegal move or an engine error, a game that ends, a resigned seat, and a write that found
    the match or the move changed meanwhile or an event number taken meanwhile (then it wrote nothing)."""
    read = applied_write.read(move_id)
    if read is None or read.move.status != MoveStatus.PENDING:
        return False
    move, match, seats = read.move, read.match, read.seats
    if match.status != MatchStatus.RUNNING or move.version != match.version or any(s.resigned for s in seats):
        return False
    game = engine_of(match.engine)
    before = set(game.current_seats(match.state))
    try:
        outcome = game.apply(working_state(match, read), move.seat.order, move.action)
    except Exception:  # illegal, or an engine bug: the locked path runs it again, rejects it and logs
        return False
    if game.result(outcome[0]) is not None:
        return False
    # Inside a caller's transaction (tests) a failed statement must not break it: a savepoint then.
    guard = transaction.atomic() if transaction.get_connection().in_atomic_block else nullcontext()
    try:
        with guard:
            return _apply_in_one_statement(read, game, outcome, before, seats)
    except IntegrityError:  # an event number taken meanwhile (a framework event): nothing was written
        return False


_LAST_EVENT = Subquery(Event.objects.filter(match_id=OuterRef("match_id")).order_by("-sequence").values("sequence")[:1])


def _apply(read: ReadMove) -> None:
    """Run one move through the engine on the locked match; state untouched unless it is legal."""
    move, match = read.move, read.match
    game = engine_of(match.engine)
    before = set(game.current_seats(match.state))
    outcome = run_engine(match, game, move, read)
    if outcome is None:
        return
    seats = seats_with_users(match, read)
    state = outcome[0]
    if settings.IS_POSTGRES and not any(s.resigned for s in seats) and game.result(state) is None:
        if not _apply_in_one_statement(read, game, outcome, before, seats):
            raise RuntimeError(f"move {move.pk}: the locked match changed under its lock")
        return
    record(match, move, outcome, read)
    auto_moves_for_resigned(match, game, seats, read)
    after_change(match, game, before, seats, actor_id=move.seat.user_id)


def _apply_in_one_statement(read: ReadMove, game, outcome, before: set[int], seats: list[Seat]) -> bool:
    """The common case (the game goes on, nobody resigned) on PostgreSQL: the same rows as record +
    after_change + notify_turn write, in one statement (matches/applied_write.py). False, with nothing
    written, if the match or the move is no longer as read (only possible when read without a lock)."""
    move, match = read.move, read.match
    state, events = outcome
    now = timezone.now()
    match.state, match.version, match.updated_at = state, match.version + 1, now
    move.status, move.applied_version, move.resolved_at = MoveStatus.APPLIED, match.version, now
    after = set(game.current_seats(state))
    if after != before:
        match.turn_started_at, match.reminded_at = now, None
    users = newly_on_turn(seats, after - before)
    text = Text(TURN_NOTICE)
    outbox_ids = applied_write.write_applied(
        match,
        move,
        events,
        now,
        first_event=read.last_event + 1,
        turn_changed=after != before,
        notice_users=[u.pk for u in users],
        notice_kind="turn",
        notice_text=text.to_json(),
        mail_kind=notifications.MAIL_KIND,
        mail_users=notifications.mail_now([u for u in users if u.pk != move.seat.user_id]),  # not the mover
    )
    if outbox_ids is None:
        return False
    read.last_event += len(events)
    if outbox_ids:
        outbox.hand_over_after_commit(outbox_ids, marked=True)
    live.changed(match.pk)
    schedule_computer(match, game, seats)
    return True


def sweep_pending_moves(older_than_seconds: float = 5.0) -> int:
    """Re-enqueue moves still pending after a while (the broker was down, or a worker died)."""
    cutoff = timezone.now() - timedelta(seconds=older_than_seconds)
    ids = list(
        Move.objects.filter(status=MoveStatus.PENDING, created_at__lte=cutoff).values_list("pk", flat=True)[:1000]
    )
    return sum(1 for move_id in ids if enqueue_resolution(move_id))
