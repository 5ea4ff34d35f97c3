"""The schlüssel:/keyed: field: region and site symbols a creature is playable at (the data's ``playable``)."""

import re

import pytest
from django.urls import reverse
from django.utils import translation

from cards.models import Card
from cards.query import QuerySyntaxError, parse
from cards.query.describe import describe
from cards.query.nodes import Field, Not
from cards.selectors import search_cards


@pytest.fixture(autouse=True)
def _german():
    """Messages are checked in German, whatever language an earlier test's request left active."""
    with translation.override("de"):
        yield


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("schlüssel:ww", (("{w}", 2),)),
        ("schluessel:ww", (("{w}", 2),)),
        ("keyed:{w}{w}", (("{w}", 2),)),
        ("key:WW", (("{w}", 2),)),  # w is only a region: either case
        ("schlüssel:R", (("{R}", 1),)),
        ("schlüssel:r", (("{R}", 1),)),  # r is only a site (Ruinen)
        ("schlüssel:s", (("{s}", 1),)),  # s: Schattenland …
        ("schlüssel:S", (("{S}", 1),)),  # … S: Schattenfeste
        ("schlüssel:Rww", (("{w}", 2), ("{R}", 1))),
        ("schlüssel:wildnis+ruinen", (("{w}", 1), ("{R}", 1))),
        ('keyed:"wilderness wilderness"', (("{w}", 2),)),
        ("schlüssel:shadow-hold", (("{S}", 1),)),
        ("schlüssel:Küstengewässer", (("{c}", 1),)),
        ("gebunden:dunkle-feste", (("{D}", 1),)),
    ],
)
def test_values_in_letters_braces_and_names(text, value):
    assert parse(text).expr == Field("keyed", "=", value, 0)


def test_negation_and_not_equal():
    assert parse("-schlüssel:R").expr == Not(Field("keyed", "=", (("{R}", 1),), 1), 0)
    assert parse("schlüssel!=R").expr == Field("keyed", "!=", (("{R}", 1),), 0)


@pytest.mark.parametrize(
    ("text", "position", "fragment"),
    [
        ("schlüssel:wx", 11, "„x“"),  # the very letter
        ("untertyp:kreatur schlüssel:wwq", 29, "„q“"),
        ('schlüssel:"w x"', 13, "„x“"),  # inside quotes
        ("keyed:{w}{q}", 9, "„{q}“"),
        ("schlüssel:wildnis+7", 18, "„7“"),
        ("schlüssel<3", 0, "Der Vergleich „<“ geht bei „schlüssel“ nicht"),
        ("schlüssel:ww<3", 12, "„<“"),
    ],
)
def test_errors_name_the_position_in_german(text, position, fragment):
    with pytest.raises(QuerySyntaxError) as info:
        parse(text)
    assert info.value.position == position
    assert fragment in info.value.message_de
    assert f"bei Zeichen {position + 1}" in info.value.message_de


def test_described_in_german():
    assert describe(parse("untertyp:kreatur schlüssel:ww")) == "Untertyp: „Kreatur“ und Schlüssel: „2 × Wildnis“"
    assert describe(parse("keyed:RS")) == "Schlüssel: „Ruinen und Höhlen, Schattenfeste“"


@pytest.mark.django_db
class TestAgainstTheCardData:
    @pytest.fixture(autouse=True)
    def _cards(self, meccg_cards):
        """The session's MECCG import."""

    @staticmethod
    def _keyed(symbol, at_least, creatures_only=True):
        """Counted from the data's ``playable`` field in Python, independently of the query's regular expression."""
        found = set()
        for card in Card.objects.exclude(attributes__playable=None):
            playable = card.attributes.get("playable") or ""
            if creatures_only and "Creature" not in card.subtype:
                continue
            if re.findall(r"\{\w+\}", playable).count(symbol) >= at_least:
                found.add(card.code)
        return found

    def test_creatures_playable_at_two_wildernesses(self):
        found = set(search_cards("untertyp:kreatur schlüssel:ww").values_list("code", flat=True))
        assert found == self._keyed("{w}", 2)
        assert len(found) == 32  # the creatures the card data keys to {w}{w} (or more wildernesses)

    def test_ruins_and_lairs_is_not_a_region(self):
        found = set(search_cards("keyed:R").values_list("code", flat=True))
        assert found == self._keyed("{R}", 1, creatures_only=False)
        shadow_land = set(search_cards("schlüssel:s").values_list("code", flat=True))
        shadow_hold = set(search_cards("schlüssel:S").values_list("code", flat=True))
        assert shadow_land == self._keyed("{s}", 1, creatures_only=False)
        assert shadow_hold == self._keyed("{S}", 1, creatures_only=False)
        assert shadow_land != shadow_hold

    def test_negation_also_finds_cards_keyed_to_nothing(self):
        keyed = search_cards("schlüssel:ww").count()
        assert search_cards("-schlüssel:ww").count() == Card.objects.count() - keyed
        assert search_cards("typ:ort -schlüssel:ww").count() == Card.objects.filter(card_type="Site").count()

    def test_page_suggests_the_field_for_symbols_in_text(self, client):
        page = client.get(reverse("cards:index"), {"q": "untertyp:kreatur text:{w}{w}"}).content.decode()
        assert "untertyp:kreatur schlüssel:ww" in page

    def test_page_error_points_at_the_letter(self, client):
        response = client.get(reverse("cards:index"), {"q": "schlüssel:wx"})
        assert response.status_code == 400
        page = response.content.decode()
        assert "Unbekanntes Schlüsselsymbol „x“" in page and "bei Zeichen 12" in page

    def test_api_error_is_a_german_400(self, client):
        response = client.get("/api/cards/", {"q": "keyed:Q"})
        assert response.status_code == 400
        body = response.json()
        assert "Schlüsselsymbol „Q“" in str(body)

    def test_help_page_documents_the_field(self, client):
        page = client.get(reverse("cards:help")).content.decode()
        assert "<code>schlüssel:</code> / <code>keyed:</code>" in page
