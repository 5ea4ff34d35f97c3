"""Bench cases: checking a 100-card MECCG deck once the cards are loaded (`make bench`)."""

from pathlib import Path

from django.db import connection
from django.test.utils import CaptureQueriesContext

from .formats.meccg import textformat
from .formats.meccg.check import check
from .formats.meccg.model import DeckDescription, Entry
from .selectors import card_index

SAMPLE = Path(__file__).resolve().parent.parent / "tests" / "decks" / "data" / "hero.txt"
FILLER = "\n# Reservestapel\n3 Kampf der Mächte\n3 Waffenkammer\n3 Kräuterkunde\n2 Feuerwerk\n"


def _hundred_card_deck() -> DeckDescription:
    index = card_index()
    parsed = textformat.parse(SAMPLE.read_text(encoding="utf-8") + FILLER, index, "Hero")
    entries = [Entry(e.card, e.quantity, e.part) for e in parsed.merged()]
    return DeckDescription(entries, "Hero", "", "Minion")


def cases():
    deck = _hundred_card_deck()
    total = sum(e.quantity for e in deck.entries)

    def run_check():
        with CaptureQueriesContext(connection) as queries:
            check(deck)
        assert len(queries) == 0, "the check must not query the database"

    return [(f"MECCG-Deckprüfung ({total} Karten, 0 Abfragen)", run_check)]
