"""The strong player's search: determinized, anytime, over what the seat may know.

Each *sample* is a full game state that agrees with the view (``sample.py``): the other hands, the
hero pile, the tiles under the orcs and in the supply drawn from what is unseen; the orc pile is the
nine cards minus the open discard pile (the cards gone by since the reshuffle), the event pile the
cards not yet read aloud. In every sample each candidate is played with the real engine, then the
game goes on with a quick greedy policy for every seat (the viewer's own next move included) for
``HORIZON`` rounds, and the position is judged. All candidates meet the same samples and the same
policy randomness, so their differences come from the moves, not from luck.

Anytime: samples are played one after another until ``max_samples`` are done or the deadline has
passed; the best mean so far is the answer (none played: all means 0, the first candidate). The clock is a parameter, so
the stopping rule is tested without timing anything.
"""

from __future__ import annotations

import heapq
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from matches.engine.base import IllegalAction

from ..engine import ENGINE, movement
from ..engine.notation import EMPTY, parse
from .candidates import Candidate
from .judge import CHAIN_LOSS, chain_gap, gap_penalty
from .sample import sample_state
from .seen import Seen

HORIZON = 1  # own moves the rollout plays after the candidate (each answered by the others)
MIN_SAMPLES = 0  # past the deadline already: mittel's order stands (the differences weigh nothing)
WIN_BONUS = 25.0
FOLLOW = 0.6  # the own best take when the rollout stops (the viewer is on turn then)
CAUTION = 0.3  # the worry about a chain still to come, at the rollout's end
SHRINK = 6  # the search's differences count samples / (samples + SHRINK): the prior (mittel) leads early
HALVE_EVERY = 4  # samples between two cuts: the worse half of the race is dropped (at least two stay)


@dataclass
class SearchResult:
    best: Candidate
    samples: int  # samples played (each: every candidate still in the race once)
    means: list[float]
    counts: list[int] = field(default_factory=list)  # samples each candidate met (dropped ones fewer)
    shifts: list[float] = field(default_factory=list)  # the search's say, added to the prior (0: dropped)
    alive: list[bool] = field(default_factory=list)


def trust(samples: int) -> float:
    """How much the search's differences count against the prior: few samples are noisy."""
    return samples / (samples + SHRINK)


def _lead(seen: Seen, gained: list[int]) -> float:
    """The viewer's expected lead now: known or estimated scores plus the orcs gained, at their mean."""
    scores = [seen.scores[s] + seen.ev * gained[s] for s in range(seen.players)]
    return scores[seen.me] - max(v for s, v in enumerate(scores) if s != seen.me)


def _ended(state: dict, seen: Seen, gained: list[int]) -> float:
    lead = _lead(seen, gained)
    if state["result"]["reason"] == "chain":
        return -CHAIN_LOSS + 0.1 * lead
    return lead + (WIN_BONUS if lead > 0 else -WIN_BONUS)


def _options(state: dict, seat: int, grid) -> list[tuple[float, Any, int, dict]]:
    """Every ordinary move of ``seat`` in a sampled world as (orcs it nets, card, figure, outcome).

    One move search per figure and direction symbol at the hand's top strength: a path costs its
    length plus one per orc on it, so a weaker card's moves are the cheaper ones of the same search."""
    mark = str(seat + 1)
    hand = [ENGINE.data.heroes[c] for c in state["hands"][seat]]
    found = []
    for figure, start in enumerate(state["figures"][seat]):
        if start is None:
            continue
        start = (start[0], start[1])
        for symbol in {card.symbol for card in hand}:
            cards = [card for card in hand if card.symbol == symbol]
            top = max(card.strength for card in cards)
            budgets = [(card, movement.effective_strength(grid, start, card.strength)) for card in cards]
            for outcome in movement.moves(grid, start, movement.effective_strength(grid, start, top), symbol):
                cost = len(outcome["path"]) + len(outcome["captured"])
                value = float(len(outcome["captured"]))
                for pincer in outcome["pincers"]:
                    n = len(pincer["fields"])
                    value += n if grid.get(*pincer["partner"]) == mark else (n + 1) // 2 - n // 2
                for card, budget in budgets:
                    if cost <= budget:
                        found.append((value - 0.02 * card.strength, card, figure, outcome))
    return found


def quick_move(state: dict, seat: int, chooser: random.Random) -> dict:
    """The rollout's policy: the most orcs for oneself (a little noise), not a move leaving the orcs
    one field short of their chain while another of the best three does not."""
    grid = parse(state["position"])
    options = _options(state, seat, grid)
    if not options:
        return ENGINE.default_action(state, seat)
    noisy = [(v + 0.5 * chooser.random(), i) for i, (v, _c, _f, _o) in enumerate(options)]
    best = [options[i] for _v, i in heapq.nlargest(3, noisy)]
    towers, fed = _towers_and_feeds()
    for _value, card, figure, outcome in best:
        action = {"type": "move", "card": card.id, "figure": figure, "path": [list(f) for f in outcome["path"]]}
        after = grid.copy()
        start = state["figures"][seat][figure]
        after.set(start[0], start[1], EMPTY)
        for f in outcome["captured"]:
            after.set(f[0], f[1], EMPTY)
        for pincer in outcome["pincers"]:
            for f in pincer["fields"]:
                after.set(f[0], f[1], EMPTY)
        after.set(*outcome["end"], str(seat + 1))
        if chain_gap(after, towers, fed) > 1:
            return action
    _value, card, figure, outcome = best[0]
    return {"type": "move", "card": card.id, "figure": figure, "path": [list(f) for f in outcome["path"]]}


