"""Free play (issue 29, for the tests and the bench): whole games on the engine in which every move is chosen from
``legal_actions``, as a careful player clicks the buttons the page offers — not a scripted scenario.

The player chooses a kind of move by weight (bring characters in, move, play cards, enter sites, face attacks,
call the council; end a phase when nothing else appeals), then one move of that kind at random; it never
proposes corrections and sends no tool moves. Deck choice and the draft are the only moves it builds itself (a
deck is not a button). Pure Python over the engine, no Django: the same code runs in the tests and in
``manage.py bench meccg``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from .scenario import HERO_DECK, MINION_DECK

# How much a careful player wants each kind of move (0: never).
WEIGHTS = {
    "call_council": 50.0,
    "enter_site": 20.0,
    "play_card": 6.0,
    "play_character": 3.0,
    "plan_movement": 4.0,
    "draw": 5.0,
    "assign_strike": 3.0,
    "assign_done": 1.0,
    "resolve_strike": 3.0,
    "resolve_all": 1.0,
    "attacker_strike": 1.0,
    "take_item": 3.0,
    "take_done": 1.0,
    "agent_attack": 1.0,
    "discard": 1.0,
    "on_guard": 0.5,
    "reveal_on_guard": 2.0,
    "influence": 0.2,
    "attack_company": 0.3,
    "play_agent": 0.3,
    "reveal_agent": 0.2,
    "agent_action": 0.1,
    "transfer_item": 0.1,
    "move_character": 0.05,
    "join_company": 0.2,
    "cancel_movement": 0.05,
    "next_phase": 1.0,
    "pass": 1.0,
}


@dataclass
class Game:
    """One free-play game: the state, every move as (turn, seat, type), the time each ``legal_actions`` took per
    phase, and the moves the engine refused (none expected: every move comes from its own list)."""

    state: dict
    moves: list[tuple[int, int, str]] = field(default_factory=list)
    legal_ms: dict[str, list[float]] = field(default_factory=dict)
    refused: list[tuple[dict, str]] = field(default_factory=list)

    @property
    def over(self) -> bool:
        return self.state["stage"] == "over"


def deck(entries) -> dict:
    if isinstance(entries, dict):
        return entries  # a whole deck (name, alignment, entries), e.g. a published one
    alignment = "minion" if entries is MINION_DECK else "hero"
    return {"name": f"Freies Spiel ({alignment})", "alignment": alignment, "entries": [list(e) for e in entries]}


def play(
    engine,
    seed: int,
    decks=(HERO_DECK, MINION_DECK),
    *,
    limit: int = 4000,
    choose: Callable | None = None,
) -> Game:
    """Play one game to its end (or ``limit`` moves) on ``engine``; ``seed`` seeds the match and the player."""
    rng = random.Random(seed)  # noqa: S311 - a seeded player for tests and the bench, no secret
    game = Game(engine.setup(2, {}, seed))
    for seat, entries in enumerate(decks):
        _submit(engine, game, seat, {"type": "choose_deck", "deck": deck(entries)})
    for _ in range(limit):
        if game.over:
            break
        seats = engine.current_seats(game.state)
        if not seats:
            break
        seat = seats[0]
        phase = _phase(game.state)
        started = time.perf_counter()
        legal = engine.legal_actions(game.state, seat)
        game.legal_ms.setdefault(phase, []).append((time.perf_counter() - started) * 1000)
        action = (choose or careful)(game.state, seat, legal, rng)
        _submit(engine, game, seat, action)
    return game


def _phase(state: dict) -> str:
    if state["stage"] != "play":
        return state["stage"]
    return state["turn"]["phase"]


def _submit(engine, game: Game, seat: int, action: dict) -> None:
    from matches.engine.base import IllegalAction

    sent = {k: v for k, v in action.items() if k not in ("label", "cards")}
    turn = game.state["turn"]
    try:
        game.state, _events = engine.apply(game.state, seat, sent)
    except IllegalAction as exc:
        game.refused.append((sent, exc.code))
        raise
    game.moves.append((turn["number"] if turn else 0, seat, sent["type"]))


def careful(state: dict, seat: int, legal: list[dict], rng: random.Random) -> dict:
    """A careful player's choice among the moves ``legal_actions`` offers."""
    stage = state["stage"]
    if stage == "draft":
        picks = [a for a in legal if a["type"] == "draft_pick"]
        drafted = len(state["players"][seat]["drafted"])
        if picks and (drafted < 3 or rng.random() < 0.3):
            return rng.choice(picks)
        return {"type": "draft_stop", "empty": True} if not drafted else {"type": "draft_stop"}
    if stage == "start":
        sites = [a for a in legal if a["type"] == "starting_site"]
        if sites and state["players"][seat]["start_site"] is None:
            return rng.choice(sites)
        return {"type": "start_done"}
    if stage == "council":
        return {"type": "council_checks"}
    concrete = [a for a in legal if "label" in a and WEIGHTS.get(a["type"], 0) > 0]
    if not concrete:
        concrete = [a for a in legal if WEIGHTS.get(a["type"], 0) > 0]
    kinds = sorted({a["type"] for a in concrete})
    kind = rng.choices(kinds, weights=[_weight(state, seat, k) for k in kinds])[0]
    return rng.choice([a for a in concrete if a["type"] == kind])


def _weight(state: dict, seat: int, kind: str) -> float:
    """A company that has planned its move does not plan again; at most a few characters a game."""
    if kind == "plan_movement" and all(c["dest"] for c in state["companies"] if c["owner"] == seat):
        return 0.1
    return WEIGHTS[kind]


def turns(game: Game) -> dict[int, list[tuple[int, str]]]:
    """The moves of each game turn (setup is turn 0)."""
    found: dict[int, list[tuple[int, str]]] = {}
    for number, seat, kind in game.moves:
        found.setdefault(number, []).append((seat, kind))
    return found
