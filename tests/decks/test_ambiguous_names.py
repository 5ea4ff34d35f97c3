"""Different cards with one German name ("Versteck": Concealment TW-204, Hiding TW-256): the paste, the API
and the editor ask which is meant, and tell them apart; printings of one card are no ambiguity."""

import re

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from decks.formats.meccg.textformat import parse
from decks.models import DeckEntry

from .test_pages import make

pytestmark = pytest.mark.django_db


@pytest.fixture
def frodo(db):
    return get_user_model().objects.create_user("frodo", password="x")


def test_a_shared_german_name_is_a_line_error_naming_both_cards(card_index):
    result = parse("Gefahren\n3 Versteck", card_index, "Hero")
    assert result.entries == []
    [error] = result.errors
    assert error.line == 2 and error.choices == ["TW-204", "TW-256"]
    assert error.message.startswith(
        "Zeile 2: „Versteck“ heißen mehrere Karten: Concealment (TW-204) oder Hiding (TW-256)."
    )
    assert error.suggestions == ["Versteck (TW-204)", "Versteck (TW-256)"]


@pytest.mark.parametrize(
    ("line", "alignment", "code"),
    [
        ("3 Versteck (TW-256)", "Hero", "TW-256"),  # the code decides
        ("3 Hiding", "Hero", "TW-256"),  # the English name is not shared
        ("Concealment", "Hero", "TW-204"),
        ("Bruchtal", "Hero", "TW-421"),  # printings of one card: the deck's alignment picks, no question
        ("Bruchtal", "Minion", "AS-160"),
        ("Geringerer Ring", "Hero", "TW-266"),  # two cards, but only the Lesser Ring is a hero card
        ("Geringerer Ring", "Minion", "LE-324"),
    ],
)
def test_what_is_not_ambiguous(card_index, line, alignment, code):
    result = parse(line, card_index, alignment)
    assert not result.errors, result.errors[0].message
    assert [e.card.code for e in result.entries] == [code]


def test_paste_page_asks_with_english_name_set_and_text(client, frodo, meccg_cards):
    client.force_login(frodo)
    data = {"name": "Neu", "alignment": "Hero", "visibility": "private", "text": "2 Gandalf\n3 Versteck"}
    page = client.post("/decks/neu/", {**data, "preview": "1"}).content.decode()
    assert "Welche Karte meinst du in Zeile 2?" in page
    for code, english in (("TW-204", "Concealment"), ("TW-256", "Hiding")):
        assert f'value="2|Versteck ({code})"' in page
        assert f'<span lang="en">{english}</span> · The Wizards · Unterstützung · Held' in page
    assert "Tap scout to cancel one attack against his company." in page  # Concealment's text, one line
    assert re.search(r"Scout only\. Playable at the end of the organization phase\.[^<]* …</small>", page)
    assert 'disabled aria-describedby="save-blocked"' in page  # not saved while a line is open
    # Choosing a card replaces the line, keeping its quantity; then the list reads and can be saved.
    page = client.post("/decks/neu/", {**data, "replace": "2|Versteck (TW-256)"}).content.decode()
    assert "3 Versteck (TW-256)" in page and "Welche Karte meinst du" not in page
    client.post("/decks/neu/", {**data, "text": "2 Gandalf\n3 Versteck (TW-256)", "confirm": "1"})
    deck = frodo.decks.get()
    assert DeckEntry.objects.get(deck=deck, card__code="TW-256").quantity == 3


def test_api_import_refuses_an_ambiguous_line_with_a_german_400(frodo, meccg_cards):
    client = APIClient()
    client.force_authenticate(frodo)
    body = {"text": "2 Gandalf\n3 Versteck", "alignment": "Hero", "name": "H", "confirm": True}
    response = client.post("/api/decks/import/", body, format="json")
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "import_errors" and "1 fehlerhafte Zeile" in error["message"]
    [line] = error["details"]["lines"]
    assert line["line"] == 2 and line["text"] == "3 Versteck"
    assert "Concealment (TW-204) oder Hiding (TW-256)" in line["message"]
    assert line["suggestions"] == ["Versteck (TW-204)", "Versteck (TW-256)"]
    assert [(c["code"], c["name_en"], c["set"]) for c in line["choices"]] == [
        ("TW-204", "Concealment", "The Wizards"),
        ("TW-256", "Hiding", "The Wizards"),
    ]
    assert line["choices"][0]["text"].startswith("Scout only. Tap scout")
    assert frodo.decks.count() == 0
    # the preview answers 200 with the same line; an unambiguous line keeps its old shape (no "choices")
    body = {"text": "3 Gandalv\n3 Versteck", "alignment": "Hero", "name": "H"}
    preview = client.post("/api/decks/import/", body, format="json").json()
    assert set(preview["errors"][0]) == {"line", "text", "message", "suggestions"}
    assert [c["code"] for c in preview["errors"][1]["choices"]] == ["TW-204", "TW-256"]
    check = client.post("/api/decks/check/", {"text": "3 Versteck", "alignment": "Hero"}, format="json")
    assert check.status_code == 400 and check.json()["error"]["details"]["lines"][0]["choices"]


def test_editor_rows_and_results_tell_the_cards_apart(client, frodo, meccg_cards):
    deck = make(frodo)
    client.force_login(frodo)
    url = f"/decks/{deck.pk}/bearbeiten/"
    for code in ("TW-204", "TW-256"):
        client.post(url, {"action": "add", "code": code, "part": "resources", "quantity": 1})
    page = client.get(url, {"q": "Versteck"}).content.decode()
    rows = page.split('id="deck-cards"', 1)[1]
    assert 'Versteck <span class="name-en" lang="en">(Concealment)</span> <small>TW-204</small>' in rows
    assert 'Versteck <span class="name-en" lang="en">(Hiding)</span> <small>TW-256</small>' in rows
    results = page.split('class="deck-results"', 1)[1].split("</ul>", 1)[0]
    assert "(Concealment)</span> <small>TW-204 · The Wizards · Unterstützung · Held</small>" in results
    assert '<small class="card-choice-text">Scout only. Tap scout to cancel one attack' in results
    # a name no other card bears gets no text line
    page = client.get(url, {"q": "Gandalf"}).content.decode()
    assert "card-choice-text" not in page.split('class="deck-results"', 1)[1].split("</ul>", 1)[0]
