"""The game's fixed names and figures: phases, alignments, starting sites, zones, limits."""

from __future__ import annotations

from matches.engine.base import gettext_noop

from .cardinfo import key

PHASES = ("untap", "organization", "long_event", "movement", "site", "end")
PHASE_NAMES = {
    "untap": gettext_noop("Enttapphase"),
    "organization": gettext_noop("Organisationsphase"),
    "long_event": gettext_noop("Langfristige-Ereignisse-Phase"),
    "movement": gettext_noop("Bewegungs-/Gefahrenphase"),
    "site": gettext_noop("Ortsphase"),
    "end": gettext_noop("Abschlussphase"),
}
ALIGNMENTS = {"hero": "hero", "minion": "minion", "fallen-wizard": "fallen-wizard", "balrog": "balrog"}
# Starting sites by alignment (Spielvorbereitung, Startort(e)); fallen wizard: also any ruin ({R}) in
# Rhudaur or Arthedain.
STARTING_SITES = {
    "hero": ["Rivendell"],
    "minion": ["Minas Morgul", "Dol Guldur"],
    "fallen-wizard": ["The White Towers"],
    "balrog": ["Moria", "The Under-gates"],
}
FW_RUIN_REGIONS = {key("Rhudaur"), key("Arthedain")}
# Card alignments whose sites a player's companies use ("Orte": each alignment its own site cards).
SITE_ALIGNMENT = {"hero": "Hero", "minion": "Minion", "fallen-wizard": "Fallen-wizard", "balrog": "Balrog"}
ZONE_NAMES = {
    "hand": gettext_noop("Hand"),
    "deck": gettext_noop("Spielstapel"),
    "discard": gettext_noop("Abwurfstapel"),
    "sideboard": gettext_noop("Reservestapel"),
    "mp": gettext_noop("Siegpunktstapel"),
    "out": gettext_noop("aus dem Spiel"),
}
COUNCIL_POINTS = 25
SHARED_KEYS = ("cards", "regions")
MAX_STARTING_ITEMS = 2
MAX_DECK_CHARACTERS = 10
