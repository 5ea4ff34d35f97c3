"""Search on whichever backend the suite runs on (SQLite by default, PostgreSQL in CI)."""

import pytest

from rules.models import Section
from rules.search import SearchError, german_stem, search

pytestmark = pytest.mark.django_db


def headings(results):
    return [hit.section.heading for hit in results.sections]


def test_defining_section_comes_first(meccg):
    results = search("Gefahrenlimit")
    assert results.sections[0].section.slug == "gefahrenlimit"
    assert results.terms[0].term == "Gefahrenlimit"
    assert len(results.sections) > 3  # other sections that use the word follow


def test_synonym_finds_the_term_and_its_section(meccg):
    results = search("sideboard")
    assert results.sections[0].section.slug == "schluesselbegriffe-reservestapel"
    assert results.terms[0].term == "Reservestapel"


def test_stemming_plural_finds_singular(meccg):
    singular_only = [
        s
        for s in Section.objects.filter(rulebook=meccg)
        if "Gemeinschaft " in s.body_text and "Gemeinschaften" not in s.body_text
    ]
    assert singular_only
    found = {hit.section.pk for hit in search("Gemeinschaften", "meccg").sections}
    assert {s.pk for s in singular_only} <= found


def test_typo_tolerance(meccg):
    results = search("Gefahrenlimt")
    assert results.fuzzy
    assert results.sections[0].section.slug == "gefahrenlimit"


def test_snippet_is_highlighted_and_escaped(meccg):
    section = Section.objects.get(slug="heere")
    section.body_text = "Heere <b>fett</b> und mehr über Heere."
    section.save()
    from rules.search import refresh_vectors

    refresh_vectors()
    hit = next(h for h in search("Heere", "meccg").sections if h.section.pk == section.pk)
    assert "<mark>" in hit.snippet
    # Markup in the text never reaches the page as markup (escaped, or dropped by ts_headline).
    assert "<b>" not in hit.snippet and "fett" in hit.snippet


def test_game_filter(meccg):
    assert search("Gefahrenlimit", "meccg").game.slug == "meccg"
    assert search("Gefahrenlimit", "zwei-tuerme").sections == []


@pytest.mark.parametrize(
    ("query", "game", "code"),
    [
        ("", None, "empty_query"),
        ("   ", None, "empty_query"),
        ("x" * 201, None, "query_too_long"),
        ("!!!", None, "invalid_query"),
        ("Ring", "schach", "unknown_game"),
    ],
)
def test_query_errors(meccg, query, game, code):
    with pytest.raises(SearchError) as error:
        search(query, game)
    assert error.value.code == code
    assert error.value.message  # German text for the user


def test_quotes_and_operators_do_not_break_search(meccg):
    for query in ['"Kette von', "Ring & | !", "Ring:*", "Ring'"]:
        assert search(query).sections, query


def test_german_stem():
    assert german_stem("Gemeinschaften") == "gemeinschaft"
    assert german_stem("Kreaturen") == "kreatur"
    assert german_stem("Ring") == "ring"


def test_parent_heading_is_context_of_its_sections(meccg):
    from rules.analysis import index_tokens

    children = Section.objects.filter(rulebook=meccg, parent__isnull=False).select_related("parent")[:20]
    assert children
    for section in children:
        assert set(index_tokens(section.parent.heading)) <= set(section.search_lead.split()), section.heading


def test_index_follows_an_edit_and_its_rollback(meccg):
    """The in-memory index is keyed by the books' search versions: an edit shows at once."""
    from django.db import transaction

    from rules.search import refresh_vectors

    section = Section.objects.get(rulebook=meccg, slug="heere")
    with transaction.atomic():
        section.body_text = "Ein Wort wie Zwergenbart kommt sonst nirgends vor."
        section.save()
        refresh_vectors(meccg)
        assert search("Zwergenbart", "meccg").sections[0].section.pk == section.pk
        transaction.set_rollback(True)
    assert section.pk not in [hit.section.pk for hit in search("Zwergenbart", "meccg").sections]


def test_an_example_ranks_below_the_rule_with_the_same_words():
    from collections import Counter

    from rules.analysis import analyse_query
    from rules.search import _rank
    from rules.search_index import SearchIndex

    index = SearchIndex(version=())
    index.book_game, index.book_slug = {1: 1}, {1: "meccg"}
    for pk, kind in [(1, "example"), (2, "rule"), (3, "summary")]:
        index.postings.setdefault("zang", {})[pk] = (2, True, False, False, False)
        index.lengths[pk], index.head_lengths[pk], index.kinds[pk], index.book_of[pk] = 50, 2, kind, 1
    index.postings["ork"] = {4: (1, False, False, False, False)}
    index.lengths[4], index.head_lengths[4], index.kinds[4], index.book_of[4] = 50, 2, "rule", 1
    index.sections_per_book, index.length_per_book, index.head_length_per_book = (
        Counter({1: 4}),
        Counter({1: 200}),
        Counter({1: 8}),
    )
    assert [pk for pk, _score, _covered in _rank(analyse_query("Zange"), index, {1}, None)] == [2, 3, 1]