_CACHE: dict = {}


def _towers_and_feeds():
    if "towers" not in _CACHE:
        from .seen import feeds

        towers = [t.field for t in ENGINE.data.towers]
        _CACHE["towers"] = ((towers[0], towers[-1]), feeds(ENGINE.data))
    return _CACHE["towers"]


def _best_take(state: dict, seat: int) -> float:
    return max((v for v, _c, _f, _o in _options(state, seat, parse(state["position"]))), default=0.0)


def rollout(seen: Seen, state: dict, action: dict, chooser: random.Random, horizon: int = HORIZON) -> float:
    """The candidate's worth in one sampled world, in hero points for the viewer."""
    me = seen.me
    before = [len(c) for c in state["captured"]]
    try:
        state, _ = ENGINE.apply(state, me, action)
    except IllegalAction:
        return -1e6
    own_moves = 0
    for _ in range(4 * (horizon + 1) * seen.players):
        gained = [len(c) - b for c, b in zip(state["captured"], before, strict=True)]
        if state["phase"] == "over":
            return _ended(state, seen, gained)
        seat = state["turn"]
        if seat == me:
            if own_moves >= horizon:
                towers, fed = _towers_and_feeds()
                gap = chain_gap(parse(state["position"]), towers, fed)
                return _lead(seen, gained) + FOLLOW * seen.ev * _best_take(state, me) - gap_penalty(gap, CAUTION)
            own_moves += 1
        state, _ = ENGINE.apply(state, seat, quick_move(state, seat, chooser))
    return _lead(seen, [len(c) - b for c, b in zip(state["captured"], before, strict=True)])


def _shifts(means: list[float], counts: list[int], alive: list[bool]) -> list[float]:
    racing = [i for i, a in enumerate(alive) if a]
    average = sum(means[i] for i in racing) / len(racing)
    return [trust(counts[i]) * (means[i] - average) if alive[i] else 0.0 for i in range(len(means))]


def _cut(prior: list[float], means: list[float], counts: list[int], alive: list[bool]) -> None:
    """Successive halving: the worse half (prior plus the search's say) leaves the race, so the
    samples still to come go to the moves that may be chosen."""
    racing = [i for i, a in enumerate(alive) if a]
    if len(racing) <= 2:
        return
    shifts = _shifts(means, counts, alive)
    racing.sort(key=lambda i: (prior[i] + shifts[i], -i), reverse=True)
    for i in racing[max(2, (len(racing) + 1) // 2) :]:
        alive[i] = False


def search(
    seen: Seen,
    candidates: list[Candidate],
    chooser: random.Random,
    max_samples: int,
    deadline: float | None = None,
    clock: Callable[[], float] = time.perf_counter,
    horizon: int | None = None,
    prior: list[float] | None = None,
) -> SearchResult:
    """Anytime determinized search over ``candidates`` (best prior first: it wins ties).

    ``prior``: the candidates' values before the search (mittel's judgement, in hero points); the
    answer is the best of prior + the search's shrunk difference. Every ``HALVE_EVERY`` samples the
    worse half leaves the race (all candidates still in it meet the same samples)."""
    horizon = HORIZON if horizon is None else horizon
    prior = prior if prior is not None else [0.0] * len(candidates)
    n = len(candidates)
    totals, counts, alive = [0.0] * n, [0] * n, [True] * n
    played = 0
    while played < max_samples:
        if deadline is not None and played >= MIN_SAMPLES and clock() > deadline:
            break
        state = sample_state(seen, chooser)
        seed = chooser.getrandbits(32)
        for i, candidate in enumerate(candidates):
            if alive[i]:
                # the same policy randomness for every candidate (common random numbers)
                totals[i] += rollout(seen, state, candidate.action, random.Random(seed), horizon)  # noqa: S311
                counts[i] += 1
        played += 1
        if played % HALVE_EVERY == 0:
            _cut(prior, [t / max(c, 1) for t, c in zip(totals, counts, strict=True)], counts, alive)
    means = [t / max(c, 1) for t, c in zip(totals, counts, strict=True)]
    shifts = _shifts(means, counts, alive)
    best = max((i for i in range(n) if alive[i]), key=lambda i: (prior[i] + shifts[i], -i))
    return SearchResult(candidates[best], played, means, counts, shifts, alive)
