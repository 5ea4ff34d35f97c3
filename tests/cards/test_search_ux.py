"""The search page as a Scryfall user expects it: no hits, suggestions, corrected typos, paging, sorting."""

import pytest
from django.urls import reverse

from cards.query import parse
from cards.query.describe import describe
from cards.selectors import FEW_EXACT, search

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _cards(meccg_cards):
    """Every test here reads the session's MECCG import."""


def test_moria_lists_the_moria_cards_without_near_misses():
    result = search("Moria")
    assert not result.fuzzy and result.exact_count >= FEW_EXACT
    cards = list(result.cards)
    assert cards[0].name_de == "Moria"
    for card in cards:  # every hit names or mentions Moria; no Mordor or Morgul fill-ins
        haystack = f"{card.name_de} {card.name_en} {card.text_en} {card.text_de}".lower()
        assert "moria" in haystack, card.name_de


def test_near_misses_only_when_exact_matches_are_few():
    result = search("Aragron")
    assert result.fuzzy and result.exact_count == 0
    assert result.cards.first().name_en == "Aragorn II"


def test_corrected_typo_is_announced(client):
    html = client.get(reverse("cards:index"), {"q": "Gandalv"}).content.decode()
    assert "Ergebnisse für „Gandalf“" in html
    plain = client.get(reverse("cards:index"), {"q": "Gandalf"}).content.decode()
    assert "Ergebnisse für" not in plain


def test_no_hits_says_so_with_suggestions_and_help(client):
    response = client.get(reverse("cards:index"), {"q": "Gandalf kampf>30"})
    html = response.content.decode()
    assert response.status_code == 200
    assert "Keine Karte passt zu „Gandalf kampf&gt;30“." in html
    assert "Verstanden als: Name oder Text enthält „Gandalf“ und Kampfkraft &gt; 30" in html
    assert "Meintest du:" in html and 'href="?q=Gandalf"' in html
    assert reverse("cards:help") in html


def test_misspelt_word_leads_to_the_name(client):
    html = client.get(reverse("cards:index"), {"q": "Mroia"}).content.decode()
    # SQLite's name similarity (rapidfuzz) finds the near miss itself (and announces it); PostgreSQL's trigram
    # similarity does not, so the no-hit page suggests the name. Either way the user gets to Moria.
    if "Keine Karte passt zu „Mroia“." in html:
        assert 'href="?q=Moria"' in html
    else:
        assert "Ergebnisse für „Moria“" in html


def test_suggestions_replace_a_misspelt_word():
    from cards.suggestions import did_you_mean

    query = parse("Mroia typ:ort")
    suggestions = did_you_mean("Mroia typ:ort", query, lambda text: search(text).cards.count())
    assert suggestions[0].query == "Moria typ:ort" and suggestions[0].count > 0


def test_query_as_understood_in_german():
    assert describe(parse("typ:charakter geist>=6 -einzigartig")) == (
        "Typ: „Charakter“ und Geist ≥ 6 und nicht einzigartig"
    )
    assert describe(parse("rasse:zwerg or ausrichtung:scherge")) == "Rasse: „Zwerg“ oder Ausrichtung: „Scherge“"


def test_page_numbers_and_sortable_columns(client):
    response = client.get(reverse("cards:index"), {"q": "typ:charakter", "pro_seite": "25", "seite": "3"})
    html = response.content.decode()
    assert '<span aria-current="page">3</span>' in html
    assert "seite=1" in html and "seite=4" in html and "…" in html
    assert 'href="?q=typ%3Acharakter&amp;pro_seite=25&amp;sort=name_en&amp;order=asc"' in html
    sorted_desc = client.get(reverse("cards:index"), {"q": "typ:charakter", "sort": "name", "order": "desc"})
    body = sorted_desc.content.decode()
    assert 'aria-sort="descending"' in body
    names = [c.name_de for c in sorted_desc.context["page"].object_list]
    assert names == sorted(names, reverse=True)


def test_sort_puts_missing_values_last(client):
    response = client.get(reverse("cards:index"), {"q": "Aragorn sort:geist order:desc", "pro_seite": "100"})
    minds = [c.mind for c in response.context["page"].object_list]
    assert minds[0] is not None and None in minds
    assert minds.index(None) > max(i for i, m in enumerate(minds) if m is not None)
    asc = client.get(reverse("cards:index"), {"q": "Aragorn sort:geist", "pro_seite": "100"})
    minds = [c.mind for c in asc.context["page"].object_list]
    assert minds[0] is not None and minds[-1] is None


def test_filters_fold_away(client):
    html = client.get(reverse("cards:index"), {"q": "Gandalf"}).content.decode()
    assert '<details class="card-filters-fold" data-open-wide>' in html
    with_filter = client.get(reverse("cards:index"), {"q": "Gandalf", "typ": "Character"}).content.decode()
    assert "1 gesetzt" in with_filter


def test_suggestions_never_break_on_brackets(client):
    response = client.get(reverse("cards:index"), {"q": "(rasse:zwerg or rasse:elb) geist>30 einzigartig"})
    assert response.status_code == 200
    html = response.content.decode()
    assert "Keine Karte passt zu" in html
    assert "Meintest du:" in html  # e.g. without geist>30
