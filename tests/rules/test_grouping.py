"""A question that names no game, answered by several books: the answer per game, each section with its parent.

Needs every book's parser, like test_search_all_books.
"""

import re
from types import SimpleNamespace

import pytest

from rules import grouping
from rules.search import search

pytestmark = pytest.mark.django_db

HAND_LIMIT = "gibt es ein handkartenlimit"


def _games(results):
    return [group.game.slug for group in results.by_game]


def test_a_question_several_books_answer_is_grouped_by_game(rulebooks):
    results = search(HAND_LIMIT)
    games = _games(results)
    assert len(games) >= 2 and len(set(games)) == len(games)
    assert games[0] == results.sections[0].section.rulebook.game.slug  # the best hit's game leads
    mittelerde = next(group for group in results.by_game if group.game.slug == "abenteuer-in-mittelerde")
    assert "Es gibt kein Handkartenlimit" in re.sub(r"<[^>]+>", "", mittelerde.best.snippet)
    for group in results.by_game:
        assert 1 <= len(group.hits) <= grouping.PER_GAME
        assert {hit.section.rulebook.game.slug for hit in group.hits} == {group.game.slug}


@pytest.mark.parametrize(
    ("query", "game"),
    [
        (HAND_LIMIT, "zwei-tuerme"),  # a game chosen
        ("gibt es ein handkartenlimit in schatten der macht", None),  # the question names its game
        ("Gefahrenlimit", None),  # one book's term
    ],
)
def test_a_question_of_one_game_is_not_grouped(rulebooks, query, game):
    assert search(query, game).by_game == []


def _hit(game_id, covered):
    game = SimpleNamespace(pk=game_id, slug=f"spiel-{game_id}")
    rulebook = SimpleNamespace(game=game, game_id=game_id)
    return SimpleNamespace(section=SimpleNamespace(rulebook=rulebook), covered=covered)


def test_a_rival_book_must_cover_as_much_of_the_question():
    first, weaker, other = _hit(1, 3), _hit(2, 2), _hit(1, 3)
    results = SimpleNamespace(game=None, sections=[first, weaker, other])
    assert grouping.by_game(results) == []
    rival = _hit(3, 3)
    results.sections = [first, other, rival, weaker]
    groups = grouping.by_game(results)
    assert [group.game.pk for group in groups] == [1, 3]  # the weaker book is left out
    assert groups[0].hits == [first, other]


def test_search_page_asks_which_game_and_shows_an_answer_per_game(rulebooks, client):
    page = client.get("/regeln/suche/", {"q": HAND_LIMIT}).content.decode()
    card = re.search(r'<section class="panel answer-card by-game".*?</section>', page, re.S).group(0)
    assert "Für welches Spiel?" in card
    assert "Antworten aus" in card and "Spielen" in card
    assert "?q=gibt%20es%20ein%20handkartenlimit&amp;spiel=abenteuer-in-mittelerde" in card
    assert "Es gibt kein Handkartenlimit" in re.sub(r"<[^>]+>", "", card)
    answer = re.search(r'<article class="game-answer" [^>]*"antwort-abenteuer-in-mittelerde">.*?</article>', card, re.S)
    assert 'class="badge">Abenteuer in Mittelerde' in answer.group(0)
    assert "Nur in „Abenteuer in Mittelerde“ suchen" in answer.group(0)
    # the sections shown per game are not listed again below
    shown = set(re.findall(r'<h3 id="antwort-[^"]+">.*?<a href="([^"]+)"', card, re.S))
    listed = set(re.findall(r'<h3><a href="([^"]+)"', page.split('<ol class="rules-results">')[1]))
    assert shown and not shown & listed


def test_search_page_with_a_game_chosen_shows_one_answer(rulebooks, client):
    page = client.get("/regeln/suche/", {"q": HAND_LIMIT, "spiel": "abenteuer-in-mittelerde"}).content.decode()
    assert "Für welches Spiel?" not in page
    assert '<section class="panel answer-card" aria-labelledby="antwort">' in page


def test_api_returns_the_answer_per_game(rulebooks, client):
    data = client.get("/api/rules/search/", {"q": HAND_LIMIT}).json()
    groups = {group["game"]: group for group in data["by_game"]}
    assert len(groups) >= 2 and "abenteuer-in-mittelerde" in groups
    group = groups["abenteuer-in-mittelerde"]
    assert group["game_name"] == "Abenteuer in Mittelerde"
    assert "Es gibt kein Handkartenlimit" in re.sub(r"<[^>]+>", "", group["hits"][0]["snippet"])
    assert {"section", "parent_heading", "snippet", "score", "defines"} <= set(group["hits"][0])
    chosen = client.get("/api/rules/search/", {"q": HAND_LIMIT, "game": "zwei-tuerme"}).json()
    assert chosen["by_game"] == []


def test_two_sections_of_one_heading_are_told_apart_by_their_parent(rulebooks, client):
    results = search("Organisationsphase", "meccg")
    parents = {hit.section.slug: hit.section.parent_heading for hit in results.sections}
    assert parents["spielzuguebersicht-organisationsphase"] == "Spielzugübersicht"
    assert parents["unofficial-errata-list-organisationsphase"] == "Unofficial Errata List"
    page = client.get("/regeln/suche/", {"q": "Organisationsphase", "spiel": "meccg"}).content.decode()
    assert '<span class="parent-heading">Spielzugübersicht ›</span> Organisationsphase' in page
    assert '<span class="parent-heading">Unofficial Errata List ›</span> Organisationsphase' in page
    data = client.get("/api/rules/search/", {"q": "Organisationsphase", "game": "meccg"}).json()
    by_slug = {hit["section"]["slug"]: hit["parent_heading"] for hit in data["results"]}
    assert by_slug["unofficial-errata-list-organisationsphase"] == "Unofficial Errata List"
    # a chapter has no parent
    chapter = search("Spielzugübersicht", "meccg").sections[0].section
    assert chapter.slug == "spielzuguebersicht" and chapter.parent_heading == ""


def test_schema_documents_by_game_and_parent_heading(client):
    schema = client.get("/api/schema/", {"format": "json"}).json()
    components = schema["components"]["schemas"]
    assert "parent_heading" in components["SearchHit"]["properties"]
    assert {"game", "game_name", "hits"} <= set(components["GameGroup"]["properties"])
