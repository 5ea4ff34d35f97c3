"""The keying calculator: POST /api/meccg/zuordnung/ and the page "Kreatur zuordnen" (issue 19, point 2)."""

import pytest

URL = "/api/meccg/zuordnung/"
PAGE = "/partien/meccg/zuordnung/"

pytestmark = pytest.mark.django_db


@pytest.fixture
def post(client, meccg_cards):
    def _post(**body):
        return client.post(URL, body, content_type="application/json")

    return _post


def keys(response):
    return {(k["kind"], k.get("symbol") or k.get("name"), k["detainment"]) for k in response.json()["keys"]}


def error(response, field):
    assert response.status_code == 400, response.content
    body = response.json()["error"]
    assert body["details"]["field"] == field
    return body


def test_barrow_wight_refused_on_the_issue_route_to_a_free_hold(post):
    # The issue's report: Rhudaur – High Pass – Anduin Vales to Beorn's House ({w}{w}{b}, free-hold).
    response = post(
        creature="Barrow-wight",
        alignment="hero",
        **{"from": "Rivendell"},
        to="Beorn's House",
        movement="region",
        regions=["Rhudaur", "High Pass", "Anduin Vales"],
    )
    assert response.status_code == 200
    body = response.json()
    assert body["playable"] is False
    assert body["keys"] == []
    assert body["route"] == {"regions": ["Rhudaur", "High Pass", "Anduin Vales"], "region_types": ["w", "w", "b"]}
    assert "Grabunhold" in body["message"]


def test_cave_drake_needs_two_wildernesses_or_ruins(post):
    # Lórien → Moria by starter movement: Moria's path {w}{w} and Moria is a shadow-hold, not ruins.
    two = post(creature="TW-20", alignment="hero", **{"from": "Lórien"}, to="Moria", movement="starter")
    assert two.status_code == 200
    assert keys(two) == {("region_type", "w", False)}
    assert two.json()["route"] == {"regions": ["Wold & Foothills", "Redhorn Gate"], "region_types": ["w", "w"]}
    # Rivendell → Weathertop over Rhudaur and Arthedain: two wildernesses; Bree → Weathertop: one only.
    one = post(
        creature="Cave-drake",
        alignment="hero",
        **{"from": "Rivendell"},
        to="Weathertop",
        movement="region",
        regions=["Rhudaur", "Arthedain"],
    )
    assert one.status_code == 200
    assert one.json()["route"]["region_types"] == ["w", "w"]
    assert ("region_type", "w", False) in keys(one)
    single = post(
        creature="Höhlendrache",
        alignment="hero",
        **{"from": "Bree"},
        to="Weathertop",
        movement="region",
        regions=["Arthedain"],
    )
    assert single.status_code == 200
    assert single.json()["route"]["region_types"] == ["w"]
    assert ("region_type", "w", False) not in keys(single)


def test_detainment_for_minions_in_dark_domains(post):
    body = dict(
        creature="Barrow-wight",
        **{"from": "Dol Guldur"},
        to="Goblin-gate",
        movement="region",
        regions=["Southern Mirkwood", "Anduin Vales", "High Pass"],
    )
    minion = post(alignment="minion", **body)
    assert minion.status_code == 200
    # {d}: detainment against a minion company; Goblin-gate (minion) says creatures there attack normally.
    assert keys(minion) == {("region_type", "d", True), ("site_type", "S", False)}
    assert minion.json()["route"]["region_types"] == ["d", "b", "w"]


def test_not_moving_keys_to_the_current_site(post):
    response = post(creature="Orc-patrol", alignment="hero", **{"from": "Goblin-gate"}, to=None, movement=None)
    assert response.status_code == 200
    body = response.json()
    assert body["playable"] is True
    assert keys(response) == {("site_type", "S", False)}
    assert body["route"] == {"regions": [], "region_types": []}


def test_named_region_keying(post):
    response = post(
        creature="Witch-king of Angmar",
        alignment="hero",
        **{"from": "Rivendell"},
        to="Mount Gram",
        movement="region",
        regions=["Rhudaur", "Angmar"],
    )
    assert ("region", "Angmar", False) in keys(response)
    minion = post(
        creature="Hexenkönig von Angmar",
        alignment="minion",
        **{"from": "Carn Dûm"},
        to="Mount Gram",
        movement="region",
        regions=["Angmar"],
    )
    # Nazgûl attacks against minion companies are always detainment.
    assert all(k["detainment"] for k in minion.json()["keys"])
    assert ("region", "Angmar", True) in keys(minion)


