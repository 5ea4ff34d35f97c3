"""The MECCG parser on the real seed file (plain pytest, no database)."""

import re

import pytest
from django.conf import settings

from rules.parsing import meccg
from rules.parsing.base import ERRATA

SEED = settings.BRUCHTAL_CONTENT_DIR / "seeds" / "003_3078cde44e2d18ee.txt"
REF = re.compile(r"\[(?P<label>[^\]]*)\]\(<ref:(?P<target>[^>]*)>\)")


@pytest.fixture(scope="module")
def book():
    return meccg.parse(SEED.read_text(encoding="utf-8"))


def sections(book):
    return {s.heading: s for s, _ in book.walk()}


def find(book, heading, parent=None):
    for top in book.sections:
        for section, _ in top.walk():
            for child in section.children:
                if child.heading == heading and (parent is None or section.heading == parent):
                    return child
    return next(s for s, _ in book.walk() if s.heading == heading)


def test_chapters_are_the_books_real_chapters(book):
    assert book.title == "MECCG - Spielregeln"
    assert [s.heading for s in book.sections] == [
        "Deckvorbereitung",
        "Spielvorbereitung",
        "Spielzugübersicht",
        "Spielende",
        "Schlüsselbegriffe",
        "Unofficial Errata List",
        "Änderungen zu früheren Versionen",
    ]


def test_second_and_third_levels(book):
    chapters = {s.heading: s for s in book.sections}
    assert [c.heading for c in chapters["Spielzugübersicht"].children] == [
        "Enttappphase",
        "Organisationsphase",
        "Langfristige-Ereignisse-Phase",
        "Bewegungs- und Gefahrenphase",
        "Ortsphase",
        "Abschlussphase",
    ]
    deck = chapters["Deckvorbereitung"]
    assert [c.heading for c in deck.children] == ["Ausrichtung des Decks", "Deckaufbau"]
    assert [c.heading for c in deck.children[1].children] == [
        "Allgemeines",
        "Anfangscharaktere",
        "Spielstapel",
        "Ortsstapel",
        "Reservestapel",
        "Bemerkung: General Opponent-Turniere",
    ]
    keys = chapters["Schlüsselbegriffe"]
    assert len(keys.children) == 29
    assert [c.heading for c in find(book, "Agenten").children][:2] == [
        "Beschränkungen bei der Erstellung des Spielstapels",
        "Agenten als Charaktere",
    ]
    assert [c.heading for c in chapters["Unofficial Errata List"].children] == [
        "Organisationsphase",
        "Bewegungs- und Gefahrenphase",
        "Kartentexte",
    ]
    assert all(s.kind == ERRATA for s, _ in chapters["Unofficial Errata List"].walk())


def test_preface_is_introduction_not_a_chapter(book):
    assert book.introduction.startswith("Diese Anleitung enthält alle Informationen")
    assert "Christoph Schürmann" in book.introduction


def test_heading_alignment_markers_become_tags(book):
    by_heading = sections(book)
    assert by_heading["Entwicklungskarten und -punkte"].alignments == ["F"]
    assert by_heading["Ringgeister"].alignments == ["S"]
    assert by_heading["Zauberer-Zufluchtsorte"].alignments == ["F"]
    assert by_heading["Gefahrenlimit"].alignments == []


def test_paragraph_alignment_markers_are_normalised(book):
    start = find(book, "Anfangscharaktere").body
    # "H**", "S**", "F**" and "[B]" all become "[X]" at the start of their list item.
    for code in "HSFB":
        assert re.search(rf"(?m)^- \[{code}\] ", start), code
    assert "**" not in start
    stack = find(book, "Spielstapel").body
    assert "- [S] [F] Gefallener Zauberer- und Schergen-Spieler" in stack
    phase = find(book, "Organisationsphase", parent="Spielzugübersicht").body
    assert "[S] [F] Ein Schergen- oder Gefallener-Zauberer-Spieler" in phase
    assert "[B] Ein Balrog-Spieler kann (unter den obigen Bedingungen)" in phase


def test_no_latex_residue(book):
    for section, _ in book.walk():
        assert "\\rightarrow" not in section.body, section.heading
        assert "$" not in section.body, section.heading


def test_page_breaks_are_rejoined(book):
    agents = find(book, "Aufdecken von Agenten").body
    assert "Ist sie nicht korrekt, wird der Agent sofort abgeworfen" in agents
    assert "Befindet sich der Agent an seinem Heimatort, wird der Wurf mit +2 modifiziert." in agents
    dragons = find(book, "Drachen und Drachenhorte").body
    assert "*Scorba* (*Zarak-dûm*)" in dragons
    kinds = find(book, "Arten von Gemeinschaften").body
    assert "außer Halb-Orks in Gemeinschaften mit nur Halb-Orks und Menschen" in kinds


def test_footnotes_stay_with_the_section_that_cites_them(book):
    stack = find(book, "Spielstapel").body
    assert "sein¹." in stack
    assert "¹ Die Karten *Unmittelbare Nähe*" in stack
    assert "Unmittelbare Nähe" not in find(book, "Ortsstapel", parent="Deckaufbau").body
    ambush = find(book, "Auf-die-Lauer Legen").body
    assert "eingetreten.⁵" in ambush
    assert "⁵ Damit können z. B. *Wundersame Geschichten*" in ambush
    influence = find(book, "Beeinflussung (Abwerben)").body
    assert "⁶ Ein Gefallener Zauberer darf zwar" in influence
    assert "Gefallener Zauberer-Spieler beeinflusst oder umgekehrt" in influence
    every_footnote = "".join(s.body for s, _ in book.walk())
    for number in "¹²³⁴⁵⁶⁷⁸⁹":
        assert f"\n\n{number} " in every_footnote, number
    for number in ("¹⁰", "¹¹", "¹²"):
        assert f"\n\n{number} " in every_footnote, number


