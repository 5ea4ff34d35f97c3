"""Starter decks on the Django side (issue 31): copying one into a user's decks (the deck editor's "take over"), the
deck a match's deck choice sends, and the check's verdict on a user's decks before one is chosen for a match."""

from __future__ import annotations

from django.utils.translation import gettext as _

from decks import checking, services
from decks.models import Deck

from . import STARTERS, entries, get


class UnknownStarter(services.DeckError):
    pass


def _starter(slug: str):
    starter = get(slug)
    if starter is None:
        raise UnknownStarter(
            "unknown_starter",
            _("Dieses Startdeck gibt es nicht. Es gibt: %(slugs)s.") % {"slugs": ", ".join(s.slug for s in STARTERS)},
            {"field": "starter"},
        )
    return starter


def copy_to(user, slug: str) -> Deck:
    """A copy of the starter deck in the user's own decks, to change and play."""
    starter = _starter(slug)
    return services.create_deck(
        user,
        name=_(starter.name),
        alignment=starter.alignment,
        fallen_wizard=starter.fallen_wizard,
        description=_(starter.description),
        entries=[tuple(entry) for entry in entries(slug)],
    )


def match_deck(slug: str) -> dict:
    """The deck a match's deck choice sends for a starter deck (as for a saved deck: name, alignment, entries)."""
    starter = _starter(slug)
    return {
        "name": _(starter.name),
        "alignment": starter.alignment,
        "fallen_wizard": starter.fallen_wizard,
        "entries": entries(slug),
    }


def offered(user, opponent_alignment: str = "") -> dict:
    """What the deck choice of a match offers: the user's decks with the check's verdict (against the opponent's
    alignment when he has chosen) and the starter decks."""
    own = []
    for deck in Deck.objects.filter(owner=user).order_by("name") if user.is_authenticated else ():
        result = checking.check_saved(deck, opponent_alignment)
        own.append({"deck": deck, "legal": result.legal})
    starters = [{"slug": s.slug, "name": _(s.name), "description": _(s.description)} for s in STARTERS]
    return {"own": own, "starters": starters}
