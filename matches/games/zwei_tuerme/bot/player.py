"""The three levels of the computer player and the move suggestion (Zugvorschlag).

``choose(view, level, seed)`` is the whole interface the framework uses: it gets the seat's view
(``engine.view(state, seat)``), never the state, and a seed for its own generator (the framework
derives it from the match and the move number, so the choice can be reproduced).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from . import determinized
from .candidates import Candidate, generate
from .judge import CHAIN_LOSS, judge, judge_risk
from .reply import reply_value, unseen_cards
from .rivals import FOLLOW_UP, coming_orc_cards, follow_and_risk, greedy_rank
from .seen import Seen, read

LEVELS = ("leicht", "mittel", "stark")
DEFAULT_LEVEL = "mittel"
# The strong player: candidates searched (mittel's best) and at most this many sampled worlds each.
STRONG_CANDIDATES = 6
STRONG_SAMPLES = 32
JUDGE_SHARE = 0.4  # of the time limit: stark's one-ply judgement ends by then, its search by the limit
UNTIMED_SAMPLES = 6  # without a time limit (tests, direct calls): a fixed, smaller budget
# The framework's time limit for one decision (seconds): the search begins no new sample after it.
TIME_LIMIT = 0.6
MEDIUM_POOL = 10  # greedy's best moves judged by mittel ...
JUDGED_POOL = 0  # ... and the quick judgement's best (chain gap, Ent, hemmed): off, it costs the time of ten
# The next seat's expected best answer (its orcs at their mean): off. Under the time limit it cost the
# judging of more moves, and with it stark lost to the lookahead rival (which judges all twelve of
# greedy's best without it) on deals 20000+ (docs/computer-opponent.md).
REPLY_WEIGHT = 0.0
MEDIUM_FOLLOW_UP = FOLLOW_UP
CARD_COST = 0.5  # hero points per strength point of the card played: the strong cards are kept


def _card_worth(c: Candidate) -> float:
    """A card's worth in strength points; Gandalf's jump counts two more, moving in any direction one."""
    if c.card is None:
        return 0.0
    return c.card.strength + 2.0 * c.card.schattenfell + (c.card.symbol == "any")


def _place(seen: Seen, candidates: list[Candidate], chooser: random.Random, level: str) -> Candidate:
    """Setup: the second figure of a two-player seat beside the first, in its column (a pincer to come)."""
    if level != "leicht" and seen.figures:
        column = seen.figures[0][1][1]
        same = [c for c in candidates if c.end[1] == column]
        if same:
            return chooser.choice(same)
    return chooser.choice(candidates)


def _easy(seen: Seen, candidates: list[Candidate], chooser: random.Random) -> Candidate:
    """Sensible with some randomness: one of the better moves by points, never an immediate chain."""
    for c in candidates:
        judge(seen, c)
    safe = [c for c in candidates if c.value > -100] or candidates
    safe.sort(key=lambda c: (c.mine - sum(c.theirs.values()), c.value), reverse=True)
    return chooser.choice(safe[: max(1, min(6, len(safe) // 3))])


def _ranked(seen: Seen, candidates: list[Candidate], checks: int) -> list[Candidate]:
    for c in candidates:
        judge(seen, c)
    candidates.sort(key=lambda c: c.value, reverse=True)
    top = candidates[:checks]
    for c in top:
        judge_risk(seen, c)
    top.sort(key=lambda c: c.value, reverse=True)
    return top


def _medium(
    seen: Seen, candidates: list[Candidate], chooser: random.Random, late: Callable[[], bool] | None = None
) -> list[Candidate]:
    """mittel's judgement, best first: the orcs now, the exact chance that the next orc card (of those
    not yet gone by) closes the chain, the own follow-up after it, minus the next seat's expected best
    answer over the hands it may hold, minus the card's worth.

    ``late()`` true: no further move is judged (greedy's best come first, at least two are judged), so
    a loaded machine shortens the list rather than the game's wait."""
    pool = {id(c): c for c in greedy_rank(seen, candidates, chooser, MEDIUM_POOL)}
    if JUDGED_POOL and not (late and late()):
        for c in _ranked(seen, list(candidates), JUDGED_POOL):
            pool.setdefault(id(c), c)
    cards, unseen = coming_orc_cards(seen), unseen_cards(seen)
    others_weight = REPLY_WEIGHT * (1.0 if seen.players == 2 else 0.5)
    ranked = []
    for c in pool.values():
        if late and len(ranked) >= 2 and late():
            break
        # the next seat's expected best answer: off by default (see REPLY_WEIGHT)
        theirs = reply_value(seen, c, unseen)[0] if others_weight else 0.0
        risk, follow = follow_and_risk(seen, c, cards)
        c.reasons = [
            ("points", seen.ev * (c.mine - sum(c.theirs.values()))),
            ("risk", -CHAIN_LOSS * risk),
            ("follow-up", MEDIUM_FOLLOW_UP * seen.ev * follow),
            ("reply", -others_weight * seen.ev * theirs),
            ("card", -CARD_COST * _card_worth(c)),
        ]
        c.value = sum(v for _, v in c.reasons)
        ranked.append(c)
    ranked.sort(key=lambda c: c.value, reverse=True)
    return ranked


def decide(
    view: dict[str, Any], level: str = DEFAULT_LEVEL, seed: int = 0, time_limit: float | None = None
) -> Candidate:
    """The chosen move with its reasons (a :class:`Candidate`).

    ``time_limit`` (seconds, from the call): mittel and stark judge no further move and stark begins no
    new sample after it (anytime: the best found so far is played); without it the choice depends on
    nothing but the view, the level and the seed.
    """
    began = time.perf_counter()
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}")
    seen = read(view)
    chooser = random.Random(seed)  # noqa: S311 - a game player's choices, no secret
    candidates = generate(seen)
    if not candidates:
        raise ValueError("the seat has nothing to do in this view")
    if view["phase"] == "place":
        return _place(seen, candidates, chooser, level)
    if len(candidates) == 1:
        return candidates[0]
    if level == "leicht":
        return _easy(seen, candidates, chooser)
    deadline = None if time_limit is None else began + time_limit
    # stark leaves part of the time to its search; mittel may use all of it
    judged_by = None if deadline is None else began + time_limit * (1.0 if level == "mittel" else JUDGE_SHARE)
    ranked = _medium(seen, candidates, chooser, None if judged_by is None else lambda: time.perf_counter() > judged_by)
    if level == "mittel" or len(ranked) == 1:
        return ranked[0]
    top = ranked[:STRONG_CANDIDATES]
    budget = UNTIMED_SAMPLES if deadline is None else STRONG_SAMPLES
    found = determinized.search(seen, top, chooser, budget, deadline, prior=[c.value for c in top])
    # few samples (a loaded machine) are noisy: the search's differences count with its sample share
    for c, shift in zip(top, found.shifts, strict=True):
        c.reasons.append(("look-ahead", shift))
        c.value += shift
    return found.best


