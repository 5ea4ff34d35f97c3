"""Seeded games between players (levels, the rulebook rivals, a random legal mover): the arena.

``manage.py arena`` (``matches/management/commands/arena.py``) prints a pairing with ``summary``.
"""

from __future__ import annotations

import random
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from matches.engine.rng import derive

from ..engine import ENGINE
from .player import LEVELS, computer_move
from .rivals import RIVALS

RANDOM = "zufall"
PLAYERS = (*LEVELS, *RIVALS, RANDOM)


def mover(who: str):
    """The decision function of a player name: ``(view, seed) -> action`` (levels through
    ``computer_move``, as a computer seat plays them, i.e. with the time limit)."""
    if who in RIVALS:
        return RIVALS[who]
    if who in LEVELS:
        return lambda view, seed: computer_move(view, who, seed)
    raise ValueError(f"unknown player {who!r}; known: {', '.join(PLAYERS)}")


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
    movers = {who: mover(who) for who in set(players) if who != RANDOM}
    for number in range(max_moves):
        if state["phase"] == "over":
            break
        seat = ENGINE.current_seats(state)[0]
        who = players[seat]
        if who == RANDOM:
            action = chooser.choice(ENGINE.legal_actions(state, seat))
        else:
            began = time.perf_counter()
            action = movers[who](ENGINE.view(state, seat), bot_seed(seed, number, seat))
            game.thinking.setdefault(who, []).append(time.perf_counter() - began)
        state, _ = ENGINE.apply(state, seat, action)
    result = state["result"] or {"scores": ENGINE.scores(state), "reason": "unfinished", "winners": []}
    game.scores, game.reason, game.winners = result["scores"], result["reason"], result["winners"]
    game.turns = state["turns"]
    return game


@dataclass
class Pairing:
    """``player`` against ``opponent`` over seeded two-player games, each seat order half the time."""

    player: str
    opponent: str
    games: list[Game] = field(default_factory=list)
    seats: list[int] = field(default_factory=list)

    @property
    def outscored(self) -> int:
        return sum(g.outscored(s) for g, s in zip(self.games, self.seats, strict=True))

    @property
    def won(self) -> int:
        return sum(g.won(s) for g, s in zip(self.games, self.seats, strict=True))

    @property
    def chains(self) -> int:
        return sum(g.reason == "chain" for g in self.games)

    def points(self) -> tuple[float, float]:
        n = len(self.games) or 1
        mine = sum(g.scores[s] for g, s in zip(self.games, self.seats, strict=True)) / n
        theirs = sum(g.scores[1 - s] for g, s in zip(self.games, self.seats, strict=True)) / n
        return mine, theirs

    def thinking(self, who: str | None = None) -> list[float]:
        who = who or self.player
        return [t for g in self.games for t in g.thinking.get(who, [])]

    def differences(self) -> list[float]:
        """The player's points minus the opponent's, one per game."""
        return [g.scores[s] - g.scores[1 - s] for g, s in zip(self.games, self.seats, strict=True)]


def pairing(player: str, opponent: str, games: int, first_seed: int = 1000, progress=None, jobs: int = 1) -> Pairing:
    """``games`` two-player games on the deals ``first_seed`` … (each deal twice, the seats swapped);
    ``jobs`` > 1 plays them in that many processes (the same games, only the wall clock differs)."""
    result = Pairing(player, opponent)
    tables = []
    for i in range(games):
        seat = i % 2  # each deal twice, the seats swapped: less luck in the comparison
        tables.append(((player, opponent) if seat == 0 else (opponent, player), first_seed + i // 2))
    pool = ProcessPoolExecutor(jobs) if jobs > 1 else None
    played = pool.map(play, *zip(*tables, strict=True)) if pool else (play(*table) for table in tables)
    for i, game in enumerate(played):
        result.games.append(game)
        result.seats.append(i % 2)
        if progress:
            progress(result)
    if pool:
        pool.shutdown()
    return result


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))] if ordered else 0.0


PAIRINGS = (
    ("leicht", RANDOM),
    ("mittel", RANDOM),
    ("stark", RANDOM),
    ("mittel", "leicht"),
    ("stark", "mittel"),
)


def report(write, games: int = 20, first_seed: int = 1000) -> dict[str, list[float]]:
    """Plays the pairings and writes one line each (German, as ``make bench`` prints); returns the
    thinking times per level."""
    thinking: dict[str, list[float]] = {}
    for player, opponent in PAIRINGS:
        began = time.perf_counter()
        result = pairing(player, opponent, games, first_seed)
        mine, theirs = result.points()
        n = len(result.games)
        write(
            f"zwei_tuerme Computer {player} gegen {opponent}: {n} Partien zu zweit, mehr Punkte in "
            f"{result.outscored} ({100 * result.outscored / n:.0f} %), gewonnen (Ent, allein vorn) {result.won}, "
            f"an die Orkkette verloren {result.chains}; Punkte Ø {mine:.1f} : {theirs:.1f} "
            f"({time.perf_counter() - began:.0f} s)"
        )
        thinking.setdefault(player, []).extend(result.thinking())
    for level, times in thinking.items():
        ms = [t * 1000 for t in times]
        write(
            f"zwei_tuerme Bedenkzeit {level:6}: median {percentile(ms, 0.5):7.1f} ms   p95 "
            f"{percentile(ms, 0.95):7.1f} ms   max {max(ms):7.1f} ms   ({len(ms)} Züge)"
        )
    return thinking
