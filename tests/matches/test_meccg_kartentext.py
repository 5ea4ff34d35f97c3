"""The coverage list of MECCG card text (issue 30): GET /api/meccg/kartentext/, the page "Kartentext" with its
filter, and the note on the card page."""

import json
from pathlib import Path

import pytest

from matches.games.meccg.engine import scripts
from matches.games.meccg.engine.cardinfo import plain_text

URL = "/api/meccg/kartentext/"
PAGE = "/partien/meccg/kartentext/"
CARDS_JSON = Path(__file__).resolve().parents[3] / "shared" / "data" / "meccg" / "cards.json"

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def data():
    raw = json.loads(CARDS_JSON.read_text(encoding="utf-8"))
    return {k: c for cards in raw.values() for k, c in cards["cards"].items()}


def test_the_api_lists_every_resource_and_hazard_card_exactly(client, meccg_cards, data):
    response = client.get(URL)
    assert response.status_code == 200
    body = response.json()
    assert set(body) == {"cards"}
    wanted = {code for code, card in data.items() if card["type"] in ("Resource", "Hazard")}
    assert set(body["cards"]) == wanted
    for code, found in body["cards"].items():
        assert set(found) == {"carried_out", "text", "note"}
        assert found["text"] == plain_text(data[code]["text"].get("en", ""))
        assert isinstance(found["carried_out"], bool)
        assert found["carried_out"] == scripts.carried_out(code)
        # A proposal always says (in German) what is left to it; a carried-out card has nothing left.
        assert bool(found["note"]) != found["carried_out"], code
    assert body["cards"]["TW-209"]["carried_out"] is True  # Dodge
    assert body["cards"]["AS-80"]["carried_out"] is True  # Dark Tryst
    assert body["cards"]["TW-84"]["carried_out"] is True  # River, with the ranger's cancel
    assert body["cards"]["TW-47"]["carried_out"] is False  # Khamûl: the permanent-event's tapping is left
    assert "Ereignis" in body["cards"]["TW-47"]["note"]


def test_the_page_filters_by_status_and_name(client, meccg_cards):
    page = client.get(PAGE)
    assert page.status_code == 200
    text = page.content.decode()
    assert "Ausweichen" in text and "Vom Tisch ausgeführt" in text
    carried = client.get(PAGE, {"filter": "ausgefuehrt"}).content.decode()
    assert "Ausweichen" in carried and "(TW-47)" not in carried  # Khamûl is a proposal
    proposals = client.get(PAGE, {"filter": "vorschlag"}).content.decode()
    assert "(TW-47)" in proposals and "(TW-209)" not in proposals
    named = client.get(PAGE, {"q": "dodge"}).content.decode()
    assert "(TW-209)" in named and "(TW-47)" not in named
    assert client.get(PAGE, {"filter": "<script>"}).status_code == 200  # an unknown filter shows all


def test_the_lobby_links_the_page(client, meccg_cards):
    assert PAGE in client.get("/partien/").content.decode()


def test_card_pages_say_who_carries_the_text_out(client, meccg_cards):
    dodge = client.get("/karten/TW-209/").content.decode()
    assert "Vom Tisch ausgeführt" in dodge
    khamul = client.get("/karten/TW-47/").content.decode()
    assert "Per Vorschlag" in khamul and "Ereignis" in khamul
    site = client.get("/karten/TW-421/").content.decode()  # a site: no such note
    assert "Vom Tisch ausgeführt" not in site and "Per Vorschlag" not in site
