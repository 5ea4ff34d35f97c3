import re

import pytest

from rules.models import GlossaryTerm
from rules.selectors import find_section, link_glossary_terms

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("heading", "within", "slug"),
    [
        ("Ausrichtung des Decks", None, "ausrichtung-des-decks"),
        ("Deckaufbau", None, "deckaufbau"),
        ("Allgemeines", "Deckaufbau", "deckaufbau-allgemeines"),
        ("Allgemeines", "Gemeinschaften", "gemeinschaften-allgemeines"),
        ("Anfangscharaktere", None, "anfangscharaktere"),
        ("Spielstapel", None, "spielstapel"),
        ("Ortsstapel", None, "ortsstapel"),
        ("Reservestapel", None, "deckaufbau-reservestapel"),
        ("Reservestapel", "Schlüsselbegriffe", "schluesselbegriffe-reservestapel"),
        (
            "Beschränkungen bei der Erstellung des Spielstapels",
            "Agenten",
            "beschraenkungen-bei-der-erstellung-des-spielstapels",
        ),
        ("Bedingungen beim Deckaufbau", "Gegenstände", "bedingungen-beim-deckaufbau"),
        ("Unofficial Errata List", None, "unofficial-errata-list"),
        ("gefahrenlimit", None, "gefahrenlimit"),  # case-insensitive
        ("Angriffe", None, "angriffe-kaempfe"),  # parenthesis optional
    ],
)
def test_find_section_for_deck_checks(meccg, heading, within, slug):
    section = find_section("meccg", heading, within=within)
    assert section is not None
    assert section.slug == slug
    assert section.get_absolute_url() == f"/regeln/meccg/{slug}/"


def test_find_section_misses(meccg):
    assert find_section("meccg", "Gibt es nicht") is None
    assert find_section("meccg", "Allgemeines", within="Spielende") is None
    assert find_section("sauron-gibt-es-nicht", "Deckaufbau") is None


def test_link_glossary_terms_links_first_occurrence_with_tooltip(meccg):
    html = "<p>Das Gefahrenlimit sinkt. Das Gefahrenlimit steigt nie über die Gemeinschaft hinaus.</p>"
    linked = link_glossary_terms(html, "meccg")
    assert linked.count('href="/regeln/meccg/begriff/gefahrenlimit/"') == 1
    assert linked.count('href="/regeln/meccg/begriff/gemeinschaften/"') == 1
    tip = re.search(
        r'aria-describedby="([^"]+)">Gefahrenlimit</a><span class="term-tip" role="tooltip" id="\1">', linked
    )
    assert tip
    definition = GlossaryTerm.objects.get(slug="gefahrenlimit").definition
    assert definition[:40] in linked
    # Text outside the tags is unchanged.
    assert re.sub(r"<[^>]+>", "", linked).startswith("Das Gefahrenlimit")


def test_link_glossary_terms_leaves_links_headings_and_other_games_alone(meccg):
    html = '<h3>Gefahrenlimit</h3><p><a href="/x/">Gefahrenlimit</a> und <em>Ring</em></p>'
    linked = link_glossary_terms(html, "meccg")
    assert "<h3>Gefahrenlimit</h3>" in linked
    assert '<a href="/x/">Gefahrenlimit</a>' in linked
    assert 'href="/regeln/meccg/begriff/ringe/"' in linked
    assert link_glossary_terms(html, "zwei-tuerme-ohne-begriffe") == html


def test_link_glossary_terms_escapes_definitions(meccg):
    term = GlossaryTerm.objects.get(slug="heere")
    term.definition = "<script>alert(1)</script>"
    term.save()
    linked = link_glossary_terms("<p>Ein Heer zieht.</p>", "meccg")
    assert "<script>" not in linked and "&lt;script&gt;" in linked


def test_synonyms_resolve_to_one_term(meccg):
    linked = link_glossary_terms("<p>Die Reiseroute und die Bewegungsphase</p>", "meccg")
    assert linked.count('href="/regeln/meccg/begriff/bewegung/"') == 1
