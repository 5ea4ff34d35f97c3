"""Seeded games between players (levels or a random legal mover), for the bench and the tests."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from matches.engine.rng import derive

from ..engine import ENGINE
from .player import choose

RANDOM = "zufall"


def bot_seed(match_seed: int, move_number: int, seat: int) -> int:
    """The bot's own seed for one decision, as the framework derives it (``matches.bots``)."""
    return derive(match_seed, "computer", move_number, seat)


@dataclass
class Game:
    seed: int
    players: tuple[str, ...]
    scores: list[int] = field(default_factory=list)
    reason: str = ""
    winners: list[int] = field(default_factory=list)
    turns: int = 0
    thinking: dict[str, list[float]] = field(default_factory=dict)

    def outscored(self, seat: int) -> bool:
        """More hero points than every other seat (also when the orcs closed their chain)."""
        return all(self.scores[seat] > s for i, s in enumerate(self.scores) if i != seat)

    def won(self, seat: int) -> bool:
        """The game's own win: the Ent reached Orthanc and the seat is (alone) the winner."""
        return self.reason == "ent" and self.winners == [seat]


def play(players: tuple[str, ...], seed: int, max_moves: int = 2000) -> Game:
    """One game: ``players`` per seat, each a level of the computer player or ``RANDOM``."""
    state = ENGINE.setup(len(players), {}, seed)
    chooser = random.Random(seed)  # noqa: S311 - the random mover's choices, no secret
    game = Game(seed, players)
    for number in range(max_moves):
        if state["phase"] == "over":
            break
        seat = ENGINE.current_seats(state)[0]
        who = players[seat]
        if who == RANDOM:
            action = chooser.choice(ENGINE.legal_actions(state, seat))
        else:
            began = time.perf_counter()
            action = choose(ENGINE.view(state, seat), who, bot_seed(seed, number, seat))
            game.thinking.setdefault(who, []).append(time.perf_counter() - began)
        state, _ = ENGINE.apply(state, seat, action)
    result = state["result"] or {"scores": ENGINE.scores(state), "reason": "unfinished", "winners": []}
    game.scores, game.reason, game.winners = result["scores"], result["reason"], result["winners"]
    game.turns = state["turns"]
    return game
