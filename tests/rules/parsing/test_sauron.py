import pytest

from rules.parsing import sauron
from rules.parsing.notes import strip_notes

from .checks import all_bodies, check_book, child_headings, section, top_headings
from .conftest import seed_text


@pytest.fixture(scope="module")
def book():
    return sauron.parse(seed_text("sauron"))


def test_chapters(book):
    assert top_headings(book) == [
        "Einleitung",
        "Spielmaterial",
        "Spielüberblick",
        "Spielvorbereitungen",
        "Der Sauron-Spieler",
        "Die neuen Sauron-Ereigniskärtchen",
        "Der Schwarze Reiter",
        "Lichtplättchen",
        "Neue Karten",
        "Ende eines Abenteuers",
        "Spielende und Wertung",
        "Spezielle Spielsituationen",
        "Spielvarianten",
        "Zusätzliches Spielmaterial für Spielvarianten",
    ]
    assert child_headings(book, "Der Sauron-Spieler") == [
        "Der Sauron-Spieler wird aktiviert – vor dem Zug jedes Hobbit-Spielers",
        "Der Sauron-Spieler wird aktiviert, sobald ein Spieler würfeln muss – dies ersetzt das Würfeln",
        "Ausnahmen",
    ]
    assert child_headings(book, "Zusätzliches Spielmaterial für Spielvarianten") == [
        "Das Originalspiel mit dem Stoffbeutel",
        "Das Spiel mit den dunklen Ereigniskärtchen",
        "Das Spiel mit den Sonderkarten",
    ]
    check_book(book)


def test_named_cards_are_subsections(book):
    assert child_headings(book, "Neue Karten") == ["6 Lichtkarten", "5 Gefährtenkarten", "Gandalfkarten"]
    assert child_headings(book, "6 Lichtkarten") == ["Narya, Nenia, Vilya", "Elendils Stern", "Gwaihir", "Roter Pfeil"]
    assert child_headings(book, "Gandalfkarten")[2] == (
        "Gandalf – Unbestechlichkeit (Karte aus der Erweiterung „Die Feinde“)"
    )
    assert child_headings(book, "Das Spiel mit den Sonderkarten") == ["Der Eine Ring", "Wachsamer Frieden"]
    merry = section(book, "Merry – Gefährten")
    assert (
        merry.body
        == "Merry darf diese Karte einsetzen, um einmal zu **verhindern, dass sich der Schwarze Reiter bewegt**."
    )
    assert child_headings(book, "Der Schwarze Reiter") == ["Wenn der Hobbit-Spieler keine Karten ausspielt"]


def test_body_markdown(book):
    overview = section(book, "Spielüberblick").body
    assert "- Ein Spieler übernimmt die Rolle Saurons und erhält:\n    - 1 Sauron-Charakterkarte" in overview
    # a paragraph split across a blank line is joined again
    assert "Genau wie nach dem Aufdecken eines Ereigniskärtchens" in all_bodies(book)
    assert "**Beispiel:** Der Hobbit-Spieler muss entweder" in all_bodies(book)
    assert "#" not in all_bodies(book)
    # a list item without a full stop does not swallow the next paragraph
    assert "statt des Würfels\n\nWenn der Sauron-Spieler aktiviert wird" in section(book, "Der Sauron-Spieler").body


def test_left_out_and_repaired(book):
    text = all_bodies(book)
    assert "Iain Adams" not in text and "Sonnenaufgang" not in text and "Made in Germany" not in text
    assert len(book.omitted) == 3
    opening = section(book, "Einleitung").body
    assert strip_notes(opening).startswith("Zweitausend Jahre sind vergangen")
    # the repair is not silent: a note after the corrected words quotes the extraction
    assert opening.startswith("Zweitausend Jahre⟦Anm: Korrigiert aus „zweitausend Jahre“")
    assert "Hobbifigur" not in text and "Abenteurers" not in text and "$\\square$" not in text and "■" not in text
    assert {(r.before, r.after) for r in book.repairs} >= {
        ("Hobbifiguren", "Hobbitfiguren"),
        ("eines Abenteurers", "eines Abenteuers"),
    }


def test_terms(book):
    terms = {t.term: t for t in book.terms}
    assert terms["Schwarzer Reiter"].section_heading == "Der Schwarze Reiter"
    assert terms["Schwarzer Reiter"].definition.startswith("Der Schwarze Reiter stellt eine neue Bedrohung")
    assert terms["Lichtplättchen"].section_heading == "Lichtplättchen"
    assert "Nazgûlkarten" in terms["Nazgûlkarte"].synonyms
