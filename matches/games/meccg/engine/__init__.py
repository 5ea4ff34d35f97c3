"""MECCG by post (issue 13). Exports ``ENGINE`` (slug ``"meccg"``).

The engine needs the card data and the deck check, both of which live on the Django side:
``matches.meccg_cards.configure()`` hands them in when the app is ready. Until then the engine
knows no cards, and every deck is refused as unknown.
"""

from .engine import MeccgEngine


def _no_cards() -> dict:
    return {}


ENGINE = MeccgEngine(_no_cards)

__all__ = ["ENGINE", "MeccgEngine"]
