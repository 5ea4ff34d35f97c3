"""The deck editor's search: exact names first, the deck's own alignment above others, and a character found
goes into the part being built (the pool while the pool is being built)."""

import re

import pytest
from django.contrib.auth import get_user_model

from decks import services
from decks.card_search import ranked
from decks.selectors import search_cards

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _cards(meccg_cards):
    """The session's MECCG import."""


@pytest.fixture
def frodo(db):
    return get_user_model().objects.create_user("frodo", password="x")


def codes(query, alignment="Hero"):
    return [card.code for card in search_cards(query, alignment)]


def test_the_site_of_the_decks_alignment_comes_first():
    assert codes("Bruchtal")[:2] == ["TW-421", "AS-160"]  # hero Rivendell, then the minion one
    assert codes("Bruchtal", "Minion")[:2] == ["AS-160", "TW-421"]
    assert codes("Rivendell")[0] == "TW-421"  # the English name too


def test_the_exact_name_comes_before_names_containing_it():
    found = codes("Moria")
    assert found[0] == "TW-413"  # the hero site Moria
    assert found.index("TW-12") > max(found.index(code) for code in ("TW-413", "LE-392", "BA-93"))
    assert codes("Moria", "Balrog")[0] == "BA-93"


def test_a_name_with_more_words_than_the_card_finds_the_card_first():
    assert codes("Frodo Beutlin")[0] == "TW-152"
    assert codes("Gandalf")[0] == "TW-156"
    assert codes("gandalf", "Fallen-wizard")[0] == "WH-4"


def test_words_in_any_order_and_typos(card_index):
    assert ranked("balrog moria", card_index, "Hero")[0].code == "TW-12"
    assert ranked("Aragron", card_index, "Hero")[0].code == "TW-120"
    assert ranked("x", card_index, "Hero") == []


def _selected_part(page: str, code: str) -> str:
    select = re.search(rf'<select name="part" id="add-p-{code}">(.*?)</select>', page, re.S).group(1)
    return re.search(r'<option value="(\w+)" selected>', select).group(1)


def test_a_character_goes_into_the_part_being_built(client, frodo, meccg_cards):
    deck = services.create_deck(frodo, name="Neu", alignment="Hero")
    client.force_login(frodo)
    url = f"/decks/{deck.pk}/bearbeiten/"
    page = client.get(url, {"q": "Frodo"}).content.decode()
    assert _selected_part(page, "TW-152") == "pool"  # an empty deck: the pool is being built
    page = client.get(url, {"q": "Gandalf"}).content.decode()
    assert _selected_part(page, "TW-156") == "characters"  # a Wizard is never a starting character
    page = client.get(url, {"q": "Concealment"}).content.decode()
    assert _selected_part(page, "TW-204") == "resources"
    client.post(url, {"action": "add", "code": "TW-152", "part": "pool", "quantity": 1})
    assert _selected_part(client.get(url, {"q": "Bilbo"}).content.decode(), "TW-131") == "pool"
    client.post(url, {"action": "add", "code": "TW-156", "part": "characters", "quantity": 1})
    # the first play-deck character: the pool is done, further characters go to the play deck
    assert _selected_part(client.get(url, {"q": "Bilbo"}).content.decode(), "TW-131") == "characters"


def test_a_full_pool_sends_characters_to_the_play_deck(client, frodo, meccg_cards):
    deck = services.create_deck(
        frodo, name="Voll", alignment="Hero", entries=[("TW-152", 1, "pool"), ("TW-131", 1, "pool")]
    )
    client.force_login(frodo)
    url = f"/decks/{deck.pk}/bearbeiten/"
    assert _selected_part(client.get(url, {"q": "Aragorn II"}).content.decode(), "TW-120") == "pool"
    deck.entries.filter(card__code="TW-131").update(quantity=9)  # ten characters in the pool
    assert _selected_part(client.get(url, {"q": "Aragorn II"}).content.decode(), "TW-120") == "characters"


def test_results_show_english_name_and_set(client, frodo, meccg_cards):
    deck = services.create_deck(frodo, name="Neu", alignment="Hero")
    client.force_login(frodo)
    page = client.get(f"/decks/{deck.pk}/bearbeiten/", {"q": "Bruchtal"}).content.decode()
    results = page.split('class="deck-results"', 1)[1].split("</ul>", 1)[0]
    first = results.split("<li>")[1]
    assert "Bruchtal" in first and "(Rivendell)" in first and "TW-421 · The Wizards · Ort · Held" in first
