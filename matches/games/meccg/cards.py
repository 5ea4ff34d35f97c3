"""The Django side of the MECCG engine: card data from ``cards.Card`` rows, the deck check, deck choice.

The engine (``matches.games.meccg.engine``) stays free of Django: it gets a callable returning every card's
plain facts and a callable running the decks app's check, both handed in by ``configure()``.
"""

from __future__ import annotations

import threading

from django.utils.translation import gettext as _

from cards.models import Card
from decks.checking import check_entries
from decks.models import Deck, DeckAlignment
from decks.services import DeckError
from decks.starters import services as starter_services
from matches.errors import MatchError

from .engine import ENGINE
from .engine.cardinfo import from_record

# The engine's alignment words ↔ the decks app's values.
DECK_ALIGNMENT = {
    "hero": DeckAlignment.HERO,
    "minion": DeckAlignment.MINION,
    "fallen-wizard": DeckAlignment.FALLEN_WIZARD,
    "balrog": DeckAlignment.BALROG,
}

_lock = threading.Lock()
_cache: dict = {}


def catalogue() -> dict[str, dict]:
    """Every MECCG card's facts by code; rebuilt when the number or last id of the card rows changes."""
    rows = Card.objects.filter(game__slug="meccg")
    stamp = (rows.count(), rows.order_by("-pk").values_list("pk", flat=True).first())
    with _lock:
        if _cache.get("stamp") != stamp:
            _cache["cards"] = {
                card.code: from_record(
                    card.code, card.names or {}, card.card_type, card.alignment, card.attributes or {}, card.text_en
                )
                for card in rows.only("code", "names", "card_type", "alignment", "attributes", "text_en")
            }
            _cache["stamp"] = stamp
        return _cache["cards"]


def check_deck(deck: dict, opponent_alignment: str) -> list[str]:
    """German problem texts of the tournament deck check against the opponent's alignment (empty: legal)."""
    alignment = DECK_ALIGNMENT.get(str(deck.get("alignment", "")).casefold())
    if alignment is None:
        return [_("Die Ausrichtung des Decks ist unbekannt.")]
    try:
        result = check_entries(
            [tuple(entry) for entry in deck["entries"]],
            alignment,
            deck.get("fallen_wizard", ""),
            DECK_ALIGNMENT.get(opponent_alignment, ""),
        )
    except DeckError as exc:
        return [exc.message]
    except (TypeError, ValueError):
        return [_("Die Deckliste ist fehlerhaft.")]
    return [problem.message for problem in result.errors]


def configure() -> None:
    ENGINE.configure(catalogue, check_deck)


STARTER_PREFIX = "starter:"


def deck_action(user, deck_id) -> dict:
    """The engine action for choosing one of the user's own saved decks, or a starter deck (``starter:<slug>``,
    issue 31: a newcomer's first match needs no deck of his own)."""
    if isinstance(deck_id, str) and deck_id.startswith(STARTER_PREFIX):
        try:
            deck = starter_services.match_deck(deck_id[len(STARTER_PREFIX) :])
        except DeckError as exc:
            raise MatchError(exc.code, exc.message, {"field": "deck"}) from exc
        return {"type": "choose_deck", "deck": deck}
    try:
        deck = Deck.objects.get(pk=int(deck_id), owner=user)
    except (TypeError, ValueError, Deck.DoesNotExist) as exc:
        raise MatchError("deck_unknown", _("Wähle eines deiner gespeicherten Decks."), {"field": "deck"}) from exc
    entries = [[e.card.code, e.quantity, e.part] for e in deck.entries.select_related("card")]
    return {
        "type": "choose_deck",
        "deck": {
            "name": deck.name,
            "alignment": deck.alignment,
            "fallen_wizard": deck.fallen_wizard,
            "entries": entries,
        },
    }


def deck_choice(user, state: dict | None, seat: int | None) -> dict:
    """The deck choice form's offer: own decks with the check's verdict against the opponent's alignment (once he
    has chosen), and the starter decks."""
    opponent = ""
    if state and seat is not None:
        chosen = state["players"][1 - seat].get("alignment")
        opponent = DECK_ALIGNMENT.get(chosen, "") if chosen else ""
    return starter_services.offered(user, opponent)
