"""Card API: search, filters, detail, autocomplete, errors, schema."""

import pytest
from django.db.models import Q

from cards.models import Card

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _cards(meccg_cards):
    """Every test here reads the session's MECCG import."""


def test_list_is_paginated(client):
    body = client.get("/api/cards/").json()
    assert body["count"] == 1683
    assert body["previous"] is None
    assert "page=2" in body["next"]
    assert len(body["results"]) == 25


def test_query_parameter_uses_the_query_language(client):
    body = client.get("/api/cards/", {"q": "Aragron"}).json()
    assert body["results"][0]["code"] == "TW-120"
    assert body["results"][0]["name_de"] == "Aragorn II"
    body = client.get("/api/cards/", {"q": "typ:charakter geist>=9", "page_size": 100}).json()
    assert body["count"] == len(body["results"])
    assert all(r["card_type"] == "Character" and r["mind"] >= 9 for r in body["results"])


def test_django_filter_filters(client):
    body = client.get("/api/cards/", {"type": "Site", "alignment": "Minion", "set": "le", "game": "meccg"}).json()
    assert body["count"] > 0
    assert all(r["card_type"] == "Site" and r["alignment"] == "Minion" and r["set"] == "LE" for r in body["results"])
    unique = client.get("/api/cards/", {"unique": "true", "type": "Character"}).json()
    assert all(r["is_unique"] for r in unique["results"])


def test_sort_parameters(client):
    body = client.get("/api/cards/", {"q": "typ:gefahr", "sort": "prowess", "order": "desc"}).json()
    values = [r["prowess"] for r in body["results"]]
    assert values == sorted(values, reverse=True)


def test_malformed_query_is_a_400_with_position(client):
    response = client.get("/api/cards/", {"q": "geist>=viel"})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "query_syntax"
    assert error["details"] == {"position": 7}
    assert "ganze Zahl" in error["message"] and "bei Zeichen 8" in error["message"]


@pytest.mark.parametrize(
    ("params", "code"),
    [({"sort": "farbe"}, "invalid_sort"), ({"order": "seitwärts"}, "invalid_order"), ({"type": "Drache"}, "invalid")],
)
def test_bad_parameters_are_400_json(client, params, code):
    response = client.get("/api/cards/", params)
    assert response.status_code == 400
    assert response.json()["error"]["code"] == code
    assert response.json()["error"]["message"]


@pytest.mark.parametrize(
    ("value", "unique"),
    [("true", True), ("1", True), ("ja", True), ("True", True), ("false", False), ("0", False), ("nein", False)],
)
def test_unique_filter_reads_yes_and_no(client, value, unique):
    body = client.get("/api/cards/", {"unique": value, "page_size": 100}).json()
    assert body["count"] == Card.objects.filter(is_unique=unique).count() < Card.objects.count()
    assert {r["is_unique"] for r in body["results"]} == {unique}


@pytest.mark.parametrize("value", ["xyz", "2", "yes please", "-1"])
def test_unique_filter_rejects_anything_else(client, value):
    response = client.get("/api/cards/", {"unique": value})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid_unique"
    assert f"nicht „{value}“" in error["message"] and "true oder false" in error["message"]
    assert "ja" in error["details"]["unique"]


def test_detail_by_code(client):
    body = client.get("/api/cards/TW-120/").json()
    assert body["name_en"] == "Aragorn II"
    assert body["mind"] == 9 and body["mind_raw"] == "9"
    assert body["home_site"] == "Bree"
    assert "<p>" in body["text_en"]
    response = client.get("/api/cards/XX-999/")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"


def test_autocomplete(client):
    body = client.get("/api/cards/autocomplete/", {"q": "Bruch"}).json()
    results = body["results"]
    assert 0 < len(results) <= 10
    assert results[0]["name_de"].startswith("Bruch")
    assert set(results[0]) == {"code", "name_de", "name_en", "card_type", "alignment", "set", "game"}
    english = client.get("/api/cards/autocomplete/", {"q": "Rivendell"}).json()["results"]
    assert {r["code"] for r in english} >= {"TW-421", "AS-160"}
    assert len(client.get("/api/cards/autocomplete/", {"q": "a", "limit": 3}).json()["results"]) == 3
    assert client.get("/api/cards/autocomplete/", {"q": "a", "limit": "x"}).status_code == 400
    assert client.get("/api/cards/autocomplete/").json() == {"results": []}


@pytest.mark.parametrize("page_size", [5, 100])
def test_list_query_count_is_constant(client, django_assert_max_num_queries, page_size):
    # count, page, SQLite name list for typo tolerance
    with django_assert_max_num_queries(3):
        body = client.get("/api/cards/", {"q": "ring", "page_size": page_size}).json()
    assert len(body["results"]) == min(page_size, body["count"])
    # ... and the page holds what the query asks for: every card names "ring" in its name or text, once each
    named = Card.objects.filter(Q(name_de__icontains="ring") | Q(name_en__icontains="ring")).count()
    assert body["count"] >= named > 5
    codes = [r["code"] for r in body["results"]]
    assert len(set(codes)) == len(codes)
    cards = Card.objects.filter(code__in=codes)
    texts = {c.code: f"{c.name_de} {c.name_en} {c.text_de} {c.text_en}".casefold() for c in cards}
    assert all("ring" in texts[code] for code in codes), [c for c in codes if "ring" not in texts[c]]
    assert "ring" in f"{body['results'][0]['name_de']} {body['results'][0]['name_en']}".casefold()


def test_autocomplete_is_one_query(client, django_assert_max_num_queries):
    with django_assert_max_num_queries(1):
        client.get("/api/cards/autocomplete/", {"q": "Gan"})


def test_schema_documents_the_card_api(client):
    schema = client.get("/api/schema/", {"format": "json"}).json()
    listing = schema["paths"]["/api/cards/"]["get"]
    names = {p["name"] for p in listing["parameters"]}
    assert {"q", "sort", "order", "page", "page_size", "type", "alignment", "set", "game", "unique"} <= names
    unique = next(p for p in listing["parameters"] if p["name"] == "unique")
    assert set(unique["schema"]["enum"]) == {"true", "false", "1", "0", "ja", "nein"}
    assert "400" in listing["responses"]
    assert "/api/cards/autocomplete/" in schema["paths"]
    assert "/api/cards/{code}/" in schema["paths"]


def test_random_queries_never_cause_a_server_error(client):
    """Random strings (control characters included) give 200 or a 400 JSON error, never a 500."""
    import random

    rng = random.Random(1234)
    alphabet = 'abcdefgh äöü():=<>!-"%_\\\x00\x07*'
    fragments = ["typ:", "geist>", "or ", "(", ")", "-", '"', "!", "sort:", "rasse:", "einzigartig "]
    for _ in range(80):
        text = "".join(
            rng.choice(fragments) if rng.random() < 0.3 else rng.choice(alphabet) for _ in range(rng.randint(1, 20))
        )
        response = client.get("/api/cards/", {"q": text, "page_size": 1})
        assert response.status_code in (200, 400), text
        if response.status_code == 400:
            # A NUL byte is refused before the search sees it (core.middleware.RequestGuardMiddleware).
            expected = "invalid_character" if "\x00" in text else "query_syntax"
            assert response.json()["error"]["code"] == expected
