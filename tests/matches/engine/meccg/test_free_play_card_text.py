"""Whole games in free play with the published Challenge Decks (issue 30): every move from ``legal_actions``, the
table carrying out the scripted cards the decks hold (no proposal for them: the free player never proposes),
to the council without a refused move."""

import pytest

from matches.games.meccg import freeplay
from matches.games.meccg.engine import scripts
from tests.matches.meccg_games import engine
from tests.matches.published_decks import published_deck

PAIRS = (("b", "f", 3), ("d", "h", 4))  # hero deck, minion deck, seed


@pytest.fixture(scope="module")
def games():
    table = engine()
    catalogue = table._cards()
    played = {}
    for hero, minion, seed in PAIRS:
        decks = (published_deck(catalogue, hero)[0], published_deck(catalogue, minion)[0])
        scripted = []

        def choose(state, seat, legal, rng, scripted=scripted):
            action = freeplay.careful(state, seat, legal, rng)
            if action["type"] == "play_card" and "mode" in action:  # a carried-out card's button
                scripted.append(state["inst"][action["card"]]["code"])
            return action

        played[(hero, minion)] = (decks, freeplay.play(table, seed, decks, choose=choose), scripted)
    return played


def test_the_published_decks_parse_and_hold_carried_out_cards(games):
    for decks, _game, _scripted in games.values():
        for deck in decks:
            carried = {code for code, _n, _part in deck["entries"] if scripts.carried_out(code)}
            assert len(carried) >= 4, (deck["name"], carried)


@pytest.mark.parametrize("pair", [(h, m) for h, m, _ in PAIRS])
def test_a_free_game_with_published_decks_plays_carried_out_cards_without_proposals(games, pair):
    _decks, game, scripted = games[pair]
    assert game.over, (pair, game.state["stage"], len(game.moves))
    assert game.refused == []
    assert not any(kind in ("propose", "answer") for _turn, _seat, kind in game.moves)
    # The buttons of carried-out cards were chosen and applied (every move was accepted).
    assert scripted and all(scripts.carried_out(code) for code in scripted), scripted
