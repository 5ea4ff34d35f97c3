"""Whole games in free play (issue 29): the same two decks (the project's hero and minion sample decks), every
move chosen from ``legal_actions`` by a careful player (``freeplay.careful``), played to the council on several
seeds; each score category is checked against the piles as seed 003 "Punkte" counts them — written here from
the rulebook's sentences, not from the engine's own sheet."""

import pytest

from matches.games.meccg.engine import scoring
from matches.games.meccg.engine import state as st
from tests.matches.meccg_games import engine, played

SEEDS = (1, 2)


@pytest.fixture(scope="module")
def games():
    return engine(), {seed: played(seed) for seed in SEEDS}


def creature_points_by_the_book(state, seat):
    """ "Kreaturen zählen für Helden- und Gefallener Zauberer-Spieler nur dann Siegpunkte, wenn sie kein * im
    Siegpunktfenster haben. Für Schergen- und Balrog-Spieler zählen nur die Karten mit * Siegpunkte." A character or
    ally eliminated in company combat "gibt seinem Gegner Tötungs-Siegpunkte" (no * window: counted for either)."""
    starred_side = state["players"][seat]["alignment"] in ("minion", "balrog")
    points = 0
    for iid in state["players"][seat]["mp"]:
        info = st.info(state, iid)
        if state["inst"][iid]["owner"] == seat or not info["mp"]:
            continue
        if info["type"] != "Hazard" or info["mp_starred"] == starred_side:
            points += info["mp"]
    return points


@pytest.mark.parametrize("seed", SEEDS)
def test_a_free_game_ends_at_the_council_without_a_refused_move(games, seed):
    _engine, played = games
    game = played[seed]
    assert game.over, (seed, game.state["stage"], len(game.moves))
    assert game.refused == []
    assert game.state["final"]["totals"] == [p["total"] for p in game.state["final"]["players"]]


@pytest.mark.parametrize("seed", SEEDS)
def test_every_category_follows_the_piles_by_the_star_rule(games, seed):
    engine, played = games
    state = played[seed].state
    sheets = tuple(engine.marshalling_points(state, seat) for seat in (0, 1))
    for seat in (0, 1):
        raw = scoring.raw_categories(sheets[seat])
        assert raw["creatures"] == creature_points_by_the_book(state, seat), (seed, seat)
    expected = scoring.score(sheets, decks=2)
    assert [s.to_json() for s in expected] == state["final"]["players"]


def test_the_free_games_put_unstarred_creatures_in_a_minion_pile(games):
    """Not vacuous: the games have minion piles with creatures that score nothing for the minion player."""
    _engine, played = games
    unstarred = 0
    for game in played.values():
        state = game.state
        minion = next(s for s in (0, 1) if state["players"][s]["alignment"] == "minion")
        for iid in state["players"][minion]["mp"]:
            info = st.info(state, iid)
            unstarred += info["type"] == "Hazard" and not info["mp_starred"]
    assert unstarred > 0
