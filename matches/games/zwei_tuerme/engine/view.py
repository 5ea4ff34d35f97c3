"""The Zwei Türme view per seat (the keys are listed in the package docstring)."""

from __future__ import annotations

from typing import Any

from matches.engine.base import State

from .events import COLOR_NAMES
from .notation import parse

COLORS = ("green", "red", "blue", "yellow")


def seat_view(engine, state: State, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may see (None: a spectator): never other hands, pile order, tiles under orcs, the generator.

    The rulebook turns the beaten orcs face down before their player: until the game is over a seat's
    tile values and score are in its own view only; the others see how many tiles it holds."""
    data = engine.data
    grid = parse(state["position"])
    over = state["phase"] == "over"
    seats = _seats(engine, state, seat, over)
    hand = None
    if seat is not None and 0 <= seat < state["players"]:
        hand = [data.heroes[c].to_json() for c in state["hands"][seat]]
    last_orc = state["last_orc"]
    if last_orc:
        last_orc = {**last_orc, "placements": [dict(p) for p in data.orc_cards[last_orc["card"]]]}
    next_event = state["event_pile"][0] if state["event_pile"] else None
    return {
        "game": engine.slug,
        "players": state["players"],
        "variant": state["variant"],
        "phase": state["phase"],
        "turn": None if state["phase"] == "over" else state["turn"],
        "viewer": seat,
        "position": grid.dump(),
        "board": _board(data, grid),
        "ent": state["ent"],
        "figures": [
            {"seat": s, "figure": i, "field": f}
            for s in range(state["players"])
            for i, f in enumerate(state["figures"][s])
            if f is not None
        ],
        "seats": seats,
        "hand": hand,
        "placement_fields": [list(f) for f in engine.start_fields(state)] if state["phase"] == "place" else [],
        "last_orc_card": last_orc,
        "last_event": None
        if not state["last_event"]
        else {"id": state["last_event"], "title": data.events[state["last_event"]]["title"]},
        "last_move": state["last_move"],
        "hero_discard": [data.heroes[c].to_json() for c in state["hero_discard"][-1:]],
        # the open discard pile, the latest card last
        "hero_discard_pile": [data.heroes[c].to_json() for c in state["hero_discard"]],
        # the open orc discard pile ("offener Ablagestapel"): the cards gone by since the last reshuffle
        "orc_discard": list(state["orc_discard"]),
        # the event cards already read aloud, in order
        "events_done": list(state["events_done"]),
        # the Ent track's event cards lie in piles 1, 2, 3 (1 on top): which pile the next card comes from
        "next_event_pile": data.events[next_event]["pile"] if next_event else None,
        "pile_sizes": {
            "heroes": len(state["hero_pile"]),
            "orcs": len(state["orc_pile"]),
            "events": len(state["event_pile"]),
            "supply": len(state["supply"]),
        },
        "turns": state["turns"],
        "result": state["result"] if over else None,
    }


def _seats(engine, state: State, seat: int | None, over: bool) -> list[dict[str, Any]]:
    """Each seat as ``seat`` sees it: its own tiles and score (everyone's once the game is over), the others'
    tile count only."""
    data = engine.data
    scores = engine.scores(state)
    seats = []
    for s in range(state["players"]):
        tiles = [data.tiles[t] for t in state["captured"][s]]
        open_ = over or s == seat
        seats.append(
            {
                "seat": s,
                "number": s + 1,
                "color": COLORS[s],
                "color_name": COLOR_NAMES[s],
                "figures": list(state["figures"][s]),
                "hand_size": len(state["hands"][s]),
                "tiles": len(tiles),
                "hidden": not open_,
                "score": scores[s] if open_ else None,
                "captured": [{"value": t.value, "ent": t.ent} for t in tiles] if open_ else None,
            }
        )
    return seats


def _board(data, grid) -> dict[str, Any]:
    """The plan: its size, the towers, the areas, the start area, the Ent track."""
    return {
        "rows": grid.rows,
        "columns": grid.columns,
        "towers": [{"key": t.key, "name": t.name, "field": list(t.field)} for t in data.towers],
        "areas": [
            {"key": a.key, "name": a.name, "fields": [list(f) for f in sorted(a.fields)]} for a in data.areas.values()
        ],
        "start_area": data.start_area,
        "ent_track": {"length": data.ent_track_length, "last": data.ent_last},
    }
