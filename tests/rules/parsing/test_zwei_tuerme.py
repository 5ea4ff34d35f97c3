import pytest

from rules.parsing import zwei_tuerme
from rules.parsing.base import EXAMPLE

from .checks import all_bodies, check_book, child_headings, section, top_headings
from .conftest import seed_text


@pytest.fixture(scope="module")
def book():
    return zwei_tuerme.parse(seed_text("zwei_tuerme"))


def test_chapters(book):
    assert top_headings(book) == [
        "Spielidee und Spielziel",
        "Spielinhalt",
        "Spielvorbereitung",
        "Ablauf einer Spielrunde",
        "Spielende",
        "Besondere Regel beim Spiel zu zweit",
        "Spielvariante",
    ]
    assert child_headings(book, "Ablauf einer Spielrunde") == [
        "1. Orkkarte aufdecken",
        "2. Heldenkarte spielen",
        "3. Heldenkarte nachziehen",
        "4. Orks auswerten",
    ]
    assert child_headings(book, "2. Heldenkarte spielen") == ["Die Bewegung der Figuren", "Schattenfell", "Die Zange"]
    check_book(book)


def test_examples_are_subsections_and_text_after_them_returns_to_the_parent(book):
    example = section(book, "Beispiel für eine Zange")
    assert example.kind == EXAMPLE and example.body.startswith("Spieler Blau hat die Eomer-8-Karte")
    assert section(book, "Die Zange").children == [example]
    end = section(book, "Spielende")
    assert [c.kind for c in end.children] == [EXAMPLE]
    assert "2\\. Die Ent-Figur erreicht das letzte Feld" in end.body  # after the example, still the rule
    assert "Ent-Figur" not in end.children[0].body


def test_lists_and_paragraphs(book):
    body = section(book, "2. Heldenkarte spielen").body
    assert body.count("\n- ") == 4 and "\n    - Die Figur kann diagonal ziehen" in body
    assert "♦" not in all_bodies(book)
    assert "**Achtung:** Eine Zange ist nur in der Schmalrichtung" in section(book, "Die Zange").body


def test_terms(book):
    terms = {t.term: t for t in book.terms}
    assert {"Zange", "Schattenfell", "Ent", "Orkkette"} <= terms.keys()
    assert terms["Zange"].section_heading == "Die Zange"
    assert "bilden die beiden Figuren zusammen eine Zange" in terms["Zange"].definition
    assert terms["Ent"].section_heading == "Die Ents"


def test_credits_left_out_and_typo_repaired(book):
    text = all_bodies(book)
    assert "Postfach 106011" not in text and "Art.-Nr" not in text
    assert any("Impressum" in o for o in book.omitted)
    assert "Schattenfeld" not in text
    assert [(r.line, r.after) for r in book.repairs] == [(96, "Sprung mit Schattenfell")]
