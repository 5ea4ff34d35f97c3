"""The query language against the real MECCG card data (imported once per session)."""

import pytest
from django.db.models import Q

from cards.models import Card
from cards.query import QuerySyntaxError
from cards.selectors import autocomplete, other_printings, search_cards

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _cards(meccg_cards):
    """Every test here reads the session's MECCG import."""


def codes(text, **kwargs):
    return set(search_cards(text, **kwargs).values_list("code", flat=True))


def orm(*args, **kwargs):
    return set(Card.objects.filter(*args, **kwargs).values_list("code", flat=True))


def test_all_cards_without_query():
    assert search_cards("").count() == 1683


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("geist:9", Q(mind=9)),
        ("geist=9", Q(mind=9)),
        ("mind!=9", Q(mind__isnull=False) & ~Q(mind=9)),
        ("geist<3", Q(mind__lt=3)),
        ("geist<=3", Q(mind__lte=3)),
        ("kampf>8", Q(prowess__gt=8)),
        ("koerper>=9", Q(body__gte=9)),
        ("einfluss>=3", Q(direct_influence__gte=3)),
        ("versuchung>2", Q(corruption__gt=2)),
        ("sp>=4", Q(marshalling_points__gte=4)),
    ],
)
def test_each_numeric_operator(text, expected):
    result = codes(text)
    assert result
    assert result == orm(expected)


def test_numeric_comparison_spot_check():
    assert "TW-120" in codes("typ:charakter geist:9")  # Aragorn II
    assert "TW-120" not in codes("typ:charakter geist<9")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("typ:charakter", Q(card_type="Character")),
        ("type:site", Q(card_type="Site")),
        ("typ:gefahr", Q(card_type="Hazard")),
        ("ausrichtung:scherge", Q(alignment="Minion")),
        ("align:hero", Q(alignment="Hero")),
        ("ort:zufluchtsort", Q(site_type="{H}")),
        ("fertigkeit:krieger", Q(skills__contains="Warrior")),
        ("skill:diplomat", Q(skills__contains="Diplomat")),
        ("rasse:hobbit", Q(race__icontains="hobbit")),
        ("untertyp:kreatur", Q(subtype__icontains="creature")),
        ("einzigartig", Q(is_unique=True)),
        ("is:unique", Q(is_unique=True)),
        ("set:td", Q(card_set__code="TD")),
        ("heimat:rivendell", Q(home_site__icontains="rivendell")),
        ("region:rhudaur", Q(region__icontains="rhudaur") | Q(card_type="Region", name_en__icontains="rhudaur")),
    ],
)
def test_fields_with_german_and_english_keywords(text, expected):
    result = codes(text)
    assert result
    assert result == orm(expected)


def test_race_covers_singular_and_plural():
    assert codes("rasse:zwerg") == orm(Q(race__icontains="dwarf") | Q(race__icontains="dwarves"))


def test_english_race_words_find_what_the_german_ones_find():
    """race:X and rasse:<German X> agree for every race in the table, singular and plural."""
    from cards.query.vocabulary import normalise, tables

    races = tables()["race"]
    by_spellings: dict[tuple, list[str]] = {}
    for word, spellings in races.items():
        by_spellings.setdefault(tuple(spellings), []).append(word)
    for spellings, words in by_spellings.items():
        expected = codes(f"rasse:{words[0]}")
        assert expected, words
        # Each spelling the data uses is itself a word of the table and stands for the whole group.
        assert all(races.get(normalise(s)) == list(spellings) for s in spellings), spellings
        for word in words:
            assert codes(f"race:{word}") == expected, (word, words[0])
    assert codes("race:dwarf") == codes("rasse:zwerg") == orm(race__in=["Dwarf", "Dwarves"])
    assert len(codes("race:dwarf")) == 29
    assert codes("race:men") == codes("race:man") == codes("rasse:mensch")


def test_spaces_around_the_operator_find_the_same_cards():
    assert codes("geist >= 9") == codes("geist>=9") == orm(mind__gte=9)
    assert len(codes("geist >= 9")) == 12
    assert codes("name: gandalf") == codes("name:gandalf") != set()


