from pathlib import Path

import pytest

from bench.cases import decks as bench

pytestmark = pytest.mark.django_db


def test_bench_has_its_own_hundred_card_deck(meccg_cards):
    # The bench must not depend on the tests folder (not shipped everywhere the app runs).
    app_dir = Path(bench.__file__).resolve().parent
    assert bench.SAMPLE.resolve().is_relative_to(app_dir)
    assert bench.SAMPLE.is_file()
    cases = dict(bench.cases())
    assert next(iter(cases)) == "MECCG-Deckprüfung (100 Karten, 0 Abfragen)"
    assert "Import einer Liste (100 Zeilen, lesen + prüfen)" in cases
    assert "1.000 unbekannte Zeilen (Vorschläge für 50)" in cases
    for run in cases.values():
        run()