# Bodies the calculator refuses: (body, the field the message names, the error code or None for any).
REFUSALS = [
    ({"creature": "Nichtda", "alignment": "hero", "from": "Rivendell", "to": None}, "creature", "unknown_creature"),
    ({"creature": "Rivendell", "alignment": "hero", "from": "Rivendell", "to": None}, "creature", "not_creature"),
    ({"creature": "Gandalf", "alignment": "hero", "from": "Rivendell", "to": None}, "creature", "not_creature"),
    ({"creature": "Cave-drake", "alignment": "hero", "from": "Atlantis", "to": None}, "from", "unknown_site"),
    ({"creature": "Cave-drake", "alignment": "hero", "from": "Rivendell", "to": "Rhudaur"}, "to", "not_site"),
    ({"creature": "Cave-drake", "alignment": "elf", "from": "Rivendell", "to": None}, "alignment", None),
    (
        {"creature": "Cave-drake", "alignment": "hero", "from": "Rivendell", "to": "Moria", "movement": "starter"},
        "movement",
        "no_starter_route",
    ),
    (
        {
            "creature": "Cave-drake",
            "alignment": "hero",
            "from": "Rivendell",
            "to": "Goblin-gate",
            "movement": "region",
            "regions": ["Rhudaur", "Hollin", "High Pass"],
        },
        "regions",
        "not_adjacent",
    ),
    (
        {
            "creature": "Cave-drake",
            "alignment": "hero",
            "from": "Rivendell",
            "to": "Goblin-gate",
            "movement": "region",
            "regions": ["Rhudaur", "Nirgendwo", "High Pass"],
        },
        "regions",
        "unknown_region_name",
    ),
    (
        {
            "creature": "Cave-drake",
            "alignment": "hero",
            "from": "Rivendell",
            "to": "Dol Guldur",
            "movement": "region",
            "regions": ["Rhudaur", "High Pass", "Anduin Vales", "Western Mirkwood", "Southern Mirkwood"],
        },
        "regions",
        "too_many_regions",
    ),
    (
        {
            "creature": "Cave-drake",
            "alignment": "hero",
            "from": "Rivendell",
            "to": "Goblin-gate",
            "movement": "region",
            "regions": ["Rhudaur", "High Pass", "Rhudaur", "High Pass"],
        },
        "regions",
        None,
    ),
    (
        {
            "creature": "Cave-drake",
            "alignment": "hero",
            "from": "Rivendell",
            "to": "Goblin-gate",
            "movement": "region",
            "regions": ["Hollin", "High Pass"],
        },
        "regions",
        "route_ends",
    ),
    (
        {"creature": "Cave-drake", "alignment": "hero", "from": "Lórien", "to": "Moria", "movement": "flight"},
        "movement",
        "invalid_movement",
    ),
]


@pytest.mark.parametrize(("body", "field", "code"), REFUSALS)
def test_refusals_name_the_field_in_german(post, body, field, code):
    response = post(**body)
    err = error(response, field)
    if code:
        assert err["code"] == code
    assert err["message"]
    assert not err["message"].startswith(("Invalid", "The "))


def test_a_route_twice_through_one_region_is_refused(post):
    response = post(
        creature="Cave-drake",
        alignment="minion",
        **{"from": "Carn Dûm"},
        to="Mount Gram",
        movement="region",
        regions=["Angmar", "Rhudaur", "Angmar"],
    )
    err = error(response, "regions")
    assert err["code"] in ("region_twice", "route_ends")


def test_udun_dagorlad_adjacent_for_minions_only(post):
    body = {"creature": "Orc-patrol", "to": "Dead Marshes", "movement": "region", "regions": ["Udûn", "Dagorlad"]}
    minion = post(alignment="minion", **{"from": "Cirith Gorgor"}, **body)
    assert minion.status_code == 200
    assert minion.json()["route"] == {"regions": ["Udûn", "Dagorlad"], "region_types": ["d", "s"]}
    # Orcs in a shadow-land and anything in a dark-domain detain a minion company; the minion Dead Marshes
    # says "Non-Nazgul creatures played at this site attack normally, not as detainment".
    assert keys(minion) == {("region_type", "d", True), ("region_type", "s", True), ("site_type", "S", False)}
    hero = post(alignment="hero", **{"from": "Cirith Gorgor"}, **body)
    assert error(hero, "regions")["code"] == "not_adjacent"


