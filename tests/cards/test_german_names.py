"""German names the card data swaps (TW-248 Great Ship / TW-249 Great-road …), corrected in the project's
German-text layer with its history, never in the shared data."""

import json

import pytest
from django.conf import settings
from django.contrib.auth.models import Group
from django.urls import reverse

from cards import german_names, services
from cards.importers.meccg import import_meccg
from cards.models import Card, GermanCardText
from cards.selectors import search_cards

pytestmark = pytest.mark.django_db
CARDS_JSON = settings.BRUCHTAL_CONTENT_DIR / "data" / "meccg" / "cards.json"


@pytest.fixture(autouse=True)
def _cards(meccg_cards):
    """The session's MECCG import (which applies the corrections)."""


def test_great_ship_and_great_road_have_their_own_german_names():
    ship, road = Card.objects.get(code="TW-248"), Card.objects.get(code="TW-249")
    assert (ship.name_en, ship.name_de) == ("Great Ship", "Großes Schiff")
    assert (road.name_en, road.name_de) == ("Great-road", "Große Straße")
    # the shared data is read, never written: it still swaps them
    raw = json.loads(CARDS_JSON.read_text(encoding="utf-8"))["TW"]["cards"]
    by_id = {card["id"]: card for card in raw.values()}
    assert by_id["TW-248"]["name"]["de"] == "Große Straße" and ship.names["de"] == "Große Straße"


def test_each_correction_is_a_recorded_version_with_its_reason():
    for correction in german_names.corrections():
        german = GermanCardText.objects.get(card__code=correction.code)
        assert german.name == correction.name
        assert Card.objects.get(code=correction.code).name_de == correction.name
        [version] = german.history.all()
        assert version.history_user is None and version.name == correction.name
        assert version.note.startswith(f"Name korrigiert: „{correction.data}“ → „{correction.name}“")
        assert german.text == ""  # a name alone: the card still counts as having no German text


def test_a_german_search_lands_on_the_right_card():
    assert search_cards("Großes Schiff")[0].code == "TW-248"
    assert search_cards("Große Straße")[0].code == "TW-249"
    assert search_cards('!"Dôgrib"')[0].code == "LE-7"


def test_reimport_keeps_the_corrections_and_changes_nothing():
    summary = import_meccg(CARDS_JSON)
    assert (summary.created, summary.updated) == (0, 0)
    assert Card.objects.get(code="TW-248").name_de == "Großes Schiff"
    assert GermanCardText.objects.get(card__code="TW-248").history.count() == 1  # applied once


def test_an_editors_name_wins_and_is_versioned(django_user_model):
    editor = django_user_model.objects.create_user("elrond", "e@bruchtal.example", "Mittelerde-2026!")
    editor.groups.add(Group.objects.get(name="Kartenredaktion"))
    card = Card.objects.get(code="TW-248")
    services.save_german_text(card, editor, text="", flavour="", status="draft", note="", name="Das große Schiff")
    assert german_names.apply() == 0
    card.refresh_from_db()
    assert card.name_de == "Das große Schiff"
    german = GermanCardText.objects.get(card=card)
    first = german.history.order_by("history_date").first()
    services.revert_german_text(card, first.history_id, editor)
    card.refresh_from_db()
    assert card.name_de == "Großes Schiff" and german.history.count() == 3
    services.save_german_text(card, editor, text="", flavour="", status="draft", name="")
    card.refresh_from_db()
    assert card.name_de == "Große Straße"  # an emptied name gives the card the data's name back


def test_a_correction_the_data_no_longer_needs_is_skipped():
    card = Card.objects.get(code="TW-249")
    GermanCardText.objects.filter(card=card).delete()
    Card.objects.filter(pk=card.pk).update(names={**card.names, "de": "Große Straße"})  # fixed upstream
    messages = []
    german_names.apply(messages.append)
    assert any("TW-249 übersprungen" in message for message in messages)
    assert not GermanCardText.objects.filter(card=card).exists()


def test_card_page_and_history_say_so(client):
    page = client.get(reverse("cards:detail", args=["TW-248"])).content.decode()
    assert "<h1>Großes Schiff</h1>" in page
    assert "Deutscher Name berichtigt: Die Kartendaten nennen diese Karte „Große Straße“." in page
    history = client.get(reverse("cards:german_history", args=["TW-248"])).content.decode()
    assert "Name korrigiert: „Große Straße“ → „Großes Schiff“" in history


def test_deck_lists_read_the_corrected_names(client, django_user_model):
    client.force_login(django_user_model.objects.create_user("sam", "s@auenland.example", "Kartoffeln-2026!"))
    body = {"alignment": "Hero", "text": "Großes Schiff\nGroße Straße\n"}
    data = client.post("/api/decks/import/", body, content_type="application/json").json()
    assert data["errors"] == []
    assert [(e["code"], e["name_de"]) for e in data["entries"]] == [
        ("TW-248", "Großes Schiff"),
        ("TW-249", "Große Straße"),
    ]
