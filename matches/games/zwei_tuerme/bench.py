"""Bench cases for the Zwei Türme engine (`make bench` picks up each app's bench.py)."""

from __future__ import annotations

import os
import random
import sys

from .bot import computer_move
from .bot.arena import report
from .engine import ENGINE, analyse

ARAGORN = "........../........../....oooo../........../.o2......./.o......../........../.........."


def _midgame() -> dict:
    """A four-player game after twelve turns of the deterministic default move."""
    state = ENGINE.setup(4, {}, 2026)
    for _ in range(16):
        seat = ENGINE.current_seats(state)[0]
        state, _events = ENGINE.apply(state, seat, ENGINE.default_action(state, seat))
    return state


def random_game(seed: int) -> dict:
    """One whole game: each turn a random card, figure and one of its legal moves."""
    chooser = random.Random(seed)  # noqa: S311 - simulated players, no secret
    state = ENGINE.setup(2 + seed % 3, {}, seed)
    while state["phase"] != "over":
        seat = ENGINE.current_seats(state)[0]
        if state["phase"] == "place":
            action = chooser.choice(ENGINE.legal_actions(state, seat))
        else:
            card = chooser.choice(state["hands"][seat])
            figure, _start = chooser.choice(ENGINE.figure_fields(state, seat))
            outcomes = ENGINE.options_for(state, seat, card, figure)
            if not outcomes:
                action = ENGINE.default_action(state, seat)
            else:
                pick = chooser.choice(outcomes)
                action = {"type": pick["kind"], "card": card, "figure": figure}
                if pick["kind"] == "jump":
                    action["to"] = list(pick["end"])
                else:
                    action["path"] = [list(f) for f in pick["path"]]
        state, _events = ENGINE.apply(state, seat, action)
    return state


def cases():
    state = _midgame()
    seat = ENGINE.current_seats(state)[0]
    games = iter(range(10**6))
    yield "Zwei Türme: alle Züge einer Hand (legal_actions)", lambda: ENGINE.legal_actions(state, seat)
    yield "Zwei Türme: Analyse Aragorn 9 (Regelbeispiel)", lambda: analyse(ARAGORN, [5, 3], 9, "any")
    yield "Zwei Türme: ein Zug anwenden (apply)", lambda: ENGINE.apply(state, seat, ENGINE.default_action(state, seat))
    yield "Zwei Türme: eine ganze Zufallspartie", lambda: random_game(next(games))
    view = ENGINE.view(state, seat)
    for level in ("leicht", "mittel", "stark"):
        yield f"Zwei Türme: Computer {level}, ein Zug (Mittelspiel)", lambda level=level: computer_move(view, level, 7)
    # The computer players' games: many seeded two-player games per pairing (BENCH_BOT_GAMES, default 20),
    # each printing its own line, and the thinking time over every move they made.
    report(lambda line: sys.stdout.write(line + "\n"), games=int(os.environ.get("BENCH_BOT_GAMES", "20")))
