"""The arena's players: the rulebook rivals, the strong player's anytime search, the figures."""

import itertools
import random

import pytest
from django.core.management import call_command

from matches.games.zwei_tuerme.bot import determinized, player
from matches.games.zwei_tuerme.bot.arena import Game, Pairing
from matches.games.zwei_tuerme.bot.candidates import generate
from matches.games.zwei_tuerme.bot.rivals import RIVALS, coming_orc_cards, greedy
from matches.games.zwei_tuerme.bot.sample import sample_state
from matches.games.zwei_tuerme.bot.seen import read
from matches.games.zwei_tuerme.bot.stats import deal_differences, mean_interval, outscore_share, wilson
from matches.games.zwei_tuerme.engine import ENGINE

from .test_zwei_tuerme_bot import positions


@pytest.mark.parametrize("players", [2, 4])
def test_the_rivals_always_move_legally(players):
    for seat, state in positions(20 + players, players, every=3, limit=4):
        legal = ENGINE.legal_actions(state, seat)
        view = ENGINE.view(state, seat)
        for name, rival in RIVALS.items():
            action = rival(view, 3)
            assert action in legal, (name, action)
            assert rival(view, 3) == action  # reproducible from the view and the seed


def test_greedy_takes_the_most_orcs_among_the_moves_no_single_orc_card_turns_into_the_chain():
    for seat, state in positions(31, 2, every=4, limit=4):
        view = ENGINE.view(state, seat)
        seen = read(view)
        candidates = generate(seen)
        chosen = next(c for c in candidates if c.action == greedy(view, 1))
        cards = coming_orc_cards(seen)
        pool = [c for c in candidates if _safe(seen, c, cards)] or candidates
        assert chosen in pool
        assert chosen.mine == max(c.mine for c in pool)


def _safe(seen, candidate, cards):
    after = candidate.after(seen.grid, seen.me)
    return not any(_linked_with(seen, after, card) for card in cards)


def _linked_with(seen, grid, card):
    from matches.games.zwei_tuerme.bot.judge import enter, linked

    g = grid.copy()
    for p in card:
        enter(g, p["side"], p["row"], p["count"])
    return linked(g, seen.towers)


def test_the_coming_orc_cards_are_the_nine_minus_the_open_discard_pile():
    seat, state = positions(5, 2, every=3, limit=2)[-1]
    view = ENGINE.view(state, seat)
    assert view["orc_discard"] == state["orc_discard"]
    assert len(coming_orc_cards(read(view))) == len(state["orc_pile"])


def test_a_sampled_world_shows_the_seat_exactly_its_view():
    """The determinization invents only what the seat cannot see: its view of the sample is its view."""
    for players in (2, 3):
        for seat, state in positions(60 + players, players, every=4, limit=3):
            view = ENGINE.view(state, seat)
            seen = read(view)
            for seed in range(3):
                world = sample_state(seen, random.Random(seed))
                assert ENGINE.view(world, seat) == view
                assert sorted(world["orc_pile"]) == sorted(set(ENGINE.data.orc_cards) - set(state["orc_discard"]))


class Clock:
    """A clock that advances one unit at every reading: the search's stopping rule without timing."""

    def __init__(self):
        self.readings = itertools.count()

    def __call__(self):
        return float(next(self.readings))


def _strong_setup():
    seat, state = positions(12, 2, every=5, limit=2)[-1]
    seen = read(ENGINE.view(state, seat))
    top = player._medium(seen, generate(seen), random.Random(1))[:3]
    return seen, top


def test_the_search_stops_at_its_budget_or_its_deadline_whichever_first():
    seen, top = _strong_setup()
    assert determinized.search(seen, top, random.Random(2), max_samples=3).samples == 3
    # the deadline has passed at the first reading: the minimum is still played
    past = determinized.search(seen, top, random.Random(2), 10, deadline=-1.0, clock=Clock())
    assert past.samples == determinized.MIN_SAMPLES
    # after the minimum one clock reading per sample begun: readings 0..4 are before the deadline 4.5
    timed = determinized.search(seen, top, random.Random(2), 50, deadline=4.5, clock=Clock())
    assert timed.samples == determinized.MIN_SAMPLES + 5
    far = determinized.search(seen, top, random.Random(2), 4, deadline=1e9, clock=Clock())
    assert far.samples == 4
    assert far.best in top and len(far.means) == len(top)


def test_the_search_halves_the_race_and_plays_a_move_still_in_it():
    seen, top = _strong_setup()
    every = determinized.HALVE_EVERY
    found = determinized.search(seen, top, random.Random(3), 2 * every, prior=[c.value for c in top])
    # three moves: after the first cut two stay; they meet every sample, the dropped one the first ones
    assert sum(found.alive) == 2
    assert sorted(found.counts) == [every, 2 * every, 2 * every]
    dropped = found.alive.index(False)
    assert found.shifts[dropped] == 0.0
    assert found.best is not top[dropped]
    values = [c.value + shift for c, shift in zip(top, found.shifts, strict=True)]
    racing = [i for i in range(len(top)) if found.alive[i]]
    assert found.best is top[max(racing, key=lambda i: values[i])]


def test_the_strong_choice_is_legal_and_names_its_look_ahead():
    for seat, state in positions(44, 2, every=6, limit=2):
        view = ENGINE.view(state, seat)
        chosen = player.decide(view, "stark", 8)
        assert chosen.action in ENGINE.legal_actions(state, seat)
        assert [name for name, _ in chosen.reasons][-1] == "look-ahead"


def _pairing(diffs_by_seed):
    result = Pairing("a", "b")
    for seed, diffs in diffs_by_seed.items():
        for seat, diff in enumerate(diffs):
            scores = [50 + diff, 50] if seat == 0 else [50, 50 + diff]
            result.games.append(Game(seed, ("a", "b") if seat == 0 else ("b", "a"), scores=scores, reason="ent"))
            result.seats.append(seat)
    return result


def test_the_arena_figures():
    result = _pairing({1: [4, -2], 2: [0, 6], 3: [-1, -3]})
    assert result.differences() == [4, -2, 0, 6, -1, -3]
    assert outscore_share(result) == pytest.approx(2.5 / 6)  # the tie counts half
    assert deal_differences(result) == [1.0, 3.0, -2.0]  # the two games of a deal averaged
    m, low, high = mean_interval([1.0, 3.0, -2.0])
    assert m == pytest.approx(2 / 3) and low < m < high and high - m == pytest.approx(m - low)
    assert high - m == pytest.approx(4.303 * 2.5166 / 3**0.5, rel=0.01)  # t(2) = 4.303
    low, high = wilson(42, 60)
    assert 0.574 < low < 0.576 and 0.800 < high < 0.802  # p 0.7, n 60: [0.5749, 0.8011]
    assert wilson(0, 10)[0] == pytest.approx(0.0, abs=1e-12) and wilson(10, 10)[1] == pytest.approx(1.0)


def test_the_arena_command_prints_the_pairing(capsys):
    call_command("arena", "--a", "greedy", "--b", "zufall", "--games", "2", "--seed-base", "77")
    out = capsys.readouterr().out
    assert "Arena greedy gegen zufall: 2 Partien zu zweit auf 1 Verteilungen (Seeds 77–77" in out
    assert "Punkte je Partie greedy − zufall:" in out and "Bedenkzeit greedy: p50" in out
