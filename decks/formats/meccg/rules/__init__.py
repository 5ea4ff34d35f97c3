"""The MECCG deck-construction rules of rulebook 003 ("Deckvorbereitung" and friends).

Each rule has an id, a German title, the section of the book it comes from
(heading + parent heading, resolved to a link at render time) and a severity. Its
function gets a ``Context`` over the deck and yields ``(message, cards)`` pairs.
Readings of ambiguous passages are marked "Reading:" beside the rule.

One module per part of the book; importing them in the book's order registers the rules in that order
(``RULES``), which is the order the deck check runs and shows them.
"""

# isort: off
from . import general, characters, play_deck, sites, sideboard  # noqa: F401  (registers the rules, in this order)

# isort: on
from .play_deck import creature_count
from .registry import RULES, Context, Rule

RULES_BY_ID = {r.id: r for r in RULES}

__all__ = ["RULES", "RULES_BY_ID", "Context", "Rule", "creature_count"]
