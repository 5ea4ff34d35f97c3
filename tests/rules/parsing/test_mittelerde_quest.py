import re

import pytest

from rules.parsing import mittelerde_quest
from rules.parsing.base import EXAMPLE, SUMMARY

from .checks import REF_LINK, all_bodies, check_book, child_headings, ref_targets, section, top_headings
from .conftest import seed_text


@pytest.fixture(scope="module")
def book():
    return mittelerde_quest.parse(seed_text("mittelerde_quest"))


def test_chapters(book):
    assert top_headings(book) == [
        "Einführung",
        "Spielablauf",
        "Spielmaterial",
        "Übersicht Spielmaterial",
        "Übersicht Spielplan",
        "Einführung",
        "Spielaufbau",
        "Übersicht über den Spielablauf",
        "Spielregeln Sauron",
        "Spielregeln Helden",
        "Weitere Spielelemente",
        "Kampf",
        "Spielende und Sieg",
        "Weitere Regeln",
        "Hinweise zur Strategie",
        "Übersicht über die Regionen",
        "Oft übersehene Regeln",
        "Kurzübersicht",
    ]
    assert child_headings(book, "Spielregeln Sauron") == [
        "Saurons Zug im Detail",
        "Die Widerstandsphase",
        "Wichtige Begriffe",
        "Fortschrittsphase",
        "Die Plotphase",
        "Entscheidungen der Helden",
        "Die Ereignisphase",
        "Die Aktionsphase",
        "Heldenkarten-Phase",
    ]
    assert child_headings(book, "Reisephase") == [
        "A) Bewegung",
        "B) Kampf oder Bedrohung",
        "Beispiel Reisephase",
        "Bedrohungen",
        "C) Forschen",
    ]
    assert child_headings(book, "Kurzübersicht") == [
        "Übersicht der Aufträge",
        "Kampfablauf",
        "Saurons Zug",
        "Heldenzug",
    ]
    check_book(book)


def test_about_160_caps_headings_with_repeats_under_their_own_parents(book):
    headings = [s.heading for s, _ in book.walk()]
    assert len(headings) >= 160
    # repeated headings stay separate sections, each under its own parent
    assert child_headings(book, "Übersicht Spielmaterial")[2] == "Schattenkarten"
    assert "Schattenkarten" in child_headings(book, "Aktion: Schattenkarten und Plots ziehen")
    assert headings.count("Saurons Zug") == 2 and headings.count("Einführung") == 2
    # the picture legend of the second "SPIELAUFBAU" joined the first
    assert headings.count("Spielaufbau") == 1
    assert (
        "| 1. Auslage eines Helden | 15. Schergenfiguren (auf ihren Startorten) |" in section(book, "Spielaufbau").body
    )


def test_headings_in_normal_capitalisation_and_misprints_repaired(book):
    headings = {s.heading for s, _ in book.walk()}
    assert {"Marker für den aktiven Spieler", "Übersicht über den Spielablauf", "1) Der Lebenspool"} <= headings
    assert {"Aktionsleisten", "Kampfphasen", "Spielende und Sieg", "Heldenbögen", "Monster-Kampfkarten"} <= headings
    assert not [h for h in headings if h.isupper() and len(h) > 3]
    fixed = {(r.before, r.after) for r in book.repairs}
    assert ("KAMPFFHASEN", "KAMPFPHASEN") in fixed and ("Kampfunde", "Kampfrunde") in fixed
    assert "Kampfunde" not in all_bodies(book)


def test_dnd_lines_and_advertisements_are_left_out(book):
    text = all_bodies(book)
    for absent in ("Dungeons", "Rollenspiel", "Kleriker", "Säulen der Erde", "Tore der Welt", "Kingsbridge", "691530"):
        assert absent not in text
    for s, _ in book.walk():
        assert "Dungeons & Dragons" not in s.body and "Kathedrale" not in s.body
    assert sum("Dungeons" in o for o in book.omitted) == 2
    assert any("Werbung" in o and "Säulen der Erde" in o for o in book.omitted)
    assert "Corey Konieczka" not in text  # credits


