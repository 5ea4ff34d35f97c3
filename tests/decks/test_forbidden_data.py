import pytest

from cards.models import Card
from decks.formats.meccg import names
from decks.formats.meccg.card_index import normalize

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


def _texts(pattern):
    return {c.code for c in Card.objects.filter(text_en__iregex=pattern)}


def test_card_texts_that_bar_a_deck_are_listed(meccg_cards):
    # Every card whose own text bars it from a Balrog or Fallen-wizard deck is refused there
    # (the book's lists plus the card-text entries noted in forbidden.toml).
    balrog = names.codes("balrog_resources") | names.codes("balrog_hazards")
    assert _texts(r"cannot be included in a balrog.s(/fallen-wizard.s)? deck") <= balrog
    assert _texts(r"cannot be included in a (balrog.s/)?fallen-wizard.s deck") <= names.codes("fallen_wizard_resources")


def test_hazards_that_need_an_agent_are_those_barred_against_minions(meccg_cards):
    barred = _texts(r"cannot be played if your opponent is a minion player")
    assert barred == set(names.codes("not_vs_minion_agent_hazards"))
