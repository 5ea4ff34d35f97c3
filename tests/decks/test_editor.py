"""The deck editor: +/– in place, asking before deleting, paste errors with replace buttons."""

import pytest

from decks.models import DeckEntry

from .test_pages import frodo, make  # noqa: F401 - the fixture is used by name

pytestmark = pytest.mark.django_db
LIVE = {"HTTP_X_REQUESTED_WITH": "fetch"}


def test_plus_and_minus_change_quantities_in_place(client, frodo, meccg_cards):  # noqa: F811
    deck = make(frodo)
    client.force_login(frodo)
    url = f"/decks/{deck.pk}/bearbeiten/"
    before = DeckEntry.objects.get(deck=deck, card__code="TW-156", part="characters").quantity
    response = client.post(url, {"action": "add", "code": "TW-156", "part": "characters", "quantity": 1}, **LIVE)
    assert response.status_code == 200
    body = response.json()
    assert set(body) == {"cards", "check"}
    assert f'value="{before + 1}"' in body["cards"] and "Deckprüfung" in body["check"]
    response = client.post(
        url, {"action": "quantity", "code": "TW-156", "part": "characters", "quantity": before}, **LIVE
    )
    assert response.status_code == 200
    assert DeckEntry.objects.get(deck=deck, card__code="TW-156", part="characters").quantity == before
    # Both a +/– form and the number field sit beside each card; without JavaScript they post normally.
    page = client.get(url).content.decode()
    assert "data-live" in page and "editor.js" in page and 'aria-label="Ein Exemplar von Gandalf entfernen"' in page
    response = client.post(url, {"action": "add", "code": "TW-156", "part": "characters", "quantity": 1})
    assert response.status_code == 302


def test_live_change_with_bad_input_is_a_german_400(client, frodo, meccg_cards):  # noqa: F811
    deck = make(frodo)
    client.force_login(frodo)
    response = client.post(
        f"/decks/{deck.pk}/bearbeiten/", {"action": "add", "code": "TW-156", "part": "x", "quantity": 1}, **LIVE
    )
    assert response.status_code == 400 and "ungültig" in response.json()["error"]


def test_delete_asks_first(client, frodo, meccg_cards):  # noqa: F811
    deck = make(frodo)
    client.force_login(frodo)
    page = client.get(f"/decks/{deck.pk}/loeschen/")
    assert page.status_code == 200 and "endgültig" in page.content.decode()
    assert frodo.decks.count() == 1
    assert client.post(f"/decks/{deck.pk}/loeschen/").status_code == 302
    assert frodo.decks.count() == 0


def test_suggestion_button_replaces_the_line_and_save_is_blocked_with_reason(client, frodo, meccg_cards):  # noqa: F811
    client.force_login(frodo)
    data = {"name": "Neu", "alignment": "Hero", "visibility": "private", "text": "2 Aragorn II\n3 Gandalv"}
    html = client.post("/decks/neu/", {**data, "preview": "1"}).content.decode()
    assert 'name="replace" value="2|Gandalf"' in html
    assert "disabled" in html and "Speichern ist gesperrt: 1 Zeile ist nicht lesbar" in html
    html = client.post("/decks/neu/", {**data, "replace": "2|Gandalf"}).content.decode()
    assert "3 Gandalf" in html and "Speichern ist gesperrt" not in html
    assert frodo.decks.count() == 0


def test_autocomplete_choice_with_code_finds_that_printing(client, frodo, meccg_cards):  # noqa: F811
    deck = make(frodo)
    client.force_login(frodo)
    html = client.get(f"/decks/{deck.pk}/bearbeiten/", {"q": "Saruman (WH-9)"}).content.decode()
    results = html.split('class="deck-results"', 1)[1].split("</ul>", 1)[0]
    assert results.count("<li>") == 1 and "WH-9" in results
    # The labels the script shows beside cards that share a name are German.
    assert 'id="deck-card-labels"' in html and "Gefallener Zauberer" in html