def test_column_break_and_relocated_attributes(book):
    events = section(book, "Die Ereignisphase").body
    assert "auf die Ablage für die aktuelle Ereigniskarte auf dem Spielplan gelegt. Liegt dort bereits" in events
    assert child_headings(book, "4) Eigenschaften") == ["Tapferkeit", "Stärke", "Gewandtheit", "Weisheit"]
    assert child_headings(book, "Die Kartenpools der Helden") == [
        "1) Der Lebenspool",
        "2) Der Regenerationspool",
        "3) Der Schadenspool",
    ]


def test_kinds_epigraphs_and_lists(book):
    assert section(book, "Beispiel Kampfrunde 1").kind == EXAMPLE
    assert {s.kind for s, _ in section(book, "Kurzübersicht").walk()} == {SUMMARY}
    assert section(book, "Kampf").body.startswith("> „Sein breites, flaches Gesicht")
    helden = section(book, "Spielregeln Helden").body
    assert "> – Wortwechsel zwischen Gimli und Elrond" in helden and "\n\nIn diesem Abschnitt" in helden
    assert "- **Bewegung:** Der Held kann sich" in section(book, "Heldenzug").body  # broken bold repaired
    # hard line breaks of the two-column pages are joined into paragraphs
    assert "Wenn ein Held durch Mittelerde reist und Kämpfe mit Saurons Kreaturen besteht" in all_bodies(book)


def test_cross_references_become_ref_links(book):
    body = section(book, "Spielaufbau").body
    assert "[s. S. 21 „Lebenspool“](ref:p21#Lebenspool)" in body
    assert "[s. S. 14](ref:p14)" in section(book, "Spielaufbau").body
    targets = ref_targets(book)
    assert "ref:p33-34" in targets and "ref:p12#Funktion der Spielabschnitte" in targets
    assert "ref:p28#Kampfphasen" in targets and "ref:p25#Questen" in targets  # "Vorbereitung" is a step there
    assert "[s. nächste Seite](ref:p23)" in section(book, "B) Kampf oder Bedrohung").body
    assert "ref:#Anführermarker" in targets and "ref:p36" in targets
    # every "s. S. N" / "S. N–M" in the book text is inside a link
    for s, _ in book.walk():
        plain = REF_LINK.sub("", s.body)
        assert not re.search(r"\bS\.\s*\d", plain), (s.heading, plain)
    headings = [s.heading.casefold() for s, _ in book.walk()]
    for target in targets:
        if "#" in target:  # every heading named by a reference is one of the book's headings
            assert any(target.split("#", 1)[1].casefold() in heading for heading in headings), target
        pages = re.match(r"ref:p(\d+)", target)
        if pages:
            assert 1 <= int(pages[1]) <= 36


def test_page_index_and_section_pages(book):
    assert book.page_index[21] == "Die Kartenpools der Helden"
    assert book.page_index[8] == "Spielaufbau" and book.page_index[9] == "Spielaufbau"
    assert book.page_index[32] == "Erschöpfte Kämpfer"
    headings = {s.heading for s, _ in book.walk()}
    assert set(book.page_index.values()) <= headings
    assert section(book, "1) Der Lebenspool").pages == [21]
    assert section(book, "Spielende").pages == [33, 34]
    # every page reference in the book lands on a page the index knows
    for target in ref_targets(book):
        match = re.match(r"ref:p(\d+)", target)
        if match and int(match[1]) not in (1, 2):
            assert int(match[1]) in book.page_index, target


def test_glossary_from_both_lists_and_the_index(book):
    terms = {t.term: t for t in book.terms}
    assert terms["Einflussbereich"].section_heading == "Wichtige Begriffe"
    assert terms["Einflussbereich"].definition.startswith("Eine Kette benachbarter Orte")
    assert terms["Einflussbereich"].pages == [16, 17]
    assert terms["Unwirksam"].section_heading == "Wichtige Begriffe zum Kampf"
    assert terms["Fertigkeitskarten"].synonyms[:1] == ["Fertigkeitkarten"]
    assert "Bewegungsphase" in terms["Reisephase"].synonyms
    assert terms["Feind"].synonyms == ["feindlich"]
    assert terms["Lebenspool"].section_heading == "1) Der Lebenspool"
    assert terms["Anführermarker"].pages == [24]
    # index entries (about 90) all became terms or were merged into one
    assert len(book.terms) >= 80
    assert "Kampf, wichtige Begriffe" not in terms and "Wichtige Begriffe" not in terms