def test_every_reference_names_a_heading_of_the_book(book):
    headings = {s.heading for s, _ in book.walk()}
    targets = [m.group("target") for s, _ in book.walk() for m in REF.finditer(s.body)]
    assert len(targets) >= 95
    for target in targets:
        heading = target.split("#", 1)[1]
        assert heading in headings, target


@pytest.mark.parametrize(
    ("section", "sentence", "expected"),
    [
        ("Startgemeinschaft", "permanente Entwicklungskarten", "p31#Entwicklungskarten und -punkte"),
        ("Startgemeinschaft", "zulässigen Charakterkarten", "p3#Spielstapel"),
        ("Ausspielen", "ein Drachenhort", "p31#Drachen und Drachenhorte"),
        ("Klären der Ausrichtung", "Ausrichtung seines Decks", "p2#Ausrichtung des Decks"),
        ("Bewegung", "unterirdischer Ort", "#Unterirdische Orte"),  # "(\rightarrow S.)" without a number
        ("Allgemeiner Einfluss", "abgeworfen werden", "p11#Organisationsphase"),  # "vgl. S. 11"
        ("Orte", "die auf", "p4#Ortsstapel"),  # "auf S. 4 genannten Bedingungen"
        ("Gefallener Zauberer-Regeln", "gibt es ab", "p31#Entwicklungskarten und -punkte"),  # "ab Seite 31"
        ("Einschränkungen bei der Bildung von Gemeinschaften", "anderen Charakteren aufhalten", "p43#Ringgeister"),
        ("Kämpfe zwischen Gemeinschaften", "nicht zuordnet", "p23#Zuordnung"),
    ],
)
def test_references_point_to_the_subject_of_the_sentence(book, section, sentence, expected):
    body = next(s.body for s, _ in book.walk() if s.heading == section)
    refs = [(body[: m.start()], m.group("target")) for m in REF.finditer(body)]
    match = [target for before, target in refs if sentence in before[-120:]]
    assert match, f"no reference after „{sentence}“ in {section}"
    assert match[0] == expected


def test_two_references_in_one_parenthesis(book):
    phase = find(book, "Organisationsphase", parent="Spielzugübersicht").body
    assert "([→ S. 10](<ref:p10#Organisationsphase>) oder [S. 32](<ref:p32#Gefahrenlimit>))" in phase


def test_change_log_pages_are_linked_and_unknown_page_stays_text(book):
    log = find(book, "Änderungen zu früheren Versionen").body
    assert "Halborks tragen keine Trophäen ([S. 44](<ref:p44#Trophäen>))" in log
    assert "(S. ??, [28](<ref:p28#Bewegung>))" in log


def test_pages_come_from_the_reviewed_data_file(book):
    assert find(book, "Gefahrenlimit").pages == [32]
    assert find(book, "Reservestapel", parent="Schlüsselbegriffe").pages == [42]
    assert find(book, "Reservestapel", parent="Deckaufbau").pages == []
    assert book.page_index[27] == "Bewegung"


def test_glossary_comes_from_schluesselbegriffe(book):
    terms = {t.term: t for t in book.terms}
    assert len(terms) == 29
    assert "Gefahrenlimit" in terms
    limit = terms["Gefahrenlimit"]
    assert limit.section_heading == "Gefahrenlimit"
    assert limit.definition.startswith("Das Gefahrenlimit (hazard limit) besagt")
    assert "hazard limit" in limit.synonyms
    # "Angriffe (Kämpfe)": the parenthesis is a synonym, not part of the term.
    assert "Kämpfe" in terms["Angriffe"].synonyms
    assert terms["Angriffe"].section_heading == "Angriffe (Kämpfe)"
    assert "Abwerben" in terms["Beeinflussung"].synonyms
    assert "sideboard" in terms["Reservestapel"].synonyms
    assert not terms["Ringgeister"].definition.endswith(":")
    for term in terms.values():
        assert term.definition and "](" not in term.definition and "ref:" not in term.definition


@pytest.mark.parametrize(
    ("heading", "parent"),
    [
        ("Ausrichtung des Decks", None),
        ("Deckaufbau", None),
        ("Allgemeines", "Deckaufbau"),
        ("Anfangscharaktere", None),
        ("Spielstapel", None),
        ("Ortsstapel", None),
        ("Reservestapel", "Deckaufbau"),
        ("Beschränkungen bei der Erstellung des Spielstapels", "Agenten"),
        ("Bedingungen beim Deckaufbau", "Gegenstände"),
        ("Unofficial Errata List", None),
    ],
)
def test_deck_check_headings_exist(book, heading, parent):
    assert find(book, heading, parent=parent).heading == heading


def test_subject_score_prefers_the_named_heading():
    assert meccg.subject_score("einen Versuchungswurf", "Versuchungswürfe") > meccg.subject_score(
        "einen Versuchungswurf", "Versuchungskarten"
    )
    assert meccg.subject_score("Gemeinschaft", "Heere") == 0
