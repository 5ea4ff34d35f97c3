import json

import pytest

from rules.parsing import schatten_der_macht
from rules.parsing.base import SUMMARY

from .checks import all_bodies, check_book, child_headings, section, top_headings
from .conftest import seed_text


@pytest.fixture(scope="module")
def book():
    return schatten_der_macht.parse(seed_text("schatten_der_macht"))


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
    overview = section(book, "Übersicht").body
    assert "- Abenteurer anheuern (mit [Schwert & Stab])" in overview
    assert "- Organisationen erwerben (mit [Gold])" in overview
    ships = section(book, "Schiffe bauen").body
    assert "Das wird ihn 3 [Anker] kosten" in ships and "4 [Anker], wovon einer verfällt" in ships
    assert any(r.line == 326 and r.after == "Schiffe kaufen (mit [Anker])" for r in book.repairs)


def test_tables_captions_and_boxes(book):
    payment = section(book, "Bezahlen von Aktionen").body
    assert "| Gesamtzahl der bezahlten Ressourcen | Umfang der Aktion |\n|---|---|\n| 1 | 1 |\n| 3 | 2 |" in payment
    moves = section(book, "Abenteurer/Schiffe bewegen").body
    assert "| Anzahl bezahlter [Stiefel]-Ressourcen | Zur Verfügung stehende Bewegungen |" in moves
    assert "| Anzahl bezahlter [Anker]-Ressourcen | Zu platzierende Schiffe |" in section(book, "Schiffe bauen").body
    box = section(book, "Aktion: Schiffe bauen")
    assert box.kind == SUMMARY and box.body.startswith("- 1) Eine oder mehrere Regionskarten spielen")
    assert "<u>" not in all_bodies(book) and "Jede Aktion kostet immer nur *eine* Art von Ressource" in all_bodies(book)
    assert "Albernia" not in all_bodies(book) and "Name der Organisation" not in all_bodies(book)
    assert "Ulisses Spiele GmbH" not in all_bodies(book) and "Wertungsblock" not in all_bodies(book)
    trophies = section(book, "Trophäen und Besondere Einheiten").body
    assert trophies.endswith("Diese werden auf Seite 14 beschrieben.") or "[Seite 14](ref:p14) beschrieben." in trophies
    assert "Kontrolle über Regionen und Organisationen, erbeutete **Trophäen**" in section(book, "Spielziel").body


def test_examples_marked_and_references_linked(book):
    moves = section(book, "Abenteurer/Schiffe bewegen").body
    assert "**Beispiel:** Alrike möchte 2 Abenteurer aus der Khom nach Almada bewegen." in moves
    assert "**Beispiel:** Cedrik teilt seine bisherige Gruppe auf" in moves
    assert "Dies kostet ihn 2 Bewegungen und somit mindestens 3 [Stiefel]" in moves
    assert "[siehe Seite 12](ref:p12)" in moves
    assert '[Abschnitt "Bezahlen von Aktionen" auf Seite 7](ref:p7#Bezahlen%20von%20Aktionen)' in all_bodies(book)
    assert book.page_index[9] == "Abenteurer/Schiffe bewegen"
    assert "([siehe Khadil Okharim](ref:#Khadil%20Okharim))" in section(book, "Ruban ibn Dhachmani").body


def test_bold_key_terms_become_the_glossary(book):
    terms = {t.term: t for t in book.terms}
    unwegsam = terms["Unwegsame Region"]
    assert unwegsam.section_heading == "Unwegsame Regionen"
    assert unwegsam.definition.startswith("Wenn sich eine Gruppe aus Abenteurern in eine solche Region")
    for bold in ("Trophäe", "Heldenqueste", "Vorrat", "Reserve", "Startregion", "Dschinn", "Schiffsunterstützung"):
        assert bold in terms
    assert terms["Trophäe"].section_heading == "Trophäen"