def test_negation():
    heroes = codes("typ:charakter ausrichtung:held")
    assert codes("typ:charakter -ausrichtung:held") == orm(card_type="Character") - heroes
    assert codes("typ:charakter ausrichtung!=held") == orm(card_type="Character") - heroes


def test_or_and_parentheses():
    dwarves_or_hobbits = codes("typ:charakter (rasse:zwerg or rasse:hobbit)")
    assert dwarves_or_hobbits == codes("typ:charakter rasse:zwerg") | codes("typ:charakter rasse:hobbit")
    assert codes("rasse:zwerg oder rasse:hobbit") == codes("rasse:zwerg") | codes("rasse:hobbit")
    # Without parentheses "and" binds tighter than "or".
    assert codes("typ:charakter rasse:zwerg or rasse:hobbit") == codes("typ:charakter rasse:zwerg") | codes(
        "rasse:hobbit"
    )


def test_exact_name_in_german_and_english():
    assert codes('!"Gandalf"') == orm(name_en="Gandalf")
    assert codes('!"Bruchtal"') == codes('!"Rivendell"') == {"TW-421", "AS-160"}
    assert "TW-422" not in codes('!"Bruchtal"')


def test_free_words_find_german_and_english_names():
    assert "TW-421" in codes("Bruchtal")
    assert "TW-421" in codes("Rivendell")
    assert "TW-1" in codes("Entführer")
    assert "TW-1" in codes("Abductor")


def test_typo_tolerance_finds_aragorn():
    results = list(search_cards("Aragron")[:3])
    assert results[0].code == "TW-120"
    assert any(card.name_en.startswith("Glorfindel") for card in search_cards("Glorfindl"))


def test_free_word_searches_card_text():
    in_text = orm(text_en__icontains="discarded")
    assert in_text
    assert in_text <= codes("discarded")
    assert codes("discarded Abductor") == {"TW-1"}


def test_phrase_matches_the_words_in_order():
    result = codes('"one strike"')
    assert result
    assert result <= orm(Q(text_en__icontains="one strike") | Q(name_en__icontains="one strike"))


def test_relevance_puts_name_matches_first():
    results = list(search_cards("Aragorn")[:1])
    assert results[0].code == "TW-120"


def test_sort_and_order():
    by_prowess = list(search_cards("typ:gefahr sort:kampf order:desc")[:20])
    values = [card.prowess for card in by_prowess]
    assert values == sorted(values, reverse=True)
    ascending = list(search_cards("typ:charakter", sort="mind")[:20])
    assert [c.mind for c in ascending] == sorted(c.mind for c in ascending)
    # Form/API parameters win over the query's options.
    first = search_cards("typ:charakter sort:geist order:desc", order="asc").first()
    assert first.mind == min(
        Card.objects.filter(card_type="Character", mind__isnull=False).values_list("mind", flat=True)
    )
    names = [c.name_de for c in search_cards("typ:region")[:10]]
    assert names == sorted(names)


def test_malformed_query_raises():
    with pytest.raises(QuerySyntaxError):
        search_cards("typ:charakter (")


def test_autocomplete_prefers_prefix_and_knows_both_languages():
    results = autocomplete("Ara")
    assert results[0].name_de.startswith("Ara")
    assert len(results) <= 10
    assert any(card.code == "TW-421" for card in autocomplete("Rivend"))
    assert autocomplete("") == []


def test_other_printings_include_other_alignments():
    rivendell = Card.objects.get(code="TW-421")
    assert [card.code for card in other_printings(rivendell)] == ["AS-160"]


def test_home_site_and_region_accept_german_place_names():
    # Home sites and regions are printed in English; German users type „Bruchtal“ for Rivendell.
    assert codes("heimat:bruchtal") == codes("heimat:rivendell") == orm(home_site__icontains="rivendell")
    # „Täler des Anduin“ is the region Anduin Vales
    sites_in_region = orm(region__icontains="Anduin Vales")
    assert sites_in_region
    assert sites_in_region <= codes('region:"Täler des Anduin"')
    assert codes('region:"Täler des Anduin"') & orm(card_type="Site") == sites_in_region & orm(card_type="Site")
