"""How a match goes on after a change: an engine run recorded, automatic moves for resigned seats, the turn
clock, the turn notices, the computer's turn, the end of the game."""

from __future__ import annotations

import copy
import json
import logging

from django.db import transaction
from django.utils import timezone

from core import queue

from .. import live
from ..applied_write import ReadMove
from ..engine.base import IllegalAction, Text, gettext_noop
from ..models import Match, MatchStatus, Move, MoveStatus, Seat
from ..notifications import notify
from ..ratings import update_for as update_ratings
from .events import add_events

logger = logging.getLogger(__name__)

# Sent by name (core.queue): matches/tasks.py calls this package, not the other way round.
COMPUTER_TASK = "matches.tasks.play_computer_turn"
MAX_AUTO_MOVES = 500
TURN_NOTICE = gettext_noop("Du bist am Zug.")


def close(move: Move, status: str, code: str, text: Text) -> None:
    move.status, move.error_code, move.error = status, code, text.to_json()
    move.resolved_at = timezone.now()
    move.save(update_fields=["status", "error_code", "error", "resolved_at"])
    live.changed(move.match_id)  # the mover's page shows why


def write_match(match: Match, *fields: str) -> None:
    """Write only what a move changes (no full-row save): state, version, the given fields, updated_at."""
    match.updated_at = timezone.now()
    values = {name: getattr(match, name) for name in ("state", "version", "updated_at", *fields)}
    Match.objects.filter(pk=match.pk).update(**values)


def apply_one(match: Match, game, move: Move, read: ReadMove | None = None) -> bool:
    outcome = run_engine(match, game, move, read)
    if outcome is None:
        return False
    record(match, move, outcome, read)
    return True


def run_engine(match: Match, game, move: Move, read: ReadMove | None = None):
    """(new state, events) of a legal move; None after closing an illegal one as rejected."""
    try:
        return game.apply(working_state(match, read), move.seat.order, move.action)
    except IllegalAction as exc:
        close(move, MoveStatus.REJECTED, exc.code, exc.text)
    except Exception:  # an engine bug or a malformed action it did not foresee: reject, keep the state
        logger.exception("engine %s failed on move %s", match.engine, move.pk)
        close(
            move, MoveStatus.REJECTED, "engine_error", Text(gettext_noop("Dieser Zug konnte nicht ausgewertet werden."))
        )
    return None


def working_state(match: Match, read: ReadMove | None = None):
    """A copy of the match's state for the engine to change: the stored JSON as read (applied_write), good
    once, decoded afresh (cheaper than a deepcopy), or else a deep copy."""
    text = read.state_text if read is not None else None
    if text is None:
        return copy.deepcopy(match.state)
    read.state_text = None  # the state changes with this move: the text read no longer says it
    return json.loads(text)


def record(match: Match, move: Move, outcome, read: ReadMove | None = None) -> None:
    """Write an applied move with the ORM: the move's status, the new state and version, its events."""
    state, events = outcome
    match.state = state
    match.version += 1
    move.status, move.applied_version, move.resolved_at = MoveStatus.APPLIED, match.version, timezone.now()
    Move.objects.filter(pk=move.pk).update(
        status=move.status, applied_version=move.applied_version, resolved_at=move.resolved_at
    )
    add_events(match, events, move, read)


def auto_moves_for_resigned(match: Match, game, seats: list[Seat], read: ReadMove | None = None) -> None:
    """Seats that resigned in a game that goes on are moved by the engine's default action."""
    resigned = {s.order: s for s in seats if s.resigned}
    for _step in range(MAX_AUTO_MOVES):
        if not resigned or game.result(match.state) is not None:
            return
        waiting = [s for s in game.current_seats(match.state) if s in resigned]
        if not waiting:
            return
        seat = resigned[waiting[0]]
        action = game.default_action(match.state, seat.order)
        move = Move.objects.create(match=match, seat=seat, action=action, version=match.version, automatic=True)
        if not apply_one(match, game, move, read):
            return


def after_change(match: Match, game, before: set[int], seats: list[Seat], actor_id: int | None = None) -> None:
    result = game.result(match.state)
    if result is not None:
        finish(match, result.to_json(), seats)
        return
    after = set(game.current_seats(match.state))
    if after != before:
        match.turn_started_at = timezone.now()
        match.reminded_at = None
        write_match(match, "turn_started_at", "reminded_at")
    else:
        write_match(match)
    notify_turn(match, game, before, seats, actor_id)
    schedule_computer(match, game, seats)


def schedule_computer(match: Match, game, seats: list[Seat]) -> None:
    """A computer seat on turn plays through the same pipeline: its task is sent after commit."""
    current = set(game.current_seats(match.state))
    if any(s.order in current and not s.resigned and s.bot_level for s in seats):
        match_id, version = match.pk, match.version
        transaction.on_commit(lambda: enqueue_computer_turn(match_id, version))


def enqueue_computer_turn(match_id: int, version: int) -> bool:
    """Hand a computer seat's turn to the broker (eager: play it now); a failure only logs (swept later)."""
    try:
        queue.send(COMPUTER_TASK, (match_id, version), retry=False)
    except Exception:
        logger.warning("could not play the computer's turn in match %s", match_id, exc_info=True)
        return False
    return True


def finish(match: Match, result: dict, seats: list[Seat]) -> None:
    match.status = MatchStatus.FINISHED
    match.result = result
    match.turn_started_at = None
    write_match(match, "status", "result", "turn_started_at")
    update_ratings(match)  # a rated match counts once (matches/ratings.py)
    users = [s.user for s in seats if s.user]
    notify(match, users, "finished", Text(gettext_noop("Die Partie ist beendet.")))


def newly_on_turn(seats: list[Seat], new: set[int]) -> list:
    """The users to tell "Du bist am Zug": those whose seat came on turn, not resigned, not a computer."""
    return [s.user for s in seats if s.order in new and not s.resigned and s.user]


def notify_turn(match: Match, game, before: set[int], seats: list[Seat], actor_id: int | None = None) -> None:
    new = set(game.current_seats(match.state)) - before
    if not new:
        return
    users = newly_on_turn(seats, new)
    notify(match, users, "turn", Text(TURN_NOTICE), actor_id=actor_id)
