"""The strong player's look-ahead: sample the hidden parts, play each promising move on, compare.

For every sample (a state that agrees with the view, see ``sample.py``) each candidate is played
with the real engine (orc cards, tiles, the Ent, event cards, the chain), the other seats answer
with a quick greedy policy until the viewer is on turn again, and the position is judged there.
All candidates meet the same samples, so their differences come from the moves, not from luck.
"""

from __future__ import annotations

import random
import time

from matches.engine.base import IllegalAction

from ..engine import ENGINE, movement
from .candidates import Candidate, from_outcome
from .judge import CHAIN_LOSS, chain_gap, gap_penalty
from .sample import sample_state
from .seen import Seen, read

WIN_BONUS = 25.0


def greedy(seen: Seen, chooser: random.Random) -> dict:
    """The quick policy of the look-ahead: most orcs for oneself, no move that opens the chain's way.

    Works on the engine's outcomes directly (no candidates), jumps only when nothing else moves.
    """
    grid, me = seen.grid, seen.me
    scored = []
    for card in seen.hand:
        for figure, start in seen.figures:
            strength = movement.effective_strength(grid, start, card.strength)
            for outcome in movement.moves(grid, start, strength, card.symbol):
                value = len(outcome["captured"])
                for pincer in outcome["pincers"]:
                    mine = grid.get(*pincer["partner"]) == str(me + 1)
                    n = len(pincer["fields"])
                    value += n if mine else (n + 1) // 2 - n // 2
                value += chooser.random() * 0.5 - 0.02 * card.strength
                scored.append((value, card, figure, start, outcome))
    if not scored:
        return _fallback(seen, chooser)
    scored.sort(key=lambda item: item[0], reverse=True)
    for _value, card, figure, start, outcome in scored[:3]:
        candidate = from_outcome(seen, card, figure, start, outcome)
        if chain_gap(candidate.after(grid, me), seen.towers, seen.fed) > 1:
            return candidate.action
    _value, card, figure, start, outcome = scored[0]
    return from_outcome(seen, card, figure, start, outcome).action


def _fallback(seen: Seen, chooser: random.Random) -> dict:
    """No ordinary move: a Schattenfell jump (onto an orc if there is one), else a card without moving."""
    for card in seen.hand:
        if card.schattenfell:
            for figure, start in seen.figures:
                targets = movement.jump_targets(seen.grid, start)
                if targets:
                    orcs = [t for t in targets if seen.grid.get(*t) == "o"] or targets
                    return {"type": "jump", "card": card.id, "figure": figure, "to": list(chooser.choice(orcs))}
    return {"type": "move", "card": seen.hand[0].id, "figure": 0, "path": []}


def best_take(seen: Seen) -> int:
    """The most orcs the viewer could take for itself with one move now."""
    grid, me, best = seen.grid, seen.me, 0
    for card in seen.hand:
        for _figure, start in seen.figures:
            strength = movement.effective_strength(grid, start, card.strength)
            for outcome in movement.moves(grid, start, strength, card.symbol):
                value = len(outcome["captured"])
                for pincer in outcome["pincers"]:
                    n = len(pincer["fields"])
                    value += n if grid.get(*pincer["partner"]) == str(me + 1) else (n + 1) // 2
                best = max(best, value)
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


def rollout(
    state: dict, me: int, action: dict, chooser: random.Random, ev: float, caution: float = 1.0, limit: int = 8
) -> float:
    """The candidate's worth in one sampled world: orcs taken on the way (at their expected value, so
    the invented tiles add no noise), the chain's gap and the best take when the viewer is on turn again."""
    before = [len(c) for c in state["captured"]]
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
            gained = [len(c) - b for c, b in zip(state["captured"], before, strict=True)]
            lead = gained[me] - max(g for i, g in enumerate(gained) if i != me)
            gap = chain_gap(seen.grid, seen.towers, seen.fed)
            return ev * (lead + 0.7 * best_take(seen)) - gap_penalty(gap, caution)
        state, _ = ENGINE.apply(state, seat, greedy(seen, chooser))
    return 0.0


def look_ahead(
    seen: Seen,
    candidates: list[Candidate],
    chooser: random.Random,
    samples: int,
    weight: float = 0.5,
    deadline: float | None = None,
) -> list[Candidate]:
    """Adds to each candidate ``weight`` × (its mean over the sampled worlds − the mean of all).

    ``deadline`` (a ``time.perf_counter()`` value): no new sample is begun after it (at least two are
    played), so a loaded machine shortens the look-ahead instead of the game waiting.
    """
    totals = [0.0] * len(candidates)
    played = 0
    for _ in range(samples):
        if deadline is not None and played >= 2 and time.perf_counter() > deadline:
            break
        state = sample_state(seen, chooser)
        seed = chooser.getrandbits(32)
        for i, candidate in enumerate(candidates):
            totals[i] += rollout(state, seen.me, candidate.action, random.Random(seed), seen.ev, seen.caution)  # noqa: S311
        played += 1
    means = [total / played for total in totals]
    average = sum(means) / len(means)
    for candidate, mean in zip(candidates, means, strict=True):
        bonus = weight * (mean - average)
        candidate.reasons.append(("look-ahead", bonus))
        candidate.value += bonus
    return candidates
