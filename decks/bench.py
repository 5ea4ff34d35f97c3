"""Bench cases: checking a 100-card MECCG deck once the cards are loaded (`make bench`)."""

from pathlib import Path

from django.db import connection
from django.test.utils import CaptureQueriesContext

from .formats.meccg import textformat
from .formats.meccg.check import check
from .formats.meccg.model import DeckDescription, Entry
from .selectors import card_index

# The bench's own deck (not the tests' samples, which may change or be absent where the app is deployed).
SAMPLE = Path(__file__).resolve().parent / "bench_deck.txt"


def _hundred_card_deck() -> DeckDescription:
    index = card_index()
    parsed = textformat.parse(SAMPLE.read_text(encoding="utf-8"), index, "Hero")
    assert parsed.ok, [e.message for e in parsed.errors]
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
