"""MECCG writes outside the engine: choosing a saved deck for a match."""

from __future__ import annotations

from django.utils.translation import gettext as _

from matches import services
from matches.errors import MatchError
from matches.models import Match, Move

from . import cards


def choose_deck(match: Match, user, deck_id, version: int) -> Move:
    """Submit the deck choice as a move; the engine runs the deck check against the opponent's alignment."""
    if match.engine != "meccg":
        raise MatchError("not_meccg", _("Decks wählt man nur in MECCG-Partien."), {"field": "deck"})
    action = cards.deck_action(user, deck_id)
    move, _created = services.submit_move(match, user, action, version)
    move.refresh_from_db()
    return move
