import pytest

from cards.models import Card
from decks.formats.meccg import names
from decks.formats.meccg.textformat import normalize

pytestmark = pytest.mark.django_db


def test_every_listed_code_exists(meccg_cards):
    codes = {code for rows in names.table().values() for row in rows for code in row["codes"]}
    assert codes - set(Card.objects.filter(code__in=codes).values_list("code", flat=True)) == set()


def test_book_wording_matches_unless_noted(meccg_cards):
    cards = {c.code: c for c in Card.objects.all()}
    for rows in names.table().values():
        for row in rows:
            if "note" in row or row["book"].startswith("("):
                continue
            for code in row["codes"]:
                assert normalize(row["book"]) in (normalize(cards[code].name_de), normalize(cards[code].name_en)), row
