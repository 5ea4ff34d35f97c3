import json

import pytest

from rules.parsing import schatten_der_macht
from rules.parsing.base import SUMMARY
from rules.parsing.notes import NOTE_RE, strip_notes

from .checks import all_bodies, check_book, child_headings, section, top_headings
from .conftest import seed_text


@pytest.fixture(scope="module")
def book():
    return schatten_der_macht.parse(seed_text("schatten_der_macht"))


def shown(book, heading: str, nth: int = 0) -> str:
    """A section's text as the page shows it, without the editorial notes."""
    return strip_notes(section(book, heading, nth).body, gaps=None)


def notes_of(book) -> list[tuple[str, str]]:
    return [(m["kind"], m["note"]) for s, _ in book.walk() for m in NOTE_RE.finditer(s.body)]


def test_chapters(book):
    assert top_headings(book) == [
        "Einleitung",
        "Spielziel",
        "Spielmaterial",
        "Vorbereitung",
        "Die Spielrunde",
        "Ende des Spiels & Wertung",
        "Sonderregeln",
        "Erläuterung von Kartentexten",
    ]
    assert child_headings(book, "Die Spielrunde") == [
        "Rundenablauf",
        "Phase 1: Nachschubphase",
        "Phase 2: Aktionsphase",
        "Phase 3: Entscheidungsphase",
    ]
    assert child_headings(book, "Aktionen") == [
        "Abenteurer anheuern",
        "Schiffe bauen",
        "Abenteurer/Schiffe bewegen",
        "Organisationen erwerben",
        "Organisationen stärken",
        "Typen von Organisationen",
        "Helden nutzen",
        "Passen",
    ]
    assert child_headings(book, "Abenteurer/Schiffe bewegen") == [
        "Unwegsame Regionen",
        "Rückzug von Abenteurern",
        "Bewegung von Schiffen",
        "Bewegung über Schiffe",
        "Aktion: Abenteurer / Schiffe bewegen",
    ]
    check_book(book)


def test_card_explanations(book):
    assert child_headings(book, "Erläuterung von Kartentexten") == ["Vorteilsorganisationen", "Heldenquesten"]
    organisations = section(book, "Erläuterung von Kartentexten").children[0]
    assert [c.heading for c in organisations.children] == [
        "Bund des Weissen Pentagramms",
        "Grosse graue Gilde des Geistes",
        "Qabalya",
        "Rohalswächter",
    ]
    heroes = section(book, "Erläuterung von Kartentexten").children[1]
    assert heroes.heading == "Heldenquesten" and len(heroes.children) == 18
    khydaka = next(c for c in heroes.children if c.heading == "Khydaka Eisblüte")
    assert "Um die Bedingung für den Erwerb der Heldenqueste zu erfüllen" in khydaka.body  # second paragraph stays


def test_ocr_word_repairs_recorded(book):
    text = all_bodies(book) + " ".join(s.heading for s, _ in book.walk())
    for wrong in ("Grophäen", "Nandkarten", "Wissionsmarken", "Startspieler-Warke", "Heldenaueste", "Bedinung"):
        assert wrong not in text
    repairs = {(r.line, r.before, r.after) for r in book.repairs}
    assert (752, "Grophäen", "Trophäen") in repairs
    assert (288, "Nandkarten", "Handkarten") in repairs
    assert (93, "Wissionsmarken", "Missionsmarken") in repairs
    assert "Handkarten nachziehen" in child_headings(book, "Phase 1: Nachschubphase")
    # the reviewed table lists every word repair that was applied
    table = {w[0] for w in json.loads(schatten_der_macht.REPAIRS_FILE.read_text(encoding="utf-8"))["words"]}
    assert {"Grophäen", "Nandkarten"} <= table


def test_lost_icons_no_stray_emoji(book):
    text = all_bodies(book)
    assert not schatten_der_macht.ICON_RE.search(text)
    for junk in (
        "🚫",
        "💟",
        "🔌",
        "★",
        "②",
        "<table-cell-columns>",
        "\\chi",
        "核树",
        "O-Ressourcen",
        "Obezahlen",
        "()",
    ):
        assert junk not in text
    overview = shown(book, "Übersicht")
    assert "- Abenteurer anheuern (mit [Schwert & Stab])" in overview
    assert "- Organisationen erwerben (mit [Gold])" in overview
    ships = shown(book, "Schiffe bauen")
    assert "Das wird ihn 3 [Anker] kosten" in ships and "4 [Anker], wovon einer verfällt" in ships
    assert any(r.line == 326 and r.after == "Schiffe kaufen (mit [Anker])" for r in book.repairs)


