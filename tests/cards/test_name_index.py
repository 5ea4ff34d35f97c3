"""The name words behind typo tolerance and "Meintest du" are kept per content version: a renamed card counts."""

import pytest
from django.conf import settings

from cards.models import Card
from cards.query import parse
from cards.selectors import search
from cards.suggestions import did_you_mean

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _cards(meccg_cards):
    return meccg_cards


def test_a_renamed_card_is_found_by_a_typo_and_suggested_at_once():
    card = Card.objects.filter(name_de__icontains="Aragorn").first()
    assert did_you_mean("Zwackelmahn", parse("Zwackelmahn"), lambda t: search(t).cards.count()) == []
    card.name_de = "Zwackelmann"
    card.save()  # a new content version: the kept name words are read anew
    suggestions = did_you_mean("Zwackelmahn", parse("Zwackelmahn"), lambda t: search(t).cards.count())
    assert [s.query for s in suggestions] == ["Zwackelmann"]
    if not settings.IS_POSTGRES:  # SQLite's near misses come from the kept index (PostgreSQL uses trigrams)
        assert card in list(search("Zwackelmahn").cards)
