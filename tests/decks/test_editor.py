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
    assert set(body) == {"cards", "check", "stats", "status"}
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
    # The deck page's button posts; without JavaScript (no "confirmed" from the dialog) the page asks.
    detail = client.get(f"/decks/{deck.pk}/").content.decode()
    assert f'action="/decks/{deck.pk}/loeschen/"' in detail and "data-confirm=" in detail and "confirm.js" in detail
    page = client.post(f"/decks/{deck.pk}/loeschen/")
    assert page.status_code == 200 and 'name="confirmed"' in page.content.decode()
    assert frodo.decks.count() == 1
    assert client.post(f"/decks/{deck.pk}/loeschen/", {"confirmed": "1"}).status_code == 302
    assert frodo.decks.count() == 0


def test_live_change_answers_list_check_statistics_and_a_status(client, frodo, meccg_cards):  # noqa: F811
    deck = make(frodo)
    client.force_login(frodo)
    url = f"/decks/{deck.pk}/bearbeiten/"
    gone = {"action": "quantity", "code": "TW-156", "part": "characters", "quantity": 0}
    body = client.post(url, gone, **LIVE).json()
    assert "Statistik" in body["stats"]
    assert body["status"].startswith("Gandalf (Spielstapel-Charaktere): entfernt. Deckprüfung: ")
    body = client.post(url, {"action": "add", "code": "TW-156", "part": "characters", "quantity": 3}, **LIVE).json()
    assert body["status"].startswith("Gandalf (Spielstapel-Charaktere): jetzt 3. Deckprüfung: ")
    total = sum(e.quantity for e in DeckEntry.objects.filter(deck=deck))
    assert body["status"].endswith(f"Karten gesamt: {total}.")


def test_probehand_odds_show_one_decimal_and_never_round_to_certainty(client, frodo, meccg_cards):  # noqa: F811
    deck = make(frodo)
    client.force_login(frodo)
    html = client.get(f"/decks/{deck.pk}/probehand/", {"karte": "typ:Hazard", "zuege": "3"}).content.decode()
    # 30 hazards of 65: 11 cards miss them all with chance C(35,11)/C(65,11) (about 0.03 %), so not "100,0 %".
    assert "„Gefahren“: 30 von 65 Karten" in html and "über 99,9 %" in html and "100,0 %" not in html
    html = client.get(f"/decks/{deck.pk}/probehand/", {"karte": "TW-156", "zuege": "0"}).content.decode()
    # Gandalf, 2 of 65, in 8 cards: 1 - C(63,8)/C(65,8) = 23.3 %.
    assert "23,3 %" in html


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