def choose(
    view: dict[str, Any], level: str = DEFAULT_LEVEL, seed: int = 0, time_limit: float | None = None
) -> dict[str, Any]:
    """The action the computer player submits for the view's seat."""
    return decide(view, level, seed, time_limit).action


def computer_move(view: dict[str, Any], level: str, seed: int) -> dict[str, Any]:
    """``choose`` as a computer seat plays it: with the time limit (the plug-in's ``bot_path``)."""
    return choose(view, level, seed, TIME_LIMIT)


def suggest(view: dict[str, Any], seed: int = 0, time_limit: float | None = None) -> dict[str, Any]:
    """The strong player's choice for the viewer, with its path and why (the Zugvorschlag)."""
    candidate = decide(view, "stark", seed, time_limit)
    path = candidate.action.get("path") or ([candidate.action["to"]] if "to" in candidate.action else [])
    removed = [list(f) for f in candidate.removed]
    return {
        "action": candidate.action,
        "card": candidate.card.to_json() if candidate.card else None,
        "start": list(candidate.start) if candidate.start else None,
        "end": list(candidate.end) if candidate.end else None,
        "path": path,
        "captured": [f for f in removed if f in path],
        "pincered": [f for f in removed if f not in path],
        "mine": candidate.mine,
        "theirs": sum(candidate.theirs.values()),
        "reasons": [(name, round(value, 2)) for name, value in candidate.reasons],
        "value": round(candidate.value, 2),
    }
