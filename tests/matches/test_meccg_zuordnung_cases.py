"""The keying calculator's API on the hand-worked table (tests/matches/engine/meccg/keying_cases.py) and on
malformed bodies: every answer is 200 with the contract's shape or 400 with a German message naming the
field, never 500 (issue 19, point 2)."""

import json

import pytest

from tests.matches.engine.meccg.keying_cases import CASES

URL = "/api/meccg/zuordnung/"

pytestmark = pytest.mark.django_db

ENGLISH_STARTS = ("Invalid", "The ", "This ", "Expected", "JSON")


@pytest.fixture
def post(client, meccg_cards):
    def _post(body, **extra):
        return client.post(URL, json.dumps(body), content_type="application/json", **extra)

    return _post


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_case_through_the_api(post, case):
    response = post(case.body())
    body = response.json()
    if case.error:
        assert response.status_code == 400, body
        field, code = case.error
        assert body["error"]["details"]["field"] == field
        assert body["error"]["code"] == code
        assert body["error"]["message"] and not body["error"]["message"].startswith(ENGLISH_STARTS)
        return
    assert response.status_code == 200, body
    assert set(body) == {"playable", "keys", "route", "message"}
    for k in body["keys"]:
        assert set(k) == {"kind", "symbol" if k["kind"] in ("region_type", "site_type") else "name", "detainment"}
    assert {(k["kind"], k.get("symbol") or k.get("name"), k["detainment"]) for k in body["keys"]} == set(case.keys)
    assert body["playable"] is bool(case.keys)
    if case.route is not None:
        assert (tuple(body["route"]["regions"]), tuple(body["route"]["region_types"])) == case.route
    # The message says why in German: which keys, or that (and why) there is none.
    message = body["message"]
    if case.keys:
        assert "kann zugeordnet werden" in message
        assert ("(Verhör)" in message) is any(k[2] for k in case.keys)
    else:
        assert "nicht zugeordnet" in message or "nicht gespielt" in message


GOOD = {"creature": "Cave-drake", "alignment": "hero", "from": "Lórien", "to": "Moria", "movement": "starter"}


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"creature": None}, "creature"),
        ({"creature": 14}, "creature"),
        ({"creature": ["Cave-drake"]}, "creature"),
        ({"creature": {"name": "Cave-drake"}}, "creature"),
        ({"creature": "x" * 100_000}, "creature"),
        ({"creature": "   "}, "creature"),
        ({"alignment": None}, "alignment"),
        ({"alignment": ["hero"]}, "alignment"),
        ({"alignment": {"a": 1}}, "alignment"),
        ({"alignment": "Held"}, "alignment"),  # "Hero", "fallen_wizard" are accepted (audit 2)
        ({"from": None}, "from"),
        ({"from": 3.5}, "from"),
        ({"from": True}, "from"),
        ({"to": ["Moria"]}, "to"),
        ({"to": 7}, "to"),
        ({"movement": "flight"}, "movement"),
        ({"movement": 1}, "movement"),
        ({"movement": ["starter"]}, "movement"),
        ({"movement": "region"}, "regions"),
        ({"movement": "region", "regions": []}, "regions"),
        ({"movement": "region", "regions": "Redhorn Gate"}, "regions"),
        ({"movement": "region", "regions": ["Wold & Foothills", 5]}, "regions"),
        ({"movement": "region", "regions": ["Wold & Foothills", None]}, "regions"),
        ({"movement": "region", "regions": [["Wold & Foothills"]]}, "regions"),
        ({"movement": "region", "regions": [""]}, "regions"),
        ({"movement": "region", "regions": ["Rhudaur"] * 20_000}, "regions"),
        ({"movement": "region", "regions": [f"R{i}" for i in range(10)]}, "regions"),
        ({"movement": "starter", "regions": ["Wold & Foothills", "Redhorn Gate"]}, "regions"),
        ({"to": None, "movement": None, "regions": ["Wold & Foothills"]}, "regions"),
        ({"to": None, "movement": "region"}, "movement"),
        ({"doors_of_night": "yes"}, "doors_of_night"),
        ({"doors_of_night": 1}, "doors_of_night"),
    ],
)
def test_malformed_bodies_are_400_in_german(post, change, field):
    response = post({**GOOD, **change})
    assert response.status_code == 400, response.content
    error = response.json()["error"]
    assert error["details"]["field"] == field
    assert error["message"] and not error["message"].startswith(ENGLISH_STARTS)
    assert len(response.content) < 2_000  # a huge input is not echoed back


@pytest.mark.parametrize("raw", ["[]", '"Cave-drake"', "17", "null", "{", "{'creature': 1}", ""])
def test_bodies_that_are_no_object(client, meccg_cards, raw):
    response = client.post(URL, raw, content_type="application/json")
    assert response.status_code == 400, response.content
    assert response.json()["error"]["message"]


def test_missing_fields_one_by_one(post):
    for name in ("creature", "alignment", "from"):
        body = {k: v for k, v in GOOD.items() if k != name}
        response = post(body)
        assert response.status_code == 400
        assert response.json()["error"]["details"]["field"] == name
        assert "fehlt" in response.json()["error"]["message"]


def test_form_encoded_body_is_read_or_refused_never_500(client, meccg_cards):
    response = client.post(URL, {"creature": "Cave-drake", "alignment": "hero", "from": "Weathertop"})
    assert response.status_code in (200, 400)
    assert response.json()


def test_playable_false_is_200_and_says_why(post):
    # A legal route on which the creature simply has no key: 200, playable false, the reason in German.
    response = post({**GOOD, "creature": "Pick-pocket"})  # {F}{B}: Moria is a shadow-hold, the path {w}{w}
    assert response.status_code == 200
    body = response.json()
    assert body["playable"] is False and body["keys"] == []
    assert body["message"] == "Taschendieb kann dieser Reiseroute und Moria nicht zugeordnet werden."
    restricted = post({**GOOD, "creature": "Elves upon Errantry"})
    assert restricted.status_code == 200 and restricted.json()["playable"] is False
    assert "laut Kartentext" in restricted.json()["message"]


def test_the_message_is_translated_for_english_readers(client, post):
    client.cookies["django_language"] = "en"
    message = post({**GOOD, "alignment": "minion", "from": "Carn Dûm", "to": "Mount Gundabad", "creature": "Orc-watch"})
    assert message.json()["message"] == (
        "Ork-Wache can be keyed: Shadow-land {s} (detainment), Dark-domain {d} (detainment), "
        "Shadow-hold {S} (detainment)."
    )
    refused = post({**GOOD, "regions": ["Wold & Foothills"]})
    assert refused.json()["error"]["message"].startswith("With starter movement")


def test_a_request_over_the_size_limit_is_refused_in_german(post):
    response = post({**GOOD, "movement": "region", "regions": ["Rhudaur"] * 100_000})
    assert response.status_code == 413
    assert "zu groß" in response.json()["error"]["message"]
