"""Writes for matches, by concern: lifecycle (create, invite, join, start, abandon, resign), moves (submit and
resolve), posts (the thread), deadlines; progress holds what every change runs after it (the automatic moves,
the turn clock and notices, the computer's turn, the end).

Every write runs in one transaction with the match row locked (``select_for_update``); the move
resolution is the only place that calls ``engine.apply``. A pending ``Move`` row is the outbox: it
is enqueued after commit, and a sweep re-enqueues what the broker did not take.

Callers use this package's names (``services.create_match`` …); the modules are its inside.
"""

from .deadlines import REMINDER_AT, check_deadlines
from .events import framework_event
from .lifecycle import (
    COLOURS,
    COMPUTER_NAMES,
    MAX_TURN_DAYS,
    abandon,
    accept_invitation,
    create_match,
    decline_invitation,
    invite,
    join,
    leave,
    resign,
    start,
)
from .moves import RESOLVE_TASK, enqueue_resolution, resolve_move, submit_move, sweep_pending_moves
from .posts import MAX_POST, post
from .progress import COMPUTER_TASK, MAX_AUTO_MOVES, TURN_NOTICE, enqueue_computer_turn

__all__ = [
    "COLOURS",
    "COMPUTER_NAMES",
    "COMPUTER_TASK",
    "MAX_AUTO_MOVES",
    "MAX_POST",
    "MAX_TURN_DAYS",
    "REMINDER_AT",
    "RESOLVE_TASK",
    "TURN_NOTICE",
    "abandon",
    "accept_invitation",
    "check_deadlines",
    "create_match",
    "decline_invitation",
    "enqueue_computer_turn",
    "enqueue_resolution",
    "framework_event",
    "invite",
    "join",
    "leave",
    "post",
    "resign",
    "resolve_move",
    "start",
    "submit_move",
    "sweep_pending_moves",
]
