"""Property test: many random legal games to the end, invariants checked after every action.

``ZT_RANDOM_GAMES`` sets the number of games (default 300: about five seconds on a loaded machine); CI may raise it.
"""

import json
import os
import random

from matches.engine.base import IllegalAction
from matches.games.zwei_tuerme.engine import ENGINE, movement
from matches.games.zwei_tuerme.engine.data import load
from matches.games.zwei_tuerme.engine.notation import FIGURES, parse

DATA = load()
GAMES = int(os.environ.get("ZT_RANDOM_GAMES", "300"))
VARIANTS = ["standard", "zweiter-ring", "doppelte-ringe"]


def random_path(grid, start, strength, symbol, chooser):
    """A random straight line with perhaps one turn; None when the path checker refuses it."""
    directions = movement.DIRECTIONS[symbol]
    first = chooser.choice(directions)
    path = [(start[0] + first[0] * i, start[1] + first[1] * i) for i in range(1, chooser.randint(1, 9) + 1)]
    if chooser.random() < 0.5:
        second = chooser.choice(directions)
        corner = path[-1]
        path += [(corner[0] + second[0] * i, corner[1] + second[1] * i) for i in range(1, chooser.randint(1, 6) + 1)]
    try:
        movement.simulate(grid, start, strength, symbol, path)
    except IllegalAction:
        return None
    return [list(f) for f in path]


def random_action(state, seat, chooser: random.Random):
    """A random card and figure, then a random path the checker accepts (or any legal move of it).

    Sampling paths instead of listing every move keeps thousands of games within seconds; the
    fallback lists all moves, so a figure that can move always does.
    """
    if state["phase"] == "place":
        return chooser.choice(ENGINE.legal_actions(state, seat))
    card = chooser.choice(state["hands"][seat])
    hero = DATA.heroes[card]
    grid = parse(state["position"])
    figures = ENGINE.figure_fields(state, seat)
    chooser.shuffle(figures)
    for figure, start in figures:
        if hero.schattenfell and chooser.random() < 0.3:
            return {
                "type": "jump",
                "card": card,
                "figure": figure,
                "to": list(chooser.choice(movement.jump_targets(grid, start))),
            }
        strength = movement.effective_strength(grid, start, hero.strength)
        for _ in range(12):
            path = random_path(grid, start, strength, hero.symbol, chooser)
            if path:
                return {"type": "move", "card": card, "figure": figure, "path": path}
    for figure, _start in figures:
        outcomes = ENGINE.options_for(state, seat, card, figure)
        if outcomes:
            outcome = chooser.choice(outcomes)
            if outcome["kind"] == "jump":
                return {"type": "jump", "card": card, "figure": figure, "to": list(outcome["end"])}
            return {"type": "move", "card": card, "figure": figure, "path": [list(f) for f in outcome["path"]]}
    return {"type": "move", "card": card, "figure": 0, "path": []}


def check_invariants(state):
    grid = parse(state["position"])
    # 150 tiles: on the board (one under every orc), in the supply, captured; none twice
    tiles = list(state["tiles"].values()) + state["supply"] + [t for c in state["captured"] for t in c]
    assert sorted(tiles) == list(range(150))
    assert sorted(state["tiles"]) == sorted(f"{r},{c}" for r, c in grid.fields("o"))
    # every figure on its own field, shown there with its seat's digit
    fields = [tuple(f) for figures in state["figures"] for f in figures if f is not None]
    assert len(fields) == len(set(fields)) == sum(grid.cells.count(d) for d in FIGURES)
    for seat, figures in enumerate(state["figures"]):
        for field in figures:
            assert field is None or grid.get(*field) == str(seat + 1)
    # towers stay, three cards in every hand, 32 hero cards, 9 orc cards
    assert grid.cells.count("T") == 2
    assert all(len(hand) == 3 for hand in state["hands"])
    if state["phase"] != "place":
        assert all(f is not None for figures in state["figures"] for f in figures)
    heroes = state["hero_pile"] + state["hero_discard"] + [c for h in state["hands"] for c in h]
    assert sorted(heroes) == sorted(DATA.heroes)
    assert sorted(state["orc_pile"] + state["orc_discard"]) == sorted(DATA.orc_cards)
    # one event card per Ent step except the step onto the last field
    assert len(state["events_done"]) == min(state["ent"], DATA.ent_last - 1)
    assert len(state["events_done"]) + len(state["event_pile"]) == 14
    assert json.loads(json.dumps(state)) == state


def test_thousands_of_random_games_end_with_invariants_intact():
    endings = {"chain": 0, "ent": 0}
    for game in range(GAMES):
        chooser = random.Random(game)
        players = 2 + game % 3
        state = ENGINE.setup(players, {"variant": VARIANTS[game % 3]}, seed=game)
        for _ in range(1000):
            if state["phase"] == "over":
                break
            seat = ENGINE.current_seats(state)[0]
            action = random_action(state, seat, chooser)
            if game < 2:  # the sampler only picks actions legal_actions lists
                legal = ENGINE.legal_actions(state, seat)
                assert action in legal or {**action, "figure": 0} in legal
            state, _ = ENGINE.apply(state, seat, action)
            check_invariants(state)
        assert state["phase"] == "over", f"game {game} did not end"
        assert ENGINE.current_seats(state) == [] and ENGINE.legal_actions(state, 0) == []
        endings[state["result"]["reason"]] += 1
        view = ENGINE.view(state, None)
        assert view["hand"] is None and "rng" not in json.dumps(view)
    assert sum(endings.values()) == GAMES


def test_move_generation_agrees_with_the_path_checker_on_random_positions():
    chooser = random.Random(4)
    for _ in range(300):
        rows, columns = chooser.randint(1, 9), chooser.randint(1, 12)
        cells = chooser.choices(".o12#", weights=[10, 8, 1, 1, 1], k=rows * columns)
        start = chooser.randrange(rows * columns)
        cells[start] = "1"
        grid = parse("/".join("".join(cells[r * columns : (r + 1) * columns]) for r in range(rows)))
        origin = (start // columns + 1, start % columns + 1)
        symbol = chooser.choice(list(movement.DIRECTIONS))
        strength = chooser.randint(0, 9)
        for move in movement.moves(grid, origin, strength, symbol):
            checked = movement.simulate(grid, origin, strength, symbol, move["path"])
            assert checked["captured"] == move["captured"]
            assert checked["pincers"] == move["pincers"]
            assert len(set(move["path"])) == len(move["path"])
