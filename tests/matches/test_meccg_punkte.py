"""The score calculator: POST /api/meccg/punkte/ and the Punkterechner page."""

import pytest

URL = "/api/meccg/punkte/"
PAGE = "/partien/meccg/punkte/"


def sheet(alignment="hero", **points):
    return {
        "alignment": alignment,
        "characters": 0,
        "special": 0,
        "items": 0,
        "allies": 0,
        "factions": 0,
        "creatures_plain": 0,
        "creatures_starred": 0,
        "unique_in_opponent_hand": 0,
        "lost_avatar": False,
        "ring_victory": False,
        **points,
    }


@pytest.fixture
def post(client):
    def _post(body):
        return client.post(URL, body, content_type="application/json")

    return _post


def test_api_scores_a_full_sheet(post):
    body = {
        "decks": 2,
        "players": [
            sheet("hero", characters=6, special=1, items=4, factions=5, creatures_plain=3, creatures_starred=2),
            sheet("minion", characters=7, allies=2, creatures_plain=3, creatures_starred=4),
        ],
    }
    response = post(body)
    assert response.status_code == 200
    first, second = response.json()["players"]
    assert first == {
        "categories": {"characters": 6, "special": 1, "items": 8, "allies": 0, "factions": 10, "creatures": 3},
        "total": 28,
        "tournament_points": 5,
    }
    assert second["total"] == 15
    assert second["tournament_points"] == 1


def test_api_ring_victory_and_deck_count(post):
    body = {"decks": 3, "players": [sheet("balrog", ring_victory=True), sheet("hero", characters=5, items=5)]}
    first, second = post(body).json()["players"]
    assert (first["tournament_points"], second["tournament_points"]) == (6, 0)


def test_api_missing_numbers_default_to_zero_and_german_alignment_names(post):
    response = post({"players": [{"alignment": "Held", "items": 2, "characters": 2}, {"alignment": "Scherge"}]})
    assert response.status_code == 200
    first, second = response.json()["players"]
    assert first["total"] == 8  # both doubled: the opponent has none
    assert (first["tournament_points"], second["tournament_points"]) == (6, 0)


def test_api_needs_no_login_and_no_csrf(client):
    client.enforce_csrf_checks = True
    response = client.post(URL, {"players": [sheet(), sheet()]}, content_type="application/json")
    assert response.status_code == 200


@pytest.mark.parametrize(
    ("body", "field", "code"),
    [
        ({"players": [sheet()]}, "players", "invalid_players"),
        ({"players": "zwei"}, "players", "invalid_players"),
        ({}, "players", "invalid_players"),
        ({"decks": 5, "players": [sheet(), sheet()]}, "decks", "invalid_decks"),
        ({"decks": "zwei", "players": [sheet(), sheet()]}, "decks", "invalid_decks"),
        ({"decks": True, "players": [sheet(), sheet()]}, "decks", "invalid_decks"),
        ({"players": [sheet("elf"), sheet()]}, "players[0].alignment", "invalid_choice"),
        ({"players": [sheet(), {"items": 2}]}, "players[1].alignment", "required"),
        ({"players": [sheet(), sheet(items="viel")]}, "players[1].items", "invalid_number"),
        ({"players": [sheet(characters=2.5), sheet()]}, "players[0].characters", "invalid_number"),
        ({"players": [sheet(allies=True), sheet()]}, "players[0].allies", "invalid_number"),
        ({"players": [sheet(factions=None), sheet()]}, "players[0].factions", "invalid_number"),
        ({"players": [sheet(items=10**12), sheet()]}, "players[0].items", "out_of_range"),
        (
            {"players": [sheet(unique_in_opponent_hand=-1), sheet()]},
            "players[0].unique_in_opponent_hand",
            "out_of_range",
        ),
        ({"players": [sheet(lost_avatar="vielleicht"), sheet()]}, "players[0].lost_avatar", "invalid_flag"),
        ({"players": [sheet(), sheet(charaktere=3)]}, "players[1].charaktere", "unknown_field"),
        ({"players": [sheet(), 7]}, "players[1]", "invalid_player"),
        (
            {"players": [sheet(ring_victory=True), sheet(ring_victory=True)]},
            "players[1].ring_victory",
            "two_ring_victories",
        ),
        ([1, 2], "", "invalid_body"),
    ],
)
def test_api_bad_input_is_a_german_400_naming_the_field(post, body, field, code):
    response = post(body)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == code
    assert error["details"] == {"field": field}
    assert field in error["message"]


def test_api_unreadable_json_is_a_400(client):
    response = client.post(URL, "{kaputt", content_type="application/json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "parse_error"


def test_api_in_the_schema(client):
    schema = client.get("/api/schema/").content.decode()
    assert "/api/meccg/punkte/" in schema
    assert "unique_in_opponent_hand" in schema


def test_page_shows_the_empty_form(client):
    response = client.get(PAGE)
    assert response.status_code == 200
    html = response.content.decode()
    assert "Punkterechner" in html
    assert 'name="p1-characters"' in html
    assert 'name="p2-creatures_starred"' in html
    assert "Ergebnis" not in html


def _form(**overrides):
    data = {"decks": "2"}
    for prefix, alignment in (("p1", "hero"), ("p2", "minion")):
        data[f"{prefix}-alignment"] = alignment
        for name in ("characters", "special", "items", "allies", "factions", "creatures_plain", "creatures_starred"):
            data[f"{prefix}-{name}"] = "0"
        data[f"{prefix}-unique_in_opponent_hand"] = "0"
    data.update(overrides)
    return data


def test_page_computes_the_result_without_javascript(client):
    response = client.get(PAGE, _form(**{"p1-characters": "6", "p1-items": "4", "p2-characters": "3", "p2-items": "1"}))
    html = response.content.decode()
    assert response.status_code == 200
    assert "Ergebnis" in html
    # Hero: 6 + 4 = 10 (characters 6 > 5 → capped to 4: total 8). Minion: 3 + 1 = 4 (3 > 2 → 1: total 2).
    assert response.context["result"]["totals"] == (8, 2)
    assert response.context["result"]["tournament_points"] == (6, 0)
    assert "Spieler 1 gewinnt." in html


def test_page_lost_avatar_checkbox(client):
    response = client.get(
        PAGE,
        _form(**{"p1-characters": "3", "p1-items": "3", "p2-characters": "3", "p2-items": "3", "p1-lost_avatar": "on"}),
    )
    assert response.context["result"]["totals"] == (1, 6)


def test_page_bad_number_shows_a_field_error(client):
    response = client.get(PAGE, _form(**{"p2-items": "abc"}))
    assert response.status_code == 200
    assert response.context["result"] is None
    assert response.context["forms"][1].errors["items"]


def test_page_two_ring_victories_explained(client):
    response = client.get(PAGE, _form(**{"p1-ring_victory": "on", "p2-ring_victory": "on"}))
    assert response.context["result"] is None
    assert "Ring-Bedingung" in response.context["error"]
