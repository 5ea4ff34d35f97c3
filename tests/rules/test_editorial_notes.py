"""Repairs to the books' wording are shown on the pages as editorial notes; lost text is marked."""

import html
import json
import re

import pytest

from rules.models import Section
from rules.parsing import schatten_der_macht
from rules.rendering import render

pytestmark = pytest.mark.django_db

REPAIRS = json.loads(schatten_der_macht.REPAIRS_FILE.read_text(encoding="utf-8"))


def page(client, section: Section) -> str:
    response = client.get(section.get_absolute_url())
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def notes_on(text: str) -> list[str]:
    aside = re.findall(r'<aside class="editorial-notes".*?</aside>', text, re.S)
    return [re.sub(r"<[^>]+>|\s*↩", "", item).strip() for block in aside for item in re.findall(r"<li.*?</li>", block)]


def sdm_pages(client) -> dict[str, str]:
    sections = Section.objects.filter(rulebook__game__slug="schatten-der-macht").select_related("rulebook__game")
    return {s.heading: page(client, s) for s in sections}


def test_every_fix_in_the_data_file_is_a_note_on_its_page(rulebooks, client):
    pages = sdm_pages(client)
    notes = [note for text in pages.values() for note in notes_on(text)]
    for wrong, _right, reason in REPAIRS["words"] + REPAIRS["passages"]:
        quoted = f"orrigiert aus „{wrong.strip()}“ ({reason})"
        assert any(quoted in note for note in notes), f"the fix of {wrong!r} is not shown"
    for _damaged, _replacement, reason in REPAIRS["damaged"]:
        assert reason in notes, f"the damage note {reason!r} is not shown"


def test_known_damaged_places_are_marked(rulebooks, client):
    pages = sdm_pages(client)
    for heading, mark in (
        ("Grosse graue Gilde des Geistes", "[unleserlich]"),
        ("Vrak", "[Symbol unleserlich]"),
        ("Ruban ibn Dhachmani", "[Symbol unleserlich]"),
        ("Beispielwertung", "[unleserlich]"),
        ("Brin von Gareth", "[Symbol unleserlich]"),
    ):
        text = pages[heading]
        # visible text with a numbered note that says what is lost, reachable by keyboard and screen reader
        found = re.search(
            rf'<span class="text-gap">{re.escape(mark)}</span><sup class="ed-ref"><a href="#(anm-\d+)"[^>]*'
            r'aria-label="Anmerkung der Redaktion \d+"',
            text,
        )
        assert found, heading
        assert re.search(rf'<li id="{found[1]}">[^<]*(verloren|unleserlich|fehlt|abgeschnitten|gelesen)', text, re.I), (
            heading
        )
    vrak = Section.objects.get(rulebook__game__slug="schatten-der-macht", heading="Vrak")
    assert "mindestens 1 [Symbol unleserlich] im Vorrat" in vrak.body_text
    assert "**4**" not in vrak.body_html and ">4<" not in vrak.body_html


def test_notes_are_not_book_text(rulebooks):
    section = Section.objects.get(rulebook__game__slug="schatten-der-macht", heading="Schiffe bauen")
    assert "Korrigiert aus" in section.body_html
    # search and snippets read body_text: the wrong words and the notes stay out of it
    assert "Korrigiert" not in section.body_text and "Sokosten" not in section.body_text
    assert "Das wird ihn 3 [Anker] kosten." in section.body_text


@pytest.mark.parametrize(
    ("game", "heading", "quoted"),
    [
        ("sauron", "Einleitung", "Korrigiert aus „zweitausend Jahre“"),
        ("zwei-tuerme", None, "Korrigiert aus „Sprung mit Schattenfeld“"),
        ("abenteuer-in-mittelerde", None, "Korrigiert aus „Kampfunde“"),
    ],
)
def test_silent_fixes_of_the_other_books_are_shown_too(rulebooks, client, game, heading, quoted):
    sections = Section.objects.filter(rulebook__game__slug=game).select_related("rulebook__game")
    if heading:
        sections = sections.filter(heading=heading)
    shown = [s for s in sections if quoted in s.body_html]
    assert shown, quoted
    assert any(quoted in note for note in notes_on(page(client, shown[0])))


def test_render_numbers_notes_in_order_and_announces_heading_notes_above_the_text():
    source = (
        "⟦Kopf: Überschrift korrigiert aus „X“⟧\n\n"
        "Die Trophäen⟦Anm: Korrigiert aus „Grophäen“⟧ und ⟦Lücke Text: fehlt⟧."
    )
    body, text, _ = render(source, lambda target: None)
    assert text == "Die Trophäen und [unleserlich]."
    assert body.count('class="ed-ref"') == 2
    assert '<a href="#anm-2" id="anm-ref-2"' in body and '<a href="#anm-3" id="anm-ref-3"' in body
    # a note on the whole section is announced above the text and listed with the others
    assert body.startswith('<p class="ed-lead">Anmerkung der Redaktion zu diesem Abschnitt: <a href="#anm-1"')
    assert '<li id="anm-1">Überschrift korrigiert aus „X“ <a href="#anm-ref-1"' in body
    assert '<span class="text-gap">[unleserlich]</span>' in body
