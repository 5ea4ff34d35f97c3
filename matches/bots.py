"""Computer seats: their turn is computed from the seat's view and submitted as an ordinary move.

The framework knows no game: it asks the game's plug-in (``GameConfig.bot_path``) for the decision
function ``choose(view, level, seed)`` and hands it ``engine.view(state, seat)`` only, never the state.
The move it returns goes the same way as a person's: a pending ``Move`` with the version and an
idempotency key, resolved by ``services.resolve_move`` after commit, logged, replayable from the seed.
The player's own randomness comes from a seed derived from the match seed and the move number
(``rng.derive``), so its choice can be reproduced without giving it the engine's generator.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone

from . import plugins, services
from .engine import registry, rng
from .models import Match, MatchStatus, Move, MoveStatus, Seat

logger = logging.getLogger(__name__)

STUCK_AFTER = timedelta(seconds=30)  # a computer turn not played after this is sent again by the sweep


def seed_for(match: Match, seat: Seat) -> int:
    """The computer player's seed for this move: match seed + move number + seat, through a hash."""
    return rng.derive(match.seed, "computer", match.version, seat.order)


def idempotency_key(version: int) -> str:
    return f"computer-{version}"


def _waiting_computers(match: Match, game) -> list[Seat]:
    current = game.current_seats(match.state)
    seats = Seat.objects.filter(match=match, order__in=current, resigned=False).exclude(bot_level="")
    return list(seats.order_by("order"))


def decide(match: Match, seat: Seat) -> dict:
    """The computer's action for ``seat`` from its view; the engine's default action if the player fails."""
    game = registry.get(match.engine)
    config = plugins.game(match.engine)
    choose = config.bot() if config else None
    view = game.view(match.state, seat.order)
    try:
        if choose is None:
            raise LookupError(f"no computer player for {match.engine}")
        return choose(view, seat.bot_level, seed_for(match, seat))
    except Exception:  # a bug in the player must not stop the match: the rules' default move instead
        logger.exception("computer player failed in match %s, seat %s", match.pk, seat.order)
        return game.default_action(match.state, seat.order)


def play_computer_turn(match_id: int, version: int) -> str:
    """Compute and submit the moves of the computer seats on turn at ``version``. Safe to run twice."""
    match = Match.objects.filter(pk=match_id).first()
    if match is None or match.status != MatchStatus.RUNNING:
        return "not_running"
    if match.version != version:
        return "stale"
    game = registry.get(match.engine)
    submitted = 0
    for seat in _waiting_computers(match, game):
        key = idempotency_key(version)
        if Move.objects.filter(seat=seat, idempotency_key=key).exists():
            continue  # redelivered: this turn is already submitted
        action = decide(match, seat)  # outside any lock: thinking must not hold the match row
        try:
            with transaction.atomic():
                move = Move.objects.create(match=match, seat=seat, action=action, version=version, idempotency_key=key)
                transaction.on_commit(lambda move_id=move.pk: services.enqueue_resolution(move_id))
        except IntegrityError:  # the same turn submitted at once by a redelivered task
            continue
        submitted += 1
    return f"submitted {submitted}"


def sweep_computer_turns(now=None) -> int:
    """Send again the turns of computer seats that nobody played (the broker lost the task)."""
    now = now or timezone.now()
    matches = Match.objects.filter(
        status=MatchStatus.RUNNING, turn_started_at__lte=now - STUCK_AFTER, seats__bot_level__gt=""
    ).distinct()
    sent = 0
    for match in matches[:500]:
        game = registry.get(match.engine)
        if game is None or not _waiting_computers(match, game):
            continue
        if Move.objects.filter(match=match, status=MoveStatus.PENDING).exists():
            continue  # the move sweep takes care of it
        if Move.objects.filter(match=match, idempotency_key=idempotency_key(match.version)).exists():
            continue
        sent += services.enqueue_computer_turn(match.pk, match.version)
    return sent