def test_tables_captions_and_boxes(book):
    payment = shown(book, "Bezahlen von Aktionen")
    assert "| Gesamtzahl der bezahlten Ressourcen | Umfang der Aktion |\n|---|---|\n| 1 | 1 |\n| 3 | 2 |" in payment
    moves = shown(book, "Abenteurer/Schiffe bewegen")
    assert "| Anzahl bezahlter [Stiefel]-Ressourcen | Zur Verfügung stehende Bewegungen |" in moves
    assert "| Anzahl bezahlter [Anker]-Ressourcen | Zu platzierende Schiffe |" in shown(book, "Schiffe bauen")
    box = section(book, "Aktion: Schiffe bauen")
    assert box.kind == SUMMARY and shown(book, "Aktion: Schiffe bauen").startswith(
        "- 1) Eine oder mehrere Regionskarten spielen"
    )
    assert "<u>" not in all_bodies(book) and "Jede Aktion kostet immer nur *eine* Art von Ressource" in all_bodies(book)
    assert "Albernia" not in all_bodies(book) and "Name der Organisation" not in all_bodies(book)
    assert "Ulisses Spiele GmbH" not in all_bodies(book) and "Wertungsblock" not in all_bodies(book)
    trophies = shown(book, "Trophäen und Besondere Einheiten")
    assert trophies.endswith("Diese werden auf Seite 14 beschrieben.") or "[Seite 14](ref:p14) beschrieben." in trophies
    assert "Kontrolle über Regionen und Organisationen, erbeutete **Trophäen**" in shown(book, "Spielziel")


def test_examples_marked_and_references_linked(book):
    moves = shown(book, "Abenteurer/Schiffe bewegen")
    assert "**Beispiel:** Alrike möchte 2 Abenteurer aus der Khom nach Almada bewegen." in moves
    assert "**Beispiel:** Cedrik teilt seine bisherige Gruppe auf" in moves
    assert "Dies kostet ihn 2 Bewegungen und somit mindestens 3 [Stiefel]" in moves
    assert "[siehe Seite 12](ref:p12)" in moves
    assert '[Abschnitt "Bezahlen von Aktionen" auf Seite 7](ref:p7#Bezahlen%20von%20Aktionen)' in all_bodies(book)
    assert book.page_index[9] == "Abenteurer/Schiffe bewegen"
    assert "([siehe Khadil Okharim](ref:#Khadil%20Okharim))" in shown(book, "Ruban ibn Dhachmani")


def test_bold_key_terms_become_the_glossary(book):
    terms = {t.term: t for t in book.terms}
    unwegsam = terms["Unwegsame Region"]
    assert unwegsam.section_heading == "Unwegsame Regionen"
    assert unwegsam.definition.startswith("Wenn sich eine Gruppe aus Abenteurern in eine solche Region")
    for bold in ("Trophäe", "Heldenqueste", "Vorrat", "Reserve", "Startregion", "Dschinn", "Schiffsunterstützung"):
        assert bold in terms
    assert terms["Trophäe"].section_heading == "Trophäen"


def test_every_reviewed_repair_is_applied_and_shown_as_a_note(book):
    data = json.loads(schatten_der_macht.REPAIRS_FILE.read_text(encoding="utf-8"))
    notes = [text for kind, text in notes_of(book)]
    for wrong, right, reason in data["words"] + data["passages"]:
        assert any(r.before == wrong and r.after == right for r in book.repairs), f"{wrong!r} never applied"
        quoted = f"orrigiert aus „{wrong.strip()}“ ({reason})"
        assert any(quoted in text for text in notes), f"the fix of {wrong!r} is silent"
    for damaged, _replacement, reason in data["damaged"]:
        assert damaged not in all_bodies(book)
        assert any(kind.startswith("Lücke") and text == reason for kind, text in notes_of(book)), damaged


def test_damage_that_cannot_be_recovered_is_marked(book):
    # lost symbols and words in the card explanations and the scoring table
    for heading in ("Grosse graue Gilde des Geistes", "Vrak", "Ruban ibn Dhachmani", "Ephraim O. Ilmenblick"):
        assert "[unleserlich]" in shown(book, heading) or "[Symbol unleserlich]" in shown(book, heading), heading
    assert "mindestens 1 [Symbol unleserlich] im Vorrat" in shown(book, "Vrak")
    assert "(z.B. für [unleserlich] Anwendung." in shown(book, "Grosse graue Gilde des Geistes")
    scoring = shown(book, "Beispielwertung")
    assert scoring.count("[unleserlich]") == 3 and "(unleserlich)" not in scoring
    # a symbol the context cannot name stays a gap, never a guessed resource
    assert "mindestens 1 [Symbol unleserlich] in einer Region haben, die an 2 Meere" in shown(book, "Tar Honak")
    assert "[Symbol]" not in all_bodies(book)


def test_inferred_icons_and_headings_carry_a_note(book):
    ships = section(book, "Schiffe bauen").body
    assert ships.startswith("⟦Kopf: Ressourcensymbole in eckigen Klammern")
    assert "3 [Anker] kosten⟦Anm: Korrigiert aus „Sokosten“" in ships
    hand = section(book, "Handkarten nachziehen").body
    assert hand.startswith("⟦Kopf: Überschrift korrigiert aus „Nandkarten“")
    # a section without inferred icons or repairs has no note
    assert not NOTE_RE.search(section(book, "Spielziel").body)
