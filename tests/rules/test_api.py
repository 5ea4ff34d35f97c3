import pytest

from rules.models import GlossaryTerm, Section

pytestmark = pytest.mark.django_db


def test_rulebooks(meccg, client):
    data = client.get("/api/rules/rulebooks/").json()
    assert "meccg" in [r["game"] for r in data["results"]]
    book = client.get("/api/rules/rulebooks/meccg/").json()
    assert book["title"] == "MECCG - Spielregeln" and book["url"] == "/regeln/meccg/"


def test_tree_is_the_table_of_contents(meccg, client, django_assert_max_num_queries):
    with django_assert_max_num_queries(4):
        tree = client.get("/api/rules/rulebooks/meccg/tree/").json()
    assert [node["heading"] for node in tree][:2] == ["Deckvorbereitung", "Spielvorbereitung"]
    deck = tree[0]["children"][1]
    assert deck["heading"] == "Deckaufbau"
    assert [c["heading"] for c in deck["children"]][:2] == ["Allgemeines", "Anfangscharaktere"]

    def count(nodes):
        return sum(1 + count(n["children"]) for n in nodes)

    assert count(tree) == Section.objects.filter(rulebook=meccg).count()


@pytest.mark.parametrize(("page", "size"), [(1, 25), (4, 10)])
def test_sections_paginated_with_constant_queries(meccg, client, django_assert_max_num_queries, page, size):
    with django_assert_max_num_queries(3):
        data = client.get("/api/rules/sections/", {"game": "meccg", "page": page}).json()
    assert data["count"] == 85
    assert len(data["results"]) == size


def test_section_filters_and_detail(meccg, client):
    chapters = client.get("/api/rules/sections/", {"game": "meccg", "depth": 0}).json()
    assert chapters["count"] == 7
    errata = client.get("/api/rules/sections/", {"game": "meccg", "kind": "errata"}).json()
    assert errata["count"] == 5
    none = client.get("/api/rules/sections/", {"game": "zwei-tuerme-gibt-es-nicht"}).json()
    assert none["count"] == 0
    section = Section.objects.get(rulebook=meccg, slug="anfangscharaktere")
    detail = client.get(f"/api/rules/sections/{section.pk}/").json()
    assert detail["paragraph_alignments"] == ["H", "S", "F", "B"]
    assert '<span class="badge align align-h">Helden</span>' in detail["body_html"]
    assert detail["url"] == "/regeln/meccg/anfangscharaktere/"


def test_terms(meccg, client, django_assert_max_num_queries):
    with django_assert_max_num_queries(3):
        data = client.get("/api/rules/terms/", {"game": "meccg"}).json()
    assert data["count"] == GlossaryTerm.objects.filter(game__slug="meccg").count()
    first = data["results"][0]
    assert first["term"] == "Agenten" and first["section"]["url"].startswith("/regeln/meccg/")


def test_search(meccg, client):
    data = client.get("/api/rules/search/", {"q": "Gefahrenlimit", "game": "meccg"}).json()
    assert data["results"][0]["section"]["slug"] == "gefahrenlimit"
    assert data["results"][0]["defines"] == ["Gefahrenlimit"]
    assert data["terms"][0]["term"] == "Gefahrenlimit"
    assert data["count"] >= len(data["results"]) > 1
    assert data["fuzzy"] is False


@pytest.mark.parametrize(
    ("params", "code", "param"),
    [
        ({}, "empty_query", "q"),
        ({"q": "x" * 201}, "query_too_long", "q"),
        ({"q": "Ring", "game": "schach"}, "unknown_game", "game"),
    ],
)
def test_search_errors_are_400_with_german_json(meccg, client, params, code, param):
    response = client.get("/api/rules/search/", params)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == code
    assert error["details"] == {"param": param}
    assert error["message"] and error["message"][0].isupper()


def test_read_only_for_everyone(meccg, client):
    assert client.post("/api/rules/sections/", {}).status_code in (401, 403, 405)


def test_schema_documents_the_rules_api(client):
    schema = client.get("/api/schema/", {"format": "json"}).json()
    paths = schema["paths"]
    for path in [
        "/api/rules/rulebooks/",
        "/api/rules/rulebooks/{game}/tree/",
        "/api/rules/sections/",
        "/api/rules/sections/{id}/",
        "/api/rules/terms/",
        "/api/rules/search/",
    ]:
        assert path in paths, path
    names = {p["name"] for p in paths["/api/rules/search/"]["get"]["parameters"]}
    assert {"q", "game", "page"} <= names
    assert "game" in {p["name"] for p in paths["/api/rules/sections/"]["get"]["parameters"]}


def test_schema_documents_the_search_errors(client):
    schema = client.get("/api/schema/", {"format": "json"}).json()
    responses = schema["paths"]["/api/rules/search/"]["get"]["responses"]
    error_ref = "#/components/schemas/Error"
    for status in ("400", "404"):
        assert responses[status]["content"]["application/json"]["schema"]["$ref"] == error_ref, status
    assert "ungültige Seitenzahl" in responses["400"]["description"]
    assert "unknown_game" in responses["400"]["description"]


# (url, other parameters); the test client replaces a query string in the url by its data
PAGED = [
    ("/api/rules/sections/", {}),
    ("/api/rules/terms/", {}),
    ("/api/rules/rulebooks/", {}),
    ("/api/rules/search/", {"q": "Gefahrenlimit"}),
    ("/api/cards/", {}),  # the same pagination class serves every API
]


@pytest.mark.parametrize(("url", "params"), PAGED)
@pytest.mark.parametrize("page", ["abc", "0", "-1", "1.5", "²", "9" * 40])
def test_unreadable_page_is_a_german_400(meccg, client, url, params, page):
    response = client.get(url, {**params, "page": page})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid_page"
    assert error["message"].startswith(f"Ungültige Seitenzahl „{page}“")
    assert error["details"] == {"param": "page", "value": page}


@pytest.mark.parametrize(("url", "params"), PAGED)
def test_page_past_the_end_is_a_german_404(meccg, client, url, params):
    response = client.get(url, {**params, "page": "99999"})
    assert response.status_code == 404
    error = response.json()["error"]
    assert error["code"] == "page_not_found"
    assert error["message"].startswith("Seite 99999 gibt es nicht; die Liste hat ")
    assert error["details"]["value"] == 99999 and error["details"]["pages"] >= 1


def test_last_page_still_works(meccg, client):
    data = client.get("/api/rules/sections/", {"page": "last"}).json()
    assert data["next"] is None and data["results"]
