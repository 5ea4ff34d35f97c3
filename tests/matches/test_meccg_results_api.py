"""The table and the Punkterechner count the same piles the same way (issue 29): a free-play game's final score
(every move chosen from ``legal_actions``) is fed, sheet by sheet as the table sorted its piles, to
``POST /api/meccg/punkte/``; both answer the same categories, totals and tournament points."""

import dataclasses

import pytest

from .meccg_games import engine, played


@pytest.mark.django_db
def test_the_punkterechner_scores_the_tables_piles_as_the_table_does(client):
    game = played(1)
    assert game.over
    table = engine()
    sheets = [dataclasses.asdict(table.marshalling_points(game.state, seat)) for seat in (0, 1)]
    response = client.post("/api/meccg/punkte/", {"decks": 2, "players": sheets}, content_type="application/json")
    assert response.status_code == 200, response.content
    assert response.json()["players"] == game.state["final"]["players"]
