"""The Zwei Türme computer player: legal, reproducible, and deciding from the seat's view only."""

import copy
import itertools
import random

import pytest

from matches.engine import rng
from matches.games.zwei_tuerme.bot import LEVELS, choose, decide, suggest
from matches.games.zwei_tuerme.bot.arena import RANDOM, bot_seed, play
from matches.games.zwei_tuerme.bot.judge import chain_gap, linked
from matches.games.zwei_tuerme.bot.seen import read
from matches.games.zwei_tuerme.engine import ENGINE


def positions(seed: int, players: int = 2, every: int = 5, limit: int = 4):
    """States in the play phase of a random game (the seat on turn and its state)."""
    state = ENGINE.setup(players, {}, seed)
    chooser = random.Random(seed)
    found = []
    while state["phase"] != "over" and len(found) < limit:
        seat = state["turn"]
        if state["phase"] == "play" and state["turns"] % every == 1:
            found.append((seat, copy.deepcopy(state)))
        state, _ = ENGINE.apply(state, seat, chooser.choice(ENGINE.legal_actions(state, seat)))
    return found


def with_other_secrets(state: dict, seat: int, seed: int) -> dict:
    """The same game for ``seat``'s eyes, but every hidden part different: the other hands, the piles'
    order and content, the tiles under the orcs and in the supply, the event pile, the generator."""
    other = copy.deepcopy(state)
    chooser = random.Random(seed)
    # hero cards: the other hands and the pile are one hidden pool (the discard pile lies open)
    hidden = list(other["hero_pile"])
    for s in range(other["players"]):
        if s != seat:
            hidden += other["hands"][s]
    chooser.shuffle(hidden)
    for s in range(other["players"]):
        if s != seat:
            other["hands"][s] = [hidden.pop() for _ in other["hands"][s]]
    other["hero_pile"] = [hidden.pop() for _ in other["hero_pile"]]
    # orc cards: the pile in another order (the discard pile lies open, „offener Ablagestapel“)
    chooser.shuffle(other["orc_pile"])
    # tiles: the same unrevealed tiles, dealt differently under the orcs, into the supply and into the
    # other seats' face-down captures (the rulebook turns captured orcs face down)
    unrevealed = list(other["tiles"].values()) + other["supply"]
    for s in range(other["players"]):
        if s != seat:
            unrevealed += other["captured"][s]
    chooser.shuffle(unrevealed)
    for s in range(other["players"]):
        if s != seat:
            other["captured"][s] = [unrevealed.pop() for _ in other["captured"][s]]
    other["tiles"] = {key: unrevealed.pop() for key in sorted(other["tiles"])}
    other["supply"] = unrevealed
    # events still to come: reversed within each of the piles 1, 2, 3 (stacked in that order, which
    # pile comes next is public), and another generator
    pile_of = {e: ENGINE.data.events[e]["pile"] for e in other["event_pile"]}
    groups = [list(group) for _pile, group in itertools.groupby(other["event_pile"], key=pile_of.get)]
    other["event_pile"] = [e for group in groups for e in reversed(group)]
    other["rng"] = rng.new(seed * 7919 + 1)
    return other


@pytest.mark.parametrize("players", [2, 3])
def test_the_decision_is_the_same_whatever_the_hidden_parts_hold(players):
    checked = 0
    for seat, state in positions(40 + players, players, every=6, limit=3):
        other = with_other_secrets(state, seat, seed=checked + 1)
        assert other != state  # the hidden parts really differ ...
        assert other["tiles"] != state["tiles"] or other["supply"] != state["supply"]
        view, other_view = ENGINE.view(state, seat), ENGINE.view(other, seat)
        assert other_view == view  # ... and the seat sees no difference
        for level in LEVELS:
            seed = bot_seed(1234, state["turns"], seat)
            assert choose(other_view, level, seed) == choose(view, level, seed), level
        checked += 1
    assert checked >= 2


def test_the_choice_is_legal_and_reproducible_at_every_level():
    for players in (2, 4):
        for seat, state in positions(7 + players, players, every=4, limit=3):
            legal = ENGINE.legal_actions(state, seat)
            view = ENGINE.view(state, seat)
            for level in LEVELS:
                action = choose(view, level, 99)
                assert action in legal, (level, action)
                assert choose(copy.deepcopy(view), level, 99) == action
                ENGINE.apply(state, seat, action)  # the engine takes it


def test_placement_puts_the_second_figure_beside_the_first():
    state = ENGINE.setup(2, {}, 3)
    for _ in range(4):
        seat = state["turn"]
        action = choose(ENGINE.view(state, seat), "mittel", 5)
        state, _ = ENGINE.apply(state, seat, action)
    for seat in (0, 1):
        (_r1, c1), (_r2, c2) = state["figures"][seat]
        assert c1 == c2  # in one column: the start of a pincer
    assert state["phase"] == "play"


def test_the_chain_gap_counts_orcs_still_needed():
    data = ENGINE.data
    state = ENGINE.setup(2, {}, 1)
    seen = read(ENGINE.view(state, 0))
    towers = seen.towers
    grid = seen.grid
    full = grid.copy()
    for c in range(1, 19):  # row 4 full of orcs: a chain (4,1) ... (4,18) next to both towers' rings
        full.set(4, c, "o")
    assert linked(full, towers) and chain_gap(full, towers, seen.fed) == 0
    gap_start = chain_gap(grid, towers, seen.fed)
    one_short = full.copy()
    one_short.set(4, 9, ".")
    assert chain_gap(one_short, towers, seen.fed) == 1
    blocked = full.copy()
    blocked.set(4, 9, "1")  # a figure breaks the row; around it the orcs need more
    assert chain_gap(blocked, towers, seen.fed) >= 2
    assert 0 < gap_start < 99 and data.rows == grid.rows


def test_the_suggestion_names_a_legal_move_with_its_path():
    seat, state = positions(12, 2, every=5, limit=2)[-1]
    view = ENGINE.view(state, seat)
    tip = suggest(view, seed=4)
    assert tip["action"] in ENGINE.legal_actions(state, seat)
    assert tip["card"]["id"] == tip["action"]["card"]
    if tip["action"]["type"] == "move" and tip["action"]["path"]:
        assert tip["path"] == tip["action"]["path"] and tip["end"] == tip["path"][-1]
    assert any(name == "look-ahead" for name, _ in tip["reasons"])
    assert decide(view, "stark", 4).action == tip["action"]


def test_levels_beat_a_random_mover_on_points():
    """A few seeded two-player games (the bench plays many): even "leicht" outscores random moves."""
    for level in ("leicht", "mittel"):
        wins = 0
        for seed in range(4):
            players = (level, RANDOM) if seed % 2 == 0 else (RANDOM, level)
            game = play(players, 500 + seed)
            wins += game.outscored(players.index(level))
        assert wins >= 3, level
