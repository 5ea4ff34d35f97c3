"""The strong player's look-ahead: sample the hidden parts, play each promising move on, compare.

For every sample (a state that agrees with the view, see ``sample.py``) each candidate is played
with the real engine (orc cards, tiles, the Ent, event cards, the chain), the other seats answer
with a quick greedy policy until the viewer is on turn again, and the position is judged there.
All candidates meet the same samples, so their differences come from the moves, not from luck.
"""

from __future__ import annotations

import random

from matches.engine.base import IllegalAction

from ..engine import ENGINE
from .candidates import Candidate, generate
from .judge import CHAIN_LOSS, GAP_PENALTY, chain_gap
from .sample import sample_state
from .seen import Seen, read

WIN_BONUS = 25.0


def greedy(seen: Seen, chooser: random.Random) -> Candidate:
    """The quick policy of the look-ahead: most orcs for oneself, an eye on an immediate chain."""
    best, best_value = None, None
    for candidate in generate(seen):
        value = candidate.mine - sum(candidate.theirs.values()) + chooser.random() * 0.5
        if candidate.card is not None:
            value -= 0.02 * candidate.card.strength
        if candidate.taken and value > (best_value or -1e9) - 1:
            # only moves that might be the best are checked against the chain
            if chain_gap(candidate.after(seen.grid, seen.me), seen.towers) <= 1:
                value -= 50
        if best_value is None or value > best_value:
            best, best_value = candidate, value
    return best


def _outcome(state: dict, me: int) -> float | None:
    result = state.get("result")
    if not result:
        return None
    scores = result["scores"]
    lead = scores[me] - max(s for i, s in enumerate(scores) if i != me)
    if result["reason"] == "chain":
        return -CHAIN_LOSS + 0.1 * lead
    return lead + (WIN_BONUS if me in result["winners"] else -WIN_BONUS)


def rollout(state: dict, me: int, action: dict, chooser: random.Random, limit: int = 8) -> float:
    try:
        state, _ = ENGINE.apply(state, me, action)
    except IllegalAction:
        return -1e6
    for _ in range(limit):
        done = _outcome(state, me)
        if done is not None:
            return done
        seat = state["turn"]
        seen = read(ENGINE.view(state, seat), ENGINE.data)
        if seat == me:
            best = greedy(seen, chooser)
            scores = seen.scores
            lead = scores[me] - max(s for i, s in enumerate(scores) if i != me)
            gap = chain_gap(seen.grid, seen.towers)
            return lead + 0.7 * seen.ev * (best.mine if best else 0) - GAP_PENALTY.get(gap, 0.0)
        state, _ = ENGINE.apply(state, seat, greedy(seen, chooser).action)
    return 0.0


def look_ahead(seen: Seen, candidates: list[Candidate], chooser: random.Random, samples: int) -> list[Candidate]:
    """Each candidate's value becomes its mean over the samples (plus a hair of the quick judgement)."""
    totals = [0.0] * len(candidates)
    for _ in range(samples):
        state = sample_state(seen, chooser)
        seed = chooser.getrandbits(32)
        for i, candidate in enumerate(candidates):
            totals[i] += rollout(state, seen.me, candidate.action, random.Random(seed))
    for candidate, total in zip(candidates, totals, strict=True):
        mean = total / samples
        candidate.reasons.append(("look-ahead", mean))
        candidate.value = mean + 0.05 * candidate.value
    return candidates
