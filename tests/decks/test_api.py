import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from decks import services

from .conftest import DATA

pytestmark = pytest.mark.django_db


@pytest.fixture
def users(db):
    User = get_user_model()
    return User.objects.create_user("frodo", password="x"), User.objects.create_user("sam", password="x")


def client_for(user=None):
    client = APIClient()
    if user:
        client.force_authenticate(user)
    return client


def hero_deck(owner, visibility="private", name="Helden"):
    return services.import_deck(
        owner, text=(DATA / "hero.txt").read_text(encoding="utf-8"), name=name, alignment="Hero", visibility=visibility
    )


def test_check_text_and_entries(meccg_cards):
    client = client_for()
    text = (DATA / "hero.txt").read_text(encoding="utf-8")
    response = client.post("/api/decks/check/", {"text": text, "alignment": "Hero"}, format="json")
    assert response.status_code == 200
    assert response.json()["legal"] is True
    body = client.post(
        "/api/decks/check/",
        {"entries": [{"code": "TW-156", "quantity": 4, "part": "characters"}], "alignment": "Hero"},
        format="json",
    ).json()
    assert body["legal"] is False
    rules = {p["rule"] for p in body["problems"]}
    assert {"meccg.avatars.wizards", "meccg.resources.count", "meccg.hazards.creatures"} <= rules
    problem = next(p for p in body["problems"] if p["rule"] == "meccg.avatars.wizards")
    assert problem["cards"] == ["TW-156"] and set(problem) == {
        "rule",
        "severity",
        "title",
        "message",
        "section",
        "cards",
        "section_url",
    }


def test_check_opponent_alignment(meccg_cards):
    text = (
        (DATA / "hero.txt")
        .read_text(encoding="utf-8")
        .replace("3 Im Stich gelassen", "2 Im Stich gelassen\n1 Mûmak (Olifanten)")
    )
    client = client_for()
    assert client.post("/api/decks/check/", {"text": text, "alignment": "Hero"}, format="json").json()["legal"]
    body = client.post(
        "/api/decks/check/", {"text": text, "alignment": "Hero", "opponent_alignment": "Minion"}, format="json"
    ).json()
    assert [p["rule"] for p in body["problems"]] == ["meccg.hazards.vs_minion"]


