"""Issue 31, done when: free play of a hero against a minion deck — every move chosen from ``legal_actions`` as a
careful player chooses (forms filled in within their limits), never a scripted scenario — takes a median of at most
8 submissions and 4 hand-overs per game turn, with no refused move. Played with the starter decks and with the sample
decks of issue 29, on several seeds; the figures are pooled over all turns of the games (the bench prints them)."""

import functools

import pytest

from matches.engine.base import Text
from matches.games.meccg import freeplay
from tests.matches.meccg_games import engine, played

SEEDS = (1, 2, 3)


def unique_labels(state, seat, legal, rng):
    """The careful player, checking on the way that the list offers each move once (one button per move)."""
    concrete = [(a["type"], Text.from_json(a["label"]).render()) for a in legal if "label" in a]
    assert len(concrete) == len(set(concrete)), sorted(concrete)
    return freeplay.careful(state, seat, legal, rng)


@functools.cache
def starter_game(seed):
    decks = (freeplay.starter_deck("helden"), freeplay.starter_deck("schergen"))
    return freeplay.play(engine(), seed, decks, choose=unique_labels)


@pytest.mark.parametrize("games", ["starter", "sample"])
def test_a_game_turn_takes_a_handful_of_submissions_and_few_hand_overs(games):
    found = [starter_game(seed) if games == "starter" else played(seed) for seed in SEEDS]
    assert all(game.over for game in found)
    figures = freeplay.pooled(found)
    assert figures["refused"] == 0
    assert figures["turns"] > 60  # whole games, not a few turns
    assert figures["submissions"] <= 8, figures
    assert figures["handovers"] <= 4, figures


def test_the_count_is_honest_a_hand_over_is_a_submission_from_the_other_seat():
    game = freeplay.Game(
        state={},
        moves=[
            (0, 0, "choose_deck"),
            (1, 0, "plan_movement"),
            (1, 1, "hazards"),
            (1, 0, "defend"),
            (1, 0, "next_phase"),
            (2, 1, "plan_movement"),
        ],
    )
    assert freeplay.pace(game) == {"turns": 2, "submissions": 2.5, "handovers": 1.5, "moves": 6}
    # Turn 1: 4 submissions, 2 hand-overs (0→1, 1→0); turn 2: 1 submission, 1 hand-over (the turn changed hands).
