"""Synonym lists hold spellings, not inflected forms: stemming (search) and inflected glossary links cover those.

An inflected synonym is one whose Snowball stem equals that of its term or of another synonym of the same
entry and which differs from it only by an inflectional ending ("Gefahrenlimits" of "Gefahrenlimit").
"""

import tomllib
from pathlib import Path

import pytest

from rules.analysis import english_key
from rules.inflection import is_inflection, spelling_synonyms
from rules.models import GlossaryTerm
from rules.search import search
from rules.selectors import link_glossary_terms

DATA = Path(__file__).resolve().parents[2] / "rules" / "data"


def inflected(names: list[str]) -> list[tuple[str, str]]:
    """(synonym, the earlier name it only inflects) for every such synonym; the first name is the term."""
    return [(name, other) for i, name in enumerate(names) for other in names[:i] if is_inflection(name, other)]


@pytest.mark.parametrize(
    ("variant", "base"),
    [
        ("Gefahrenlimits", "Gefahrenlimit"),
        ("Heeres", "Heere"),
        ("Gegenstand", "Gegenstände"),
        ("Trophäe", "Trophäen"),
        ("allgemeinen Einfluss", "Allgemeiner Einfluss"),
        ("Ketten von Ereignissen", "Kette von Ereignissen"),
        ("Sauron-Spielers", "Sauron-Spieler"),
        ("Ereignisse", "Ereignis"),
    ],
)
def test_inflections_are_recognised(variant, base):
    assert is_inflection(variant, base)


@pytest.mark.parametrize(
    ("variant", "base"),
    [
        ("Nazgul", "Nazgûl"),  # another spelling
        ("Fertigkeitkarten", "Fertigkeitskarten"),  # printed both ways
        ("feindlich", "Feind"),  # another word
        ("Verhörangriff", "Verhöre"),
        ("neutraler Abenteurer (schwarz)", "Neutraler Abenteurer"),
        ("hazard limit", "Gefahrenlimit"),
    ],
)
def test_other_spellings_and_words_are_no_inflections(variant, base):
    assert not is_inflection(variant, base)


def test_spelling_synonyms_drops_only_inflections():
    assert spelling_synonyms("Gefahrenlimit", ["hazard limit", "Gefahrenlimits"]) == ["hazard limit"]
    assert spelling_synonyms("Nazgûlkarte", ["Nazgûlkarten", "Nazgulkarte"]) == ["Nazgulkarte"]
    # an inflection of an earlier synonym goes too
    assert spelling_synonyms("Versuchung", ["Versuchungswurf", "Versuchungswürfe"]) == ["Versuchungswurf"]


def test_meccg_term_synonyms_are_spellings():
    entries = tomllib.loads((DATA / "meccg_terms.toml").read_text(encoding="utf-8"))["synonyms"]
    found = {term: inflected([term, *synonyms]) for term, synonyms in entries.items()}
    assert not {term: pairs for term, pairs in found.items() if pairs}


def test_search_synonyms_are_spellings():
    data = tomllib.loads((DATA / "search" / "synonyms.toml").read_text(encoding="utf-8"))
    german = {key: inflected([key, *values]) for key, values in data["german"].items()}
    assert not {key: pairs for key, pairs in german.items() if pairs}
    english = {key: inflected(values) for key, values in data["english"].items()}
    assert not {key: pairs for key, pairs in english.items() if pairs}
    # English keys are looked up by their stem: a second key with the same stem and the same German word
    # inflected ("hazards" = "Gefahren" beside "hazard" = "Gefahr") is an inflected form.
    by_stem: dict[str, list[str]] = {}
    duplicates = []
    for key, values in data["english"].items():
        earlier = by_stem.setdefault(english_key(key), [])
        if earlier and all(any(v == w or is_inflection(v, w) for w in earlier) for v in values):
            duplicates.append(key)
        earlier.extend(values)
    assert not duplicates


@pytest.mark.django_db
def test_imported_glossary_synonyms_are_spellings(rulebooks):
    found = {
        (term.game.slug, term.term): inflected([term.term, *term.synonyms])
        for term in GlossaryTerm.objects.select_related("game")
    }
    assert not {key: pairs for key, pairs in found.items() if pairs}


@pytest.mark.django_db
def test_inflected_forms_still_link_and_find_their_term(meccg):
    linked = link_glossary_terms("<p>Die Höhe des Gefahrenlimits und ein Heer.</p>", "meccg")
    assert 'href="/regeln/meccg/begriff/gefahrenlimit/"' in linked
    assert 'href="/regeln/meccg/begriff/heere/"' in linked
    results = search("Gefahrenlimits", "meccg")
    assert [t.term for t in results.terms][:1] == ["Gefahrenlimit"]
    assert results.sections[0].section.slug == "gefahrenlimit"