def test_check_errors_are_german_400(meccg_cards):
    client = client_for()
    response = client.post(
        "/api/decks/check/", {"entries": [{"code": "XX-999", "quantity": 1, "part": "hazards"}], "alignment": "Hero"},
        format="json",
    )  # fmt: skip
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "unknown_card" and "XX-999" in error["message"]
    response = client.post("/api/decks/check/", {"text": "3 Gandalv", "alignment": "Hero"}, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["details"]["lines"][0]["line"] == 1


def test_import_preview_then_confirm(meccg_cards, users):
    frodo, _sam = users
    client = client_for(frodo)
    text = (DATA / "minion.txt").read_text(encoding="utf-8")
    preview = client.post("/api/decks/import/", {"text": text, "alignment": "Minion", "name": "M"}, format="json")
    assert preview.status_code == 200 and preview.json()["check"]["legal"] is True
    assert frodo.decks.count() == 0
    created = client.post(
        "/api/decks/import/", {"text": text, "alignment": "Minion", "name": "M", "confirm": True}, format="json"
    )
    assert created.status_code == 201
    assert frodo.decks.count() == 1
    bad = client.post(
        "/api/decks/import/",
        {"text": text + "\nGandalv", "alignment": "Minion", "name": "M", "confirm": True},
        format="json",
    )
    assert bad.status_code == 400 and frodo.decks.count() == 1


def test_crud_and_permissions(meccg_cards, users):
    frodo, sam = users
    private = hero_deck(frodo)
    public = hero_deck(frodo, "public", "Öffentlich")
    owner, other, anon = client_for(frodo), client_for(sam), client_for()
    assert other.get(f"/api/decks/{private.pk}/").status_code == 404
    assert anon.get(f"/api/decks/{private.pk}/").status_code == 404
    assert other.get(f"/api/decks/{public.pk}/").status_code == 200
    assert other.patch(f"/api/decks/{public.pk}/", {"name": "Meins"}, format="json").status_code == 403
    assert other.delete(f"/api/decks/{private.pk}/").status_code == 404
    assert owner.patch(f"/api/decks/{private.pk}/", {"name": "Neu"}, format="json").json()["name"] == "Neu"
    response = owner.post(
        "/api/decks/",
        {"name": "X", "alignment": "Hero", "entries": [{"code": "TW-156", "quantity": 1, "part": "characters"},
                                                       {"code": "NOPE", "quantity": 1, "part": "hazards"}]},
        format="json",
    )  # fmt: skip
    assert response.status_code == 400 and "NOPE" in response.json()["error"]["message"]
    assert frodo.decks.count() == 2  # nothing half-written
    assert [d["name"] for d in other.get("/api/decks/").json()["results"]] == []
    assert owner.delete(f"/api/decks/{private.pk}/").status_code == 204


def test_export_round_trip(meccg_cards, users):
    frodo, _ = users
    deck = hero_deck(frodo, "public")
    client = client_for()
    text = client.get(f"/api/decks/{deck.pk}/export/?output=text").content.decode()
    data = client.get(f"/api/decks/{deck.pk}/export/").json()
    again = services.import_deck(frodo, text=text, name="Wieder", alignment="Hero")
    key = lambda d: sorted((e.card.code, e.quantity, e.part) for e in d.entries.select_related("card"))  # noqa: E731
    assert key(again) == key(deck)
    assert sorted((e["code"], e["quantity"], e["part"]) for e in data["entries"]) == key(deck)


def test_list_query_count_is_constant(meccg_cards, users, django_assert_max_num_queries):
    frodo, _ = users
    for i in range(3):
        hero_deck(frodo, name=f"D{i}")
    client = client_for(frodo)
    with django_assert_max_num_queries(4):
        assert len(client.get("/api/decks/").json()["results"]) == 3
    for i in range(5):
        hero_deck(frodo, name=f"E{i}")
    with django_assert_max_num_queries(4):
        assert len(client.get("/api/decks/").json()["results"]) == 8


def test_schema_documents_check(client):
    response = client.get("/api/schema/")
    assert response.status_code == 200
    assert b"/api/decks/check/" in response.content


def test_check_fallen_wizard_with_starting_stage_cards(meccg_cards):
    text = (DATA / "fallen_wizard.txt").read_text(encoding="utf-8")
    text = text.replace("# Anfangscharaktere\n", "# Anfangscharaktere\nGroßer Beschützer\nGroße List\n", 1)
    body = (
        client_for()
        .post(
            "/api/decks/check/",
            {"text": text, "alignment": "Fallen-wizard", "fallen_wizard": "Saruman"},
            format="json",
        )
        .json()
    )
    assert body["legal"] is True, body


def test_owner_only_write_says_why(meccg_cards, users):
    frodo, sam = users
    public = hero_deck(frodo, "public", "Öffentlich")
    response = client_for(sam).patch(f"/api/decks/{public.pk}/", {"name": "Meins"}, format="json")
    assert response.status_code == 403
    assert response.json()["error"] == {
        "code": "permission_denied",
        "message": "Nur der Besitzer darf dieses Deck ändern.",
        "details": {},
    }


@pytest.mark.parametrize(
    ("method", "url"),
    [("get", "/api/decks/check/"), ("get", "/api/decks/import/"), ("put", "/api/decks/"), ("delete", "/api/decks/")],
)
@pytest.mark.parametrize("logged_in", [False, True])
def test_wrong_method_is_405_for_everyone(users, method, url, logged_in):
    client = client_for(users[0] if logged_in else None)
    response = getattr(client, method)(url)
    assert response.status_code == 405
    assert response.json()["error"]["code"] == "method_not_allowed"


def test_choices_take_any_case_and_german_names(meccg_cards, users):
    text = (DATA / "hero.txt").read_text(encoding="utf-8")
    for alignment in ("hero", "HERO", "Helden", "Held"):
        response = client_for().post(
            "/api/decks/check/", {"text": text, "alignment": alignment, "opponent_alignment": "schergen"}, format="json"
        )
        assert response.status_code == 200, (alignment, response.json())
        assert response.json()["legal"] is True
    owner = client_for(users[0])
    response = owner.post(
        "/api/decks/",
        {
            "name": "Lose",
            "alignment": "gefallener zauberer",
            "fallen_wizard": "saruman",
            "visibility": "Öffentlich",
            "entries": [{"code": "TW-156", "quantity": 1, "part": "Anfangscharaktere"}],
        },
        format="json",
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["alignment"], body["fallen_wizard"], body["visibility"]) == ("Fallen-wizard", "Saruman", "public")
    assert body["entries"][0]["part"] == "pool"
    response = owner.patch(f"/api/decks/{body['id']}/", {"alignment": "Balrog", "visibility": "PRIVAT"}, format="json")
    assert (response.json()["alignment"], response.json()["visibility"]) == ("Balrog", "private")


def test_invalid_choice_lists_the_valid_ones(meccg_cards, users):
    response = client_for().post(
        "/api/decks/check/",
        {"text": "Gandalf", "alignment": "heroes2", "opponent_alignment": "Orks", "fallen_wizard": "Sauron"},
        format="json",
    )
    assert response.status_code == 400
    details = response.json()["error"]["details"]
    assert details["alignment"] == [
        "„heroes2“ ist als Ausrichtung nicht möglich. Erlaubt sind: "
        "Hero (Helden), Minion (Schergen), Fallen-wizard (Gefallener Zauberer), Balrog."
    ]
    assert "„Orks“ ist als Ausrichtung des Gegners nicht möglich" in details["opponent_alignment"][0]
    assert "Alatar, Gandalf, Pallando, Radagast, Saruman" in details["fallen_wizard"][0]
    response = client_for(users[0]).post(
        "/api/decks/",
        {
            "name": "X",
            "alignment": "Hero",
            "visibility": "geheim",
            "entries": [{"code": "TW-156", "quantity": 1, "part": "deck"}],
        },
        format="json",
    )
    details = response.json()["error"]["details"]
    assert "private (privat), unlisted (nur mit Link), public (öffentlich)" in details["visibility"][0]
    assert "„deck“ ist als Teil des Decks nicht möglich" in details["entries"]["0"]["part"][0]
    assert "hazards (Gefahren)" in details["entries"]["0"]["part"][0]


@pytest.mark.parametrize("output", ["text", "gccg", "json"])
def test_every_export_imports_again_unchanged(users, meccg_cards, output):
    import json as jsonlib

    frodo, _sam = users
    deck = hero_deck(frodo)
    client = client_for(frodo)
    response = client.get(f"/api/decks/{deck.pk}/export/", {"output": output})
    assert response.status_code == 200
    text = response.content.decode() if output != "json" else jsonlib.dumps(response.json())
    created = client.post(
        "/api/decks/import/", {"text": text, "name": "Wieder da", "alignment": "Hero", "confirm": True}, format="json"
    )
    assert created.status_code == 201, created.content
    before = sorted((e.card.code, e.quantity, e.part) for e in deck.entries.all())
    after = sorted((e["code"], e["quantity"], e["part"]) for e in created.json()["entries"])
    assert after == before
