"""Cross-book search over all five rulebooks.

Needs every book's parser (rules/parsing/{meccg,zwei_tuerme,sauron,mittelerde_quest,schatten_der_macht}.py).
On a branch without them this module fails on purpose (the lead runs it after merging), it never skips.
"""

import pytest

from core.content import RULEBOOKS
from rules.models import GlossaryTerm, Section
from rules.search import search

pytestmark = pytest.mark.django_db


@pytest.fixture
def all_books(rulebooks):
    missing = [slug for _, slug in RULEBOOKS if slug not in rulebooks]
    assert not missing, f"Regelheft-Parser fehlen für: {', '.join(missing)}"
    return rulebooks


def defining_sections(game_slug, word):
    """Sections of a game that define the word: a glossary term or synonym starting with it ("Unwegsame
    Regionen"), or a heading that is it."""
    wanted = word.casefold()
    ids = {
        t.section_id
        for t in GlossaryTerm.objects.filter(game__slug=game_slug)
        if t.section_id and any(name.casefold().startswith(wanted) for name in [t.term, *t.synonyms])
    }
    ids |= {
        s.pk
        for s in Section.objects.filter(rulebook__game__slug=game_slug)
        if s.heading.casefold() == wanted or s.heading.casefold().startswith(wanted + " (")
    }
    return ids


@pytest.mark.parametrize(
    ("query", "game_slug"),
    [
        ("Gefahrenlimit", "meccg"),
        ("Zange", "zwei-tuerme"),
        ("Schwarzer Reiter", "sauron"),
        ("Einflussbereich", "abenteuer-in-mittelerde"),
        ("Unwegsame Region", "schatten-der-macht"),
    ],
)
def test_defining_section_of_the_right_book_first(all_books, query, game_slug):
    results = search(query)
    assert results.sections, query
    first = results.sections[0].section
    assert first.rulebook.game.slug == game_slug, (query, first.rulebook.game.slug, first.heading)
    assert first.pk in defining_sections(game_slug, query), (query, first.heading)


def test_every_book_has_chapters_and_terms(all_books):
    for _, slug in RULEBOOKS:
        assert Section.objects.filter(rulebook__game__slug=slug, parent=None).count() >= 2, slug
        assert GlossaryTerm.objects.filter(game__slug=slug).exists(), slug


def test_every_cross_reference_in_every_book_resolves(all_books):
    for slug, summary in all_books.items():
        assert summary.unresolved == [], (slug, [u.text for u in summary.unresolved])


@pytest.mark.parametrize(
    ("game_slug", "link_text", "heading"),
    [
        ("abenteuer-in-mittelerde", "Anführermarker", "Anführermarker"),
        ("schatten-der-macht", "Bezahlen von Aktionen", "Bezahlen von Aktionen"),
    ],
)
def test_loosely_cited_headings_link_to_their_section(all_books, client, game_slug, link_text, heading):
    """A cited heading fragment ('Siehe „Anführermarker“ rechts') links to the section that has it."""
    import re

    sources = Section.objects.filter(rulebook__game__slug=game_slug, body_html__contains=link_text)
    hrefs = set()
    for section in sources:
        hrefs |= {
            href
            for href, text in re.findall(r'<a href="([^"]+)"[^>]*>([^<]*)</a>', section.body_html)
            if link_text in text
        }
    assert hrefs, link_text
    for href in hrefs:
        page = client.get(href)
        assert page.status_code == 200
        assert heading in page.context["section"].heading


@pytest.mark.parametrize("query", ["marshalling points", "region movement", "corruption check"])
def test_an_english_term_of_one_game_prefers_that_game(all_books, query):
    """Siegpunkte, Regionen and Versuchung are words of several books; the English term is MECCG's own."""
    results = search(query)
    assert results.sections[0].section.rulebook.game.slug == "meccg", [
        (hit.section.rulebook.game.slug, hit.section.heading) for hit in results.sections[:3]
    ]
