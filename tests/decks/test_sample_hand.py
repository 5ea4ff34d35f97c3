"""Probehand: sampled opening hands and hypergeometric odds."""

import random
from math import comb

import pytest

from decks import sample_hand
from decks.formats.meccg.textformat import parse

from .conftest import DATA

pytestmark = pytest.mark.django_db


def _entries(card_index):
    return parse((DATA / "hero.txt").read_text(encoding="utf-8"), card_index, "Hero").merged()


def test_hand_is_eight_cards_of_the_play_deck_only(card_index):
    entries = _entries(card_index)
    deck = sample_hand.play_deck(entries)
    assert len(deck) == sum(e.quantity for e in entries if e.part in ("characters", "resources", "hazards"))
    hand = sample_hand.draw(entries, rng=random.Random(1))
    assert len(hand) == 8
    assert all(part in ("characters", "resources", "hazards") for _card, part in hand)
    # Drawn without replacement: no card appears more often than the deck holds it.
    counts = {}
    for card, _part in hand:
        counts[card.code] = counts.get(card.code, 0) + 1
    held = {e.card.code: e.quantity for e in entries if e.part in ("characters", "resources", "hazards")}
    assert all(counts[code] <= held[code] for code in counts)
    # Different draws differ (server-side shuffle, "neu ziehen").
    hands = {tuple(c.code for c, _p in sample_hand.draw(entries)) for _ in range(20)}
    assert len(hands) > 1


def test_hypergeometric_odds():
    # 3 copies in 60 cards, 8 drawn: 1 - C(57,8)/C(60,8).
    assert sample_hand.at_least_one(60, 3, 8) == pytest.approx(1 - comb(57, 8) / comb(60, 8))
    assert sample_hand.at_least_one(60, 3, 8) == pytest.approx(0.3542, abs=1e-4)
    assert sample_hand.at_least_one(10, 10, 1) == 1.0
    assert sample_hand.at_least_one(60, 0, 8) == 0.0


def test_odds_for_a_card_and_a_type(card_index):
    entries = _entries(card_index)
    deck_size = len(sample_hand.play_deck(entries))
    gandalf = sample_hand.odds(entries, code="TW-156", turns=3)
    assert gandalf.wanted == 2 and gandalf.population == deck_size
    assert gandalf.opening == pytest.approx(sample_hand.at_least_one(deck_size, 2, 8))
    assert [t for t, _p in gandalf.by_turn] == [1, 2, 3]
    assert gandalf.by_turn[-1][1] == pytest.approx(sample_hand.at_least_one(deck_size, 2, 11))
    assert gandalf.opening < gandalf.by_turn[0][1] < gandalf.by_turn[-1][1]
    hazards = sample_hand.odds(entries, card_type="Hazard")
    assert hazards.wanted == sum(e.quantity for e in entries if e.part == "hazards" and e.card.card_type == "Hazard")
    assert sample_hand.odds(entries, code="XX-1") is None


def test_probehand_page(client, meccg_cards, django_user_model):
    from decks import services

    owner = django_user_model.objects.create_user("rosie", password="x")
    deck = services.import_deck(
        owner, text=(DATA / "hero.txt").read_text(encoding="utf-8"), name="Probe", alignment="Hero", visibility="public"
    )
    page = client.get(f"/decks/{deck.pk}/probehand/?karte=TW-156&zuege=3")
    assert page.status_code == 200
    html = page.content.decode()
    hand = html.split('<ol class="deck-list">', 1)[1].split("</ol>", 1)[0]
    assert hand.count("<li>") == 8
    assert "Neu ziehen" in html and "Starthand (8 Karten)" in html and "bis Zug 3" in html
    assert client.get(f"/decks/{deck.pk}/probehand/?karte=typ:Hazard").status_code == 200
    assert client.get(f"/decks/{deck.pk}/probehand/?karte=XX&zuege=abc").status_code == 200
