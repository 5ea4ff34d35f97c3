"""Characters the database refuses and oversized bodies: a clear 400/413 everywhere, never a 500."""

import json

import pytest
from django.contrib.auth import get_user_model

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "url",
    [
        "/karten/?q=Ara%00gorn",
        "/karten/Ara%00gorn/",
        "/regeln/suche/?q=Zug%00",
        "/regeln/meccg/%00/",
        "/decks/?q%00=1",
        "/?x=%00",
    ],
)
def test_nul_byte_in_page_url_is_a_german_400(client, url):
    response = client.get(url)
    assert response.status_code == 400
    body = response.content.decode()
    assert "Null-Byte" in body
    assert response["Content-Type"].startswith("text/html")


@pytest.mark.parametrize(
    "url", ["/api/cards/?q=Ara%00gorn", "/api/rules/search/?q=%00", "/api/cards/%00/", "/api/decks/?page=%00"]
)
def test_nul_byte_in_api_url_is_the_api_error_object(client, url):
    response = client.get(url)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid_character"
    assert "Null-Byte" in error["message"]


def test_nul_byte_and_lone_surrogate_in_json_body(client):
    for text in ("Gandalf\\u0000", "\\ud800 Gandalf"):
        body = '{"alignment": "hero", "text": "1 ' + text + '"}'
        response = client.post("/api/decks/check/", body, content_type="application/json")
        assert response.status_code == 400, text
        assert response.json()["error"]["code"] == "invalid_character"
        assert response.json()["error"]["details"] == {"field": "JSON-Daten"}
    # An escaped emoji (a valid surrogate pair) is fine and reaches the view.
    response = client.post(
        "/api/decks/check/", json.dumps({"alignment": "hero", "text": "1 Gandalf 🧙"}), content_type="application/json"
    )
    assert response.status_code != 500
    assert response.json().get("error", {}).get("code") != "invalid_character"


def test_nul_byte_in_form_field_names_the_field(client):
    response = client.post(
        "/konto/registrieren/",
        {"username": "fro\x00do", "email": "f@auenland.example", "password1": "x", "password2": "x"},
    )
    assert response.status_code == 400
    body = response.content.decode()
    assert "Null-Byte" in body and "username" in body
    assert not get_user_model().objects.exists()


def test_oversized_body_is_a_413_in_the_api_format(client, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    body = json.dumps({"alignment": "hero", "text": "1 Gandalf\n" * 200})
    response = client.post("/api/decks/check/", body, content_type="application/json")
    assert response.status_code == 413
    error = response.json()["error"]
    assert error["code"] == "request_too_large"
    assert "höchstens 1000 Bytes" in error["message"]
    assert error["details"]["limit"] == 1000


def test_oversized_form_is_a_german_413_page(client, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    response = client.post("/konto/anmelden/", {"username": "x" * 2000, "password": "y"})
    assert response.status_code == 413
    assert "Die Anfrage ist zu groß" in response.content.decode()


def test_too_many_fields_is_a_german_400(client, settings):
    settings.DATA_UPLOAD_MAX_NUMBER_FIELDS = 10
    response = client.post("/konto/anmelden/", {f"f{i}": "1" for i in range(20)})
    assert response.status_code == 400
    assert "zu viele Felder" in response.content.decode()


def test_english_visitor_gets_the_refusal_in_english(client):
    client.cookies["django_language"] = "en"
    response = client.get("/api/cards/?q=%00")
    assert response.status_code == 400
    assert "Null-Byte" not in response.json()["error"]["message"]