def test_heroes_do_not_move_into_udun_by_starter_movement(post):
    response = post(
        creature="Orc-patrol", alignment="hero", **{"from": "Lórien"}, to="Cirith Gorgor", movement="starter"
    )
    assert error(response, "movement")["code"] == "starter_forbidden_region"


def test_balrog_and_fallen_wizard_movement_limits(post):
    starter = post(
        creature="Orc-patrol", alignment="fallen-wizard", **{"from": "Lórien"}, to="Moria", movement="starter"
    )
    assert error(starter, "movement")["code"] == "starter_not_allowed"
    region = post(
        creature="Orc-patrol",
        alignment="balrog",
        **{"from": "Moria"},
        to="Goblin-gate",
        movement="region",
        regions=["Redhorn Gate", "Hollin", "Rhudaur", "High Pass"],
    )
    # "B Die Gemeinschaft des Balrog darf sich nicht über Regionen bewegen": a Balrog company by default …
    assert error(region, "regions")["code"] == "balrog_no_regions"
    # … while another company of a Balrog player may, when the request says so (docs/meccg.md)
    other = post(
        creature="Orc-patrol",
        alignment="balrog",
        balrog_company=False,
        **{"from": "Moria"},
        to="Goblin-gate",
        movement="region",
        regions=["Redhorn Gate", "Hollin", "Rhudaur", "High Pass"],
    )
    assert other.status_code == 200
    assert other.json()["route"]["regions"] == ["Redhorn Gate", "Hollin", "Rhudaur", "High Pass"]
    assert error(
        post(creature="Orc-patrol", alignment="balrog", balrog_company="ja", **{"from": "Moria"}), "balrog_company"
    )


def test_page_shows_route_and_keys(client, meccg_cards):
    response = client.get(
        PAGE,
        {
            "creature": "Barrow-wight",
            "alignment": "minion",
            "from": "Dol Guldur",
            "to": "Goblin-gate",
            "movement": "region",
            "regions": ["Southern Mirkwood", "Anduin Vales", "High Pass"],
        },
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert "Kreatur zuordnen" in html
    assert "Southern Mirkwood" in html and "Anduin Vales" in html
    assert 'aria-label="Dunkles Gebiet"' in html  # the {d} of Southern Mirkwood as a symbol
    assert "Verhör" in html
    assert '<datalist id="k-creatures">' in html and "Grabunhold" in html
    assert "<script>" not in html


def test_page_error_and_empty_form(client, meccg_cards):
    empty = client.get(PAGE)
    assert empty.status_code == 200
    assert 'name="creature"' in empty.content.decode()
    wrong = client.get(PAGE, {"creature": "Rivendell", "alignment": "hero", "from": "Rivendell"})
    assert wrong.status_code == 200
    assert "keine Kreatur" in wrong.content.decode()


def test_lobby_links_the_calculator(client, users):
    client.force_login(users[0])
    response = client.get("/partien/")
    assert PAGE in response.content.decode()


def test_schema_documents_the_endpoint(client):
    response = client.get("/api/schema/")
    assert response.status_code == 200
    text = response.content.decode()
    assert "/api/meccg/zuordnung/" in text
    assert "meccg_zuordnung" in text


def test_bench_cases_answer(meccg_cards):
    from matches.games.meccg import bench

    labels = []
    for label, run in bench.cases():
        if not label.startswith("Kreatur zuordnen"):
            continue  # the whole-game cases of the table (issue 19, MECCG helper)
        labels.append(label)
        assert run().creature in ("TW-14", "LE-61", "TW-15", "TW-20")
    assert len(labels) == 2


def test_doors_of_night_is_an_optional_flag(post):
    body = {
        "creature": "Smaug",
        "alignment": "hero",
        "from": "Lórien",
        "to": "The Lonely Mountain",
        "movement": "region",
        "regions": ["Wold & Foothills", "Anduin Vales", "Grey Mountain Narrows", "Northern Rhovanion"],
    }
    assert keys(post(**body)) == {("site", "The Lonely Mountain", False)}
    assert ("region", "Northern Rhovanion", False) in keys(post(**body, doors_of_night=True))
    assert error(post(**body, doors_of_night="ja"), "doors_of_night")["code"] == "invalid_doors_of_night"
