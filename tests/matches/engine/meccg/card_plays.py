"""Helpers for the card-text tests (issue 30): put a card where a test needs it, play it through the engine, let
the chain resolve. The game is test_card_windows' (Aragorn II and Bilbo, hero, at turn; Gorbag and Lagduf)."""

import pytest

from matches.engine.base import IllegalAction
from matches.games.meccg.engine import state as st
from matches.games.meccg.engine.keying import Key


def give(game, catalogue, seat, code, zone="hand"):
    """A new instance of a card in a seat's zone (the card's facts added to the match's)."""
    game.state["cards"][code] = catalogue[code]
    return st.new_instance(game.state, code, seat, zone)


def settle(game):
    """Both pass until the chain has resolved."""
    while game.state["chain"]:
        game.do(game.state["priority"], type="pass")


def play(game, seat, iid, **action):
    game.do(seat, type="play_card", card=iid, **action)
    settle(game)


def refused(game, seat, iid, **action):
    """The play is refused; returns the code."""
    with pytest.raises(IllegalAction) as error:
        game.do(seat, type="play_card", card=iid, **action)
    return error.value.code


def in_play_for(game, catalogue, seat, code, on=None):
    """A card lying resolved on the table (a permanent or long event, a faction)."""
    iid = give(game, catalogue, seat, code, "play")
    game.state["inst"][iid]["resolved"] = True
    game.state["inst"][iid]["on"] = on
    return iid


def any_key(game):
    """Key every creature to the route (keying is keying.py's business, tested there): the creature's text is
    what these tests read."""
    game.engine._key_creature = lambda state, info, group, announced, at_site=False: Key("region_type", "w")


def character(game, name_en):
    return next(
        i for i in game.state["inst"] if game.card(i)["name_en"] == name_en and game.state["inst"][i]["zone"] == "play"
    )
