"""POST /api/zwei-tuerme/analyse/: the rulebook's two examples and German 400s."""

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from tests.matches.engine.zt_positions import (
    ARAGORN,
    ARAGORN_FROM,
    ARAGORN_PATH,
    EOMER,
    EOMER_FROM,
    EOMER_PATH,
    EOMER_PINCERED,
)

URL = "/api/zwei-tuerme/analyse/"

pytestmark = pytest.mark.django_db


def post(body, client=None):
    return (client or APIClient()).post(URL, body, format="json")


def test_aragorn_example_through_the_api(django_assert_num_queries):
    with django_assert_num_queries(0):
        response = post({"position": ARAGORN, "from": ARAGORN_FROM, "strength": 9, "symbol": "any"})
    assert response.status_code == 200
    body = response.json()
    assert body["effective_strength"] == 8
    move = next(m for m in body["moves"] if m["path"] == ARAGORN_PATH)
    assert move == {"end": [3, 7], "path": ARAGORN_PATH, "captured": [[3, 5], [3, 6], [3, 7]], "pincered": []}
    assert all(set(m) == {"end", "path", "captured", "pincered"} for m in body["moves"])


def test_eomer_example_through_the_api():
    response = post({"position": EOMER, "from": EOMER_FROM, "strength": 8, "symbol": "orthogonal"})
    assert response.status_code == 200
    body = response.json()
    assert body["effective_strength"] == 6
    move = next(m for m in body["moves"] if m["path"] == EOMER_PATH)
    assert move["end"] == [5, 6]
    assert move["captured"] == [[5, 5], [5, 6]]
    assert move["pincered"] == EOMER_PINCERED


def test_schattenfell_adds_the_jumps():
    body = post(
        {"position": "2.../o.../o.../...1", "from": [4, 4], "strength": 1, "symbol": "orthogonal", "schattenfell": True}
    ).json()
    jumps = [m for m in body["moves"] if m.get("jump")]
    assert len(jumps) == 14
    assert next(m for m in jumps if m["end"] == [4, 1])["pincered"] == [[3, 1], [2, 1]]
    plain = post({"position": "2.../o.../o.../...1", "from": [4, 4], "strength": 1, "symbol": "orthogonal"}).json()
    assert not any(m.get("jump") for m in plain["moves"])


def test_a_logged_in_user_may_analyse_too():
    user = get_user_model().objects.create_user("merry", password="x")
    client = APIClient()
    client.force_authenticate(user)
    assert post({"position": ARAGORN, "from": ARAGORN_FROM, "strength": 9, "symbol": "any"}, client).status_code == 200


@pytest.mark.parametrize(
    ("body", "code", "fragment"),
    [
        ({"position": "..1/..", "from": [1, 3], "strength": 9, "symbol": "any"}, "position_row_length", "Reihe 2"),
        ({"position": "..1/.x.", "from": [1, 3], "strength": 9, "symbol": "any"}, "position_symbol", "„x“"),
        ({"position": "", "from": [1, 3], "strength": 9, "symbol": "any"}, "position_empty", "Stellung"),
        ({"position": 17, "from": [1, 3], "strength": 9, "symbol": "any"}, "position_empty", "Stellung"),
        ({"position": "..1/...", "from": [2, 2], "strength": 9, "symbol": "any"}, "from_no_figure", "2/2"),
        ({"position": "..1/...", "from": [9, 9], "strength": 9, "symbol": "any"}, "from_outside", "9/9"),
        ({"position": "..1/...", "from": "1,3", "strength": 9, "symbol": "any"}, "field_format", "from"),
        ({"position": "..1/...", "from": [1, 3], "strength": 9, "symbol": "sideways"}, "symbol", "sideways"),
        ({"position": "..1/...", "from": [1, 3], "strength": "neun", "symbol": "any"}, "strength", "Stärke"),
        ({"position": "..1/...", "from": [1, 3], "strength": 9}, "missing_field", "symbol"),
        (
            {"position": "..1/...", "from": [1, 3], "strength": 9, "symbol": "any", "schattenfell": "ja"},
            "schattenfell",
            "true",
        ),
    ],
)
def test_bad_input_is_a_400_with_a_german_message(body, code, fragment):
    response = post(body)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == code
    assert fragment in error["message"]
    assert set(error) == {"code", "message", "details"}


def test_not_json_is_a_400_not_a_500():
    response = APIClient().post(URL, "{nope", content_type="application/json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "parse_error"
    response = APIClient().post(URL, [1, 2], format="json")
    assert response.status_code == 400


def test_the_endpoint_is_in_the_openapi_schema():
    schema = APIClient().get("/api/schema/", {"format": "json"}).json()
    operation = schema["paths"]["/api/zwei-tuerme/analyse/"]["post"]
    assert operation["operationId"] == "zwei_tuerme_analyse"
    assert "400" in operation["responses"] and "200" in operation["responses"]
