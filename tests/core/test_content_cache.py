"""Public read endpoints: ETag per content version, 304, and repeated searches without database work."""

import pytest
from django.contrib.auth import get_user_model

from cards.models import Card

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _cards(meccg_cards):
    return meccg_cards


def test_repeated_api_search_costs_no_database_work(client, django_assert_num_queries):
    first = client.get("/api/cards/", {"q": "Aragorn"})
    assert first.status_code == 200 and first["X-Cache"] == "miss"
    assert first.json()["count"] >= 1
    with django_assert_num_queries(0):
        second = client.get("/api/cards/", {"q": "Aragorn"})
    assert second["X-Cache"] == "hit"
    assert second.content == first.content
    assert second["ETag"] == first["ETag"]
    assert second["Content-Type"] == "application/json"


def test_conditional_request_gets_304_without_database_work(client, django_assert_num_queries):
    etag = client.get("/api/rules/search/", {"q": "Gefahrenlimit"})["ETag"]
    with django_assert_num_queries(0):
        response = client.get("/api/rules/search/", {"q": "Gefahrenlimit"}, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 304
    assert response["ETag"] == etag
    # Another URL has another tag.
    other = client.get("/api/rules/search/", {"q": "Gefahr"}, HTTP_IF_NONE_MATCH=etag)
    assert other.status_code == 200


def test_a_content_change_makes_every_answer_new(client):
    first = client.get("/api/cards/", {"q": "Aragorn"})
    card = Card.objects.filter(name_en__icontains="Aragorn").first()
    card.text_de = (card.text_de or "") + " (bearbeitet)"
    card.save()
    after = client.get("/api/cards/", {"q": "Aragorn"}, HTTP_IF_NONE_MATCH=first["ETag"])
    assert after.status_code == 200
    assert after["X-Cache"] == "miss"
    assert after["ETag"] != first["ETag"]


def test_card_and_rules_pages_revalidate_but_are_not_shared(client):
    card = Card.objects.filter(name_en__icontains="Aragorn").first()
    url = f"/karten/{card.code}/"
    first = client.get(url)  # sets the CSRF cookie the page's token belongs to: no tag yet
    assert first.status_code == 200 and not first.has_header("ETag")
    page = client.get(url)
    assert page.status_code == 200 and page.has_header("ETag")
    assert client.get(url, HTTP_IF_NONE_MATCH=page["ETag"]).status_code == 304
    # HTML is never served from the shared cache (it carries a per-visitor CSRF token) ...
    assert not page.has_header("X-Cache")
    # ... and another CSRF cookie (another visitor, or cookies cleared) means another tag.
    client.cookies["csrftoken"] = "x" * 32
    assert client.get(url, HTTP_IF_NONE_MATCH=page["ETag"]).status_code == 200


def test_signed_in_visitors_and_other_languages_are_not_mixed_up(client):
    anonymous = client.get("/api/cards/", {"q": "Aragorn"})
    client.cookies["django_language"] = "en"
    english = client.get("/api/cards/", {"q": "Aragorn"})
    assert english["ETag"] != anonymous["ETag"]
    user = get_user_model().objects.create_user("sam", "sam@auenland.example", "Mittelerde-2026!")
    client.force_login(user)
    signed_in = client.get("/api/cards/", {"q": "Aragorn"})
    assert not signed_in.has_header("ETag") and not signed_in.has_header("X-Cache")


def test_errors_are_not_cached(client):
    for _ in range(2):
        response = client.get("/api/cards/", {"q": "geist>="})
        assert response.status_code == 400
        assert not response.has_header("X-Cache")


def test_if_none_match_is_parsed_as_a_list_with_weak_tags_and_star(client, django_assert_num_queries):
    etag = client.get("/api/cards/", {"q": "Aragorn"})["ETag"]
    for sent in (f'"x", {etag}', f"W/{etag}", "*"):
        with django_assert_num_queries(0):
            response = client.get("/api/cards/", {"q": "Aragorn"}, HTTP_IF_NONE_MATCH=sent)
        assert response.status_code == 304, sent
        assert response["ETag"] == etag
    # "*" before anything is cached: the view answers, and its 200 becomes a 304.
    response = client.get("/api/rules/search/", {"q": "Gefahrenlimit"}, HTTP_IF_NONE_MATCH="*")
    assert response.status_code == 304 and response.has_header("ETag")
    # "*" never turns an error into a 304.
    assert client.get("/api/cards/", {"q": "geist>="}, HTTP_IF_NONE_MATCH="*").status_code == 400
    assert client.get("/karten/XX-1/", HTTP_IF_NONE_MATCH="*").status_code == 404
