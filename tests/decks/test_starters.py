"""Issue 31: starter decks — one per alignment, legal by the tournament check against every opponent, read the same by
the editor's parser and by the pure reader free play uses, offered in the deck pages (taken over into one's decks)."""

import pytest

from decks.formats.meccg.check import check
from decks.formats.meccg.model import DeckDescription, Entry
from decks.formats.meccg.textformat import parse
from decks.models import Deck
from decks.starters import STARTERS, entries

OPPONENTS = ("", "Hero", "Minion", "Fallen-wizard", "Balrog")


def test_there_is_a_starter_deck_for_every_alignment():
    assert {s.alignment for s in STARTERS} == {"Hero", "Minion", "Fallen-wizard", "Balrog"}


@pytest.mark.parametrize("starter", STARTERS, ids=lambda s: s.slug)
def test_each_starter_deck_is_tournament_legal_against_every_opponent(card_index, starter):
    parsed = parse(starter.text(), card_index, starter.alignment)
    assert parsed.errors == []
    deck_entries = [Entry(e.card, e.quantity, e.part) for e in parsed.merged()]
    for opponent in OPPONENTS:
        result = check(DeckDescription(deck_entries, starter.alignment, starter.fallen_wizard, opponent))
        assert result.legal, (opponent, [p.message for p in result.problems if p.severity == "error"])


@pytest.mark.parametrize("starter", STARTERS, ids=lambda s: s.slug)
def test_the_pure_reader_reads_what_the_editors_parser_reads(card_index, starter):
    parsed = parse(starter.text(), card_index, starter.alignment)
    by_parser = sorted((e.card.code, e.quantity, e.part) for e in parsed.merged())
    assert sorted(tuple(e) for e in entries(starter.slug)) == by_parser


@pytest.mark.django_db
def test_the_deck_pages_offer_the_starter_decks_and_take_one_over(client, meccg_cards, django_user_model):
    user = django_user_model.objects.create_user("merry", "merry@auenland.example", "Bockland-3019")
    text = client.get("/decks/").content.decode()
    assert "Startdecks" in text and "Startdeck Balrog: Aus den Tiefen Morias" in text
    assert 'action="/decks/startdeck/helden/"' not in text  # taking over needs an account
    client.force_login(user)
    assert 'action="/decks/startdeck/helden/"' in client.get("/decks/").content.decode()
    response = client.post("/decks/startdeck/helden/")
    deck = Deck.objects.get(owner=user)
    assert response.status_code == 302 and response["Location"] == f"/decks/{deck.pk}/bearbeiten/"
    assert deck.name == "Startdeck Helden: Die Gemeinschaft aus Bruchtal" and deck.alignment == "Hero"
    assert sum(e.quantity for e in deck.entries.all()) == sum(e[1] for e in entries("helden"))
    editor = client.get(f"/decks/{deck.pk}/bearbeiten/").content.decode()
    assert "regelkonform" in editor and "nicht regelkonform" not in editor
    response = client.post("/decks/startdeck/gibtsnicht/")
    assert response.status_code == 302 and Deck.objects.filter(owner=user).count() == 1
    assert client.get("/decks/startdeck/helden/").status_code == 405
