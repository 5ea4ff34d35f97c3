"""Bench cases (`make bench`): the check of a 100-card deck, the import of a 100-line paste, 1,000 unknown lines."""

from pathlib import Path

from django.db import connection
from django.test.utils import CaptureQueriesContext

from decks.formats.meccg import textformat
from decks.formats.meccg.check import check
from decks.formats.meccg.model import DeckDescription, Entry
from decks.selectors import card_index
from decks.services import parse_text

# The bench's own deck (not the tests' samples, which may change or be absent where the app is deployed).
SAMPLE = Path(__file__).resolve().parent / "deck.txt"


def _hundred_card_deck() -> DeckDescription:
    index = card_index()
    parsed = textformat.parse(SAMPLE.read_text(encoding="utf-8"), index, "Hero")
    assert parsed.ok, [e.message for e in parsed.errors]
    entries = [Entry(e.card, e.quantity, e.part) for e in parsed.merged()]
    return DeckDescription(entries, "Hero", "", "Minion")


def _one_copy_per_line(text: str) -> str:
    """The bench deck written "1 Name" per copy: a paste of about 100 lines."""
    out = []
    for line in text.splitlines():
        quantity, rest = textformat.split_quantity(line.strip())
        if quantity and not line.startswith("#"):
            out.extend([f"1 {rest}"] * quantity)
        else:
            out.append(line)
    return "\n".join(out)


def cases():
    deck = _hundred_card_deck()
    total = sum(e.quantity for e in deck.entries)

    def run_check():
        with CaptureQueriesContext(connection) as queries:
            check(deck)
        assert len(queries) == 0, "the check must not query the database"

    text = _one_copy_per_line(SAMPLE.read_text(encoding="utf-8"))
    lines = sum(1 for line in text.splitlines() if line.strip() and not line.startswith("#"))
    # 1,000 lines no card has as a name, each a near miss of a real one (the costly case for suggestions).
    # Twice the paste limit: measured on the parser itself, to show its work stays bounded beyond it.
    unknown = "\n".join(f"Gandalv der Graue {i}" for i in range(1000))
    index = card_index()

    def run_import():
        parsed = parse_text(text, "Hero")
        assert parsed.ok
        check(DeckDescription([Entry(e.card, e.quantity, e.part) for e in parsed.merged()], "Hero"))

    def run_unknown():
        parsed = textformat.parse(unknown, index, "Hero")
        assert len(parsed.errors) == 1000

    return [
        (f"MECCG-Deckprüfung ({total} Karten, 0 Abfragen)", run_check),
        (f"Import einer Liste ({lines} Zeilen, lesen + prüfen)", run_import),
        ("1.000 unbekannte Zeilen (Vorschläge für 50)", run_unknown),
    ]
